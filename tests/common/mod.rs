//! Shared helpers for the integration tests: load bundled or fixture files the way the CLI does.
#![allow(dead_code)]

pub mod cli;
pub mod mutate;

use kartya::diag::Diag;
use kartya::load::Loaded;
use kartya::source::{FileId, Origin, SourceSet};
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every .kartya file under a directory, sorted.
pub fn kartya_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "kartya") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Adds an argument as the CLI would: a path under `base_dir` if such a file exists, else a bundled name.
pub fn add_arg(sources: &mut SourceSet, arg: &str, base_dir: &Path) -> Option<FileId> {
    let p = base_dir.join(arg);
    if p.is_file() {
        let text = std::fs::read_to_string(&p).ok()?;
        let name = p
            .strip_prefix(root())
            .unwrap_or(&p)
            .to_string_lossy()
            .replace('\\', "/");
        return Some(sources.add(name, text, Origin::User));
    }
    let b = kartya::bundled::find(arg)?;
    Some(sources.add(kartya::bundled::display_path(&b), b.text, Origin::Bundled))
}

/// Loads a base and house rules, by name or path.
pub fn load(args: &[&str], base_dir: &Path) -> (SourceSet, Loaded) {
    let mut sources = SourceSet::new();
    let ids: Vec<FileId> = args.iter().filter_map(|a| add_arg(&mut sources, a, base_dir)).collect();
    assert_eq!(ids.len(), args.len(), "every argument names a file: {args:?}");
    let loaded = kartya::load::load(&mut sources, ids[0], &ids[1..]);
    (sources, loaded)
}

pub fn render(diags: &[Diag], sources: &SourceSet) -> String {
    kartya::diag::render_plain(diags, sources, 100)
}

/// The compiled rules of these files or bundled names (files under the repository root); the
/// test fails on any diagnostic.
pub fn rules(args: &[&str]) -> std::sync::Arc<kartya::engine::Rules> {
    let (sources, loaded) = load(args, &root());
    assert!(loaded.diags.is_empty(), "{}", render(&loaded.diags, &sources));
    let variant = loaded
        .variant
        .unwrap_or_else(|| panic!("{}", render(&loaded.diags, &sources)));
    kartya::engine::Rules::new(variant).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The compiled rules of the fixture tests/fixtures/plays/NAME.kartya.
pub fn fixture_rules(name: &str) -> std::sync::Arc<kartya::engine::Rules> {
    rules(&[format!("tests/fixtures/plays/{name}.kartya").as_str()])
}

/// A count a long or ignored test reads from the environment (`KARTYA_LONG_HANDS=...`), or
/// `default` when it is unset or not a number.
pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
