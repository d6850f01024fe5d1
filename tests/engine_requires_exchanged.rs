//! `requires exchanged at-least N` (issue 30 finding 3, alsos.md A27: abszolút only after a
//! multi-card exchange): takes alsos-3p with the bundled abszolut-after-exchange,
//! gives over random hands that abszolút is offered (and accepted) only to the player who took at
//! least two cards in the síbelés, the indicator among them, and that such a player is offered it;
//! the base offers it to players who took none (so the test can fail).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::{Action, Game, Rules, Seat};
use rand::RngCore;
use std::sync::Arc;

/// (positions where a player who took at least 2 cards in the exchange may announce abszolút,
/// positions where anyone else may).
fn offers(r: &Arc<Rules>) -> (u32, u32) {
    let absz = r
        .variant
        .figures
        .iter()
        .position(|f| f.name == "abszolút")
        .expect("abszolút") as u16;
    let (mut qualified, mut others) = (0, 0);
    let mut legal = Vec::new();
    for i in 0..3000u64 {
        let mut rng = hand_rng(6, i);
        let mut g = Game::new(Arc::clone(r), Seat((i % 3) as u8), i);
        // the seat that exchanged and how many cards it took
        let mut took: Option<(Seat, u32)> = None;
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            let seat = g.to_act_seat();
            if legal.contains(&Action::Announce(absz)) {
                if took.is_some_and(|(s, n)| s == seat && n >= 2) {
                    qualified += 1;
                } else {
                    others += 1;
                }
            }
            // an exchange when it is legal, so that many hands have one
            let a = if legal.contains(&Action::Exchange) {
                Action::Exchange
            } else {
                legal[(rng.next_u32() as usize) % legal.len()]
            };
            let before = g.hand_of(seat).count_ones();
            g.apply(a).unwrap();
            if a == Action::Exchange {
                // the exchanger card goes out, the cards taken come in
                took = Some((seat, g.hand_of(seat).count_ones() + 1 - before));
            }
        }
    }
    (qualified, others)
}

#[test]
fn abszolut_only_after_taking_two_cards_in_the_exchange() {
    let (qualified, others) = offers(&common::rules(&["alsos-3p", "abszolut-after-exchange"]));
    assert!(
        qualified > 0,
        "the exchanger who took two cards was never offered abszolút"
    );
    assert_eq!(others, 0, "abszolút offered to a player who did not take two cards");
    let (_, others) = offers(&common::rules(&["alsos-3p"]));
    assert!(others > 0, "the base offers abszolút to anyone");
}
