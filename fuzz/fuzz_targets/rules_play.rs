//! Fuzz target: bytes as a rules file that is played (issue 28). The first byte picks a bundled
//! file (or, at 255, the rest of the bytes are the rules text itself); the rest are changes to its
//! numbers and lines (tests/common/mutate.rs: values within and beyond the bounds). A text that
//! checks clean is played for three hands by random bots through the checked `apply`, at most
//! 10,000 actions a hand. Any crash is a bug: keep the rules text it played under
//! tests/fixtures/fuzz as `play-NAME.kartya` so tests/fuzz_rules_play.rs plays it again.
#![no_main]

#[path = "../../tests/common/mutate.rs"]
mod mutate;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let text = if pick == 255 {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        let files: Vec<_> = kartya::bundled::all().collect();
        let Some(f) = files.get(pick as usize % files.len()) else { return };
        mutate::mutate(f.text, &mutate::ops_of(rest))
    };
    let seed = data.len() as u64;
    let _ = mutate::check_and_play(&text, seed, 3);
});
