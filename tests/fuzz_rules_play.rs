//! Rules files fuzzed and played (issue 28: "a fuzz target that plays hands from fuzzed rules
//! files, so that arithmetic and budget faults are reachable"): takes every bundled file with its
//! numbers replaced by values within and beyond the bounds (values, factors, multipliers, counts,
//! sizes) and lines dropped or repeated (tests/common/mutate.rs), gives, for each mutated text
//! that checks clean, a few hands played by random bots with no panic (debug builds: an overflow
//! panics), no refused action and every hand scored. The same as the libFuzzer target
//! fuzz/fuzz_targets/rules_play.rs, for machines without cargo-fuzz. A small sample runs in the
//! suite; `KARTYA_FUZZ_CASES=N` runs more. A finding becomes a fixture under tests/fixtures/fuzz.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::mutate::{check_and_play, mutate, Op, Outcome};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Hands played of each mutated file that checks clean.
const HANDS: u64 = 3;

fn op() -> impl Strategy<Value = Op> {
    (any::<u8>(), any::<u16>(), 0u8..40).prop_map(|(what, at, value)| Op { what, at, value })
}

#[test]
fn fuzzed_rules_files_play_without_a_fault() {
    let files: Vec<_> = kartya::bundled::all().collect();
    let cases = common::env_or("KARTYA_FUZZ_CASES", 600u32);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let played = std::cell::Cell::new(0u32);
    let strategy = (0..files.len(), prop::collection::vec(op(), 1..5), any::<u64>());
    let result = runner.run(&strategy, |(f, ops, seed)| {
        let text = mutate(files[f].text, &ops);
        if let Outcome::Played(_) = check_and_play(&text, seed, HANDS) {
            played.set(played.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    println!(
        "{cases} mutated files, {} checked clean and played {HANDS} hands each",
        played.get()
    );
    // the sample must reach the play, not only the checker's refusals
    assert!(
        played.get() * 5 >= cases,
        "only {} of {cases} mutated files were played",
        played.get()
    );
}

/// Findings of the fuzzing kept as fixtures: each file checks clean and plays, or is refused,
/// without a fault.
#[test]
fn fuzz_findings_replay() {
    let dir = common::root().join("tests/fixtures/fuzz");
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with("play-") && name.ends_with(".kartya") {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            let _ = check_and_play(&text, 1, 20);
        }
    }
}
