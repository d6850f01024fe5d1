//! Meld tests of `Game`: takes bundled variants, hands laid out card by card and scripted meld
//! calls, gives the §21 vectors on sequences and vannak (TV-05, TV-06, TV-07, TV-08 with C's
//! kvint, TV-D4, TV-D5), the tie rules, the scoring rules and the meld calls as text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::game::Item;
use kartya::engine::melds::MeldCall;
use kartya::engine::Seat;
use kartya::engine::{Action, Game, Phase, Rules};
use kartya::record::notation::{action_text, parse_action};
use std::sync::Arc;

/// Dealer seat 2: positions are seats (0 forehand, 1 middlehand, 2 dealer).
const DEALER: u8 = 2;

fn row(r: &Rules, name: &str) -> MeldCall {
    MeldCall::Sequence(r.variant.melds.sequences.iter().position(|x| x.name == name).unwrap() as u8)
}

/// A 3-player hand where forehand accepts the indicator's suit; the front round is passed and a
/// possible exchange declined. The hand is then at the first card of trick 1.
fn adu_game(r: &Arc<Rules>, hands: &[&[&str]], indicator: &str, talon: &[&str]) -> Game {
    let hs: Vec<Vec<u8>> = hands.iter().map(|h| cards(r, h)).collect();
    let refs: Vec<&[u8]> = hs.iter().map(|h| h.as_slice()).collect();
    let order = order_with(r, 1, &refs, Some(cards(r, &[indicator])[0]), &cards(r, talon));
    let mut g = game_from_order(r, DEALER, &order);
    act(&mut g, &[Action::Accept]);
    while g.phase() == Phase::Front {
        act(&mut g, &[Action::Pass]);
    }
    skip_exchange(&mut g);
    assert_eq!(g.phase(), Phase::Play);
    g
}

/// Trick 1 with meld calls by position (each just before the position's card), then the rest of
/// the hand played quietly; gives the meld points by seat.
fn play_with_calls(g: &mut Game, calls: &[(u8, &[MeldCall])]) -> [i64; 8] {
    let mut done = [false; 8];
    while g.play_state().tricks_played == 0 && g.phase() == Phase::Play {
        let pos = g.to_act();
        if !done[pos.index()] {
            done[pos.index()] = true;
            for (p, cs) in calls {
                if *p == pos {
                    for c in cs.iter() {
                        act(g, &[Action::Meld(*c)]);
                    }
                }
            }
        }
        play_lowest(g, 1);
    }
    finish_quietly(g);
    g.result().unwrap().meld_points
}

// TV-05 okt is one sequence: all eight cards of a suit are one okt = 100, not kvint + terc = 120.
#[test]
fn tv05_okt_is_one_sequence() {
    let r = rules("alsos-3p");
    let zold = suit_cards(&r, "zöld");
    assert_eq!(
        r.melds
            .sequence_points(zold.iter().fold(0, |m, c| m | 1u64 << c), false),
        100
    );
    let mut hand: Vec<&str> = vec![
        "zöld.A", "zöld.K", "zöld.O", "zöld.U", "zöld.10", "zöld.9", "zöld.8", "zöld.7", "tök.9",
    ];
    let mut g = adu_game(&r, &[&hand], "piros.A", &["piros.7", "makk.8", "makk.7", "tök.8"]);
    let legal: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Meld(_)))
        .collect();
    assert_eq!(
        legal,
        vec![Action::Meld(row(&r, "okt"))],
        "the only sequence call is okt"
    );
    let m = play_with_calls(&mut g, &[(0, &[row(&r, "okt")])]);
    assert_eq!(m[0], 100, "okt = 100");
    // boundary: kvint + terc in two suits is 120 and is called kvint
    hand = vec![
        "zöld.A", "zöld.K", "zöld.O", "zöld.U", "zöld.10", "makk.9", "makk.8", "makk.7", "tök.9",
    ];
    let mask = cards(&r, &hand).iter().fold(0u64, |m, c| m | 1u64 << c);
    assert_eq!(r.melds.sequence_points(mask, false), 120);
    assert_eq!(
        Some(row(&r, "kvint")),
        r.melds.sequence_call(mask).map(MeldCall::Sequence)
    );
}

