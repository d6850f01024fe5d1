//! What checks clean plays as `explain` says: takes bundled files and small overlays, gives hands
//! in which each statement the checker accepts does in the engine what `explain` prints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::{Action, Phase};

/// Dealer seat 2: seat 0 is forehand, seat 1 middlehand, seat 2 the dealer.
const DEALER: u8 = 2;

/// `announcing { end all-spoke-then-two-passes }` (announce-all-speak, A18): the front round does
/// not end when the declarer and the next player pass at once; the third player still speaks.
/// Under the literal rule of alsos-3p the same two passes end it.
#[test]
fn all_speak_first_gives_the_third_player_his_turn() {
    for (name, all_speak) in [("alsos-3p", false), ("announce-all-speak", true)] {
        let r = rules(name);
        let mut g = game_from_order(&r, DEALER, &deck_with(&r, 3, &[]));
        act(&mut g, &[Action::Pass, Action::Accept]);
        let declarer = g.declarer().unwrap();
        assert_eq!(g.phase(), Phase::Front, "{name}");
        assert_eq!(g.to_act(), declarer, "{name}: the declarer speaks first");
        act(&mut g, &[Action::Pass, Action::Pass]);
        if all_speak {
            assert_eq!(g.phase(), Phase::Front, "{name}: the third player has not spoken");
            assert_eq!(g.to_act(), (declarer + 2) % 3, "{name}");
            act(&mut g, &[Action::Pass]);
        }
        assert_ne!(g.phase(), Phase::Front, "{name}: three passes end the round");
    }
}

/// Once everyone has spoken, two passes in a row end the round as before: the declarer and the
/// second player pass, the third says kontra, and the next two passes end the round.
#[test]
fn all_speak_first_then_two_passes_end_the_round() {
    use kartya::engine::game::Item;
    let r = rules("announce-all-speak");
    let mut g = game_from_order(&r, DEALER, &deck_with(&r, 3, &[]));
    act(&mut g, &[Action::Pass, Action::Accept]);
    act(&mut g, &[Action::Pass, Action::Pass]);
    assert!(g.legal_actions().contains(&Action::Kontra(Item::Game)));
    act(&mut g, &[Action::Kontra(Item::Game), Action::Pass, Action::Pass]);
    assert_eq!(g.phase(), Phase::Front, "one pass after the kontra");
    act(&mut g, &[Action::Pass]);
    assert_ne!(g.phase(), Phase::Front, "all spoke, then two passes in a row");
}
