//! The Tompa two-player rules (issue 13): takes hand records of `alsos-2p-tompa` and its house
//! rules (whole ones in tests/fixtures/records/, partial ones written here) and gives the checks
//! of the seed's order of events, the meld tie-break by suit, the 7/8 exchange when the 7 is the
//! face-up top card, who may announce kassza and the abszolút/100 restriction.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::{Game, Phase};
use kartya::record::{self, notation};
use kartya::source::{Origin, SourceSet};

/// Replays a record's text; gives the game and the messages of its errors.
fn replay(text: &str) -> (Option<Game>, Vec<String>) {
    let mut sources = SourceSet::new();
    let id = sources.add("test.json", text, Origin::User);
    let r = record::replay(&mut sources, id);
    let errors = r
        .diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    (r.game, errors)
}

/// A record of a Tompa hand dealt by seat 0 as hands (forehand, seat 1, first; the 8 cards taken
/// up, then the 4 hidden) and a talon (the indicator, 6 hidden cards, the face-up top card).
fn record_text(house: &[&str], hands: [&str; 2], talon: &str, actions: &[&str]) -> String {
    let list = |s: &str| {
        s.split_whitespace()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let house: Vec<String> = house.iter().map(|h| format!("\"{h}\"")).collect();
    let actions: Vec<String> = actions.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        r#"{{"format": "kartya-record/1", "variant": "alsos-2p-tompa", "house_rules": [{}], "dealer": 0,
  "deal": {{"hands": [[{}], [{}]], "talon": [{}]}}, "actions": [{}]}}"#,
        house.join(", "),
        list(hands[0]),
        list(hands[1]),
        list(talon),
        actions.join(", ")
    )
}

/// The game after the actions of a partial record, which must all be legal.
fn partial(house: &[&str], hands: [&str; 2], talon: &str, actions: &[&str]) -> Game {
    let (game, errors) = replay(&record_text(house, hands, talon, actions));
    let errors: Vec<&String> = errors.iter().filter(|e| !e.contains("stops before")).collect();
    assert!(errors.is_empty(), "{errors:?}");
    game.expect("a game")
}

fn legal_texts(g: &Game) -> Vec<String> {
    g.legal_actions()
        .into_iter()
        .map(|a| notation::action_text(g, a))
        .collect()
}

/// The hands of the exchange fixture: seat 1 holds the trump 7 (zöld), and a trump terc A K O;
/// seat 0 a terc A K O in makk, the highest suit.
const EXCHANGE_HANDS: [&str; 2] = [
    "zöld.A zöld.K zöld.O zöld.7 makk.10 makk.8 piros.A piros.O piros.9 tök.K tök.U tök.8",
    "makk.A makk.K makk.O makk.9 makk.7 piros.K piros.U piros.7 tök.A tök.O tök.10 zöld.U",
];
const EXCHANGE_TALON: &str = "zöld.9 makk.U piros.10 tök.9 tök.7 zöld.10 zöld.8 piros.8";

/// Item 13.5 ([000 Tompa] order of events, alsos.md §19.9): the late commitments come after the
/// pickup and before the 7/8 exchange, which is made at the first trick. Before the fix the
/// exchange came straight after the pickup, so the declarer's late `announce százas` here was
/// refused (the exchange was open).
#[test]
fn tompa_late_commitments_come_before_the_exchange() {
    let g = partial(&[], EXCHANGE_HANDS, EXCHANGE_TALON, &["accept", "pass", "pass"]);
    assert_eq!(g.phase(), Phase::Back, "after the pickup: the second commitment phase");
    assert!(legal_texts(&g).contains(&"announce százas".to_string()));
    let g = partial(
        &[],
        EXCHANGE_HANDS,
        EXCHANGE_TALON,
        &["accept", "pass", "pass", "announce százas", "pass", "pass", "pass"],
    );
    assert_eq!(g.phase(), Phase::Exchange, "then the exchange, at the first trick");
    let g = partial(
        &[],
        EXCHANGE_HANDS,
        EXCHANGE_TALON,
        &[
            "accept",
            "pass",
            "pass",
            "announce százas",
            "pass",
            "pass",
            "pass",
            "exchange",
            "pass",
        ],
    );
    // (every position is asked in the exchange: the other one passes)
    assert_eq!(g.phase(), Phase::Play);
    // the melds go with the trick-1 cards, on the hand the exchange left (zöld.9 for zöld.7)
    assert!(legal_texts(&g).contains(&"meld terc".to_string()));
}

/// The whole hand of the test above replays cleanly (tests/records.rs replays every fixture).
#[test]
fn tompa_exchange_fixture_replays() {
    let text =
        std::fs::read_to_string(common::root().join("tests/fixtures/records/tompa-exchange-after-commitments.json"))
            .expect("fixture");
    let (game, errors) = replay(&text);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(game.is_some_and(|g| g.is_over()));
}

