//! The plausible-table measure of issue 29 (ignored; release, slow): takes the five games the
//! issue names and plays `KARTYA_PLAUSIBLE_HANDS` (2,000) hands of seed 1 with sampled bots at
//! every seat; gives per contract its share of hands, how often the declarer's side won it, and
//! how often it could be made double dummy from the first lead (every hand open, both sides
//! playing their best), where the contract's win is one threshold on the side's tricks or card
//! points; and per figure how often it was announced and won, and the share of hands doubled.
//! `cargo test --release --test bots_plausible -- --ignored --nocapture`
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::bots::{Bot, SampledBot, View};
use kartya::engine::game::Item;
use kartya::engine::rng::hand_rng;
use kartya::engine::score::Score;
use kartya::engine::sim::hand_dealer;
use kartya::engine::{bundled_rules, Game, Phase, Pos, Rules, Seat};
use kartya::model::{Cond, Prim, SidesKind, Win};
use kartya::solve::{need_of, Count, Need, Objective, Solver};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The double-dummy verdict of one hand: made for sure, made at best (equal where exact).
type Verdict = (bool, bool);

/// The card points of the whole play: every card in the hands at the first lead, and the last
/// trick's bonus.
fn all_points(g: &Game) -> i32 {
    let (t, p) = (g.play_table().unwrap(), g.play_state());
    let cards = p.hands.iter().take(p.n as usize).fold(0u64, |a, h| a | h);
    t.mask_points(cards) + if t.counts_points { t.last_trick } else { 0 }
}

/// Whether the declarer's side could win the contract double dummy from the first lead of `g`
/// (its real hands open); `sheet` is the hand's score once played (its meld points, which are
/// called during the play). None where the win is not one bound on one count.
fn dd_verdict(g: &Game, sheet: &Score, solver: &mut Solver) -> Option<Verdict> {
    let rules = g.rules();
    let c = rules.variant.contracts.get(g.contract()?)?;
    let base = Objective::of_game(g)?;
    let table = g.play_table()?;
    let play = g.play_state();
    let total = all_points(g);
    let tricks = i32::from(play.total_tricks);
    let side = base.side;
    let melds_of = |mask: u16| -> i64 {
        (0..play.n as usize)
            .filter(|&p| mask & (1 << p) != 0)
            .map(|p| sheet.meld_points[g.seat_of(Pos(p as u8)).0 as usize])
            .sum()
    };
    let active = ((1u32 << play.n) - 1) as u16;
    let (own_melds, other_melds) = (melds_of(side), melds_of(active & !side));
    let solve = |need: Need, solver: &mut Solver| -> Option<bool> {
        let obj = Objective {
            count: need.count,
            side_maximizes: need.at_least,
            ..base
        };
        let v = solver.value(table, play, &obj).ok()?;
        Some(if need.at_least { v >= need.n } else { v <= need.n })
    };
    match c.win {
        Win::NoTricks => {
            let made = solve(need_of(&Cond::Prim(Prim::NoTricks), total, tricks, 0)?, solver)?;
            Some((made, made))
        }
        Win::Goal => {
            let made = solve(need_of(c.goal.as_ref()?, total, tricks, own_melds)?, solver)?;
            Some((made, made))
        }
        Win::MoreThanEach { with_melds } if table.counts_points => {
            let (own, other) = if with_melds { (own_melds, other_melds) } else { (0, 0) };
            let k = i64::from((active & !side).count_ones());
            let total = i64::from(total);
            // the least v that satisfies "v * times > rest", as a count of points
            let least = |rest: i64, times: i64| (rest.div_euclid(times) + 1).max(0) as i32;
            let (sure, at_best) = if !matches!(c.sides, SidesKind::DeclarerVsEach) || k <= 1 {
                // one opposing side: v + own > total - v + other
                let n = least(total + other - own, 2);
                (n, n)
            } else {
                // each opponent beaten: for sure when one of them holding all the rest is,
                // v + own > total - v + his melds; at best when their average is,
                // k (v + own) > total - v + their melds
                let most = other_max(&sheet.meld_points, g, active & !side, with_melds);
                (least(total + most - own, 2), least(total + other - k * own, k + 1))
            };
            let obj = Objective {
                count: Count::Points,
                side_maximizes: true,
                ..base
            };
            let value = solver.value(table, play, &obj).ok()?;
            Some((value >= sure, value >= at_best))
        }
        _ => None,
    }
}

/// The most meld points of one opposing position (0 without melds).
fn other_max(melds: &[i64; 8], g: &Game, mask: u16, with_melds: bool) -> i64 {
    if !with_melds {
        return 0;
    }
    (0..8usize)
        .filter(|&p| mask & (1 << p) != 0)
        .map(|p| melds[g.seat_of(Pos(p as u8)).0 as usize])
        .max()
        .unwrap_or(0)
}

/// One hand: its contract, whether the declarer's side won it, the double-dummy verdict, the
/// figures announced (name, won) and whether a level was said on any item.
struct HandRow {
    contract: String,
    won: Option<bool>,
    dd: Option<Verdict>,
    figures: Vec<(String, Option<bool>)>,
    doubled: bool,
}

