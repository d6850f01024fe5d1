//! The declarer's blind talon draw and the trumps he names after it: takes the fixtures
//! tests/fixtures/plays/talon-draw.kartya (talon-draw 3/2/1/0 by level, face-down discards,
//! `trumps chosen or-none`) and talon-draw-up-to.kartya (`up-to`, `discards face-up`, `trumps
//! chosen`); gives TV-T1 and TV-A6's consequence of ../shared/rules/asszorti.md §11, the talon's
//! order after the draw, what each seat sees of it, and the trump naming (§7.1) as scenario tests.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;
use engine_util::*;
use kartya::engine::Seat;
use kartya::engine::{Action, Game, Phase, Rules};
use std::sync::Arc;

/// Seat 2 deals: seat 0 is forehand, seat 1 middlehand, seat 2 the dealer.
const DEALER: u8 = 2;
/// The ladder's entries, lowest first: three, two, one from the talon, from the hand.
const THREE: u8 = 0;
const TWO: u8 = 1;
const HAND: u8 = 3;

fn fixture_rules(name: &str) -> Arc<Rules> {
    common::fixture_rules(name)
}

fn bit(c: u8) -> u64 {
    1u64 << c
}

/// Seat 0 bids 3, the others pass, and he names `contract` (a ladder index).
fn declared(r: &Arc<Rules>, contract: u8) -> Game {
    let mut g = game_from_order(r, DEALER, &deck_with(r, 7, &[]));
    act(
        &mut g,
        &[Action::Bid(THREE), Action::Pass, Action::Pass, Action::Choose(contract)],
    );
    g
}

/// TV-T1: contract 2: the declarer takes the top 2 talon cards unseen, discards 2 and lays them
/// on the one remaining card: the talon is the untaken bottom card, then the discards in the
/// order laid. The drawn cards may be discarded.
#[test]
fn tv_t1_contract_two_takes_the_top_two_and_discards_two_onto_the_last_card() {
    let r = fixture_rules("talon-draw");
    let mut g = declared(&r, TWO);
    assert_eq!(g.phase(), Phase::Draw);
    assert_eq!(g.to_act_seat(), 0);
    let talon = g.deal().talon_cards().to_vec();
    assert_eq!(talon.len(), 3);
    let (bottom, top) = (talon[0], &talon[1..]);
    let hand = g.observation(Seat(0)).hand;
    assert_eq!(hand.count_ones(), 13, "11 dealt and the top 2 of the talon");
    assert!(top.iter().all(|c| hand & bit(*c) != 0));
    assert_eq!(hand & bit(bottom), 0, "the bottom card stays in the talon unseen");
    // the others see neither the drawn cards nor the talon
    for seat in [1, 2] {
        let o = g.observation(Seat(seat));
        assert_eq!(o.hand & (bit(top[0]) | bit(top[1])), 0);
        assert_eq!(o.talon_face_up, 0);
    }
    // only discards now, of any card in his hand (a drawn one included)
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::Discard(_))));
    assert!(g.apply(Action::Play(top[0])).is_err());
    let dealt = (hand & !bit(top[0]) & !bit(top[1])).trailing_zeros() as u8;
    act(&mut g, &[Action::Discard(top[1]), Action::Discard(dealt)]);
    // §6.3: N discards above the 3 - N cards nobody has seen
    let now = g.talon_now();
    assert_eq!(now.cards(), &[bottom, top[1], dealt]);
    assert_eq!(now.discards, bit(top[1]) | bit(dealt));
    assert_eq!(g.talon_draw_state().taken_count, 2);
    assert_eq!(g.observation(Seat(0)).hand.count_ones(), 11);
    let (all, once) = g.cards_accounted();
    assert!(once && all.count_ones() == 36, "cards are conserved through the draw");
    // face down: the declarer sees his discards, the others do not see which cards they were
    assert_eq!(g.observation(Seat(0)).talon_face_up, now.discards);
    assert_eq!(g.observation(Seat(1)).talon_face_up, 0);
    assert!(!g
        .observation(Seat(1))
        .history
        .iter()
        .any(|(_, a)| matches!(a, Action::Discard(_))));
    assert_eq!(
        g.observation(Seat(0))
            .history
            .iter()
            .filter(|(_, a)| matches!(a, Action::Discard(_)))
            .count(),
        2
    );
    // then §7.1: the declarer names the trumps
    assert_eq!(g.phase(), Phase::NameTrumps);
}

/// A discard must be a card of the declarer's hand; the draw owes exactly N discards.
#[test]
fn a_discard_outside_the_hand_is_refused_with_the_rule() {
    let r = fixture_rules("talon-draw");
    let mut g = declared(&r, THREE);
    let outside = (!g.observation(Seat(0)).hand & ((1u64 << 36) - 1)).trailing_zeros() as u8;
    let e = g.apply(Action::Discard(outside)).unwrap_err();
    assert!(e.rule.contains("not in the declarer's hand"), "{e}");
    assert!(g.apply(Action::Draw(1)).is_err(), "without `up-to` he takes exactly N");
    let hand = g.observation(Seat(0)).hand;
    let mut m = hand;
    for _ in 0..2 {
        act(&mut g, &[Action::Discard(m.trailing_zeros() as u8)]);
        m &= m - 1;
        assert_eq!(g.phase(), Phase::Draw, "three taken, three owed");
    }
    act(&mut g, &[Action::Discard(m.trailing_zeros() as u8)]);
    assert_eq!(g.phase(), Phase::NameTrumps);
    assert_eq!(g.talon_now().discards.count_ones(), 3, "the whole talon is discards");
}

