//! Mutations of rules texts for the fuzzing of rules files that are played (issue 28): takes a
//! text and a list of operations (from a fuzzer's bytes or a proptest strategy), gives the text
//! with numbers replaced by values within and beyond the language's bounds, and lines dropped or
//! repeated. Shared by tests/fuzz_rules_play.rs and fuzz/fuzz_targets/rules_play.rs.

/// Values a number is replaced by: the usual small ones, the bounds of values (1,000,000),
/// ladders (1024), calls (16), seats (8), cards (64) and the product (10^15), one on each side of
/// them, and numbers no rule takes.
pub const VALUES: &[i128] = &[
    0,
    1,
    2,
    3,
    -1,
    7,
    8,
    9,
    15,
    16,
    17,
    31,
    32,
    33,
    63,
    64,
    65,
    255,
    256,
    1023,
    1024,
    1025,
    999_999,
    1_000_000,
    1_000_001,
    1 << 31,
    1 << 53,
    1_000_000_000_000_000,
    i64::MAX as i128,
    i64::MAX as i128 + 1,
];

/// One change: `what` picks the kind (number, drop a line, repeat a line), `at` the number or
/// line (modulo their count), `value` the replacement from `VALUES` or, past its end, the old
/// number moved by a small step.
#[derive(Debug, Clone, Copy)]
pub struct Op {
    pub what: u8,
    pub at: u16,
    pub value: u8,
}

/// The byte ranges of the whole numbers in `text` (runs of ASCII digits).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric() && b[i - 1] != b'.') {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            // a number, not a word that starts with digits or a card like `piros.10`
            if i == b.len() || !b[i].is_ascii_alphabetic() {
                out.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    out
}

/// `text` with `ops` applied in order.
pub fn mutate(text: &str, ops: &[Op]) -> String {
    let mut t = text.to_string();
    for op in ops {
        match op.what % 8 {
            // a line dropped or repeated (one op in eight each)
            6 | 7 => {
                let lines: Vec<&str> = t.lines().collect();
                if lines.is_empty() {
                    continue;
                }
                let at = op.at as usize % lines.len();
                let mut out: Vec<&str> = Vec::with_capacity(lines.len() + 1);
                for (i, l) in lines.iter().enumerate() {
                    if i != at || op.what % 8 == 7 {
                        out.push(l);
                    }
                    if i == at && op.what % 8 == 7 {
                        out.push(l);
                    }
                }
                t = out.join("\n") + "\n";
            }
            _ => {
                let nums = numbers(&t);
                if nums.is_empty() {
                    continue;
                }
                let (s, e) = nums[op.at as usize % nums.len()];
                let old: i128 = t[s..e].parse().unwrap_or(0);
                let new = match VALUES.get(op.value as usize) {
                    Some(v) => *v,
                    None => old + i128::from(op.value % 5) - 2,
                };
                t.replace_range(s..e, &new.to_string());
            }
        }
    }
    t
}

/// Operations read from a fuzzer's bytes: three bytes each.
pub fn ops_of(bytes: &[u8]) -> Vec<Op> {
    bytes
        .chunks_exact(3)
        .map(|c| Op {
            what: c[0],
            at: u16::from(c[1]) * 7 + u16::from(c[0] >> 3),
            value: c[2] % 48,
        })
        .collect()
}

/// What became of a mutated text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `check` refused it (with diagnostics, rendered without a panic).
    Refused,
    /// It checked clean and this many hands were played to their end.
    Played(u64),
}

/// Checks `text` as a rules file (a house-rules file extends its bundled base) and, when it checks
/// clean, plays `hands` hands of it with random bots at every seat through the checked `apply`
/// (at most `bots::play_hand`'s 10,000 actions a hand: the bots' budget). Panics on what is a bug:
/// a panic inside, rules that check clean but cannot be compiled, an action of the legal list the
/// engine refuses, a hand the bots cannot end, a hand over without a result.
pub fn check_and_play(text: &str, seed: u64, hands: u64) -> Outcome {
    use kartya::bots::{play_hand, BotKind, BotSet};
    use kartya::engine::{Game, Rules, Seat};
    use kartya::source::{Origin, SourceSet};
    let mut sources = SourceSet::new();
    let id = sources.add("fuzz.kartya", text, Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    let _ = kartya::diag::render_plain(&loaded.diags, &sources, 80);
    let Some(variant) = loaded
        .variant
        .filter(|_| !loaded.diags.iter().any(kartya::diag::Diag::is_error))
    else {
        return Outcome::Refused;
    };
    let rules = match Rules::new(variant) {
        Ok(r) => r,
        Err(e) => panic!("checked clean but cannot be played: {e}\n{text}"),
    };
    let mut bots = BotSet::uniform(BotKind::Random, rules.variant.players).stepped();
    let mut g = Game::new(rules, Seat(0), seed);
    for i in 0..hands {
        if let Err(e) = play_hand(&mut g, &mut bots, seed, i) {
            panic!("hand {i}: {e}\n{text}");
        }
        assert!(g.is_over() && g.result().is_some(), "hand {i}: not scored\n{text}");
    }
    Outcome::Played(hands)
}
