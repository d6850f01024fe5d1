//! Open hands of the defence: takes the contract's `open-hands defence after-trick N` and the
//! play so far, gives the cards every seat's observation shows on the table once trick N is
//! played: each of the declarer's opponents' remaining cards, by table seat. What they say to
//! each other needs no mechanism: with their hands open nothing of theirs is hidden.

use super::game::{Game, Phase};
use super::tables::MAX_SEATS;

impl Game {
    /// The defence's cards laid open, by table seat (all zero before trick N, or without
    /// `open-hands`).
    pub(super) fn defence_open_hands(&self) -> [u64; MAX_SEATS] {
        let mut open = [0u64; MAX_SEATS];
        let after = self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .and_then(|c| c.defence_open_after);
        let (Some(after), Some(_)) = (after, self.declarer) else {
            return open;
        };
        let in_play = matches!(self.phase(), Phase::Play | Phase::Call | Phase::Claim);
        if !in_play || self.play.tricks_played < after {
            return open;
        }
        let side = self.declarer_side();
        for p in 0..self.n.min(MAX_SEATS as u8) {
            if side & (1 << p) == 0 {
                if let Some(slot) = open.get_mut(self.seat_at(p) as usize) {
                    *slot = self.play.hands.get(p as usize).copied().unwrap_or(0);
                }
            }
        }
        open
    }
}
