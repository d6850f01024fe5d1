//! Scenario tests of calling (gyerünk, visszahívás), béla kassza, the betli switch and bidding
//! with figures: takes bundled variants and scripted actions, gives the §21 test vectors TV-10,
//! TV-11, TV-19, TV-20, TV-D11, TV-D13 and their boundaries.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::game::Item;
use kartya::engine::Seat;
use kartya::engine::{Action, Game, Phase};
use std::sync::Arc;

/// Dealer seat 2: seat 0 is forehand, seat 1 middlehand, seat 2 the dealer (positions = seats).
const DEALER: u8 = 2;
/// Deck position of the indicator in the 3p plan (card 19).
const INDICATOR_AT: usize = 18;

fn game_item(g: &Game, item: Item) -> kartya::engine::score::ScoreItem {
    g.result()
        .unwrap()
        .items
        .iter()
        .find(|i| i.item == item)
        .unwrap()
        .clone()
}

/// Indicator a heart, all pass round 1, forehand bids no-trump: the front round, declarer first.
fn szanzadu_by_forehand(r: &Arc<kartya::engine::Rules>, seed: u64) -> Game {
    let order = deck_with(r, seed, &[(INDICATOR_AT, card(r, "piros", "K"))]);
    let mut g = game_from_order(r, DEALER, &order);
    pass_round_one_then_bid(r, &mut g, "szanzadu");
    assert_eq!(g.declarer(), Some(Seat(0)));
    assert_eq!(g.phase(), Phase::Front);
    g
}

/// Passes (and skips an exchange) until `seat` is to act in the calling round.
fn pass_until(g: &mut Game, seat: u8) {
    for _ in 0..8 {
        if g.to_act_seat() == seat {
            return;
        }
        act(g, &[Action::Pass]);
    }
    panic!("seat {seat} never got a turn");
}

/// Plays trick 1 quietly and passes the announcements that go on with it: the calling round.
fn to_calling_round(g: &mut Game) {
    while g.phase() != Phase::Call {
        assert!(!g.is_over());
        let a = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Pass | Action::Play(_)))
            .unwrap();
        act(g, &[a]);
    }
}

fn sorted(mut v: Vec<Action>) -> Vec<String> {
    v.sort_by_key(|a| format!("{a:?}"));
    v.iter().map(|a| format!("{a:?}")).collect()
}

// TV-10 gyerünk ladder: no-trump 2, kontra front 8, rekontra back 16, gyerünk 32, kontra 64,
// rekontra 128, szubkontra 256, hirskontra: give up for 256 or play for 512.
#[test]
fn tv10_gyerunk_ladder_to_512() {
    let r = rules("alsos-3p");
    let mut g = szanzadu_by_forehand(&r, 3);
    // front: declarer passes, middlehand kontras the game, then two passes
    act(
        &mut g,
        &[
            Action::Pass,
            Action::Kontra(Item::Game),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    assert_eq!(g.phase(), Phase::Play);
    // trick 1: no-trump is led from the declarer's left (position 2), then the declarer rekontras back
    play_lowest(&mut g, 1);
    assert_eq!(g.to_act_seat(), 0);
    act(&mut g, &[Action::Kontra(Item::Game)]);
    play_lowest(&mut g, 2);
    to_calling_round(&mut g);
    pass_until(&mut g, 0);
    assert!(g.legal_actions().contains(&Action::Call(Item::Game)));
    act(&mut g, &[Action::Call(Item::Game)]);
    assert_eq!(
        g.call_offer(),
        Some((Item::Game, 16, 32)),
        "give up for 16 or play for 32"
    );
    // §14.3: the opponents answer from the declarer's right
    assert_eq!(g.to_act_seat(), 1);
    act(&mut g, &[Action::Raise]); // kontra gyerünk
    assert_eq!(g.call_offer(), Some((Item::Game, 32, 64)));
    assert_eq!(g.to_act_seat(), 0, "rekontra is the declarer's");
    act(&mut g, &[Action::Raise]);
    assert_eq!(g.call_offer(), Some((Item::Game, 64, 128)));
    assert_eq!(g.to_act_seat(), 1);
    act(&mut g, &[Action::Raise]); // szubkontra
    assert_eq!(g.call_offer(), Some((Item::Game, 128, 256)));
    assert_eq!(g.to_act_seat(), 0);
    act(&mut g, &[Action::Raise]); // hirskontra
    assert_eq!(
        g.call_offer(),
        Some((Item::Game, 256, 512)),
        "give up for 256 or play for 512"
    );
    assert_eq!(g.to_act_seat(), 1);
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![Action::GiveUp, Action::PlayOn]),
        "hirskontra is the ladder's top"
    );
    assert!(g.apply(Action::Raise).unwrap_err().rule.contains("top"));

    // both give up: the declarer wins the game at 256, the hand ends
    let mut up = g.clone();
    act(&mut up, &[Action::GiveUp, Action::GiveUp]);
    assert!(up.is_over());
    let game = game_item(&up, Item::Game);
    assert_eq!((game.value, game.won), (256, Some(true)));
    assert_eq!(up.result().unwrap().payments.iter().sum::<i64>(), 0);

    // one plays on: the more aggressive answer wins, the game is played for 512
    let mut on = g.clone();
    act(&mut on, &[Action::GiveUp, Action::PlayOn]);
    assert!(!on.is_over(), "the calling round goes on, then the play");
    finish_quietly(&mut on);
    assert_eq!(game_item(&on, Item::Game).value, 512);
}