fn play_one(rules: &Arc<Rules>, bots: &mut [SampledBot], solver: &mut Solver, i: u64) -> HandRow {
    let mut rng = hand_rng(1, i);
    let mut g = Game::new(Arc::clone(rules), Seat(0), 1);
    g.set_keep_history(true);
    g.redeal_random(hand_dealer(rules, i), &mut rng);
    for b in bots.iter_mut() {
        b.start_hand();
    }
    let mut at_lead: Option<Game> = None;
    while !g.is_over() {
        if at_lead.is_none()
            && g.phase() == Phase::Play
            && g.play_state().tricks_played == 0
            && g.play_state().trick_len == 0
        {
            at_lead = Some(g.clone());
        }
        let seat = g.to_act_seat();
        let a = bots[seat.0 as usize].act(&View::new(&g, seat), &mut rng);
        g.apply(a).unwrap_or_else(|e| panic!("hand {i}: {e}"));
    }
    let sheet = g.result().unwrap().clone();
    let v = &rules.variant;
    let contract = match (sheet.contract, sheet.redeal) {
        (_, true) => "(thrown in)".to_string(),
        (Some(c), _) => v.contracts[c].name.clone(),
        (None, _) => "(none)".to_string(),
    };
    let won = sheet.items.iter().find(|x| x.item == Item::Game).and_then(|x| x.won);
    let dd = at_lead.as_ref().and_then(|s| dd_verdict(s, &sheet, solver));
    let figures = sheet
        .items
        .iter()
        .filter(|x| x.item != Item::Game && !x.unannounced)
        .filter_map(|x| x.figure.map(|f| (v.figures[f].name.clone(), x.won)))
        .collect();
    let doubled = sheet.items.iter().any(|x| x.multiplier > 1 || x.added != 0);
    HandRow {
        contract,
        won,
        dd,
        figures,
        doubled,
    }
}

fn pct(a: usize, b: usize) -> String {
    if b == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * a as f64 / b as f64)
    }
}

#[test]
#[ignore]
fn plausible_tables() {
    let hands: u64 = common::env_or("KARTYA_PLAUSIBLE_HANDS", 2000);
    let games = std::env::var("KARTYA_PLAUSIBLE_GAMES")
        .unwrap_or_else(|_| "alsos-3p,asszorti,koenigrufen-russbach,koenigrufen-graden,anrufen".to_string());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    for name in games.split(',') {
        let rules = bundled_rules(name).unwrap();
        let t = std::time::Instant::now();
        let mut rows: Vec<(u64, HandRow)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let rules = Arc::clone(&rules);
                    s.spawn(move || {
                        let mut bots: Vec<SampledBot> =
                            (0..rules.variant.players).map(|_| SampledBot::default()).collect();
                        let mut solver = Solver::new();
                        (k..hands)
                            .step_by(threads as usize)
                            .map(|i| (i, play_one(&rules, &mut bots, &mut solver, i)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        rows.sort_by_key(|r| r.0);
        // contract -> (hands, won, lost, dd measured, dd sure, dd at best)
        let mut by: BTreeMap<String, [usize; 6]> = BTreeMap::new();
        let mut figs: BTreeMap<String, [usize; 2]> = BTreeMap::new();
        let mut doubled = 0;
        for (_, r) in &rows {
            let e = by.entry(r.contract.clone()).or_default();
            e[0] += 1;
            match r.won {
                Some(true) => e[1] += 1,
                Some(false) => e[2] += 1,
                None => {}
            }
            if let Some((sure, best)) = r.dd {
                e[3] += 1;
                e[4] += sure as usize;
                e[5] += best as usize;
            }
            for (f, w) in &r.figures {
                let x = figs.entry(f.clone()).or_default();
                x[0] += 1;
                x[1] += (*w == Some(true)) as usize;
            }
            doubled += r.doubled as usize;
        }
        let n = rows.len();
        println!(
            "\n{name}: {n} hands, sampled at every seat, seed 1 ({:.0} s)",
            t.elapsed().as_secs_f64()
        );
        println!("| contract | hands | share | won | double-dummy make rate |");
        println!("| --- | ---: | ---: | ---: | --- |");
        let mut order: Vec<_> = by.into_iter().collect();
        order.sort_by(|a, b| b.1[0].cmp(&a.1[0]));
        for (c, e) in order {
            let dd = match (e[3], e[4] == e[5]) {
                (0, _) => "not one bound".to_string(),
                (_, true) => format!("{} of {}", pct(e[4], e[3]), e[3]),
                _ => format!("{} to {} of {}", pct(e[4], e[3]), pct(e[5], e[3]), e[3]),
            };
            println!(
                "| {c} | {} | {} | {} | {dd} |",
                e[0],
                pct(e[0], n),
                pct(e[1], e[1] + e[2])
            );
        }
        println!("doubled (a level said on any item): {}", pct(doubled, n));
        let figs: Vec<String> = figs
            .into_iter()
            .map(|(f, x)| format!("{f} {} (won {})", pct(x[0], n), pct(x[1], x[0])))
            .collect();
        println!(
            "figures announced: {}",
            if figs.is_empty() {
                "none".to_string()
            } else {
                figs.join(", ")
            }
        );
    }
}
