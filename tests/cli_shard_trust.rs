//! `kartya merge` refuses shards it cannot trust (issue 28, items 11 and 13): a shard edited
//! after it was written (its checksum), one written by another build, one whose results do not
//! hold together even with its checksum made to match (wins above hands, payments that do not
//! sum to zero, arrays of other lengths, counts that would wrap), and it names what differs.
//!
//! `KARTYA_TEST_BIN=/path/to/an/older/kartya` runs these tests against another binary.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run_in(cwd: &Path, args: &[&str]) -> Output {
    let path = std::env::var("KARTYA_TEST_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_kartya").to_string());
    match Command::new(path)
        .env("NO_COLOR", "1")
        .current_dir(cwd)
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("cannot run kartya: {e}"),
    }
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn fresh(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_shard_trust")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
    d
}

/// Two shards of one run as s1.json and s2.json in `d`.
fn shards(d: &Path, run: &[&str]) {
    for i in 1..=2 {
        let mut args = run.to_vec();
        let shard = format!("{i}/2");
        args.extend(["--json", "--shard", &shard]);
        let o = run_in(d, &args);
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        std::fs::write(d.join(format!("s{i}.json")), &o.stdout).unwrap_or_default();
    }
    let o = run_in(d, &["merge", "s1.json", "s2.json"]);
    assert_eq!(o.status.code(), Some(0), "the unedited shards merge: {}", err(&o));
}

/// FNV-1a of 64 bits over the pieces, each followed by a zero byte (as kartya seals a shard).
fn fnv(pieces: &[&str]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in pieces {
        for b in p.bytes().chain([0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// The shard's text with `edit` made and the checksum made to match again (a forger's edit).
fn forge(d: &Path, file: &str, edit: &dyn Fn(&mut Value)) {
    let text = std::fs::read_to_string(d.join(file)).unwrap_or_default();
    let mut v: Value = serde_json::from_str(&text).unwrap_or_default();
    edit(&mut v);
    let blank = "0000000000000000";
    v["stamp"]["checksum"] = blank.into();
    let text = serde_json::to_string_pretty(&v).unwrap_or_default();
    let key = format!("\"checksum\": \"{blank}\"");
    let at = text.find(&key).unwrap_or(0) + "\"checksum\": \"".len();
    let sum = fnv(&[&text[..at], blank, text[at + blank.len()..].trim_end()]);
    std::fs::write(
        d.join(file),
        text.replacen(&key, &format!("\"checksum\": \"{sum}\""), 1),
    )
    .unwrap_or_default();
}

/// An edit of a shard's JSON.
type Edit = dyn Fn(&mut Value);

fn refused(d: &Path, expect: &str) {
    let o = run_in(d, &["merge", "s1.json", "s2.json"]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "merged: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(o.stdout.is_empty());
    assert!(err(&o).contains(expect), "expected `{expect}`:\n{}", err(&o));
}

const RUN: &[&str] = &["simulate", "alsos-3p", "--hands", "600", "--seed", "3"];

#[test]
fn an_edited_shard_is_refused_by_its_checksum() {
    let d = fresh("edited");
    shards(&d, RUN);
    let text = std::fs::read_to_string(d.join("s1.json")).unwrap_or_default();
    let edited = text.replacen("\"declarer_won\": ", "\"declarer_won\": 1000000000", 1);
    std::fs::write(d.join("s1.json"), edited).unwrap_or_default();
    refused(&d, "its checksum does not match");
}

#[test]
fn a_shard_of_another_build_is_refused() {
    let d = fresh("build");
    shards(&d, RUN);
    forge(&d, "s2.json", &|v| v["stamp"]["build"] = "0123456789abcdef".into());
    refused(&d, "another build of kartya");
}

#[test]
fn results_that_do_not_hold_together_are_refused() {
    let cases: &[(&str, &Edit, &str)] = &[
        (
            "wins",
            &|v| v["results"]["contracts"][0]["declarer_won"] = 1_000_000_000_000u64.into(),
            "won or lost more often",
        ),
        (
            "payments",
            &|v| v["results"]["total_payment"][0] = 5.into(),
            "do not sum to zero",
        ),
        (
            "length",
            &|v| {
                if let Some(a) = v["results"]["total_payment"].as_array_mut() {
                    a.push(0.into());
                }
            },
            "other lengths",
        ),
        (
            "wrapped",
            &|v| {
                v["results"]["total_payment"][0] = i64::MAX.into();
                v["results"]["total_payment"][1] = i64::MAX.into();
            },
            "overflow",
        ),
    ];
    for (name, edit, expect) in cases {
        let d = fresh(name);
        shards(&d, RUN);
        forge(&d, "s1.json", edit);
        refused(&d, expect);
    }
}

#[test]
fn compare_sums_that_do_not_hold_together_are_refused() {
    let d = fresh("compare-sums");
    shards(&d, &["compare", "alsos-3p", "--", "alsos-3p", "uhu", "--hands", "600"]);
    forge(&d, "s2.json", &|v| v["sums"]["all"]["payment"][0]["sum"][0] = 7.into());
    refused(&d, "do not sum to zero");
}

/// Item 13: other contract orders under one rules name were "of `X`, the first of `X`".
#[test]
fn reordered_contracts_are_named_as_such() {
    let d = fresh("reordered");
    shards(&d, RUN);
    forge(&d, "s2.json", &|v| {
        if let Some(a) = v["results"]["contracts"].as_array_mut() {
            a.swap(0, 1);
        }
    });
    refused(&d, "other contracts or figures than the first (or in another order)");
}

/// Item 13: `merge s1.json nosuch.json` underlined `s1.json` for the missing file.
#[test]
fn a_missing_shard_file_is_labelled_at_its_own_path() {
    let d = fresh("missing");
    shards(&d, RUN);
    let o = run_in(&d, &["merge", "s1.json", "nosuch.json"]);
    assert_eq!(o.status.code(), Some(1));
    // the label's column is that of `nosuch.json` on `kartya merge s1.json nosuch.json`
    assert!(err(&o).contains("<command line>:1:22"), "{}", err(&o));
}
