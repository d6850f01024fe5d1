//! The level auction as part of `Game` (asszorti.md §5.3 in general form): takes the ascending
//! round's `single-step`, `hold-by-priority` and `forced-last` and the bidding's
//! `contract-choice`, and the round in progress (its `BidState`); gives which raises and holds are legal now, the declarer without a bid
//! when all the others pass, and the phase in which the declarer names his contract (a ladder
//! entry at or above his final bid; or, in a game without an auction that lists several
//! contracts, forehand one of them).

use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::{BidState, Stage};
use crate::model::{BidEntry, ContractChoice, ForcedBid, RoundShape};

/// The contract choice after the auction: the declarer who names it, the ladder (`None`: the
/// contracts of `no-auction`, which forehand chooses among), the final bid (`None`: declarer
/// without a bid), and the number of the round that was won. The auction hands these over when
/// it ends, so the choice reads nothing of the auction's turns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(in crate::engine) struct Choice {
    pub by: u8,
    pub ladder: Option<usize>,
    pub final_bid: Option<u8>,
    pub round: u32,
}

impl Game {
    /// The level rules of the ascending round in progress: (single-step, hold-by-priority, forced-last).
    fn level_rules(&self, bid: &BidState) -> (bool, bool, bool) {
        match self.round_shape(bid) {
            Some(RoundShape::Ascending {
                single_step,
                hold_by_priority,
                forced_last,
                ..
            }) => (single_step, hold_by_priority, forced_last),
            _ => (false, false, false),
        }
    }

    /// Whether the player to speak has priority over the holder of the standing bid: he spoke
    /// first earlier in the round's order (forehand first), which is position order.
    fn has_priority(bid: &BidState) -> bool {
        bid.high.is_some_and(|(holder, _)| bid.turn < holder)
    }

