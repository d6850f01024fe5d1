//! `raise-by partner in-first-trick to C...` (koenigrufen-family.md §4.9.1; N4, N5): takes
//! anrufen and the deal of tests/hands/anrufen-n4-*.json, gives the raises allowed from each
//! contract (N5's table), who may raise and when (only the called partner, at his turn in trick
//! 1 before his card, once), the partner shown by the raise, the hand scored as the raised
//! contract, and random hands in which every raise keeps those rules and every hand is zero-sum.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;

use engine_util::*;
use kartya::engine::{Action, Game, Seat};
use kartya::record::notation::{action_text, parse_action};

const N4: &str = "tests/hands/anrufen-n4-partner-raises-einfach-to-durchmarsch-hundert-3.json";

/// The N4 deal (dealer seat 3) with these actions applied in record words.
fn n4_game(actions: &[&str]) -> Game {
    let r = rules("anrufen");
    let rec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(common::root().join(N4)).unwrap()).unwrap();
    let deck: Vec<&str> = rec["deal"]["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let mut g = game_from_order(&r, 3, &cards(&r, &deck));
    for a in actions {
        let action = parse_action(&g, a).unwrap_or_else(|e| panic!("{a}: {e}"));
        g.apply(action).unwrap_or_else(|e| panic!("{a}: {}", e.rule));
    }
    g
}

/// The raises legal now, by contract name.
fn raises(g: &Game) -> Vec<String> {
    let v = &g.rules().variant;
    g.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::RaiseTo(c) => Some(v.contracts[*c as usize].name.clone()),
            _ => None,
        })
        .collect()
}

/// N5 (seed rule), koenigrufen-family.md §8.2, §4.9.1: from 1 to 2, 4 or 5; from 2 to 5; from 4
/// to 5; from 5 none; at the partner's turn (seat 2 holds herz.K) in trick 1.
#[test]
fn n5_the_allowed_raises_from_each_contract() {
    for (bid, allowed) in [
        ("einfach", &["hundert", "durchmarsch", "durchmarsch-hundert"][..]),
        ("hundert", &["durchmarsch-hundert"][..]),
        ("durchmarsch", &["durchmarsch-hundert"][..]),
        ("durchmarsch-hundert", &[][..]),
    ] {
        let bid_words = format!("bid {bid}");
        let g = n4_game(&[
            &bid_words,
            "pass",
            "pass",
            "pass",
            "trumps herz",
            "call herz.K",
            "play herz.A",
            "play herz.9",
        ]);
        assert_eq!(g.to_act_seat(), Seat(2), "{bid}");
        assert_eq!(raises(&g), allowed, "{bid}");
    }
}

/// N5: from no tricks (3) no raise: the bidder plays alone, there is no partner to raise.
#[test]
fn n5_no_raise_from_no_tricks() {
    let mut g = n4_game(&["bid kein-stich", "pass", "pass", "pass"]);
    for _ in 0..4 {
        assert!(raises(&g).is_empty());
        let card = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Play(_)))
            .unwrap();
        g.apply(card).unwrap();
    }
}

/// Only the partner raises, only before his card in trick 1, and only once; a raise to a
/// contract not listed is refused with the rule's words.
#[test]
fn only_the_partner_raises_in_trick_one_once() {
    let start = ["bid einfach", "pass", "pass", "pass", "trumps herz", "call herz.K"];
    let g = n4_game(&start);
    let r = g.rules().clone();
    let to = |name: &str| Action::RaiseTo(contract(&r, name) as u8);
    // the declarer leads: not his to raise
    assert!(raises(&g).is_empty());
    assert!(g.clone().apply(to("hundert")).is_err());
    // the opponent after him: not his either
    let g = n4_game(&[&start[..], &["play herz.A"]].concat());
    assert_eq!(g.to_act_seat(), Seat(1));
    assert!(raises(&g).is_empty());
    // the partner: yes, but not to kein-stich, and only once
    let mut g = n4_game(&[&start[..], &["play herz.A", "play herz.9"]].concat());
    let err = g.clone().apply(to("kein-stich")).unwrap_err();
    assert!(err.rule.contains("may not be raised to this one"), "{}", err.rule);
    g.apply(to("hundert")).unwrap();
    assert!(raises(&g).is_empty(), "once");
    assert!(g.clone().apply(to("durchmarsch-hundert")).is_err());
    // after his card and after trick 1: nothing
    let mut g = n4_game(&[&start[..], &["play herz.A", "play herz.9", "play herz.K"]].concat());
    assert!(g.clone().apply(to("hundert")).is_err());
    g.apply(parse_action(&g, "play herz.Q").unwrap()).unwrap();
    assert_eq!(g.to_act_seat(), Seat(0));
    assert!(raises(&g).is_empty());
}

