//! Property tests: arbitrary text and bytes never panic the front end, and every diagnostic
//! points inside its file. Crashes found by the fuzzer are kept under tests/fixtures/fuzz and
//! replayed here.

mod common;

use kartya::source::{Origin, SourceSet};
use proptest::prelude::*;

fn run(text: &str) {
    let mut sources = SourceSet::new();
    let id = sources.add("input.kartya", text, Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    for d in &loaded.diags {
        for l in &d.labels {
            assert!(
                l.span.start <= l.span.end && l.span.end <= sources.text(l.file).len(),
                "label outside its file: {d:?}"
            );
        }
        let _ = kartya::diag::render_plain(std::slice::from_ref(d), &sources, 80);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        run(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn token_soup_never_panics(words in proptest::collection::vec(prop_oneof![
        Just("house-rules"), Just("variant"), Just("x"), Just("\"d\""), Just("extends"), Just("alsos-3p"),
        Just("\n"), Just("{"), Just("}"), Just("figure"), Just("when"), Just("("), Just(")"), Just("and"),
        Just("not"), Just("captures"), Just("trump.7"), Just("value"), Just("1"), Just("front"), Just("in"),
        Just("adu"), Just("contract"), Just("betli"), Just("remove"), Just("#"), Just("-5"), Just("99999999999999999999"),
    ], 0..60)) {
        run(&words.join(" "));
    }

    #[test]
    fn edits_of_the_base_never_panic(pos in 0usize..6000, len in 0usize..40, junk in "[a-z{}() \n0-9.:#\"]{0,20}") {
        let base = kartya::bundled::find("alsos-3p").map(|b| b.text).unwrap_or_default();
        let mut s: String = base.to_string();
        let start = (0..=pos.min(s.len())).rev().find(|c| s.is_char_boundary(*c)).unwrap_or(0);
        let end = (start..=(start + len).min(s.len())).rev().find(|c| s.is_char_boundary(*c)).unwrap_or(start);
        s.replace_range(start..end, &junk);
        run(&s);
    }
}

#[test]
fn fuzz_findings_stay_fixed() {
    let dir = common::root().join("tests/fixtures/fuzz");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for e in entries.flatten() {
        let bytes = std::fs::read(e.path()).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        if e.path().extension().is_some_and(|x| x == "json") {
            // a hand record: replayed, its diagnostics rendered
            let mut sources = kartya::source::SourceSet::new();
            let id = sources.add("fuzz.json", text.as_ref(), kartya::source::Origin::User);
            let r = kartya::record::replay(&mut sources, id);
            let _ = kartya::diag::render_plain(&r.diags, &sources, 80);
        } else {
            run(&text);
        }
    }
}
