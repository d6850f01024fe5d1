//! The numbers `check` accepts cannot overflow a hand's score: takes the house rules at every
//! bound (tests/fixtures/bounds/), gives 1,000 random hands each that pay out to zero with no
//! panic (in debug builds, where an overflow panics), and paper totals that add up (issue 28.10).

mod common;

use common::rules;
use kartya::engine::simulate;

fn plays_at_its_bounds(file: &str) {
    let rules = rules(&[format!("tests/fixtures/bounds/{file}.kartya").as_str()]);
    let s = simulate(&rules, 1000, 28);
    assert_eq!(s.hands, 1000);
    assert_eq!(s.non_zero_sum, 0, "{file}: every hand pays out to zero");
    let total = s.total_payment.iter().try_fold(0i64, |a, p| a.checked_add(*p));
    assert_eq!(total, Some(0), "{file}: the run's payments sum to zero");
    // no total came near the edge where saturating arithmetic would hide a wrap
    let edge = i64::MAX >> 20;
    assert!(
        s.total_payment
            .iter()
            .chain(s.paper_total.iter())
            .all(|t| t.abs() < edge),
        "{file}: totals {:?} {:?}",
        s.total_payment,
        s.paper_total
    );
}

#[test]
fn asszorti_at_its_bounds_pays_out_to_zero() {
    plays_at_its_bounds("asszorti-largest");
}

#[test]
fn alsos_3p_at_its_bounds_pays_out_to_zero() {
    plays_at_its_bounds("alsos-3p-largest");
}

/// The game's worst product at check's bound (10^15: value x ladder x a figure that multiplies the
/// game said by every player x the call with its raises) and one value below it: 1,000 random
/// hands each, zero-sum, no panic in debug, no total saturated (issue 28.10; one value above is
/// refused: tests/fixtures/diagnostics/out-of-range-game-product.kartya).
#[test]
fn the_game_product_at_and_below_its_bound_pays_out_to_zero() {
    for file in ["alsos-hu-3p-product-at-bound", "alsos-hu-3p-product-below-bound"] {
        let rules = rules(&[format!("tests/fixtures/bounds/{file}.kartya").as_str()]);
        let s = simulate(&rules, 1000, 28);
        assert_eq!(s.non_zero_sum, 0, "{file}: every hand pays out to zero");
        let total = s.total_payment.iter().try_fold(0i64, |a, p| a.checked_add(*p));
        assert_eq!(total, Some(0), "{file}: the run's payments sum to zero");
        assert!(
            s.total_payment
                .iter()
                .chain(s.paper_total.iter())
                .all(|t| t.abs() < i64::MAX / 2),
            "{file}: {:?} {:?}",
            s.total_payment,
            s.paper_total
        );
    }
}
