//! The builder's part for undertakings: takes a `round N each-bids|highest-bids CONTRACT MIN MAX`
//! row and a contract's `each-scores` line as read by `build.rs`, gives the numeric round shape
//! and the per-player scoring (`model::undertakings`). Whether the range fits the hand and the
//! goal reads a bid is checked on the whole variant (`no_effect/undertakings.rs`).

use super::words::{self, Flag};
use super::{at, Builder, Names};
use crate::model::{EachScores, RoundShape};
use crate::resolve::Entry;

/// The most tricks a bid may name: a hand holds at most 64 cards.
const MAX_BID: i64 = 64;

impl Builder<'_> {
    /// `each-bids CONTRACT MIN MAX [last-not-total]` or `highest-bids CONTRACT MIN MAX` (words
    /// from 2 on; MAX may be `hand`, the hand size: `max` is then `None`).
    pub(super) fn numeric_round(&mut self, e: &Entry, names: &Names) -> RoundShape {
        let contract = self.lookup(e, 3, "contract", &names.contracts).unwrap_or(0);
        let min = self.int(e, 4, 0, MAX_BID, "the lowest bid").unwrap_or(0) as u8;
        let max = if at(e, 5, Flag::Hand) {
            None
        } else {
            Some(self.int(e, 5, 0, MAX_BID, "the highest bid").unwrap_or(0) as u8)
        };
        if self.word(e, 2) == Some(words::RoundShape::EachBids) {
            RoundShape::EachBids {
                contract,
                min,
                max,
                last_not_total: at(e, 6, Flag::LastNotTotal),
            }
        } else {
            RoundShape::HighestBids { contract, min, max }
        }
    }

    /// `each-scores MADE per-bid PER_BID per-trick-off PER_OFF`.
    pub(super) fn each_scores(&mut self, e: &Entry) -> EachScores {
        let mut value = |i: usize| self.int(e, i, -1_000_000, 1_000_000, "a score").unwrap_or(0);
        EachScores {
            made: value(1),
            per_bid: value(3),
            per_trick_off: value(5),
        }
    }
}
