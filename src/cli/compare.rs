//! `kartya compare A... -- B...`: loads two rule sets as `simulate` does, checks that they can
//! be compared and that no output would overwrite a file, plays the same deals under both with
//! the bots asked for, and prints the table, the JSON, the CSV or the HTML report. Thin: the
//! comparison and every output's text live in the library (`kartya::compare`).

use super::io::{errln, outln, outp};
use kartya::bots::sim;
use kartya::compare::{self, report::Heading, PlayHand, Run, Tally};
use kartya::diag::{Code, Diag};
use kartya::engine::Rules;
use kartya::source::{FileId, Origin, SourceSet};
use kartya::syntax::ast::Span;
use serde_json::json;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// How a kind of bot plays one hand (a `PlayHand`).
type Bots = fn(&mut kartya::engine::game::Game, u64, u64);

/// The bots `--bots` may name (clap lists them in the help and in the usage error of another
/// name), each with how it plays a hand. A new kind of bot is one row here.
pub const BOTS: &[(&str, Bots)] = &[
    ("random", compare::random_bots),
    ("heuristic", compare::heuristic_bots),
    ("pimc", compare::pimc_bots),
    ("sampled", compare::sampled_bots),
    ("sampled-pimc", compare::sampled_pimc_bots),
];

pub struct CompareArgs {
    pub a: Vec<String>,
    pub b: Vec<String>,
    pub bots: String,
    pub hands: u64,
    pub seed: u64,
    pub json: bool,
    pub csv: Option<String>,
    pub report: Option<String>,
    pub force: bool,
    pub threads: Option<usize>,
    pub shard: Option<sim::Shard>,
}

/// The report's page inside `--report DIR`.
const REPORT_PAGE: &str = "index.html";

/// The command line as a source for diagnostics, with the spans of A's and B's first argument
/// and of the `--csv` and `--report` paths.
struct CommandLine {
    sources: SourceSet,
    id: FileId,
    a: Span,
    b: Span,
    csv: Span,
    report: Span,
}

fn command_line(o: &CompareArgs) -> CommandLine {
    let mut text = String::from("kartya compare ");
    let span_of = |text: &mut String, word: &str| {
        let start = text.len();
        text.push_str(word);
        text.push(' ');
        Span::new(start, start + word.len())
    };
    let mut spans = Vec::new();
    for (i, w) in o.a.iter().enumerate() {
        let s = span_of(&mut text, w);
        if i == 0 {
            spans.push(s);
        }
    }
    text.push_str("-- ");
    for (i, w) in o.b.iter().enumerate() {
        let s = span_of(&mut text, w);
        if i == 0 {
            spans.push(s);
        }
    }
    let path = |text: &mut String, flag: &str, p: &Option<String>| match p {
        Some(p) => {
            text.push_str(flag);
            span_of(text, p)
        }
        None => Span::new(0, 0),
    };
    let csv = path(&mut text, "--csv ", &o.csv);
    let report = path(&mut text, "--report ", &o.report);
    let text = text.trim_end().to_string();
    let mut sources = SourceSet::new();
    let id = sources.add("<command line>", text, Origin::Synthetic);
    CommandLine {
        sources,
        id,
        a: spans.first().copied().unwrap_or_default(),
        b: spans.get(1).copied().unwrap_or_default(),
        csv,
        report,
    }
}

/// The output targets checked before any hand is played (`output::check_file`,
/// `output::check_folder`): nothing is written over without `--force`, nothing through a link.
fn output_refused(cl: &CommandLine, o: &CompareArgs) -> Vec<Diag> {
    let mut diags = Vec::new();
    if let Some(csv) = &o.csv {
        if let Err(r) = super::output::check_file(csv, o.force) {
            diags.push(r.on(cl.id, cl.csv));
        }
    }
    if let Some(dir) = &o.report {
        if let Err(r) = super::output::check_folder(dir, o.force, "reports") {
            diags.push(r.on(cl.id, cl.report));
        }
    }
    diags
}

