//! The general constructs Königrufen of Graden needs (koenigrufen-family.md §6, §8.3), beyond
//! the hand records of tests/hands/koenigrufen-graden-*.json: takes the bundled file and small
//! overlays, gives the holding requirement checked at the bid (G12), and the checks of `tie
//! most-pay`, `requires same-suit` and `order-if-called` that reject what could never apply.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;

use engine_util::*;
use kartya::engine::seats::Seat;
use kartya::engine::Action;

/// The three bids of the seed's "Hundert" contracts.
const HUNDERT: [&str; 3] = [
    "durchmarsch-hundert-mit-einer-anderen",
    "durchmarsch-hundert-am-letzten",
    "hundertermord",
];

/// G12 (§6.6, K27): a player without the king and queen of one suit may not bid the Hundert
/// contracts: they are not offered, and the bid is refused; with them they are offered. The
/// others may be bid by anyone.
#[test]
fn g12_hundert_bids_need_king_and_queen_of_one_suit() {
    let r = rules("koenigrufen-graden");
    // forehand (seat 1) holds kings and queens, but never both of one suit
    let without = order_in_packets_of_three(
        &r,
        [
            &["herz.K", "karo.Q", "pik.K", "kreuz.Q", "herz.9", "karo.9"],
            &["herz.A", "herz.Q", "karo.A", "karo.K", "pik.A", "pik.Q"],
            &["herz.J", "karo.J", "pik.J", "kreuz.A", "kreuz.K", "kreuz.J"],
            &["herz.10", "karo.10", "pik.10", "kreuz.10", "pik.9", "kreuz.9"],
        ],
    );
    let mut g = game_from_order(&r, 0, &without);
    let legal = g.legal_actions();
    for name in HUNDERT {
        let bid = Action::Bid(bid_index(&r, name));
        assert!(!legal.contains(&bid), "{name} offered without a marriage");
        assert!(g.apply(bid).is_err(), "{name} accepted without a marriage");
    }
    for name in ["bettler", "zehnermord", "königmord"] {
        assert!(legal.contains(&Action::Bid(bid_index(&r, name))), "{name} not offered");
    }
    // the same player with the heart king and queen
    let with = order_in_packets_of_three(
        &r,
        [
            &["herz.K", "herz.Q", "pik.K", "kreuz.Q", "herz.9", "karo.9"],
            &["herz.A", "karo.Q", "karo.A", "karo.K", "pik.A", "pik.Q"],
            &["herz.J", "karo.J", "pik.J", "kreuz.A", "kreuz.K", "kreuz.J"],
            &["herz.10", "karo.10", "pik.10", "kreuz.10", "pik.9", "kreuz.9"],
        ],
    );
    let g = game_from_order(&r, 0, &with);
    let legal = g.legal_actions();
    for name in HUNDERT {
        assert!(
            legal.contains(&Action::Bid(bid_index(&r, name))),
            "{name} not offered with a marriage"
        );
    }
}

/// A later bidder without the marriage does not end the auction for the others: after a
/// Königmord bid only Hundertermord is higher, and the player after him still speaks (the
/// check of "no higher bid is left" is the ladder's, not the bidder's hand).
#[test]
fn a_bid_out_of_reach_of_one_hand_still_leaves_the_others_their_turn() {
    let r = rules("koenigrufen-graden");
    let deck = order_in_packets_of_three(
        &r,
        [
            &["herz.K", "herz.J", "pik.K", "kreuz.Q", "herz.9", "karo.9"],
            &["herz.A", "herz.Q", "karo.A", "karo.K", "karo.Q", "pik.Q"],
            &["pik.A", "karo.J", "pik.J", "kreuz.A", "kreuz.K", "kreuz.J"],
            &["herz.10", "karo.10", "pik.10", "kreuz.10", "pik.9", "kreuz.9"],
        ],
    );
    let mut g = game_from_order(&r, 0, &deck);
    act(&mut g, &[Action::Bid(bid_index(&r, "königmord"))]);
    // seat 2 holds karo K and Q: he may bid Hundertermord over it
    assert_eq!(g.to_act_seat(), 2);
    assert!(g.legal_actions().contains(&Action::Bid(bid_index(&r, "hundertermord"))));
    act(&mut g, &[Action::Pass]);
    assert_eq!(g.to_act_seat(), 3, "seat 3 speaks, though he cannot bid higher");
}

