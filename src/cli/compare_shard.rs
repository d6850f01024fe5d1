//! `kartya merge` over the shards of `compare --shard i/n --json`: reads each shard's sums (its
//! `sums`, a `Tally`), checks with simulate's rules (`shard::check_parts`) that they are all the
//! shards of one run, adds them up and prints what one run prints with `--json`.

use super::io::outln;
use super::shard::{check_parts, key_span, Part, ShardResults};
use kartya::compare::{report::Heading, Tally};
use kartya::diag::{Code, Diag};
use kartya::source::{FileId, SourceSet};
use serde_json::Value;
use std::process::ExitCode;

impl ShardResults for Tally {
    fn names(&self) -> (Vec<String>, Vec<String>) {
        (self.names.contracts.clone(), self.names.figures.clone())
    }
    fn hands_played(&self) -> u64 {
        self.hands
    }
    fn inconsistent(&self, zero_sum: bool) -> Option<String> {
        super::shard_check::tally(self, zero_sum)
    }
}

/// The output of a `compare` shard: one with its sums.
pub fn is_compare_shard(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| v.get("sums").is_some_and(Value::is_object))
}

/// A compare shard's part and the names of its rule sets and bots.
struct ComparePart {
    part: Part<Tally>,
    a: String,
    b: String,
    bots: String,
}

fn read(file: FileId, text: &str) -> Result<ComparePart, Diag> {
    let not_a_shard = |why: String, key: &str| {
        Diag::new(Code::NotAShard, file, why)
            .label(key_span(text, key), "here")
            .help("give the files that `kartya compare ... --shard i/n --json` wrote, one per shard")
    };
    let v: Value = serde_json::from_str(text)
        .map_err(|e| not_a_shard(format!("this is not JSON: {}", e.to_string().to_lowercase()), ""))?;
    let (index, of, hands, seed) = super::shard::shard_header(&v, "compare", &not_a_shard)?;
    let zero_sum = super::shard_check::check_stamp(&v, text, &not_a_shard)?;
    let word = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let (Some(a), Some(b), Some(bots), Some(rules)) = (word("a"), word("b"), word("bots"), word("rules_digest")) else {
        return Err(not_a_shard(
            "it lacks the rule sets `a` and `b`, the `bots` or the `rules_digest`".into(),
            "shard",
        ));
    };
    let results: Tally = v
        .get("sums")
        .cloned()
        .and_then(|r| serde_json::from_value(r).ok())
        .ok_or_else(|| not_a_shard("its `sums` are not a comparison's sums".into(), "sums"))?;
    if index == 0 || index > of || of > super::shard::MAX_SHARDS {
        return Err(not_a_shard(
            format!("its `shard` ({index}/{of}) does not hold together"),
            "shard",
        ));
    }
    let elapsed = v
        .pointer("/timing/elapsed_seconds")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    Ok(ComparePart {
        part: Part {
            file,
            // what must be the same in every shard: both rule sets and the bots
            variant: format!("{a} -- {b} (bots {bots})"),
            index,
            of,
            hands,
            seed,
            rules,
            // the bots are part of `variant` above, so a shard of other bots is another run
            bots: None,
            results,
            elapsed,
            zero_sum,
        },
        a,
        b,
        bots,
    })
}

/// Merges the compare shards `files` (read into `sources`); exit 1 on a refused input.
pub fn merge(sources: &SourceSet, files: &[FileId]) -> ExitCode {
    let mut parts = Vec::new();
    let mut diags = Vec::new();
    for id in files {
        match read(*id, sources.text(*id)) {
            Ok(p) => parts.push(p),
            Err(d) => diags.push(d),
        }
    }
    let (heads, parts): (Vec<_>, Vec<Part<Tally>>) = parts.into_iter().map(|p| ((p.a, p.b, p.bots), p.part)).unzip();
    if diags.is_empty() {
        diags = check_parts(&parts, sources);
    }
    if !diags.is_empty() {
        super::print_diags(&diags, sources);
        return ExitCode::from(1);
    }
    let (Some(first), Some((a, b, bots))) = (parts.first(), heads.first()) else {
        return ExitCode::from(1);
    };
    let (hands, seed) = (first.hands, first.seed);
    let elapsed: f64 = parts.iter().map(|p| p.elapsed).sum();
    let mut parts = parts.into_iter();
    let Some(mut tally) = parts.next().map(|p| p.results) else {
        return ExitCode::from(1);
    };
    for p in parts {
        tally.merge(&p.results);
    }
    let heading = Heading {
        a,
        b,
        bots,
        hands,
        seed,
    };
    let out = super::compare::run_json(&heading, &tally, elapsed);
    outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    ExitCode::SUCCESS
}