// §14.3: once the first opponent plays on, the second may only play on or raise.
#[test]
fn gyerunk_second_answer_at_least_as_aggressive() {
    let r = rules("alsos-3p");
    let mut g = szanzadu_by_forehand(&r, 5);
    act(&mut g, &[Action::Pass, Action::Pass]);
    to_calling_round(&mut g);
    pass_until(&mut g, 0);
    act(&mut g, &[Action::Call(Item::Game)]);
    assert_eq!(g.call_offer(), Some((Item::Game, 2, 4)));
    act(&mut g, &[Action::PlayOn]);
    assert_eq!(g.to_act_seat(), 2);
    assert_eq!(sorted(g.legal_actions()), sorted(vec![Action::PlayOn, Action::Raise]));
    assert!(g.apply(Action::GiveUp).is_err());
    act(&mut g, &[Action::PlayOn]);
    // the round goes on: the game cannot be called twice
    while g.phase() == Phase::Call {
        assert!(!g.legal_actions().contains(&Action::Call(Item::Game)));
        act(&mut g, &[Action::Pass]);
    }
    finish_quietly(&mut g);
    assert_eq!(game_item(&g, Item::Game).value, 4);
}

// §14.1: an opponent may call too; the declarer alone answers, a raise goes back to the opponents.
#[test]
fn gyerunk_by_an_opponent() {
    let r = rules("alsos-3p");
    let mut g = szanzadu_by_forehand(&r, 6);
    act(&mut g, &[Action::Pass, Action::Pass]);
    to_calling_round(&mut g);
    pass_until(&mut g, 2);
    act(&mut g, &[Action::Call(Item::Game)]);
    assert_eq!(g.to_act_seat(), 0, "the declarer answers an opponent's call");
    act(&mut g, &[Action::GiveUp]);
    assert!(g.is_over());
    let game = game_item(&g, Item::Game);
    assert_eq!(
        (game.value, game.won),
        (2, Some(false)),
        "the calling side wins at the value before the doubling"
    );
}

// §14.1: a figure other than kassza stops the call; gyerunk-off has none.
#[test]
fn no_call_after_other_figures_or_when_off() {
    let r = rules("alsos-3p");
    let mut g = szanzadu_by_forehand(&r, 3);
    act(
        &mut g,
        &[
            Action::announce(figure(&r, "abszolút")),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    while g.play_state().tricks_played < 2 && !g.is_over() {
        assert_ne!(g.phase(), Phase::Call);
        let a = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Pass | Action::Play(_)))
            .unwrap();
        act(&mut g, &[a]);
    }
    let r = rules("gyerunk-off");
    let mut g = szanzadu_by_forehand(&r, 3);
    act(&mut g, &[Action::Pass, Action::Pass]);
    while g.play_state().tricks_played < 2 {
        assert_ne!(g.phase(), Phase::Call);
        play_lowest(&mut g, 1);
    }
}

