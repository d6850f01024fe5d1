//! Overlays that miss: takes the tree a house-rules file is laid over and the file's entries,
//! gives an error for each `remove` that takes out nothing, and for each block or row the file
//! adds whose name is so close to an existing one (see `crate::names`) that the club surely
//! meant the existing one.
//!
//! The rule, per kind of statement:
//! - `remove KIND NAME` of a name the base does not have is an error (it would change nothing).
//! - A block head `KIND NAME` the base does not have adds a block, as `figure uhu "..." {` adds
//!   a figure. But when NAME is close to a block of the same kind (`exchange swapseven` on a base
//!   with `exchange swap-seven`), it is an error: either a typo, so the base's rule silently stays,
//!   or a new name that reads like an old one, which confuses every table.
//! - A `contract` or `figure` block without a title that the base does not have is an error
//!   even when no name is close: only a new block carries a title (`figure NAME "Title" {`), so an
//!   untitled one is a change of something that is not there.
//! - A row (`suit tok`, `sequence kvart`, `when adu:`) the base does not have adds a row; it is
//!   an error only when its name folds equal to an existing row's (`suit tok` for `suit tök`):
//!   rows are short names where a small edit is often a different, genuine row (`kvint`, `kvart`).
//!   A row that is named by its first word (`orders { natürlich A K ... }`, `points`) is a name
//!   contracts refer to, as a block's is: close as block names are close, or sharing a stem
//!   (`natürlich`/`natural`), it is an error with "did you mean".

use super::{starts_with, Address, AddressMap, Entry, Parsed, Removal};
use crate::diag::{Code, Diag};
use crate::names;
use crate::syntax::ast::Span;

/// The kinds of named top-level things, as `remove` names them.
const KINDS: &[&str] = &["figure", "contract", "figure-ladder", "doubling", "calling", "exchange"];

/// The names the tree has for `kind` (`figure` -> `volát`, `uhu`, ...), in tree order.
fn names_of<'t>(tree: &'t AddressMap<Entry>, kind: &str) -> Vec<&'t str> {
    tree.keys()
        .filter(|a| a.len() == 2 && a[0] == kind)
        .map(|a| a[1].as_str())
        .collect()
}

/// `a figure`, `an exchange`.
fn a(kind: &str) -> String {
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {kind}")
}

/// "did you mean `x`?" when a name is close, else the list of what there is.
fn hint(name: &str, known: &[&str], kind: &str) -> (Option<String>, String) {
    match names::suggest(name, known.iter().copied()) {
        Some(s) => (Some(s.to_string()), format!("did you mean `{s}`?")),
        None if known.is_empty() => (None, format!("the base has no {kind}")),
        None => (
            None,
            format!(
                "the base's {kind} names are {}",
                known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            ),
        ),
    }
}

/// Every miss of `p` laid over `tree` (the tree before `p` is applied).
pub(super) fn misses(tree: &AddressMap<Entry>, p: &Parsed) -> Vec<Diag> {
    let mut out = Vec::new();
    // the new blocks already reported: a `remove` inside one says nothing more
    let mut reported: Vec<&[String]> = Vec::new();
    for (addr, e) in &p.entries.entries {
        if tree.contains_key(addr) {
            continue;
        }
        let is_head = addr.len() == 2 && e.block_len == 2 && KINDS.contains(&addr[0].as_str());
        if is_head {
            if let Some(d) = new_block(tree, p, addr, e) {
                out.push(d);
                reported.push(addr);
            }
        } else if let Some(d) = new_row(tree, p, addr, e) {
            out.push(d);
        }
    }
    for r in &p.entries.removes {
        if r.is_statement() {
            if !reported.iter().any(|b| **b == r.addr[..r.block_len]) {
                out.extend(missed_statement(tree, p, r));
            }
            continue;
        }
        if tree.keys().any(|a| starts_with(a, &r.addr)) {
            continue;
        }
        let (Some(kind), Some(name)) = (r.addr.first(), r.addr.get(1)) else {
            continue;
        };
        let help = match hint(name, &names_of(tree, kind), kind) {
            (Some(_), h) => format!("{h} a `remove` names the base's {kind} exactly, accents included"),
            (None, h) => format!("{h}; check the spelling"),
        };
        out.push(
            Diag::new(
                Code::UnknownName,
                p.file,
                format!("`remove {kind} {name}` removes nothing: the base has no {kind} `{name}`"),
            )
            .label(r.span, format!("not {} of the base", a(kind)))
            .help(help),
        );
    }
    out
}

