//! Embeds every rules file under variants/ into the binary, so `kartya` works from any directory,
//! and gives the build an identity (`KARTYA_BUILD`): a hash of the sources that make the engine
//! (src/, grammar/, Cargo.lock), which shard outputs and records carry so that the outputs of two
//! builds are never merged as one run (the package version is the same in every commit).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The rules files under `dir` (sorted, recursively).
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut all = Vec::new();
    all_files(dir, &mut all);
    out.extend(all.into_iter().filter(|p| p.extension().is_some_and(|e| e == "kartya")));
}

/// Every file under `dir` (sorted, recursively), for the build hash.
fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            all_files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// FNV-1a of 64 bits over the names (relative to `root`) and contents of src/, grammar/ and
/// Cargo.lock: the same sources give the same hash on any machine.
fn build_hash(root: &Path) -> String {
    let mut files = Vec::new();
    all_files(&root.join("src"), &mut files);
    all_files(&root.join("grammar"), &mut files);
    files.push(root.join("Cargo.lock"));
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes.iter().chain(&[0]) {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for f in &files {
        let rel = f.strip_prefix(root).unwrap_or(f).to_string_lossy().replace('\\', "/");
        eat(rel.as_bytes());
        eat(&std::fs::read(f).unwrap_or_default());
    }
    format!("{h:016x}")
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    for watched in ["src", "grammar", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={watched}");
    }
    println!("cargo:rustc-env=KARTYA_BUILD={}", build_hash(&root));
    let variants = root.join("variants");
    println!("cargo:rerun-if-changed=variants");
    let mut files = Vec::new();
    collect(&variants, &mut files);
    let mut code = String::from(
        "/// Every bundled rules file: (path under variants/, text).\npub static BUNDLED: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        if let Some(parent) = f.parent() {
            println!("cargo:rerun-if-changed={}", parent.display());
        }
        let rel = f
            .strip_prefix(&variants)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        let _ = writeln!(code, "    ({:?}, include_str!({:?})),", rel, f.display().to_string());
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("bundled.rs");
    if let Err(e) = std::fs::write(&out, code) {
        println!("cargo:warning=cannot write {}: {e}", out.display());
    }
}
