//! Outputs that cannot lie (issue 28, items 7, 8, 9, 11, 13): records, CSV, report and saved
//! hands are written whole or not at all, never through a link nor into an unnamed folder, and
//! checked before the work; a run killed by SIGTERM leaves the previous state or a run marked
//! incomplete that `replay` refuses; `merge` refuses edited, inconsistent or other builds' shards.
//!
//! `KARTYA_TEST_BIN=/path/to/an/older/kartya` runs these tests against another binary (to see
//! them fail before the fixes).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    let path = std::env::var("KARTYA_TEST_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_kartya").to_string());
    let mut c = Command::new(path);
    c.env("NO_COLOR", "1");
    c
}

fn run_in(cwd: &Path, args: &[&str]) -> Output {
    match bin().current_dir(cwd).args(args).stdin(Stdio::null()).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run kartya: {e}"),
    }
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn fresh(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_output").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
    d
}

fn files(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Item 7: `--records ""` wrote into the working directory, over its manifest and hands.
#[test]
fn an_empty_records_path_is_refused() {
    let d = fresh("empty-path");
    std::fs::write(d.join("manifest.json"), "mine\n").unwrap_or_default();
    let o = run_in(&d, &["simulate", "alsos-3p", "--hands", "3", "--records", ""]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("kartya::bad-output"), "{}", err(&o));
    assert_eq!(files(&d), ["manifest.json"]);
    assert_eq!(
        std::fs::read_to_string(d.join("manifest.json")).unwrap_or_default(),
        "mine\n"
    );
}

/// Item 9: a dangling link given to `--csv` or `--save` was written through.
#[cfg(unix)]
#[test]
fn a_dangling_link_is_not_written_through() {
    let d = fresh("dangling");
    let _ = std::os::unix::fs::symlink(d.join("elsewhere.csv"), d.join("out.csv"));
    let o = run_in(
        &d,
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--hands", "4", "--csv", "out.csv",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("kartya::bad-output"), "{}", err(&o));
    assert!(!d.join("elsewhere.csv").exists());
    let _ = std::os::unix::fs::symlink(d.join("elsewhere.json"), d.join("hand.json"));
    let o = run_in(&d, &["play", "alsos-3p", "--save", "hand.json", "--bots", "random"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("kartya::bad-output"), "{}", err(&o));
    assert!(!d.join("elsewhere.json").exists());
}

/// Item 9: `--report --force` wrote through a linked `index.html` to a file outside the folder.
#[cfg(unix)]
#[test]
fn a_report_never_writes_outside_its_folder() {
    let d = fresh("report-link");
    std::fs::create_dir_all(d.join("study")).unwrap_or_default();
    std::fs::write(d.join("precious.txt"), "keep\n").unwrap_or_default();
    let _ = std::os::unix::fs::symlink(d.join("precious.txt"), d.join("study/index.html"));
    let args = [
        "compare", "alsos-3p", "--", "alsos-3p", "--hands", "4", "--report", "study", "--force",
    ];
    let o = run_in(&d, &args);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        std::fs::read_to_string(d.join("precious.txt")).unwrap_or_default(),
        "keep\n"
    );
    let index = std::fs::symlink_metadata(d.join("study/index.html")).map(|m| m.file_type().is_file());
    assert!(matches!(index, Ok(true)), "{index:?}");
}

/// Item 13: `play --save` into a folder that does not exist failed only after the whole hand.
#[test]
fn a_save_path_is_checked_before_the_hand() {
    let d = fresh("save-nowhere");
    let o = run_in(&d, &["play", "alsos-3p", "--save", "/nonexistent/x.json"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("kartya::bad-output"), "{}", err(&o));
    assert!(o.stdout.is_empty(), "{}", String::from_utf8_lossy(&o.stdout));
}

/// Item 8: a record of a run whose manifest does not say complete is refused by `replay`.
#[test]
fn replay_refuses_a_record_of_an_incomplete_run() {
    let d = fresh("incomplete");
    let o = run_in(&d, &["simulate", "alsos-3p", "--hands", "2", "--records", "hands"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let manifest = std::fs::read_to_string(d.join("hands/manifest.json")).unwrap_or_default();
    assert!(manifest.contains("\"complete\": true"), "{manifest}");
    assert_eq!(run_in(&d, &["replay", "hands/hand-000001.json"]).status.code(), Some(0));
    let marked = manifest.replace("\"complete\": true", "\"complete\": false");
    std::fs::write(d.join("hands/manifest.json"), marked).unwrap_or_default();
    let o = run_in(&d, &["replay", "hands/hand-000001.json"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("kartya::incomplete-run"), "{}", err(&o));
}

/// A delay from the clock's nanoseconds: `lo` to `hi` milliseconds.
fn random_ms(lo: u64, hi: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    lo + u64::from(nanos) % (hi - lo)
}

/// Starts the command in `cwd`, sends SIGTERM after a random delay, waits for it.
fn killed(cwd: &Path, args: &[&str]) {
    let mut child = match bin()
        .current_dir(cwd)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => panic!("cannot run kartya: {e}"),
    };
    std::thread::sleep(std::time::Duration::from_millis(random_ms(20, 900)));
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let _ = child.wait();
}

/// Item 8: SIGTERM at a random moment of `simulate --records`, `compare --csv` and `compare
/// --report` leaves the previous state (nothing), or a records folder marked incomplete.
#[cfg(unix)]
#[test]
fn a_killed_run_leaves_nothing_that_looks_complete() {
    for round in 0..4 {
        let d = fresh(&format!("killed-{round}"));
        killed(&d, &["simulate", "alsos-3p", "--hands", "3000", "--records", "hands"]);
        let manifest = std::fs::read_to_string(d.join("hands/manifest.json")).unwrap_or_default();
        let v: serde_json::Value = serde_json::from_str(&manifest).unwrap_or_default();
        let hands = files(&d.join("hands"))
            .iter()
            .filter(|f| f.starts_with("hand-"))
            .count();
        if v["complete"] == true {
            assert_eq!(hands, 3000, "a complete manifest beside {hands} hands");
        } else if !manifest.is_empty() {
            assert_eq!(v["complete"], false, "{manifest}");
            if hands > 0 {
                let o = run_in(&d, &["replay", "hands/hand-000000.json"]);
                assert!(err(&o).contains("kartya::incomplete-run"), "{}", err(&o));
            }
        }
        for f in files(&d.join("hands")) {
            if f.starts_with("hand-") {
                let text = std::fs::read_to_string(d.join("hands").join(&f)).unwrap_or_default();
                assert!(
                    serde_json::from_str::<serde_json::Value>(&text).is_ok(),
                    "{f} is partial"
                );
            }
        }

        killed(
            &d,
            &[
                "compare", "alsos-3p", "--", "alsos-3p", "--hands", "3000", "--csv", "rows.csv",
            ],
        );
        if let Ok(text) = std::fs::read_to_string(d.join("rows.csv")) {
            assert_eq!(text.lines().count(), 6001, "a CSV of {} lines", text.lines().count());
        }
        killed(
            &d,
            &[
                "compare", "alsos-3p", "--", "alsos-3p", "--hands", "3000", "--report", "study",
            ],
        );
        if let Ok(page) = std::fs::read_to_string(d.join("study/index.html")) {
            assert!(page.trim_end().ends_with("</html>"), "a partial page");
        }
    }
}
