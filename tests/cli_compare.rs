//! `kartya compare`, running the binary: A against A differs in nothing; a house rule that
//! changes the play (síbelés from both ends) is played differently on some hands; the JSON of a
//! small run is snapshotted; the CSV has a row per hand and rule set; the report is one page with
//! inline SVG; the same seed gives the same output at one and two threads; refusals are
//! diagnostics (exit 1) or usage errors (exit 2).

mod common;

use common::cli::*;
use std::path::{Path, PathBuf};

/// A fresh folder for one test's files.
fn dir(name: &str) -> PathBuf {
    fresh_dir("cli_compare", name)
}

/// The output without its timing lines: the rest depends on the seed alone.
fn without_timing(out: &str) -> String {
    out.lines()
        .filter(|l| !l.contains("elapsed_seconds") && !l.contains("hands_per_second") && !l.starts_with("timing:"))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let o = kartya(args);
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?}: not JSON: {e}"))
}

/// Every `Difference` object in `v` (objects with `diff` and `significant`).
fn differences<'a>(v: &'a serde_json::Value, out: &mut Vec<&'a serde_json::Value>) {
    match v {
        serde_json::Value::Object(m) if m.contains_key("significant") => out.push(v),
        serde_json::Value::Object(m) => m.values().for_each(|x| differences(x, out)),
        serde_json::Value::Array(a) => a.iter().for_each(|x| differences(x, out)),
        _ => {}
    }
}

const SIBER: &[&str] = &["alsos-3p", "--", "alsos-3p", "siber-both-chains"];

#[test]
fn a_rule_set_against_itself_differs_in_nothing() {
    let v = json_of(&["compare", "alsos-3p", "--", "alsos-3p", "--hands", "600", "--json"]);
    assert_eq!(v["play_differing"], 0);
    assert_eq!(v["deals_differing"], 0);
    assert_eq!(v["paired"], true);
    let mut diffs = Vec::new();
    differences(&v["all"], &mut diffs);
    assert!(diffs.len() > 20, "{}", diffs.len());
    for d in diffs {
        assert_eq!(d["significant"], false, "{d}");
        assert_eq!(d["a"], d["b"], "{d}");
        // alike on every hand: nothing to test (a rate's Newcombe interval still has a width:
        // no hand differing in 600 says little about a rare difference)
        assert_eq!((&d["identical"], &d["tested"]), (&true.into(), &false.into()), "{d}");
        if let Some(x) = d["diff"].as_f64() {
            assert_eq!(x, 0.0, "{d}");
            let (low, high) = (d["low"].as_f64().unwrap_or(1.0), d["high"].as_f64().unwrap_or(-1.0));
            assert!((-1.0..=0.0).contains(&low) && (0.0..=1.0).contains(&high), "{d}");
        }
    }
    assert_eq!(v["all"]["tested"], 0);
}

#[test]
fn siber_from_both_ends_changes_the_play_of_some_hands() {
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "1000", "--json"]);
    let v = json_of(&args);
    let n = v["play_differing"].as_u64().unwrap_or(0);
    assert!(n > 0 && n < 1000, "play differed in {n} hands");
    assert_eq!(v["paired"], true);
    assert_eq!(v["differing"]["hands"], n);
    // the same deals: the contract is chosen before the exchange, so the mix is the same
    assert_eq!(v["all"]["contracts"][0]["share"]["diff"], 0.0);
}

#[test]
fn the_json_of_a_small_run() {
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "300", "--seed", "4", "--json"]);
    let o = kartya(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    insta::with_settings!({ snapshot_path => "snapshots/cli", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("compare-json", without_timing(&stdout(&o)));
    });
}

#[test]
fn the_text_table_names_the_variants_own_contracts_and_says_what_differed() {
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "300"]);
    let o = kartya(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "A: alsos-3p\n",
        "B: alsos-3p + siber-both-chains\n",
        "the same deals under both (paired intervals)\n",
        "contract mix\n",
    ] {
        assert!(out.contains(line), "{line:?} missing:\n{out}");
    }
    assert!(out.contains("play differed in ") && out.contains("in the "), "{out}");
    // another deck: the deals are not the same, and the output says so
    let o = kartya(&["compare", "alsos-3p", "--", "asszorti", "--hands", "100"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("the decks differ"), "{}", stdout(&o));
}

