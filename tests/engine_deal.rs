//! Dealing tests: takes the bundled plans, gives the layouts of TV-02 and TV-03, card
//! conservation, and the errors on a corrupted deck.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::{deal_order, deal_random, DealError};
use kartya::engine::rng::hand_rng;

// TV-02 three-player deal layout
#[test]
fn tv02_three_player_layout() {
    let r = rules("alsos-3p");
    for seed in 0..50 {
        let d = deal_random(&r.tables, &r.variant.deal, 3, &mut hand_rng(seed, 0));
        assert!(d.conserved(r.tables.all));
        for p in 0..3 {
            assert_eq!(d.hands[p].count_ones(), 9);
            assert_eq!((d.hands[p] & !d.hidden[p]).count_ones(), 6, "6 seen");
        }
        assert!(d.indicator.is_some());
        assert_eq!(d.talon_len, 4, "talon: 3 hidden + 1 face up, on the indicator");
        assert_eq!(d.talon_face_up.count_ones(), 1);
        assert_eq!(d.talon_face_up, 1u64 << d.talon[3], "the last card is face up on top");
    }
}

// TV-03 two-player deal layout
#[test]
fn tv03_two_player_layout() {
    let r = rules("alsos-2p");
    let d = deal_random(&r.tables, &r.variant.deal, 2, &mut hand_rng(3, 0));
    assert!(d.conserved(r.tables.all));
    for p in 0..2 {
        assert_eq!(d.hands[p].count_ones(), 12);
        assert_eq!((d.hands[p] & !d.hidden[p]).count_ones(), 8);
    }
    assert_eq!(d.talon_len as u32 + 1, 8, "talon 8 with the indicator");
    assert_eq!(d.talon_face_up.count_ones(), 1);
}

#[test]
fn deal_order_follows_the_plan() {
    let r = rules("alsos-3p");
    let order: Vec<u8> = (0..32).collect();
    let d = deal_order(&r.tables, &r.variant.deal, 3, &order).unwrap();
    assert_eq!(d.hands[0], 0b111 | 0b111 << 9 | 0b111 << 19);
    assert_eq!(d.indicator, Some(18));
    // bottom first: the packet of three keeps its first card (28) on top, the face-up card on it
    // (issue 13.6: [000] "places the top 3 of these cards on the indicator", [003])
    assert_eq!(d.talon_cards(), &[30, 29, 28, 31]);
}

#[test]
fn corrupted_decks_are_refused() {
    let r = rules("alsos-3p");
    let mut order: Vec<u8> = (0..32).collect();
    order[5] = 4;
    assert_eq!(
        deal_order(&r.tables, &r.variant.deal, 3, &order),
        Err(DealError::Duplicate(4))
    );
    let order: Vec<u8> = (0..31).collect();
    assert_eq!(
        deal_order(&r.tables, &r.variant.deal, 3, &order),
        Err(DealError::Missing(31))
    );
    let mut order: Vec<u8> = (0..32).collect();
    order[0] = 40;
    assert_eq!(
        deal_order(&r.tables, &r.variant.deal, 3, &order),
        Err(DealError::UnknownCard(40))
    );
}
