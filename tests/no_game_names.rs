//! No Rust file names a game's concept: takes every bundled variant (loaded through the library)
//! and the sources under src/, gives a failure for each word of a variant's names (suits,
//! contracts, figures and their aliases, meld rows, exchanges, callings, doublings and their
//! levels) that appears in code or a string literal, with comments and `#[cfg(test)]` items
//! stripped. The list comes from the files, so a new variant's names are checked at once.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::root;
use std::collections::{BTreeMap, BTreeSet};

/// Words that are a variant's names and also the language's or the engine's own general
/// vocabulary, each with the reason it may appear in Rust.
/// `kontra` is still the engine's word for a doubling (`Action::Kontra`, the record verb
/// `kontra game` of docs/records.md): the doubling part of issue 14 renames it.
const GENERAL: &[(&str, &str)] = &[(
    "kontra",
    "the record format's verb for a doubling (`kontra game`), docs/records.md",
)];

/// Folds case and the accents of the bundled files' languages, so that `bela` matches `béla`.
fn fold(s: &str) -> String {
    s.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'ő' => 'o',
            'ú' | 'ù' | 'û' | 'ü' | 'ű' => 'u',
            c => c,
        })
        .collect()
}

/// The strings of a model's JSON at the named keys (and inside their arrays and tuples).
fn names_at(v: &serde_json::Value, keys: &[&str], under_key: bool, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::String(s) if under_key => {
            out.insert(s.clone());
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| names_at(x, keys, under_key, out)),
        serde_json::Value::Object(o) => {
            for (k, x) in o {
                names_at(x, keys, keys.contains(&k.as_str()), out);
            }
        }
        _ => {}
    }
}

/// Every name of every bundled variant, split into its words (`béla-kassza`: `bela`, `kassza`),
/// folded, of at least three letters (rank codes and one-letter suit codes are not names).
fn game_words() -> BTreeMap<String, String> {
    let mut sources = kartya::source::SourceSet::default();
    let mut words = BTreeMap::new();
    for (file, loaded) in kartya::load::load_all_bundled(&mut sources) {
        let Some(v) = loaded.variant else { continue };
        let json = serde_json::to_value(&v).unwrap();
        let mut names = BTreeSet::new();
        for part in [
            "suits",
            "contracts",
            "figures",
            "melds",
            "exchanges",
            "calling",
            "doublings",
        ] {
            if let Some(x) = json.get(part) {
                names_at(x, &["name", "levels", "aliases"], false, &mut names);
            }
        }
        for name in names {
            for word in name.split(|c: char| !c.is_alphanumeric()) {
                let w = fold(word);
                if w.chars().count() >= 3 && w.chars().any(char::is_alphabetic) {
                    words.entry(w).or_insert_with(|| format!("{file}: `{name}`"));
                }
            }
        }
    }
    words
}

/// Source text with comments blanked (strings kept: help texts must not name games either).
fn strip_comments(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            out.push(c);
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(b[i]);
                    i += 1;
                }
                if let Some(&x) = b.get(i) {
                    out.push(x);
                }
                i += 1;
            }
            out.push('"');
            i += 1;
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            // a char literal such as '"' must not open a string
            out.push(' ');
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Blanks each item under `#[cfg(test)]` (up to its matching closing brace).
fn strip_tests(src: &str) -> String {
    let mut s = src.to_string();
    while let Some(at) = s.find("#[cfg(test)]") {
        let Some(open) = s[at..].find('{').map(|o| at + o) else {
            s.truncate(at);
            break;
        };
        let mut depth = 0;
        let mut end = s.len();
        for (i, c) in s[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        s.replace_range(at..end, "");
    }
    s
}

/// The words of code: identifiers split at `_` and at lower-to-upper case steps
/// (`meld_vannak`, `SAID_VANNAK`, `MeldCall::Vannak`), and the words of string literals.
fn code_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    for token in line.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        for part in token.split('_') {
            let mut word = String::new();
            let mut prev_lower = false;
            for c in part.chars() {
                if c.is_uppercase() && prev_lower {
                    words.push(fold(&word));
                    word.clear();
                }
                prev_lower = c.is_lowercase() || c.is_ascii_digit();
                word.push(c);
            }
            if !word.is_empty() {
                words.push(fold(&word));
            }
        }
    }
    words
}

fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_rust_file_names_a_games_concept() {
    let general: BTreeSet<&str> = GENERAL.iter().map(|(w, _)| *w).collect();
    let words = game_words();
    // the CLI's help names bundled files as its arguments (`kartya check alsos-3p uhu`)
    let bundled_files: BTreeSet<String> = kartya::bundled::all().map(|b| fold(b.name)).collect();
    // the list is real: the Alsós names are in it
    for expected in ["vannak", "bela", "kassza", "sibeles", "adu", "terc"] {
        assert!(
            words.contains_key(expected),
            "`{expected}` is a bundled name: {words:?}"
        );
    }
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let mut findings = Vec::new();
    for f in files {
        let text = strip_tests(&strip_comments(&std::fs::read_to_string(&f).unwrap()));
        let cli = f.ends_with("src/main.rs") || f.starts_with(root().join("src/cli"));
        for (n, line) in text.lines().enumerate() {
            for w in code_words(line) {
                let allowed = general.contains(w.as_str()) || (cli && bundled_files.contains(&w));
                if let (Some(from), false) = (words.get(&w), allowed) {
                    findings.push(format!(
                        "{}:{}: `{w}` ({from}): {}",
                        f.strip_prefix(root()).unwrap_or(&f).display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        findings.is_empty(),
        "game names in Rust (they belong in variants/):\n{}",
        findings.join("\n")
    );
}

/// The stripping keeps code and strings and drops comments and test modules.
#[test]
fn comments_and_test_modules_are_stripped() {
    let src = "let a = 1; // vannak\n/* béla */ let s = \"meld kvint\";\n#[cfg(test)]\nmod tests { fn f() { let x = \"{y}\"; } }\nfn after() {}\n";
    let s = strip_tests(&strip_comments(src));
    assert!(!s.contains("vannak") && !s.contains("béla"), "{s}");
    assert!(s.contains("meld kvint") && s.contains("fn after"), "{s}");
    assert!(!s.contains("mod tests"), "{s}");
    assert_eq!(
        code_words("MeldCall::Vannak SAID_VANNAK"),
        ["meld", "call", "vannak", "said", "vannak"]
    );
}