// TV-11 visszahívás: game 2; call: give up 2 | play 4 | kontra 8; call back: give up 8 | play 16;
// kontra the call-back 32, call back again: give up 32 | play 64.
#[test]
fn tv11_visszahivas_ladder_to_64() {
    let r = rules("visszahivas");
    let mut g = szanzadu_by_forehand(&r, 3);
    act(&mut g, &[Action::Pass, Action::Pass]);
    to_calling_round(&mut g);
    pass_until(&mut g, 0);
    act(&mut g, &[Action::Call(Item::Game)]);
    assert_eq!(g.call_offer(), Some((Item::Game, 2, 4)));
    assert_eq!(g.to_act_seat(), 1);
    act(&mut g, &[Action::Raise]);
    assert_eq!(
        g.call_offer(),
        Some((Item::Game, 8, 8)),
        "kontra on a call is a plain doubling"
    );
    assert_eq!(g.to_act_seat(), 1, "the side that said kontra may call back");
    assert_eq!(
        sorted(g.legal_actions()),
        sorted(vec![Action::PlayOn, Action::CallBack])
    );
    act(&mut g, &[Action::CallBack]);
    assert_eq!(g.call_offer(), Some((Item::Game, 8, 16)));
    assert_eq!(g.to_act_seat(), 0);
    act(&mut g, &[Action::Raise]);
    assert_eq!(g.call_offer(), Some((Item::Game, 32, 32)));
    act(&mut g, &[Action::CallBack]);
    assert_eq!(g.call_offer(), Some((Item::Game, 32, 64)));
    let mut up = g.clone();
    act(&mut up, &[Action::GiveUp, Action::GiveUp]);
    assert_eq!(game_item(&up, Item::Game).value, 32);
    act(&mut g, &[Action::GiveUp, Action::PlayOn]);
    finish_quietly(&mut g);
    assert_eq!(game_item(&g, Item::Game).value, 64);
}

// A16, option visszahivas-up-to-64: the ladder of TV-11 is the limit; after the second
// call-back (32, offer 64) no kontra is left, where the default (the kontra ladder to hirskontra)
// allows a third.
#[test]
fn a16_visszahivas_up_to_64_stops_at_the_second_call_back() {
    for (name, third_raise) in [("visszahivas", true), ("visszahivas-up-to-64", false)] {
        let r = rules(name);
        let mut g = szanzadu_by_forehand(&r, 3);
        act(&mut g, &[Action::Pass, Action::Pass]);
        to_calling_round(&mut g);
        pass_until(&mut g, 0);
        act(
            &mut g,
            &[
                Action::Call(Item::Game),
                Action::Raise,
                Action::CallBack,
                Action::Raise,
                Action::CallBack,
            ],
        );
        assert_eq!(g.call_offer(), Some((Item::Game, 32, 64)), "{name}");
        act(&mut g, &[Action::GiveUp]);
        assert_eq!(g.legal_actions().contains(&Action::Raise), third_raise, "{name}");
    }
}

/// Forehand accepts the indicator (a heart 8): a trump game in hearts, declarer seat 0, with the
/// given cards placed in forehand's first packet.
fn hearts_by_forehand(r: &Arc<kartya::engine::Rules>, seed: u64, first: &[(&str, &str)]) -> Game {
    let mut places = vec![(INDICATOR_AT, card(r, "piros", "8"))];
    for (i, (s, k)) in first.iter().enumerate() {
        places.push((i, card(r, s, k)));
    }
    let order = deck_with(r, seed, &places);
    let mut g = game_from_order(r, DEALER, &order);
    act(&mut g, &[Action::Accept]);
    assert_eq!(g.declarer(), Some(Seat(0)));
    g
}