/// A `remove` inside a block that takes out nothing of the base (its block has no such
/// statement, or the base has no such block), or only what the same file sets again.
fn missed_statement(tree: &AddressMap<Entry>, p: &Parsed, r: &Removal) -> Option<Diag> {
    let block = &r.addr[..r.block_len];
    let block_text = block.join(" ");
    let written = r.written();
    let matched: Vec<&Address> = tree
        .keys()
        .filter(|a| a.len() > block.len() && starts_with(a, &r.addr))
        .map(|a| a.as_ref())
        .collect();
    if !matched.is_empty() {
        // every statement it takes out is set again by the same file: the `remove` does nothing
        let again: Vec<&Entry> = matched
            .iter()
            .filter_map(|m| p.entries.entries.iter().find(|(a, _)| a.as_ref() == *m).map(|(_, e)| e))
            .collect();
        if again.len() < matched.len() {
            return None;
        }
        let first = again.first()?;
        return Some(
            Diag::new(
                Code::DuplicateName,
                p.file,
                format!("`{}` is removed and set again in this file", r.text()),
            )
            .label(r.span, "removed here")
            .label(first.stmt.head_span(), "and set again here")
            .help("keep one of the two: a statement of your file replaces the base's without a `remove`; `remove` is for taking the base's statement out"),
        );
    }
    if !tree.keys().any(|a| a.as_slice() == block) {
        return Some(
            Diag::new(
                Code::UnknownName,
                p.file,
                format!("`remove {written}` removes nothing: the base has no `{block_text}`"),
            )
            .label(r.span, "not in a block of the base")
            .help(format!(
                "a `remove` inside `{block_text} {{ ... }}` takes out a statement of the base's block of that name; check the block's name"
            )),
        );
    }
    // the base block's statements, by their keyword and by their whole key (`round 3`)
    let mut known: Vec<String> = Vec::new();
    for a in tree
        .keys()
        .filter(|a| a.len() > block.len() && a[..block.len()] == *block)
    {
        let key = &a[block.len()..];
        for k in [key[0].clone(), key.join(" ")] {
            if !known.contains(&k) {
                known.push(k);
            }
        }
    }
    let help = match names::suggest(&written, known.iter().map(String::as_str)) {
        Some(s) => format!("did you mean `remove {s}`? "),
        None if known.is_empty() => format!("the base's `{block_text}` has no statements; "),
        None => {
            format!(
                "the base's `{block_text}` has {}",
                known
                    .iter()
                    .filter(|k| !k.contains(' '))
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ) + "; "
        }
    };
    Some(
        Diag::new(
            Code::UnknownName,
            p.file,
            format!("`remove {written}` removes nothing: the base's `{block_text}` has no `{written}`"),
        )
        .label(r.span, format!("not a statement of the base's `{block_text}`"))
        .help(format!(
            "{help}a `remove` names a statement by its keyword, a row by its keyword and name (`remove round 3`)"
        )),
    )
}

/// A block head the base does not have: an error when its name is close to an existing
/// block's, or when it is an untitled `contract`/`figure`.
fn new_block(tree: &AddressMap<Entry>, p: &Parsed, addr: &[String], e: &Entry) -> Option<Diag> {
    let (kind, name) = (addr[0].as_str(), addr[1].as_str());
    let span = e.stmt.words.get(1).map_or(e.stmt.head_span(), |w| w.span);
    let known = names_of(tree, kind);
    let (close, help) = hint(name, &known, kind);
    let titled = e.stmt.words.len() > 2;
    let can_have_title = matches!(kind, "contract" | "figure");
    match close {
        Some(c) if titled => Some(
            Diag::new(
                Code::UnknownName,
                p.file,
                format!("new {kind} `{name}` is named almost like the base's {kind} `{c}`"),
            )
            .label(span, format!("the base has `{c}`"))
            .help(format!(
                "{help} to change it, write `{kind} {c} {{`; a {kind} of your own needs a name that does not read like an existing one"
            )),
        ),
        Some(c) => Some(
            Diag::new(
                Code::UnknownName,
                p.file,
                format!("`{kind} {name}` changes nothing: the base has no {kind} `{name}`"),
            )
            .label(span, format!("not {} of the base", a(kind)))
            .help(format!("{help} write `{kind} {c} {{` to change the base's {kind}")),
        ),
        None if can_have_title && !titled => Some(
            Diag::new(
                Code::UnknownName,
                p.file,
                format!("`{kind} {name}` changes nothing: the base has no {kind} `{name}`"),
            )
            .label(span, format!("not {} of the base", a(kind)))
            .help(format!(
                "{help}; to add a new {kind}, give it a title: `{kind} {name} \"what it is\" {{`"
            )),
        ),
        None => None,
    }
}

/// A row the base does not have: an error only when its name folds equal to an existing row's.
fn new_row(tree: &AddressMap<Entry>, p: &Parsed, addr: &[String], e: &Entry) -> Option<Diag> {
    let (last, parent) = addr.split_last()?;
    // only a row named by its second key word (`suit tök`), not a statement keyword
    if e.stmt.words.len() < 2 || addr.len() < 2 {
        return None;
    }
    // a row whose first word is its name (`natural A 10 K ...` in `orders`) is a thing of its
    // own that contracts name: one named almost like a base's row, or with its stem, is surely
    // meant as that row
    let named_row = e.stmt.kind.spec().lead.is_empty() && addr.len() == parent.len() + 1;
    let like = |l: &str| {
        names::close(l, last) == Some(0)
            || (named_row && (names::close(l, last).is_some() || names::same_stem(l, last)))
    };
    let existing = tree.keys().find(|a| {
        a.len() == addr.len() && a[..parent.len()] == *parent && a.last().is_some_and(|l| l != last && like(l))
    })?;
    let have = existing.last()?;
    let word = e.stmt.words.iter().find(|w| w.text == *last);
    let span: Span = word.map_or(e.stmt.head_span(), |w| w.span);
    let what = super::address_text(&addr.to_vec(), e.block_len);
    let why = if names::close(have, last) == Some(0) {
        "names that differ only in accents or case are one name to a reader"
    } else {
        "a new row here is a new name, and the base's row would stay as it is"
    };
    Some(
        Diag::new(
            Code::UnknownName,
            p.file,
            format!("`{what}` adds a new row named like the base's `{have}`"),
        )
        .label(span, format!("the base has `{have}`"))
        .help(format!(
            "did you mean `{have}`? {why}; write `{have}` to change the base's row, or give a row of your own a name that does not read like an existing one"
        )),
    )
}
