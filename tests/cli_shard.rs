//! `simulate --shard i/n` and `kartya merge`, running the binary: the merged shards print what one
//! run prints with `--json` (byte for byte but the timing, which no two runs share), for 4 shards
//! of alsos-3p and of a Königrufen game, 1 shard, and more shards than chunks; every refusal of
//! `merge` is a diagnostic (snapshotted) with exit 1; absurd `--shard` values are usage errors;
//! shards of `--bots heuristic` merge too, and never with shards of other bots.

mod common;

use common::cli::*;
use std::path::{Path, PathBuf};

/// A fresh folder for one test's files.
fn dir(name: &str) -> PathBuf {
    fresh_dir("cli_shard", name)
}

/// The output without its timing lines: the rest must be byte-identical.
fn without_timing(out: &str) -> String {
    out.lines()
        .filter(|l| !l.contains("\"elapsed_seconds\"") && !l.contains("\"hands_per_second\""))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Writes the `--json` of every shard `i/n` of the run into `d` as `NAME-i.json`; gives the names.
fn write_shards(d: &Path, name: &str, run: &[&str], n: u64) -> Vec<String> {
    (1..=n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let mut args = vec!["simulate"];
            args.extend_from_slice(run);
            args.extend_from_slice(&["--json", "--shard", &shard]);
            let o = run_in(d, &args);
            assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
            let file = format!("{name}-{i}.json");
            std::fs::write(d.join(&file), &o.stdout).unwrap_or_else(|e| panic!("cannot write {file}: {e}"));
            file
        })
        .collect()
}

/// Merges the shards of `run` into `n` and compares with one run of `run --json`.
fn merged_equals_one_run(name: &str, run: &[&str], n: u64) {
    let d = dir(name);
    let files = write_shards(&d, name, run, n);
    let mut args = vec!["merge"];
    // the order of the files does not matter: give them backwards
    args.extend(files.iter().rev().map(String::as_str));
    let merged = run_in(&d, &args);
    assert_eq!(code(&merged), 0, "{}", stderr(&merged));
    let mut one = vec!["simulate"];
    one.extend_from_slice(run);
    one.push("--json");
    let whole = run_in(&d, &one);
    assert_eq!(code(&whole), 0, "{}", stderr(&whole));
    let (m, w) = (stdout(&merged), stdout(&whole));
    assert!(m.contains("\"timing\"") && !m.contains("\"shard\""), "{m}");
    assert_eq!(
        without_timing(&m),
        without_timing(&w),
        "{name}: merged shards differ from one run"
    );
}

#[test]
fn four_shards_of_alsos_merge_to_one_run() {
    merged_equals_one_run("alsos", &["alsos-3p", "--hands", "2000", "--seed", "7"], 4);
}

#[test]
fn four_shards_of_koenigrufen_merge_to_one_run() {
    merged_equals_one_run(
        "russbach",
        &["koenigrufen-russbach", "--hands", "1100", "--seed", "3"],
        4,
    );
}

#[test]
fn three_shards_of_a_session_of_tokens_merge_to_one_run() {
    // anrufen's session balance runs per chunk: the merged `session` counts are one run's
    merged_equals_one_run("anrufen", &["anrufen", "--hands", "1100", "--seed", "5"], 3);
}

#[test]
fn four_shards_of_heuristic_bots_merge_to_one_run() {
    merged_equals_one_run(
        "heuristic",
        &["asszorti", "--bots", "heuristic", "--hands", "900", "--seed", "4"],
        4,
    );
}

