//! Paper scores and robbers: takes finished hands' `Score`s (built by hand for the source's
//! examples, or played), gives the §21 vectors TV-13, TV-14, TV-15, TV-D12 on written scores.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::game::Item;
use kartya::engine::paper::{written, Paper};
use kartya::engine::score::{Score, ScoreItem};
use kartya::engine::tables::MAX_SEATS;

fn item(value: i64, pay: &[i64]) -> ScoreItem {
    let mut p = [0i64; MAX_SEATS];
    p[..pay.len()].copy_from_slice(pay);
    ScoreItem {
        item: Item::Game,
        figure: None,
        by: Some(0),
        base: value,
        front: false,
        extra: 0,
        deducted: 0,
        multiplier: 1,
        added: 0,
        value,
        won: None,
        pay: p,
        unannounced: false,
    }
}

fn score(items: Vec<ScoreItem>) -> Score {
    let mut payments = [0i64; MAX_SEATS];
    for i in &items {
        for (t, p) in payments.iter_mut().zip(i.pay.iter()) {
            *t += p;
        }
    }
    Score {
        redeal: false,
        contract: Some(0),
        trump: None,
        declarer: Some(0),
        card_points: [0; MAX_SEATS],
        meld_points: [0; MAX_SEATS],
        tricks: [0; MAX_SEATS],
        items,
        payments,
        claim: None,
        own_scores: 0,
    }
}

/// A hand where seat 0 declares and `d` is the declarer's side result per item (value, won).
fn decl_hand(items: &[(i64, bool)]) -> Score {
    score(
        items
            .iter()
            .map(|&(v, won)| {
                if won {
                    item(v, &[2 * v, -v, -v])
                } else {
                    item(v, &[-2 * v, v, v])
                }
            })
            .collect(),
    )
}

// TV-13 paper scoring: tulétroá front 2 and ultimó back 2 made, the game (kontra'd back, 2) lost:
// declarer +4, each opponent +2.
#[test]
fn tv13_positive_paper() {
    let r = rules("alsos-3p");
    let s = decl_hand(&[(2, false), (2, true), (2, true)]);
    let w = written(&r.variant.scoring, &s);
    assert_eq!(&w[..3], &[4, 2, 2]);
    assert_eq!(
        &s.payments[..3],
        &[4, -2, -2],
        "in cash the declarer nets 2 + 2 from each, less 2 to each"
    );
}

// TV-14 (a): the first to 20 gets the bonus 2, the robber ends, everyone restarts at 0.
#[test]
fn tv14_robber_first_to_twenty() {
    let r = rules("alsos-3p");
    let mut p = Paper::new(&r.variant.scoring, 3);
    for _ in 0..9 {
        assert!(p.add(&decl_hand(&[(2, true)])).is_none());
    }
    assert_eq!(p.scores, vec![18, 0, 0]);
    let done = p.add(&decl_hand(&[(2, true)])).unwrap();
    assert_eq!((done.winners.clone(), done.target, done.bonus), (vec![0], 20, 2));
    assert_eq!(done.scores, vec![20, 0, 0]);
    assert_eq!(p.scores, vec![0, 0, 0], "everyone restarts");
    assert_eq!(p.totals, vec![22, 0, 0]);
    assert_eq!(p.settlement(), vec![44, -22, -22]);
}

// TV-14 (b), derived illustration: A 19, B 19, C 10; A wins the game (+1) and loses a figure (+1
// to B and C): A 20, B 20 in one deal -> the robber goes on to 40 with bonus 4; then 60/6.
#[test]
fn tv14_robber_escalates() {
    let r = rules("alsos-3p");
    let mut p = Paper::new(&r.variant.scoring, 3);
    p.scores = vec![19, 19, 10];
    assert!(p.add(&decl_hand(&[(1, true), (1, false)])).is_none());
    assert_eq!(p.scores, vec![20, 20, 11]);
    assert_eq!(p.target(), Some((40, 4)));
    // both past 40 in one deal again: 60/6
    p.scores = vec![39, 39, 11];
    assert!(p.add(&decl_hand(&[(1, true), (1, false)])).is_none());
    assert_eq!(p.target(), Some((60, 6)));
    p.scores = vec![59, 40, 11];
    let done = p.add(&decl_hand(&[(1, true)])).unwrap();
    assert_eq!((done.winners, done.target, done.bonus), (vec![0], 60, 6));
    assert_eq!(p.target(), Some((20, 2)), "a new robber starts at the plain target");
}

// TV-15 historical scale: trump game 4, the first to 80 gets 20.
#[test]
fn tv15_historical_robber() {
    let r = rules("historical-scale");
    assert_eq!(r.variant.contracts[contract(&r, "adu")].value, 4);
    let mut p = Paper::new(&r.variant.scoring, 3);
    assert_eq!(p.target(), Some((80, 20)));
    for _ in 0..19 {
        assert!(p.add(&decl_hand(&[(4, true)])).is_none());
    }
    let done = p.add(&decl_hand(&[(4, true)])).unwrap();
    assert_eq!((done.target, done.bonus, done.scores[0]), (80, 20, 80));
}

// TV-D12 four players: the declarer wins 1: cash +3, written +1; loses: both opponents and the
// dealer +1 each. Played hands: the sitting-out dealer writes what the opponents write (§16.2).
#[test]
fn tv_d12_four_players_paper() {
    let r = rules("alsos-4p");
    let won = score(vec![item(1, &[3, -1, -1, -1])]);
    assert_eq!(&written(&r.variant.scoring, &won)[..4], &[1, 0, 0, 0]);
    let lost = score(vec![item(1, &[-3, 1, 1, 1])]);
    assert_eq!(&written(&r.variant.scoring, &lost)[..4], &[0, 1, 1, 1]);
    let mut buf = Vec::new();
    let mut checked = 0;
    for i in 0..200 {
        let g = kartya::engine::sim::random_hand(&r, 21, i, &mut buf);
        let s = g.result().unwrap();
        let (Some(d), Some(c)) = (s.declarer, s.contract) else {
            continue;
        };
        if !matches!(
            r.variant.contracts[c].win,
            kartya::model::Win::MoreThanEach { .. } | kartya::model::Win::NoTricks
        ) {
            continue;
        }
        let w = written(&r.variant.scoring, s);
        let dealer = g.dealer().index();
        let opp = (0..4).find(|&x| x != d as usize && x != dealer).unwrap();
        assert_eq!(w[dealer], w[opp], "hand {i}: the dealer writes with the opponents");
        checked += 1;
    }
    assert!(checked > 20);
}

// The Tompa sheet: plus-minus paper writes the loser's value negative.
#[test]
fn plus_minus_paper() {
    let r = rules("alsos-2p-tompa");
    if !r.variant.scoring.paper_plus_minus {
        return;
    }
    let s = score(vec![item(1, &[1, -1])]);
    assert_eq!(&written(&r.variant.scoring, &s)[..2], &[1, -1]);
}

// The simulation reports written totals and robbers, deterministically.
#[test]
fn summary_reports_paper_and_robbers() {
    let r = rules("alsos-3p");
    let a = kartya::engine::simulate(&r, 600, 3);
    let b = kartya::engine::simulate(&r, 600, 3);
    assert_eq!(a, b);
    assert!(
        a.paper_total.iter().all(|t| *t > 0),
        "positive paper: {:?}",
        a.paper_total
    );
    assert!(a.robbers > 0);
}
