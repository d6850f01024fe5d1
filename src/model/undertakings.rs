//! Undertakings in the model: takes nothing, gives the types of a player's own bid of a number
//! of tricks (the numeric bidding rounds `each-bids` and `highest-bids` of `RoundShape`) and of
//! scoring every player for himself by his undertaking (`each-scores`).

use serde::Serialize;

/// `each-scores MADE per-bid PER_BID per-trick-off PER_OFF`: every player is judged by the
/// contract's goal over his own tricks; met, he scores `made + per_bid * undertaking`; missed,
/// `per_trick_off * |tricks - undertaking|`. Each score is the player's own: the hand is not
/// zero-sum (Oh Hell, Wizard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EachScores {
    pub made: i64,
    pub per_bid: i64,
    pub per_trick_off: i64,
}

impl EachScores {
    /// A player's score with `bid` undertaken, `tricks` taken and the goal `met` or not.
    pub fn score(&self, met: bool, bid: u8, tricks: u8) -> i64 {
        if met {
            self.made + self.per_bid * bid as i64
        } else {
            self.per_trick_off * (tricks as i64 - bid as i64).abs()
        }
    }
}
