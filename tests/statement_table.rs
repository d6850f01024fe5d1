//! Takes grammar/kartya.pest and the statement table (`kartya::syntax::SPECS`) and checks that
//! they say the same: every statement rule has one row, its lead keyword is the rule's first
//! keyword, it stands in the blocks whose statement group lists it, the sections are the
//! grammar's `section` rule in its order, and the header lines are the `header` rule's. A rule
//! added to the grammar without its row, or a row that no longer fits its rule, fails here.

mod common;

use kartya::syntax::{StmtKind, SPECS};
use std::collections::BTreeMap;

/// The grammar's rules, name to (silent, body), with comments taken out.
fn grammar_rules() -> BTreeMap<String, (bool, String)> {
    let text = std::fs::read_to_string(common::root().join("grammar/kartya.pest")).unwrap();
    let mut rules = BTreeMap::new();
    let mut current: Option<(String, bool, String, i32)> = None;
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        let depth = |s: &str| {
            let s = s.replace("\"{\"", "").replace("\"}\"", "");
            s.matches('{').count() as i32 - s.matches('}').count() as i32
        };
        if let Some((name, silent, mut body, d)) = current.take() {
            body.push(' ');
            body.push_str(line);
            let d = d + depth(line);
            if d <= 0 {
                rules.insert(name, (silent, body));
            } else {
                current = Some((name, silent, body, d));
            }
            continue;
        }
        let Some((name, rest)) = line.split_once('=') else {
            continue;
        };
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = rest.trim_start();
        let silent = rest.starts_with("_{");
        let Some(open) = rest.find('{') else { continue };
        let body = rest[open + 1..].to_string();
        let d = 1 + depth(&body);
        if d <= 0 {
            rules.insert(name.to_string(), (silent, body));
        } else {
            current = Some((name.to_string(), silent, body, d));
        }
    }
    rules
}

/// The rule names a rule's body mentions, in order.
fn idents(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_string = false;
    let mut word = String::new();
    for c in body.chars() {
        if c == '"' {
            in_string = !in_string;
        }
        if !in_string && (c.is_ascii_alphanumeric() || c == '_') {
            word.push(c);
        } else if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

fn is_statement_rule(name: &str) -> bool {
    ["_line", "_stmt", "_row", "_block"].iter().any(|s| name.ends_with(s))
}

#[test]
fn every_statement_rule_of_the_grammar_has_its_row() {
    let rules = grammar_rules();
    let statement_rules: Vec<&String> = rules
        .iter()
        .filter(|(n, (silent, _))| !silent && is_statement_rule(n))
        .map(|(n, _)| n)
        .collect();
    assert!(
        statement_rules.len() >= 100,
        "read only {} statement rules",
        statement_rules.len()
    );
    for name in &statement_rules {
        let rows = SPECS.iter().filter(|s| s.kind.name() == name.as_str()).count();
        assert_eq!(rows, 1, "grammar rule {name} has {rows} rows in the statement table");
    }
    for s in SPECS {
        assert!(
            statement_rules.iter().any(|n| n.as_str() == s.kind.name()),
            "row {} is no statement rule of the grammar",
            s.kind.name()
        );
    }
}

#[test]
fn each_row_fits_its_grammar_rule() {
    let rules = grammar_rules();
    let keyword = |rule: &str| -> Option<String> {
        let body = &rules.get(rule)?.1;
        let start = body.find('"')? + 1;
        Some(body[start..start + body[start..].find('"')?].to_string())
    };
    for s in SPECS {
        let name = s.kind.name();
        let body = &rules[name].1;
        let first = idents(body).into_iter().next().unwrap_or_default();
        let lead = if first.starts_with("kw_") {
            keyword(&first).unwrap_or_default()
        } else {
            String::new()
        };
        assert_eq!(s.lead, lead, "{name}: the lead keyword");
        assert_eq!(s.block, name.ends_with("_block"), "{name}: block or line");
        assert_eq!(
            s.block,
            s.syntax.ends_with("{ ... }"),
            "{name}: the syntax line of a block ends in `{{ ... }}`"
        );
        assert!(
            s.lead.is_empty() || s.syntax.starts_with(s.lead),
            "{name}: the syntax line starts with `{}`",
            s.lead
        );
        assert!(
            s.parents.iter().all(|p| p.spec().block),
            "{name}: stands only in blocks"
        );
        assert!(!s.doc_anchor().is_empty(), "{name}: no section in docs/language.md");
    }
}

#[test]
fn the_rows_stand_where_the_grammar_puts_them() {
    let rules = grammar_rules();
    // a block's body names its statement group (`(gap ~ game_stmt)*`), silent or a single rule
    let mut parents: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for s in SPECS.iter().filter(|s| s.block) {
        let body = &rules[s.kind.name()].1;
        let ids = idents(body);
        let group = ids
            .iter()
            .skip_while(|i| *i != "gap")
            .nth(1)
            .cloned()
            .unwrap_or_default();
        let members = match rules.get(&group) {
            Some((true, g)) => idents(g),
            _ => vec![group],
        };
        for m in members {
            parents.entry(m).or_default().push(s.kind.name().to_string());
        }
    }
    for s in SPECS {
        let mut want = parents.get(s.kind.name()).cloned().unwrap_or_default();
        let mut have: Vec<String> = s.parents.iter().map(|p| p.name().to_string()).collect();
        want.sort();
        have.sort();
        assert_eq!(have, want, "{}: the blocks it stands in", s.kind.name());
    }
    let sections = idents(&rules["section"].1);
    let rows: Vec<&str> = SPECS.iter().filter(|s| s.is_section()).map(|s| s.kind.name()).collect();
    assert_eq!(rows, sections, "the sections, in the grammar's order");
    let header: Vec<String> = idents(&rules["header"].1)
        .into_iter()
        .filter(|i| is_statement_rule(i))
        .collect();
    let rows: Vec<&str> = SPECS.iter().filter(|s| s.header).map(|s| s.kind.name()).collect();
    assert_eq!(rows, header, "the header lines");
}

#[test]
fn a_kind_names_its_own_row() {
    for s in SPECS {
        assert_eq!(s.kind.spec().kind, s.kind);
        assert!(StmtKind::variant_line.spec().header);
    }
}
