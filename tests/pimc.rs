//! The pimc bot: its worlds against the real deal on random positions of every bundled file
//! (each world consistent with what the seat saw, the real deal one of them), its choices legal
//! and reproducible, and (ignored by default: it solves many positions) its strength against
//! random cards.

mod common;

use kartya::engine::deal::bit;
use kartya::engine::rng::{below, hand_rng, HandRng};
use kartya::engine::sim::random_step;
use kartya::engine::{bundled_rules, Game, Phase, Pos, Rules, Seat};
use kartya::pimc::info::InfoSet;
use kartya::pimc::sample::{consistent, Sampler, World};
use kartya::pimc::strength::strength;
use kartya::pimc::{choose_card, try_choose_card, PimcOptions};
use std::sync::Arc;

/// A random hand of `rules` played up to a card turn after `cards` cards (fewer if the hand is
/// shorter); None when it ends before the play.
fn position(rules: &Arc<Rules>, rng: &mut HandRng, cards: u32) -> Option<Game> {
    let deal = rules.deal_plan.deal_random(&rules.tables, rng);
    let mut g = Game::from_deal(
        Arc::clone(rules),
        kartya::engine::Seat(below(rng, rules.variant.players as u32) as u8),
        deal,
    );
    let mut buf = Vec::new();
    let mut last = None;
    loop {
        if g.is_over() {
            return last;
        }
        if g.phase() == Phase::Play && g.legal_cards().is_some() {
            if g.cards_played() >= cards {
                return Some(g);
            }
            last = Some(g.clone());
        }
        if !random_step(&mut g, rng, &mut buf) {
            return last;
        }
    }
}

/// The real deal as a world: the hands now, and nobody's cards not yet played.
fn real_world(g: &Game) -> World {
    let p = g.play_state();
    let mut played = p.trick_mask();
    for c in p.captured {
        played |= c;
    }
    World {
        hands: p.hands,
        nobody: g.nobody_cards() & !played,
    }
}

#[test]
fn worlds_are_consistent_and_the_real_deal_is_one_of_them_on_every_bundled_file() {
    let (mut positions, mut worlds, mut with_voids) = (0, 0, 0);
    for (k, b) in kartya::bundled::all().enumerate() {
        let rules = bundled_rules(b.name).expect(b.name);
        let mut rng = hand_rng(0x9137, k as u64);
        for attempt in 0..4u32 {
            let total = rules.tables.all.count_ones();
            let cards = below(&mut rng, total * 2 / 3 + 1);
            let Some(g) = position(&rules, &mut rng, cards + attempt) else {
                continue;
            };
            let (t, p) = (g.play_table().expect("in play"), g.play_state());
            let real = real_world(&g);
            for pos in 0..p.n {
                let seat: Seat = g.seat_of(Pos(pos));
                let info = InfoSet::of(&g, seat).unwrap_or_else(|e| panic!("{}: {e:?}", b.name));
                // every card is the seat's, played, placed or in the pool
                let placed = info.known.iter().fold(info.known_nobody, |m, &k| m | k);
                assert_eq!(
                    (placed | info.pool | real_world_played(&g)),
                    rules.tables.all,
                    "{}: every card accounted",
                    b.name
                );
                assert_eq!(placed & info.pool, 0, "{}: pool and placed cards apart", b.name);
                // the real deal fits what the seat knows
                for q in 0..p.n as usize {
                    assert_eq!(
                        real.hands[q] & info.excluded[q],
                        0,
                        "{}: pos {q} holds no excluded card",
                        b.name
                    );
                    with_voids += usize::from(info.excluded[q] != 0);
                }
                assert!(
                    consistent(&info, t, p, &real),
                    "{}: the real deal is consistent",
                    b.name
                );
                let mut sampler = Sampler::new(&info).unwrap_or_else(|_| panic!("{}: satisfiable", b.name));
                assert!(sampler.deals() >= 1.0);
                for _ in 0..4 {
                    let w = sampler.draw(&mut rng);
                    assert!(consistent(&info, t, p, &w), "{}: world {w:?} for {info:?}", b.name);
                    assert_eq!(
                        w.hands[pos as usize], p.hands[pos as usize],
                        "{}: own hand kept",
                        b.name
                    );
                    for q in 0..p.n as usize {
                        assert_eq!(
                            w.hands[q].count_ones(),
                            p.hands[q].count_ones(),
                            "{}: hand sizes",
                            b.name
                        );
                    }
                    worlds += 1;
                }
            }
            positions += 1;
        }
    }
    assert!(
        positions >= 150 && with_voids > 50,
        "{positions} positions, {with_voids} with voids"
    );
    assert!(worlds > 1000, "{worlds}");
}