/// §4.9.1 (implied): the raise shows the partner to every seat before his card is played.
#[test]
fn a_raise_shows_the_partner() {
    let start = [
        "bid einfach",
        "pass",
        "pass",
        "pass",
        "trumps herz",
        "call herz.K",
        "play herz.A",
        "play herz.9",
    ];
    let g = n4_game(&start);
    for s in [0, 1, 3] {
        assert_eq!(g.observation(Seat(s)).partner, None, "seat {s} before the raise");
    }
    let g = n4_game(&[&start[..], &["raise-to durchmarsch"]].concat());
    for s in 0..4 {
        assert_eq!(
            g.observation(Seat(s)).partner,
            Some(Seat(2)),
            "seat {s} after the raise"
        );
    }
    let r = g.rules().clone();
    assert_eq!(g.contract(), Some(contract(&r, "durchmarsch")));
    assert_eq!(
        action_text(&g, Action::RaiseTo(contract(&r, "durchmarsch") as u8)),
        "raise-to durchmarsch"
    );
}

/// §4.10.3: a raise that is not achieved loses the hand, majority or not: einfach raised to
/// durchmarsch (all tricks); seat 0 leads karo.K to trick 2, which seat 1 must head with karo.A:
/// the side has the majority but not every trick, so it loses 2 per payment (§4.11.3).
#[test]
fn a_raise_not_achieved_loses() {
    let mut g = n4_game(&[
        "bid einfach",
        "pass",
        "pass",
        "pass",
        "trumps herz",
        "call herz.K",
        "play herz.A",
        "play herz.9",
        "raise-to durchmarsch",
        "play herz.K",
        "play herz.Q",
        "play karo.K",
        "play karo.A",
    ]);
    while !g.is_over() {
        let a = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Play(_)))
            .unwrap();
        g.apply(a).unwrap();
    }
    let s = g.result().unwrap();
    assert_eq!(s.contract, Some(contract(g.rules(), "durchmarsch")));
    assert!(
        s.card_points[0] + s.card_points[2] > s.card_points[1] + s.card_points[3],
        "{:?}",
        s.card_points
    );
    assert_eq!(&s.payments[..4], &[-2, 2, -2, 2]);
}

/// Random hands (the simulation's bots, which raise at a quarter of the partner's trick-1 turns):
/// every raise is by the called partner, in trick 1 before his card, to a contract the bid one
/// lists, at most once; the hand is scored as the raised contract; every hand is zero-sum.
#[test]
fn random_hands_raise_only_as_the_rules_allow() {
    use kartya::engine::sim::random_step;
    let r = rules("anrufen");
    let mut raised = 0;
    for seed in 0..2000u64 {
        let mut g = Game::new(r.clone(), kartya::engine::Seat((seed % 4) as u8), seed);
        let mut rng = kartya::engine::rng::hand_rng(seed, 3);
        let mut buf = Vec::new();
        let mut seen = 0;
        while !g.is_over() {
            let before = g.history().len();
            let contract_before = g.contract();
            let cards_played_before = g.history().iter().filter(|(_, a)| matches!(a, Action::Play(_))).count();
            assert!(random_step(&mut g, &mut rng, &mut buf), "{seed}");
            for (by, a) in &g.history()[before..] {
                if let Action::RaiseTo(to) = a {
                    seen += 1;
                    let from = contract_before.unwrap();
                    assert!(
                        r.variant.contracts[from].raise_to.contains(&(*to as usize)),
                        "{seed}: allowed"
                    );
                    assert!(cards_played_before < 4, "{seed}: in trick 1");
                    let partner = g.observation(*by).partner;
                    assert_eq!(partner, Some(*by), "{seed}: by the partner");
                    assert_ne!(g.declarer(), Some(*by), "{seed}: not the declarer");
                    assert!(
                        !g.history()[..before].iter().any(|(s, x)| s == by && matches!(x, Action::Play(c) if g.history().iter().any(|(_, y)| *y == Action::CallCard(*c)))),
                        "{seed}: before his card"
                    );
                }
            }
        }
        assert!(seen <= 1, "{seed}: once");
        raised += seen;
        let s = g.result().unwrap();
        assert_eq!(s.payments.iter().sum::<i64>(), 0, "{seed}: zero-sum");
        if let Some((_, Action::RaiseTo(to))) = g.history().iter().find(|(_, a)| matches!(a, Action::RaiseTo(_))) {
            assert_eq!(s.contract, Some(*to as usize), "{seed}: scored as raised");
        }
    }
    assert!(raised > 20, "{raised}");
}
