//! Minimums by melds (`minimum-by-melds M V ...` with `win more-than-each card-points+melds`):
//! takes the finished hand and the contract's rows, gives whether the declarer's side won, side
//! against side: each side needs a total of card points and counted melds of at least the
//! minimum its own meld points give; one that reaches it beats one that does not, and when both
//! (or neither) do, the higher total wins (equal totals: the contract's `tie`). Also the size of
//! the difference between the sides' totals (`point-difference-value`).

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::score::finished::Finished;
use crate::model::{Contract, Tie};

/// The minimum total for a side with `melds` counted meld points: the row with the most meld
/// points not above them, raised by the meld points beyond it (0 without a row that fits).
pub(in crate::engine) fn minimum(rows: &[(i64, i64)], melds: i64) -> i64 {
    rows.iter()
        .rev()
        .find(|(m, _)| *m <= melds)
        .map(|(m, v)| v + (melds - m))
        .unwrap_or(0)
}

/// (total, meld points) of the positions in `mask`.
fn side(f: &Finished, mask: u16, with_melds: bool) -> (i64, i64) {
    (0..MAX_SEATS)
        .filter(|p| mask & (1 << p) != 0)
        .fold((0, 0), |(t, m), p| {
            let melds = f.melds[p];
            (t + f.points[p] + if with_melds { melds } else { 0 }, m + melds)
        })
}

/// The difference between the declarer's side's total and the other side's (card points, with
/// melds where the contract's `win` counts them), as a size: `point-difference-value`.
#[inline(never)] // only contracts scored by the point difference
pub(in crate::engine) fn point_difference(f: &Finished, c: &Contract) -> i64 {
    let with_melds = matches!(c.win, crate::model::Win::MoreThanEach { with_melds: true });
    let (dt, _) = side(f, f.sides.declarer, with_melds);
    let (ot, _) = side(f, f.sides.defence, with_melds);
    (dt - ot).abs()
}

/// Whether the declarer's side won against every opponent (the pooled defence, or each
/// opponent alone); `None` on a tie that pays nobody, or without a declarer.
#[inline(never)] // only contracts with minimums by melds
pub(in crate::engine) fn game_won(f: &Finished, c: &Contract, with_melds: bool) -> Option<bool> {
    f.declarer?;
    let rows = &c.minimum_by_melds;
    let (dt, dm) = side(f, f.sides.declarer, with_melds);
    let qd = dt >= minimum(rows, dm);
    // the pooled defence is one opponent; otherwise each opponent alone (no allocation: a mask each)
    let each = (0..f.n.min(MAX_SEATS as u8))
        .map(|p| 1u16 << p)
        .filter(|b| !f.sides.pooled && f.sides.declarer & b == 0);
    let pooled = Some(f.sides.defence).filter(|_| f.sides.pooled);
    let mut won = Some(true);
    for o in pooled.into_iter().chain(each) {
        let (ot, om) = side(f, o, with_melds);
        let qo = ot >= minimum(rows, om);
        let beats = match (qd, qo) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ if dt > ot => Some(true),
            _ if dt == ot && c.tie == Tie::Nobody => None,
            _ => Some(false),
        };
        won = match (won, beats) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (None, _) | (_, None) => None,
            _ => Some(true),
        };
    }
    won
}

#[cfg(test)]
mod tests {
    use super::minimum;

    /// koenigrufen-family.md §2.6.3 and K2 (a): 0 → 50, 20 → 60, 40 → 80, 60 → 100, and above
    /// the last row the pattern goes on (80 → 120, 100 → 140).
    #[test]
    fn the_minimum_follows_the_rows_and_grows_beyond_the_last() {
        let rows = [(0, 50), (20, 60), (40, 80), (60, 100)];
        assert_eq!(minimum(&rows, 0), 50);
        assert_eq!(minimum(&rows, 20), 60);
        assert_eq!(minimum(&rows, 40), 80);
        assert_eq!(minimum(&rows, 60), 100);
        assert_eq!(minimum(&rows, 80), 120);
        assert_eq!(minimum(&rows, 100), 140);
        // K2 (b), the minimum capped at 100, is written with rows of its own
        let capped = [(0, 50), (20, 60), (40, 80), (60, 100), (80, 100), (100, 100)];
        assert_eq!(minimum(&capped, 100), 100);
    }
}
