//! Fuzz target: arbitrary bytes as a hand record, replayed and its diagnostics rendered. Any
//! crash (or a run out of memory) is a bug; keep the input under tests/fixtures/fuzz as a `.json`
//! file so tests/robustness.rs replays it as a record.
#![no_main]

use kartya::source::{Origin, SourceSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut sources = SourceSet::new();
    let id = sources.add("fuzz.json", text.as_ref(), Origin::User);
    let r = kartya::record::replay(&mut sources, id);
    let _ = kartya::diag::render_plain(&r.diags, &sources, 80);
});