fn skip_exchange(g: &mut Game) {
    while g.phase() == Phase::Exchange {
        act(g, &[Action::Pass]);
    }
}

// TV-20 calling a figure: ultimó and család announced, the ultimó called and given up: it scores
// as won, the trump 7 is free, the család is still played for.
#[test]
fn tv20_called_figure_given_up() {
    let r = rules("gyerunk-any-figure");
    let (ult, csal) = (figure(&r, "ultimó"), figure(&r, "család"));
    let mut g = hearts_by_forehand(&r, 11, &[("piros", "7")]);
    act(
        &mut g,
        &[
            Action::announce(ult),
            Action::announce(csal),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    skip_exchange(&mut g);
    let seven = card(&r, "piros", "7");
    assert_ne!(g.play_state().keep[0] & (1u64 << seven), 0, "ultimó keeps the trump 7");
    to_calling_round(&mut g);
    pass_until(&mut g, 0);
    assert!(g.legal_actions().contains(&Action::Call(Item::Figure(0))));
    act(&mut g, &[Action::Call(Item::Figure(0)), Action::GiveUp, Action::GiveUp]);
    assert_eq!(g.play_state().keep[0], 0, "the announcer is released");
    while g.phase() == Phase::Call {
        act(&mut g, &[Action::Pass]);
    }
    finish_quietly(&mut g);
    let u = game_item(&g, Item::Figure(0));
    assert_eq!((u.value, u.won), (4, Some(true)), "ultimó front 4, scored as won");
    let c = game_item(&g, Item::Figure(1));
    assert_eq!(c.value, 2, "család front, still played for");
}

/// The declarer (seat 0, hearts, holding the heart 7) announces this figure front, nobody else
/// says anything, trick 1 is played: the calling round of the A17 tests.
fn declarer_figure_to_calling(name: &str, figure_name: &str) -> Game {
    let r = rules(name);
    let f = figure(&r, figure_name);
    let mut g = hearts_by_forehand(&r, 11, &[("piros", "7")]);
    act(&mut g, &[Action::announce(f), Action::Pass, Action::Pass, Action::Pass]);
    skip_exchange(&mut g);
    to_calling_round(&mut g);
    g
}

// A17, options of gyerunk-any-figure: the declarer's ultimó (announced front) may be called by
// the declarer's side only (the default), or by anyone (gyerunk-calls-any-side).
#[test]
fn a17_who_may_call_a_figure() {
    for (name, opponents_may) in [("gyerunk-any-figure", false), ("gyerunk-calls-any-side", true)] {
        let mut g = declarer_figure_to_calling(name, "ultimó");
        let mut seen = [false; 3];
        while g.phase() == Phase::Call {
            let seat = g.to_act_seat();
            let may = g.legal_actions().contains(&Action::Call(Item::Figure(0)));
            let expect = seat == 0 || opponents_may;
            assert_eq!(may, expect, "{name}: seat {seat} calling the declarer's ultimó");
            if !may {
                assert!(g
                    .apply(Action::Call(Item::Figure(0)))
                    .unwrap_err()
                    .rule
                    .contains("side"));
            }
            seen[seat.index()] = true;
            act(&mut g, &[Action::Pass]);
        }
        assert_eq!(seen, [true; 3], "{name}: every seat had its turn");
    }
}

// A17, options of gyerunk-any-figure: the game called and given up while an announced figure is
// undecided: the hand ends (the default, §14.2), or is played on for the figure
// (gyerunk-given-up-plays-on), the game staying given up.
#[test]
fn a17_the_game_given_up_with_a_figure_undecided() {
    for (name, plays_on) in [("gyerunk-any-figure", false), ("gyerunk-given-up-plays-on", true)] {
        let mut g = declarer_figure_to_calling(name, "család");
        pass_until(&mut g, 0);
        act(&mut g, &[Action::Call(Item::Game), Action::GiveUp, Action::GiveUp]);
        assert_eq!(g.is_over(), !plays_on, "{name}");
        finish_quietly(&mut g);
        assert_eq!(
            g.play_state().tricks_played == 9,
            plays_on,
            "{name}: the cards played on"
        );
        let game = game_item(&g, Item::Game);
        assert_eq!(game.won, Some(true), "{name}: the game given up to the caller");
        assert_eq!(game.value, 1, "{name}: at the value before the doubling");
    }
}

// A17, option gyerunk-call-round-reopens: after the declarer's ultimó is called and given up,
// every player has a turn again, so the declarer may still call the game; by default each player
// has one turn in all.
#[test]
fn a17_the_call_round_after_a_settled_call() {
    for (name, reopens) in [("gyerunk-any-figure", false), ("gyerunk-call-round-reopens", true)] {
        let mut g = declarer_figure_to_calling(name, "ultimó");
        pass_until(&mut g, 0);
        act(&mut g, &[Action::Call(Item::Figure(0)), Action::GiveUp, Action::GiveUp]);
        let mut turns = Vec::new();
        while g.phase() == Phase::Call {
            turns.push(g.to_act_seat());
            act(&mut g, &[Action::Pass]);
        }
        assert_eq!(
            turns.contains(&Seat(0)),
            reopens,
            "{name}: turns after the call {turns:?}"
        );
        if reopens {
            assert_eq!(turns.len(), 3, "{name}: one turn each again");
        }
    }
}

// TV-D13 béla kassza: front ×4, back ×2 on the game; only the béla holder may say it; not an item.
#[test]
fn tv_d13_bela_kassza_multiplies_the_game() {
    for name in ["bela-kassza", "alsos-hu-3p"] {
        let r = rules(name);
        let kassza = figure(&r, "kassza");
        let mut g = hearts_by_forehand(&r, 2, &[("piros", "K"), ("piros", "O")]);
        // front
        let mut front = g.clone();
        act(&mut front, &[Action::announce(kassza)]);
        assert!(front.apply(Action::Kontra(Item::Figure(0))).is_err());
        act(&mut front, &[Action::Pass]);
        assert!(
            front.apply(Action::announce(kassza)).unwrap_err().rule.contains("hold"),
            "{name}: seat 1 lacks the béla"
        );
        act(&mut front, &[Action::Pass, Action::Pass]);
        skip_exchange(&mut front);
        finish_quietly(&mut front);
        let s = front.result().unwrap();
        assert_eq!(game_item(&front, Item::Game).value, 4, "{name}: front ×4");
        assert!(
            s.items.iter().all(|i| i.item == Item::Game || i.figure != Some(kassza)),
            "not an item of its own"
        );
        // back, with trick 1
        act(&mut g, &[Action::Pass, Action::Pass]);
        skip_exchange(&mut g);
        assert_eq!(g.phase(), Phase::Play);
        assert_eq!(g.to_act_seat(), 0);
        act(&mut g, &[Action::announce(kassza)]);
        finish_quietly(&mut g);
        assert_eq!(game_item(&g, Item::Game).value, 2, "{name}: back ×2");
    }
}

// §20.6: the béla holder need not be the declarer.
#[test]
fn bela_kassza_by_an_opponent_holder() {
    let r = rules("bela-kassza");
    let kassza = figure(&r, "kassza");
    // positions 3..5 of the deck are middlehand's first packet
    let order = deck_with(
        &r,
        4,
        &[
            (INDICATOR_AT, card(&r, "piros", "8")),
            (3, card(&r, "piros", "K")),
            (4, card(&r, "piros", "O")),
        ],
    );
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Accept, Action::Pass]);
    assert!(g.legal_actions().contains(&Action::announce(kassza)));
    act(
        &mut g,
        &[Action::announce(kassza), Action::Pass, Action::Pass, Action::Pass],
    );
    skip_exchange(&mut g);
    finish_quietly(&mut g);
    assert_eq!(game_item(&g, Item::Game).value, 4);
}

