//! Holding requirements of a bid: takes a contract's `requires same-suit RANK ...` and the hand
//! of the player to bid, gives whether he may bid it (he holds the cards of those ranks in one
//! suit: a marriage as a condition of the bid). Read by `bidding.rs` when it lists and checks
//! the bids, so a bid the hand does not allow is never offered and is refused in a record.

use crate::engine::core::deal::bit;
use crate::engine::core::game::Game;
use crate::model::ContractId;

impl Game {
    /// Whether `bidder` (the position to bid) holds what contract `contract` requires of its
    /// bidder.
    pub(in crate::engine) fn holds_for_bid(&self, bidder: u8, contract: ContractId) -> Result<(), &'static str> {
        let Some(c) = self.rules.variant.contracts.get(contract) else {
            return Ok(());
        };
        if c.bid_requires_same_suit.is_empty() {
            return Ok(());
        }
        let hand = self.hands.get(bidder as usize).copied().unwrap_or(0);
        let tb = &self.rules.tables;
        let in_one_suit = (0..tb.n_suits).any(|s| {
            let mut need = 0u64;
            let all_dealt = c
                .bid_requires_same_suit
                .iter()
                .all(|&r| tb.card(s, r).map(|id| need |= bit(id)).is_some());
            all_dealt && hand & need == need
        });
        if in_one_suit {
            Ok(())
        } else {
            Err("this contract may be bid only by a player holding the required ranks in one suit")
        }
    }
}
