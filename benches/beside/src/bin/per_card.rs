//! Full random hands of several bundled variants in one run: takes the variant names (default:
//! alsos-3p, asszorti and every Königrufen-family file), a number of rounds and of hands per
//! round, gives per variant the hands per second and the ns per card played on one core, as
//! medians over rounds that visit the variants in turn (so every variant meets the same machine).
//!
//! Run: `just per-card` (or `cargo run --release --bin per_card -- [ROUNDS] [HANDS] [NAME...]`
//! in benches/beside).

use kartya::engine::sim::{random_hand, random_hand_in};
use std::hint::black_box;
use std::time::Instant;

const DEFAULT: &[&str] = &[
    "alsos-3p",
    "asszorti",
    "koenigrufen-russbach",
    "rufmariasch",
    "anrufen",
    "anrufen-3p",
    "koenigrufen-graden",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = args.first().and_then(|a| a.parse::<usize>().ok()).unwrap_or(15).max(1);
    let hands = args.get(1).and_then(|a| a.parse::<u64>().ok()).unwrap_or(4000).max(1);
    let named: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    let names: Vec<&str> = if named.is_empty() { DEFAULT.to_vec() } else { named };
    // the variants that load (a default name not bundled yet is skipped with a note)
    let mut runs = Vec::new();
    for name in names {
        match kartya::engine::bundled_rules(name) {
            Ok(rules) => {
                let mut buf = Vec::with_capacity(64);
                let mut game = random_hand(&rules, 1, 0, &mut buf);
                game.set_keep_history(false);
                runs.push((name, game, buf, Vec::new(), Vec::new()));
            }
            Err(_) => eprintln!("{name}: not a bundled variant here, skipped"),
        }
    }
    for round in 0..rounds {
        for (_, game, buf, per_hand, per_card) in runs.iter_mut() {
            let first = round as u64 * hands + 1;
            let mut cards = 0u64;
            let t = Instant::now();
            for i in first..first + hands {
                random_hand_in(game, 1, i, buf);
                cards += game.cards_played() as u64;
                black_box(game.is_over());
            }
            let ns = t.elapsed().as_nanos() as f64;
            per_hand.push(ns / hands as f64);
            per_card.push(ns / cards.max(1) as f64);
        }
    }
    println!("{rounds} rounds of {hands} full random hands per variant, one core; medians");
    println!(
        "{:<24} {:>12} {:>12} {:>12}",
        "variant", "hands/s", "ns/hand", "ns/card"
    );
    for (name, _, _, per_hand, per_card) in runs.iter_mut() {
        let (h, c) = (median(per_hand), median(per_card));
        println!("{:<24} {:>12.0} {:>12.0} {:>12.1}", name, 1e9 / h, h, c);
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}
