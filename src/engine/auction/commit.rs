//! A card laid face down with the bid (`commits face-down-card`): takes the bids of the
//! ascending round (its `BidState`) and the `LayFaceDown` action that completes a bid of such a contract, gives
//! the legal cards to lay, the cards lying face down (handed to the play, which makes each the
//! only legal card of its owner in trick 1), and what the other seats may see of them (that a
//! card lies there, not which).

use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::BidState;
use crate::model::{BidEntry, RoundShape};

/// The cards laid face down in the auction so far.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct Commits {
    /// The ladder entry just bid whose card is still to be laid: the bid stands once it is.
    pub pending: Option<u8>,
    /// A join of the standing bid waits for its card (`joint`, `joint.rs`).
    pub pending_join: bool,
    /// The cards lying face down (each stays in its owner's hand until played).
    pub cards: u64,
}

impl Game {
    /// Whether bidding entry `i` of the current ascending round asks for a card face down.
    fn bid_commits(&self, bid: &BidState, i: u8) -> bool {
        let Some(RoundShape::Ascending { ladder, .. }) = self.round_shape(bid) else {
            return false;
        };
        match self
            .rules
            .variant
            .bid_ladders
            .get(ladder)
            .and_then(|l| l.entries.get(i as usize))
        {
            Some(BidEntry::Contract(c)) => self
                .rules
                .variant
                .contracts
                .get(*c)
                .is_some_and(|c| c.commits_face_down),
            _ => false,
        }
    }

    /// Whether the standing bid's contract asks for a card face down.
    fn standing_commits(&self, bid: &BidState) -> bool {
        bid.high.is_some_and(|(_, i)| self.bid_commits(bid, i))
    }

    /// The hand of the player to bid, as he holds it now.
    fn bidder_hand(&self, bid: &BidState) -> u64 {
        let p = bid.turn as usize;
        let hidden = if self.picked_up {
            0
        } else {
            self.deal.hidden.get(p).copied().unwrap_or(0)
        };
        self.hands.get(p).copied().unwrap_or(0) & !hidden
    }

    /// While a bid waits for its card: the cards he may lay (every card of his hand).
    pub(in crate::engine) fn commit_actions(&self, bid: &BidState, out: &mut Vec<Action>) -> bool {
        if self.commit.pending.is_none() && !self.commit.pending_join {
            return false;
        }
        let mut m = self.bidder_hand(bid);
        while m != 0 {
            out.push(Action::LayFaceDown(m.trailing_zeros() as u8));
            m &= m - 1;
        }
        true
    }

    /// `Some` when the commit rule decides the action: whether it may be taken now.
    pub(in crate::engine) fn check_commit(&self, bid: &BidState, action: Action) -> Option<Result<(), &'static str>> {
        let pending = self.commit.pending.or(self.commit.pending_join.then_some(0));
        match (pending, action) {
            (Some(_), Action::LayFaceDown(c))
                if self.bidder_hand(bid) & 1u64.checked_shl(c as u32).unwrap_or(0) != 0 =>
            {
                Some(Ok(()))
            }
            (Some(_), Action::LayFaceDown(_)) => Some(Err("the card laid face down must be one of the bidder's own")),
            (Some(_), _) => Some(Err(
                "commits face-down-card: the bid is made by laying a card face down",
            )),
            (None, Action::LayFaceDown(_)) => Some(Err("no bid waits for a card face down")),
            (None, _) => None,
        }
    }

    /// The bid the auction goes on with, if any: a bid of a committing contract waits for its
    /// card; the card completes it; any bid that stands gives the earlier cards back (a higher
    /// bid cancels the lower one and its card).
    pub(in crate::engine) fn commit_step(&mut self, bid: &BidState, action: Action) -> Option<Action> {
        match action {
            // the joining player's card lies beside the holder's
            Action::LayFaceDown(c) if self.commit.pending_join => {
                self.commit.pending_join = false;
                self.commit.cards |= 1u64.checked_shl(c as u32).unwrap_or(0);
                Some(Action::Join)
            }
            Action::Join if self.standing_commits(bid) => {
                self.commit.pending_join = true;
                None
            }
            Action::LayFaceDown(c) => {
                let i = self.commit.pending.take()?;
                self.commit.cards = 1u64.checked_shl(c as u32).unwrap_or(0);
                Some(Action::Bid(i))
            }
            Action::Bid(i) if self.bid_commits(bid, i) => {
                self.commit.pending = Some(i);
                None
            }
            Action::Bid(_) => {
                self.commit.cards = 0;
                Some(action)
            }
            _ => Some(action),
        }
    }

    /// The cards lying face down that belong to the contract played (what the play must see
    /// played first); none once the auction ended on a contract that commits nothing.
    pub(in crate::engine) fn committed_for_play(&self) -> u64 {
        let commits = self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .is_some_and(|c| c.commits_face_down);
        if commits {
            self.commit.cards
        } else {
            0
        }
    }

    /// Whether `seat` may see which card an action lays face down (only its owner may).
    pub(in crate::engine) fn hides_face_down(&self, seat: u8, by: u8, action: Action) -> bool {
        matches!(action, Action::LayFaceDown(_)) && by != seat
    }
}

impl Game {
    /// The table seats whose card laid face down is still in their hand (not yet played).
    pub(in crate::engine) fn face_down_seats(&self) -> u16 {
        let cards = self.commit.cards;
        if cards == 0 {
            return 0;
        }
        let in_play = self.play.committed != 0;
        let mut seats = 0u16;
        for p in 0..self.n {
            let hand = if in_play {
                self.play.hands.get(p as usize).copied().unwrap_or(0)
            } else {
                self.hands.get(p as usize).copied().unwrap_or(0)
            };
            if hand & cards != 0 && (in_play || self.contract.is_none()) {
                seats |= 1 << self.seat_at(p);
            }
        }
        seats
    }
}
