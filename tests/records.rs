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

/// Issue 28.13: a record of a 3-player hand relabelled as `alsos-4p` (32 cards too) replayed
/// cleanly under the other rules. A record now carries its rules' digest and is refused under
/// rules of another; without the digest (removed on purpose) it replays as before.
#[test]
fn a_record_relabelled_as_another_variant_is_refused() {
    let rules = bundled_rules("alsos-3p").unwrap_or_else(|e| panic!("{e}"));
    let mut buf = Vec::new();
    let g = sim::random_hand(&rules, 1, 0, &mut buf);
    let rec = record::export(&g, RulesRef::Name("alsos-3p".into()), Vec::new());
    let text = record::to_json(&rec);
    let own = replay_text("own.json", &text);
    assert!(own.diags.iter().all(|d| !d.is_error()), "{:?}", own.diags);
    let relabelled = text.replace("\"variant\": \"alsos-3p\"", "\"variant\": \"alsos-4p\"");
    assert_ne!(relabelled, text);
    let r = replay_text("relabelled.json", &relabelled);
    assert!(r.game.is_none(), "a 3-player hand replayed under alsos-4p");
    assert!(
        r.diags
            .iter()
            .any(|d| d.is_error() && d.message.contains("played under other rules than `alsos-4p`")),
        "{:?}",
        r.diags.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
    // the digest removed: the reader takes the record under the rules it names, as before
    let mut bare = rec.clone();
    bare.rules_digest = None;
    bare.variant = RulesRef::Name("alsos-4p".into());
    let r = replay_text("bare.json", &record::to_json(&bare));
    assert!(r.diags.iter().all(|d| !d.message.contains("rules_digest")));
}

/// Issue 28.13: a deal written as hands says how many players it is for; a record of 2 hands is
/// refused under rules that deal to 3 players with a message that says so (before, it was "the
/// deal leaves out ..." or a count of cards).
#[test]
fn a_deal_of_other_hands_than_players_is_refused_by_its_count() {
    let text = r#"{"variant": "alsos-4p", "dealer": 0,
      "deal": {"hands": [["makk.A"], ["makk.K"]], "talon": []},
      "actions": []}"#;
    let r = replay_text("three-hands.json", text);
    assert!(
        r.diags.iter().any(|d| d.is_error()
            && d.message
                .contains("the deal has 2 hands, but these rules deal to 3 players")),
        "{:?}",
        r.diags.iter().map(|d| &d.message).collect::<Vec<_>>()
    );
}