#[test]
fn shards_of_other_bots_do_not_merge() {
    let d = dir("bots-mismatch");
    let run = ["alsos-3p", "--hands", "600", "--seed", "1"];
    let mut files = write_shards(&d, "r", &run, 2);
    let heuristic: Vec<&str> = run.iter().copied().chain(["--bots", "heuristic"]).collect();
    files.extend(write_shards(&d, "h", &heuristic, 2));
    let o = run_in(&d, &["merge", &files[0], &files[3]]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("played by heuristic bots, the first by random"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn one_shard_is_the_plain_run() {
    merged_equals_one_run("one", &["alsos-3p", "uhu", "--hands", "700", "--seed", "2"], 1);
    // and the shard's own results are the plain run's results
    let d = dir("one-results");
    let shard = run_in(
        &d,
        &["simulate", "alsos-3p", "--hands", "300", "--json", "--shard", "1/1"],
    );
    let plain = run_in(&d, &["simulate", "alsos-3p", "--hands", "300", "--json"]);
    let results = |o: &std::process::Output| {
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
        v["results"].clone()
    };
    assert_eq!(results(&shard), results(&plain));
    assert!(!results(&plain).is_null());
}

#[test]
fn more_shards_than_chunks_leave_some_empty_and_still_merge() {
    // 600 hands are 3 chunks of 256: of 5 shards two play nothing
    merged_equals_one_run("sparse", &["alsos-3p", "--hands", "600", "--seed", "5"], 5);
}

#[test]
fn the_plain_output_has_no_shard() {
    let o = kartya(&["simulate", "alsos-3p", "--hands", "10", "--json"]);
    assert_eq!(code(&o), 0);
    assert!(!stdout(&o).contains("\"shard\""));
}

#[test]
fn the_text_output_of_a_shard_names_its_hands() {
    let o = kartya(&["simulate", "alsos-3p", "--hands", "1000", "--shard", "2/2"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("shard 2/2 of 1000 hands: hands 513 to 1000\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn absurd_shards_are_usage_errors() {
    for bad in ["0/0", "5/4", "0/4", "x/4", "1/y", "2", "-1/4", "1/100001", ""] {
        let o = kartya(&["simulate", "alsos-3p", "--hands", "10", "--shard", bad]);
        assert_eq!(code(&o), 2, "--shard {bad:?}: {}", stderr(&o));
    }
    // a shard with --records is refused too: the records would be of the whole run
    let o = kartya(&[
        "simulate",
        "alsos-3p",
        "--hands",
        "10",
        "--shard",
        "1/2",
        "--records",
        "x",
    ]);
    assert_eq!(code(&o), 2);
    assert_eq!(code(&kartya(&["merge"])), 2);
}

/// Runs `merge` on `files` in `d`; it must fail with exit 1 and `expect`; gives stderr.
fn refused(d: &Path, files: &[&str], expect: &str) -> String {
    let mut args = vec!["merge"];
    args.extend_from_slice(files);
    let o = run_in(d, &args);
    assert_eq!(code(&o), 1, "{files:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains(expect), "{files:?}: expected {expect}:\n{err}");
    assert!(stdout(&o).is_empty(), "a refused merge printed {}", stdout(&o));
    err
}

fn snap(name: &str, text: &str) {
    insta::with_settings!({ snapshot_path => "snapshots/cli", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, text);
    });
}

/// The text with the hex values of digests, builds and checksums, which follow the sources,
/// written as x's: a snapshot keeps their place, not their value.
fn redact(text: &str) -> String {
    text.lines()
        .map(|l| {
            for key in ["\"rules_digest\": \"", "\"build\": \"", "\"checksum\": \""] {
                if let Some((head, tail)) = l.split_once(key) {
                    if tail.len() >= 16 {
                        return format!("{head}{key}{}{}\n", "x".repeat(16), &tail[16..]);
                    }
                }
            }
            format!("{l}\n")
        })
        .collect()
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    let d = dir("refusals");
    let run = ["alsos-3p", "--hands", "600", "--seed", "1"];
    write_shards(&d, "a", &run, 3);
    write_shards(&d, "seed", &["alsos-3p", "--hands", "600", "--seed", "2"], 3);
    write_shards(&d, "hands", &["alsos-3p", "--hands", "700", "--seed", "1"], 3);
    write_shards(&d, "rules", &["alsos-3p", "uhu", "--hands", "600", "--seed", "1"], 3);
    write_shards(&d, "four", &["alsos-3p", "--hands", "600", "--seed", "1"], 4);
    let mismatch = "kartya::shard-mismatch";
    snap(
        "merge-other-seed",
        &refused(&d, &["a-1.json", "seed-2.json", "a-3.json"], mismatch),
    );
    snap(
        "merge-other-hands",
        &refused(&d, &["a-1.json", "a-2.json", "hands-3.json"], mismatch),
    );
    snap(
        "merge-other-rules",
        &refused(&d, &["a-1.json", "rules-2.json", "a-3.json"], mismatch),
    );
    snap(
        "merge-other-count",
        &refused(&d, &["a-1.json", "four-2.json", "a-3.json"], mismatch),
    );
    snap("merge-missing", &refused(&d, &["a-1.json", "a-3.json"], mismatch));
    snap(
        "merge-duplicate",
        &refused(&d, &["a-1.json", "a-2.json", "a-2.json", "a-3.json"], mismatch),
    );

    let not = "kartya::not-a-shard";
    let plain = run_in(&d, &["simulate", "alsos-3p", "--hands", "10", "--json"]);
    std::fs::write(d.join("plain.json"), &plain.stdout).unwrap_or_else(|e| panic!("{e}"));
    snap("merge-plain-run", &refused(&d, &["plain.json"], not));
    std::fs::write(d.join("notes.txt"), "hands: 600\n").unwrap_or_else(|e| panic!("{e}"));
    snap("merge-not-json", &refused(&d, &["notes.txt"], not));
    // a shard whose results were edited to count other hands than its index gives: its checksum
    // no longer matches (tests/cli_shard_trust.rs forges the checksum too)
    let text = std::fs::read_to_string(d.join("a-2.json")).unwrap_or_default();
    let edited = text.replacen("\"hands\": 256,", "\"hands\": 255,", 1);
    assert_ne!(text, edited, "shard 2/3 of 600 hands plays 256 hands");
    std::fs::write(d.join("edited.json"), edited).unwrap_or_else(|e| panic!("{e}"));
    snap(
        "merge-edited-shard",
        &redact(&refused(&d, &["a-1.json", "edited.json", "a-3.json"], not)),
    );
    // a rules file of the same name but edited between the shards
    let base = std::fs::read_to_string(common::root().join("variants/alsos-3p.kartya")).unwrap_or_default();
    std::fs::write(d.join("club.kartya"), &base).unwrap_or_else(|e| panic!("{e}"));
    write_shards(&d, "club", &["club.kartya", "--hands", "600"], 2);
    std::fs::write(d.join("club.kartya"), format!("{base}\n# edited\n")).unwrap_or_else(|e| panic!("{e}"));
    write_shards(&d, "edited-club", &["club.kartya", "--hands", "600"], 2);
    let err = refused(&d, &["club-1.json", "edited-club-2.json"], mismatch);
    // the digests follow the bundled base's text: the snapshot keeps their place, not their value
    let redacted = redact(&err);
    snap("merge-edited-rules", &redacted);
    // a missing file is the usual unreadable-file diagnostic
    refused(&d, &["a-1.json", "gone.json"], "kartya::unreadable");
}
