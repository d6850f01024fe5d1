//! Meld patterns named by the variant: takes tests/fixtures/plays/melds-trio-and-pair.kartya (a
//! second set row `trio`, three of a kind, and a second marriage `pair` beside Alsós's rows),
//! hands laid out card by card and scripted calls, gives the calls offered by name, the contest
//! of rival sets by their order, the marriage counted unannounced, and the calls as text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;
use engine_util::*;
use kartya::engine::melds::MeldCall;
use kartya::engine::{Action, Game, Phase, Rules};
use kartya::record::notation::{action_text, parse_action};
use std::sync::Arc;

fn fixture_rules() -> Arc<Rules> {
    let path = "tests/fixtures/plays/melds-trio-and-pair.kartya";
    let (sources, loaded) = common::load(&[path], &common::root());
    assert!(loaded.diags.is_empty(), "{}", common::render(&loaded.diags, &sources));
    kartya::engine::Rules::new(loaded.variant.unwrap()).unwrap()
}

/// Forehand accepts the indicator's suit (piros, the trump); the hand is at trick 1's first card.
fn adu_game(r: &Arc<Rules>, hands: &[&[&str]], indicator: &str) -> Game {
    let hs: Vec<Vec<u8>> = hands.iter().map(|h| cards(r, h)).collect();
    let refs: Vec<&[u8]> = hs.iter().map(|h| h.as_slice()).collect();
    let order = order_with(r, 1, &refs, Some(cards(r, &[indicator])[0]), &[]);
    let mut g = game_from_order(r, 2, &order);
    act(&mut g, &[Action::Accept]);
    while g.phase() == Phase::Front {
        act(&mut g, &[Action::Pass]);
    }
    skip_exchange(&mut g);
    assert_eq!(g.phase(), Phase::Play);
    g
}

const ACES: [&str; 9] = [
    "makk.A", "piros.A", "tök.A", "piros.K", "makk.7", "tök.8", "zöld.9", "makk.O", "tök.10",
];
const KINGS: [&str; 9] = [
    "makk.K", "tök.K", "zöld.K", "makk.9", "tök.7", "zöld.7", "piros.9", "makk.10", "zöld.U",
];

/// Three aces beat three kings in the plain order; the trump ace and king score 40 unannounced.
#[test]
fn rival_trios_compare_and_the_pair_counts_unannounced() {
    let r = fixture_rules();
    let trio = r.variant.melds.sets.iter().position(|s| s.name == "trio").unwrap() as u8;
    assert_eq!(trio, 1, "the house rule's set row follows the base's vannak");
    let mut g = adu_game(&r, &[&ACES, &KINGS], "piros.8");
    assert_eq!(g.to_act(), 0);
    assert!(g.legal_actions().contains(&Action::Meld(MeldCall::Set(trio))));
    assert!(
        !g.legal_actions().contains(&Action::Meld(MeldCall::Set(0))),
        "no vannak held"
    );
    act(&mut g, &[Action::Meld(MeldCall::Set(trio))]);
    let e = g.apply(Action::Meld(MeldCall::Set(trio))).unwrap_err();
    assert!(e.rule.contains("already"), "{e}");
    play_lowest(&mut g, 1);
    act(&mut g, &[Action::Meld(MeldCall::Set(trio))]);
    finish_quietly(&mut g);
    let melds = g.result().unwrap().meld_points;
    assert_eq!(melds[..2], [30 + 40, 0], "aces win the trios; the pair is forehand's");
}

/// Without a call the trio scores nothing; the marriage still does.
#[test]
fn an_uncalled_trio_scores_nothing() {
    let r = fixture_rules();
    let mut g = adu_game(&r, &[&ACES, &KINGS], "piros.8");
    finish_quietly(&mut g);
    assert_eq!(g.result().unwrap().meld_points[..2], [40, 0]);
}

/// A set call is written and read by the row's name.
#[test]
fn set_calls_are_text_by_their_names() {
    let r = fixture_rules();
    let g = adu_game(&r, &[&ACES, &KINGS], "piros.8");
    let call = Action::Meld(MeldCall::Set(1));
    assert_eq!(action_text(&g, call), "meld trio");
    assert_eq!(parse_action(&g, "meld trio").unwrap(), call);
    assert_eq!(parse_action(&g, "meld vannak").unwrap(), Action::Meld(MeldCall::Set(0)));
}