#[test]
fn the_csv_has_a_row_per_hand_and_rule_set() {
    let d = dir("csv");
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "700", "--csv", "hands.csv"]);
    let o = run_in(&d, &args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(d.join("hands.csv")).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 2 * 700);
    assert!(lines[0].starts_with("hand,rules,thrown_in,contract,declarer,success,payment_0,payment_1,payment_2,"));
    let columns = lines[0].split(',').count();
    for (i, l) in lines[1..].iter().enumerate() {
        assert!(l.starts_with(&format!("{},{},", i / 2, ["A", "B"][i % 2])), "{l}");
        assert_eq!(l.split(',').count(), columns, "{l}");
    }
    // the rows say where the play differed, as the table counts it
    let differs = lines[1..].iter().filter(|l| l.ends_with(",1")).count() / 2;
    let v = json_of(&[
        "compare",
        "alsos-3p",
        "--",
        "alsos-3p",
        "siber-both-chains",
        "--hands",
        "700",
        "--json",
    ]);
    assert_eq!(v["play_differing"].as_u64(), Some(differs as u64));
    // the file is not written over without --force; with it, it is
    args.push("--force");
    let o = run_in(&d, &args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn the_report_is_one_page_with_inline_svg() {
    let d = dir("report");
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "500", "--report", "study"]);
    let o = run_in(&d, &args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = std::fs::read_to_string(d.join("study/index.html")).unwrap_or_default();
    assert!(page.starts_with("<!DOCTYPE html>"), "{}", &page[..page.len().min(200)]);
    assert!(page.matches("<svg").count() >= 4, "charts missing");
    assert!(page.contains("siber-both-chains"));
    answers_in_readable_sizes(&page, &stdout(&o));
    // self-contained: nothing to load
    for outside in ["src=", "href=", "https://", "@import", "url("] {
        assert!(!page.contains(outside), "the page loads {outside}");
    }
    // the only `http://` are the SVG namespace's name, which is not loaded
    assert_eq!(
        page.matches("http://").count(),
        page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    // and each chart as a file of its own, the same pictures in the page's order
    let charts = page.matches("<svg").count();
    let entries = std::fs::read_dir(d.join("study")).map(|r| r.count()).unwrap_or(0);
    assert_eq!(entries, 1 + charts, "the page and its charts");
    for k in 1..=charts {
        let svg = std::fs::read_to_string(d.join(format!("study/chart-{k}.svg"))).unwrap_or_default();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "chart-{k}.svg"
        );
        assert!(
            svg.contains("xmlns=\"http://www.w3.org/2000/svg\""),
            "chart-{k}.svg names its namespace"
        );
    }
}

/// The report answers first, in the terminal's words, in percent, with names on the axes, axis
/// titles, n on each bar, the payments on a log scale, and no text under 12 px (issue 30.5).
fn answers_in_readable_sizes(page: &str, terminal: &str) {
    // the summary's sentences, the same words as the terminal's (HTML-escaped there)
    let sentences: Vec<&str> = terminal
        .lines()
        .skip_while(|l| *l != "summary:")
        .skip(1)
        .take_while(|l| l.starts_with("- "))
        .map(|l| &l[2..])
        .collect();
    assert!(sentences.len() >= 4, "{terminal}");
    let answers = page.find("<h2>Answers</h2>").unwrap_or(usize::MAX);
    assert!(
        answers < page.find("<svg").unwrap_or(0),
        "the answers come before the charts"
    );
    for s in sentences {
        let html = s
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;");
        assert!(
            page.contains(&format!("<li>{html}</li>")),
            "{s:?} missing from the page"
        );
    }
    // every font size, in the SVG and in the page's style, is at least 12 px
    let mut sizes = Vec::new();
    for part in page
        .split("font-size=\"")
        .skip(1)
        .chain(page.split("font-size:").skip(1))
    {
        let num: String = part.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
        sizes.push(num.parse::<f64>().unwrap_or(0.0));
    }
    assert!(sizes.len() > 50, "{}", sizes.len());
    assert!(sizes.iter().all(|s| *s >= 12.0), "sizes under 12 px: {sizes:?}");
    // percent, not fractions; names on the axes, not numbers with a key; titles; n on bars
    assert!(
        !page.contains("0.4990") && page.contains("49."),
        "fractions in the page"
    );
    assert!(
        page.contains(">adu</text>") && page.contains(">all contracts</text>"),
        "names on the axis"
    );
    assert!(!page.contains("<p>1 "), "a numbered key under a chart");
    assert!(
        page.contains("games won by the declarer&#39;s side (%)")
            || page.contains("games won by the declarer's side (%)")
    );
    assert!(page.contains("payment per seat and hand (points)"));
    assert!(page.contains("share of payments (%, log scale)"));
    assert!(page.matches(" n=").count() >= 4, "n beside the bars");
}

