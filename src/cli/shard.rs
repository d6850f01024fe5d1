//! `simulate --shard i/n` and `kartya merge`: parses the shard argument, writes what a shard's
//! `--json` adds (which shard, of which run), and merges the outputs of all shards of a run into
//! the `--json` that one run prints, refusing shards of different runs, missing or duplicated
//! shards and files that are no shard's output.

use super::io::{outln, RECORD_LIMIT};
use kartya::bots::sim::{self, Shard, Summary};
use kartya::diag::{Code, Diag};
use kartya::source::{FileId, Origin, SourceSet};
use kartya::syntax::ast::Span;
use serde_json::{json, Value};
use std::process::ExitCode;

/// The most shards of one run: more than one per chunk of 256 hands would mostly be empty, and a
/// batch system's arrays stop well before.
pub const MAX_SHARDS: u64 = 100_000;

/// Parses `i/n` with 1 <= i <= n <= MAX_SHARDS (clap turns an error into a usage error, exit 2).
pub fn parse_shard(s: &str) -> Result<Shard, String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("`{s}` is not a shard: write i/n, as 2/4 for the second of four"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<u64>()
            .map_err(|_| format!("`{t}` is not a number: write i/n, as 2/4"))
    };
    let (index, of) = (num(i)?, num(n)?);
    if of == 0 || of > MAX_SHARDS {
        return Err(format!("the shard count must be 1 to {MAX_SHARDS} (got {of})"));
    }
    if index == 0 || index > of {
        return Err(format!(
            "the shard index must be 1 to {of} (got {index}); shards count from 1"
        ));
    }
    Ok(Shard { index, of })
}

/// What a shard's `--json` carries besides the results, for `merge`: which shard of how many,
/// and the run's hands and seed (the shard's own `results.hands` counts only its hands).
pub fn shard_json(shard: Shard, hands: u64, seed: u64) -> Value {
    json!({ "index": shard.index, "of": shard.of, "hands": hands, "seed": seed })
}

/// A shard's output also carries `rules_digest` of the loaded files, so that two shards of a rules
/// file of one name but other contents (edited between the shards, or another machine's copy) are
/// not merged. It is a field of its own beside `shard`, not inside it, so that a diagnostic's
/// neighbouring lines around the shard's fields never show it.
///
/// A digest of every loaded text (names and contents, in load order): FNV-1a of 64 bits, written
/// out here rather than `std`'s hasher, whose output may change between Rust versions. The build
/// is in the shard's `stamp` (`shard_check::stamp`).
pub fn rules_digest(sources: &SourceSet) -> String {
    let mut h = super::shard_check::Fnv::new();
    for id in sources.ids() {
        h.eat(sources.name(id).as_bytes());
        h.eat(sources.text(id).as_bytes());
    }
    h.hex()
}

/// One shard's output as read back: of `simulate` (`R` = `Summary`) or of `compare` (`Tally`).
pub struct Part<R> {
    pub file: FileId,
    /// The rules as the shard names them (for `compare`, both sides).
    pub variant: String,
    pub index: u64,
    pub of: u64,
    pub hands: u64,
    pub seed: u64,
    pub rules: String,
    /// The bots named by the output (`simulate --bots`), none for the random ones.
    pub bots: Option<String>,
    pub results: R,
    pub elapsed: f64,
    /// Every hand's payments sum to zero under these rules (none scores for himself).
    pub zero_sum: bool,
}

/// What `check_parts` reads of a shard's results: the names it counts by, and its hands.
pub trait ShardResults {
    /// The contract and figure names, which must be the same in every shard of a run.
    fn names(&self) -> (Vec<String>, Vec<String>);
    /// The hands the shard played.
    fn hands_played(&self) -> u64;
    /// What does not hold together in these results (a count above what counts it, arrays of
    /// other lengths than the names, payments that do not sum to zero where `zero_sum`), if anything.
    fn inconsistent(&self, zero_sum: bool) -> Option<String>;
}