/// Item 13.4 ([001] §05 "comprimento, carta mais alta e depois naipe"; [000 Tompa] "mine is in
/// Bells"; alsos.md §19.7.6): two tercs from the ace, the declarer's in trumps (zöld), the
/// opponent's in makk: makk is the higher suit and wins; a trump run is no better. Before the
/// fix the trump terc won (the declarer's melds were 40, the opponent's 0).
#[test]
fn tompa_equal_runs_go_to_the_higher_suit_not_to_trumps() {
    let text =
        std::fs::read_to_string(common::root().join("tests/fixtures/records/tompa-equal-tercs.json")).expect("fixture");
    let (game, errors) = replay(&text);
    assert!(errors.is_empty(), "{errors:?}");
    let g = game.expect("a game");
    let s = g.result().expect("a finished hand");
    assert_eq!(s.declarer, Some(1));
    assert_eq!(s.meld_points[1], 20, "the declarer: the béla only");
    assert_eq!(s.meld_points[0], 20, "the opponent: the makk terc");
}

/// Hands where the trump 7 is the face-up top card and seat 0 holds the trump 8.
const TOP_SEVEN_HANDS: [&str; 2] = [
    "zöld.A zöld.K zöld.O zöld.10 makk.10 makk.8 piros.A piros.O piros.9 tök.K tök.U tök.8",
    "makk.A makk.K makk.O makk.9 makk.7 piros.K piros.U piros.7 tök.A tök.O tök.10 zöld.8",
];
const TOP_SEVEN_TALON: &str = "zöld.9 makk.U piros.10 piros.8 tök.9 tök.7 zöld.U zöld.7";

/// Item 13.11 (A26): in Tompa the 8 stands in only when the 7 is the indicator ([001] §04 "se
/// essa carta exposta for o próprio 7"); with the 7 on top of the talon nobody exchanges. The
/// house rule tompa-8-for-face-up-seven ([000] 2p "if the 7 is showing") lets the 8 exchange.
/// Before the fix the 8 exchanged in both (see also the fixture
/// record-tompa-8-for-the-top-seven.json).
#[test]
fn tompa_8_exchanges_for_the_top_seven_only_by_house_rule() {
    let actions = ["accept", "pass", "pass", "pass", "pass"];
    let g = partial(&[], TOP_SEVEN_HANDS, TOP_SEVEN_TALON, &actions);
    assert_eq!(g.phase(), Phase::Play, "no exchange: the 7 is not the indicator");
    let mut g = partial(
        &["tompa-8-for-face-up-seven"],
        TOP_SEVEN_HANDS,
        TOP_SEVEN_TALON,
        &actions,
    );
    // every position is asked in turn: forehand, without the 8, passes first
    assert_eq!(legal_texts(&g), ["pass"]);
    g.apply(kartya::engine::Action::Pass).unwrap();
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.to_act_seat(), 0, "the holder of the trump 8");
}

/// Seat 1 holds the trump over without the king; seat 0 the king.
const NO_BELA_HANDS: [&str; 2] = [
    "zöld.A zöld.O zöld.10 makk.10 makk.8 piros.A piros.O piros.9 tök.K tök.U tök.8 tök.9",
    "makk.A makk.K makk.O makk.9 makk.7 piros.K piros.U piros.7 tök.A tök.O zöld.K zöld.8",
];
const NO_BELA_TALON: &str = "zöld.9 makk.U piros.10 piros.8 tök.10 tök.7 zöld.U zöld.7";

/// Item 13.7 (A10): the opponent may announce kassza by default (both players announce
/// commitments in turn, [001] §03); with tompa-kassza-declarer-only he may not. The declarer
/// needs the béla (record-tompa-kassza-without-the-bela.json).
#[test]
fn tompa_kassza_by_the_opponent_only_without_the_house_rule() {
    let g = partial(&[], NO_BELA_HANDS, NO_BELA_TALON, &["accept", "pass"]);
    assert!(legal_texts(&g).contains(&"announce kassza".to_string()));
    let g = partial(
        &["tompa-kassza-declarer-only"],
        NO_BELA_HANDS,
        NO_BELA_TALON,
        &["accept", "pass"],
    );
    assert!(!legal_texts(&g).contains(&"announce kassza".to_string()));
}

/// Item 13.8 (A20): abszolút then 100 by one player in the same early phase is allowed by default (neither
/// Tompa text restates §8.3.1) and refused with tompa-abszolut-100-restriction.
#[test]
fn tompa_abszolut_and_100_in_one_phase_only_without_the_house_rule() {
    // the declarer goes on speaking in his turn after his abszolút
    let actions = ["accept", "announce abszolút"];
    let g = partial(&[], NO_BELA_HANDS, NO_BELA_TALON, &actions);
    assert!(legal_texts(&g).contains(&"announce százas".to_string()));
    let g = partial(
        &["tompa-abszolut-100-restriction"],
        NO_BELA_HANDS,
        NO_BELA_TALON,
        &actions,
    );
    assert!(!legal_texts(&g).contains(&"announce százas".to_string()));
}
