//! Scenario tests of `Game`: takes bundled variants and scripted actions, gives the §21 test
//! vectors on bidding, announcements, kontra values, betli, klopitzky and four players.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::game::Item;
use kartya::engine::Seat;
use kartya::engine::{Action, Phase};

/// Dealer seat 2: seat 0 is forehand (A), seat 1 middlehand (B), seat 2 the dealer (C).
const DEALER: u8 = 2;
/// Deck position of the indicator in the 3p plan (card 19).
const INDICATOR_AT: usize = 18;

fn item_value(g: &kartya::engine::Game, item: Item) -> i64 {
    g.result().unwrap().items.iter().find(|i| i.item == item).unwrap().value
}

// TV-04 bidding round 2
#[test]
fn tv04_round_two_bids() {
    let r = rules("alsos-3p");
    let order = deck_with(&r, 4, &[(INDICATOR_AT, card(&r, "piros", "K"))]);
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Pass, Action::Pass, Action::Pass]);
    act(&mut g, &[Action::Bid(bid_index(&r, "tök"))]);
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        Action::Pass,
        Action::Bid(bid_index(&r, "makk")),
        Action::Bid(bid_index(&r, "szanzadu")),
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, want, "middlehand: acorns, no-trump or pass");
    let e = g.apply(Action::Bid(bid_index(&r, "piros"))).unwrap_err();
    assert!(e.rule.contains("indicator"), "{e}");
    let e = g.apply(Action::Bid(bid_index(&r, "zöld"))).unwrap_err();
    assert!(e.rule.contains("higher"), "{e}");
    // no-trump ends round 2 at once
    act(&mut g, &[Action::Bid(bid_index(&r, "szanzadu"))]);
    assert_eq!(g.contract(), Some(contract(&r, "szanzadu")));
    assert_eq!(g.declarer(), Some(Seat(1)));
    assert_eq!(g.phase(), Phase::Front);
}

// TV-08 kontra example (melds are not yet announced: C's kvint is left out)
#[test]
fn tv08_kontra_values() {
    let r = rules("alsos-3p");
    let (abs, tul, szaz) = (figure(&r, "abszolút"), figure(&r, "tulétroá"), figure(&r, "százas"));
    let order = deck_with(&r, 8, &[(INDICATOR_AT, card(&r, "makk", "8"))]);
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Pass, Action::Accept]);
    assert_eq!(g.declarer(), Some(Seat(1)));
    assert_eq!(g.trump(), Some(suit(&r, "makk")));
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
    skip_exchange(&mut g);
    assert_eq!(g.phase(), Phase::Play);
    act(&mut g, &[Action::Kontra(Item::Figure(1))]);
    play_lowest(&mut g, 1);
    act(&mut g, &[Action::announce(szaz)]);
    play_lowest(&mut g, 1);
    act(&mut g, &[Action::Kontra(Item::Game), Action::Kontra(Item::Figure(2))]);
    play_lowest(&mut g, 1);
    assert_eq!(
        g.phase(),
        Phase::Back,
        "something was said in trick 1: the round continues"
    );
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
    assert_eq!(g.phase(), Phase::Play);
    finish_quietly(&mut g);
    assert_eq!(item_value(&g, Item::Game), 2);
    assert_eq!(item_value(&g, Item::Figure(0)), 2, "abszolút front");
    assert_eq!(item_value(&g, Item::Figure(1)), 4, "tulétroá front, kontra back");
    assert_eq!(item_value(&g, Item::Figure(2)), 8, "100 back, kontra and rekontra back");
}