    /// The level rules on a raise to entry `i`: one step only, and no raise with priority.
    pub(in crate::engine) fn level_raise(&self, bid: &BidState, i: u8) -> Result<(), &'static str> {
        let (single_step, hold_by_priority, _) = self.level_rules(bid);
        if hold_by_priority && Game::has_priority(bid) {
            return Err("a player with priority over the holder may only hold the bid or pass");
        }
        let step = bid.high.map(|(_, h)| h.saturating_add(1)).unwrap_or(0);
        if single_step && i != step {
            return Err("a bid must be exactly one step above the standing bid (the first bid the lowest)");
        }
        Ok(())
    }

    /// Whether the player to speak may hold the standing bid.
    pub(in crate::engine) fn check_hold(&self, bid: &BidState) -> Result<(), &'static str> {
        let (_, hold_by_priority, _) = self.level_rules(bid);
        if !hold_by_priority {
            return Err("this round has no holding of a bid");
        }
        if !Game::has_priority(bid) {
            return Err("only a player with priority over the holder may hold the bid");
        }
        Ok(())
    }

    /// Whether the raise shortcut (no bid left above the standing one ends the round) applies:
    /// not when a player with priority may still hold the top bid.
    pub(in crate::engine) fn holds_possible(&self, bid: &BidState) -> bool {
        self.level_rules(bid).1
    }

    /// After a pass with `forced-last`: the one player left when all others passed without a bid.
    pub(in crate::engine) fn forced_declarer(&self, bid: &BidState) -> Option<u8> {
        let (_, _, forced_last) = self.level_rules(bid);
        if !forced_last || bid.high.is_some() {
            return None;
        }
        let all = (1u32 << self.n) - 1;
        let left = all & !u32::from(bid.passed);
        (left.count_ones() == 1).then(|| left.trailing_zeros() as u8)
    }

    /// Whether the forced last player names his contract by a bid of his own: the bid is the
    /// contract (no `contract-choice at-least-bid`, which names it after the auction), no
    /// `forced-bid lowest`, and some entry of the ladder is his to bid. He then has the turn and may not pass; otherwise he
    /// is declarer without a bid.
    pub(in crate::engine) fn forced_bids(&self, bid: &BidState, ladder: usize, no_indicator: bool) -> bool {
        let b = &self.rules.variant.bidding;
        b.contract_choice != ContractChoice::AtLeastBid
            && b.forced_bid == ForcedBid::Any
            && (0..self.ladder_len(ladder)).any(|i| self.biddable(bid, ladder, i, no_indicator).is_ok())
    }

    /// Whether the player to speak is the forced last player, who may not pass.
    pub(in crate::engine) fn must_bid(&self, bid: &BidState) -> bool {
        self.forced_declarer(bid) == Some(bid.turn)
    }

    /// The auction is won by `pos` with `final_bid` (an entry of `ladder`, or none): the declarer
    /// names the contract (`contract-choice at-least-bid`), or the bid (the lowest entry without
    /// one) is the contract. Returns false when the bid is the contract (the caller declares it).
    pub(in crate::engine) fn start_choice(
        &mut self,
        pos: u8,
        ladder: usize,
        final_bid: Option<u8>,
        round: u32,
    ) -> bool {
        if self.rules.variant.bidding.contract_choice != ContractChoice::AtLeastBid {
            return false;
        }
        self.declarer = Some(pos);
        self.stage = Stage::Choose(Choice {
            by: pos,
            ladder: Some(ladder),
            final_bid,
            round,
        });
        true
    }

    /// Forehand names one of the contracts of a game without an auction (`no-auction A B
    /// declarer forehand`); he is declarer from now on.
    pub(in crate::engine) fn start_forehand_choice(&mut self) {
        self.declarer = Some(0);
        self.stage = Stage::Choose(Choice {
            by: 0,
            ladder: None,
            final_bid: None,
            round: 0,
        });
    }

    /// How many entries the choice in progress has to choose from.
    fn choice_len(&self, ch: Choice) -> u8 {
        let v = &self.rules.variant;
        let len = match ch.ladder {
            Some(l) => v.bid_ladders.get(l).map_or(0, |l| l.entries.len()),
            None => v.bidding.no_auction.as_ref().map_or(0, |na| na.contracts.len()),
        };
        len.min(u8::MAX as usize) as u8
    }

    /// Entry `i` of what the declarer chooses his contract from now (`Choose(i)` names it): a
    /// ladder's entry, or a contract of `no-auction`.
    pub fn choice_entry(&self, i: u8) -> Option<BidEntry> {
        let Stage::Choose(ch) = self.stage else { return None };
        let v = &self.rules.variant;
        match ch.ladder {
            Some(l) => v.bid_ladders.get(l)?.entries.get(i as usize).copied(),
            None => v
                .bidding
                .no_auction
                .as_ref()?
                .contracts
                .get(i as usize)
                .map(|&c| BidEntry::Contract(c)),
        }
    }

    /// The entries the declarer may name now.
    fn choosable(&self) -> std::ops::Range<u8> {
        let Stage::Choose(ch) = self.stage else { return 0..0 };
        let len = self.choice_len(ch);
        ch.final_bid.unwrap_or(0).min(len)..len
    }

    pub(in crate::engine) fn choose_actions(&self, out: &mut Vec<Action>) {
        out.extend(self.choosable().map(Action::Choose));
    }

    pub(in crate::engine) fn check_choose(&self, action: Action) -> Result<(), &'static str> {
        match action {
            Action::Choose(i) if self.choosable().contains(&i) => Ok(()),
            Action::Choose(_) => Err("the contract must be at least the final bid"),
            _ => Err("the declarer names his contract now"),
        }
    }

    pub(in crate::engine) fn apply_choose(&mut self, action: Action) {
        let (Action::Choose(i), Stage::Choose(ch)) = (action, self.stage) else {
            return;
        };
        let entry = self.choice_entry(i);
        let pos = ch.by;
        match entry {
            Some(BidEntry::Contract(c)) if ch.ladder.is_none() => self.declare_without_auction(c, Some(pos)),
            Some(BidEntry::Contract(c)) => self.declare(pos, c, None, ch.round),
            Some(BidEntry::Suit(s)) => self.declare(pos, self.rules.variant.bidding.suit_contract, Some(s), ch.round),
            None => {}
        }
    }
}
