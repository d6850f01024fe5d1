//! K3 of koenigrufen-family.md §9 (Rußbach's winner under the minimums by marriages): takes
//! random koenigrufen-russbach hands and their sheets, gives a check that reading K3 (b) ("only
//! the side with the higher total can win, and only with its minimum") would name the same
//! winner as the engine's K3 (a) ("a side that reaches its minimum beats one that does not; if
//! both do, the higher total wins") in every hand. The two differ only when neither side reaches
//! its minimum, and with card points in tens that add up to 90 and minimums that ask 40 or 50 of
//! them (§2.6.3, K2), one side always does: K3 is no real choice, so it has no house-rules file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;

/// §2.6.3 and K2 (a): 0 → 50, 20 → 60, 40 → 80, 60 → 100, and on by the meld points above.
fn minimum(melds: i64) -> i64 {
    match melds {
        m if m <= 0 => 50,
        m if m <= 20 => 60,
        m if m <= 40 => 80,
        m => 100 + (m - 60),
    }
}

#[test]
fn k3_a_and_k3_b_name_the_same_winner_in_every_hand() {
    let r = rules("koenigrufen-russbach");
    let mut buf = Vec::new();
    let (mut compared, mut one_side_short) = (0u32, 0u32);
    for i in 0..4000u64 {
        let g = kartya::engine::sim::random_hand(&r, 3, i, &mut buf);
        let Some(s) = g.result() else { continue };
        let Some(won) = s.items.first().and_then(|x| x.won) else {
            continue;
        };
        // the sides' totals and counted melds: the declarer with his partner, and the others
        let mine = |q: usize| Some(q as u8) == s.declarer || Some(q as u8) == g.partner();
        let sum = |own: bool, f: &dyn Fn(usize) -> i64| (0..4).filter(|&q| mine(q) == own).map(f).sum::<i64>();
        let total = |own: bool| sum(own, &|q| s.card_points[q] + s.meld_points[q]);
        let melds = |own: bool| sum(own, &|q| s.meld_points[q]);
        let (dt, ot) = (total(true), total(false));
        let (qd, qo) = (dt >= minimum(melds(true)), ot >= minimum(melds(false)));
        assert!(
            qd || qo,
            "hand {i}: {dt} against {ot}, neither side reaches its minimum"
        );
        one_side_short += u32::from(qd != qo);
        let k3_a = if qd != qo { qd } else { dt > ot };
        let k3_b = if dt > ot { qd } else { !qo };
        assert_eq!(won, k3_a, "hand {i}: the engine reads K3 (a)");
        assert_eq!(k3_a, k3_b, "hand {i}: K3 (b) would differ");
        compared += 1;
    }
    assert!(compared > 1000, "{compared}");
    assert!(one_side_short > 0, "random hands meet a side short of its minimum");
}
