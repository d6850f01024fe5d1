//! Takes every rules file of the repository (variants/, tests/fixtures/) and checks that the
//! model builder has a reader for each statement it meets: a block's reader reports a statement
//! it has no arm for as an internal error instead of skipping it, and between them the files
//! use every statement of the table, so every reader's arms are reached.

mod common;

use kartya::syntax::ast::Stmt;
use kartya::syntax::{StmtKind, SPECS};
use std::collections::BTreeSet;

fn kinds(stmts: &[Stmt], seen: &mut BTreeSet<&'static str>) {
    for s in stmts {
        seen.insert(s.kind.name());
        kinds(s.body.as_deref().unwrap_or(&[]), seen);
    }
}

#[test]
fn every_statement_has_a_reader_and_is_reached() {
    let root = common::root();
    let mut files = common::kartya_files(&root.join("variants"));
    files.extend(common::kartya_files(&root.join("tests/fixtures")));
    let mut seen = BTreeSet::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap_or(f).to_string_lossy().to_string();
        let text = std::fs::read_to_string(f).unwrap_or_default();
        if let Ok(ast) = kartya::syntax::parse(kartya::source::FileId(0), &text) {
            kinds(&ast.stmts, &mut seen);
        }
        let (sources, loaded) = common::load(&[rel.as_str()], &root);
        let internal: Vec<_> = loaded
            .diags
            .iter()
            .filter(|d| d.message.starts_with("internal error"))
            .cloned()
            .collect();
        assert!(internal.is_empty(), "{rel}:\n{}", common::render(&internal, &sources));
    }
    let unused: Vec<&str> = SPECS
        .iter()
        .map(|s| s.kind.name())
        .filter(|k| !seen.contains(k))
        .collect();
    assert!(
        unused.is_empty(),
        "no rules file under variants/ or tests/fixtures/ uses {unused:?}"
    );
    assert!(seen.contains(StmtKind::players_stmt.name()));
}
