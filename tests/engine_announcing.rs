//! Who opens the back round: takes alsos-3p with and without `back-round before-first-lead
//! declarer-first` (tests/fixtures/plays/back-round-declarer-first.kartya), gives over random
//! hands the first speaker of every back round held before the first lead: the declarer with the
//! statement (Asszorti A8: he names trumps and his undertaking, then the defenders may double),
//! the first leader without it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::{Game, Phase, Rules};
use rand::RngCore;
use std::sync::Arc;

fn rules(args: &[&str]) -> Arc<Rules> {
    common::rules(args)
}

/// (back rounds seen, opened by the declarer) over random hands.
fn openers(r: &Arc<Rules>) -> (u32, u32) {
    let (mut rounds, mut by_declarer) = (0, 0);
    for i in 0..400u64 {
        let mut rng = hand_rng(11, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(r), kartya::engine::Seat((i % 3) as u8), deal);
        let mut was_back = false;
        while !g.is_over() {
            if g.phase() == Phase::Back && !was_back {
                rounds += 1;
                if g.declarer() == Some(g.to_act_seat()) {
                    by_declarer += 1;
                }
            }
            was_back = g.phase() == Phase::Back;
            let legal = g.legal_actions();
            let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
            g.apply(a).unwrap();
        }
    }
    (rounds, by_declarer)
}

#[test]
fn the_declarer_opens_the_back_round_when_the_file_says_so() {
    let (rounds, by_declarer) = openers(&rules(&["tests/fixtures/plays/back-round-declarer-first.kartya"]));
    assert!(rounds > 100, "{rounds} back rounds");
    assert_eq!(by_declarer, rounds);
}

#[test]
fn the_first_leader_opens_it_otherwise() {
    let (rounds, by_declarer) = openers(&rules(&["alsos-3p", "announce-before-first-lead"]));
    assert!(rounds > 100, "{rounds} back rounds");
    // forehand leads the trump game whoever declares: the declarer opens only when he is forehand
    assert!(by_declarer < rounds * 2 / 3, "{by_declarer} of {rounds}");
}

/// Kontras said over random hands: (on the game, on an announced figure).
fn kontras(r: &Arc<Rules>) -> (u32, u32) {
    use kartya::engine::game::{Action, Item};
    let (mut game, mut figures) = (0, 0);
    for i in 0..400u64 {
        let mut rng = hand_rng(5, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(r), kartya::engine::Seat((i % 3) as u8), deal);
        let mut legal = Vec::new();
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            let a = legal[(rng.next_u32() as usize) % legal.len()];
            match a {
                Action::Kontra(Item::Game) => game += 1,
                Action::Kontra(Item::Figure(_)) => figures += 1,
                _ => {}
            }
            g.apply(a).unwrap();
        }
    }
    (game, figures)
}

/// Issue 30 finding 3, "kontra on the game only": with `on game` in the doubling block no level
/// is ever offered on an announced figure, while the game is doubled as before; without it,
/// random hands double figures too (so the count can fail).
#[test]
fn on_game_keeps_the_doubling_off_announced_figures() {
    let (game, figures) = kontras(&rules(&["alsos-3p"]));
    assert!(game > 0 && figures > 0, "the base doubles both: {game} {figures}");
    let (game, figures) = kontras(&common::fixture_rules("kontra-on-game-only"));
    assert!(game > 0, "the game is still doubled");
    assert_eq!(figures, 0, "no figure is doubled under `on game`");
}
