//! Takes the statement table (`kartya::syntax::SPECS`) and docs/language.md, and checks that the
//! doc's statement list (between the `statement-list` markers) is the one the table gives: a table
//! per block, one row per statement with its syntax line and a link to its section. A statement
//! added, moved or respelt in the table fails here until the doc is regenerated:
//! `KARTYA_BLESS_DOCS=1 cargo test --test docs_reference` rewrites the list (read the diff).

mod common;

use kartya::syntax::spec::StmtSpec;
use kartya::syntax::SPECS;

const BEGIN: &str = "<!-- statement-list: generated from src/syntax/stmt_kind.rs by tests/docs_reference.rs; \
                     KARTYA_BLESS_DOCS=1 cargo test --test docs_reference rewrites it -->";
const END: &str = "<!-- end of statement-list -->";

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The doc's headings by anchor (the first of a name wins, as GitHub's does).
fn headings(doc: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut in_code = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let text = line.trim_start_matches('#').trim().to_string();
        let anchor = slug(&text);
        if !out.iter().any(|(a, _)| *a == anchor) {
            out.push((anchor, text));
        }
    }
    out
}

/// A table cell in code: `|` escaped so that it does not end the cell.
fn code(text: &str) -> String {
    format!("`{}`", text.replace('|', "\\|"))
}

fn row(s: &StmtSpec, heads: &[(String, String)], missing: &mut Vec<String>) -> String {
    let anchor = s.doc_anchor();
    let title = match heads.iter().find(|(a, _)| a == anchor) {
        Some((_, t)) => t.clone(),
        None => {
            missing.push(format!("{} -> #{anchor}", s.kind.name()));
            anchor.to_string()
        }
    };
    let name = if s.lead.is_empty() {
        "a row".to_string()
    } else {
        code(s.lead)
    };
    format!("| {name} | {} | [{title}](#{anchor}) |\n", code(s.syntax))
}

/// The statement list the table gives, between the markers.
fn generated(heads: &[(String, String)], missing: &mut Vec<String>) -> String {
    let mut out = String::new();
    out.push_str("\n\nThe file's header lines and its sections, in the grammar's order:\n\n");
    out.push_str("| statement | syntax | section |\n| --- | --- | --- |\n");
    for s in SPECS.iter().filter(|s| s.parents.is_empty()) {
        out.push_str(&row(s, heads, missing));
    }
    for block in SPECS.iter().filter(|s| s.block) {
        out.push_str(&format!("\nIn {}:\n\n", code(block.syntax)));
        out.push_str("| statement | syntax | section |\n| --- | --- | --- |\n");
        for s in SPECS.iter().filter(|s| s.parents.contains(&block.kind)) {
            out.push_str(&row(s, heads, missing));
        }
    }
    out.push('\n');
    out
}

#[test]
fn the_statement_list_is_the_statement_tables() {
    let path = common::root().join("docs/language.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (Some(begin), Some(end)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/language.md has no statement list between `{BEGIN}` and `{END}`");
    };
    let start = begin + BEGIN.len();
    let mut missing = Vec::new();
    let want = generated(&headings(&doc), &mut missing);
    assert!(
        missing.is_empty(),
        "sections the statement table links to are not in docs/language.md: {missing:?}"
    );
    let have = &doc[start..end];
    if have == want {
        return;
    }
    if std::env::var_os("KARTYA_BLESS_DOCS").is_some_and(|v| v == "1") {
        let new = format!("{}{want}{}", &doc[..start], &doc[end..]);
        std::fs::write(&path, new).unwrap();
        return;
    }
    let first = have
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or(have.lines().count().min(want.lines().count()));
    panic!(
        "docs/language.md's statement list differs from the statement table (first at line {first} of the list):\n\
         doc:   {:?}\ntable: {:?}\n\nrun `KARTYA_BLESS_DOCS=1 cargo test --test docs_reference` and read the diff",
        have.lines().nth(first),
        want.lines().nth(first),
    );
}

#[test]
fn anchors_are_the_ones_github_makes() {
    assert_eq!(slug("1. File structure"), "1-file-structure");
    assert_eq!(slug("Undertakings: numeric bids"), "undertakings-numeric-bids");
    assert_eq!(slug("bidding and ladder"), "bidding-and-ladder");
}