fn real_world_played(g: &Game) -> u64 {
    let p = g.play_state();
    p.captured.iter().fold(p.trick_mask(), |m, &c| m | c)
}

/// A deal is uniform: on a position with few hidden cards, every consistent deal comes up about
/// as often as the others.
#[test]
fn worlds_are_drawn_uniformly() {
    let rules = bundled_rules("alsos-3p").expect("bundled");
    let mut rng = hand_rng(0x0111, 0);
    // late in the hand: few cards hidden, so few deals
    let g = (0..50)
        .find_map(|_| position(&rules, &mut rng, 24).filter(|g| g.play_state().trick_len == 0))
        .expect("a late position");
    let seat = g.to_act_seat();
    let info = InfoSet::of(&g, seat).expect("info");
    let mut sampler = Sampler::new(&info).expect("satisfiable");
    let deals = sampler.deals();
    assert!((2.0..=200.0).contains(&deals), "{deals} deals");
    let mut seen = std::collections::BTreeMap::new();
    let draws = 200 * deals as usize;
    for _ in 0..draws {
        let w = sampler.draw(&mut rng);
        *seen.entry(w.hands).or_insert(0usize) += 1;
    }
    assert_eq!(seen.len() as f64, deals, "every deal is drawn");
    for (&h, &n) in &seen {
        assert!((100..=300).contains(&n), "deal {h:?} drawn {n} times of {draws}");
    }
}

/// An information set no deal fits is an error at once: sizes that do not add up, or voids that
/// leave a card nowhere to go.
#[test]
fn an_impossible_information_set_is_an_error_not_a_loop() {
    let rules = bundled_rules("alsos-3p").expect("bundled");
    let mut rng = hand_rng(0x0112, 0);
    let g = position(&rules, &mut rng, 6).expect("a position");
    let mut info = InfoSet::of(&g, g.to_act_seat()).expect("info");
    // every other position void in every card: no deal fits
    for q in 0..info.n as usize {
        if q != info.me as usize {
            info.excluded[q] = u64::MAX;
        }
    }
    info.nobody_size = 0;
    assert!(Sampler::new(&info).is_err());
    let mut info = InfoSet::of(&g, g.to_act_seat()).expect("info");
    info.nobody_size += 1; // sizes that do not add up
    assert!(Sampler::new(&info).is_err());
}

/// On short endgames of every bundled file, pimc plays a legal card, the same one again from the
/// same stream, and solves its worlds.
#[test]
fn pimc_plays_a_legal_card_reproducibly_on_every_bundled_file() {
    let opts = PimcOptions {
        samples: 3,
        node_budget: 200_000,
    };
    let mut decided = 0;
    for (k, b) in kartya::bundled::all().enumerate() {
        let rules = bundled_rules(b.name).expect(b.name);
        let mut rng = hand_rng(0x9138, k as u64);
        let total = rules.tables.all.count_ones();
        let Some(g) = position(
            &rules,
            &mut rng,
            total.saturating_sub(3 * rules.variant.active as u32 + 2),
        ) else {
            continue;
        };
        let seat = g.to_act_seat();
        let legal = g.legal_cards().expect("a card turn");
        let a = choose_card(&g, seat, &opts, &mut hand_rng(7, 1)).expect("its turn");
        let b2 = choose_card(&g, seat, &opts, &mut hand_rng(7, 1)).expect("its turn");
        assert_eq!(a, b2, "{}: reproducible", b.name);
        assert!(legal & bit(a) != 0, "{}: legal", b.name);
        let c = try_choose_card(&g, seat, &opts, &mut hand_rng(7, 1))
            .expect("no error")
            .expect("its turn");
        assert_eq!(c.card, a);
        assert_eq!(c.solved, 3, "{}: small endgames solve within the budget", b.name);
        // not its turn: no card
        let other = g.seat_of(Pos((g.to_act().0 + 1) % g.play_state().n));
        assert_eq!(choose_card(&g, other, &opts, &mut hand_rng(7, 1)), None);
        decided += 1;
    }
    assert!(decided >= 60, "{decided}");
}