/// TV-A6's consequence (§6.4): with contract Hand the talon is not used: no draw, the talon
/// stays as dealt, and the declarer names the trumps at once.
#[test]
fn tv_a6_contract_hand_does_not_use_the_talon() {
    let r = fixture_rules("talon-draw");
    let mut g = declared(&r, HAND);
    assert_eq!(g.phase(), Phase::NameTrumps);
    assert!(!g.talon_draw_state().active);
    assert_eq!(g.talon_now().cards(), g.deal().talon_cards());
    assert_eq!(g.talon_now().discards, 0);
    assert_eq!(g.observation(Seat(0)).hand.count_ones(), 11);
    act(&mut g, &[Action::NoTrumps]);
    assert_eq!(g.phase(), Phase::Play);
}

fn discard_all(g: &mut Game) {
    while g.phase() == Phase::Draw {
        let a = g.legal_actions()[0];
        act(g, &[a]);
    }
}

/// §7.1: after the exchange the declarer names any suit, or (with `or-none`) no trumps; the
/// play follows it; the engine says whether the hand has trumps.
#[test]
fn the_declarer_names_a_suit_or_no_trumps_after_the_draw() {
    let r = fixture_rules("talon-draw");
    let mut g = declared(&r, TWO);
    discard_all(&mut g);
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        vec![
            Action::NameTrumps(0),
            Action::NameTrumps(1),
            Action::NameTrumps(2),
            Action::NameTrumps(3),
            Action::NoTrumps
        ]
    );
    let e = g.apply(Action::NameTrumps(9)).unwrap_err();
    assert!(e.rule.contains("no such suit"), "{e}");
    assert!(g.apply(Action::Pass).is_err());
    act(&mut g, &[Action::NameTrumps(2)]);
    assert_eq!(g.trump(), Some(2));
    assert!(g.has_trumps());
    assert_eq!(g.observation(Seat(1)).trump, Some(2), "everyone hears the trump suit");
    assert_eq!(g.phase(), Phase::Play);

    let mut g = declared(&r, TWO);
    discard_all(&mut g);
    act(&mut g, &[Action::NoTrumps]);
    assert_eq!(g.trump(), None);
    assert!(!g.has_trumps());
    assert_eq!(g.phase(), Phase::Play);
    random_finish(&mut g, 5);
    assert!(g.is_over());
}

/// Without `or-none` no trumps is refused with the rule named.
#[test]
fn no_trumps_is_refused_where_a_suit_must_be_named() {
    let r = fixture_rules("talon-draw-up-to");
    let g = declared(&r, HAND);
    assert_eq!(
        g.phase(),
        Phase::Play,
        "contract Hand names no trumps and draws nothing here"
    );
    let mut g = declared(&r, THREE);
    act(&mut g, &[Action::Draw(0)]);
    assert_eq!(g.phase(), Phase::NameTrumps, "taking nothing owes no discards");
    let e = g.apply(Action::NoTrumps).unwrap_err();
    assert!(e.rule.contains("must name one"), "{e}");
    assert!(!g.legal_actions().contains(&Action::NoTrumps));
}

/// A4 and A3: with `up-to` the declarer says how many he takes (never more than N), and with
/// `discards face-up` everyone sees the discards at once.
#[test]
fn up_to_n_lets_the_declarer_choose_and_face_up_discards_are_shown() {
    let r = fixture_rules("talon-draw-up-to");
    let mut g = declared(&r, TWO);
    assert_eq!(g.phase(), Phase::Draw);
    assert_eq!(
        g.legal_actions(),
        vec![Action::Draw(0), Action::Draw(1), Action::Draw(2)]
    );
    let e = g.apply(Action::Draw(3)).unwrap_err();
    assert!(e.rule.contains("more talon cards"), "{e}");
    assert!(g.apply(Action::Discard(0)).is_err(), "he says how many first");
    act(&mut g, &[Action::Draw(1)]);
    let talon = g.deal().talon_cards().to_vec();
    assert_ne!(g.observation(Seat(0)).hand & bit(talon[2]), 0, "the top card");
    let discard = talon[2];
    act(&mut g, &[Action::Discard(discard)]);
    assert_eq!(g.talon_now().cards(), &[talon[0], talon[1], discard]);
    for seat in 0..3 {
        assert_eq!(
            g.observation(Seat(seat)).talon_face_up,
            bit(discard),
            "seat {seat} sees the discard"
        );
        assert!(g
            .observation(Seat(seat))
            .history
            .contains(&(Seat(0), Action::Discard(discard))));
    }
    assert_eq!(g.phase(), Phase::NameTrumps);
}

/// Records name the new actions in words and read them back: `draw 1`, `trumps NAME`,
/// `no-trumps`.
#[test]
fn the_actions_read_and_write_in_words() {
    use kartya::record::notation::{action_text, parse_action};
    let r = fixture_rules("talon-draw-up-to");
    let g = declared(&r, TWO);
    assert_eq!(action_text(&g, Action::Draw(1)), "draw 1");
    assert_eq!(parse_action(&g, "draw 2").unwrap(), Action::Draw(2));
    let suit = r.variant.suits[1].name.clone();
    assert_eq!(action_text(&g, Action::NameTrumps(1)), format!("trumps {suit}"));
    assert_eq!(
        parse_action(&g, &format!("trumps {suit}")).unwrap(),
        Action::NameTrumps(1)
    );
    assert_eq!(parse_action(&g, "no-trumps").unwrap(), Action::NoTrumps);
    assert_eq!(action_text(&g, Action::NoTrumps), "no-trumps");
    assert!(parse_action(&g, "trumps nothing").is_err());
}
