//! The front end in one call: files already in a `SourceSet` -> resolved tree -> checked model,
//! with every diagnostic collected along the way. `Session` keeps parsed files between calls,
//! so checking many variants parses each file once.

use crate::diag::Diag;
use crate::model::{self, Provenance, Variant};
use crate::resolve::{Resolver, RuleTree};
use crate::source::{FileId, Origin, SourceSet};

/// What the front end produced. `variant` is present only when there are no errors.
pub struct Loaded {
    pub variant: Option<Variant>,
    pub provenance: Provenance,
    pub tree: Option<RuleTree>,
    pub diags: Vec<Diag>,
}

impl Loaded {
    pub fn has_errors(&self) -> bool {
        self.diags.iter().any(Diag::is_error)
    }
}

/// Resolves `base` with `extras` combined on it and builds the model.
pub fn load(sources: &mut SourceSet, base: FileId, extras: &[FileId]) -> Loaded {
    let mut r = Resolver::new(sources);
    load_with(&mut r, base, extras)
}

/// As `load`, reusing the resolver's parsed files.
pub fn load_with(r: &mut Resolver<'_>, base: FileId, extras: &[FileId]) -> Loaded {
    r.diags.clear();
    let mut tree = r.resolve(base, extras);
    let mut diags = std::mem::take(&mut r.diags);
    let (variant, provenance) = match &mut tree {
        Some(t) if !diags.iter().any(Diag::is_error) => {
            let (mut built, mut more) = model::build(t);
            // `remove` takes the references to what it removes with it
            if built.is_none() {
                if let Some(c) = crate::resolve::cascade(t, r.sources, &more) {
                    *t = c;
                    (built, more) = model::build(t);
                }
            }
            let mut more = crate::resolve::group_leftovers(t, r.sources, more);
            diags.append(&mut more);
            match built {
                Some((v, p)) => (Some(v), p),
                None => (None, Provenance::default()),
            }
        }
        _ => (None, Provenance::default()),
    };
    if let Some(t) = &tree {
        crate::resolve::to_user_lines(t, r.sources, &mut diags);
    }
    dedup(&mut diags);
    crate::diag::sort_by_position(&mut diags);
    Loaded {
        variant,
        provenance,
        tree,
        diags,
    }
}

/// Checks every bundled file on its own (house rules on their bases), parsing each file once.
pub fn load_all_bundled(sources: &mut SourceSet) -> Vec<(&'static str, Loaded)> {
    let ids: Vec<(&'static str, FileId)> = crate::bundled::all()
        .map(|b| {
            (
                b.name,
                sources.add(crate::bundled::display_path(&b), b.text, Origin::Bundled),
            )
        })
        .collect();
    let mut r = Resolver::new(sources);
    ids.into_iter()
        .map(|(name, id)| (name, load_with(&mut r, id, &[])))
        .collect()
}

/// The same diagnostic can be found twice when a file is reached along two paths.
fn dedup(diags: &mut Vec<Diag>) {
    let mut seen = Vec::new();
    diags.retain(|d| {
        if seen.contains(d) {
            false
        } else {
            seen.push(d.clone());
            true
        }
    });
}
