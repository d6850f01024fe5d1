//! Marriages of every suit (`marriage NAME every-suit ...`, issue 15; digest §2.5, §3.1): takes
//! random hands of koenigrufen-russbach (announced), rufmariasch (shown) and anrufen (by-lead),
//! gives at every step a check that only a held marriage may be declared (K7: a false
//! announcement is an illegal action), that a shown pair lies face up for every seat until its
//! cards are played while an announced one shows nothing, that a by-lead pair is never called
//! and is declared exactly by a lead of one card while holding the other, and that the sheet's
//! melds are the declared values.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::melds::MeldCall;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::{Action, Game};
use std::sync::Arc;

/// The pairs (K, O) of each suit as masks.
fn pairs(r: &kartya::engine::Rules) -> Vec<u64> {
    pairs_of(r, "O")
}

/// The pairs of K and `other` of each suit as masks.
fn pairs_of(r: &kartya::engine::Rules, other: &str) -> Vec<u64> {
    r.variant
        .suits
        .iter()
        .map(|s| (1u64 << card(r, &s.name, "K")) | (1u64 << card(r, &s.name, other)))
        .collect()
}

#[test]
fn a_by_lead_marriage_is_never_called_and_is_declared_by_a_lead_while_holding_the_other() {
    let r = rules("anrufen");
    let pairs = pairs_of(&r, "Q");
    let (mut registered, mut refused) = (0u32, 0u32);
    for i in 0..300u64 {
        let mut g = Game::new(Arc::clone(&r), kartya::engine::Seat((i % 4) as u8), i);
        let mut rng = hand_rng(40, i);
        let mut buf = Vec::new();
        // per position, the suits in which he led one of the pair while holding the other
        let mut led = [0u8; 4];
        while !g.is_over() {
            let legal = g.legal_actions();
            assert!(
                !legal
                    .iter()
                    .any(|a| matches!(a, Action::Meld(MeldCall::Marriage { .. }))),
                "hand {i}: a by-lead marriage offered as a call"
            );
            let leading = g.phase() == kartya::engine::Phase::Play && g.play_state().trick_len == 0;
            if leading && g.play_state().tricks_played == 0 {
                let mut probe = g.clone();
                let call = Action::Meld(MeldCall::Marriage { row: 0, trump: false });
                assert!(probe.apply(call).is_err(), "hand {i}: a by-lead marriage called");
                refused += 1;
            }
            let seat = g.to_act_seat();
            let hand = g.observation(seat).hand;
            let before = g.history().len();
            assert!(random_step(&mut g, &mut rng, &mut buf));
            if let (true, Some((_, Action::Play(c)))) = (leading, g.history().get(before)) {
                let pos = g.pos_of(seat).unwrap().0 as usize;
                for (s, m) in pairs.iter().enumerate() {
                    if m & (1u64 << c) != 0 && hand & m == *m {
                        led[pos] |= 1 << s;
                    }
                }
            }
        }
        // a contract that counts no marriage (no tricks: `melds none`) registers none
        let counts = g
            .contract()
            .and_then(|c| r.variant.contracts.get(c))
            .is_some_and(|c| c.melds.marriages & 1 != 0);
        for (pos, led) in led.iter().enumerate() {
            let declared = g.marriages_declared(pos as u8, 0);
            let expected = if counts { *led } else { 0 };
            assert_eq!(
                declared, expected,
                "hand {i} position {pos}: declared {declared:b}, led {led:b}"
            );
            registered += declared.count_ones();
        }
    }
    assert!(
        registered > 50 && refused > 100,
        "{registered} registered, {refused} refused"
    );
}