/// Against random cards on the same deals, a declarer's side playing pimc's cards takes more
/// card points in alsos-3p, the 95% interval above zero (three dozen hands, few worlds).
#[test]
fn pimc_beats_random_cards_in_alsos() {
    let opts = PimcOptions {
        samples: 4,
        node_budget: 200_000,
    };
    let rules = bundled_rules("alsos-3p").expect("bundled");
    let s = strength(&rules, 36, 1, &opts);
    let (lo, hi) = s.interval();
    assert_eq!(s.pairs, 36, "every alsos-3p hand reaches the play");
    assert!(lo > 0.0, "{s:?} ({lo:.1}..{hi:.1})");
}

/// The same for the three games of docs/bots.md, as its table measures them (100 hands from seed
/// 1, default options; a few minutes in release).
#[test]
#[ignore = "solves a few thousand positions: run with --release -- --ignored"]
fn pimc_beats_random_cards() {
    let hands: u32 = common::env_or("KARTYA_PIMC_HANDS", 100);
    let opts = PimcOptions::default();
    for name in ["alsos-3p", "asszorti", "koenigrufen-russbach"] {
        let rules = bundled_rules(name).expect(name);
        let s = strength(&rules, hands, 1, &opts);
        let (lo, hi) = s.interval();
        println!("{name}: {s:?}");
        assert!(lo > 0.0, "{name}: {s:?} ({lo:.1}..{hi:.1})");
    }
}

