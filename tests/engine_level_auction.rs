//! The level auction (single steps, a hold by priority, the forced last player) and the contract
//! named after it: takes the fixture tests/fixtures/plays/level-auction.kartya (a 36-card deck,
//! the ladder 3 < 2 < 1 < hand), gives the test vectors TV-A1..TV-A6 of
//! ../shared/rules/asszorti.md §11.1, the simplified auction of §5.4.3 (level-auction-simplified)
//! and the 36-card deal of §4.2 as scenario tests.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;
use engine_util::*;
use kartya::engine::Seat;
use kartya::engine::{Action, Phase, Rules};
use std::sync::Arc;

/// Seat 2 deals: A (seat 0) is forehand F, B (seat 1) middlehand M, C (seat 2) the dealer D.
const DEALER: u8 = 2;
const A: u8 = 0;
const B: u8 = 1;
const C: u8 = 2;
/// The ladder's entries, lowest first.
const THREE: u8 = 0;
const TWO: u8 = 1;
const ONE: u8 = 2;
const HAND: u8 = 3;

fn level_rules() -> Arc<Rules> {
    fixture_rules("level-auction")
}

fn fixture_rules(name: &str) -> Arc<Rules> {
    common::fixture_rules(name)
}

fn new_game(r: &Arc<Rules>) -> kartya::engine::Game {
    game_from_order(r, DEALER, &deck_with(r, 7, &[]))
}

fn legal(g: &kartya::engine::Game) -> Vec<Action> {
    let mut v = g.legal_actions();
    v.sort_by_key(|a| format!("{a:?}"));
    v
}

fn sorted(mut v: Vec<Action>) -> Vec<Action> {
    v.sort_by_key(|a| format!("{a:?}"));
    v
}

fn chooses(g: &kartya::engine::Game, declarer: u8, from: u8) {
    assert_eq!(g.phase(), Phase::Choose);
    assert_eq!(g.declarer(), Some(Seat(declarer)));
    assert_eq!(g.to_act_seat(), declarer);
    assert_eq!(legal(g), sorted((from..=HAND).map(Action::Choose).collect()));
}

/// §4.2: 3 each, 3 to the talon, 2 each four times: 11 cards each and 3 in the talon; 11 tricks.
#[test]
fn a_36_card_deck_deals_11_each_and_a_talon_of_3_and_plays_11_tricks() {
    let r = level_rules();
    assert_eq!(r.variant.cards.len(), 36);
    let g = new_game(&r);
    for p in 0..3 {
        assert_eq!(g.deal().hands[p].count_ones(), 11);
    }
    assert_eq!(g.deal().talon_mask().count_ones(), 3);
    let mut g = g;
    act(
        &mut g,
        &[Action::Bid(THREE), Action::Pass, Action::Pass, Action::Choose(THREE)],
    );
    assert_eq!(g.phase(), Phase::Play);
    random_finish(&mut g, 3);
    assert!(g.is_over());
    assert_eq!(g.play_state().tricks_played, 11);
}

/// TV-A1: A 3, B pass, C 2, A hold, C 1; A has priority over C: hold or pass only.
#[test]
fn tv_a1_priority_player_may_only_hold_or_pass() {
    let r = level_rules();
    let mut g = new_game(&r);
    act(
        &mut g,
        &[Action::Bid(THREE), Action::Pass, Action::Bid(TWO), Action::Hold],
    );
    // B has passed for good: C speaks
    assert_eq!(g.to_act_seat(), C);
    act(&mut g, &[Action::Bid(ONE)]);
    assert_eq!(g.to_act_seat(), A);
    assert_eq!(legal(&g), sorted(vec![Action::Pass, Action::Hold]));
    // A passes: C is declarer at 1 and names 1 or hand
    let mut passes = g.clone();
    act(&mut passes, &[Action::Pass]);
    chooses(&passes, C, ONE);
    // A holds: C may bid hand or pass
    act(&mut g, &[Action::Hold]);
    assert_eq!(g.to_act_seat(), C);
    assert_eq!(legal(&g), sorted(vec![Action::Pass, Action::Bid(HAND)]));
    let mut c_passes = g.clone();
    act(&mut c_passes, &[Action::Pass]);
    chooses(&c_passes, A, ONE);
    // C bids hand: A holds (declarer at hand, C can only pass) or passes (C declarer at hand)
    act(&mut g, &[Action::Bid(HAND)]);
    assert_eq!(legal(&g), sorted(vec![Action::Pass, Action::Hold]));
    let mut a_passes = g.clone();
    act(&mut a_passes, &[Action::Pass]);
    chooses(&a_passes, C, HAND);
    act(&mut g, &[Action::Hold]);
    assert_eq!(legal(&g), vec![Action::Pass], "nothing is higher than hand");
    act(&mut g, &[Action::Pass]);
    chooses(&g, A, HAND);
}