#[test]
fn only_held_marriages_are_declared_and_shown_ones_lie_face_up() {
    for (name, shows) in [("koenigrufen-russbach", false), ("rufmariasch", true)] {
        let r = rules(name);
        let pairs = pairs(&r);
        let (mut declared, mut shown_seen, mut refused) = (0u32, 0u32, 0u32);
        for i in 0..400u64 {
            let mut g = Game::new(Arc::clone(&r), kartya::engine::Seat((i % 4) as u8), i);
            let mut rng = hand_rng(40, i);
            let mut buf = Vec::new();
            while !g.is_over() {
                let legal = g.legal_actions();
                for a in legal.iter() {
                    if let Action::Meld(MeldCall::Marriage { trump, .. }) = a {
                        // the player to act holds an undeclared pair of that class
                        let seat = g.to_act_seat();
                        let hand = g.observation(seat).hand;
                        let trump_suit = g.trump().map(|t| t as usize);
                        let held = pairs
                            .iter()
                            .enumerate()
                            .any(|(s, m)| hand & m == *m && (Some(s) == trump_suit) == *trump);
                        assert!(held, "{name} hand {i}: a marriage offered that is not held");
                    }
                }
                // a class he holds no pair of is refused, naming the rule
                if g.phase() == kartya::engine::Phase::Play && g.play_state().tricks_played == 0 {
                    for trump in [true, false] {
                        let a = Action::Meld(MeldCall::Marriage { row: 0, trump });
                        if !legal.contains(&a) {
                            let mut probe = g.clone();
                            assert!(probe.apply(a).is_err(), "{name} hand {i}: a false marriage accepted");
                            refused += 1;
                        }
                    }
                }
                let before = g.history().len();
                assert!(random_step(&mut g, &mut rng, &mut buf));
                if let Some((_, Action::Meld(MeldCall::Marriage { .. }))) = g.history().get(before) {
                    declared += 1;
                }
                let shown = g.observation(kartya::engine::Seat(0)).shown;
                for seat in 1..4 {
                    assert_eq!(
                        g.observation(kartya::engine::Seat(seat)).shown,
                        shown,
                        "{name}: every seat sees the same"
                    );
                }
                if shows {
                    // every card shown is a declared pair's card still in its holder's hand
                    let in_hands = g.play_state().hands.iter().take(4).fold(0u64, |m, h| m | h);
                    assert_eq!(shown & !in_hands, 0, "{name}: a played card is no longer shown");
                    shown_seen += (shown != 0) as u32;
                } else {
                    assert_eq!(shown, 0, "{name}: an announced marriage shows no card");
                }
            }
        }
        assert!(
            declared > 50 && refused > 100,
            "{name}: {declared} declared, {refused} refused"
        );
        assert!(!shows || shown_seen > 50, "{name}: shown pairs seen {shown_seen} times");
    }
}

/// K16 (digest §9; house rule `anrufen-marriage-with-a-trick`): with `counts-with-a-trick` a
/// registered marriage scores only for a side that won a trick; the base counts it anyway, and
/// random hands meet such a marriage (a forehand's registration at trick 1 on a side that then
/// takes nothing), so the option changes sheets.
#[test]
fn k16_a_marriage_counts_only_with_a_trick_under_the_house_rule() {
    // the side of a table seat: the declarer with his partner, or the others
    fn side_tricks(s: &kartya::engine::score::Score, partner: Option<u8>, seat: usize) -> u32 {
        let on_declarer_side = |q: usize| Some(q as u8) == s.declarer || Some(q as u8) == partner;
        let mine = on_declarer_side(seat);
        (0..4)
            .filter(|&q| on_declarer_side(q) == mine)
            .map(|q| s.tricks[q] as u32)
            .sum()
    }
    let mut trickless_melds = [0u32; 2];
    for (k, name) in ["anrufen", "anrufen-marriage-with-a-trick"].into_iter().enumerate() {
        let r = rules(name);
        let mut buf = Vec::new();
        for i in 0..3000u64 {
            let g = kartya::engine::sim::random_hand(&r, 16, i, &mut buf);
            let Some(s) = g.result() else { continue };
            for seat in 0..4 {
                if s.meld_points[seat] != 0 && side_tricks(s, g.partner(), seat) == 0 {
                    trickless_melds[k] += 1;
                }
            }
        }
    }
    assert!(
        trickless_melds[0] > 0,
        "the base counts a marriage of a side without a trick"
    );
    assert_eq!(trickless_melds[1], 0, "the house rule never does");
}

/// K16 (b) and (c), the base's readings: any player who leads one card of a pair registers it,
/// the bidder's opponents too (the seed: "a player who holds K and Q"); only a leader registers,
/// so in trick 1, which the bidder leads (§4.7.1), nobody but the bidder has registered one.
#[test]
fn k16_opponents_register_too_and_in_trick_1_only_the_bidder() {
    let r = rules("anrufen");
    let mut buf = Vec::new();
    let mut by_opponents = 0;
    for i in 0..1500u64 {
        let mut g = Game::new(Arc::clone(&r), kartya::engine::Seat((i % 4) as u8), i);
        let mut rng = hand_rng(21, i);
        let mut trick_one_checked = false;
        while !g.is_over() && random_step(&mut g, &mut rng, &mut buf) {
            if trick_one_checked || g.play_state().tricks_played != 1 {
                continue;
            }
            trick_one_checked = true;
            let bidder = g.declarer().and_then(|d| g.pos_of(d)).map(|p| p.0);
            for pos in (0..4u8).filter(|p| Some(*p) != bidder) {
                assert_eq!(
                    g.marriages_declared(pos, 0),
                    0,
                    "hand {i}: position {pos} registered in trick 1"
                );
            }
        }
        let (Some(d), partner) = (g.declarer(), g.partner()) else {
            continue;
        };
        for seat in (0..4u8).filter(|s| *s != d.0 && Some(*s) != partner) {
            let pos = g.pos_of(kartya::engine::Seat(seat)).unwrap().0;
            by_opponents += (g.marriages_declared(pos, 0) != 0) as u32;
        }
    }
    assert!(by_opponents > 0, "no opponent of the bidder ever registered a marriage");
}
