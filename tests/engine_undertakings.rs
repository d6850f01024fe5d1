//! Undertakings, scenario by scenario: takes the fixtures oh-hell-each-bids (Oh Hell, Parlett's
//! Penguin Book of Card Games, with minus scoring) and boston-numeric-bids (a Boston-like numeric
//! auction), gives random hands stepped one action at a time and checked against the rules
//! written out here rather than the engine's own goal: the bids allowed at each turn, who
//! declares with which undertaking, and each player's score. The sheets of chosen hands are
//! pinned by tests/hands/oh-hell-*.json and tests/hands/boston-*.json.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::Pos;
use kartya::engine::{Action, Game, Phase, Rules};
use rand::Rng;
use std::sync::Arc;

fn fixture(name: &str) -> Arc<Rules> {
    let path = format!("tests/fixtures/plays/{name}.kartya");
    let (sources, loaded) = common::load(&[path.as_str()], &common::root());
    let v = loaded
        .variant
        .unwrap_or_else(|| panic!("{}", common::render(&loaded.diags, &sources)));
    Rules::new(v).unwrap()
}

fn bids_of(legal: &[Action]) -> Vec<u8> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::BidNumber(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// Oh Hell: each player bids 0 to 13 in turn, forehand first; the dealer (last) may not make the
/// bids add up to 13; exactly the bid scores 10 plus the bid, else -1 per trick over or under;
/// the payments are each player's own and add up to those scores.
#[test]
fn oh_hell_bids_and_scores_each_player_by_his_own_bid() {
    let r = fixture("oh-hell-each-bids");
    let mut forbidden_seen = 0;
    for i in 0..400u64 {
        let mut rng = hand_rng(3, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % 4) as u8), deal);
        let mut sum = 0u32;
        for turn in 0..4u8 {
            assert_eq!(g.phase(), Phase::Bidding);
            assert_eq!(g.to_act(), turn, "hand {i}: forehand first, the dealer last");
            let legal = g.legal_actions();
            assert!(!legal.contains(&Action::Pass), "hand {i}: nobody passes");
            let bids = bids_of(&legal);
            let expected: Vec<u8> = (0..=13u8).filter(|&n| turn < 3 || sum + n as u32 != 13).collect();
            assert_eq!(bids, expected, "hand {i} turn {turn}");
            if turn == 3 && sum <= 13 {
                forbidden_seen += 1;
                let total = (13 - sum) as u8;
                assert!(
                    g.clone().apply(Action::BidNumber(total)).is_err(),
                    "hand {i}: the dealer makes 13"
                );
            }
            let n = bids[rng.gen_range(0..bids.len())];
            sum += n as u32;
            g.apply(Action::BidNumber(n)).unwrap();
        }
        assert_ne!(g.phase(), Phase::Bidding, "hand {i}: four bids end the round");
        assert_eq!(g.declarer(), None, "hand {i}: nobody declares");
        while !g.is_over() {
            let legal = g.legal_actions();
            g.apply(legal[rng.gen_range(0..legal.len())]).unwrap();
        }
        let s = g.result().unwrap();
        let mut total = 0;
        for seat in 0..4u8 {
            let bid = g.undertaking_of_seat(seat).unwrap() as i64;
            let tricks = s.tricks[seat as usize] as i64;
            let own = if tricks == bid { 10 + bid } else { -(tricks - bid).abs() };
            assert_eq!(s.payments[seat as usize], own, "hand {i} seat {seat}");
            total += own;
        }
        assert_eq!(
            s.payments.iter().sum::<i64>(),
            total,
            "hand {i}: the sum is the players' own scores"
        );
        assert_eq!(s.own_scores, total, "hand {i}");
    }
    assert!(
        forbidden_seen > 50,
        "the dealer's restriction was tested {forbidden_seen} times"
    );
}

/// Boston-like: bids 5 to 13, each above the standing one, a pass is final, the round ends when
/// all but the highest bidder have passed or 13 is bid; the highest bidder declares with his
/// bid as his undertaking and wins when he takes at least that many tricks; each defender pays
/// or receives 1 (the pooled defence), zero-sum.
#[test]
fn boston_highest_bidder_declares_his_number() {
    let r = fixture("boston-numeric-bids");
    let (mut won, mut lost, mut redeals) = (0, 0, 0);
    for i in 0..600u64 {
        let mut rng = hand_rng(4, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % 4) as u8), deal);
        let (mut high, mut passed) = (None::<(u8, u8)>, [false; 4]);
        while g.phase() == Phase::Bidding {
            let p = g.to_act().0;
            assert!(!passed[p as usize], "hand {i}: a pass is final");
            let legal = g.legal_actions();
            let floor = high.map(|(_, h)| h + 1).unwrap_or(5);
            assert_eq!(bids_of(&legal), (floor..=13).collect::<Vec<_>>(), "hand {i}");
            assert!(legal.contains(&Action::Pass));
            // pass more often than bid, so that auctions end at every height
            let a = if rng.gen_range(0..3) == 0 {
                legal[rng.gen_range(1..legal.len())]
            } else {
                Action::Pass
            };
            match a {
                Action::BidNumber(n) => high = Some((p, n)),
                _ => passed[p as usize] = true,
            }
            g.apply(a).unwrap();
        }
        if g.is_over() && g.result().unwrap().redeal {
            assert!(high.is_none(), "hand {i}: thrown in only when nobody bid");
            redeals += 1;
            continue;
        }
        let (p, n) = high.unwrap();
        assert_eq!(
            g.declarer(),
            Some(g.seat_of(Pos(p))),
            "hand {i}: the highest bidder declares"
        );
        assert_eq!(g.undertaking(p), Some(n), "hand {i}: his bid is his undertaking");
        while !g.is_over() {
            let legal = g.legal_actions();
            g.apply(legal[rng.gen_range(0..legal.len())]).unwrap();
        }
        let s = g.result().unwrap();
        let d = g.seat_of(Pos(p)).index();
        let made = s.tricks[d] >= n;
        assert_eq!(s.items[0].won, Some(made), "hand {i}: at least his bid");
        assert_eq!(s.payments[d], if made { 3 } else { -3 }, "hand {i}");
        assert_eq!(s.payments.iter().sum::<i64>(), 0, "hand {i}: zero-sum");
        if made {
            won += 1
        } else {
            lost += 1
        }
    }
    assert!(lost > 0 && redeals > 0, "won {won}, lost {lost}, thrown in {redeals}");
}
