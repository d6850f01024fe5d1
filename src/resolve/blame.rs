//! Errors at the user's line: takes the diagnostics of a resolved tree and gives them back with
//! the primary label moved, where a house rule's statement is what made a base statement
//! invalid, to that house rule's line (the base's line stays, as a secondary label). A
//! diagnostic (an error: the bases check clean of errors on their own) is moved when its primary label lies in a lower layer (a base, or house rules
//! that another file extends) inside a block that a higher layer changes: `figure ultimó { in
//! adu szanzadu }` over alsos-3p is blamed on the `in` line, not on the base's condition line
//! that names trumps. Of the higher layer's statements in that block, the one that shares most
//! names with the message is chosen. A `remove` inside the block (`contract betli { remove value
//! }`) is one of those statements: what the base then lacks is blamed on the `remove` line,
//! with the help that it may go.

use super::{address_text, short, RuleTree};
use crate::diag::{Diag, Label};
use crate::source::SourceSet;
use crate::syntax::ast::Span;

/// Moves each diagnostic's primary label to the house rule's line that caused it, if any.
pub fn to_user_lines(tree: &RuleTree, sources: &SourceSet, diags: &mut [Diag]) {
    for d in diags.iter_mut().filter(|d| d.is_error()) {
        if let Some(moved) = blamed(tree, sources, d) {
            *d = moved;
        }
    }
}

fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end.max(b.start + 1) && b.start < a.end.max(a.start + 1)
}

/// The names quoted in a message: `ultimó`, `szanzadu`.
fn quoted(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

fn blamed(tree: &RuleTree, sources: &SourceSet, d: &Diag) -> Option<Diag> {
    let layer = tree.files.iter().position(|f| *f == d.file)?;
    let higher = &tree.files[layer + 1..];
    if higher.is_empty() {
        return None;
    }
    let primary = d.labels.iter().find(|l| l.file == d.file)?;
    // the base's statement the diagnostic points at, and its block
    let Some((addr, base)) = tree
        .entries
        .iter()
        .find(|(_, e)| e.file == d.file && overlaps(e.stmt.head_span(), primary.span))
    else {
        return removal_named(tree, sources, d, higher);
    };
    let block_len = if base.block_len == 0 {
        addr.len()
    } else {
        base.block_len
    };
    let block = &addr[..block_len.min(addr.len())];
    let names = quoted(&d.message);
    let what = address_text(&block.to_vec(), block.len());
    // the higher layers' statements in that block, and their `remove`s there: (file, span,
    // words, label)
    let changes = tree
        .entries
        .iter()
        .filter(|(a, e)| higher.contains(&e.file) && a.len() >= block.len() && a[..block.len()] == *block)
        .map(|(_, e)| {
            let words: Vec<&str> = e.stmt.words.iter().map(|w| w.text.as_str()).collect();
            let text = format!("{} changes `{what}` here", short(sources.name(e.file)));
            (e.file, e.stmt.head_span(), words, text)
        });
    let removals = tree
        .removes
        .iter()
        .filter(|r| r.is_statement() && higher.contains(&r.file) && r.addr.starts_with(block))
        .map(|r| {
            let words: Vec<&str> = r.addr[r.block_len..].iter().map(String::as_str).collect();
            let text = format!(
                "{} removes `{}` from `{what}` here",
                short(sources.name(r.file)),
                r.written()
            );
            (r.file, r.span, words, text)
        });
    let (file, span, _, text) = changes.chain(removals).max_by_key(|(_, span, words, _)| {
        let shared = words.iter().filter(|w| names.contains(w)).count();
        // the first of the best (max_by_key keeps the last of equals)
        (shared, std::cmp::Reverse(span.start))
    })?;
    let mut labels = vec![Label { file, span, text }];
    labels.extend(d.labels.iter().cloned());
    let removed = tree.removes.iter().any(|r| r.file == file && r.span == span);
    Some(Diag {
        file,
        labels,
        help: if removed { keep_help(d) } else { d.help.clone() },
        ..d.clone()
    })
}

/// The help of a diagnostic a `remove` caused: what it said, and that the `remove` may go.
fn keep_help(d: &Diag) -> Option<String> {
    let keep = "or drop this `remove` and keep the base's statement";
    Some(match &d.help {
        Some(h) => format!("{h}; {keep}"),
        None => keep.to_string(),
    })
}

/// A diagnostic about something the whole rule set lacks (`the variant has no `players` in
/// `game``, at no statement of the base) that a house rule's `remove` inside a block caused:
/// the `remove` whose block and words the message names.
fn removal_named(tree: &RuleTree, sources: &SourceSet, d: &Diag, higher: &[crate::source::FileId]) -> Option<Diag> {
    let names = quoted(&d.message);
    let r = tree.removes.iter().find(|r| {
        r.is_statement()
            && higher.contains(&r.file)
            && r.addr[r.block_len..].iter().all(|w| names.contains(&w.as_str()))
            && r.addr[..r.block_len]
                .last()
                .is_some_and(|b| names.contains(&b.as_str()))
    })?;
    let mut labels = vec![Label {
        file: r.file,
        span: r.span,
        text: format!(
            "{} removes `{}` from `{}` here",
            short(sources.name(r.file)),
            r.written(),
            address_text(&r.addr[..r.block_len].to_vec(), r.block_len)
        ),
    }];
    labels.extend(d.labels.iter().cloned());
    Some(Diag {
        file: r.file,
        labels,
        help: keep_help(d),
        ..d.clone()
    })
}
