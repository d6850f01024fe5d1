//! What the announced figures ask of a seat's card play: takes a seat's `View` in the trick
//! play, gives the cards its side's figures want kept for a later trick (`wins trick T with
//! CARD`) and those wanted in this trick, read from the figures' conditions (a branch whose
//! `trump-is` does not hold is left out), so that a bot playing such a figure holds its card
//! back and plays it in its trick.

use super::View;
use crate::model::{CardSel, Cond, Prim, SuitId};
use crate::syntax::ast::TrickRef;

/// The cards the seat's figures want: `keep` for a trick still to come, `now` for this one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FigureCards {
    pub keep: u64,
    pub now: u64,
}

/// The cards of the seat's hand that the figures announced by it (or by its side, for a figure
/// fulfilled by the side) want to win a given trick with.
pub fn figure_cards(v: &View<'_>) -> FigureCards {
    let mut out = FigureCards::default();
    let (Some(me), Some(contract)) = (v.pos(), v.contract()) else {
        return out;
    };
    let rules = v.rules();
    let trump = v.trump();
    let hand = v.hand();
    let current = usize::from(v.tricks_played());
    for a in v.announcements() {
        let Some(fig) = rules.variant.figures.get(a.figure) else {
            continue;
        };
        let ours = a.by == me.0 || (fig.fulfil_by_side && v.side() & (1 << a.by) != 0);
        let Some(cond) = fig.condition_in(contract).filter(|_| ours) else {
            continue;
        };
        let mut wanted = Vec::new();
        wins_with(cond, trump, &mut wanted);
        for (trick, sel) in wanted {
            let Some(k) = v.trick_index(trick) else { continue };
            let cards = rules.tables.sel_mask(&sel, trump) & hand;
            if k == current {
                out.now |= cards;
            } else if k > current {
                out.keep |= cards;
            }
        }
    }
    out
}

/// Whether a condition is settled by the trump suit alone: `Some` for `trump-is` and what is
/// built of it only.
fn by_trump(c: &Cond, trump: Option<SuitId>) -> Option<bool> {
    match c {
        Cond::Prim(Prim::TrumpIs(s)) => Some(trump == Some(*s)),
        Cond::Not(c) => by_trump(c, trump).map(|b| !b),
        Cond::And(cs) => cs.iter().try_fold(true, |acc, c| by_trump(c, trump).map(|b| acc && b)),
        Cond::Or(cs) => cs.iter().try_fold(false, |acc, c| by_trump(c, trump).map(|b| acc || b)),
        Cond::Prim(_) => None,
    }
}

/// The `wins trick T with CARD` primitives of `c` that can still count: under a `not` none
/// (winning there loses the figure), and not in a branch the trump suit already rules out.
fn wins_with(c: &Cond, trump: Option<SuitId>, out: &mut Vec<(TrickRef, CardSel)>) {
    if by_trump(c, trump) == Some(false) {
        return;
    }
    match c {
        Cond::Prim(Prim::WinsTrick { trick, card }) => out.push((*trick, *card)),
        Cond::And(cs) => {
            if cs.iter().any(|c| by_trump(c, trump) == Some(false)) {
                return;
            }
            cs.iter().for_each(|c| wins_with(c, trump, out));
        }
        Cond::Or(cs) => cs.iter().for_each(|c| wins_with(c, trump, out)),
        Cond::Not(_) | Cond::Prim(_) => {}
    }
}
