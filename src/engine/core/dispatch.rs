//! The one dispatcher of a hand's actions: takes the `Game`'s stage and an action, gives the
//! stage's handler for it (`Step`; the bidding's handlers find their round in the stage),
//! decided in one place (`Game::step`). `check_action` and `apply_legal` both follow that step,
//! so the routing of the phases is written once and a check and its apply can never route the
//! same action to different handlers (general-model.md §1, duplicate D4). Beside it, the legal
//! actions of each stage (`legal_actions_into`), and the unchecked shortcuts the random bots take
//! where they know the phase (`apply_talk`, `apply_in_exchange`).

use crate::engine::core::game::{Action, Game, IllegalAction, Phase};
use crate::engine::core::stage::Stage;
use crate::engine::melds::MeldCall;

/// Which handler of the current phase takes an action, or why none does.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// A card to the trick (`Phase::Play`).
    Card(u8),
    /// A claim or concession, or the answer to one (`claims.rs`).
    Claim,
    /// A call of the auction (`bidding.rs`), given only in `Stage::Bidding`: its handlers take
    /// that stage's round.
    Bid,
    Choose,
    Call,
    Switch,
    PartnerCall,
    Exchange,
    Draw,
    NameTrumps,
    /// A meld call before one's card to trick 1 (`melds/`).
    Meld(MeldCall),
    /// The partner's raise before his card to trick 1 (`raise.rs`).
    Raise(u8),
    /// A pass, an announcement or a kontra in an announcement turn (`announce/`).
    Say,
    /// No handler of this phase takes the action: the rule it breaks.
    Refused(&'static str),
}

impl Game {
    /// The handler of the current phase for `action`: the one routing of the phases.
    #[inline]
    fn step(&self, action: Action) -> Step {
        match (self.stage, action) {
            (Stage::Over, _) => Step::Refused("the hand is over"),
            (Stage::Play(_), Action::Play(card)) => Step::Card(card),
            // a claim is checked in every phase, so that one outside the play names its rule
            (_, Action::ClaimRest | Action::ConcedeRest | Action::AcceptClaim | Action::DisputeClaim) => Step::Claim,
            (Stage::Claim { .. }, _) => {
                Step::Refused("claims: a claim or concession waits for the opponents to accept or dispute it")
            }
            (Stage::Bidding(_), _) => Step::Bid,
            (Stage::Choose(_), _) => Step::Choose,
            (Stage::Call(_), _) => Step::Call,
            (Stage::Switch(_), _) => Step::Switch,
            (Stage::PartnerCall { .. }, _) => Step::PartnerCall,
            (Stage::Exchange(_), _) => Step::Exchange,
            (Stage::Draw { .. }, _) => Step::Draw,
            (Stage::NameTrumps { .. }, _) => Step::NameTrumps,
            (Stage::Back(_) | Stage::Play(_), Action::Meld(call)) => Step::Meld(call),
            (Stage::Play(_), Action::RaiseTo(to)) => Step::Raise(to),
            (
                Stage::Front(_) | Stage::Back(_) | Stage::Play(_),
                Action::Pass | Action::Announce(_) | Action::Kontra(_),
            ) => Step::Say,
            _ => Step::Refused("not an action of this phase"),
        }
    }

