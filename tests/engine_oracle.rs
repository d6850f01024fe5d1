//! Worked examples and boundaries checked against an independent reading of the rules, over many
//! random hands: for every hand in which the situation arises (a figure announced, a tie, a
//! threshold met exactly), the engine's score sheet must agree with the rule as the digest states
//! it. Each test also demands that the boundary cases it is about actually occurred, so it cannot
//! pass vacuously.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::{bit, deal_random};
use kartya::engine::game::{Item, Phase};
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::Seat;
use kartya::engine::{Game, Rules};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Plays hand `i` with random bots; gives the finished game and each position's hand when the
/// first card is led (after the exchange).
fn play(r: &Arc<Rules>, seed: u64, i: u64) -> (Game, Vec<u64>) {
    let mut rng = hand_rng(seed, i);
    let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
    let mut g = Game::from_deal(
        Arc::clone(r),
        kartya::engine::Seat((i % r.variant.players as u64) as u8),
        deal,
    );
    let mut buf = Vec::new();
    let mut start = Vec::new();
    while !g.is_over() {
        if start.is_empty()
            && g.phase() == Phase::Play
            && g.play_state().tricks_played == 0
            && g.play_state().trick_len == 0
        {
            start = (0..g.play_state().n)
                .map(|p| g.play_state().hands[p as usize])
                .collect();
        }
        if !random_step(&mut g, &mut rng, &mut buf) {
            break;
        }
    }
    (g, start)
}

/// One announced figure of a finished hand, as the score sheet has it.
struct FigureItem {
    name: String,
    by: u8,
    front: bool,
    won: Option<bool>,
    contract: String,
    base: i64,
    value: i64,
    pay: Vec<i64>,
}

/// Every announced figure of a finished hand.
fn figure_items(g: &Game) -> Vec<FigureItem> {
    let v = &g.rules().variant;
    let Some(s) = g.result() else { return Vec::new() };
    let cname = s
        .contract
        .and_then(|c| v.contracts.get(c))
        .map(|c| c.name.clone())
        .unwrap_or_default();
    s.items
        .iter()
        .filter(|it| matches!(it.item, Item::Figure(_)))
        .filter_map(|it| {
            let f = v.figures.get(it.figure?)?;
            Some(FigureItem {
                name: f.name.clone(),
                by: it.by?,
                front: it.front,
                won: it.won,
                contract: cname.clone(),
                base: it.base,
                value: it.value,
                pay: it.pay[..v.players as usize].to_vec(),
            })
        })
        .collect()
}

/// TV-D1 (derived, [000][001]): thresholds at -1/0/+1. 3p: abszolút at least 82 (no-trump 66),
/// 100 at least 100 (no-trump 80); melds never count. Tompa-style `thresholds-more-than`:
/// abszolút more than 81, 100 more than 100.
#[test]
fn tvd1_thresholds_at_the_boundary() {
    let cases: &[(&str, &str, &str, i64, bool)] = &[
        // (variant, figure, contract, threshold, strictly more)
        ("alsos-3p", "abszolút", "adu", 82, false),
        ("alsos-3p", "abszolút", "szanzadu", 66, false),
        ("alsos-3p", "százas", "adu", 100, false),
        ("thresholds-more-than", "abszolút", "adu", 81, true),
        ("thresholds-more-than", "százas", "adu", 100, true),
    ];
    for &(variant, fig, contract, t, strict) in cases {
        let r = rules(variant);
        let mut seen: BTreeSet<i64> = BTreeSet::new();
        let mut i = 0;
        while i < 400_000 && !(seen.contains(&(t - 1)) && seen.contains(&t) && seen.contains(&(t + 1))) {
            let (g, _) = play(&r, 11, i);
            i += 1;
            let Some(s) = g.result() else { continue };
            if g.play_state().ended_early {
                continue;
            }
            for FigureItem {
                name,
                by,
                won,
                contract: c,
                ..
            } in figure_items(&g)
            {
                if name != fig || c != contract {
                    continue;
                }
                let pts = s.card_points[by as usize];
                let want = if strict { pts > t } else { pts >= t };
                assert_eq!(
                    won,
                    Some(want),
                    "{variant}: {fig} in {contract} with {pts} card points (threshold {t})"
                );
                seen.insert(pts);
            }
        }
        for b in [t - 1, t, t + 1] {
            assert!(
                seen.contains(&b),
                "{variant}: no hand had {fig} in {contract} at exactly {b} card points"
            );
        }
    }
}

