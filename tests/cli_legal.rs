//! `kartya replay --legal` (issue 27's done-when): takes hand records, whole and stopped early,
//! gives the legal actions at a point in the record's notation (every recorded action among the
//! ones listed before it, the list the engine gives), the `--json` object, and the refusals: a
//! record that does not replay, a point beyond it, more than one record, `--at` without `--legal`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::record::{self, legal};
use kartya::source::{Origin, SourceSet};
use std::process::{Command, Output};

const ALSOS: &str = "tests/fixtures/records/random-alsos-3p.json";
const ASSZORTI: &str = "tests/fixtures/records/asszorti-ketto-kontra-talon.json";

fn kartya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kartya"))
        .args(args)
        .current_dir(common::root())
        .output()
        .expect("kartya runs")
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

fn legal_at(path: &str, text: &str, at: Option<usize>) -> legal::LegalAt {
    let mut sources = SourceSet::new();
    let id = sources.add(path, text, Origin::User);
    legal::legal_at(&mut sources, id, at)
}

/// A record with only its first `n` actions.
fn cut(path: &str, n: usize) -> String {
    let text = std::fs::read_to_string(common::root().join(path)).unwrap();
    let mut rec: record::Record = serde_json::from_str(&text).unwrap();
    rec.actions.truncate(n);
    record::to_json(&rec)
}

#[test]
fn every_recorded_action_is_among_the_legal_ones_listed_before_it() {
    for path in [ALSOS, ASSZORTI] {
        let text = std::fs::read_to_string(common::root().join(path)).unwrap();
        let rec: record::Record = serde_json::from_str(&text).unwrap();
        for (i, action) in rec.actions.iter().enumerate() {
            let l = legal_at(path, &text, Some(i));
            assert!(l.diags.is_empty(), "{path} at {i}");
            let listed = l.legal();
            assert!(listed.contains(action), "{path} at {i}: `{action}` not in {listed:?}");
            // the same list from the record stopped there
            let stopped = legal_at(path, &cut(path, i), None);
            assert_eq!(stopped.legal(), listed, "{path} at {i}");
            assert_eq!(stopped.seat(), l.seat());
            // one line each, the engine's own list
            let g = l.game.as_ref().unwrap();
            assert_eq!(listed.len(), g.legal_actions().len());
            assert_eq!(l.seat(), Some(g.to_act_seat()));
        }
        let end = legal_at(path, &text, None);
        assert!(
            end.legal().is_empty() && end.seat().is_none(),
            "{path}: over at its end"
        );
        assert_eq!(end.phase(), Some("over"));
    }
}

#[test]
fn the_cli_prints_the_actions_one_a_line_and_as_json() {
    let out = kartya(&["replay", ALSOS, "--legal", "--at", "11"]);
    assert_eq!(out.status.code(), Some(0));
    let printed = lines(&out);
    assert!(printed.contains(&"play zöld.O".to_string()), "{printed:?}");
    assert!(printed.iter().all(|l| l.starts_with("play ")), "{printed:?}");
    let json = kartya(&["replay", ALSOS, "--legal", "--at", "1", "--json"]);
    assert_eq!(json.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["record"], ALSOS);
    assert_eq!(v["at"], 1);
    assert_eq!(v["seat"], 1);
    assert_eq!(v["phase"], "front");
    let legal: Vec<&str> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert!(
        legal.contains(&"pass") && legal.contains(&"announce összes-adu"),
        "{legal:?}"
    );
    // at the end of a whole record: nothing legal
    let over = kartya(&["replay", ALSOS, "--legal", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&over.stdout).unwrap();
    assert_eq!((v["seat"].is_null(), v["phase"].as_str()), (true, Some("over")));
    assert_eq!(v["legal"].as_array().map(Vec::len), Some(0));
    let over = kartya(&["replay", ALSOS, "--legal"]);
    assert_eq!((over.status.code(), over.stdout.is_empty()), (Some(0), true));
}

#[test]
fn a_stopped_record_is_read_and_a_broken_one_gets_its_diagnostic() {
    let dir = std::env::temp_dir().join(format!("kartya-legal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stopped = dir.join("stopped.json");
    std::fs::write(&stopped, cut(ALSOS, 11)).unwrap();
    let stopped = stopped.to_string_lossy().to_string();
    let from_cut = kartya(&["replay", &stopped, "--legal"]);
    let from_whole = kartya(&["replay", ALSOS, "--legal", "--at", "11"]);
    assert_eq!(
        from_cut.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&from_cut.stderr)
    );
    assert_eq!(from_cut.stdout, from_whole.stdout);
    // the plain replay still refuses a record that stops early
    assert_eq!(kartya(&["replay", &stopped]).status.code(), Some(1));
    // an impossible action: the replay's own diagnostic
    let mut rec: record::Record = serde_json::from_str(&cut(ALSOS, 9)).unwrap();
    rec.actions.push("play makk.A".into());
    let broken = dir.join("broken.json");
    std::fs::write(&broken, record::to_json(&rec)).unwrap();
    let out = kartya(&["replay", &broken.to_string_lossy(), "--legal", "--at", "2"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        err.contains("kartya::illegal-action") && err.contains("action 9 by seat"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refusals_exit_with_their_codes() {
    let beyond = kartya(&["replay", ALSOS, "--legal", "--at", "36"]);
    assert_eq!(beyond.status.code(), Some(1));
    let err = String::from_utf8_lossy(&beyond.stderr);
    assert!(
        err.contains("kartya::out-of-range") && err.contains("from 0 to 35"),
        "{err}"
    );
    assert_eq!(
        kartya(&["replay", ALSOS, "--legal", "--at", "35"]).status.code(),
        Some(0)
    );
    assert_eq!(kartya(&["replay", ALSOS, ALSOS, "--legal"]).status.code(), Some(2));
    assert_eq!(kartya(&["replay", ALSOS, "--at", "3"]).status.code(), Some(2));
    assert_eq!(
        kartya(&["replay", ALSOS, "--legal", "--canonical"]).status.code(),
        Some(2)
    );
}
