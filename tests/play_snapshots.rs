//! The `play` stage of the per-variant snapshots: takes every bundled rules file, gives the
//! results of 2,000 random hands (the `Summary` that `simulate --json` prints, without timing)
//! and three hands as exported records with their score sheets, as one snapshot per file under
//! tests/snapshots/play/. A restructuring of the engine keeps these byte-identical; a change
//! of behaviour shows here, file by file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use kartya::engine::{bundled_rules, sim};
use kartya::record::{self, RulesRef};

const HANDS: u64 = 2000;
const SEED: u64 = 1;
const RECORDS: u64 = 3;

#[test]
fn every_bundled_file_plays_as_its_snapshot() {
    for b in kartya::bundled::all() {
        let rules = bundled_rules(b.name).unwrap_or_else(|e| panic!("{}: {e}", b.name));
        let summary = sim::simulate(&rules, HANDS, SEED);
        let mut out = format!("simulate {} --hands {HANDS} --seed {SEED}\n", b.name);
        out.push_str(&serde_json::to_string_pretty(&summary).unwrap());
        out.push('\n');
        let mut buf = Vec::new();
        for i in 0..RECORDS {
            let g = sim::random_hand(&rules, SEED, i, &mut buf);
            let mut rec = record::export(&g, RulesRef::Name(b.name.to_string()), Vec::new());
            // the digest changes with any change of the model, played or not: these snapshots
            // record the play (tests/records.rs holds the digest)
            rec.rules_digest = None;
            out.push_str(&format!("\nhand {i}\n"));
            out.push_str(&record::to_json(&rec));
            out.push('\n');
            out.push_str(&record::sheet::sheet(&g));
        }
        let snap = b.path.trim_end_matches(".kartya").replace('/', "__");
        insta::with_settings!({ snapshot_path => "snapshots/play", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(snap, out);
        });
    }
}
