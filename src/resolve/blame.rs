//! Errors at the user's line: takes the diagnostics of a resolved tree and gives them back with
//! the primary label moved, where a house rule's statement is what made a base statement
//! invalid, to that house rule's line (the base's line stays, as a secondary label). A
//! diagnostic (an error: the bases check clean of errors on their own) is moved when its primary label lies in a lower layer (a base, or house rules
//! that another file extends) inside a block that a higher layer changes: `figure ultimó { in
//! adu szanzadu }` over alsos-3p is blamed on the `in` line, not on the base's condition line
//! that names trumps. Of the higher layer's statements in that block, the one that shares most
//! names with the message is chosen.

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
    let (addr, base) = tree
        .entries
        .iter()
        .find(|(_, e)| e.file == d.file && overlaps(e.stmt.head_span(), primary.span))?;
    let block_len = if base.block_len == 0 {
        addr.len()
    } else {
        base.block_len
    };
    let block = &addr[..block_len.min(addr.len())];
    let names = quoted(&d.message);
    let (_, cause) = tree
        .entries
        .iter()
        .filter(|(a, e)| higher.contains(&e.file) && a.len() >= block.len() && a[..block.len()] == *block)
        .max_by_key(|(_, e)| {
            let shared = e.stmt.words.iter().filter(|w| names.contains(&w.text.as_str())).count();
            // the first of the best (max_by_key keeps the last of equals)
            (shared, std::cmp::Reverse(e.stmt.span.start))
        })?;
    let what = address_text(&block.to_vec(), block.len());
    let mut labels = vec![Label {
        file: cause.file,
        span: cause.stmt.head_span(),
        text: format!("{} changes `{what}` here", short(sources.name(cause.file))),
    }];
    labels.extend(d.labels.iter().cloned());
    Some(Diag {
        file: cause.file,
        labels,
        ..d.clone()
    })
}
