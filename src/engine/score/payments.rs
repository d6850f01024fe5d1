//! Who pays whom: takes the hand's sides (`HandSides`, the declarer's table seat) and an item's
//! value, gives the payments between table seats written into the item and the sheet's totals
//! at once (`Pay`): the declarer against each opponent, side against side, pairwise, a seat's
//! own score (`each-scores`); and the seat masks the sheet walks (`seat_bit`, `positions`).

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::Game;
use crate::engine::score::goals::HandSides;

/// Who pays whom for an item: the declarer's table seat and the opponents' table seats as a
/// mask (the active non-declarers, and the dealer sitting out if the variant says so), worked
/// out once per hand. A mask rather than a list: the loops stay short and are not unrolled into
/// the hot code for every possible seat.
pub(super) struct Sides {
    pub(super) declarer: Option<u8>,
    /// The table seats of the declarer's side (the declarer and his partner, if any).
    team: u16,
    opponents: u16,
    /// `payments side-vs-side`: each member of the winning side receives from each loser.
    side_vs_side: bool,
    /// `payments pairwise`: each member of the larger side settles once, with one of the
    /// smaller side's members in turn.
    pairwise: bool,
}

impl Sides {
    pub(super) fn of(g: &Game, hand: &HandSides) -> Sides {
        // masks, not a test per position: which position declares changes from hand to hand
        let mut active = 0u16;
        let mut team = 0u16;
        for p in 0..g.n.min(MAX_SEATS as u8) {
            let seat = seat_bit(g.seat_at(p));
            active |= seat;
            if hand.declarer & seat_bit(p) != 0 {
                team |= seat;
            }
        }
        let declarer = g.declarer_seat();
        let mut opponents = active & !team;
        if g.rules.variant.scoring.sitting_out_with_opponents && active & seat_bit(g.dealer) == 0 {
            opponents |= seat_bit(g.dealer);
        }
        Sides {
            declarer,
            team,
            opponents,
            side_vs_side: g.rules.variant.scoring.side_vs_side,
            pairwise: g.rules.variant.scoring.pairwise,
        }
    }
}

/// A table seat (or an active position) as a bit of a `u16` mask.
#[inline]
pub(in crate::engine) fn seat_bit(seat: u8) -> u16 {
    1u16 << (seat as usize & (MAX_SEATS - 1))
}

/// The payments of one item, written into the item and the sheet's totals together, one seat at
/// a time (the totals are not summed from the items afterwards: reading an item's payments
/// right after writing them would stall on the stores).
pub(in crate::engine) struct Pay<'a> {
    pub(in crate::engine) item: &'a mut [i64; MAX_SEATS],
    pub(in crate::engine) total: &'a mut [i64; MAX_SEATS],
}

impl Pay<'_> {
    /// Seat `from` pays `amount` to seat `to`.
    #[inline]
    pub(in crate::engine) fn transfer(&mut self, from: u8, to: u8, amount: i64) {
        let (from, to) = (from as usize, to as usize);
        if let (Some(f), Some(t)) = (self.item.get_mut(from), self.total.get_mut(from)) {
            *f = f.saturating_sub(amount);
            *t = t.saturating_sub(amount);
        }
        if let (Some(f), Some(t)) = (self.item.get_mut(to), self.total.get_mut(to)) {
            *f = f.saturating_add(amount);
            *t = t.saturating_add(amount);
        }
    }
}

impl Pay<'_> {
    /// Seat `to` scores `amount` for himself, from nobody (`each-scores`: not zero-sum).
    pub(super) fn credit(&mut self, to: u8, amount: i64) {
        if let (Some(f), Some(t)) = (self.item.get_mut(to as usize), self.total.get_mut(to as usize)) {
            *f = f.saturating_add(amount);
            *t = t.saturating_add(amount);
        }
    }
}

/// The declarer against each opponent: an item of the declarer's side (or of the opponents')
/// won or lost.
pub(super) fn pay_side(sides: &Sides, owner_is_declarer: bool, won: bool, value: i64, pay: &mut Pay) {
    let Some(d) = sides.declarer else { return };
    if sides.side_vs_side {
        side_vs_side(sides, owner_is_declarer == won, value, pay);
        return;
    }
    let per = if owner_is_declarer == won {
        value
    } else {
        value.saturating_neg()
    };
    for o in positions(sides.opponents) {
        pay.transfer(o as u8, d, per);
    }
}

/// Side against side: each member of the losing side pays `value` to each member of the
/// winning one (the declarer's side won when `declarer_side_won`), so 2 against 2 and 1
/// against 3 are both zero-sum.
#[inline(never)] // only side-against-side payments: off the path of a declarer who pays each opponent
fn side_vs_side(sides: &Sides, declarer_side_won: bool, value: i64, pay: &mut Pay) {
    let (winners, losers) = if declarer_side_won {
        (sides.team, sides.opponents)
    } else {
        (sides.opponents, sides.team)
    };
    if sides.pairwise {
        pairwise(winners, losers, value, pay);
        return;
    }
    for l in positions(losers) {
        for w in positions(winners) {
            pay.transfer(l as u8, w as u8, value);
        }
    }
}

/// Pairwise: every member of the larger side pays (or receives) `value` once, from one member
/// of the smaller side in turn, so 2 against 2 each loser pays one winner and 1 against 3 the
/// lone player settles with each of the three.
fn pairwise(winners: u16, losers: u16, value: i64, pay: &mut Pay) {
    let (larger, smaller, larger_won) = if winners.count_ones() >= losers.count_ones() {
        (winners, losers, true)
    } else {
        (losers, winners, false)
    };
    if smaller == 0 {
        return;
    }
    let mut rest = 0u16;
    for m in positions(larger) {
        // the smaller side's members in turn, from the lowest again when all had one
        if rest == 0 {
            rest = smaller;
        }
        let o = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if larger_won {
            pay.transfer(o as u8, m as u8, value);
        } else {
            pay.transfer(m as u8, o as u8, value);
        }
    }
}

/// The positions whose bits are set in `mask`, lowest first.
pub(in crate::engine) fn positions(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let q = m.trailing_zeros() as usize & (MAX_SEATS - 1);
        m &= m - 1;
        Some(q)
    })
}
