//! Two builds of the engine in one binary, for an A/B check of a change: takes the number of
//! blocks and of hands per block, gives the quartiles of the speed-up of the working tree
//! (`kartya`) over a base commit (`kartya_base`) on full random alsos-3p hands, timed in
//! alternating blocks (the order flips each block), with each one's ratio to the yardstick, and
//! the speed-up on the play phase alone (benchmark (a)) timed the same way.
//! `ab.sh` builds it with every function aligned to 64 bytes, so that where the two copies'
//! code happens to land matters less. Check the harness with `ab.sh HEAD`: it must give 1.00.
//! With `one new|base HANDS` it plays full hands of one build only, untimed, for valgrind
//! (`footprint.sh`).

#[path = "../src/yard_block.rs"]
mod yard_block;

use std::hint::black_box;
use std::time::Instant;
use yard_block::{quartiles, show};

fn main() {
    // `one new|base HANDS`: full hands of one build only, untimed, for valgrind (footprint.sh)
    let words: Vec<String> = std::env::args().skip(1).collect();
    if let [one, which, hands] = words.as_slice() {
        if one == "one" {
            play_one(which, hands.parse().unwrap_or(20_000));
            return;
        }
    }
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let blocks = args.next().and_then(Result::ok).unwrap_or(60).max(1);
    let hands = args.next().and_then(Result::ok).unwrap_or(10_000).max(1);
    let (Ok(new_rules), Ok(base_rules)) = (
        kartya::engine::bundled_rules("alsos-3p"),
        kartya_base::engine::bundled_rules("alsos-3p"),
    ) else {
        eprintln!("alsos-3p does not load");
        std::process::exit(1);
    };
    let mut yardstick = yard_block::Yardstick::new();
    let (mut new_buf, mut base_buf) = (Vec::with_capacity(64), Vec::with_capacity(64));
    let mut new_game = kartya::engine::sim::random_hand(&new_rules, 1, 0, &mut new_buf);
    let mut base_game = kartya_base::engine::sim::random_hand(&base_rules, 1, 0, &mut base_buf);
    // both as `simulate` plays its hands, without the action history (so the base must be a
    // commit that has `set_keep_history`, 2026-11-30 or later)
    new_game.set_keep_history(false);
    base_game.set_keep_history(false);
    let (mut speed_up, mut new_ratio, mut base_ratio) = (Vec::new(), Vec::new(), Vec::new());
    let mut play_speed_up = Vec::new();
    let (Some(new_contract), Some(base_contract)) = (
        new_rules.variant.contracts.iter().position(|c| c.trumps),
        base_rules.variant.contracts.iter().position(|c| c.trumps),
    ) else {
        eprintln!("alsos-3p has no trump contract");
        std::process::exit(1);
    };
    for block in 0..blocks {
        let y = yardstick.block(hands);
        let first = block * hands + 1;
        let mut run_new = || {
            let t = Instant::now();
            for i in first..first + hands {
                kartya::engine::sim::random_hand_in(&mut new_game, 1, i, &mut new_buf);
                black_box(new_game.is_over());
            }
            t.elapsed().as_nanos() as f64
        };
        let mut run_base = || {
            let t = Instant::now();
            for i in first..first + hands {
                kartya_base::engine::sim::random_hand_in(&mut base_game, 1, i, &mut base_buf);
                black_box(base_game.is_over());
            }
            t.elapsed().as_nanos() as f64
        };
        let (n, b) = alternate(block, &mut run_new, &mut run_base);
        speed_up.push(b / n);
        new_ratio.push(y / n);
        base_ratio.push(y / b);
        // (a): the same stream for both, so that both play the same hands
        let mut play_new = || {
            let mut rng = kartya::engine::rng::hand_rng(2, block);
            let t = Instant::now();
            for i in 0..hands {
                black_box(kartya::engine::sim::random_playout(
                    &new_rules,
                    new_contract,
                    &mut rng,
                    (i % 3) as u8,
                ));
            }
            t.elapsed().as_nanos() as f64
        };
        let mut play_base = || {
            let mut rng = kartya_base::engine::rng::hand_rng(2, block);
            let t = Instant::now();
            for i in 0..hands {
                black_box(kartya_base::engine::sim::random_playout(
                    &base_rules,
                    base_contract,
                    &mut rng,
                    (i % 3) as u8,
                ));
            }
            t.elapsed().as_nanos() as f64
        };
        let (n, b) = alternate(block, &mut play_new, &mut play_base);
        play_speed_up.push(b / n);
    }
    black_box(yardstick.check);
    println!("{blocks} blocks of {hands} full random hands; first quartile / median / third quartile");
    println!(
        "speed-up of the working tree over the base: {}",
        show(quartiles(&mut speed_up), 3)
    );
    println!(
        "yardstick / working tree:                   {}",
        show(quartiles(&mut new_ratio), 3)
    );
    println!(
        "yardstick / base:                           {}",
        show(quartiles(&mut base_ratio), 3)
    );
    println!(
        "(a) play phase alone, speed-up:             {}",
        show(quartiles(&mut play_speed_up), 3)
    );
}

/// Plays `hands` full random alsos-3p hands with one build (`new` or `base`), as a block of the
/// timed run does, for a run under valgrind.
fn play_one(which: &str, hands: u64) {
    if which == "base" {
        let Ok(rules) = kartya_base::engine::bundled_rules("alsos-3p") else { return };
        let mut buf = Vec::with_capacity(64);
        let mut g = kartya_base::engine::sim::random_hand(&rules, 1, 0, &mut buf);
        g.set_keep_history(false);
        for i in 1..=hands {
            kartya_base::engine::sim::random_hand_in(&mut g, 1, i, &mut buf);
            black_box(g.is_over());
        }
    } else {
        let Ok(rules) = kartya::engine::bundled_rules("alsos-3p") else { return };
        let mut buf = Vec::with_capacity(64);
        let mut g = kartya::engine::sim::random_hand(&rules, 1, 0, &mut buf);
        g.set_keep_history(false);
        for i in 1..=hands {
            kartya::engine::sim::random_hand_in(&mut g, 1, i, &mut buf);
            black_box(g.is_over());
        }
    }
}

/// Times the two builds one after the other, the order flipping each block; gives (new, base).
fn alternate(block: u64, new: &mut impl FnMut() -> f64, base: &mut impl FnMut() -> f64) -> (f64, f64) {
    if block % 2 == 0 {
        let n = new();
        (n, base())
    } else {
        let b = base();
        (new(), b)
    }
}
