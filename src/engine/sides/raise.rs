//! The partner's raise in trick 1 (`raise-by partner in-first-trick to C...`, Anrufen's "the
//! partner adds 100, all tricks or both"): takes the contract's raise targets, the called
//! partner and the trick-1 turn, gives the raise actions (offered at the partner's turn in trick
//! 1, before his card, once a hand), their check, and the raised contract. A raise shows the
//! partner to every seat (`partner_known_to`); the play goes on by the raised contract's table
//! and the hand is scored as that contract.

use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::Stage;

impl Game {
    /// The contracts the player to act may raise to now, as contract ids (empty when no raise
    /// is open: not trick 1, not the partner's turn, raised already, or no raise in the contract).
    #[inline]
    fn raise_targets(&self) -> &[usize] {
        // the partner's holder first: without a called partner (Alsós) the test ends there
        let open = self.partner.holder == Some(self.play.to_play)
            && self.declarer != self.partner.holder
            && !self.raised
            && self.play.tricks_played == 0
            && matches!(self.stage, Stage::Play(_));
        match (open, self.contract) {
            (true, Some(c)) => self
                .rules
                .variant
                .contracts
                .get(c)
                .map(|c| c.raise_to.as_slice())
                .unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Whether the player to act may raise the contract now (so not only a card may be played).
    #[inline]
    pub(crate) fn contract_raise_open(&self) -> bool {
        !self.raise_targets().is_empty()
    }

    pub(in crate::engine) fn raise_actions(&self, out: &mut Vec<Action>) {
        out.extend(
            self.raise_targets()
                .iter()
                .filter_map(|&c| u8::try_from(c).ok())
                .map(Action::RaiseTo),
        );
    }

    /// The raise open now, drawn with `pick` (given the number of targets, an index below it):
    /// for the random bots, which raise without listing the actions.
    pub(crate) fn raise_option(&self, pick: impl FnOnce(u32) -> u32) -> Option<Action> {
        let t = self.raise_targets();
        let n = u32::try_from(t.len()).ok().filter(|n| *n > 0)?;
        let i = pick(n) as usize;
        t.get(i).and_then(|&c| u8::try_from(c).ok()).map(Action::RaiseTo)
    }

    pub(in crate::engine) fn check_raise(&self, to: u8) -> Result<(), &'static str> {
        let t = self.raise_targets();
        if t.is_empty() {
            return Err("raise-by partner in-first-trick: only the called partner raises, at his turn in trick 1 before his card, once");
        }
        if !t.contains(&usize::from(to)) {
            return Err("raise-by partner in-first-trick: the contract may not be raised to this one");
        }
        Ok(())
    }

    /// Raises the contract (known to be legal): the play goes on by the raised contract's trick
    /// table, with the trumps already named; the partner is shown.
    #[inline(never)] // off the common path: keeps the hot code small
    pub(in crate::engine) fn apply_raise(&mut self, to: u8) {
        let c = usize::from(to);
        self.raised = true;
        self.set_contract(c);
        if let Some(t) = self.rules.tables.table_index(c, self.trump) {
            self.table = t;
        }
        // as `start_play`: the called card's rank may choose the order (`order-if-called`)
        let by_called = self
            .rules
            .variant
            .contracts
            .get(c)
            .and_then(|k| k.order_if_called)
            .map(|(r, _)| r);
        if let Some(alt) = self.rules.tables.table_if_called(c, self.partner.card, by_called) {
            self.table = alt;
        }
    }
}
