//! `remove` takes the references with it: takes a resolved tree, the names its house rules
//! remove (`remove contract szanzadu`) and the model's "unknown name" errors, gives the tree with
//! each reference to a removed name taken out where that can be done without guessing, and one
//! diagnostic for the references that cannot.
//!
//! A reference the model found unknown (its word is a removed name) is taken out:
//! - with its whole statement when the name is part of the statement's address (`when
//!   szanzadu: ...`, `alias szanzadu nyolcvanas`): the row is about the removed thing;
//! - as one word of a list (a statement whose syntax has `NAME ...`: `in adu szanzadu`, `ladder
//!   bids ... szanzadu`, `figure-ladder`, `levels`, `game-includes`), leaving the rest of the list.
//!
//! Any other reference (`all-pass szanzadu`: what would follow all passes?) is left, and every
//! such line is named in one diagnostic at the `remove` line, with how to restate each.

use super::{address_text, key_len, short, RuleTree};
use crate::diag::{Code, Diag};
use crate::source::SourceSet;
use crate::syntax::ast::Stmt;
use std::sync::Arc;

/// The removed names (`remove KIND NAME`), with the remove line's file and span.
fn removed(tree: &RuleTree) -> Vec<(&str, &str, crate::source::FileId, crate::syntax::ast::Span)> {
    tree.removes
        .iter()
        .filter(|r| !r.is_statement() && r.addr.len() == 2)
        .map(|r| (r.addr[0].as_str(), r.addr[1].as_str(), r.file, r.span))
        .collect()
}

/// The text under a diagnostic's primary label, if the diagnostic is an unknown name.
fn unknown_word<'s>(d: &Diag, sources: &'s SourceSet) -> Option<(crate::syntax::ast::Span, &'s str)> {
    if d.code != Code::UnknownName {
        return None;
    }
    let l = d.labels.iter().find(|l| l.file == d.file)?;
    Some((l.span, sources.text(d.file).get(l.span.start..l.span.end)?))
}

/// A statement whose words after its key are a list of names (its syntax says `NAME ...`).
fn is_list(stmt: &Stmt) -> bool {
    let syntax = stmt.kind.spec().syntax;
    syntax.contains("NAME ...") || syntax.contains("CONTRACT...")
}

/// The tree with the references to removed names taken out, if any was.
pub fn cascade(tree: &RuleTree, sources: &SourceSet, diags: &[Diag]) -> Option<RuleTree> {
    let names = removed(tree);
    if names.is_empty() {
        return None;
    }
    let mut out = tree.clone();
    let mut changed = false;
    for d in diags {
        let Some((span, text)) = unknown_word(d, sources) else {
            continue;
        };
        if !names.iter().any(|(_, n, _, _)| *n == text) {
            continue;
        }
        let Some((addr, e)) = out
            .entries
            .iter()
            .find(|(_, e)| e.file == d.file && e.stmt.words.iter().any(|w| w.span == span))
        else {
            continue;
        };
        let Some(at) = e.stmt.words.iter().position(|w| w.span == span) else {
            continue;
        };
        let addr = addr.clone();
        if at < key_len(&e.stmt) && addr.iter().any(|a| a == text) {
            out.entries.shift_remove(&addr);
            changed = true;
        } else if at >= key_len(&e.stmt) && is_list(&e.stmt) {
            let mut stmt: Stmt = (*e.stmt).clone();
            stmt.words.remove(at);
            let mut e = e.clone();
            e.stmt = Arc::new(stmt);
            out.entries.insert(addr, e);
            changed = true;
        }
    }
    changed.then_some(out)
}

/// The "unknown name" errors left on removed names, made one diagnostic per `remove` line that
/// says which lines still name it and how to drop each; the other diagnostics as they are.
pub fn group_leftovers(tree: &RuleTree, sources: &SourceSet, diags: Vec<Diag>) -> Vec<Diag> {
    let names = removed(tree);
    if names.is_empty() {
        return diags;
    }
    let mut out = Vec::new();
    let mut grouped: Vec<(usize, Diag, Vec<String>)> = Vec::new();
    for d in diags {
        let hit = unknown_word(&d, sources).and_then(|(span, text)| {
            let i = names.iter().position(|(_, n, _, _)| *n == text)?;
            Some((i, span))
        });
        let Some((i, span)) = hit else {
            out.push(d);
            continue;
        };
        let (kind, name, file, remove_span) = names[i];
        let entry = tree
            .entries
            .iter()
            .find(|(_, e)| e.file == d.file && e.stmt.words.iter().any(|w| w.span == span));
        let how = match entry {
            Some((addr, e)) => {
                let block = address_text(&addr[..e.block_len.min(addr.len())].to_vec(), e.block_len);
                let line = super::words_text(&e.stmt.words);
                if block.is_empty() {
                    format!("restate `{line}` naming something else")
                } else {
                    format!("restate `{line}` in `{block} {{ ... }}` naming something else")
                }
            }
            None => "restate that line naming something else".to_string(),
        };
        match grouped.iter_mut().find(|(g, _, _)| *g == i) {
            Some((_, g, hows)) => {
                *g = std::mem::replace(g, Diag::new(Code::UnknownName, file, "")).label_in(
                    d.file,
                    span,
                    "still names it",
                );
                hows.push(how);
            }
            None => {
                let g = Diag::new(Code::UnknownName, file, "")
                    .label(
                        remove_span,
                        format!("{} removes {kind} `{name}`", short(sources.name(file))),
                    )
                    .label_in(d.file, span, "still names it");
                grouped.push((i, g, vec![how]));
            }
        }
    }
    for (i, mut g, hows) in grouped {
        let (kind, name, _, _) = names[i];
        let n = hows.len();
        g.message = format!(
            "`remove {kind} {name}` leaves {n} line{} that still name{} it, where it cannot just be left out",
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" },
        );
        g = g.help(format!("in this file, {}; or keep {kind} `{name}`", hows.join("; ")));
        out.push(g);
    }
    out
}
