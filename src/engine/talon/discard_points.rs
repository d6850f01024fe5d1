//! The talon draw's discards counted for a side (`discard-points declarer|opponents`: Anrufen
//! for three, Skat's skat): takes the finished hand's discards and the play table's card points,
//! gives the points and the position they are written to, for `Finished` to add.

use crate::engine::core::deal::bit;
use crate::engine::core::game::Game;
use crate::engine::score::finished::Finished;
use crate::model::{Contract, DiscardPoints};

impl Finished<'_> {
    /// Adds the discards' card points to the declarer, or to the first of his opponents in turn
    /// from him (the defence pools its points, so any member will do for its total).
    #[inline(never)] // only a talon draw whose discards count: kept out of the scoring code
    pub(in crate::engine) fn add_discard_points(&mut self, g: &Game, contract: &Contract) {
        let (Some(to), Some(d), Some(t)) = (contract.discard_points, self.declarer, g.table()) else {
            return;
        };
        let discards = g.draw.discarded();
        let points: i64 = (0..64u8)
            .filter(|c| discards & bit(*c) != 0)
            .map(|c| i64::from(t.points.get(c as usize).copied().unwrap_or(0)))
            .sum();
        let target = match to {
            DiscardPoints::Declarer => Some(d as usize),
            DiscardPoints::Opponents => (1..self.n as usize)
                .map(|k| (d as usize + k) % self.n.max(1) as usize)
                .find(|p| self.sides.defence & (1u16 << p) != 0),
        };
        if let Some(slot) = target.and_then(|p| self.points.get_mut(p)) {
            *slot += points;
        }
    }
}