impl ShardResults for Summary {
    fn names(&self) -> (Vec<String>, Vec<String>) {
        (
            self.contracts.iter().map(|c| c.name.clone()).collect(),
            self.figures.iter().map(|f| f.name.clone()).collect(),
        )
    }
    fn hands_played(&self) -> u64 {
        self.hands
    }
    fn inconsistent(&self, zero_sum: bool) -> Option<String> {
        super::shard_check::summary(self, zero_sum)
    }
}

/// The span of `"key"` in the text (for a label), else the first line. The shard's own fields
/// are looked for inside `shard` (the results have a `hands` and a `seed` too).
pub fn key_span(text: &str, key: &str) -> Span {
    let needle = format!("\"{key}\"");
    let from = match key {
        "index" | "of" | "hands" | "seed" => text.find("\"shard\"").unwrap_or(0),
        _ => 0,
    };
    match text[from..].find(&needle).map(|at| at + from) {
        Some(at) => Span::new(at, at + needle.len()),
        None => Span::new(0, text.find('\n').unwrap_or(text.len())),
    }
}

/// The `shard` object of a `command --shard` output: (index, of, hands, seed), or why the
/// output is not a shard's (`not_a_shard` words it, labelled at a key). Both `merge` readers.
pub fn shard_header(
    v: &Value,
    command: &str,
    not_a_shard: &dyn Fn(String, &str) -> Diag,
) -> Result<(u64, u64, u64, u64), Diag> {
    let shard = v.get("shard").filter(|s| s.is_object()).ok_or_else(|| {
        not_a_shard(
            format!("this has no `shard`: it is not the output of `{command} --shard`"),
            "",
        )
    })?;
    let num = |k: &str| shard.get(k).and_then(Value::as_u64);
    let (Some(index), Some(of), Some(hands), Some(seed)) = (num("index"), num("of"), num("hands"), num("seed")) else {
        return Err(not_a_shard(
            "its `shard` lacks the index, count, hands or seed".into(),
            "shard",
        ));
    };
    Ok((index, of, hands, seed))
}

/// Reads one shard output, or says why it is none.
fn read_part(file: FileId, text: &str) -> Result<Part<Summary>, Diag> {
    let not_a_shard = |why: String, key: &str| {
        Diag::new(Code::NotAShard, file, why)
            .label(key_span(text, key), "here")
            .help("give the files that `kartya simulate ... --shard i/n --json` wrote, one per shard")
    };
    let v: Value = serde_json::from_str(text)
        .map_err(|e| not_a_shard(format!("this is not JSON: {}", e.to_string().to_lowercase()), ""))?;
    let (index, of, hands, seed) = shard_header(&v, "simulate", &not_a_shard)?;
    let zero_sum = super::shard_check::check_stamp(&v, text, &not_a_shard)?;
    let rules = v
        .get("rules_digest")
        .and_then(Value::as_str)
        .ok_or_else(|| not_a_shard("it has no `rules_digest`".into(), "shard"))?
        .to_string();
    let variant = v
        .get("variant")
        .and_then(Value::as_str)
        .ok_or_else(|| not_a_shard("it names no `variant`".into(), "shard"))?
        .to_string();
    let results: Summary = v
        .get("results")
        .cloned()
        .and_then(|r| serde_json::from_value(r).ok())
        .ok_or_else(|| not_a_shard("its `results` are not a simulation summary".into(), "results"))?;
    if index == 0 || index > of || of > MAX_SHARDS || results.seed != seed {
        return Err(not_a_shard(
            format!("its `shard` ({index}/{of}) does not hold together"),
            "shard",
        ));
    }
    let elapsed = v
        .pointer("/timing/elapsed_seconds")
        .and_then(Value::as_f64)
        .unwrap_or(0.0);
    Ok(Part {
        file,
        variant,
        index,
        of,
        hands,
        seed,
        rules,
        bots: v.get("bots").and_then(Value::as_str).map(str::to_string),
        results,
        elapsed,
        zero_sum,
    })
}