/// TV-A2: A 3, B 2, C 1, A hold; B has no priority over A: hand or pass; then A decides.
#[test]
fn tv_a2_without_priority_raise_one_step_or_pass() {
    let r = level_rules();
    let mut g = new_game(&r);
    act(
        &mut g,
        &[Action::Bid(THREE), Action::Bid(TWO), Action::Bid(ONE), Action::Hold],
    );
    assert_eq!(g.to_act_seat(), B);
    assert_eq!(legal(&g), sorted(vec![Action::Pass, Action::Bid(HAND)]));
    act(&mut g, &[Action::Bid(HAND)]);
    assert_eq!(g.to_act_seat(), C);
    assert_eq!(legal(&g), vec![Action::Pass]);
    act(&mut g, &[Action::Pass]);
    assert_eq!(g.to_act_seat(), A);
    assert_eq!(legal(&g), sorted(vec![Action::Pass, Action::Hold]));
    let mut a_passes = g.clone();
    act(&mut a_passes, &[Action::Pass]);
    chooses(&a_passes, B, HAND);
    act(&mut g, &[Action::Hold]);
    assert_eq!(g.to_act_seat(), B);
    act(&mut g, &[Action::Pass]);
    chooses(&g, A, HAND);
}

/// TV-A3: A pass, B pass: C is declarer without a bid, may not pass, and names any contract.
#[test]
fn tv_a3_forced_dealer_names_any_contract() {
    let r = level_rules();
    let mut g = new_game(&r);
    act(&mut g, &[Action::Pass, Action::Pass]);
    chooses(&g, C, THREE);
    assert!(g.apply(Action::Pass).is_err(), "the forced dealer may not pass");
    act(&mut g, &[Action::Choose(TWO)]);
    assert_eq!(g.contract(), Some(contract(&r, "kettő")));
    assert_eq!(g.declarer(), Some(Seat(C)));
}

/// TV-A4: A 3, B pass, C pass: A is declarer at 3 and names 3, 2, 1 or hand.
#[test]
fn tv_a4_two_passes_end_it() {
    let r = level_rules();
    let mut g = new_game(&r);
    act(&mut g, &[Action::Bid(THREE), Action::Pass, Action::Pass]);
    chooses(&g, A, THREE);
}

/// TV-A5: opening 2 is a jump; after A 3, B's 1 is a jump and B's hold has no priority;
/// after A 3, B 2, A's hold is legal.
#[test]
fn tv_a5_illegal_calls() {
    let r = level_rules();
    let mut g = new_game(&r);
    assert!(g.apply(Action::Bid(TWO)).is_err(), "opening with 2 jumps");
    act(&mut g, &[Action::Bid(THREE)]);
    assert!(g.apply(Action::Bid(ONE)).is_err(), "3 to 1 jumps");
    let e = g.apply(Action::Hold).unwrap_err();
    assert!(e.rule.contains("priority"), "{e}");
    act(&mut g, &[Action::Bid(TWO), Action::Pass]);
    assert_eq!(g.to_act_seat(), A);
    act(&mut g, &[Action::Hold]);
}

/// TV-A6: final bid 2: contracts 2, 1 and hand are legal, 3 is not.
#[test]
fn tv_a6_the_contract_is_at_least_the_final_bid() {
    let r = level_rules();
    let mut g = new_game(&r);
    act(
        &mut g,
        &[Action::Bid(THREE), Action::Bid(TWO), Action::Pass, Action::Pass],
    );
    chooses(&g, B, TWO);
    let e = g.apply(Action::Choose(THREE)).unwrap_err();
    assert!(e.rule.contains("at least"), "{e}");
    act(&mut g, &[Action::Choose(HAND)]);
    assert_eq!(g.contract(), Some(contract(&r, "kézből")));
}

/// §9.1 with clockwise seating: `first-lead declarer-right` is the defender on the declarer's
/// right, who plays just before him; the declarer plays second.
#[test]
fn declarer_right_leads_before_the_declarer_when_play_goes_clockwise() {
    let r = level_rules();
    let mut g = new_game(&r);
    act(
        &mut g,
        &[Action::Pass, Action::Bid(THREE), Action::Pass, Action::Choose(ONE)],
    );
    assert_eq!(g.declarer(), Some(Seat(B)));
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.to_act_seat(), A, "A sits on B's right under clockwise play");
    let lead = g.legal_actions()[0];
    act(&mut g, &[lead]);
    assert_eq!(g.to_act_seat(), B, "the declarer plays second");
}

/// §5.4.3, the simplified auction (level-auction-simplified.kartya): a jump is allowed, the bid is
/// the contract, and the forced dealer may not pass but bids any contract (§5.2.8, §5.4.2: he
/// "may announce any of the four contracts"; issue 27 item 10).
#[test]
fn simplified_auction_jumps_and_plays_the_bid() {
    let r = fixture_rules("level-auction-simplified");
    let mut g = new_game(&r);
    act(&mut g, &[Action::Bid(ONE), Action::Pass, Action::Pass]);
    assert_eq!(g.phase(), Phase::Play, "no contract choice");
    assert_eq!(g.contract(), Some(contract(&r, "egy")));
    assert_eq!(g.declarer(), Some(Seat(A)));
    let mut g = new_game(&r);
    act(&mut g, &[Action::Pass, Action::Pass]);
    assert_eq!(g.phase(), Phase::Bidding, "the forced dealer speaks");
    assert_eq!(g.to_act_seat(), Seat(C));
    assert_eq!(legal(&g), sorted((THREE..=HAND).map(Action::Bid).collect()), "no pass");
    assert!(g.clone().apply(Action::Pass).is_err(), "the forced dealer may not pass");
    act(&mut g, &[Action::Bid(TWO)]);
    assert_eq!(g.declarer(), Some(Seat(C)), "the forced dealer");
    assert_eq!(g.contract(), Some(contract(&r, "kettő")));
    assert_eq!(g.phase(), Phase::Play, "no contract choice");
}
