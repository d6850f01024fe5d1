//! Undertakings as part of `Game`: takes the numeric bidding rounds of `variant.bidding`
//! (`each-bids`: every player in turn bids his number of tricks; `highest-bids`: rising numbers,
//! the highest bidder declares), gives the bids legal now, their checks, each player's
//! undertaking (read by `tricks CMP bid` and `each-scores`: the auction hands it to `Game`'s
//! `undertakings` as it is bid, since it outlives the round's `BidState`), and the contract they
//! lead to.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::{BidState, Stage};
use crate::model::{ContractId, RoundShape};

/// A numeric round's rule, flattened: the contract, the bid range, whether every player bids
/// once (else the highest bidder declares), and the last bid's restriction.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct Numeric {
    contract: ContractId,
    min: u8,
    max: u8,
    each: bool,
    last_not_total: bool,
}

impl Game {
    /// The numeric round `bid` is in, if it is one.
    pub(in crate::engine) fn numeric(&self, bid: &BidState) -> Option<Numeric> {
        // the hand size only for a numeric round: this is asked at every call of the auction
        let hand = || self.rules.variant.hand_size().min(u8::MAX as u32) as u8;
        match self.rules.variant.bidding.rounds.get(bid.round)?.shape {
            RoundShape::EachBids {
                contract,
                min,
                max,
                last_not_total,
            } => Some(Numeric {
                contract,
                min,
                max: max.unwrap_or_else(hand),
                each: true,
                last_not_total,
            }),
            RoundShape::HighestBids { contract, min, max } => Some(Numeric {
                contract,
                min,
                max: max.unwrap_or_else(hand),
                each: false,
                last_not_total: false,
            }),
            _ => None,
        }
    }

    /// Whether the bidding round in progress takes numbers (`bid 3` in records).
    pub fn numeric_round(&self) -> bool {
        match self.stage {
            Stage::Bidding(bid) => self.numeric(&bid).is_some(),
            _ => false,
        }
    }

    /// The undertaking of position `pos`: the number of tricks he bid, if he bid one.
    pub fn undertaking(&self, pos: u8) -> Option<u8> {
        self.undertakings.get(pos as usize).copied().flatten()
    }

    /// The undertaking of table seat `seat` (none for a seat sitting out or without a bid).
    pub fn undertaking_of_seat(&self, seat: u8) -> Option<u8> {
        self.pos_at(seat).and_then(|p| self.undertaking(p))
    }

    /// Whether `n` may be bid now, or why not.
    fn numeric_bid(&self, bid: &BidState, r: Numeric, n: u8) -> Result<(), &'static str> {
        if n < r.min || n > r.max {
            return Err("the bid is outside the round's range");
        }
        if !r.each && bid.high.is_some_and(|(_, h)| n <= h) {
            return Err("a bid must be higher than the standing bid");
        }
        let last = bid.spoken + 1 >= self.n;
        if r.each && r.last_not_total && last {
            let sum: u32 = self.undertakings.iter().flatten().map(|&b| b as u32).sum();
            if sum + n as u32 == self.rules.variant.hand_size() {
                return Err("the last bid may not make the bids add up to the number of tricks");
            }
        }
        Ok(())
    }

    /// The calls of a numeric round: a pass (only where the highest bidder declares), then
    /// every legal number, lowest first. `None` when the round in progress is not numeric.
    pub(in crate::engine) fn numeric_actions(&self, bid: &BidState, out: &mut Vec<Action>) -> Option<()> {
        let r = self.numeric(bid)?;
        if !r.each {
            out.push(Action::Pass);
        }
        out.extend(
            (r.min..=r.max)
                .filter(|&n| self.numeric_bid(bid, r, n).is_ok())
                .map(Action::BidNumber),
        );
        Some(())
    }

    /// The check of a call in a numeric round; `None` when the round is not numeric.
    pub(in crate::engine) fn check_numeric(&self, bid: &BidState, action: Action) -> Option<Result<(), &'static str>> {
        let r = self.numeric(bid)?;
        Some(match action {
            Action::BidNumber(n) => self.numeric_bid(bid, r, n),
            Action::Pass if !r.each => Ok(()),
            Action::Pass => Err("every player must bid a number of tricks in this round"),
            _ => Err("not a call of this bidding round"),
        })
    }

    /// Applies a checked call of the numeric round `r` to its copy `bid`: whether the round goes
    /// on, false when the call ended it (as `bidding.rs`'s calls do).
    pub(in crate::engine) fn apply_numeric(
        &mut self,
        r: Numeric,
        bid: &mut BidState,
        action: Action,
        number: u32,
    ) -> bool {
        let pos = bid.turn;
        if r.each {
            if let (Action::BidNumber(n), Some(slot)) = (action, self.undertakings.get_mut(pos as usize)) {
                *slot = Some(n);
            }
            bid.spoken += 1;
            if bid.spoken >= self.n {
                self.everyone_undertakes(r.contract, number);
                return false;
            }
            bid.turn = crate::engine::core::game::next_pos(pos, self.n);
            return true;
        }
        match action {
            Action::BidNumber(n) => bid.high = Some((pos, n)),
            _ => bid.passed |= 1 << (pos as usize & (MAX_SEATS - 1)),
        }
        let top = bid.high.is_some_and(|(_, h)| h >= r.max);
        let high = bid.high.map(|(p, _)| p);
        let next = (1..=self.n)
            .map(|k| (pos + k) % self.n)
            .find(|&p| bid.passed & (1 << p) == 0 && Some(p) != high);
        match (top, next) {
            (false, Some(p)) => {
                bid.turn = p;
                true
            }
            _ => {
                self.highest_declares(*bid, r.contract, number);
                false
            }
        }
    }

    /// After `each-bids`: the contract with no declarer, everyone for himself by his bid.
    fn everyone_undertakes(&mut self, contract: ContractId, number: u32) {
        self.set_contract(contract);
        self.declarer = None;
        self.trump = self.fixed_trump(contract);
        self.won_round = Some(number);
        self.declared_before_pickup = !self.picked_up;
        self.after_bidding();
    }

    /// After `highest-bids`: the highest bidder declares with his bid as his undertaking, or
    /// the next round (and then the all-pass rule) when nobody bid.
    fn highest_declares(&mut self, bid: BidState, contract: ContractId, number: u32) {
        match bid.high {
            Some((p, n)) => {
                if let Some(slot) = self.undertakings.get_mut(p as usize) {
                    *slot = Some(n);
                }
                self.declare(p, contract, None, number);
            }
            None => self.next_round(bid),
        }
    }
}
