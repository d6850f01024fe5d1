//! Hand records: good records replay to a finished hand; simulated hands written as records
//! replay to the same score sheet (the round trip), and export is canonical (export of a
//! replayed record equals the record).

mod common;

use kartya::engine::{bundled_rules, sim};
use kartya::record::{self, RulesRef};
use kartya::source::{Origin, SourceSet};

fn replay_text(name: &str, text: &str) -> kartya::record::Replayed {
    let mut sources = SourceSet::new();
    let id = sources.add(name, text, Origin::User);
    record::replay(&mut sources, id)
}

#[test]
fn every_record_under_tests_records_replays_cleanly() {
    let dir = common::root().join("tests/fixtures/records");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(e.path()).unwrap_or_default();
        let name = e.path().display().to_string();
        let r = replay_text(&name, &text);
        let errors: Vec<String> = r
            .diags
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.message.clone())
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert!(
            r.game.as_ref().is_some_and(|g| g.is_over()),
            "{name} does not finish the hand"
        );
        n += 1;
    }
    assert!(n >= 1);
}

#[test]
fn simulated_hands_round_trip_through_records() {
    for variant in ["alsos-3p", "alsos-4p", "alsos-2p", "alsos-hu-3p", "tuesday-club"] {
        let rules = match bundled_rules(variant) {
            Ok(r) => r,
            Err(e) => panic!("{variant}: {e}"),
        };
        let mut buf = Vec::new();
        for i in 0..40 {
            let g = sim::random_hand(&rules, 7, i, &mut buf);
            let rec = record::export(&g, RulesRef::Name(variant.into()), Vec::new());
            let json = record::to_json(&rec);
            let r = replay_text("sim.json", &json);
            assert!(
                r.diags.iter().all(|d| !d.is_error()),
                "{variant} hand {i}: {:?}",
                r.diags
            );
            let Some(back) = r.game else {
                panic!("{variant} hand {i}: no game")
            };
            assert_eq!(
                back.result(),
                g.result(),
                "{variant} hand {i}: the sheet differs after the round trip"
            );
            assert_eq!(record::sheet::sheet(&back), record::sheet::sheet(&g));
            let again = record::to_json(&record::export(&back, RulesRef::Name(variant.into()), Vec::new()));
            assert_eq!(again, json, "{variant} hand {i}: export is not canonical");
        }
    }
}