// TV-D11 betli switch: no-trump 2 kontra'd front = 8 ≤ 10: the declarer, then the others may
// switch to betli (10); the switcher is declarer; nothing more is announced.
#[test]
fn tv_d11_betli_switch() {
    let r = rules("alsos-hu-3p");
    let mut g = szanzadu_by_forehand(&r, 3);
    act(
        &mut g,
        &[
            Action::Pass,
            Action::Kontra(Item::Game),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    assert_eq!(g.phase(), Phase::Switch);
    assert_eq!(g.declared_value(), 8);
    assert_eq!(g.to_act_seat(), 0, "the declarer first");
    let mut all_pass = g.clone();
    act(&mut all_pass, &[Action::Pass, Action::Pass, Action::Pass]);
    assert_eq!(all_pass.contract(), Some(contract(&r, "szanzadu")));
    act(&mut g, &[Action::Pass, Action::Switch]);
    assert_eq!(g.contract(), Some(contract(&r, "betli")));
    assert_eq!(g.declarer(), Some(Seat(1)), "the switcher is declarer");
    assert_eq!(g.phase(), Phase::Play);
    while !g.is_over() {
        let acts = g.legal_actions();
        assert!(
            acts.iter().all(|a| matches!(a, Action::Play(_))),
            "no further announcements: {acts:?}"
        );
        act(&mut g, &[acts[0]]);
    }
    let game = game_item(&g, Item::Game);
    assert_eq!((game.base, game.multiplier), (10, 1));
}

// TV-D11: with a front rekontra (32) no switch; exactly 10 still switches.
#[test]
fn tv_d11_switch_limit() {
    let r = rules("alsos-hu-3p");
    let mut g = szanzadu_by_forehand(&r, 3);
    act(
        &mut g,
        &[
            Action::Pass,
            Action::Kontra(Item::Game),
            Action::Pass,
            Action::Pass,
            Action::Kontra(Item::Game),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    assert_eq!(g.phase(), Phase::Play, "32 > 10: no switch");
    let mut g = szanzadu_by_forehand(&r, 3);
    act(
        &mut g,
        &[
            Action::announce(figure(&r, "abszolút")),
            Action::Pass,
            Action::Kontra(Item::Game),
            Action::Pass,
            Action::Pass,
            Action::Pass,
        ],
    );
    assert_eq!(g.declared_value(), 10);
    assert_eq!(g.phase(), Phase::Switch, "exactly 10 may switch");
    // a round-1 trump game is never switched
    let mut g = hearts_by_forehand(&r, 3, &[]);
    act(&mut g, &[Action::Pass, Action::Pass]);
    assert_ne!(g.phase(), Phase::Switch);
}

// TV-19 bidding with figures: "tök abszolút" may be overcalled by "makk abszolút", "szanzadu
// abszolút" or "zöld százas"; the overcalled figures are cancelled; kassza goes with no bid.
#[test]
fn tv19_bidding_with_figures() {
    let r = rules("bidding-with-figures");
    let (abs, szaz, kassza) = (figure(&r, "abszolút"), figure(&r, "százas"), figure(&r, "kassza"));
    let order = deck_with(&r, 4, &[(INDICATOR_AT, card(&r, "piros", "K"))]);
    let mut g = game_from_order(&r, DEALER, &order);
    act(&mut g, &[Action::Pass, Action::Pass, Action::Pass]);
    assert!(g.apply(Action::announce(kassza)).unwrap_err().rule.contains("trump"));
    act(&mut g, &[Action::announce(abs), Action::Bid(bid_index(&r, "tök"))]);
    // bare bids no longer beat 1 + 2
    for bid in ["makk", "szanzadu", "zöld"] {
        assert!(g.apply(Action::Bid(bid_index(&r, bid))).is_err(), "bare {bid}");
    }
    for (fig, bid) in [(abs, "makk"), (abs, "szanzadu"), (szaz, "zöld")] {
        let mut h = g.clone();
        act(&mut h, &[Action::announce(fig), Action::Bid(bid_index(&r, bid))]);
    }
    let mut h = g.clone();
    act(&mut h, &[Action::announce(abs)]);
    assert!(
        h.apply(Action::Bid(bid_index(&r, "zöld"))).is_err(),
        "zöld abszolút: equal total, lower suit"
    );
    act(
        &mut g,
        &[Action::announce(abs), Action::Bid(bid_index(&r, "makk")), Action::Pass],
    );
    assert_eq!(g.declarer(), Some(Seat(1)));
    assert_eq!(g.phase(), Phase::Front);
    let anns = g.announcements();
    assert_eq!(anns.len(), 1, "the tök bidder's abszolút is cancelled");
    assert_eq!((anns[0].figure, anns[0].by, anns[0].front), (abs, 1, true));
    // the front round goes on, declarer first
    assert_eq!(g.to_act_seat(), 1);
}

// notation: the new actions read and write in words.
#[test]
fn calling_actions_in_words() {
    use kartya::record::notation::{action_text, parse_action};
    let r = rules("alsos-3p");
    let mut g = szanzadu_by_forehand(&r, 5);
    act(&mut g, &[Action::Pass, Action::Pass]);
    to_calling_round(&mut g);
    assert_eq!(action_text(&g, Action::Call(Item::Game)), "call game");
    for (t, a) in [
        ("call game", Action::Call(Item::Game)),
        ("give-up", Action::GiveUp),
        ("play-on", Action::PlayOn),
        ("raise", Action::Raise),
        ("call-back", Action::CallBack),
        ("switch", Action::Switch),
    ] {
        assert_eq!(parse_action(&g, t).unwrap(), a);
        assert_eq!(action_text(&g, a), t);
    }
}

// A17, option gyerunk-kassza-with-game: under gyerunk-any-figure an announced kassza may be
// called on its own (the literal "any announced figure"); with `called-with-game kassza` it is
// not, and rides only with a call on the game (§14.2). The hand of
// tests/hands/gyerunk-any-figure-doubles-kassza.json, up to its calling round.
#[test]
fn a17_kassza_called_on_its_own_or_only_with_the_game() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/hands/gyerunk-any-figure-doubles-kassza.json"
    ))
    .unwrap();
    let mut rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    let actions = rec["actions"].as_array().unwrap().clone();
    let at = actions.iter().position(|a| a == "call game").unwrap();
    rec["actions"] = serde_json::Value::Array(actions[..at].to_vec());
    for (variant, alone) in [("gyerunk-any-figure", true), ("gyerunk-kassza-with-game", false)] {
        rec["variant"] = variant.into();
        let mut sources = kartya::source::SourceSet::new();
        let id = sources.add("prefix.json", rec.to_string(), kartya::source::Origin::User);
        let r = kartya::record::replay(&mut sources, id);
        // the prefix stops in the calling round: its one diagnostic says so
        assert!(
            r.diags
                .iter()
                .all(|d| d.message.contains("stops before the hand is over")),
            "{variant}: {:?}",
            r.diags.iter().map(|d| d.message.clone()).collect::<Vec<_>>()
        );
        let mut g = r.game.unwrap();
        assert_eq!(g.phase(), Phase::Call, "{variant}");
        let kassza = Action::Call(Item::Figure(0));
        assert_eq!(
            g.legal_actions().contains(&kassza),
            alone,
            "{variant}: kassza called alone"
        );
        assert!(
            g.legal_actions().contains(&Action::Call(Item::Game)),
            "{variant}: the game"
        );
        if !alone {
            let e = g.apply(kassza).unwrap_err();
            assert!(e.rule.contains("only with the game"), "{variant}: {}", e.rule);
            // the game called and played on doubles the kassza with it
            act(&mut g, &[Action::Call(Item::Game), Action::PlayOn]);
            finish_quietly(&mut g);
            assert_eq!(
                game_item(&g, Item::Figure(0)).multiplier,
                2,
                "{variant}: kassza doubled with the game"
            );
        }
    }
}
