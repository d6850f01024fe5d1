//! The contract switch (`bidding.switch`) as part of `Game`: takes the switch's target contract
//! and limit, gives the switch turns after the pickup (the declarer, then each position after him,
//! may `Switch` or `Pass`) with their checks, and the switched contract.
//!
//! It is offered only when the contract came from an ascending bidding round and differs from the
//! target, and while the declared value (the game with its kontras and game multipliers, plus the
//! declarer's figures with their kontras) is at most the limit. The switcher becomes declarer of
//! the target contract with no trumps; the abandoned contract's announcements and kontras are
//! dropped and nothing more is announced or doubled (A28: "no further announcements").

use crate::engine::core::game::{next_pos, Action, Game, Levels};
use crate::engine::core::stage::Stage;
use crate::model::RoundShape;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct SwitchTurn {
    pub turn: u8,
    pub spoken: u8,
}

impl Game {
    /// The value the switch limit is compared with: the game with its kontras and game
    /// multipliers, plus every figure the declarer announced with its kontras.
    pub fn declared_value(&self) -> i64 {
        let v = &self.rules.variant;
        let game = self
            .contract
            .and_then(|c| v.contracts.get(c))
            .map(|c| c.value.saturating_mul(self.kontra_game_factor()))
            .unwrap_or(0);
        self.anns
            .iter()
            .filter(|a| Some(a.by) == self.declarer)
            .fold(game, |sum, a| match v.figures.get(a.figure) {
                Some(f) if !f.multiplies_game => sum.saturating_add(
                    if a.front { f.front } else { f.back }
                        .unwrap_or(0)
                        .saturating_mul(a.levels.multiplier),
                ),
                _ => sum,
            })
    }

    /// After the pickup: opens the switch turns if the rules offer a switch; true if they did.
    pub(in crate::engine) fn start_switch(&mut self) -> bool {
        let v = &self.rules.variant;
        let Some(sw) = v.bidding.switch else { return false };
        let (Some(d), Some(c)) = (self.declarer, self.contract) else {
            return false;
        };
        if c == sw.to || self.ext.switched {
            return false;
        }
        let ascending = v
            .bidding
            .rounds
            .iter()
            .any(|r| Some(r.number) == self.won_round && matches!(r.shape, RoundShape::Ascending { .. }));
        if !ascending || self.declared_value() > sw.at_most {
            return false;
        }
        self.stage = Stage::Switch(SwitchTurn { turn: d, spoken: 0 });
        true
    }

    pub(in crate::engine) fn switch_actions(&self, out: &mut Vec<Action>) {
        if let Stage::Switch(_) = self.stage {
            out.extend([Action::Switch, Action::Pass]);
        }
    }

    pub(in crate::engine) fn check_switch(&self, action: Action) -> Result<(), &'static str> {
        match action {
            Action::Switch | Action::Pass if matches!(self.stage, Stage::Switch(_)) => Ok(()),
            _ => Err("switch the contract or pass"),
        }
    }

    #[inline(never)] // off the common path: keeps the hot code small
    pub(in crate::engine) fn apply_switch(&mut self, action: Action) {
        let Stage::Switch(mut s) = self.stage else { return };
        let Some(sw) = self.rules.variant.bidding.switch else {
            return;
        };
        if action == Action::Switch {
            self.ext.switched = true;
            self.set_contract(sw.to);
            self.declarer = Some(s.turn);
            self.trump = self.fixed_trump(sw.to);
            self.anns.clear();
            self.ann_round.clear();
            self.game_levels = Levels::default();
            self.advance();
            return;
        }
        s.spoken += 1;
        s.turn = next_pos(s.turn, self.n);
        if s.spoken >= self.n {
            self.advance();
        } else {
            self.stage = Stage::Switch(s);
        }
    }
}
