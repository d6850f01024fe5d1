//! The `kartya` binary end to end: exit codes (0 clean, 1 input errors, 2 usage), the commands'
//! output, unreadable files, and broken rules files that must be rejected quickly, never panic.

mod common;

use common::cli::*;
use std::time::{Duration, Instant};

#[test]
fn check_passes_every_bundled_base() {
    for base in [
        "alsos-3p",
        "alsos-4p",
        "alsos-2p",
        "alsos-2p-tompa",
        "alsos-hu-3p",
        "alsos-hu-2p",
    ] {
        let o = kartya(&["check", base]);
        assert_eq!(code(&o), 0, "{base}: {}", stderr(&o));
        assert!(stdout(&o).contains(": ok"), "{base}");
    }
}

#[test]
fn conflict_exits_1_and_names_both_files() {
    let o = kartya(&["check", "alsos-3p", "siber-seven-only", "siber-both-chains"]);
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert!(
        err.contains("kartya::conflict") && err.contains("siber-seven-only") && err.contains("siber-both-chains"),
        "{err}"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&kartya(&["check"])), 2);
    assert_eq!(code(&kartya(&["frobnicate"])), 2);
    assert_eq!(code(&kartya(&["explain", "alsos-3p", "--bogus"])), 2);
}

#[test]
fn unknown_names_and_unreadable_files_exit_1_with_a_diagnostic() {
    let o = kartya(&["check", "alsos-3q"]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("kartya::unknown-variant") && stderr(&o).contains("alsos-3p"),
        "{}",
        stderr(&o)
    );
    let o = kartya(&["check", "no/such/file.kartya"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("kartya::unreadable"), "{}", stderr(&o));
    let dir = std::env::temp_dir().join(format!("kartya-cli-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let bad = dir.join("latin1.kartya");
    let _ = std::fs::write(&bad, b"house-rules x \"caf\xe9\" extends alsos-3p\n");
    let o = kartya(&["check", &bad.to_string_lossy()]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("kartya::unreadable") && stderr(&o).contains("UTF-8"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn list_shows_every_bundled_file_with_a_description() {
    let o = kartya(&["list"]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    for name in ["alsos-3p", "siber-both-chains", "tuesday-club", "mordkontra"] {
        assert!(
            out.lines().any(|l| l.starts_with(name) && l.len() > name.len() + 5),
            "{name} missing in list"
        );
    }
    let o = kartya(&["list", "--json"]);
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    assert!(v.as_array().is_some_and(|a| a.len() >= 40));
}

#[test]
fn explain_json_is_the_model() {
    let o = kartya(&["explain", "alsos-3p", "--json"]);
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    assert_eq!(v["name"], "alsos-3p");
    assert_eq!(v["cards"].as_array().map(|a| a.len()), Some(32));
}

#[test]
fn fmt_check_passes_on_bundled_files_and_fmt_rewrites() {
    let dir = std::env::temp_dir().join(format!("kartya-fmt-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let f = dir.join("messy.kartya");
    let _ = std::fs::write(&f, "house-rules messy \"spacing\"   extends alsos-3p\n# keep me\ncontract betli {   # and me\n      value    10   # me too\n}\n");
    let p = f.to_string_lossy().to_string();
    assert_eq!(code(&kartya(&["fmt", "--check", &p])), 1);
    assert_eq!(code(&kartya(&["fmt", &p])), 0);
    assert_eq!(code(&kartya(&["fmt", "--check", &p])), 0);
    let text = std::fs::read_to_string(&f).unwrap_or_default();
    assert_eq!(text, "house-rules messy \"spacing\" extends alsos-3p\n# keep me\ncontract betli {  # and me\n  value 10  # me too\n}\n");
}

/// Mutations of a bundled file: every one exits 0 or 1 within a second, never panics, and a
/// rejection is located at file:line:column.
#[test]
fn broken_rules_files_are_rejected_quickly_without_panics() {
    let base = kartya::bundled::find("alsos-3p").map(|b| b.text).unwrap_or_default();
    let lines: Vec<&str> = base.lines().collect();
    let mut cases: Vec<(String, String)> = Vec::new();
    for i in (0..lines.len()).step_by(7) {
        let mut v = lines.clone();
        v.remove(i);
        cases.push((format!("delete line {}", i + 1), v.join("\n")));
        let mut v = lines.clone();
        v.insert(i, lines[i]);
        cases.push((format!("duplicate line {}", i + 1), v.join("\n")));
    }
    let words: Vec<&str> = base.split(' ').collect();
    for i in (1..words.len() - 1).step_by(37) {
        let mut v = words.clone();
        v.swap(i, i + 1);
        cases.push((format!("swap words {i}"), v.join(" ")));
    }
    for cut in (0..base.len()).step_by(997) {
        let cut = (0..=cut).rev().find(|c| base.is_char_boundary(*c)).unwrap_or(0);
        cases.push((format!("truncate at {cut}"), base[..cut].to_string()));
    }
    cases.push((
        "junk".into(),
        format!("{}\n@@@ \u{0}\u{7f} ~~~ }}}} {{{{ \"\n{}", &base[..200], &base[200..]),
    ));
    cases.push((
        "overflow".into(),
        base.replace("value 1\n", "value 99999999999999999999999999999999\n")
            .replace("players 3", "players 4294967297"),
    ));
    cases.push(("20000 braces".into(), format!("{}\n{}", base, "{".repeat(20_000))));
    cases.push((
        "20000 parens".into(),
        format!("{}\nfigure x {{\n  when {}\n}}\n", base, "(".repeat(20_000)),
    ));
    let dir = std::env::temp_dir().join(format!("kartya-broken-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    for (i, (what, text)) in cases.iter().enumerate() {
        let f = dir.join(format!("case{i}.kartya"));
        let _ = std::fs::write(&f, text);
        let start = Instant::now();
        let o = kartya(&["check", &f.to_string_lossy()]);
        let took = start.elapsed();
        let c = code(&o);
        let err = stderr(&o);
        assert!(c == 0 || c == 1, "{what}: exit {c}\n{err}");
        assert!(!err.contains("panicked"), "{what}: panic\n{err}");
        assert!(took < Duration::from_secs(1), "{what}: took {took:?}");
        if c == 1 {
            let located = err
                .lines()
                .any(|l| l.contains(".kartya:") && l.rsplit(':').take(2).all(|n| n.trim().parse::<usize>().is_ok()));
            assert!(located, "{what}: no file:line:column in\n{err}");
        }
    }
}

#[test]
fn simulate_is_reproducible_at_any_thread_count_and_differs_by_seed() {
    let results = |threads: &str, seed: &str| {
        let o = kartya(&[
            "simulate",
            "alsos-3p",
            "--hands",
            "3000",
            "--seed",
            seed,
            "--threads",
            threads,
            "--json",
        ]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
        assert!(
            v["timing"]["hands_per_second"].is_number(),
            "timing is reported apart from the results"
        );
        v["results"].clone()
    };
    let one = results("1", "1");
    assert_eq!(one, results("2", "1"), "1 and 2 threads give the same results");
    assert_ne!(one, results("2", "2"), "another seed gives other results");
    assert_eq!(one["hands"], 3000);
    assert_eq!(one["non_zero_sum"], 0);
}

#[test]
fn simulated_records_replay_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("kartya-sim-records-{}", std::process::id()));
    let d = dir.to_string_lossy().to_string();
    let o = kartya(&[
        "simulate",
        "alsos-3p",
        "uhu",
        "--hands",
        "25",
        "--seed",
        "5",
        "--records",
        &d,
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().to_string_lossy().to_string())
        .filter(|p| !p.ends_with("manifest.json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 25);
    let mut args = vec!["replay"];
    args.extend(files.iter().map(String::as_str));
    let o = kartya(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).matches("== ").count(), 25);
    assert!(stdout(&o).contains("total"));
}

/// A records folder that holds files is refused (`kartya::output-exists`, exit 1): the records
/// of two runs would mix; `--force` replaces the earlier run's records and leaves other files.
#[test]
fn a_records_folder_with_files_is_refused_without_force() {
    let dir = std::env::temp_dir().join(format!("kartya-sim-records-full-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("notes.txt"), "mine").expect("a user's file");
    let d = dir.to_string_lossy().to_string();
    let run = |force: bool| {
        let mut args = vec!["simulate", "alsos-3p", "--hands", "3", "--records", &d];
        if force {
            args.push("--force");
        }
        kartya(&args)
    };
    let refused = run(false);
    assert_eq!(code(&refused), 1, "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("kartya::output-exists"),
        "{}",
        stderr(&refused)
    );
    assert!(
        stderr(&refused).contains("is not empty (1 entry)"),
        "{}",
        stderr(&refused)
    );
    let forced = run(true);
    assert_eq!(code(&forced), 0, "{}", stderr(&forced));
    assert!(dir.join("notes.txt").is_file() && dir.join("hand-000002.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}