/// The table of docs/bots.md ("pimc"): `KARTYA_PIMC_HANDS=N KARTYA_PIMC_SAMPLES=S cargo test
/// --release --test pimc -- --ignored --nocapture strength_table`; with `KARTYA_PIMC_TIMING=1`
/// instead, the median time of one decision.
#[test]
#[ignore = "the strength table and timings: run with --release -- --ignored --nocapture"]
fn strength_table() {
    let hands: u32 = common::env_or("KARTYA_PIMC_HANDS", 40);
    let samples: u32 = common::env_or("KARTYA_PIMC_SAMPLES", PimcOptions::default().samples);
    let opts = PimcOptions {
        samples,
        ..PimcOptions::default()
    };
    let timing = std::env::var("KARTYA_PIMC_TIMING").is_ok();
    println!("| variant | pairs | random | pimc | pimc - random | 95% interval |");
    println!("| --- | ---: | ---: | ---: | ---: | --- |");
    for name in ["alsos-3p", "asszorti", "koenigrufen-russbach"] {
        if timing {
            break;
        }
        let rules = bundled_rules(name).expect(name);
        let s = strength(&rules, hands, 1, &opts);
        let (lo, hi) = s.interval();
        println!(
            "| {name} | {} | {:.1} | {:.1} | {:+.1} | {lo:+.1} .. {hi:+.1} |",
            s.pairs, s.random_mean, s.pimc_mean, s.mean_diff
        );
    }
    // one decision's time (`KARTYA_PIMC_TIMING=1`): the first lead and cards of tricks 1-4
    for name in ["alsos-3p", "asszorti", "koenigrufen-russbach"] {
        if !timing {
            break;
        }
        let rules = bundled_rules(name).expect(name);
        let mut rng = hand_rng(0x71e, 0);
        let mut times = Vec::new();
        for i in 0..40u32 {
            let Some(g) = position(&rules, &mut rng, (i % 4) * rules.variant.active as u32) else {
                continue;
            };
            let t = std::time::Instant::now();
            let c = choose_card(&g, g.to_act_seat(), &opts, &mut hand_rng(1, i as u64));
            times.push(t.elapsed().as_secs_f64() * 1e3);
            assert!(c.is_some());
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{name}: {} decisions in tricks 1-4, median {:.1} ms, max {:.1} ms",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}

/// pimc's totals are the sums of its worlds' card utilities for the seat's side (what the sheet
/// pays for the side's final count, then the count), and its card the
/// best total (the lowest card on ties): on late positions of every bundled file, its worlds are
/// drawn again from the stream it derives (one draw of the caller's stream, then world `k` from
/// `hand_rng(draw, k)`) and solved apart. So a card best in each of its worlds is matched by
/// pimc's choice.
#[test]
fn pimcs_totals_are_its_worlds_values_and_its_card_the_best_total() {
    use kartya::engine::tables::MAX_CARDS;
    use kartya::pimc::sample::world_play;
    use kartya::pimc::world_objective;
    use kartya::solve::{taken, Objective, Solver, Stakes};
    use rand::RngCore;
    let opts = PimcOptions {
        samples: 8,
        node_budget: u64::MAX,
    };
    let (mut checked, mut dominated, mut varied) = (0, 0, 0);
    let mut solver = Solver::new();
    for (k, b) in kartya::bundled::all().enumerate() {
        let rules = bundled_rules(b.name).expect(b.name);
        let mut rng = hand_rng(0x9139, k as u64);
        let Some(g) = (0..8).find_map(|i| late(&rules, &mut rng, 2 + (i % 2))) else {
            continue;
        };
        let seat = g.to_act_seat();
        let (t, obj) = (
            g.play_table().expect("in play"),
            Objective::of_game(&g).expect("a declarer"),
        );
        let choice = try_choose_card(&g, seat, &opts, &mut hand_rng(9, k as u64))
            .expect("no error")
            .expect("its turn");
        let info = InfoSet::of(&g, seat).expect("info");
        let mut sampler = Sampler::new(&info).expect("satisfiable");
        let stream = hand_rng(9, k as u64).next_u64();
        let declarer = g.declarer().and_then(|d| g.pos_of(d)).map(|p| p.0);
        let mut totals = [0i64; MAX_CARDS];
        let mut best_in_each = choice.legal;
        for w in 0..opts.samples {
            let w = sampler.draw(&mut hand_rng(stream, u64::from(w)));
            let wobj = world_objective(&info, &obj, declarer, &w);
            let on_side = wobj.side & (1 << info.me) != 0;
            let stakes = Stakes::of_game(&g, &wobj);
            let before = taken(&g, wobj.side, wobj.count);
            let mut values = [0i32; MAX_CARDS];
            let legal = solver
                .card_values(t, &world_play(&info, g.play_state(), &w), &wobj, &mut values)
                .expect("no budget");
            assert_eq!(
                legal, choice.legal,
                "{}: the world's legal cards are the seat's",
                b.name
            );
            let score = |c: usize| {
                let u = stakes.utility(before + values[c], wobj.side_maximizes);
                if on_side {
                    u
                } else {
                    -u
                }
            };
            let cards = (0..MAX_CARDS).filter(|&c| legal & (1 << c) != 0);
            let best = cards.clone().map(score).max().expect("a legal card");
            for c in cards {
                totals[c] += score(c);
                if score(c) != best {
                    best_in_each &= !(1 << c);
                }
            }
        }
        assert_eq!(totals, choice.totals, "{}: pimc's totals", b.name);
        assert_eq!(choice.solved, opts.samples);
        let legal: Vec<usize> = (0..MAX_CARDS).filter(|&c| choice.legal & (1 << c) != 0).collect();
        let top = legal.iter().map(|&c| totals[c]).max().expect("a legal card");
        let first_top = legal.iter().copied().find(|&c| totals[c] == top).expect("a best card");
        assert_eq!(
            choice.card as usize, first_top,
            "{}: the best total, lowest card on ties",
            b.name
        );
        if best_in_each != 0 {
            dominated += 1;
            assert!(
                best_in_each & (1 << choice.card) != 0,
                "{}: a card best in every world",
                b.name
            );
        }
        varied += usize::from(legal.iter().any(|&c| totals[c] != top));
        checked += 1;
    }
    assert!(
        checked >= 60 && dominated >= 20 && varied >= 10,
        "{checked} positions, {dominated} with a card best in each world, {varied} with cards of different totals"
    );
}

/// A random hand played up to a card turn with `left` tricks to go (a card or two into the
/// trick at random); None when it ends before.
fn late(rules: &Arc<Rules>, rng: &mut HandRng, left: u8) -> Option<Game> {
    let deal = rules.deal_plan.deal_random(&rules.tables, rng);
    let mut g = Game::from_deal(
        Arc::clone(rules),
        kartya::engine::Seat(below(rng, rules.variant.players as u32) as u8),
        deal,
    );
    let mut buf = Vec::new();
    let extra = below(rng, 2) as u8;
    while !g.is_over() {
        if g.phase() == Phase::Play && g.legal_cards().is_some() {
            let p = g.play_state();
            if p.total_tricks - p.tricks_played <= left && p.trick_len >= extra.min(p.n - 1) {
                return Some(g);
            }
        }
        if !random_step(&mut g, rng, &mut buf) {
            return None;
        }
    }
    None
}

/// pimc plays for the contract before the count: on late positions of every bundled file where
/// the sheet's only stake read is the contract's win, no legal card makes the contract in more of
/// pimc's worlds than the card it plays, and in some positions the card of the best count alone
/// (pimc's objective before issue 29 item 3) would make it in fewer.
#[test]
fn pimc_plays_the_card_that_makes_the_contract_in_most_worlds() {
    use kartya::engine::tables::MAX_CARDS;
    use kartya::pimc::sample::world_play;
    use kartya::pimc::world_objective;
    use kartya::solve::{taken, Objective, Solver, Stakes};
    use rand::RngCore;
    let opts = PimcOptions {
        samples: 8,
        node_budget: u64::MAX,
    };
    let (mut checked, mut count_alone_worse) = (0, 0);
    let mut solver = Solver::new();
    for (k, b) in kartya::bundled::all().enumerate() {
        let rules = bundled_rules(b.name).expect(b.name);
        let mut rng = hand_rng(0x5a7e, k as u64);
        for _ in 0..6 {
            let Some(g) = late(&rules, &mut rng, 3) else { continue };
            let (t, Some(obj)) = (g.play_table().expect("in play"), Objective::of_game(&g)) else {
                continue;
            };
            let seat = g.to_act_seat();
            let info = InfoSet::of(&g, seat).expect("info");
            let Ok(mut sampler) = Sampler::new(&info) else { continue };
            let seed = hand_rng(11, k as u64).next_u64();
            let Some(choice) = try_choose_card(&g, seat, &opts, &mut hand_rng(11, k as u64)).expect("no error") else {
                continue;
            };
            let declarer = g.declarer().and_then(|d| g.pos_of(d)).map(|p| p.0);
            // per card: worlds where the seat's side gets what it wants of the contract, and
            // the count's total the way the seat wants it
            let (mut made, mut count) = ([0u32; MAX_CARDS], [0i64; MAX_CARDS]);
            let mut only_the_contract = true;
            for w in 0..opts.samples {
                let w = sampler.draw(&mut hand_rng(seed, u64::from(w)));
                let wobj = world_objective(&info, &obj, declarer, &w);
                let stakes = Stakes::of_game(&g, &wobj);
                let needs: Vec<_> = stakes.needs().collect();
                let [(need, worth)] = needs[..] else {
                    only_the_contract = false;
                    break;
                };
                let on_side = wobj.side & (1 << info.me) != 0;
                let wants_met = on_side == (worth > 0);
                let before = taken(&g, wobj.side, wobj.count);
                let mut values = [0i32; MAX_CARDS];
                let legal = solver
                    .card_values(t, &world_play(&info, g.play_state(), &w), &wobj, &mut values)
                    .expect("no budget");
                for c in (0..MAX_CARDS).filter(|&c| legal & (1 << c) != 0) {
                    let v = before + values[c];
                    made[c] += u32::from(need.met(v) == wants_met);
                    let high = on_side == wobj.side_maximizes;
                    count[c] += i64::from(if high { v } else { -v });
                }
            }
            if !only_the_contract || choice.solved != opts.samples {
                continue;
            }
            let legal: Vec<usize> = (0..MAX_CARDS).filter(|&c| choice.legal & (1 << c) != 0).collect();
            let most = legal.iter().map(|&c| made[c]).max().expect("a legal card");
            assert_eq!(
                made[choice.card as usize], most,
                "{}: pimc's card makes the seat's side's aim in {} of {} worlds, another card in {most}",
                b.name, made[choice.card as usize], opts.samples
            );
            let top = legal.iter().map(|&c| count[c]).max().expect("a legal card");
            let by_count = legal.iter().copied().find(|&c| count[c] == top).expect("a card");
            count_alone_worse += usize::from(made[by_count] < most);
            checked += 1;
        }
    }
    eprintln!("{checked} positions, {count_alone_worse} where the count alone makes fewer");
    assert!(
        checked >= 100 && count_alone_worse >= 3,
        "{checked} positions checked, {count_alone_worse} where the best count alone would make the contract in fewer worlds"
    );
}
