//! The `kartya` binary as a Unix tool: a closed stdout ends every command quietly, input is read
//! with a bound and bad paths get their own message, a byte-order mark is accepted, counts that
//! make no sense are usage errors, `--records` never mixes two runs, and the outputs meant for
//! scripts (`check --json`, `explain --code`, `--help`) say what they should.

mod common;

use common::cli::*;
use std::path::PathBuf;
use std::process::Stdio;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kartya-unix-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

const RECORD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/records/random-alsos-3p.json"
);

/// Runs the command with stdout a pipe whose reading end is closed before the command writes.
fn closed_stdout(args: &[&str]) -> (i32, String) {
    let mut child = match bin().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn() {
        Ok(c) => c,
        Err(e) => panic!("cannot run kartya: {e}"),
    };
    drop(child.stdout.take());
    match child.wait_with_output() {
        Ok(o) => (code(&o), stderr(&o)),
        Err(e) => panic!("cannot wait for kartya: {e}"),
    }
}

#[test]
fn every_command_exits_quietly_on_a_closed_stdout() {
    let commands: &[&[&str]] = &[
        &["list"],
        &["list", "--json"],
        &["check", "alsos-3p"],
        &["check", "--all"],
        &["check", "alsos-3q", "--json"],
        &["explain", "alsos-3p"],
        &["explain", "alsos-3p", "--json"],
        &["explain", "--code", "kartya::conflict"],
        &["replay", RECORD],
        &["replay", RECORD, "--json"],
        &["replay", RECORD, "--canonical"],
        &["simulate", "alsos-3p", "--hands", "20"],
        &["simulate", "alsos-3p", "--hands", "20", "--json"],
        &["--help"],
        &["simulate", "--help"],
    ];
    for args in commands {
        for _ in 0..8 {
            let (c, err) = closed_stdout(args);
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            assert!(c == 0 || c == 1, "{args:?}: exit {c}\n{err}");
        }
    }
}