/// Writes the report into `dir` (checked already): an earlier page goes first, then the charts,
/// the page last, each file whole under a temporary name and renamed: until the page is there,
/// the folder holds no report.
fn write_report(dir: &str, page: &str) -> Result<(), String> {
    let dir = std::path::Path::new(dir);
    let failed = |what: &std::path::Path, e: std::io::Error| format!("cannot write {}: {e}", what.display());
    let index = dir.join(REPORT_PAGE);
    if std::fs::symlink_metadata(&index).is_ok() {
        std::fs::remove_file(&index).map_err(|e| failed(&index, e))?;
    }
    super::output::clear(dir, &|n| n.starts_with("chart-") && n.ends_with(".svg")).map_err(|e| failed(dir, e))?;
    // each chart also as a file of its own, for a page that embeds pictures (a README)
    for (k, svg) in compare::report::charts(page).iter().enumerate() {
        let path = dir.join(format!("chart-{}.svg", k + 1));
        super::output::write_whole(&path, svg.as_bytes()).map_err(|e| failed(&path, e))?;
    }
    super::output::write_whole(&index, page.as_bytes()).map_err(|e| failed(&index, e))
}

/// Loads one rule set and compiles it; prints its diagnostics. Gives it with its sources.
fn rules(args: &[String]) -> Option<(Arc<Rules>, SourceSet)> {
    let (sources, loaded, diags) = super::load(args);
    super::print_diags(&diags, &sources);
    let variant = loaded.and_then(|l| l.variant)?;
    match Rules::new(variant) {
        Ok(r) => Some((r, sources)),
        Err(e) => {
            errln!("error: these rules cannot be played: {e}");
            None
        }
    }
}

