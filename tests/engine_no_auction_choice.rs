//! `no-auction A B ... declarer forehand` (issue 30 finding 3, a Bettel for forehand in
//! Rußbach): takes koenigrufen-russbach with tests/fixtures/plays/russbach-bettel.kartya, gives
//! that every hand opens with forehand naming his contract (`choose rufspiel`, `choose bettel`)
//! on his first four cards, that a Bettel is played alone with no call and scored 30 to or from
//! each of the three by whether forehand took a trick, that the called game goes on as in the
//! base, and that the base offers no choice (so the test can fail).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::{Action, Game, Phase, Rules, Seat};
use kartya::record::notation::{action_text, parse_action};
use rand::RngCore;
use std::sync::Arc;

fn contract(r: &Rules, name: &str) -> usize {
    r.variant.contracts.iter().position(|c| c.name == name).expect(name)
}

/// Plays a hand of `r` dealt by `dealer` from `seed` to its end with random legal actions.
fn finish(g: &mut Game, seed: u64) {
    let mut rng = hand_rng(9, seed);
    let mut legal = Vec::new();
    while !g.is_over() {
        g.legal_actions_into(&mut legal);
        let a = legal[(rng.next_u32() as usize) % legal.len()];
        g.apply(a).unwrap();
    }
}

#[test]
fn forehand_names_rufspiel_or_bettel_on_four_cards() {
    let r = common::fixture_rules("russbach-bettel");
    for dealer in 0..4u8 {
        let g = Game::new(Arc::clone(&r), Seat(dealer), u64::from(dealer));
        assert_eq!(g.phase(), Phase::Choose);
        assert_eq!(g.to_act_seat(), Seat((dealer + 1) % 4), "forehand chooses");
        assert_eq!(g.hand_of(g.to_act_seat()).count_ones(), 4, "on his first four cards");
        let words: Vec<String> = g.legal_actions().into_iter().map(|a| action_text(&g, a)).collect();
        assert_eq!(words, ["choose rufspiel", "choose bettel"]);
    }
}

#[test]
fn a_bettel_is_played_alone_and_paid_30_by_each() {
    let r = common::fixture_rules("russbach-bettel");
    let bettel = contract(&r, "bettel");
    let (mut won, mut lost) = (0, 0);
    for i in 0..400u64 {
        let dealer = Seat((i % 4) as u8);
        let forehand = (dealer.0 + 1) % 4;
        let mut g = Game::new(Arc::clone(&r), dealer, i);
        let choose = parse_action(&g, "choose bettel").unwrap();
        g.apply(choose).unwrap();
        assert_eq!(g.contract(), Some(bettel));
        assert_eq!(g.declarer(), Some(Seat(forehand)));
        assert_eq!(g.trump(), None);
        assert_ne!(g.phase(), Phase::PartnerCall, "nobody is called in a Bettel");
        finish(&mut g, i);
        let s = g.result().unwrap();
        assert_eq!(s.contract, Some(bettel));
        let took = s.tricks[forehand as usize] > 0;
        let sign = if took { -1 } else { 1 };
        for seat in 0..4 {
            let want = if seat == forehand as usize {
                90 * sign
            } else {
                -30 * sign
            };
            assert_eq!(s.payments[seat], want, "hand {i}, seat {seat}");
        }
        if took {
            lost += 1;
        } else {
            won += 1;
        }
    }
    assert!(won > 0 && lost > 0, "won {won}, lost {lost}");
}

#[test]
fn the_called_game_goes_on_as_in_the_base() {
    let r = common::fixture_rules("russbach-bettel");
    let mut g = Game::new(Arc::clone(&r), Seat(0), 5);
    g.apply(parse_action(&g, "choose rufspiel").unwrap()).unwrap();
    assert_eq!(g.contract(), Some(contract(&r, "rufspiel")));
    assert_eq!(g.declarer(), Some(Seat(1)));
    assert_eq!(g.phase(), Phase::PartnerCall);
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::CallCard(_))));
    finish(&mut g, 5);
    assert!(g.result().is_some());

    let base = common::rules(&["koenigrufen-russbach"]);
    let g = Game::new(base, Seat(0), 5);
    assert_eq!(g.phase(), Phase::PartnerCall, "the base has forehand call at once");
}
