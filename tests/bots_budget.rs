//! The pimc bots' budgets (issue 28.12): takes the largest table the engine plays (8 players, 64
//! cards: tests/fixtures/bounds/eight-players-64-cards.kartya), gives that pimc's count of the
//! deals stays within its bound (`sample::MAX_COUNTED` states, where before it climbed past
//! 300 MB and ran for minutes on the first card) and that a whole hand finishes within the
//! default node budget, counted in nodes, never in time.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::bots::{Bot, BotKind, View};
use kartya::engine::rng::hand_rng;
use kartya::engine::{Game, Phase, Seat};
use kartya::pimc::{choose_card, try_choose_card, PimcError, PimcOptions};
use std::sync::Arc;

const FIXTURE: &str = "tests/fixtures/bounds/eight-players-64-cards.kartya";

/// A hand of the fixture with heuristic bots until the first card of the play.
fn first_card(seed: u64) -> Game {
    let rules = common::rules(&[FIXTURE]);
    let mut g = Game::new(Arc::clone(&rules), Seat(0), seed);
    let mut bots: Vec<Box<dyn Bot>> = (0..rules.variant.players).map(|_| BotKind::Heuristic.make()).collect();
    let mut rng = hand_rng(seed, 0);
    while g.phase() != Phase::Play && !g.is_over() {
        let seat = g.to_act_seat();
        let a = bots[seat.0 as usize].act(&View::new(&g, seat), &mut rng);
        g.apply(a).unwrap();
    }
    g
}

#[test]
fn the_count_of_deals_on_the_largest_table_is_bounded() {
    let g = first_card(1);
    assert_eq!(g.phase(), Phase::Play, "the auction ends in a contract (forced-last)");
    let seat = g.to_act_seat();
    let mut rng = hand_rng(1, 1);
    // 56 hidden cards in 7 hands: millions of states to count; the count gives up at its bound
    let r = try_choose_card(&g, seat, &PimcOptions::default(), &mut rng);
    assert!(matches!(r, Err(PimcError::TooLarge)), "{r:?}");
    // and the bot plays its fallback, a legal card
    let c = choose_card(&g, seat, &PimcOptions::default(), &mut rng).expect("a card");
    assert!(g.legal_cards().is_some_and(|m| m & (1u64 << c) != 0));
}

/// A whole hand with pimc's cards at every seat under the default options: every decision within
/// `samples` x `node_budget` nodes, the hand within 64 such decisions. Release only (a debug
/// build takes minutes over the same nodes): `cargo test --release --test bots_budget`.
#[test]
#[cfg_attr(debug_assertions, ignore = "release: cargo test --release --test bots_budget")]
fn a_pimc_hand_of_the_largest_table_finishes_within_the_default_budget() {
    let opts = PimcOptions::default();
    let per_decision = u64::from(opts.samples) * (opts.node_budget + 1);
    let mut g = first_card(2);
    let mut heuristic = BotKind::Heuristic.make();
    let mut rng = hand_rng(2, 1);
    let (mut decisions, mut nodes, mut too_large) = (0u64, 0u64, 0u64);
    while !g.is_over() {
        let seat = g.to_act_seat();
        let a = match try_choose_card(&g, seat, &opts, &mut rng) {
            Ok(Some(c)) => {
                assert!(c.nodes <= per_decision, "decision {decisions}: {} nodes", c.nodes);
                nodes += c.nodes;
                decisions += 1;
                kartya::engine::Action::Play(if c.solved > 0 {
                    c.card
                } else {
                    c.legal.trailing_zeros() as u8
                })
            }
            Err(PimcError::TooLarge) => {
                too_large += 1;
                heuristic.act(&View::new(&g, seat), &mut rng)
            }
            _ => heuristic.act(&View::new(&g, seat), &mut rng),
        };
        g.apply(a).unwrap();
    }
    assert!(g.result().is_some());
    assert!(decisions + too_large <= 64);
    assert!(nodes <= 64 * per_decision);
    println!("{decisions} decisions searched, {too_large} over the count's bound, {nodes} nodes");
}