// TV-09 two abszolúts
#[test]
fn tv09_two_abszoluts() {
    let r = rules("alsos-3p");
    let abs = figure(&r, "abszolút");
    let order = deck_with(&r, 9, &[]);
    let mut g = game_from_order(&r, DEALER, &order);
    act(
        &mut g,
        &[
            Action::Accept,
            Action::announce(abs),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    skip_exchange(&mut g);
    play_lowest(&mut g, 1);
    act(&mut g, &[Action::Kontra(Item::Figure(0)), Action::announce(abs)]);
    play_lowest(&mut g, 2);
    act(&mut g, &[Action::Pass, Action::Pass]);
    finish_quietly(&mut g);
    assert_eq!(item_value(&g, Item::Game), 1);
    assert_eq!(item_value(&g, Item::Figure(0)), 4);
    assert_eq!(item_value(&g, Item::Figure(1)), 1);
    let s = g.result().unwrap();
    let won: Vec<bool> = s.items.iter().skip(1).map(|i| i.won == Some(true)).collect();
    assert!(!(won[0] && won[1]), "both abszolúts cannot succeed");
}

// TV-12 abszolút and 100
#[test]
fn tv12_ladder_order() {
    let r = rules("alsos-3p");
    let (abs, szaz) = (figure(&r, "abszolút"), figure(&r, "százas"));
    let order = deck_with(&r, 12, &[]);
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Accept, Action::announce(szaz)]);
    let e = g.apply(Action::announce(abs)).unwrap_err();
    assert!(e.rule.contains("higher"), "abszolút after 100: {e}");
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Accept, Action::announce(abs)]);
    let e = g.apply(Action::announce(szaz)).unwrap_err();
    assert!(e.rule.contains("one round"), "100 with abszolút in one round: {e}");
    act(&mut g, &[Action::Pass, Action::Pass, Action::Pass]);
    skip_exchange(&mut g);
    act(&mut g, &[Action::announce(szaz)]);
    play_lowest(&mut g, 3);
    act(&mut g, &[Action::Pass, Action::Pass]);
    finish_quietly(&mut g);
    assert_eq!(
        item_value(&g, Item::Figure(0)) + item_value(&g, Item::Figure(1)),
        4,
        "abszolút front 2 + 100 back 2"
    );
    let mut g = game_from_order(&r, DEALER, &order);
    act(
        &mut g,
        &[
            Action::Accept,
            Action::announce(szaz),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    finish_quietly(&mut g);
    assert_eq!(item_value(&g, Item::Figure(0)), 4, "100 front = 4");
}

/// Passes rounds 1 and 2; the hand is then in round 3 (first claim) with full hands.
fn to_round_three(r: &std::sync::Arc<kartya::engine::Rules>, seed: u64) -> kartya::engine::Game {
    let order = deck_with(r, seed, &[]);
    let mut g = game_from_order(r, DEALER, &order);
    act(&mut g, &[Action::Pass; 6]);
    assert_eq!(g.legal_actions(), vec![Action::Claim, Action::Pass]);
    g
}

// TV-16 betli scoring
#[test]
fn tv16_betli_scoring_and_early_end() {
    let r = rules("alsos-3p");
    let (mut won, mut lost) = (0, 0);
    for seed in 0..200 {
        let mut g = to_round_three(&r, seed);
        act(&mut g, &[Action::Pass, Action::Claim]);
        assert_eq!(g.contract(), Some(contract(&r, "betli")));
        assert!(
            g.legal_actions().iter().all(|a| !matches!(a, Action::Announce(_))),
            "no figures in betli"
        );
        random_finish(&mut g, seed);
        let s = g.result().unwrap();
        let p = g.play_state();
        let decl_tricks = s.tricks[1];
        if g.calls().iter().any(|c| c.conceded_to_declarer.is_some()) {
            // gyerünk given up (§14.2): the hand ends before the tricks decide it
            continue;
        }
        if decl_tricks == 0 {
            won += 1;
            assert_eq!(s.items[0].won, Some(true));
            assert_eq!(s.items[0].value % 5, 0);
            let v = s.items[0].value;
            assert_eq!(&s.payments[..3], &[-v, 2 * v, -v]);
        } else {
            lost += 1;
            assert_eq!(decl_tricks, 1, "play stops at the declarer's first trick");
            assert_eq!(p.trick_winner[p.tricks_played as usize - 1], 1);
            let v = s.items[0].value;
            assert_eq!(&s.payments[..3], &[v, -2 * v, v]);
        }
        if s.items[0].multiplier == 1 {
            assert_eq!(s.items[0].value, 5);
        }
    }
    assert!(won > 0 && lost > 0, "won {won} lost {lost}");
}

fn klopitzky_case(name: &str, seeds: std::ops::Range<u64>) -> [bool; 3] {
    let r = rules(name);
    let mut seen = [false; 3];
    let players = r.variant.players as usize;
    for seed in seeds {
        let mut g = to_round_three(&r, seed);
        act(&mut g, &[Action::Pass; 3]);
        assert_eq!(g.contract(), Some(contract(&r, "klopitzky")));
        assert_eq!(g.declarer(), None);
        random_finish(&mut g, seed);
        let s = g.result().unwrap();
        let active: Vec<usize> = (0..players).filter(|&p| g.pos_of(Seat(p as u8)).is_some()).collect();
        let most = active.iter().map(|&p| s.tricks[p]).max().unwrap();
        let top: Vec<usize> = active.iter().copied().filter(|&p| s.tricks[p] == most).collect();
        let fewer: Vec<usize> = (0..players).filter(|p| !top.contains(p)).collect();
        let mut want = vec![0i64; players];
        if top.len() < active.len() {
            for &h in &top {
                for &f in &fewer {
                    want[h] -= 3;
                    want[f] += 3;
                }
            }
        }
        assert_eq!(&s.payments[..players], &want[..], "tricks {:?}", &s.tricks[..players]);
        seen[top.len() - 1] = true;
    }
    seen
}

// TV-17 klopitzky 5-3-1 (one with the most), 4-4-1, 3-3-3
#[test]
fn tv17_klopitzky() {
    let seen = klopitzky_case("alsos-3p", 0..400);
    assert_eq!(seen, [true, true, true], "every kind of split was played");
}

// TV-18 klopitzky, four players: the dealer scores with those who took fewer
#[test]
fn tv18_klopitzky_four_players() {
    let seen = klopitzky_case("alsos-4p", 0..400);
    assert_eq!(seen, [true, true, true]);
}

// TV-D12 four players: the dealer is a third opponent
#[test]
fn tvd12_four_players_dealer_paid() {
    let r = rules("alsos-4p");
    for seed in 0..100 {
        let order = deck_with(&r, seed, &[]);
        let mut g = game_from_order(&r, 3, &order);
        act(&mut g, &[Action::Accept]);
        assert_eq!(g.declarer(), Some(Seat(0)));
        assert_eq!(g.pos_of(Seat(3)), None, "the dealer sits out");
        finish_quietly(&mut g);
        let s = g.result().unwrap();
        let game = &s.items[0];
        let sign = if game.won == Some(true) { 1 } else { -1 };
        assert_eq!(&game.pay[..4], &[3 * sign, -sign, -sign, -sign]);
    }
}
