//! The game where nobody declares and the most pays: takes the finished hand, the contract's
//! `win most-tricks` or `win most-card-points` and its `tie` rule, gives the game item's payments
//! (each player with the most pays each player with fewer; nobody when the most is shared, under
//! `tie nobody`; or by a `tie most-pay N ...` table: each of the T players sharing the most pays
//! the value times the T-th number, and the players with less share it evenly).

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::Game;
use crate::engine::score::finished::Finished;
use crate::engine::score::payments::Pay;
use crate::model::{Tie, Win};

/// The payments of a most-pays game onto `pay`.
#[inline(never)] // off the common path: keeps the hot code small
pub(in crate::engine) fn most_pays(g: &Game, f: &Finished, win: Win, tie: Tie, value: i64, pay: &mut Pay) {
    let n = (f.n as usize).min(MAX_SEATS);
    // what "the most" counts: tricks, or each player's own card points (with the last trick)
    let mut measure = [0i64; MAX_SEATS];
    for (p, m) in measure.iter_mut().enumerate().take(n) {
        *m = match win {
            Win::MostCardPoints => f.points[p],
            _ => f.tricks_won[p] as i64,
        };
    }
    let most = measure.iter().take(n).copied().max().unwrap_or(0);
    let is_top = |p: usize| measure.get(p) == Some(&most);
    let top = (0..n).filter(|&p| is_top(p)).count();
    if top == n || (top > 1 && tie == Tie::Nobody) {
        return;
    }
    let dealer_out = g.rules.variant.scoring.sitting_out_with_opponents && g.pos_at(g.dealer).is_none();
    let fewer = (0..n)
        .filter(|&p| !is_top(p))
        .map(|p| g.seat_at(p as u8))
        .chain(dealer_out.then_some(g.dealer));
    let tops = (0..n).filter(|&p| is_top(p)).map(|p| g.seat_at(p as u8));
    match tie {
        Tie::MostPayTimes(times) => {
            let each = value.saturating_mul(times.get(top - 1).copied().unwrap_or(0) as i64);
            split(tops, fewer, each, pay);
        }
        _ => {
            for l in fewer {
                for h in tops.clone() {
                    pay.transfer(h, l, value);
                }
            }
        }
    }
}

/// Each of `payers` pays `each`; the `receivers` share the whole evenly (the checks make it
/// divide). Any routing gives the same nets: payer after payer fills receiver after receiver,
/// in a fixed array (no allocation).
fn split(payers: impl Iterator<Item = u8> + Clone, receivers: impl Iterator<Item = u8>, each: i64, pay: &mut Pay) {
    let mut to = [(0u8, 0i64); MAX_SEATS];
    let mut r = 0usize;
    for (slot, s) in to.iter_mut().zip(receivers) {
        slot.0 = s;
        r += 1;
    }
    if r == 0 {
        return;
    }
    let share = payers.clone().count() as i64 * each / r as i64;
    for slot in to.iter_mut().take(r) {
        slot.1 = share;
    }
    for p in payers {
        let mut left = each;
        for (s, want) in to.iter_mut().take(r) {
            let amount = left.min(*want);
            if amount > 0 {
                pay.transfer(p, *s, amount);
                left -= amount;
                *want -= amount;
            }
        }
    }
}