/// TV-D2 (derived): a tie with either opponent loses the game for the declarer; strictly more
/// than each opponent wins it (card points plus melds).
#[test]
fn tvd2_ties_lose() {
    let r = rules("alsos-3p");
    let mut ties = 0;
    for i in 0..200_000 {
        let (g, _) = play(&r, 12, i);
        let Some(s) = g.result() else { continue };
        let (Some(d), Some(c)) = (s.declarer, s.contract) else {
            continue;
        };
        if r.variant.contracts[c].name != "adu" || g.play_state().ended_early {
            continue;
        }
        let total = |p: usize| s.card_points[p] + s.meld_points[p];
        let best = (0..3).filter(|p| *p != d as usize).map(total).max().unwrap();
        let game = s.items.iter().find(|it| it.item == Item::Game).unwrap();
        assert_eq!(game.won, Some(total(d as usize) > best), "hand {i}");
        if total(d as usize) == best {
            ties += 1;
        }
        if ties >= 3 {
            return;
        }
    }
    panic!("only {ties} tied games in 200000 hands");
}

/// TV-D3 (derived): an opponent's figure succeeds -> the declarer pays both opponents; fails ->
/// each opponent pays the declarer. A declarer's figure: each opponent pays him, or he pays each.
#[test]
fn tvd3_who_pays_for_a_figure() {
    let r = rules("alsos-3p");
    let (mut opp_won, mut opp_lost) = (0, 0);
    for i in 0..100_000 {
        let (g, _) = play(&r, 13, i);
        let Some(s) = g.result() else { continue };
        let Some(d) = s.declarer else { continue };
        for FigureItem {
            name,
            by,
            won,
            value,
            pay,
            ..
        } in figure_items(&g)
        {
            let Some(won) = won else { continue };
            let owner_is_declarer = by == d;
            for seat in 0..3u8 {
                let opp = seat != d;
                let expected = match (owner_is_declarer, won, opp) {
                    (true, true, false) | (false, false, false) => 2 * value,
                    (true, true, true) | (false, false, true) => -value,
                    (true, false, false) | (false, true, false) => -2 * value,
                    (true, false, true) | (false, true, true) => value,
                };
                assert_eq!(
                    pay[seat as usize], expected,
                    "hand {i}: {name} by seat {by}, won {won}, seat {seat}"
                );
            }
            if !owner_is_declarer {
                if won {
                    opp_won += 1;
                } else {
                    opp_lost += 1;
                }
            }
        }
        if opp_won > 3 && opp_lost > 3 {
            return;
        }
    }
    panic!("opponents' figures seen: {opp_won} won, {opp_lost} lost");
}

/// TV-D7 (derived): an opponent's kassza succeeds exactly when the declarer loses the game and
/// one opponent (either) holds both the trump king and over when play starts.
#[test]
fn tvd7_kassza_by_an_opponent() {
    let r = rules("alsos-3p");
    let kassza = figure(&r, "kassza");
    let (k_rank, o_rank) = r.variant.melds.marriages[0].ranks;
    let (mut won, mut lost) = (0, 0);
    for i in 0..300_000 {
        let (g, start) = play(&r, 14, i);
        let Some(s) = g.result() else { continue };
        let (Some(d), Some(t)) = (s.declarer, s.trump) else {
            continue;
        };
        if g.play_state().ended_early {
            continue;
        }
        let bela = bit(r.tables.card(t, k_rank).unwrap()) | bit(r.tables.card(t, o_rank).unwrap());
        let game_lost = s.items.iter().find(|it| it.item == Item::Game).unwrap().won == Some(false);
        for it in s
            .items
            .iter()
            .filter(|it| it.figure == Some(kassza) && it.by != Some(d))
        {
            let one_opponent_holds = (0..3u8).filter(|seat| *seat != d).any(|seat| {
                let p = g.pos_of(Seat(seat)).unwrap().index();
                start[p] & bela == bela
            });
            assert_eq!(it.won, Some(game_lost && one_opponent_holds), "hand {i}");
            if it.won == Some(true) {
                won += 1;
            } else {
                lost += 1;
            }
        }
        if won >= 2 && lost >= 2 {
            return;
        }
    }
    panic!("opponents' kassza seen: {won} won, {lost} lost");
}

/// TV-21 (`uhu`): the announcer must win the trick before the last with the tök ace, or with
/// the piros ace when tök is trumps. Trump games only.
#[test]
fn tv21_uhu() {
    let r = rules("uhu");
    let uhu = figure(&r, "uhu");
    let tok = suit(&r, "tök");
    let (mut won, mut lost, mut tok_trumps) = (0, 0, 0);
    for i in 0..400_000 {
        let (g, _) = play(&r, 15, i);
        let Some(s) = g.result() else { continue };
        let Some(t) = s.trump else { continue };
        let p = g.play_state();
        for it in s.items.iter().filter(|it| it.figure == Some(uhu)) {
            let by = g.pos_of(Seat(it.by.unwrap())).unwrap().0;
            let k = p.total_tricks as usize - 2;
            let ace = if t == tok {
                card(&r, "piros", "A")
            } else {
                card(&r, "tök", "A")
            };
            let want =
                !p.ended_early && (p.tricks_played as usize) > k && p.trick_winner[k] == by && p.trick_card[k] == ace;
            assert_eq!(it.won, Some(want), "hand {i}: uhu with trumps {t}");
            if want {
                won += 1;
            } else {
                lost += 1;
            }
            if t == tok {
                tok_trumps += 1;
            }
        }
        if won >= 2 && lost >= 2 && tok_trumps >= 1 {
            return;
        }
    }
    panic!("uhu seen: {won} won, {lost} lost, {tok_trumps} with tök trumps");
}

