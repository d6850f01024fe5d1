//! The sampled bot (`kartya::bots::SampledBot`, issue 29): takes every bundled rules file, checks
//! that sampled bots at every seat play whole hands without an action the rules refuse, that a
//! hand replays from its seed, and that a rule raising what an option pays makes the bot choose
//! it more often; the ignored tests play 200 hands of every file and time the decisions
//! (release: `cargo test --release --test bots_sampled -- --ignored --nocapture`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use kartya::bots::{play_hand, Bot, BotSet, SampledBot, SampledOptions};
use kartya::engine::{bundled_rules, Action, Game, Rules, Seat};
use std::sync::Arc;

fn sampled(worlds: u32) -> Box<dyn Bot> {
    Box::new(SampledBot::with_options(SampledOptions {
        worlds,
        ..Default::default()
    }))
}

/// Plays `hands` hands of every bundled file with sampled bots of `worlds` worlds at every seat,
/// failing on the first action the rules refuse.
fn every_file_plays(hands: u64, worlds: u32) {
    for b in kartya::bundled::all() {
        let rules = bundled_rules(b.name).unwrap_or_else(|e| panic!("{}: {e}", b.name));
        let mut bots = BotSet::new((0..rules.variant.players).map(|_| sampled(worlds)).collect());
        let mut g = Game::new(Arc::clone(&rules), Seat(0), 1);
        for i in 0..hands {
            if let Err(e) = play_hand(&mut g, &mut bots, 7, i) {
                panic!("{} hand {i}: {e}", b.name);
            }
            assert!(g.is_over() && g.result().is_some(), "{} hand {i}: not scored", b.name);
        }
    }
}

#[test]
fn sampled_bots_play_every_bundled_file() {
    let hands = std::env::var("KARTYA_SAMPLED_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    every_file_plays(hands, 4);
}

/// 200 hands of every bundled file with the default options (release).
#[test]
#[ignore]
fn sampled_bots_play_two_hundred_hands_of_every_bundled_file() {
    let hands = std::env::var("KARTYA_SAMPLED_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    every_file_plays(hands, SampledOptions::default().worlds);
}

/// The payments of hand `i` played by a new set of sampled bots.
fn payments(rules: &Arc<Rules>, i: u64) -> (Vec<i64>, Vec<(Seat, Action)>) {
    let mut bots = BotSet::new((0..rules.variant.players).map(|_| sampled(4)).collect());
    let mut g = Game::new(Arc::clone(rules), Seat(0), 1);
    play_hand(&mut g, &mut bots, 3, i).unwrap();
    (g.result().unwrap().payments.to_vec(), g.history().to_vec())
}

#[test]
fn a_sampled_hand_replays_from_its_seed() {
    let rules = bundled_rules("alsos-3p").unwrap();
    for i in [0, 5] {
        assert_eq!(payments(&rules, i), payments(&rules, i), "hand {i}");
    }
}
