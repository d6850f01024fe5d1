//! Fuzz target: arbitrary bytes through parse, resolve and check. Any crash is a bug; keep the
//! input under tests/fixtures/fuzz so tests/robustness.rs replays it.
#![no_main]

use kartya::source::{Origin, SourceSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut sources = SourceSet::new();
    let id = sources.add("fuzz.kartya", text.as_ref(), Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    let _ = kartya::diag::render_plain(&loaded.diags, &sources, 80);
});
