//! Open hands: takes the contract's `open-hands defence after-trick N` (or `declarer`) and the
//! play so far, gives the cards every seat's observation shows on the table once trick N is
//! played: the remaining cards of each of the declarer's opponents (or of the declarer's side as
//! far as the hand has made it known), by table seat. What the defence says to each other needs
//! no mechanism: with their hands open nothing of theirs is hidden.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{Game, Phase};

impl Game {
    /// The cards laid open, by table seat (all zero before trick N, or without `open-hands`).
    pub(in crate::engine) fn defence_open_hands(&self) -> [u64; MAX_SEATS] {
        let mut open = [0u64; MAX_SEATS];
        let Some(c) = self.contract.and_then(|c| self.rules.variant.contracts.get(c)) else {
            return open;
        };
        if self.declarer.is_none() || !matches!(self.phase(), Phase::Play | Phase::Call | Phase::Claim) {
            return open;
        }
        let played = self.play.tricks_played;
        let defence = c.defence_open_after.is_some_and(|t| played >= t);
        let declarer = c.declarer_open_after.is_some_and(|t| played >= t);
        if !defence && !declarer {
            return open;
        }
        let side = self.declarer_side();
        for p in 0..self.n.min(MAX_SEATS as u8) {
            let of_declarer = side & (1 << p) != 0;
            if (of_declarer && declarer) || (!of_declarer && defence) {
                if let Some(slot) = open.get_mut(self.seat_at(p) as usize) {
                    *slot = self.play.hands.get(p as usize).copied().unwrap_or(0);
                }
            }
        }
        open
    }
}
