//! Issue 28.6, state that cannot go stale: takes random alsos-3p hands, gives the check that a
//! back round held after trick 1 reads the cards still held (a figure's `requires`, the seat's
//! view), not the hand from before the play.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::{Action, Game, Phase};
use std::sync::Arc;

/// Issue 28.6: a back round held after trick 1 checks a figure's `requires` against the cards
/// still held: the declarer who has played the trump king may no longer announce kassza
/// (`requires declarer holds trump.K trump.O`), and his view shows the hand he holds now.
#[test]
fn a_back_round_after_trick_one_reads_the_live_hand() {
    let r = rules("alsos-3p");
    let kassza = figure(&r, "kassza");
    let mut checked = 0;
    for i in 0..3000u64 {
        let mut rng = kartya::engine::rng::hand_rng(286, i);
        let mut g = Game::new(Arc::clone(&r), kartya::engine::Seat((i % 3) as u8), i);
        let mut buf = Vec::new();
        while !g.is_over() {
            if g.phase() == Phase::Back && g.play_state().tricks_played >= 1 {
                let seat = g.to_act_seat();
                let hand = g.observation(seat).hand;
                let played = g.played_cards();
                assert_eq!(hand & played, 0, "hand {i}: the view shows a played card as held");
                if g.legal_actions().contains(&Action::announce(kassza)) && g.declarer() == Some(seat) {
                    let trump = g.trump().unwrap();
                    let (k, o) = (card_of(&r, trump, "K"), card_of(&r, trump, "O"));
                    assert!(
                        hand & (1 << k) != 0 && hand & (1 << o) != 0,
                        "hand {i}: kassza without the béla held"
                    );
                    checked += 1;
                }
            }
            if !kartya::engine::sim::random_step(&mut g, &mut rng, &mut buf) {
                break;
            }
        }
    }
    assert!(checked > 0, "no kassza open in a back round after trick 1");
}

fn card_of(r: &kartya::engine::Rules, suit: u8, rank: &str) -> u8 {
    let name = &r.variant.suits[suit as usize].name;
    card(r, name, rank)
}