// okt against kvint + terc: the longer best sequence wins, whatever the totals (§4.1.5).
#[test]
fn okt_beats_kvint_and_terc() {
    let r = rules("alsos-3p");
    let okt = [
        "zöld.A", "zöld.K", "zöld.O", "zöld.U", "zöld.10", "zöld.9", "zöld.8", "zöld.7", "tök.9",
    ];
    let kt = [
        "makk.A", "makk.K", "makk.O", "makk.U", "makk.10", "tök.K", "tök.O", "tök.U", "piros.9",
    ];
    let mut g = adu_game(&r, &[&okt, &kt], "piros.A", &["piros.7", "piros.8", "tök.7", "tök.8"]);
    let m = play_with_calls(&mut g, &[(0, &[row(&r, "okt")]), (1, &[row(&r, "kvint")])]);
    assert_eq!((m[0], m[1]), (100, 0));
}

// TV-06 hiding sequence length is illegal: A-K-O-U (no 10) may only be called kvart.
#[test]
fn tv06_full_length_only() {
    let r = rules("alsos-3p");
    let hand = [
        "makk.A", "makk.K", "makk.O", "makk.U", "tök.7", "zöld.9", "zöld.7", "tök.K", "zöld.K",
    ];
    let mut g = adu_game(&r, &[&hand], "piros.A", &["piros.7", "piros.8", "makk.10", "tök.8"]);
    let melds: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Meld(_)))
        .collect();
    assert_eq!(melds, vec![Action::Meld(row(&r, "kvart"))]);
    let e = g.apply(Action::Meld(row(&r, "terc"))).unwrap_err();
    assert!(e.rule.contains("full length"), "{e}");
    act(&mut g, &[Action::Meld(row(&r, "kvart"))]);
    let e = g.apply(Action::Meld(row(&r, "kvart"))).unwrap_err();
    assert!(e.rule.contains("already"), "{e}");
    let e = g.apply(Action::Meld(MeldCall::Set(0))).unwrap_err();
    assert!(e.rule.contains("no set"), "{e}");
}

// TV-07 sequence reveal: kvart to the Over of Leaves and terc to the King of Hearts = 50 + 20 = 70.
#[test]
fn tv07_winner_scores_all_his_sequences() {
    let r = rules("alsos-3p");
    let hand = [
        "zöld.O", "zöld.U", "zöld.10", "zöld.9", "piros.K", "piros.O", "piros.U", "tök.7", "makk.9",
    ];
    let mut g = adu_game(&r, &[&hand], "makk.A", &["makk.7", "makk.8", "tök.8", "tök.9"]);
    assert_eq!(g.trump(), Some(suit(&r, "makk")));
    let m = play_with_calls(&mut g, &[(0, &[row(&r, "kvart")])]);
    assert_eq!(m[0], 70);
    assert_eq!(
        m[1] + m[2],
        g.result().unwrap().meld_points[1] + g.result().unwrap().meld_points[2]
    );
}