#[test]
fn the_same_seed_gives_the_same_output_at_any_thread_count() {
    let d = dir("threads");
    let run = |threads: &str, csv: &str| {
        let mut args = vec!["compare"];
        args.extend_from_slice(SIBER);
        args.extend_from_slice(&["--hands", "9000", "--seed", "11", "--csv", csv]);
        let o = match bin()
            .current_dir(&d)
            .env("RAYON_NUM_THREADS", threads)
            .args(&args)
            .output()
        {
            Ok(o) => o,
            Err(e) => panic!("cannot run kartya: {e}"),
        };
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let rows = std::fs::read_to_string(d.join(csv)).unwrap_or_default();
        (without_timing(&stdout(&o)), rows)
    };
    let (one, one_rows) = run("1", "one.csv");
    let (two, two_rows) = run("2", "two.csv");
    assert_eq!(one, two);
    assert_eq!(one_rows, two_rows);
    assert_eq!(one_rows.lines().count(), 1 + 2 * 9000);
}

#[test]
fn a_run_of_one_hand_says_too_few_hands_and_stars_nothing() {
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "1"]);
    let o = kartya(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("too few hands"), "{out}");
    assert!(out.contains("0 measures tested;"), "{out}");
    assert!(!out.lines().any(|l| l.trim_end().ends_with('*')), "{out}");
    args.push("--json");
    let v = json_of(&args);
    let rates = [
        &v["all"]["contracts"],
        &v["all"]["figures"],
        &v["all"]["thrown_in"],
        &v["all"]["doubled"],
    ];
    let mut diffs = Vec::new();
    for r in rates {
        differences(r, &mut diffs);
    }
    assert!(diffs.len() > 10, "{}", diffs.len());
    for d in diffs {
        assert_eq!((&d["too_few"], &d["significant"]), (&true.into(), &false.into()), "{d}");
        // a rate's interval stays within -100%..+100% even on one hand
        for end in ["low", "high"] {
            if let Some(x) = d[end].as_f64() {
                assert!((-1.0..=1.0).contains(&x), "{d}");
            }
        }
    }
}

#[test]
fn the_table_counts_the_measures_tested_and_flags_after_holm() {
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "3000", "--bots", "heuristic", "--json"]);
    let v = json_of(&args);
    let mut diffs = Vec::new();
    differences(&v["all"], &mut diffs);
    let tested: Vec<_> = diffs.iter().filter(|d| d["tested"] == true).collect();
    assert_eq!(v["all"]["tested"].as_u64(), Some(tested.len() as u64));
    assert_eq!(v["all"]["correction"], "holm");
    // Holm: the k-th smallest p times (m - k + 1), never below the raw p; a star only under 5%
    let m = tested.len() as f64;
    for d in &tested {
        let (p, q) = (d["p"].as_f64().unwrap_or(2.0), d["p_holm"].as_f64().unwrap_or(2.0));
        assert!(q >= p && q <= (m * p).min(1.0) + 1e-12, "{d}");
        assert_eq!(d["significant"], q < 0.05, "{d}");
    }
    assert!(diffs.iter().all(|d| d["tested"] == true || d["significant"] == false));
    let mut text = vec!["compare"];
    text.extend_from_slice(SIBER);
    text.extend_from_slice(&["--hands", "3000", "--bots", "heuristic"]);
    let out = stdout(&kartya(&text));
    assert!(
        out.contains(&format!(
            "{} measures tested; * = significant at 5% after Holm's correction",
            tested.len()
        )),
        "{out}"
    );
    assert!(
        out.contains("summary:\n- The rule changes the play or the result in "),
        "{out}"
    );
}

