//! `commits face-down-card` (koenigrufen-family.md §6.6 Bettler 2, Plauderer 2; G11's
//! cancellation for a single bid): takes koenigrufen-graden, whose Bettler and Plauderer are bid
//! by laying the card to lead face down, gives the bid waiting for its card, what the other seats
//! see of it, a higher bid giving it back, the card forced as the first lead, the no-effect check,
//! and random hands that keep these rules.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;

use engine_util::*;
use kartya::engine::{Action, Phase};

const HANDS: [&[&str]; 4] = [
    &["herz.9", "karo.9", "pik.9", "kreuz.9", "herz.10", "karo.10"],
    &["herz.A", "herz.K", "karo.A", "karo.K", "pik.A", "pik.K"],
    &["herz.Q", "herz.J", "karo.Q", "karo.J", "pik.Q", "pik.J"],
    &["kreuz.A", "kreuz.K", "kreuz.Q", "kreuz.J", "kreuz.10", "pik.10"],
];

/// §6.6 Bettler 2: the bid of Bettler waits for its card: only a card of the bidder's hand may
/// be laid, nothing else is legal; the others see that a card lies face down, not which.
#[test]
fn a_bettler_bid_waits_for_its_card_face_down_and_only_the_bidder_sees_it() {
    let r = rules("koenigrufen-graden");
    let mut g = game_from_order(&r, 0, &order_in_packets_of_three(&r, HANDS));
    let bettler = Action::Bid(bid_index(&r, "bettler"));
    g.apply(bettler).unwrap();
    assert_eq!(g.to_act_seat(), 1, "the bidder lays his card in the same turn");
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 6, "{legal:?}");
    assert!(legal.iter().all(|a| matches!(a, Action::LayFaceDown(_))), "{legal:?}");
    let err = g.apply(Action::Pass).unwrap_err();
    assert!(err.rule.contains("face down"), "{}", err.rule);
    let not_his = card(&r, "kreuz", "A");
    assert!(g.apply(Action::LayFaceDown(not_his)).is_err(), "a card of another hand");
    let nine = card(&r, "herz", "9");
    g.apply(Action::LayFaceDown(nine)).unwrap();
    assert_eq!(g.to_act_seat(), 2, "the bid stands: the next player speaks");
    for s in 0..4u8 {
        let o = g.observation(kartya::engine::Seat(s));
        assert_eq!(o.face_down, 1 << 1, "seat {s} sees seat 1's card lie face down");
        let shown = o.history.iter().any(|(_, a)| matches!(a, Action::LayFaceDown(_)));
        assert_eq!(shown, s == 1, "seat {s}: which card only its owner sees");
    }
}

/// G11 (its single-bid half) and §6.6 Bettler 4: a higher bid cancels the Bettler and his card
/// goes back to his hand; no card lies face down any more.
#[test]
fn g11_a_higher_bid_gives_the_face_down_card_back() {
    let r = rules("koenigrufen-graden");
    let mut g = game_from_order(&r, 0, &order_in_packets_of_three(&r, HANDS));
    g.apply(Action::Bid(bid_index(&r, "bettler"))).unwrap();
    g.apply(Action::LayFaceDown(card(&r, "herz", "9"))).unwrap();
    g.apply(Action::Bid(bid_index(&r, "durchmarsch-mit-einer-anderen")))
        .unwrap();
    for s in 0..4u8 {
        assert_eq!(
            g.observation(kartya::engine::Seat(s)).face_down,
            0,
            "seat {s}: the card is back in its hand"
        );
    }
    // a higher bid with a card of its own replaces it: Plauderer over Durchmarsch
    g.apply(Action::Bid(bid_index(&r, "plauderer"))).unwrap();
    g.apply(Action::LayFaceDown(card(&r, "herz", "Q"))).unwrap();
    assert_eq!(
        g.observation(kartya::engine::Seat(0)).face_down,
        1 << 3,
        "seat 3's card only"
    );
}

