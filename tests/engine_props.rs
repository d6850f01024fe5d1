//! Property tests over many seeded random hands per bundled variant: cards are conserved at every
//! step (discards included), legal actions are never empty until the end, card points add up
//! (TV-01: 162 / 130 less the talon and the discards), payments are zero-sum, and the same seed gives the same hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::bit;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::{random_hand, random_hand_in, random_step};
use kartya::engine::Seat;
use kartya::engine::{deal::deal_random, Game};
use std::sync::Arc;

const VARIANTS: &[&str] = &[
    "alsos-3p",
    "alsos-4p",
    "alsos-2p",
    "alsos-2p-tompa",
    "alsos-hu-3p",
    "bidding-until-pass",
    "siber-both-chains",
    "siber-up-to-nine",
    "discard-trumps-allowed",
];
const HANDS: u64 = 150;

fn check_hand(name: &str, r: &Arc<kartya::engine::Rules>, seed: u64) {
    let mut rng = hand_rng(seed, 0);
    let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
    let mut g = Game::from_deal(
        Arc::clone(r),
        kartya::engine::Seat((seed % r.variant.players as u64) as u8),
        deal,
    );
    let mut buf = Vec::new();
    let mut steps = 0;
    loop {
        let (all, single) = g.cards_accounted();
        assert!(
            single && all == r.tables.all,
            "{name} seed {seed}: cards conserved at step {steps}"
        );
        if g.is_over() {
            assert!(g.legal_actions().is_empty());
            break;
        }
        assert!(
            !g.legal_actions().is_empty(),
            "{name} seed {seed}: no legal action at step {steps}"
        );
        assert!(random_step(&mut g, &mut rng, &mut buf));
        steps += 1;
        assert!(steps < 10_000, "the hand ends");
    }
    let s = g.result().unwrap();
    // zero-sum, except what players score for themselves by their undertakings (`each-scores`,
    // on the game item only)
    assert_eq!(
        s.payments.iter().sum::<i64>(),
        s.own_scores,
        "{name} seed {seed}: zero-sum"
    );
    for (k, item) in s.items.iter().enumerate() {
        assert_eq!(
            item.pay.iter().sum::<i64>(),
            if k == 0 { s.own_scores } else { 0 },
            "{name} seed {seed}: each item zero-sum"
        );
    }
    if s.redeal {
        return;
    }
    // card points: every card in play, plus the last trick, less the cards that count for nobody
    let p = g.play_state();
    let pt = r.tables.table(s.contract.unwrap(), s.trump).unwrap();
    if !p.ended_early {
        // the talon and indicator less what the exchange took, the exchanger card, the discards
        let nobody = g.nobody_cards();
        let laid = g.deal().talon_mask() | g.deal().indicator.map(bit).unwrap_or(0);
        let ex = g.exchange_state();
        assert_eq!(
            nobody & !laid & !(ex.given | ex.discarded),
            0,
            "{name} seed {seed}: only the exchange adds to the dead cards"
        );
        assert_eq!(
            nobody.count_ones(),
            laid.count_ones() + ex.discarded.count_ones() + ex.given.count_ones() - ex.taken.count_ones(),
            "{name} seed {seed}: dead cards"
        );
        let want = pt.mask_points(r.tables.all) + pt.last_trick - pt.mask_points(nobody);
        assert_eq!(
            s.card_points.iter().sum::<i64>(),
            want as i64,
            "{name} seed {seed}: card points"
        );
        if pt.counts_points {
            let full = pt.mask_points(r.tables.all) + pt.last_trick;
            assert!(full == 162 || full == 130, "{name}: TV-01 totals, got {full}");
        }
        assert_eq!(s.tricks.iter().map(|t| *t as u32).sum::<u32>(), p.total_tricks as u32);
    }
}

#[test]
fn random_hands_keep_every_invariant() {
    for name in VARIANTS {
        let r = rules(name);
        for seed in 0..HANDS {
            check_hand(name, &r, seed);
        }
    }
}

#[test]
fn same_seed_same_hand() {
    for name in VARIANTS {
        let r = rules(name);
        let mut buf = Vec::new();
        for i in 0..20 {
            let a = random_hand(&r, 5, i, &mut buf);
            let b = random_hand(&r, 5, i, &mut buf);
            assert_eq!(a.history(), b.history());
            assert_eq!(a.result(), b.result());
            assert_eq!(a.deal(), b.deal());
        }
        let a = random_hand(&r, 5, 0, &mut buf);
        let c = random_hand(&r, 6, 0, &mut buf);
        assert_ne!(a.deal(), c.deal(), "another seed, another deal");
    }
}

#[test]
fn a_reused_game_plays_the_same_hands() {
    // `random_hand_in` (`Game::redeal`) keeps nothing of the hand before: every field comes back
    for name in VARIANTS {
        let r = rules(name);
        let mut buf = Vec::new();
        let mut reused = random_hand(&r, 9, 0, &mut buf);
        for i in 1..60 {
            random_hand_in(&mut reused, 9, i, &mut buf);
            let fresh = random_hand(&r, 9, i, &mut buf);
            assert_eq!(reused.history(), fresh.history(), "{name} hand {i}");
            assert_eq!(reused.result(), fresh.result(), "{name} hand {i}");
            assert_eq!(reused.deal(), fresh.deal(), "{name} hand {i}");
            assert_eq!(reused.announcements(), fresh.announcements(), "{name} hand {i}");
            assert_eq!(reused.calls(), fresh.calls(), "{name} hand {i}");
            assert_eq!(
                format!("{:?}", reused.play_state()),
                format!("{:?}", fresh.play_state())
            );
            for seat in 0..r.variant.players {
                assert_eq!(
                    reused.observation(Seat(seat)),
                    fresh.observation(Seat(seat)),
                    "{name} hand {i}"
                );
            }
        }
    }
}

#[test]
fn game_won_iff_more_than_each_opponent() {
    // TV-D2 ties: the declarer loses a tie
    let r = rules("alsos-3p");
    let mut buf = Vec::new();
    for i in 0..300 {
        let g = random_hand(&r, 11, i, &mut buf);
        let s = g.result().unwrap();
        let Some(d) = s.declarer else { continue };
        if g.calls().iter().any(|c| c.conceded_to_declarer.is_some()) {
            continue; // gyerünk given up (§14.2): decided before the tricks
        }
        let c = &r.variant.contracts[s.contract.unwrap()];
        if !matches!(c.win, kartya::model::Win::MoreThanEach { .. }) {
            continue;
        }
        let total = |p: usize| s.card_points[p] + s.meld_points[p];
        let best = (0..3).filter(|&p| p != d as usize).map(total).max().unwrap();
        assert_eq!(s.items[0].won, Some(total(d as usize) > best));
    }
}

#[test]
fn illegal_actions_name_the_rule_and_change_nothing() {
    let r = rules("alsos-3p");
    let mut buf = Vec::new();
    let mut g = random_hand(&r, 2, 0, &mut buf);
    let e = g.apply(kartya::engine::Action::Pass).unwrap_err();
    assert_eq!(e.rule, "the hand is over");
    let order = deck_with(&r, 3, &[]);
    let mut g = game_from_order(&r, 2, &order);
    let before = g.history().len();
    let e = g.apply(kartya::engine::Action::Play(0)).unwrap_err();
    assert!(!e.rule.is_empty());
    assert_eq!(e.index, before);
    assert_eq!(g.history().len(), before);
}