fn diagnostics(text: &str) -> String {
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add("t.kartya", text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    common::render(&loaded.diags, &sources)
}

fn overlay(body: &str) -> String {
    format!("house-rules t \"a test\" extends koenigrufen-graden\n{body}")
}

/// `tie most-pay` needs one number for each count of players that can share the most (three of
/// four), and a whole share for the players with less.
#[test]
fn most_pay_tables_that_do_not_fit_are_out_of_range() {
    let short = diagnostics(&overlay("contract schurln {\n  tie most-pay 3 1\n}\n"));
    assert!(
        short.contains("kartya::out-of-range") && short.contains("names 2 numbers"),
        "{short}"
    );
    let uneven = diagnostics(&overlay("contract schurln {\n  tie most-pay 1 1 1\n}\n"));
    assert!(
        uneven.contains("kartya::out-of-range") && uneven.contains("cannot share evenly"),
        "{uneven}"
    );
    let fits = diagnostics(&overlay("contract schurln {\n  tie most-pay 3 2 1\n}\n"));
    assert!(!fits.contains('×'), "{fits}");
}

/// A holding requirement on a contract never bid, and an order by the called card where no
/// card is called, could never apply: `kartya::no-effect`.
#[test]
fn holding_and_called_order_rules_that_never_apply_are_no_effect() {
    let never_bid = diagnostics(&overlay("contract schurln {\n  requires same-suit K Q\n}\n"));
    assert!(
        never_bid.contains("kartya::no-effect") && never_bid.contains("never bid"),
        "{never_bid}"
    );
    let no_call = diagnostics(&overlay("contract königmord {\n  order-if-called 10 zehner\n}\n"));
    assert!(
        no_call.contains("kartya::no-effect") && no_call.contains("calls no card"),
        "{no_call}"
    );
}

/// §6.6 Plauderer 4, K30: once trick 1 is played (before trick 2 is led) the three opponents'
/// hands are open to every seat, the Plauderer's included; his own cards stay hidden, and before
/// that nothing is open.
#[test]
fn plauderer_opponents_lay_their_hands_open_after_trick_one() {
    let r = rules("koenigrufen-graden");
    let deck = order_in_packets_of_three(
        &r,
        [
            &["herz.9", "karo.9", "pik.9", "kreuz.9", "herz.J", "karo.J"],
            &["herz.A", "herz.K", "herz.Q", "karo.A", "karo.K", "karo.Q"],
            &["herz.10", "karo.10", "pik.A", "pik.K", "pik.Q", "pik.J"],
            &["pik.10", "kreuz.A", "kreuz.K", "kreuz.Q", "kreuz.J", "kreuz.10"],
        ],
    );
    let mut g = game_from_order(&r, 0, &deck);
    let bid = Action::Bid(bid_index(&r, "plauderer"));
    let c = |s: &str| cards(&r, &[s])[0];
    // §6.6 Plauderer 2: bid with the card to lead laid face down
    let face_down = Action::LayFaceDown(c("herz.9"));
    act(&mut g, &[bid, face_down, Action::Pass, Action::Pass, Action::Pass]);
    assert_eq!(
        g.observation(Seat(1)).open_hands,
        [0; 8],
        "nothing open before trick 1 is played"
    );
    act(
        &mut g,
        &[
            Action::Play(c("herz.9")),
            Action::Play(c("herz.A")),
            Action::Play(c("herz.10")),
            Action::Play(c("kreuz.A")),
        ],
    );
    for seat in 0..4u8 {
        let open = g.observation(Seat(seat)).open_hands;
        assert_eq!(open[1], 0, "the Plauderer's own hand stays hidden");
        for (s, h) in [
            (2usize, &g.observation(Seat(2)).hand),
            (3, &g.observation(Seat(3)).hand),
            (0, &g.observation(Seat(0)).hand),
        ] {
            assert_eq!(open[s], *h, "seat {seat} sees seat {s}'s five cards");
            assert_eq!(h.count_ones(), 5);
        }
    }
    // a contract without the line shows nothing
    let mut g = game_from_order(&r, 0, &deck);
    act(
        &mut g,
        &[
            Action::Bid(bid_index(&r, "bettler")),
            Action::LayFaceDown(c("herz.9")),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    act(
        &mut g,
        &[
            Action::Play(c("herz.9")),
            Action::Play(c("herz.A")),
            Action::Play(c("herz.10")),
            Action::Play(c("kreuz.A")),
        ],
    );
    assert_eq!(g.observation(Seat(1)).open_hands, [0; 8]);
}

/// Random hands of koenigrufen-graden: payments are zero-sum; the declarer settles his stake
/// once with one opponent each (2 against 2: his net is the stake) or with each of the three
/// (alone: three times it); a called partner is hidden from every other seat until the called
/// card is played, and the winner of trick 6 is nobody's partner before trick 6; the defence's
/// hands are open only in the Plauderer, from trick 2 on.
#[test]
fn random_hands_keep_the_graden_invariants() {
    use kartya::engine::sim::random_step;
    use kartya::engine::Phase;
    let r = rules("koenigrufen-graden");
    let v = &r.variant;
    let plauderer = contract(&r, "plauderer");
    let (mut open_seen, mut calls, mut paired) = (0, 0, 0);
    for seed in 0..3000u64 {
        let mut g = kartya::engine::Game::new(r.clone(), kartya::engine::Seat((seed % 4) as u8), seed);
        let mut rng = kartya::engine::rng::hand_rng(seed, 1);
        let mut buf = Vec::new();
        let mut called = None;
        while !g.is_over() {
            if let Some((_, Action::CallCard(c))) = g.history().last() {
                called = Some(*c);
            }
            if g.phase() == Phase::Play {
                let tricks_done = g.history().iter().filter(|(_, a)| matches!(a, Action::Play(_))).count() / 4;
                let open = g.observation(Seat(0)).open_hands;
                if g.contract() == Some(plauderer) && tricks_done >= 1 {
                    open_seen += 1;
                    let d = g.declarer().unwrap();
                    for s in 0..4u8 {
                        // K30: with a Mitplauderer only the two others show their hands
                        let holder = s == d || g.observation(Seat(s)).joint == Some(Seat(s));
                        let own = if holder { 0 } else { g.observation(Seat(s)).hand };
                        assert_eq!(
                            open[s as usize], own,
                            "{seed}: seat {s}'s hand open unless he is the Plauderer"
                        );
                    }
                } else {
                    assert_eq!(open, [0; 8], "{seed}: nothing open");
                }
                if let Some(c) = called {
                    calls += 1;
                    let holder = (0..4u8).find(|&s| g.observation(Seat(s)).hand & (1u64 << c) != 0);
                    let declarer = g.declarer().unwrap();
                    for s in 0..4u8 {
                        let seen = g.observation(Seat(s)).partner;
                        match holder {
                            Some(h) if h != declarer && s == h => assert_eq!(seen, Some(Seat(h)), "{seed}"),
                            Some(_) => assert_eq!(seen, None, "{seed}: the partner is hidden from seat {s}"),
                            None => {}
                        }
                    }
                } else if tricks_done < 6 {
                    for s in 0..4u8 {
                        assert_eq!(
                            g.observation(Seat(s)).partner,
                            None,
                            "{seed}: no partner before trick 6"
                        );
                    }
                }
            }
            assert!(random_step(&mut g, &mut rng, &mut buf), "{seed}");
        }
        let s = g.result().unwrap();
        assert_eq!(s.payments.iter().sum::<i64>(), 0, "{seed}: zero-sum");
        let c = &v.contracts[s.contract.unwrap()];
        if let (Some(d), Some(j)) = (s.declarer, c.joint.filter(|_| g.observation(Seat(0)).joint.is_some())) {
            // a joint hand nets by its table (G2, G4)
            let nets = [j.both_win, j.one_wins, j.both_lose, 0];
            assert!(nets.contains(&s.payments[d as usize].abs()), "{seed}: joint {}", c.name);
        } else if let Some(d) = s.declarer {
            let net = s.payments[d as usize].abs();
            assert!(net == c.value || net == 3 * c.value, "{seed}: {} nets {net}", c.name);
            paired += usize::from(net == c.value);
        }
    }
    assert!(open_seen > 0 && calls > 0 && paired > 0, "{open_seen} {calls} {paired}");
}
