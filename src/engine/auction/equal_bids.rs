//! Equal bids settled by the intended trump suit (`round N ascending LADDER until-pass
//! ties-by-suit`, Anrufen §4.5.2-§4.5.3): takes the ascending round in progress (its `BidState`) and the suits'
//! bidding ranks, gives the equal bid as a legal call, the naming of the two bidders' suits
//! (`trumps SUIT` in records, the holder of the standing bid first, unless an earlier tie fixed
//! his, then the player who matched it: N6's order), and the settlement: the higher-ranking suit's bid stands and fixes the trumps, the other
//! bidder has passed (K12 (b), (c)); on equal ranks the earlier bid stands.

use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::BidState;
use crate::model::{RoundShape, SuitId};

/// An equal bid waiting for the suits: who made it, who held the bid, the holder's named suit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(in crate::engine) struct PendingTie {
    pub challenger: u8,
    pub holder: u8,
    pub suit: Option<SuitId>,
}

impl Game {
    fn ties_by_suit(&self, bid: &BidState) -> bool {
        matches!(
            self.round_shape(bid),
            Some(RoundShape::Ascending {
                ties_by_suit: true,
                with_figures: false,
                ..
            })
        )
    }

    /// Whether bidding entry `i` now is an equal bid the round allows.
    pub(in crate::engine) fn equal_bid_allowed(&self, bid: &BidState, i: u8) -> bool {
        self.ties_by_suit(bid) && bid.high.is_some_and(|(_, h)| h == i)
    }

    /// While a tie waits: every suit may be named.
    pub(in crate::engine) fn tie_actions(&self, out: &mut Vec<Action>) {
        let suits = self.rules.variant.suits.len().min(u8::MAX as usize) as u8;
        out.extend((0..suits).map(Action::NameTrumps));
    }

    pub(in crate::engine) fn check_tie(&self, action: Action) -> Result<(), &'static str> {
        match action {
            Action::NameTrumps(s) if (s as usize) < self.rules.variant.suits.len() => Ok(()),
            Action::NameTrumps(_) => Err("there is no such suit"),
            _ => Err("an equal bid: the bidders name the trump suit they intend"),
        }
    }

    /// A suit named in a tie. Gives the challenger once the tie is settled (the round goes on
    /// from him), `None` while he still has to name his suit.
    pub(in crate::engine) fn apply_tie(&self, bid: &mut BidState, action: Action) -> Option<u8> {
        let Action::NameTrumps(named) = action else { return None };
        let mut tie = bid.tie?;
        let (challenger_suit, holder_suit) = match (tie.suit, bid.high_trump) {
            (None, None) => {
                tie.suit = Some(named);
                bid.tie = Some(tie);
                bid.turn = tie.challenger;
                return None;
            }
            // the holder's suit was fixed by an earlier tie: he does not name it again
            (None, Some(held)) => (named, held),
            (Some(held), _) => (named, held),
        };
        let rank = |s: SuitId| self.rules.variant.suits.get(s as usize).and_then(|x| x.bid_rank);
        let challenger_wins = rank(challenger_suit) > rank(holder_suit);
        let (winner, loser, suit) = if challenger_wins {
            (tie.challenger, tie.holder, challenger_suit)
        } else {
            (tie.holder, tie.challenger, holder_suit)
        };
        bid.high = bid.high.map(|(_, h)| (winner, h));
        bid.high_trump = Some(suit);
        bid.passed |= 1 << loser;
        bid.tie = None;
        bid.turn = tie.challenger;
        Some(tie.challenger)
    }
}

/// An equal bid by `pos` in the round `bid`: the holder names his suit first, unless a tie fixed
/// it already.
pub(in crate::engine) fn start_tie(bid: &mut BidState, pos: u8) {
    if let Some((holder, _)) = bid.high {
        bid.tie = Some(PendingTie {
            challenger: pos,
            holder,
            suit: None,
        });
        if bid.high_trump.is_none() {
            bid.turn = holder;
        }
    }
}
