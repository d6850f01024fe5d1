//! Doubling levels that add instead of multiplying (`doubling NAME { adds N }`, Anrufen's Contra:
//! one more token to the winners): takes the variant's first doubling ladder and the levels said
//! on an item, gives what they add to the item's value after its multiplier.

use crate::engine::core::game::{Game, Item};

impl Game {
    /// What the levels said on `item` add to its value: `adds` per level (0 without `adds`).
    pub(in crate::engine) fn levels_added(&self, item: Item) -> i64 {
        let Some(adds) = self.rules.variant.doublings.first().map(|d| d.adds).filter(|a| *a != 0) else {
            return 0;
        };
        let said = match item {
            Item::Game => self.game_levels.said,
            Item::Figure(i) => self.anns.get(i as usize).map(|a| a.levels.said).unwrap_or(0),
        };
        adds.saturating_mul(i64::from(said))
    }
}
