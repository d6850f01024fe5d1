//! Embeds every rules file under variants/ into the binary, so `kartya` works from any directory.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "kartya") {
            out.push(p);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
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