#[test]
fn input_is_read_with_a_bound_and_bad_paths_say_what_is_wrong() {
    // /dev/zero never ends: the limit must hold while reading, not after
    let start = std::time::Instant::now();
    let o = kartya(&["check", "/dev/zero"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("kartya::too-large"), "{}", stderr(&o));
    let o = kartya(&["replay", "/dev/zero"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("kartya::too-large"), "{}", stderr(&o));
    assert!(
        start.elapsed().as_secs() < 10,
        "reading /dev/zero took {:?}",
        start.elapsed()
    );

    let dir = temp("paths");
    let _ = std::fs::create_dir_all(&dir);
    let d = dir.to_string_lossy().to_string();
    for cmd in ["check", "replay"] {
        let o = kartya(&[cmd, &d]);
        assert_eq!(code(&o), 1, "{cmd}");
        assert!(stderr(&o).contains("is a directory"), "{cmd}: {}", stderr(&o));
        let missing = format!("{d}/none.kartya");
        let o = kartya(&[cmd, &missing]);
        assert_eq!(code(&o), 1, "{cmd}");
        assert!(
            stderr(&o).contains("no such file") && stderr(&o).contains("kartya::unreadable"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn a_byte_order_mark_is_accepted_and_spans_stay_right() {
    let dir = temp("bom");
    let _ = std::fs::create_dir_all(&dir);
    let f = dir.join("bom.kartya");
    let _ = std::fs::write(
        &f,
        "\u{feff}house-rules bom \"written by Notepad\" extends alsos-3p\ncontract betli {\n  value 10\n}\n",
    );
    let o = kartya(&["check", &f.to_string_lossy()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // an error on line 3 is still reported at line 3, column 3
    let _ = std::fs::write(
        &f,
        "\u{feff}house-rules bom \"written by Notepad\" extends alsos-3p\ncontract betli {\n  valeu 10\n}\n",
    );
    let o = kartya(&["check", &f.to_string_lossy()]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("bom.kartya:3:3"), "{}", stderr(&o));
    // a record too
    let rec = dir.join("bom.json");
    let text = std::fs::read_to_string(RECORD).unwrap_or_default();
    let _ = std::fs::write(&rec, format!("\u{feff}{text}"));
    let o = kartya(&["replay", &rec.to_string_lossy()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn counts_that_make_no_sense_are_usage_errors() {
    for args in [
        ["--threads", "0"],
        ["--threads", "100000"],
        ["--threads", "-1"],
        ["--hands", "0"],
        ["--hands", "-1"],
        ["--hands", "99999999999"],
    ] {
        let mut all = vec!["simulate", "alsos-3p"];
        all.extend(args);
        let o = kartya(&all);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("is not in 1..="), "{args:?}: {}", stderr(&o));
    }
    let dir = temp("too-many-records");
    let o = kartya(&[
        "simulate",
        "alsos-3p",
        "--hands",
        "200000",
        "--records",
        &dir.to_string_lossy(),
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(!dir.exists(), "nothing is written when the run is refused");
}

#[test]
fn records_refuse_a_folder_in_use_and_carry_seed_and_hand() {
    let dir = temp("records");
    let d = dir.to_string_lossy().to_string();
    let run = |hands: &str, force: bool| {
        let mut a = vec!["simulate", "alsos-3p", "--hands", hands, "--seed", "7", "--records", &d];
        if force {
            a.push("--force");
        }
        kartya(&a)
    };
    assert_eq!(code(&run("5", false)), 0);
    let o = run("3", false);
    // a user error (the folder holds a run already), not a usage error: kartya::output-exists
    assert_eq!(code(&o), 1, "a second run into the same folder is refused");
    assert!(stderr(&o).contains("kartya::output-exists"), "{}", stderr(&o));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    let o = run("3", true);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "hand-000000.json",
            "hand-000001.json",
            "hand-000002.json",
            "manifest.json"
        ],
        "the old run's hands are gone"
    );
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap_or_default()).unwrap_or_default();
    assert_eq!(manifest["seed"], 7);
    assert_eq!(manifest["hands"], 3);
    assert_eq!(manifest["rules"][0], "alsos-3p");
    assert_eq!(manifest["kartya"], env!("CARGO_PKG_VERSION"));
    let rec: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("hand-000002.json")).unwrap_or_default()).unwrap_or_default();
    assert_eq!(rec["seed"], 7);
    assert_eq!(rec["hand"], 2);
    // and a record with them replays
    let o = kartya(&["replay", &dir.join("hand-000002.json").to_string_lossy()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn fmt_takes_paths_not_bundled_names() {
    let o = kartya(&["fmt", "uhu"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("kartya::not-a-path") && stderr(&o).contains("takes paths"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn check_json_gives_code_place_and_help_in_characters() {
    let dir = temp("check-json");
    let _ = std::fs::create_dir_all(&dir);
    let f = dir.join("x.kartya");
    // the bad word `take` follows a two-byte letter: it is character 20 of line 2 (byte 21)
    let _ = std::fs::write(
        &f,
        "house-rules x \"ő\" extends alsos-3p\nexchange síbelés { take top-card }\n",
    );
    let o = kartya(&["check", "--json", &f.to_string_lossy()]);
    assert_eq!(code(&o), 1);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    assert_eq!(v["ok"], false);
    let d = &v["diagnostics"][0];
    for key in ["code", "severity", "message", "file", "line", "column", "help"] {
        assert!(!d[key].is_null(), "{key} missing in {d}");
    }
    assert_eq!(d["code"], "kartya::syntax");
    assert_eq!(d["severity"], "error");
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(2), Some(20)), "{d}");
    let o = kartya(&["check", "--json", "alsos-3p"]);
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    assert_eq!(v["ok"], true);
    assert_eq!(v["diagnostics"].as_array().map(Vec::len), Some(0));
}

#[test]
fn every_code_has_a_page_that_explain_prints() {
    for c in kartya::diag::Code::ALL {
        let o = kartya(&["explain", "--code", c.as_str()]);
        assert_eq!(code(&o), 0, "{} has no page in docs/diagnostics.md", c.as_str());
        let page = stdout(&o);
        assert!(page.starts_with(&format!("## `{}`", c.as_str())), "{page}");
        assert!(
            page.contains("```text") && page.contains("What to do"),
            "{}: {page}",
            c.as_str()
        );
        assert!(!page.contains("\n## "), "{}: the page runs into the next", c.as_str());
    }
    assert_eq!(code(&kartya(&["explain", "--code", "conflict"])), 0);
    assert_eq!(code(&kartya(&["explain", "--code", "kartya::nonsense"])), 2);
}

#[test]
fn every_subcommand_help_says_what_it_does_with_an_example() {
    for sub in ["list", "check", "explain", "replay", "simulate", "fmt", "show"] {
        let o = kartya(&[sub, "--help"]);
        assert_eq!(code(&o), 0);
        let h = stdout(&o);
        assert!(
            h.contains("Example") && h.contains(&format!("kartya {sub}")),
            "{sub}: {h}"
        );
    }
}

#[test]
fn list_has_a_kind_column_sorted_bases_first() {
    let o = kartya(&["list"]);
    assert_eq!(code(&o), 0);
    let kinds: Vec<&str> = stdout(&o)
        .lines()
        .map(|l| {
            if l.contains("  club example  ") {
                "club example"
            } else if l.contains("  house rule  ") {
                "house rule"
            } else if l.contains("  base  ") {
                "base"
            } else {
                "none"
            }
        })
        .collect();
    assert!(!kinds.contains(&"none"), "a line without a kind:\n{}", stdout(&o));
    let first = |k: &str| kinds.iter().position(|x| *x == k);
    let last = |k: &str| kinds.iter().rposition(|x| *x == k);
    assert!(last("base") < first("house rule") && last("house rule") < first("club example"));
    assert!(first("club example").is_some() && first("base") == Some(0));
}

/// Replays the fixture record; the JSON sheet names things and has one entry per seat, with
/// exactly the keys docs/sheet.schema.json lists.
#[test]
fn replay_json_follows_its_schema() {
    let schema: serde_json::Value = serde_json::from_slice(
        &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/sheet.schema.json")).unwrap_or_default(),
    )
    .unwrap_or_default();
    let keys = |v: &serde_json::Value| -> Vec<String> {
        let mut k: Vec<String> = v["properties"]
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        k.sort();
        k
    };
    let sheet_schema = &schema["$defs"]["sheet"];
    let o = kartya(&["replay", RECORD, "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    let entry = &v[0];
    let sheet = &entry["sheet"];
    let have = |x: &serde_json::Value| -> Vec<String> {
        let mut k: Vec<String> = x.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();
        k.sort();
        k
    };
    // `claim` is only in a hand with a claim (the fixture record has none)
    let always: Vec<String> = keys(sheet_schema).into_iter().filter(|k| k != "claim").collect();
    assert_eq!(have(sheet), always, "{sheet}");
    assert!(sheet["contract"].is_string(), "the contract by name: {sheet}");
    let seats = sheet["seats"].as_array().cloned().unwrap_or_default();
    assert_eq!(seats.len(), 3, "one entry per seat of alsos-3p, not padded");
    let seat_schema = &sheet_schema["properties"]["seats"]["items"];
    for s in &seats {
        // the required keys, and the optional `bid` (a hand with undertakings) only from the schema
        let (have_it, known) = (have(s), keys(seat_schema));
        let required: Vec<String> = seat_schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(|x| x.as_str().map(String::from)).collect())
            .unwrap_or_default();
        assert!(required.iter().all(|k| have_it.contains(k)), "{s}");
        assert!(have_it.iter().all(|k| known.contains(k)), "{s}");
        assert!(s.get("bid").is_none(), "alsos-3p has no undertakings: {s}");
    }
    let items = sheet["items"].as_array().cloned().unwrap_or_default();
    assert!(!items.is_empty());
    let item_schema = &sheet_schema["properties"]["items"]["items"];
    let mut required: Vec<String> = item_schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(|x| x.as_str().map(String::from)).collect())
        .unwrap_or_default();
    required.sort();
    for it in &items {
        // the required keys, and optional ones (overtricks, deducted) only from the schema
        let (have_it, known) = (have(it), keys(item_schema));
        assert!(required.iter().all(|k| have_it.contains(k)), "{it}");
        assert!(have_it.iter().all(|k| known.contains(k)), "{it}");
        assert!(
            it["name"].is_string() && it["pay"].as_array().map(Vec::len) == Some(3),
            "{it}"
        );
    }
    let paid: i64 = seats.iter().filter_map(|s| s["payment"].as_i64()).sum();
    assert_eq!(paid, 0);
}

/// The text sheet: each `seat N` header ends where its column's numbers end.
#[test]
fn sheet_headers_stand_over_their_columns() {
    let o = kartya(&["replay", RECORD]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let header = lines
        .iter()
        .find(|l| l.trim_start().starts_with("seat 0"))
        .copied()
        .unwrap_or("");
    let ends: Vec<usize> = header.match_indices("seat ").map(|(i, _)| i + "seat 0".len()).collect();
    assert_eq!(ends.len(), 3, "{out}");
    for l in lines
        .iter()
        .filter(|l| l.starts_with("tricks") || l.starts_with("total"))
    {
        let chars: Vec<char> = l.chars().collect();
        for e in &ends {
            let at = chars.get(e - 1).copied().unwrap_or(' ');
            let after = chars.get(*e).copied().unwrap_or(' ');
            assert!(
                at.is_ascii_digit() && after == ' ',
                "column ending at {e} in `{l}`\n{out}"
            );
        }
    }
}

#[test]
fn a_contract_without_a_declarer_shows_no_declarer_share() {
    let o = kartya(&["simulate", "alsos-3p", "--hands", "3000", "--seed", "3"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let klop: Vec<&str> = out.lines().filter(|l| l.starts_with("klopitzky")).collect();
    assert_eq!(klop.len(), 1, "{out}");
    assert_eq!(klop[0].matches('%').count(), 1, "the share only: {out}");
}

/// The CLI's own diagnostics (they point into the command line, so the fixture files of
/// tests/diagnostics.rs cannot produce them) as the user sees them.
#[test]
fn command_line_diagnostics_render_as_snapshots() {
    for (name, args) in [
        ("not-a-path", &["fmt", "uhu"][..]),
        ("too-large", &["check", "/dev/zero"][..]),
        ("is-a-directory", &["check", "/"][..]),
        ("no-such-file", &["replay", "no/such/record.json"][..]),
    ] {
        let o = kartya(args);
        insta::with_settings!({ snapshot_path => "snapshots/cli", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(name, stderr(&o));
        });
    }
}

/// A folder in the working directory does not hide a bundled name: `kartya check alsos-3p uhu`
/// beside a folder `uhu` is the bundled uhu; a folder no bundled name matches is a path.
#[test]
fn a_folder_does_not_hide_a_bundled_name() {
    let d = temp("folder-named-uhu");
    std::fs::create_dir_all(d.join("uhu")).unwrap();
    std::fs::create_dir_all(d.join("my-rules")).unwrap();
    let o = bin()
        .current_dir(&d)
        .args(["check", "alsos-3p", "uhu"])
        .output()
        .unwrap();
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = bin().current_dir(&d).args(["check", "my-rules"]).output().unwrap();
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}
