//! Every failing fixture under tests/fixtures/diagnostics renders to a snapshot (plain text, no
//! colour, fixed width). Each fixture's first line says which code it must produce
//! (`# expect: kartya::...`; a hand record says it in its `note`), and every diagnostic code
//! has at least one fixture.

mod common;

use common::*;
use kartya::diag::Code;
use std::collections::BTreeSet;

fn expected_code(text: &str) -> Option<String> {
    if text.trim_start().starts_with(['{', '[']) {
        // a hand record: its `note` says what it expects (read as text: the record may be broken)
        let note = text.split("\"note\": \"").nth(1)?.split('"').next()?;
        // the code is the first word; a citation may follow it
        return note
            .strip_prefix("expect: ")
            .and_then(|s| s.split_whitespace().next())
            .map(str::to_string);
    }
    text.lines()
        .next()?
        .strip_prefix("# expect: ")
        .map(|s| s.trim().to_string())
}

/// Codes proved by the CLI tests (tests/cli.rs) rather than by a fixture file.
/// (The shard codes: tests/cli_shard.rs, on shard outputs that it writes; the compare codes:
/// tests/cli_compare.rs.)
const CLI_CODES: &[Code] = &[
    Code::Unreadable,
    Code::NotAPath,
    Code::NotAShard,
    Code::ShardMismatch,
    Code::Incomparable,
    Code::OutputExists,
    Code::BadOutput,
    Code::IncompleteRun,
];

#[test]
fn every_fixture_fails_with_its_expected_code() {
    let dir = root().join("tests/fixtures/diagnostics");
    let mut covered: BTreeSet<String> = BTreeSet::new();
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let Some(expect) = expected_code(&text) else {
            continue;
        };
        if !expect.starts_with("kartya::") {
            continue; // a helper file used by an .args fixture
        }
        let file_name = path
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default();
        let args: Vec<String> = if file_name.ends_with(".args") {
            text.lines()
                .nth(1)
                .unwrap_or("")
                .split_whitespace()
                .map(str::to_string)
                .collect()
        } else {
            vec![file_name.clone()]
        };
        let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let is_warning = Code::ALL.iter().any(|c| c.is_warning() && c.as_str() == expect);
        let (sources, diags) = if file_name.ends_with(".json") {
            let mut sources = kartya::source::SourceSet::new();
            let name = format!("tests/fixtures/diagnostics/{file_name}");
            let id = sources.add(name, text.clone(), kartya::source::Origin::User);
            // a record for `kartya solve` names its position in the note: `from N`
            let diags = if expect == "kartya::solve-position" {
                let from = text
                    .split(" from ")
                    .nth(1)
                    .and_then(|s| s.split_whitespace().next())
                    .and_then(|n| n.parse().ok());
                kartya::record::position::position(&mut sources, id, from).diags
            } else {
                kartya::record::replay(&mut sources, id).diags
            };
            (sources, diags)
        } else {
            let (sources, loaded) = load(&arg_refs, &dir);
            if !is_warning {
                assert!(
                    loaded.variant.is_none(),
                    "{file_name}: an error fixture must not build a variant"
                );
            }
            (sources, loaded.diags)
        };
        let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
        assert!(
            codes.contains(&expect.as_str()),
            "{file_name}: expected {expect}, got {codes:?}"
        );
        for d in &diags {
            assert!(!d.labels.is_empty(), "{file_name}: {} has no labelled span", d.code);
            assert!(d.help.is_some(), "{file_name}: {} has no help", d.code);
            let loc = d.location(&sources);
            assert!(
                loc.matches(':').count() >= 2,
                "{file_name}: location {loc} is not file:line:column"
            );
        }
        covered.insert(expect);
        let rendered = render(&diags, &sources);
        let snap = file_name.replace('.', "_");
        insta::with_settings!({ snapshot_path => "snapshots/diagnostics", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(snap, rendered);
        });
    }
    for code in Code::ALL {
        if CLI_CODES.contains(code) {
            continue;
        }
        assert!(
            covered.contains(code.as_str()),
            "diagnostic code {} has no fixture under tests/fixtures/diagnostics",
            code.as_str()
        );
    }
}

#[test]
fn diagnostics_are_lowercase_one_line_messages() {
    let dir = root().join("tests/fixtures/diagnostics");
    for path in kartya_files(&dir) {
        let name = path
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if !expected_code(&text).is_some_and(|c| c.starts_with("kartya::")) {
            continue;
        }
        let (_, loaded) = load(&[name.as_str()], &dir);
        for d in &loaded.diags {
            assert!(!d.message.contains('\n'), "{name}: multi-line message: {}", d.message);
            let first = d.message.chars().next().unwrap_or('a');
            assert!(
                !first.is_uppercase(),
                "{name}: message starts with a capital: {}",
                d.message
            );
        }
    }
}

/// The `file:line:col` header and the box's `[file:line:col]` are one position, counted in
/// characters, also on a line with accented letters (miette alone counts the box's in bytes).
#[test]
fn header_and_box_agree_on_accented_lines() {
    let text = "house-rules broken \"x\" extends alsos-3p\ncontract adu {\n  exchange síbelés extra\n}\n";
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add("accented.kartya", text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    let rendered = render(&loaded.diags, &sources);
    let header = rendered.lines().next().unwrap_or("").to_string();
    // `  exchange síbelés ` is 19 characters (21 bytes): `extra` is at column 20
    assert_eq!(header, "accented.kartya:3:20");
    assert!(
        rendered.contains(&format!("[{header}]")),
        "the box names another position:\n{rendered}"
    );
}

/// A base whose deck no longer declares a rank that the rest of the file uses: the real
/// errors (each use of the rank), in line order, and no follow-on "figure has no condition"
/// for the figures whose `when` line was already reported.
#[test]
fn a_removed_rank_gives_the_real_errors_in_line_order() {
    let base = kartya::bundled::find("alsos-3p").map(|b| b.text).unwrap_or_default();
    let rank_line = base
        .lines()
        .find(|l| l.trim_start().starts_with("rank ") && l.trim_end().ends_with(" 7"));
    let Some(rank_line) = rank_line else {
        panic!("alsos-3p declares a rank with code 7");
    };
    let text = base.replacen(&format!("{rank_line}\n"), "", 1);
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add("no-seven.kartya", text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    assert!(loaded.has_errors());
    let lines: Vec<usize> = loaded
        .diags
        .iter()
        .map(|d| {
            let start = d.labels.first().map_or(0, |l| l.span.start);
            sources.line_col(d.file, start).0
        })
        .collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted, "diagnostics out of line order");
    let follow_ons: Vec<&str> = loaded
        .diags
        .iter()
        .filter(|d| matches!(d.code, Code::Missing | Code::FigureNowhere))
        .map(|d| d.message.as_str())
        .collect();
    assert!(follow_ons.is_empty(), "follow-on errors: {follow_ons:?}");
}