#[test]
fn the_csv_and_the_report_come_from_one_run() {
    let d = dir("csv-and-report");
    let mut args = vec!["compare"];
    args.extend_from_slice(SIBER);
    args.extend_from_slice(&["--hands", "400", "--csv", "hands.csv", "--report", "study"]);
    let o = run_in(&d, &args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let rows = std::fs::read_to_string(d.join("hands.csv")).unwrap_or_default();
    assert_eq!(rows.lines().count(), 1 + 2 * 400);
    let differs = rows.lines().skip(1).filter(|l| l.ends_with(",1")).count() / 2;
    let page = std::fs::read_to_string(d.join("study/index.html")).unwrap_or_default();
    assert!(
        page.contains(&format!("play differed in {differs} of 400 hands")),
        "{differs}: {}",
        &page[..page.len().min(2000)]
    );
    assert!(stdout(&o).contains(&format!("play differed in {differs} of 400 hands")));
}

fn snap(name: &str, text: &str) {
    insta::with_settings!({ snapshot_path => "snapshots/cli", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn refusals_are_diagnostics_or_usage_errors() {
    let d = dir("refusals");
    // rule sets for other numbers of players
    let o = run_in(&d, &["compare", "alsos-3p", "--", "alsos-4p", "--hands", "10"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    snap("compare-incomparable", &stderr(&o));
    // an existing file, a folder with files
    std::fs::write(d.join("mine.csv"), "my data\n").unwrap_or_else(|e| panic!("{e}"));
    let o = run_in(
        &d,
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--hands", "10", "--csv", "mine.csv",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    snap("compare-csv-exists", &stderr(&o));
    assert_eq!(
        std::fs::read_to_string(d.join("mine.csv")).unwrap_or_default(),
        "my data\n"
    );
    std::fs::create_dir_all(d.join("full")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(d.join("full/notes.txt"), "mine\n").unwrap_or_else(|e| panic!("{e}"));
    let o = run_in(
        &d,
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--hands", "10", "--report", "full",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    snap("compare-report-not-empty", &stderr(&o));
    let o = run_in(
        &d,
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--hands", "10", "--report", "mine.csv",
        ],
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    // a file where a folder is asked is no place to write, with or without --force
    assert!(stderr(&o).contains("kartya::bad-output"), "{}", stderr(&o));
    // with --force the page is written beside the user's file, which stays
    let o = run_in(
        &d,
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--hands", "10", "--report", "full", "--force",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(d.join("full/index.html").is_file() && d.join("full/notes.txt").is_file());
    // a rules file with an error is the usual diagnostic
    let o = run_in(&d, &["compare", "alsos-3p", "--", "alsos-3p", "no-such-rule"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("kartya::unknown-variant"), "{}", stderr(&o));

    // usage errors: counts out of range, unknown bots, one side missing
    for hands in ["0", "-5", "1000000001", "x"] {
        let o = kartya(&["compare", "alsos-3p", "--", "alsos-3p", "--hands", hands]);
        assert_eq!(code(&o), 2, "--hands {hands}: {}", stderr(&o));
    }
    let o = kartya(&["compare", "alsos-3p", "--", "alsos-3p", "--bots", "clever"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("[possible values: random, heuristic, pimc, sampled, sampled-pimc]"),
        "{}",
        stderr(&o)
    );
    for args in [
        &["compare", "alsos-3p"][..],
        &["compare", "alsos-3p", "--"],
        &["compare"],
    ] {
        let o = kartya(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
    }
    let o = kartya(&["compare", "alsos-3p", "--", "alsos-3p", "--json", "--csv", "x.csv"]);
    assert_eq!(code(&o), 2);
}

/// Writes the `--json` of every shard `i/n` of the comparison `run` into `d` as `NAME-i.json`.
fn write_shards(d: &Path, name: &str, run: &[&str], n: u64) -> Vec<String> {
    (1..=n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let mut args = vec!["compare"];
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

#[test]
fn four_compare_shards_merge_to_one_run() {
    let d = dir("shards");
    let run = [
        "alsos-3p",
        "--",
        "alsos-3p",
        "siber-both-chains",
        "--hands",
        "2100",
        "--seed",
        "9",
    ];
    let files = write_shards(&d, "s", &run, 4);
    let mut args = vec!["merge"];
    args.extend(files.iter().rev().map(String::as_str));
    let merged = run_in(&d, &args);
    assert_eq!(code(&merged), 0, "{}", stderr(&merged));
    let mut one = vec!["compare"];
    one.extend_from_slice(&run);
    one.push("--json");
    let whole = run_in(&d, &one);
    assert_eq!(code(&whole), 0, "{}", stderr(&whole));
    let (m, w) = (stdout(&merged), stdout(&whole));
    assert!(m.contains("\"play_differing\"") && !m.contains("\"sums\""), "{m}");
    assert_eq!(
        without_timing(&m),
        without_timing(&w),
        "merged shards differ from one run"
    );

    // a shard missing, a shard of another seed, a simulate shard among them: refused
    let missing = run_in(&d, &["merge", "s-1.json", "s-2.json", "s-4.json"]);
    assert_eq!(code(&missing), 1);
    assert!(
        stderr(&missing).contains("kartya::shard-mismatch"),
        "{}",
        stderr(&missing)
    );
    let other = [
        "alsos-3p",
        "--",
        "alsos-3p",
        "siber-both-chains",
        "--hands",
        "2100",
        "--seed",
        "8",
    ];
    write_shards(&d, "seed", &other, 4);
    let mixed = run_in(&d, &["merge", "s-1.json", "seed-2.json", "s-3.json", "s-4.json"]);
    assert_eq!(code(&mixed), 1);
    assert!(
        stderr(&mixed).contains("seed 8, the first seed 9"),
        "{}",
        stderr(&mixed)
    );
    let sim = run_in(
        &d,
        &[
            "simulate", "alsos-3p", "--hands", "2100", "--seed", "9", "--json", "--shard", "2/4",
        ],
    );
    std::fs::write(d.join("sim-2.json"), &sim.stdout).unwrap_or_else(|e| panic!("{e}"));
    let mixed = run_in(&d, &["merge", "s-1.json", "sim-2.json", "s-3.json", "s-4.json"]);
    assert_eq!(code(&mixed), 1);
    assert!(stderr(&mixed).contains("kartya::not-a-shard"), "{}", stderr(&mixed));
    // the text output of a shard names its hands
    let o = run_in(
        &d,
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--hands", "1000", "--shard", "2/2",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("shard 2/2 of 1000 hands: hands 513 to 1000\n"),
        "{}",
        stdout(&o)
    );
}

/// `--bots heuristic` plays both rule sets with the heuristic bots: the same deals, other play
/// than the random bots', and the same output at one and two threads.
#[test]
fn the_heuristic_bots_compare_too() {
    let run = |bots: &str, threads: &str| {
        kartya(&[
            "compare",
            "alsos-3p",
            "--",
            "alsos-3p",
            "siber-both-chains",
            "--bots",
            bots,
            "--hands",
            "600",
            "--seed",
            "9",
            "--json",
            "--threads",
            threads,
        ])
    };
    let (one, two, random) = (run("heuristic", "1"), run("heuristic", "2"), run("random", "1"));
    assert_eq!(code(&one), 0, "{}", stderr(&one));
    let json = |o: &std::process::Output| -> serde_json::Value {
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        if let Some(m) = v.as_object_mut() {
            m.remove("timing");
        }
        v
    };
    assert_eq!(json(&one), json(&two), "the thread count changes nothing");
    assert_ne!(json(&one), json(&random), "the heuristic bots play otherwise");
    assert!(String::from_utf8_lossy(&one.stdout).contains("heuristic"));
}
