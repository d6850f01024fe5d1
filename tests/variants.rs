//! Every bundled rules file, at every stage: it checks clean, its resolved rule tree and its
//! `explain` text are snapshotted, it is already canonically formatted (and formatting is
//! idempotent), and each house-rules file combined on its base equals the file alone.

mod common;

use common::*;
use kartya::resolve::FileKind;

fn bundled_names() -> Vec<(String, String)> {
    kartya::bundled::all()
        .map(|b| (b.name.to_string(), b.path.to_string()))
        .collect()
}

#[test]
fn every_bundled_file_checks_clean_and_is_snapshotted() {
    let dir = root().join("variants");
    assert!(bundled_names().len() >= 40, "the bundled library is complete");
    for (name, path) in bundled_names() {
        let (sources, loaded) = load(&[name.as_str()], &dir);
        let diags = render(&loaded.diags, &sources);
        assert!(loaded.diags.is_empty(), "{name} has diagnostics:\n{diags}");
        let variant = loaded
            .variant
            .as_ref()
            .unwrap_or_else(|| panic!("{name} did not build"));
        let tree = loaded.tree.as_ref().unwrap_or_else(|| panic!("{name} did not resolve"));
        let snap_name = path.trim_end_matches(".kartya").replace('/', "__");
        insta::with_settings!({ snapshot_path => "snapshots/explain", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(snap_name.clone(), kartya::explain::explain(variant));
        });
        insta::with_settings!({ snapshot_path => "snapshots/tree", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(snap_name, kartya::resolve::dump(tree, &sources));
        });
    }
}

#[test]
fn house_rules_on_their_base_equal_the_file_alone() {
    let dir = root().join("variants");
    for (name, _) in bundled_names() {
        let b = kartya::bundled::find(&name).unwrap_or_else(|| panic!("{name}"));
        let mut s = kartya::source::SourceSet::new();
        let id = s.add(name.clone(), b.text, kartya::source::Origin::Bundled);
        let ast = kartya::syntax::parse(id, b.text).unwrap_or_else(|_| panic!("{name} parses"));
        let header = kartya::resolve::header_of(id, &ast).unwrap_or_else(|| panic!("{name} has a header"));
        let (FileKind::HouseRules, Some((base, _))) = (header.kind, header.extends) else {
            continue;
        };
        let (_, alone) = load(&[name.as_str()], &dir);
        let (src, combined) = load(&[base.as_str(), name.as_str()], &dir);
        assert!(
            combined.diags.is_empty(),
            "{base} + {name}:\n{}",
            render(&combined.diags, &src)
        );
        let (a, c) = (
            alone.variant.unwrap_or_else(|| panic!("{name}")),
            combined.variant.unwrap_or_else(|| panic!("{base} + {name}")),
        );
        assert_eq!(
            kartya::explain::explain(&a),
            kartya::explain::explain(&c),
            "{base} + {name} differs from {name} alone"
        );
    }
}

#[test]
fn alsos_3p_combines_with_every_house_rule_written_for_it() {
    let dir = root().join("variants");
    let mut count = 0;
    for (name, path) in bundled_names() {
        if path.starts_with("examples/") {
            continue;
        }
        let text = kartya::bundled::find(&name).map(|b| b.text).unwrap_or_default();
        let mut s = kartya::source::SourceSet::new();
        let id = s.add(name.clone(), text, kartya::source::Origin::Bundled);
        let header = kartya::syntax::parse(id, text)
            .ok()
            .and_then(|ast| kartya::resolve::header_of(id, &ast));
        let extends_alsos_3p = header.is_some_and(|h| h.extends.is_some_and(|e| e.0 == "alsos-3p"));
        if !extends_alsos_3p {
            continue;
        }
        let (src, l) = load(&["alsos-3p", name.as_str()], &dir);
        assert!(!l.has_errors(), "alsos-3p + {name}:\n{}", render(&l.diags, &src));
        count += 1;
    }
    assert!(count >= 25, "only {count} house rules extend alsos-3p");
}

#[test]
fn bundled_files_are_canonically_formatted_and_fmt_is_idempotent() {
    for (name, _) in bundled_names() {
        let text = kartya::bundled::find(&name).map(|b| b.text).unwrap_or_default();
        let mut s = kartya::source::SourceSet::new();
        let id = s.add(name.clone(), text, kartya::source::Origin::Bundled);
        let ast = kartya::syntax::parse(id, text).unwrap_or_else(|_| panic!("{name} parses"));
        let once = kartya::fmt::format(&ast, text);
        let ast2 = kartya::syntax::parse(id, &once).unwrap_or_else(|_| panic!("formatted {name} parses"));
        let twice = kartya::fmt::format(&ast2, &once);
        assert_eq!(once, twice, "fmt is not idempotent on {name}");
        assert_eq!(
            text, once,
            "{name} is not canonically formatted: run `kartya fmt variants/`"
        );
        let comments_in = text.matches('#').count();
        let comments_out = once.matches('#').count();
        assert_eq!(comments_in, comments_out, "fmt lost a comment in {name}");
    }
}

#[test]
fn the_required_conflict_names_both_files() {
    // issue 2: `kartya check alsos-3p siber-seven-only siber-both-chains` exits 1 with a conflict
    let (sources, l) = load(
        &["alsos-3p", "siber-seven-only", "siber-both-chains"],
        &root().join("variants"),
    );
    assert!(l.has_errors());
    let text = render(&l.diags, &sources);
    assert!(l.diags.iter().any(|d| d.code == kartya::diag::Code::Conflict), "{text}");
    assert!(
        text.contains("siber-seven-only") && text.contains("siber-both-chains"),
        "{text}"
    );
}

#[test]
fn explain_shows_added_figures_and_the_five_level_ladder() {
    // issue 2: `kartya explain alsos-3p uhu figures-111-120 mordkontra`
    let (sources, l) = load(
        &["alsos-3p", "uhu", "figures-111-120", "mordkontra"],
        &root().join("variants"),
    );
    let v = l.variant.unwrap_or_else(|| panic!("{}", render(&l.diags, &sources)));
    let text = kartya::explain::explain(&v);
    for needle in [
        "figure uhu",
        "figure száztizenegy",
        "figure százhúsz",
        "ladder kontra: 5 levels",
        "5. mordkontra",
    ] {
        assert!(text.contains(needle), "missing `{needle}` in:\n{text}");
    }
    insta::assert_snapshot!(text);
}
