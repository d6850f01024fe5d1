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

/// The simulation's loop (`random_hand`, a loop per phase) takes exactly the actions of the bot
/// stepped one action at a time (`random_step`) from the same deal and stream, in every bundled
/// variant: the fast loop is a faster way to play the same hands, not other hands.
#[test]
fn play_out_takes_the_steps_of_random_step() {
    use kartya::engine::rng::hand_rng;
    use kartya::engine::sim::{random_hand, random_step};
    use kartya::engine::Game;
    use std::sync::Arc;
    let mut compared = 0;
    for b in kartya::bundled::all() {
        let Ok(rules) = bundled_rules(b.name) else { continue };
        let mut buf = Vec::new();
        for i in 0..200u64 {
            let fast = random_hand(&rules, 11, i, &mut buf);
            let mut rng = hand_rng(11, i);
            let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
            let dealer = (i % rules.variant.players as u64) as u8;
            let mut stepped = Game::from_deal(Arc::clone(&rules), dealer, deal);
            let mut steps = 0;
            while !stepped.is_over() && random_step(&mut stepped, &mut rng, &mut buf) {
                steps += 1;
                assert!(steps < 10_000, "{}: hand {i} ends", b.name);
            }
            assert_eq!(fast.history(), stepped.history(), "{}: hand {i}", b.name);
            assert_eq!(fast.result(), stepped.result(), "{}: hand {i}", b.name);
            compared += 1;
        }
    }
    assert!(compared >= 40 * 200, "only {compared} hands compared");
}
