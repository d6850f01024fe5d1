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
            let mut stepped = Game::from_deal(Arc::clone(&rules), kartya::engine::Seat(dealer), deal);
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

/// A game that keeps no history (as `simulate` plays) plays the same hand: the same state and
/// score sheet, the same count of actions and cards, and an empty history.
#[test]
fn a_game_without_history_plays_the_same_hands() {
    use kartya::engine::sim::{random_hand, random_hand_in};
    use kartya::engine::Action;
    let mut compared = 0;
    for b in kartya::bundled::all() {
        let Ok(rules) = bundled_rules(b.name) else { continue };
        let mut buf = Vec::new();
        let mut quiet = random_hand(&rules, 5, 0, &mut buf);
        quiet.set_keep_history(false);
        assert!(quiet.history().is_empty(), "{}: the history is emptied", b.name);
        for i in 0..200u64 {
            let kept = random_hand(&rules, 5, i, &mut buf);
            random_hand_in(&mut quiet, 5, i, &mut buf);
            let cards = kept
                .history()
                .iter()
                .filter(|(_, a)| matches!(a, Action::Play(_)))
                .count();
            // after an accepted or failed claim the cards still out are played out by the
            // claim rule (claims.rs), not by `Play` actions
            let claimed = kept
                .history()
                .iter()
                .any(|(_, a)| matches!(a, Action::ClaimRest | Action::ConcedeRest));
            if claimed {
                // every card dealt to a hand is played, by a `Play` action or by the claim
                let dealt = rules.variant.hand_size() as usize * rules.variant.active as usize;
                assert!(cards <= dealt, "{}: hand {i}", b.name);
                assert_eq!(kept.cards_played() as usize, dealt, "{}: hand {i}", b.name);
            } else {
                assert_eq!(kept.cards_played() as usize, cards, "{}: hand {i}", b.name);
            }
            assert_eq!(kept.actions_taken(), kept.history().len(), "{}: hand {i}", b.name);
            assert_eq!(quiet.actions_taken(), kept.actions_taken(), "{}: hand {i}", b.name);
            assert_eq!(quiet.cards_played(), kept.cards_played(), "{}: hand {i}", b.name);
            assert!(quiet.history().is_empty(), "{}: hand {i}", b.name);
            assert_eq!(quiet.result(), kept.result(), "{}: hand {i}", b.name);
            compared += 1;
        }
    }
    assert!(compared >= 40 * 200, "only {compared} hands compared");
}

/// An illegal action names its index in the hand whether or not the game keeps its history.
#[test]
fn an_illegal_action_names_its_index_without_history() {
    use kartya::engine::sim::random_step;
    use kartya::engine::{Action, Game};
    use std::sync::Arc;
    let Ok(rules) = bundled_rules("alsos-3p") else {
        panic!("alsos-3p loads")
    };
    let mut buf = Vec::new();
    for keep in [true, false] {
        let mut g = Game::new(Arc::clone(&rules), kartya::engine::Seat(0), 3);
        g.set_keep_history(keep);
        let mut rng = kartya::engine::rng::hand_rng(3, 1);
        for _ in 0..5 {
            assert!(random_step(&mut g, &mut rng, &mut buf));
        }
        let Err(e) = g.apply(Action::Play(63)) else {
            panic!("a card out of the deck is refused")
        };
        assert_eq!(e.index, 5, "keep history: {keep}");
    }
}

/// The progress counter (what `simulate` shows on a terminal) counts every hand once and leaves
/// the results as they are.
#[test]
fn progress_counts_every_hand_and_changes_nothing() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let rules = bundled_rules("alsos-3p").expect("alsos-3p loads");
    let done = AtomicU64::new(0);
    let with = kartya::engine::sim::simulate_with_progress(&rules, 1000, 5, &|n| {
        done.fetch_add(n, Ordering::Relaxed);
    });
    assert_eq!(done.load(Ordering::Relaxed), 1000);
    assert_eq!(with, simulate(&rules, 1000, 5));
}

/// The play phase alone (`random_playout`, what `just ab` times as (a)) deals from the caller's
/// stream and plays every dealt card: the points it gives are the dealt hands' card points plus
/// the last-trick bonus, with and without a duty to beat the trick (its two compiled versions).
#[test]
fn the_play_phase_alone_plays_every_dealt_card() {
    use kartya::engine::rng::hand_rng;
    use kartya::engine::sim::random_playout;
    for name in ["alsos-3p", "asszorti", "koenigrufen-russbach", "anrufen"] {
        let rules = bundled_rules(name).expect("bundled");
        let t = &rules.tables;
        for (contract, c) in rules.variant.contracts.iter().enumerate() {
            for hand in 0..40u64 {
                let mut rng = hand_rng(3, hand);
                let mut copy = rng.clone();
                let deal = rules.deal_plan.deal_random(t, &mut copy);
                let trump = c
                    .trumps
                    .then(|| kartya::engine::rng::below(&mut copy, t.n_suits as u32) as u8);
                let Some(pt) = t.table(contract, trump) else { continue };
                let dealt: i32 = deal
                    .hands
                    .iter()
                    .map(|h| (0..64).filter(|k| h >> k & 1 == 1).map(|k| pt.points[k]).sum::<i32>())
                    .sum();
                let points = random_playout(&rules, contract, &mut rng, (hand % deal.n as u64) as u8);
                let bonus = if pt.counts_points { pt.last_trick } else { 0 };
                assert_eq!(
                    points.iter().sum::<i32>(),
                    dealt + bonus,
                    "{name} contract {contract} hand {hand}"
                );
            }
        }
    }
}