/// TV-22 ([001] worked example): the Tompa Parti counts card points plus melds, a tie fails the
/// declarer; the early abszolút counts card points only and needs more than 81. (In the example:
/// 76 + terc 20 = 96 beats 70, the abszolút fails at 76: net 0 / 0.)
#[test]
fn tv22_tompa_parti_and_early_abszolut() {
    let r = rules("alsos-2p-tompa");
    let (mut parti_melds_decided, mut absz) = (0, 0);
    for i in 0..200_000 {
        let (g, _) = play(&r, 16, i);
        let Some(s) = g.result() else { continue };
        let Some(d) = s.declarer else { continue };
        let o = 1 - d as usize;
        let d = d as usize;
        let game = s.items.iter().find(|it| it.item == Item::Game).unwrap();
        let with = s.card_points[d] + s.meld_points[d] > s.card_points[o] + s.meld_points[o];
        assert_eq!(game.won, Some(with), "hand {i}: Parti");
        if (s.card_points[d] > s.card_points[o]) != with {
            parti_melds_decided += 1;
        }
        for FigureItem {
            name,
            by,
            front,
            won,
            base,
            ..
        } in figure_items(&g)
        {
            if name == "abszolút" {
                assert!(front, "Tompa abszolút is early only");
                assert_eq!(
                    base, 1,
                    "Tompa abszolút is not doubled early (its base; kontras may still multiply it)"
                );
                assert_eq!(
                    won,
                    Some(s.card_points[by as usize] > 81),
                    "hand {i}: abszolút with {}",
                    s.card_points[by as usize]
                );
                absz += 1;
            }
        }
        if parti_melds_decided >= 2 && absz >= 5 {
            return;
        }
    }
    panic!("melds decided Parti {parti_melds_decided} times; abszolút seen {absz} times");
}

/// TV-D6 (derived): front values. 3p: tulétroá, család, 44, kassza, abszolút, 200 are 2; 100,
/// ultimó, összes adu are 4; volát cannot be announced front. Tompa early: 100 4, 44 4, abszolút 1.
#[test]
fn tvd6_front_values() {
    let r = rules("alsos-3p");
    let front = |r: &Rules, name: &str| r.variant.figures[figure(r, name)].front;
    for f in ["tulétroá", "család", "negyvennégyes", "kassza", "abszolút", "kétszázas"] {
        assert_eq!(front(&r, f), Some(2), "{f}");
    }
    for f in ["százas", "ultimó", "összes-adu"] {
        assert_eq!(front(&r, f), Some(4), "{f}");
    }
    assert_eq!(front(&r, "volát"), None);
    let t = rules("alsos-2p-tompa");
    assert_eq!(front(&t, "százas"), Some(4));
    assert_eq!(front(&t, "negyvennégyes"), Some(4));
    assert_eq!(front(&t, "abszolút"), Some(1));
}

/// TV-16 boundary: a betli lost at the very first trick ends there (§7.2.1: play may stop as soon
/// as the declarer takes a trick), and each opponent is paid the betli's value.
#[test]
fn betli_lost_at_the_first_trick() {
    let r = rules("alsos-3p");
    let betli = contract(&r, "betli");
    for i in 0..2_000_000 {
        let (g, _) = play(&r, 17, i);
        let Some(s) = g.result() else { continue };
        if s.contract != Some(betli) {
            continue;
        }
        let Some(d) = s.declarer else { continue };
        let p = g.play_state();
        if p.trick_winner[0] != g.pos_of(Seat(d)).unwrap() {
            continue;
        }
        assert_eq!(p.tricks_played, 1, "hand {i}: play stops after the first trick");
        assert!(p.ended_early);
        let game = s.items.iter().find(|it| it.item == Item::Game).unwrap();
        assert_eq!(game.won, Some(false));
        let value = game.value;
        for seat in 0..3u8 {
            let want = if seat == d { -2 * value } else { value };
            assert_eq!(game.pay[seat as usize], want, "hand {i}: seat {seat}");
        }
        return;
    }
    panic!("no betli lost at its first trick in 2000000 hands");
}
