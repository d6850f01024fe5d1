//! Conflicts between house rules given side by side: takes each command-line file's part of
//! its `extends` chain that the other does not share, merged (a file overrides what it extends),
//! and gives `kartya::conflict` where two parts set one address to different values and
//! `kartya::remove-conflict` where one removes what the other sets. A file and what it extends
//! never conflict: only files given side by side are held to agree.

use super::{
    address_text, remove_conflict, short, starts_with, value_of, value_text_of, Address, Entry, Parsed, Removal,
};
use crate::diag::{Code, Diag};
use crate::source::SourceSet;
use indexmap::IndexMap;
use std::sync::Arc;

/// What a run of files (one extending the next) sets and removes, the later file winning.
#[derive(Default)]
struct Part {
    sets: IndexMap<Arc<Address>, (Entry, String)>,
    removes: Vec<Removal>,
}

fn merged(files: &[&Parsed]) -> Part {
    let mut part = Part::default();
    for p in files {
        for r in &p.entries.removes {
            part.sets.retain(|a, _| !starts_with(a, &r.addr));
            part.removes.push(r.clone());
        }
        for r in &p.entries.replaced {
            part.sets.retain(|a, _| !starts_with(a, r));
        }
        for (addr, e) in &p.entries.entries {
            let v = value_of(addr, e);
            // a later file that sets what an earlier one removed puts it back
            part.removes.retain(|r| r.file == p.file || !starts_with(addr, &r.addr));
            part.sets.insert(addr.clone(), (e.clone(), v));
        }
    }
    part
}

/// The files of `c` that `other` does not have.
fn own<'a>(c: &'a [Parsed], other: &[Parsed]) -> Vec<&'a Parsed> {
    c.iter().filter(|p| !other.iter().any(|q| q.file == p.file)).collect()
}

/// The conflicts among the chains of the files given side by side (root first each; none is
/// part of another's chain). Each pair is compared on the files of each chain the other lacks;
/// an address is reported once for each later file.
pub(super) fn check(sources: &SourceSet, chains: &[Vec<Parsed>]) -> Vec<Diag> {
    let mut out = Vec::new();
    for (j, cj) in chains.iter().enumerate() {
        let mut reported: Vec<Address> = Vec::new();
        for ci in &chains[..j] {
            let (a, b) = (merged(&own(ci, cj)), merged(&own(cj, ci)));
            pair(sources, &a, &b, &mut reported, &mut out);
        }
    }
    out
}

/// The conflicts between an earlier part `a` and a later part `b`.
fn pair(sources: &SourceSet, a: &Part, b: &Part, reported: &mut Vec<Address>, out: &mut Vec<Diag>) {
    for r in &a.removes {
        if let Some((addr, (e, _))) = b.sets.iter().find(|(addr, _)| starts_with(addr, &r.addr)) {
            if !reported.contains(addr) {
                out.push(remove_conflict(sources, r, e.file, e.stmt.head_span()));
                reported.push(addr.to_vec());
            }
        }
    }
    for (addr, (e, v)) in &b.sets {
        if reported.contains(addr) {
            continue;
        }
        if a.removes.iter().any(|r| starts_with(addr, &r.addr)) {
            continue; // reported once for the `remove`, above
        }
        let Some((prev, pv)) = a.sets.get(addr) else { continue };
        let untitled = |v: &str| v.is_empty() && addr.len() == e.block_len;
        if pv == v || untitled(v) || untitled(pv) {
            continue; // a block header without a title sets nothing
        }
        reported.push(addr.to_vec());
        let text = address_text(addr, e.block_len);
        let (v, pv) = (value_text_of(addr, e, false), value_text_of(addr, prev, false));
        let (an, bn) = (sources.name(prev.file).to_string(), sources.name(e.file).to_string());
        out.push(
            Diag::new(Code::Conflict, e.file, format!("`{text}` is set to `{v}` here and to `{pv}` in {an}"))
                .label(e.stmt.head_span(), format!("{} sets `{v}`", short(&bn)))
                .label_in(prev.file, prev.stmt.head_span(), format!("{} sets `{pv}`", short(&an)))
                .help(format!(
                    "these house rules disagree: drop {} or {}, or write one house-rules file that says what your table plays",
                    short(&bn),
                    short(&an)
                )),
        );
    }
    for r in &b.removes {
        if let Some((addr, (e, _))) = a.sets.iter().find(|(addr, _)| starts_with(addr, &r.addr)) {
            if !reported.contains(addr) {
                out.push(remove_conflict(sources, r, e.file, e.stmt.head_span()));
                reported.push(addr.to_vec());
            }
        }
    }
}