    /// Applies an action, or says which rule it breaks.
    pub fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if let Err(rule) = self.check_action(action) {
            return Err(IllegalAction {
                index: self.actions as usize,
                seat: self.to_act_seat(),
                action,
                rule,
            });
        }
        self.apply_legal(action);
        Ok(())
    }

    /// Whether an action is legal now, or the rule it breaks.
    fn check_action(&self, action: Action) -> Result<(), &'static str> {
        match self.step(action) {
            Step::Refused(rule) => Err(rule),
            Step::Card(card) => {
                let t = self.rules.tables.play.get(self.table).ok_or("no contract to play")?;
                self.play.check(t, card).map_err(|e| e.rule())
            }
            Step::Claim => self.check_claim(action),
            Step::Bid => match &self.stage {
                Stage::Bidding(bid) => self.check_bid(bid, action),
                // `step` gives `Bid` only in `Stage::Bidding`: the refusal of a wrong phase
                _ => Err("not an action of this phase"),
            },
            Step::Choose => self.check_choose(action),
            Step::Call => self.check_call(action),
            Step::Switch => self.check_switch(action),
            Step::PartnerCall => self.check_partner_call(action),
            Step::Exchange => self.check_exchange(action),
            Step::Draw => self.check_draw(action),
            Step::NameTrumps => self.check_name_trumps(action),
            Step::Meld(call) => self.check_meld(call),
            Step::Raise(to) => self.check_raise(to),
            Step::Say => {
                if self.phase() == Phase::Play && (!self.trick_one_talk() || action == Action::Pass) {
                    return Err("only a card may be played now");
                }
                self.check_say(self.phase() == Phase::Front, action)
            }
        }
    }

    /// Applies an action known to be legal (checked by `check_action`, or drawn from the legal
    /// actions or masks of this state): records it and moves the hand on. An action no handler
    /// of the phase takes (which `check_action` refuses) changes nothing.
    pub(crate) fn apply_legal(&mut self, action: Action) {
        let step = self.step(action);
        if let Step::Refused(_) = step {
            return;
        }
        self.record(self.turn(), action);
        match step {
            Step::Refused(_) => {}
            Step::Card(card) => self.play_card(card),
            Step::Claim => self.apply_claim(action),
            Step::Bid => self.apply_bid(action),
            Step::Choose => self.apply_choose(action),
            Step::Call => self.apply_call(action),
            Step::Switch => self.apply_switch(action),
            Step::PartnerCall => self.apply_partner_call(action),
            Step::Exchange => self.apply_exchange(action),
            Step::Draw => self.apply_draw(action),
            Step::NameTrumps => self.apply_name_trumps(action),
            Step::Meld(call) => self.apply_meld(call),
            Step::Raise(to) => self.apply_raise(to),
            Step::Say => self.apply_say(self.phase() == Phase::Front, action),
        }
    }

    /// The legal actions now (empty once the hand is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.stage {
            Stage::Bidding(bid) => self.bid_actions(&bid, out),
            Stage::Choose(_) => self.choose_actions(out),
            Stage::Front(_) => self.talk_actions(true, out),
            Stage::Back(_) => {
                self.meld_actions(out);
                self.talk_actions(false, out);
            }
            Stage::Exchange(_) => self.exchange_actions(out),
            Stage::Draw { .. } => self.draw_actions(out),
            Stage::NameTrumps { .. } => self.name_trumps_actions(out),
            Stage::Call(_) => self.call_actions(out),
            Stage::Switch(_) => self.switch_actions(out),
            Stage::Claim { .. } => self.answer_actions(out),
            Stage::PartnerCall { .. } => self.partner_call_actions(out),
            Stage::Play(_) => {
                self.claim_actions(out);
                self.raise_actions(out);
                self.meld_actions(out);
                if self.trick_one_talk() {
                    self.say_actions(false, out);
                }
                if let Some(t) = self.table() {
                    let mut m = self.play.legal(t);
                    while m != 0 {
                        out.push(Action::Play(m.trailing_zeros() as u8));
                        m &= m - 1;
                    }
                }
            }
            Stage::Over => {}
        }
    }

    /// Applies a legal action of an announcement turn (the front or back round, or trick 1 with
    /// its announcements): `apply_legal` for a caller that knows the phase is one of these, so
    /// the speaker and the handler are found without going through every phase.
    #[inline]
    pub(crate) fn apply_talk(&mut self, action: Action) {
        self.record(self.speaker(), action);
        match action {
            Action::Play(card) => self.play_card(card),
            Action::Meld(call) => self.apply_meld(call),
            Action::Pass => self.pass_turn(),
            _ => self.apply_say(self.phase() == Phase::Front, action),
        }
    }

    /// Applies a legal action of the talon exchange: `apply_legal` for a caller that knows the phase.
    #[inline]
    pub(crate) fn apply_in_exchange(&mut self, action: Action) {
        self.record(self.turn(), action);
        self.apply_exchange(action);
    }
}
