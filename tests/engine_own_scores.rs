//! Own scores (`own EXPR`, docs/scores.md): takes the fixtures oh-hell-basic (each player bids
//! his tricks; a trick scores 1 and exactly the bid 10 more) and moon-aces (no auction; each ace
//! taken costs 1, and a player who takes all four scores 0 while each other player scores 4),
//! gives random hands played to the end, each trick's winner worked out here from the cards
//! played (not read from the engine), and each player's score computed from those tricks
//! against the sheet: his payment is his own score, and the payments sum to `own_scores`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::{Action, Game, Phase, Rules, Seat};
use rand::Rng;
use std::sync::Arc;

/// A fixture's rules; it checks with no diagnostic at all (`common::rules` panics on an error).
fn fixture(name: &str) -> Arc<Rules> {
    common::fixture_rules(name)
}

/// A hand played out by random legal actions, with each trick's winner found from the cards:
/// the highest trump if any was played, else the highest card of the suit led (the fixtures'
/// ranks are declared highest first, one order for every suit). Gives the game and, per table
/// seat, the tricks taken and the cards captured.
fn play_out(r: &Arc<Rules>, i: u64, trump: Option<u8>) -> (Game, [i64; 4], [Vec<u8>; 4]) {
    let mut rng = hand_rng(31, i);
    let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
    let mut g = Game::from_deal(Arc::clone(r), Seat((i % 4) as u8), deal);
    let cards = &r.variant.cards;
    let mut tricks = [0i64; 4];
    let mut captured: [Vec<u8>; 4] = Default::default();
    let mut trick: Vec<(u8, u8)> = Vec::new();
    while !g.is_over() {
        let legal = g.legal_actions();
        let a = legal[rng.gen_range(0..legal.len())];
        let seat = g.to_act_seat().0;
        g.apply(a).unwrap();
        let Action::Play(card) = a else { continue };
        trick.push((seat, card));
        if trick.len() < 4 {
            continue;
        }
        let suit = |c: u8| cards[c as usize].suit;
        let led = suit(trick[0].1);
        let wins_in = |s: u8| {
            trick
                .iter()
                .filter(|(_, c)| suit(*c) == s)
                .min_by_key(|(_, c)| cards[*c as usize].rank)
                .copied()
        };
        let (winner, _) = trump.and_then(wins_in).or_else(|| wins_in(led)).unwrap();
        tricks[winner as usize] += 1;
        captured[winner as usize].extend(trick.iter().map(|(_, c)| *c));
        trick.clear();
    }
    assert!(trick.is_empty(), "hand {i}: every trick complete");
    (g, tricks, captured)
}

/// Oh Hell's basic scoring: each player's own score is his tricks, plus 10 when they are exactly
/// his bid; nobody pays anybody.
#[test]
fn each_player_scores_his_tricks_and_ten_for_exactly_his_bid() {
    let r = fixture("oh-hell-basic");
    let hearts = r.variant.suits.iter().position(|s| s.name == "hearts").unwrap() as u8;
    let (mut exact, mut missed) = (0, 0);
    for i in 0..500u64 {
        let (g, tricks, _) = play_out(&r, i, Some(hearts));
        assert_eq!(g.declarer(), None, "hand {i}: nobody declares");
        let s = g.result().unwrap();
        assert_eq!(tricks.iter().sum::<i64>(), 13, "hand {i}");
        let mut total = 0;
        for seat in 0..4u8 {
            let bid = i64::from(g.undertaking_of_seat(seat).unwrap());
            let t = tricks[seat as usize];
            let own = t + if t == bid { 10 } else { 0 };
            if t == bid {
                exact += 1;
            } else {
                missed += 1;
            }
            assert_eq!(s.tricks[seat as usize] as i64, t, "hand {i} seat {seat}: tricks");
            assert_eq!(
                s.payments[seat as usize], own,
                "hand {i} seat {seat}: bid {bid}, tricks {t}"
            );
            total += own;
        }
        assert_eq!(s.own_scores, total, "hand {i}: the payments are the own scores");
        assert_eq!(s.payments.iter().sum::<i64>(), total, "hand {i}");
    }
    assert!(exact > 100 && missed > 100, "exact {exact}, missed {missed}");
}