/// §6.6 Bettler 2, §6.4.1: the Bettler leads his face-down card to trick 1; no other card is
/// legal for him then, and another is refused by the rule's words.
#[test]
fn the_face_down_card_is_the_first_lead() {
    let r = rules("koenigrufen-graden");
    let mut g = game_from_order(&r, 0, &order_in_packets_of_three(&r, HANDS));
    let ten = card(&r, "herz", "10");
    act(
        &mut g,
        &[
            Action::Bid(bid_index(&r, "bettler")),
            Action::LayFaceDown(ten),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.to_act_seat(), 1);
    assert_eq!(g.legal_cards(), Some(1u64 << ten));
    let err = g.apply(Action::Play(card(&r, "herz", "9"))).unwrap_err();
    assert!(err.rule.contains("face down"), "{}", err.rule);
    g.apply(Action::Play(ten)).unwrap();
    assert_eq!(
        g.observation(kartya::engine::Seat(2)).face_down,
        0,
        "played: nothing lies face down"
    );
    // the others play by the duties (seat 2 follows with a higher heart)
    assert_eq!(
        g.legal_cards(),
        Some((1u64 << card(&r, "herz", "A")) | (1u64 << card(&r, "herz", "K")))
    );
}

/// A card laid with the bid of a contract nobody bids is never laid: `kartya::no-effect`.
#[test]
fn commits_on_a_contract_never_bid_is_no_effect() {
    let text = "house-rules t \"a test\" extends koenigrufen-graden\ncontract schurln {\n  commits face-down-card\n}\n";
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add("t.kartya", text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    let out = common::render(&loaded.diags, &sources);
    assert!(out.contains("kartya::no-effect") && out.contains("face down"), "{out}");
}

/// Random hands: every bid of Bettler or Plauderer is followed by its card; the declarer of a
/// committing contract plays as his first card the last card he laid; no seat's observation
/// shows which card another laid; every hand is zero-sum.
#[test]
fn random_hands_play_the_face_down_card_first() {
    use kartya::engine::sim::random_step;
    let r = rules("koenigrufen-graden");
    let commits: Vec<usize> = ["bettler", "plauderer"].iter().map(|n| contract(&r, n)).collect();
    let (mut played, mut laid) = (0, 0);
    for seed in 0..3000u64 {
        let mut g = kartya::engine::Game::new(r.clone(), kartya::engine::Seat((seed % 4) as u8), seed);
        let mut rng = kartya::engine::rng::hand_rng(seed, 7);
        let mut buf = Vec::new();
        while !g.is_over() {
            for s in 0..4u8 {
                let o = g.observation(kartya::engine::Seat(s));
                assert!(
                    o.history
                        .iter()
                        .all(|(by, a)| *by == s || !matches!(a, Action::LayFaceDown(_))),
                    "{seed}: seat {s} sees another's face-down card"
                );
            }
            assert!(random_step(&mut g, &mut rng, &mut buf), "{seed}");
        }
        let h = g.history();
        for (k, (by, a)) in h.iter().enumerate() {
            if let Action::Bid(i) = a {
                let entry = &r.variant.bid_ladders[0].entries[*i as usize];
                if let kartya::model::BidEntry::Contract(c) = entry {
                    let next = h.get(k + 1);
                    assert_eq!(
                        commits.contains(c),
                        matches!(next, Some((s, Action::LayFaceDown(_))) if s == by),
                        "{seed}: action {k}"
                    );
                }
            }
        }
        let s = g.result().unwrap();
        assert_eq!(s.payments.iter().sum::<i64>(), 0, "{seed}: zero-sum");
        laid += h.iter().filter(|(_, a)| matches!(a, Action::LayFaceDown(_))).count();
        if let (Some(c), Some(d)) = (s.contract, s.declarer) {
            if commits.contains(&c) {
                played += 1;
                let last_laid = h.iter().rev().find_map(|(by, a)| match a {
                    Action::LayFaceDown(x) if *by == d => Some(*x),
                    _ => None,
                });
                let first = h.iter().find_map(|(by, a)| match a {
                    Action::Play(x) if *by == d => Some(*x),
                    _ => None,
                });
                assert_eq!(first, last_laid, "{seed}: the face-down card is his first");
                assert!(last_laid.is_some(), "{seed}");
            }
        }
    }
    assert!(played > 0 && laid > played, "{played} {laid}");
}

/// The record action reads and writes in words, and a random hand with cards laid face down
/// (one overcalled, one played) exports to a record that replays to the same sheet.
#[test]
fn lay_face_down_in_words_and_records_replay() {
    use kartya::engine::sim::random_step;
    use kartya::record::notation::{action_text, parse_action};
    let r = rules("koenigrufen-graden");
    let g = game_from_order(&r, 0, &order_in_packets_of_three(&r, HANDS));
    let a = Action::LayFaceDown(card(&r, "herz", "9"));
    assert_eq!(action_text(&g, a), "lay-face-down herz.9");
    assert_eq!(parse_action(&g, "lay-face-down herz.9").unwrap(), a);
    assert!(
        parse_action(&g, "lay-face-down herz.7").is_err(),
        "not a card of this deck"
    );
    let mut replayed = 0;
    for seed in 0..400u64 {
        let mut g = kartya::engine::Game::new(r.clone(), kartya::engine::Seat((seed % 4) as u8), seed);
        let mut rng = kartya::engine::rng::hand_rng(seed, 3);
        let mut buf = Vec::new();
        while !g.is_over() {
            assert!(random_step(&mut g, &mut rng, &mut buf), "{seed}");
        }
        if !g.history().iter().any(|(_, a)| matches!(a, Action::LayFaceDown(_))) {
            continue;
        }
        let rec = kartya::record::export(&g, kartya::record::RulesRef::Name("koenigrufen-graden".into()), vec![]);
        let json = kartya::record::to_json(&rec);
        assert!(json.contains("\"lay-face-down "), "{json}");
        let mut sources = kartya::source::SourceSet::new();
        let id = sources.add("r.json", &json, kartya::source::Origin::User);
        let back = kartya::record::replay(&mut sources, id);
        assert!(
            back.diags.is_empty(),
            "{seed}: {}",
            common::render(&back.diags, &sources)
        );
        let back = back.game.unwrap();
        assert_eq!(back.result(), g.result(), "{seed}: the replay scores as the hand did");
        assert_eq!(back.history(), g.history(), "{seed}");
        replayed += 1;
    }
    assert!(replayed > 0);
}