pub fn compare(o: CompareArgs) -> ExitCode {
    if o.a.is_empty() || o.b.is_empty() {
        errln!(
            "error: give both rule sets: `kartya compare A... -- B...` (a variant and its house rules on each side)"
        );
        return ExitCode::from(2);
    }
    let cl = command_line(&o);
    let (a, b) = (rules(&o.a), rules(&o.b));
    let (Some((a, sources_a)), Some((b, sources_b))) = (a, b) else {
        return ExitCode::from(1);
    };
    if let Err(compare::Incomparable::Seats { a: na, b: nb }) = compare::names(&a, &b) {
        let d = Diag::new(
            Code::Incomparable,
            cl.id,
            format!("these rule sets cannot be compared: A has {na} seats, B has {nb}"),
        )
        .label(cl.a, format!("{na} seats"))
        .label(cl.b, format!("{nb} seats"))
        .help("compare rule sets for the same number of players: payments are per seat");
        super::print_diags(&[d], &cl.sources);
        return ExitCode::from(1);
    }
    let refused = output_refused(&cl, &o);
    if !refused.is_empty() {
        super::print_diags(&refused, &cl.sources);
        return ExitCode::from(1);
    }
    if let Some(t) = o.threads {
        if rayon::ThreadPoolBuilder::new().num_threads(t).build_global().is_err() {
            errln!("warning: the thread count was already set");
        }
    }
    let play: &PlayHand = match BOTS.iter().find(|(n, _)| *n == o.bots) {
        Some((_, f)) => f,
        None => return ExitCode::from(2),
    };
    let shard = o.shard.unwrap_or(sim::Shard::WHOLE);
    let run = Run {
        hands: o.hands,
        seed: o.seed,
        shard,
    };
    let start = Instant::now();
    let tally = match play_and_write(&a, &b, run, play, &o) {
        Ok(t) => t,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    let (a_name, b_name) = (o.a.join(" + "), o.b.join(" + "));
    let heading = Heading {
        a: &a_name,
        b: &b_name,
        bots: &o.bots,
        hands: o.hands,
        seed: o.seed,
    };
    if let Some(dir) = &o.report {
        let page = match compare::report::page(&heading, &tally) {
            Ok(p) => p,
            Err(e) => {
                errln!("error: cannot draw the report: {e}");
                return ExitCode::from(1);
            }
        };
        if let Err(e) = write_report(dir, &page) {
            errln!("error: {e}");
            return ExitCode::from(1);
        }
    }
    let played = tally.hands;
    let per_second = if elapsed > 0.0 { played as f64 / elapsed } else { 0.0 };
    if o.json {
        let mut out = run_json(&heading, &tally, elapsed);
        if let (Some(s), Some(obj)) = (o.shard, out.as_object_mut()) {
            obj.insert("shard".into(), super::shard::shard_json(s, o.hands, o.seed));
            let digest = format!(
                "{}{}",
                super::shard::rules_digest(&sources_a),
                super::shard::rules_digest(&sources_b)
            );
            obj.insert("rules_digest".into(), digest.into());
            obj.insert("sums".into(), serde_json::to_value(&tally).unwrap_or_default());
        }
        if o.shard.is_some() {
            let zero_sum = super::shard_check::zero_sum(&a) && super::shard_check::zero_sum(&b);
            outln!("{}", super::shard_check::seal(out, zero_sum));
        } else {
            outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
        }
    } else {
        if let Some(s) = o.shard {
            let r = shard.hands(o.hands);
            outln!(
                "shard {}/{} of {} hands: {}",
                s.index,
                s.of,
                o.hands,
                if r.is_empty() {
                    "no hands".to_string()
                } else {
                    format!("hands {} to {}", r.start + 1, r.end)
                }
            );
        }
        outp!("{}", compare::text::table(&heading, &tally));
        outln!("\ntiming: {elapsed:.2} s, {per_second:.0} hands/s (both rule sets)");
    }
    ExitCode::SUCCESS
}

/// The `--json` of a whole run (and of `merge` over its shards): the run, whether it was paired,
/// the hands played differently, every measure over all hands and over those hands, the timing.
pub fn run_json(h: &Heading, tally: &Tally, elapsed: f64) -> serde_json::Value {
    let (all, differing) = tally.results();
    let per_second = if elapsed > 0.0 {
        tally.hands as f64 / elapsed
    } else {
        0.0
    };
    json!({
        "a": h.a,
        "b": h.b,
        "bots": super::play::bots_label(h.bots),
        "hands": h.hands,
        "seed": h.seed,
        "paired": tally.paired(),
        "same_deck": tally.same_deck,
        "deals_differing": tally.deals_differing,
        "play_differing": tally.play_differing,
        "all": all,
        "differing": differing,
        "timing": { "elapsed_seconds": elapsed, "hands_per_second": per_second },
    })
}

/// Plays the comparison, streaming the CSV (if asked) batch by batch; gives the tally, or the
/// first write error.
fn play_and_write(a: &Arc<Rules>, b: &Arc<Rules>, run: Run, play: &PlayHand, o: &CompareArgs) -> Result<Tally, String> {
    let range = run.shard.hands(run.hands);
    let bar = super::play::Progress::new(range.end - range.start, o.json);
    let done = |n: u64| bar.add(n);
    let incomparable = |_| "these rule sets cannot be compared".to_string();
    let Some(path) = &o.csv else {
        return compare::compare(a, b, run, play, None, &done).map_err(incomparable);
    };
    let names = compare::names(a, b).map_err(incomparable)?;
    // written under a temporary name and renamed when whole: a killed run leaves no partial CSV
    let mut w = super::output::Staged::new(path).map_err(|e| format!("cannot write {path}: {e}"))?;
    let mut failed: Option<std::io::Error> = w.write_all(compare::csv::header(&names).as_bytes()).err();
    let mut text = String::new();
    let mut sink = |rows: &[compare::HandRow]| {
        if failed.is_some() {
            return;
        }
        text.clear();
        for r in rows {
            compare::csv::rows(&names, r, &mut text);
        }
        failed = w.write_all(text.as_bytes()).err();
    };
    let tally = compare::compare(a, b, run, play, Some(&mut sink), &done).map_err(incomparable)?;
    if let Some(e) = failed.or_else(|| w.commit().err()) {
        return Err(format!("cannot write {path}: {e}"));
    }
    Ok(tally)
}