/// `kartya merge FILE...`: prints what `simulate` (or `compare`) with the run's arguments prints
/// with `--json` (the timing is the shards' elapsed time summed). Exit 1 on a refused input.
pub fn merge(paths: &[String]) -> ExitCode {
    let mut sources = SourceSet::new();
    let mut texts = Vec::new();
    let mut diags = Vec::new();
    // the command line as a source, each path's diagnostic labelled at that path
    let line = format!("kartya merge {}", paths.join(" "));
    let cmd = sources.add("<command line>", line, Origin::Synthetic);
    let mut at = "kartya merge ".len();
    for path in paths {
        let span = Span::new(at, at + path.len());
        at += path.len() + 1;
        match super::io::read_text(path, RECORD_LIMIT, cmd, span, "shard output") {
            Ok(text) => texts.push(sources.add(path.clone(), text, Origin::User)),
            Err(d) => diags.push(d),
        }
    }
    // shards of `compare` carry their sums; the first readable file says which kind is merged
    if diags.is_empty()
        && texts
            .first()
            .is_some_and(|id| super::compare_shard::is_compare_shard(sources.text(*id)))
    {
        return super::compare_shard::merge(&sources, &texts);
    }
    let mut parts = Vec::new();
    for id in texts {
        match read_part(id, sources.text(id)) {
            Ok(p) => parts.push(p),
            Err(d) => diags.push(d),
        }
    }
    if diags.is_empty() {
        diags = check_parts(&parts, &sources);
    }
    if !diags.is_empty() {
        super::print_diags(&diags, &sources);
        return ExitCode::from(1);
    }
    let Some(first) = parts.first() else {
        return ExitCode::from(1);
    };
    let (variant, seed, hands, bots) = (first.variant.clone(), first.seed, first.hands, first.bots.clone());
    let elapsed: f64 = parts.iter().map(|p| p.elapsed).sum();
    let summary = parts
        .into_iter()
        .map(|p| p.results)
        .reduce(Summary::merge)
        .map(|s| sim::finish(s, seed))
        .unwrap_or_default();
    let per_second = if elapsed > 0.0 { hands as f64 / elapsed } else { 0.0 };
    let mut out = json!({
        "variant": variant,
        "results": summary,
        "timing": { "elapsed_seconds": elapsed, "hands_per_second": per_second },
    });
    // as `simulate --json` prints it: the bots beside the variant when they are not the random ones
    if let (Some(b), Some(o)) = (bots, out.as_object_mut()) {
        o.insert("bots".into(), b.into());
    }
    outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    if summary.non_zero_sum > 0 {
        super::io::errln!("error: {} hands did not pay out to zero", summary.non_zero_sum);
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// The shards must be of one run (variant, seed, hands, count, the same contracts and figures),
/// each once, all there, and each with the hands its index gives.
pub fn check_parts<R: ShardResults>(parts: &[Part<R>], sources: &SourceSet) -> Vec<Diag> {
    let Some(first) = parts.first() else {
        return Vec::new();
    };
    let mismatch = |p: &Part<R>, key: &str, why: String, help: String| {
        Diag::new(Code::ShardMismatch, p.file, why)
            .label(key_span(sources.text(p.file), key), "this shard")
            .label_in(first.file, key_span(sources.text(first.file), key), "the first shard")
            .help(help)
    };
    let same_run = "merge the shards of one run: the same rules, --hands, --seed and shard count";
    let mut diags = Vec::new();
    let names = |s: &R| s.names();
    for p in &parts[1..] {
        let differs = if p.variant != first.variant {
            Some((
                "variant",
                format!("this shard is of `{}`, the first of `{}`", p.variant, first.variant),
            ))
        } else if names(&p.results) != names(&first.results) {
            Some((
                "results",
                format!(
                    "this shard counts other contracts or figures than the first (or in another order), under the same rules `{}`",
                    p.variant
                ),
            ))
        } else if p.zero_sum != first.zero_sum {
            Some((
                "stamp",
                "this shard's rules score otherwise than the first's (one zero-sum, one not)".to_string(),
            ))
        } else if p.rules != first.rules {
            let why = format!(
                "this shard read other rules files than the first, under the name `{}`",
                p.variant
            );
            Some(("rules_digest", why))
        } else if p.bots != first.bots {
            let name = |b: &Option<String>| b.clone().unwrap_or_else(|| "random".into());
            Some((
                "bots",
                format!(
                    "this shard was played by {} bots, the first by {}",
                    name(&p.bots),
                    name(&first.bots)
                ),
            ))
        } else if p.seed != first.seed {
            Some((
                "seed",
                format!("this shard has seed {}, the first seed {}", p.seed, first.seed),
            ))
        } else if p.hands != first.hands {
            Some((
                "hands",
                format!(
                    "this shard is of a run of {} hands, the first of {}",
                    p.hands, first.hands
                ),
            ))
        } else if p.of != first.of {
            Some((
                "of",
                format!("this shard is one of {}, the first one of {}", p.of, first.of),
            ))
        } else {
            None
        };
        if let Some((key, why)) = differs {
            diags.push(mismatch(p, key, why, same_run.to_string()));
        }
    }
    if !diags.is_empty() {
        return diags;
    }
    for p in parts {
        if let Some(why) = p.results.inconsistent(p.zero_sum) {
            diags.push(
                Diag::new(
                    Code::NotAShard,
                    p.file,
                    format!("its results do not hold together: {why}"),
                )
                .label(key_span(sources.text(p.file), "results"), "these results")
                .help("give the file as the shard wrote it: an edited shard is not merged"),
            );
        }
    }
    if !diags.is_empty() {
        return diags;
    }
    let mut seen: Vec<Option<&Part<R>>> = vec![None; first.of as usize];
    for p in parts {
        let Some(slot) = seen.get_mut((p.index - 1) as usize) else {
            continue;
        };
        if let Some(earlier) = slot {
            diags.push(
                Diag::new(
                    Code::ShardMismatch,
                    p.file,
                    format!("shard {}/{} is given twice", p.index, p.of),
                )
                .label(key_span(sources.text(p.file), "index"), "this shard")
                .label_in(
                    earlier.file,
                    key_span(sources.text(earlier.file), "index"),
                    "given here already",
                )
                .help("give each shard's output once"),
            );
        } else {
            *slot = Some(p);
        }
        let expect = Shard {
            index: p.index,
            of: p.of,
        }
        .hands(p.hands);
        if p.results.hands_played() != expect.end - expect.start {
            diags.push(
                Diag::new(
                    Code::NotAShard,
                    p.file,
                    format!(
                        "shard {}/{} of {} hands plays {} hands, but its results count {}",
                        p.index,
                        p.of,
                        p.hands,
                        expect.end - expect.start,
                        p.results.hands_played()
                    ),
                )
                .label(key_span(sources.text(p.file), "results"), "these results")
                .help("give the file as `simulate --shard` wrote it"),
            );
        }
    }
    let missing: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if !missing.is_empty() && diags.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).cloned().collect();
        let more = if missing.len() > 10 { ", ..." } else { "" };
        diags.push(
            Diag::new(
                Code::ShardMismatch,
                first.file,
                format!(
                    "{} of {} shards missing: {}{more}",
                    missing.len(),
                    first.of,
                    shown.join(", ")
                ),
            )
            .label(key_span(sources.text(first.file), "of"), "the run has this many shards")
            .help(format!("give the outputs of all {} shards of the run", first.of)),
        );
    }
    diags
}
