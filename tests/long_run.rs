//! The long run: random hands on every bundled variant and house rule, checking the invariants
//! at every step. Ignored by default (it takes minutes); run it with
//!
//!     KARTYA_LONG_HANDS=1000000 cargo test --release --test long_run -- --ignored --nocapture
//!
//! and it prints, per file, the hands played and the failures found (there must be none).

mod common;

use kartya::engine::deal::deal_random;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::{bundled_rules, Game};
use rayon::prelude::*;
use std::sync::Arc;

/// Plays hand `i` step by step; returns a description of the first broken invariant.
fn check(rules: &Arc<kartya::engine::Rules>, seed: u64, i: u64) -> Option<String> {
    let mut rng = hand_rng(seed, i);
    let deal = deal_random(&rules.tables, &rules.variant.deal, rules.variant.active, &mut rng);
    let mut g = Game::from_deal(
        Arc::clone(rules),
        kartya::engine::Seat((i % rules.variant.players.max(1) as u64) as u8),
        deal,
    );
    let mut buf = Vec::new();
    for step in 0..10_000 {
        let (all, single) = g.cards_accounted();
        if !single || all != rules.tables.all {
            return Some(format!("hand {i}: cards not conserved at step {step}"));
        }
        if g.is_over() {
            let s = g.result()?;
            // zero-sum but for what players score for themselves (`each-scores`)
            if s.payments.iter().sum::<i64>() != s.own_scores {
                return Some(format!("hand {i}: payments not zero-sum"));
            }
            return None;
        }
        if g.legal_actions().is_empty() {
            return Some(format!("hand {i}: no legal action at step {step}"));
        }
        if !random_step(&mut g, &mut rng, &mut buf) {
            return Some(format!("hand {i}: a legal action was refused at step {step}"));
        }
    }
    Some(format!("hand {i}: did not end"))
}

#[test]
#[ignore]
fn long_run_every_bundled_file() {
    let hands: u64 = common::env_or("KARTYA_LONG_HANDS", 1_000_000);
    let mut total_failures = 0;
    for b in kartya::bundled::all() {
        let rules = match bundled_rules(b.name) {
            Ok(r) => r,
            Err(e) => panic!("{}: {e}", b.name),
        };
        let failures: Vec<String> = (0..hands).into_par_iter().filter_map(|i| check(&rules, 1, i)).collect();
        println!("{:<28} {hands} hands, {} failures", b.name, failures.len());
        for f in failures.iter().take(5) {
            println!("    {f}");
        }
        total_failures += failures.len();
    }
    assert_eq!(total_failures, 0);
}