/// The moon: a plain hand scores each player the aces he took; a hand where one player took all
/// four scores him 0 and each other player 4. Random hands give both.
#[test]
fn a_plain_hand_scores_the_aces_taken_and_the_moon_scores_the_others() {
    let r = fixture("moon-aces");
    assert_eq!(
        r.variant.bidding.no_auction.as_ref().map(|n| n.forehand_declares),
        Some(false)
    );
    let (mut plain, mut moons) = (0, 0);
    for i in 0..1500u64 {
        let (g, _, captured) = play_out(&r, i, None);
        assert_ne!(g.phase(), Phase::Bidding);
        let s = g.result().unwrap();
        let aces = captured.map(|cs| cs.iter().filter(|&&c| r.variant.cards[c as usize].rank == 0).count() as i64);
        assert_eq!(aces.iter().sum::<i64>(), 4, "hand {i}");
        let moon = aces.iter().position(|&a| a == 4);
        let expected: [i64; 4] = match moon {
            Some(shooter) => {
                moons += 1;
                std::array::from_fn(|seat| if seat == shooter { 0 } else { 4 })
            }
            None => {
                plain += 1;
                aces
            }
        };
        assert_eq!(&s.payments[..4], &expected, "hand {i}: aces {aces:?}");
        assert_eq!(s.own_scores, expected.iter().sum::<i64>(), "hand {i}");
        assert!(
            s.items.iter().all(|it| it.won.is_none()),
            "hand {i}: no game is won or lost"
        );
    }
    assert!(plain > 100 && moons > 5, "plain {plain}, moons {moons}");
}

/// `kartya fmt` prints an `own` line canonically (single spaces, only the parentheses that
/// precedence needs, an `if` bracketed in a condition or a `then` branch), and the printed line
/// parses to the same expression.
#[test]
fn own_lines_print_canonically_and_round_trip() {
    let cases = [
        (
            "own  tricks  +  ( if tricks exactly bid then 10 else 0 )",
            "own tricks + (if tricks exactly bid then 10 else 0)",
        ),
        ("own ((tricks))", "own tricks"),
        ("own (tricks - bid) - (tricks - 1)", "own tricks - bid - (tricks - 1)"),
        ("own tricks - bid * 2 + -(3) * -tricks", "own tricks - bid * 2 + -(3) * -tricks"),
        ("own -(tricks * 2)", "own -(tricks * 2)"),
        ("own -3 + 2", "own -3 + 2"),
        ("own sum(s in others: tricks of s) * 2", "own sum(s in others: tricks of s) * 2"),
        (
            "own if any(s in seats: card-points of s exactly all-points) then (if card-points of me exactly all-points then 0 else all-points) else card-points",
            "own if any(s in seats: card-points of s exactly all-points) then (if card-points of me exactly all-points then 0 else all-points) else card-points",
        ),
        (
            "own if (not (tricks exactly 0 or bid exactly 0)) and all(s in seats: tricks of s at-least 1) then 1 else if tricks less-than 2 then 2 else hand-size",
            "own if not (tricks exactly 0 or bid exactly 0) and all(s in seats: tricks of s at-least 1) then 1 else if tricks less-than 2 then 2 else hand-size",
        ),
    ];
    for (line, canonical) in cases {
        let text = format!("variant x \"x\"\ncontract c {{\n  {line}\n}}\n");
        let mut s = kartya::source::SourceSet::new();
        let id = s.add("x".to_string(), text.clone(), kartya::source::Origin::User);
        let ast = kartya::syntax::parse(id, &text).unwrap_or_else(|_| panic!("`{line}` parses"));
        let once = kartya::fmt::format(&ast, &text);
        assert_eq!(
            once,
            format!("variant x \"x\"\ncontract c {{\n  {canonical}\n}}\n"),
            "{line}"
        );
        let ast2 = kartya::syntax::parse(id, &once).unwrap_or_else(|_| panic!("`{canonical}` parses"));
        assert_eq!(kartya::fmt::format(&ast2, &once), once, "fmt is idempotent on `{line}`");
        let expr =
            |a: &kartya::syntax::ast::FileAst| a.stmts[1].body.as_ref().unwrap()[0].expr.as_ref().unwrap().to_string();
        assert_eq!(expr(&ast), expr(&ast2), "`{line}`: the same expression");
    }
}