// TV-08 kontra example with C's kvint: the values are unchanged and C scores his kvint (100).
#[test]
fn tv08_with_c_kvint() {
    let r = rules("alsos-3p");
    let (abs, tul, szaz) = (figure(&r, "abszolút"), figure(&r, "tulétroá"), figure(&r, "százas"));
    let c_hand = [
        "tök.A", "tök.K", "tök.O", "tök.U", "tök.10", "zöld.7", "piros.7", "zöld.9", "piros.9",
    ];
    let order = order_with(
        &r,
        8,
        &[&[], &[], &cards(&r, &c_hand)],
        Some(card(&r, "makk", "8")),
        &cards(&r, &["makk.7", "tök.7", "tök.8", "zöld.8"]),
    );
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Pass, Action::Accept]);
    assert_eq!(g.declarer(), Some(Seat(1)));
    act(
        &mut g,
        &[
            Action::announce(abs),
            Action::announce(tul),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    assert_eq!(
        pass_to_exchanger(&mut g),
        Phase::Play,
        "the trump 7 is in the talon: every position passes"
    );
    act(&mut g, &[Action::Kontra(Item::Figure(1))]);
    play_lowest(&mut g, 1);
    act(&mut g, &[Action::announce(szaz)]);
    play_lowest(&mut g, 1);
    act(
        &mut g,
        &[
            Action::Meld(row(&r, "kvint")),
            Action::Kontra(Item::Game),
            Action::Kontra(Item::Figure(2)),
        ],
    );
    play_lowest(&mut g, 1);
    assert_eq!(g.phase(), Phase::Back);
    let e = g.apply(Action::Meld(row(&r, "kvint"))).unwrap_err();
    assert!(e.rule.contains("first trick"), "no meld after trick 1: {e}");
    act(
        &mut g,
        &[
            Action::Pass,
            Action::Kontra(Item::Figure(2)),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    finish_quietly(&mut g);
    let s = g.result().unwrap();
    let value = |item: Item| s.items.iter().find(|i| i.item == item).unwrap().value;
    assert_eq!(value(Item::Game), 2);
    assert_eq!(value(Item::Figure(0)), 2);
    assert_eq!(value(Item::Figure(1)), 4);
    assert_eq!(value(Item::Figure(2)), 8);
    assert_eq!(s.meld_points[2], 100, "C's kvint");
    assert_eq!(g.melds_called(2), (true, 0));
}

/// A no-trump hand: all pass round 1, forehand bids no-trump in round 2.
fn szanzadu_game(r: &Arc<Rules>, hands: &[&[&str]], indicator: &str) -> Game {
    let hs: Vec<Vec<u8>> = hands.iter().map(|h| cards(r, h)).collect();
    let refs: Vec<&[u8]> = hs.iter().map(|h| h.as_slice()).collect();
    let order = order_with(r, 2, &refs, Some(cards(r, &[indicator])[0]), &[]);
    let mut g = game_from_order(r, DEALER, &order);
    pass_round_one_then_bid(r, &mut g, "szanzadu");
    while g.phase() == Phase::Front {
        act(&mut g, &[Action::Pass]);
    }
    assert_eq!(g.phase(), Phase::Play);
    g
}

// TV-D4 vannak comparison: trump game 9s beat aces, unders beat all; no-trump aces beat 9s and
// unders lose to aces.
#[test]
fn tvd4_vannak_orders() {
    let r = rules("alsos-3p");
    let v = MeldCall::Set(0);
    let nines = [
        "makk.9", "piros.9", "tök.9", "zöld.9", "makk.7", "tök.8", "zöld.K", "makk.O", "tök.10",
    ];
    let aces = [
        "makk.A", "piros.A", "tök.A", "zöld.A", "makk.8", "tök.7", "zöld.O", "makk.10", "tök.U",
    ];
    let unders = [
        "makk.U", "piros.U", "tök.U", "zöld.U", "makk.7", "tök.8", "zöld.K", "makk.O", "tök.10",
    ];
    let aces2 = [
        "makk.A", "piros.A", "tök.A", "zöld.A", "makk.8", "tök.7", "zöld.O", "makk.10", "tök.9",
    ];
    let mut g = adu_game(&r, &[&nines, &aces], "piros.K", &[]);
    assert_eq!(
        play_with_calls(&mut g, &[(0, &[v]), (1, &[v])])[..2],
        [80, 0],
        "trump game: 9s beat aces"
    );
    let mut g = adu_game(&r, &[&unders, &aces2], "piros.K", &[]);
    assert_eq!(
        play_with_calls(&mut g, &[(0, &[v]), (1, &[v])])[..2],
        [80, 0],
        "trump game: unders beat aces"
    );
    let mut g = szanzadu_game(&r, &[&nines, &aces], "piros.K");
    assert_eq!(
        play_with_calls(&mut g, &[(0, &[v]), (1, &[v])])[..2],
        [0, 80],
        "no-trump: aces beat 9s"
    );
    let mut g = szanzadu_game(&r, &[&unders, &aces2], "piros.K");
    assert_eq!(
        play_with_calls(&mut g, &[(0, &[v]), (1, &[v])])[..2],
        [0, 80],
        "no-trump: aces beat unders"
    );
    // only a called vannak counts
    let mut g = adu_game(&r, &[&nines, &aces], "piros.K", &[]);
    assert_eq!(
        play_with_calls(&mut g, &[(1, &[v])])[..2],
        [0, 80],
        "9s not called: the aces score"
    );
}

// §4.2.4: the best vannak's holder also scores his second, lower vannak.
#[test]
fn second_vannak_counts() {
    let r = rules("alsos-3p");
    let v = MeldCall::Set(0);
    let two = [
        "makk.U", "piros.U", "tök.U", "zöld.U", "makk.7", "piros.7", "tök.7", "zöld.7", "makk.O",
    ];
    let aces = [
        "makk.A", "piros.A", "tök.A", "zöld.A", "makk.8", "tök.8", "zöld.O", "makk.10", "tök.9",
    ];
    let mut g = adu_game(&r, &[&two, &aces], "piros.K", &[]);
    assert_eq!(play_with_calls(&mut g, &[(0, &[v]), (1, &[v])])[..2], [160, 0]);
    // vannak-no-7-8: four 7s do not count
    let r = rules("vannak-no-7-8");
    let mut g = adu_game(&r, &[&two, &aces], "piros.K", &[]);
    assert_eq!(play_with_calls(&mut g, &[(0, &[v]), (1, &[v])])[..2], [80, 0]);
}

// TV-D5 sequence comparison (Hearts trumps): length first; a trump sequence wins equal length and
// top card; two non-trump equals void the sequences (A9: a third, worse one scores nothing too).
#[test]
fn tvd5_sequence_comparison() {
    let r = rules("alsos-3p");
    let (terc, kvart, kvint) = (row(&r, "terc"), row(&r, "kvart"), row(&r, "kvint"));
    let low_kvint = [
        "zöld.U", "zöld.10", "zöld.9", "zöld.8", "zöld.7", "makk.7", "tök.9", "makk.9", "tök.7",
    ];
    let a_kvart = [
        "tök.A", "tök.K", "tök.O", "tök.U", "makk.K", "piros.7", "makk.10", "piros.9", "zöld.K",
    ];
    let mut g = adu_game(&r, &[&low_kvint, &a_kvart], "piros.A", &[]);
    assert_eq!(
        play_with_calls(&mut g, &[(0, &[kvint]), (1, &[kvart])])[..2],
        [100, 0],
        "U-high kvint beats A-high kvart"
    );

    let trump_terc = [
        "piros.A", "piros.K", "piros.O", "zöld.U", "zöld.9", "tök.U", "tök.9", "makk.U", "makk.8",
    ];
    let makk_terc = [
        "makk.A", "makk.K", "makk.O", "zöld.10", "zöld.8", "tök.10", "tök.8", "piros.9", "piros.7",
    ];
    let zold_terc = [
        "zöld.A", "zöld.K", "zöld.O", "makk.10", "makk.9", "tök.7", "piros.10", "piros.U", "piros.8",
    ];
    let mut g = adu_game(&r, &[&trump_terc, &makk_terc], "piros.10", &[]);
    let m = play_with_calls(&mut g, &[(0, &[terc]), (1, &[terc])]);
    assert_eq!(m[..2], [40, 0], "trump terc wins: 20, plus his béla 20");

    let tok_terc2 = [
        "tök.K", "tök.O", "tök.U", "makk.U", "makk.7", "zöld.7", "zöld.9", "piros.K", "tök.9",
    ];
    let mut g = adu_game(&r, &[&makk_terc, &zold_terc, &tok_terc2], "piros.A", &[]);
    let m = play_with_calls(&mut g, &[(0, &[terc]), (1, &[terc]), (2, &[terc])]);
    assert_eq!(
        m[..3],
        [0, 0, 0],
        "A-high tercs in makk and zöld tie: nobody scores sequences"
    );

    // sequence-ties suit-rank: makk outranks zöld
    let r = rules("sequence-ties-suit-rank");
    let mut g = adu_game(&r, &[&makk_terc, &zold_terc, &tok_terc2], "piros.A", &[]);
    let m = play_with_calls(&mut g, &[(0, &[terc]), (1, &[terc]), (2, &[terc])]);
    assert_eq!(m[..3], [20, 0, 0], "suit rank breaks the tie");
}

// §4.1.4 / §19.7.7: the winner scores all his sequences, or one per length.
#[test]
fn all_of_winner_or_one_per_length() {
    let hand = [
        "makk.A", "makk.K", "makk.O", "zöld.A", "zöld.K", "zöld.O", "tök.10", "tök.9", "tök.8",
    ];
    for (name, want) in [("alsos-3p", 60), ("sequences-one-per-length", 20)] {
        let r = rules(name);
        let mut g = adu_game(&r, &[&hand], "piros.A", &[]);
        assert_eq!(play_with_calls(&mut g, &[(0, &[row(&r, "terc")])])[0], want, "{name}");
    }
}

// §15.1 / figure kétszázas: meld points count toward `with-melds` thresholds and the game.
#[test]
fn melds_count_toward_with_melds_figures() {
    let r = rules("alsos-3p");
    let hand = [
        "zöld.A", "zöld.K", "zöld.O", "zöld.U", "zöld.10", "zöld.9", "zöld.8", "zöld.7", "makk.A",
    ];
    let order = order_with(
        &r,
        3,
        &[&cards(&r, &hand)],
        Some(card(&r, "piros", "7")),
        &cards(&r, &["piros.8", "tök.7", "tök.8", "makk.7"]),
    );
    let mut g = game_from_order(&r, DEALER, &order);
    pass_round_one_then_bid(&r, &mut g, "zöld");
    act(&mut g, &[Action::Pass, Action::Pass]);
    while g.phase() == Phase::Front {
        act(&mut g, &[Action::Pass]);
    }
    assert_eq!(g.phase(), Phase::Play, "round 2: no exchange");
    let ket = figure(&r, "kétszázas");
    act(&mut g, &[Action::Meld(row(&r, "okt")), Action::announce(ket)]);
    play_lowest(&mut g, 3);
    finish_quietly(&mut g);
    let s = g.result().unwrap();
    assert_eq!(s.meld_points[0], 120, "okt 100 and béla 20 (zöld K O are trumps)");
    assert!(
        s.card_points[0] < 200 && s.card_points[0] + 120 >= 200,
        "{}",
        s.card_points[0]
    );
    let item = s.items.iter().find(|i| i.figure == Some(ket)).unwrap();
    assert_eq!(item.won, Some(true), "200 with melds");
}

// Meld calls as text in hand records.
#[test]
fn meld_calls_as_text() {
    let r = rules("alsos-3p");
    let hand = [
        "makk.A", "makk.K", "makk.O", "makk.U", "makk.10", "piros.A", "tök.A", "zöld.A", "tök.7",
    ];
    let g = adu_game(&r, &[&hand], "piros.K", &[]);
    for (text, a) in [
        ("meld kvint", Action::Meld(row(&r, "kvint"))),
        ("meld vannak", Action::Meld(MeldCall::Set(0))),
    ] {
        assert_eq!(action_text(&g, a), text);
        assert_eq!(parse_action(&g, text).unwrap(), a);
    }
    assert!(parse_action(&g, "meld bogus").is_err());
    let mut g2 = g.clone();
    act(
        &mut g2,
        &[Action::Meld(row(&r, "kvint")), Action::Meld(MeldCall::Set(0))],
    );
    finish_quietly(&mut g2);
    let texts = kartya::record::notation::history_texts(&g2);
    assert!(
        texts.iter().any(|t| t == "meld kvint") && texts.iter().any(|t| t == "meld vannak"),
        "{texts:?}"
    );
    assert_eq!(g2.result().unwrap().meld_points[0], 180);
}

// Random bots call their true melds: sequences and vannak score in some hands, and the
// with-melds totals decide the game.
#[test]
fn random_hands_call_melds() {
    let r = rules("alsos-3p");
    let mut buf = Vec::new();
    let mut called = 0;
    for i in 0..300 {
        let g = kartya::engine::sim::random_hand(&r, 21, i, &mut buf);
        if (0..3).any(|p| g.melds_called(p) != (false, 0)) {
            called += 1;
        }
    }
    assert!(called > 50, "melds called in {called} of 300 hands");
}
