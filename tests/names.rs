//! Names that almost match, on the paths the diagnostics fixtures do not reach: a bare CLI name
//! with a local file of that name, a resolver reused across loads (the cached trees keep their
//! overlay misses), and side-by-side house rules.

mod common;

use kartya::diag::Code;
use kartya::source::{Origin, SourceSet};
use std::process::Command;

fn kartya_in(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    match Command::new(env!("CARGO_BIN_EXE_kartya"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
    {
        Ok(o) => (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stderr).to_string(),
        ),
        Err(e) => panic!("cannot run kartya: {e}"),
    }
}

/// A fresh directory under the target dir, for files the CLI finds beside it.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("cannot create {}: {e}", dir.display());
    }
    dir
}

const CLUB: &str = "house-rules budapest-1942 \"the club\" extends alsos-3p\n";

#[test]
fn a_bare_name_of_a_local_file_says_give_the_path() {
    let dir = scratch("names-local-file");
    if let Err(e) = std::fs::write(dir.join("budapest-1942.kartya"), CLUB) {
        panic!("cannot write: {e}");
    }
    let (code, err) = kartya_in(&dir, &["check", "budapest-1942"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("kartya::unknown-variant"), "{err}");
    // (the help wraps at 100 columns)
    let help = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("give the path, e.g. `./budapest-1942.kartya`"), "{err}");
    // a local file is never taken for a typo of a bundled name
    assert!(!err.contains("did you mean"), "{err}");
    // and the path works
    let (code, err) = kartya_in(&dir, &["check", "./budapest-1942.kartya"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_bare_name_far_from_every_bundled_one_gets_no_suggestion() {
    let dir = scratch("names-far");
    let (code, err) = kartya_in(&dir, &["check", "nosuch-club"]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("did you mean"), "{err}");
    assert!(err.contains("nosuch-club.kartya`"), "{err}");
    let (_, err) = kartya_in(&dir, &["check", "alsos-3q"]);
    assert!(err.contains("did you mean `alsos-3p`?"), "{err}");
}

fn misses_in(loaded: &kartya::load::Loaded) -> usize {
    loaded.diags.iter().filter(|d| d.code == Code::UnknownName).count()
}

#[test]
fn a_reused_resolver_reports_the_misses_of_a_cached_tree_again() {
    let mut sources = SourceSet::new();
    let text = format!("{CLUB}remove figure volat\n");
    let id = sources.add("club.kartya", text, Origin::User);
    let mut r = kartya::resolve::Resolver::new(&mut sources);
    let first = kartya::load::load_with(&mut r, id, &[]);
    let second = kartya::load::load_with(&mut r, id, &[]);
    assert_eq!(misses_in(&first), 1);
    assert_eq!(
        misses_in(&second),
        1,
        "the second load reuses the tree and must not lose the miss"
    );
    assert!(second.variant.is_none());
}

#[test]
fn a_side_by_side_house_rule_is_checked_against_the_base() {
    let mut sources = SourceSet::new();
    let b = kartya::bundled::find("alsos-3p").map(|b| (kartya::bundled::display_path(&b), b.text));
    let Some((path, text)) = b else {
        panic!("alsos-3p is bundled")
    };
    let base = sources.add(path, text, Origin::Bundled);
    let club = sources.add(
        "club.kartya",
        format!("{CLUB}exchange sibeles {{\n  take none\n}}\n"),
        Origin::User,
    );
    let loaded = kartya::load::load(&mut sources, base, &[club]);
    let help: Vec<String> = loaded.diags.iter().filter_map(|d| d.help.clone()).collect();
    assert!(help.iter().any(|h| h.contains("did you mean `síbelés`?")), "{help:?}");
    assert!(loaded.variant.is_none());
}
