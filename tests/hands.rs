//! Hand records that pin the engine's behaviour: takes every record under tests/hands/ (each
//! citing in its `note` the rule or test vector it shows), gives its replay, which must be clean
//! and finished, and its score sheet as a snapshot (tests/snapshots/hands/).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::source::{Origin, SourceSet};

#[test]
fn every_hand_record_replays_to_its_sheet() {
    let dir = common::root().join("tests/hands");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    paths.retain(|p| p.extension().is_some_and(|x| x == "json"));
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        assert!(
            text.contains("\"note\""),
            "{name}: a hand record cites its rule in `note`"
        );
        let mut sources = SourceSet::new();
        let id = sources.add(format!("tests/hands/{name}.json"), text, Origin::User);
        let r = kartya::record::replay(&mut sources, id);
        assert!(r.diags.is_empty(), "{name}: {}", common::render(&r.diags, &sources));
        let g = r.game.unwrap_or_else(|| panic!("{name}: no game"));
        assert!(g.is_over(), "{name} does not finish the hand");
        insta::with_settings!({ snapshot_path => "snapshots/hands", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(name, kartya::record::sheet::sheet(&g));
        });
    }
}
