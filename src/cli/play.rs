//! `kartya replay` and `kartya simulate`: read records and arguments, call the engine, print
//! score sheets and summaries. Thin: every rule lives in the library.

use super::io::{errln, outln, outp};
use kartya::bots::sim;
use kartya::bots::{self, BotKind};
use kartya::diag::Diag;
use kartya::engine::Rules;
use kartya::record::{self, RulesRef};
use kartya::source::{Origin, SourceSet};
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most hands one run plays (about half an hour of a release build on one core).
pub const MAX_HANDS: u64 = 1_000_000_000;
/// The most hands written with `--records`: one file each.
pub const MAX_RECORDS: u64 = 100_000;
/// The most worker threads: more only queue on the cores and cost a stack each.
pub const MAX_THREADS: i64 = 256;

/// Replays each record; prints its sheet (or JSON). Exit 1 if any record is rejected.
pub fn replay(paths: &[String], json_out: bool, canonical: bool) -> ExitCode {
    let mut failed = false;
    let mut outputs = Vec::new();
    for path in paths {
        let mut sources = SourceSet::new();
        let text = match super::io::read_one(path, super::io::RECORD_LIMIT, &mut sources, "record") {
            Ok(t) => t,
            Err(d) => {
                super::print_diags(&[d], &sources);
                failed = true;
                continue;
            }
        };
        if let Some(d) = super::output::refuse_incomplete(path, incomplete_run(path), &mut sources) {
            super::print_diags(&[d], &sources);
            failed = true;
            continue;
        }
        let id = sources.add(path.clone(), text, Origin::User);
        let r = record::replay(&mut sources, id);
        super::print_diags(&r.diags, &sources);
        let errors = r.diags.iter().any(Diag::is_error);
        failed |= errors;
        let Some(game) = r.game.filter(|_| !errors) else {
            continue;
        };
        if canonical {
            let rec = match serde_json::from_str::<record::Record>(sources.text(id)) {
                Ok(orig) => record::export(&game, orig.variant, orig.house_rules),
                Err(_) => continue,
            };
            outputs.push(json!({ "record": path, "canonical": rec }));
            if !json_out {
                outln!("{}", record::to_json(&rec));
            }
            continue;
        }
        if json_out {
            outputs.push(json!({ "record": path, "sheet": record::sheet::sheet_json(&game) }));
        } else {
            outln!("== {path}");
            outp!("{}", record::sheet::sheet(&game));
        }
    }
    if json_out {
        outln!("{}", serde_json::to_string_pretty(&outputs).unwrap_or_default());
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

pub struct SimArgs {
    pub hands: u64,
    pub seed: u64,
    pub json: bool,
    pub records: Option<String>,
    pub force: bool,
    pub threads: Option<usize>,
    /// Only these hands of the run (`--shard i/n`); None: all.
    pub shard: Option<sim::Shard>,
    /// The bots at every seat (`--bots`).
    pub bots: BotKind,
}

/// `--bots KIND`: one of the bot kinds by name.
pub fn parse_bots(s: &str) -> Result<BotKind, String> {
    BotKind::parse(s).ok_or_else(|| {
        let kinds: Vec<&str> = BotKind::ALL.iter().map(|k| k.name()).collect();
        format!("no bot kind `{s}`: the kinds are {}", kinds.join(", "))
    })
}

/// Simulates hands with random bots; prints the summary (results and timing kept apart).
pub fn simulate(args: &[String], opts: SimArgs) -> ExitCode {
    let (sources, rules) = match super::load_rules(args) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    if let Some(dir) = &opts.records {
        if opts.hands > MAX_RECORDS {
            errln!(
                "error: --records writes one file per hand: at most {MAX_RECORDS} hands with --records (asked {})",
                opts.hands
            );
            return ExitCode::from(2);
        }
        if let Err(refused) = prepare_dir(dir, opts.force) {
            let (sources, d) = refused.diag("simulate", "--records", dir);
            super::print_diags(&[d], &sources);
            return ExitCode::from(1);
        }
    }
    if let Some(t) = opts.threads {
        if rayon::ThreadPoolBuilder::new().num_threads(t).build_global().is_err() {
            errln!("warning: the thread count was already set");
        }
    }
    let start = Instant::now();
    let shard = opts.shard.unwrap_or(sim::Shard::WHOLE);
    let played = shard.hands(opts.hands);
    let played = played.end - played.start;
    let summary = {
        let bar = Progress::new(played, opts.json);
        bots::simulate_shard(&rules, opts.hands, opts.seed, shard, opts.bots, &|n| bar.add(n))
    };
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(dir) = &opts.records {
        if let Err(e) = write_records(&rules, args, &sources, dir, opts.hands, opts.seed, opts.bots) {
            errln!("error: cannot write records to {dir}: {e}");
            return ExitCode::from(1);
        }
    }
    let per_second = if elapsed > 0.0 { played as f64 / elapsed } else { 0.0 };
    if opts.json {
        let mut out = json!({
            "variant": args.join(" + "),
            "results": summary,
            "timing": { "elapsed_seconds": elapsed, "hands_per_second": per_second },
        });
        // only bots other than the random ones are named: a random run's output stays as it was
        if let (true, Some(o)) = (opts.bots != BotKind::Random, out.as_object_mut()) {
            o.insert("bots".into(), bots_label(opts.bots.name()).into());
        }
        // only a shard says so: the output of a whole run stays as it was
        if let (Some(s), Some(o)) = (opts.shard, out.as_object_mut()) {
            o.insert("shard".into(), super::shard::shard_json(s, opts.hands, opts.seed));
            o.insert("rules_digest".into(), super::shard::rules_digest(&sources).into());
        }
        if opts.shard.is_some() {
            outln!(
                "{}",
                super::shard_check::seal(out, super::shard_check::zero_sum(&rules))
            );
        } else {
            outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
        }
    } else {
        if let Some(s) = opts.shard {
            outln!(
                "shard {}/{} of {} hands: hands {}",
                s.index,
                s.of,
                opts.hands,
                hand_span(shard, opts.hands)
            );
        }
        if opts.bots != BotKind::Random {
            outln!("bots: {}", opts.bots.name());
        }
        outp!("{}", summary_text(&rules, args, &summary));
        outln!("\ntiming: {elapsed:.2} s, {per_second:.0} hands/s");
    }
    if summary.non_zero_sum > 0 {
        errln!("error: {} hands did not pay out to zero", summary.non_zero_sum);
        return ExitCode::from(1);
    }
    if summary.illegal > 0 {
        errln!(
            "error: in {} hands a bot took an action the rules refuse",
            summary.illegal
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// The hands of a shard in words, counted from 1 as a reader counts them ("none" for an empty shard).
fn hand_span(shard: sim::Shard, hands: u64) -> String {
    let r = shard.hands(hands);
    if r.is_empty() {
        "none".into()
    } else {
        format!("{} to {}", r.start + 1, r.end)
    }
}

fn pct(a: u64, b: u64) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * a as f64 / b as f64)
    }
}

/// The summary in words (no timing: the same seed gives the same text).
pub fn summary_text(rules: &Rules, args: &[String], s: &sim::Summary) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    let _ = writeln!(o, "{}: {} hands, seed {}", args.join(" + "), s.hands, s.seed);
    if s.redeals > 0 {
        let _ = writeln!(o, "thrown in (all passed): {}", s.redeals);
    }
    // with a partner the declarer wins or loses with his side, and may play alone: say so
    let partners = s.contracts.iter().any(|c| c.declarer_alone.is_some());
    let _ = writeln!(
        o,
        "\ncontract           played   share   {}",
        if partners {
            "declarer's side won   declarer alone"
        } else {
            "declarer won"
        }
    );
    for c in &s.contracts {
        // a contract without a declarer (everyone for himself) has no declarer to win: the
        // share only
        let won = if c.declarer_won + c.declarer_lost == 0 && c.played > 0 {
            String::new()
        } else {
            pct(c.declarer_won, c.played)
        };
        let line = if partners {
            let alone = c.declarer_alone.map(|a| pct(a, c.played)).unwrap_or_default();
            format!(
                "{:<18} {:>6}  {:>6}   {:>19}   {:>14}",
                c.name,
                c.played,
                pct(c.played, s.hands),
                won,
                alone
            )
        } else {
            format!(
                "{:<18} {:>6}  {:>6}   {:>6}",
                c.name,
                c.played,
                pct(c.played, s.hands),
                won
            )
        };
        let _ = writeln!(o, "{}", line.trim_end());
    }
    let _ = writeln!(o, "\nfigure             announced   success");
    for f in s.figures.iter().filter(|f| f.announced > 0) {
        let _ = writeln!(o, "{:<18} {:>9}   {:>7}", f.name, f.announced, pct(f.won, f.announced));
    }
    let _ = writeln!(o, "\nmean payment per hand, by seat");
    for (seat, m) in s.mean_payment.iter().enumerate() {
        let paper = s.paper_total.get(seat).copied().unwrap_or(0);
        let _ = writeln!(o, "seat {seat}: {m:+.4}   (written on paper in all: {paper})");
    }
    if rules.variant.scoring.robber.is_some() {
        let _ = writeln!(
            o,
            "robbers completed: {} (each 256 hands a session of its own)",
            s.robbers
        );
    }
    if let (Some(session), Some(st)) = (&rules.variant.scoring.session, &s.session) {
        let short = match session.ends {
            kartya::model::SessionEnd::WhenOneCannotPay => "which ended it",
            kartya::model::SessionEnd::ByAgreement => "playing on in debt",
        };
        let unit = rules
            .variant
            .scoring
            .unit
            .as_deref()
            .map(|u| format!(" {u}"))
            .unwrap_or_default();
        let _ = writeln!(
            o,
            "sessions ({}{unit} each at the start, at most 256 hands each): {}, {:.1} hands on average; a seat could not pay in {} ({}), after {:.1} hands on average",
            session.start, st.sessions, st.mean_hands, st.cannot_pay, short, st.mean_hands_to_cannot_pay
        );
    }
    o
}

/// Writes every simulated hand as a record: hand i replays to the same sheet. The manifest is
/// written first saying `"complete": false` (over an earlier run's, before its hands are
/// removed), each hand under a temporary name renamed when whole, and the manifest again with
/// `"complete": true` last: a run killed on the way leaves a folder marked incomplete.
fn write_records(
    rules: &Arc<Rules>,
    args: &[String],
    sources: &SourceSet,
    dir: &str,
    hands: u64,
    seed: u64,
    kind: BotKind,
) -> std::io::Result<()> {
    let refs = rules_refs(args, sources);
    let Some((base, extras)) = refs.split_first() else {
        return Ok(());
    };
    let dir = std::path::Path::new(dir);
    let mut manifest = json!({
        "format": RECORDS_FORMAT,
        "rules": args,
        "seed": seed,
        "hands": hands,
        "kartya": env!("CARGO_PKG_VERSION"),
        "build": env!("KARTYA_BUILD"),
        "complete": false,
    });
    if let (true, Some(o)) = (kind != BotKind::Random, manifest.as_object_mut()) {
        o.insert("bots".into(), bots_label(kind.name()).into());
    }
    let write_manifest = |m: &serde_json::Value| {
        super::output::write_whole(
            dir.join(MANIFEST),
            (serde_json::to_string_pretty(m).unwrap_or_default() + "\n").as_bytes(),
        )
    };
    write_manifest(&manifest)?;
    // an earlier run's hands (with --force) go only once the folder says it is incomplete
    super::output::clear(dir, &is_hand_file)?;
    let mut buf = Vec::new();
    let mut set = bots::BotSet::uniform(kind, rules.variant.players);
    for i in 0..hands {
        let g = if kind == BotKind::Random {
            sim::random_hand(rules, seed, i, &mut buf)
        } else {
            let mut g = kartya::engine::Game::new(Arc::clone(rules), kartya::engine::Seat(0), seed);
            // a refused action leaves the hand unfinished: its record shows where
            let _ = bots::play_hand(&mut g, &mut set, seed, i);
            g
        };
        let mut rec = record::export(&g, base.clone(), extras.to_vec());
        rec.seed = Some(seed);
        rec.hand = Some(i);
        super::output::write_whole_unsynced(dir.join(format!("hand-{i:06}.json")), record::to_json(&rec).as_bytes())?;
    }
    if let Some(o) = manifest.as_object_mut() {
        o.insert("complete".into(), true.into());
    }
    write_manifest(&manifest)
}

/// The manifest `--records` writes beside the hands, and its format.
const MANIFEST: &str = "manifest.json";
const RECORDS_FORMAT: &str = "kartya-records/2";

/// A hand's record as `--records` names it.
fn is_hand_file(name: &str) -> bool {
    name.starts_with("hand-") && name.ends_with(".json")
}

/// Whether the record at `path` is one of a `--records` run that did not finish: its folder's
/// manifest (of this format) does not say `"complete": true`. Gives the manifest's path.
pub fn incomplete_run(path: &str) -> Option<String> {
    let p = std::path::Path::new(path);
    let name = p.file_name()?.to_string_lossy().to_string();
    if !is_hand_file(&name) {
        return None;
    }
    let manifest = p.parent().unwrap_or(std::path::Path::new("")).join(MANIFEST);
    let text = std::fs::read_to_string(&manifest).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let ours = v.get("format").and_then(serde_json::Value::as_str) == Some(RECORDS_FORMAT);
    let complete = v.get("complete").and_then(serde_json::Value::as_bool) == Some(true);
    (ours && !complete).then(|| manifest.display().to_string())
}

/// Checks the records folder before the run (see `output::check_folder`): new, empty, or with
/// `force` one whose records and manifest `write_records` replaces (nothing else is touched).
fn prepare_dir(dir: &str, force: bool) -> Result<(), super::output::Refusal> {
    super::output::check_folder(dir, force, "records")
}

/// A progress bar on stderr for runs long enough to wait for: shown only on a terminal, not with
/// `--json`, and only after the first second (short runs print nothing extra). The workers bump
/// its counter after each chunk; it does not touch the results.
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    pub fn new(hands: u64, json: bool) -> Self {
        use std::io::IsTerminal;
        if json || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::with_draw_target(Some(hands), indicatif::ProgressDrawTarget::stderr());
        let style =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} hands, {rate}, {elapsed} elapsed, ETA {eta}")
                .map(|st| {
                    st.with_key("rate", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} hands/s", s.per_sec());
                    })
                });
        if let Ok(style) = style {
            bar.set_style(style);
        }
        // hidden until a second has passed: set_draw_target is only swapped in by `add`
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        Progress(Some(bar))
    }
    pub fn add(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
            if b.is_hidden() && b.elapsed() > Duration::from_secs(1) {
                b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

/// The bots as an output names them: the kind, and for pimc bots with another `--nodes` than
/// the default the budget too (`pimc --nodes 500000`), so that shards of other budgets are not
/// merged as one run.
pub(super) fn bots_label(kind: &str) -> String {
    let n = kartya::pimc::node_budget();
    let k = kartya::bots::sampled::worlds();
    let mut label = kind.to_string();
    if k != kartya::bots::sampled::DEFAULT_WORLDS
        && [BotKind::Sampled.name(), BotKind::SampledPimc.name()].contains(&kind)
    {
        label += &format!(" --worlds {k}");
    }
    if n != kartya::pimc::DEFAULT_NODES && [BotKind::Pimc.name(), BotKind::SampledPimc.name()].contains(&kind) {
        label += &format!(" --nodes {n}");
    }
    label
}

/// The rules as a record names them: a bundled name, or a user file's text inline; then the
/// text of each local file those extend (found beside them or by path, not on the command line),
/// so that the record replays anywhere.
pub(super) fn rules_refs(args: &[String], sources: &SourceSet) -> Vec<RulesRef> {
    let mut refs: Vec<RulesRef> = args
        .iter()
        .map(|a| match kartya::bundled::find(a) {
            Some(_) => RulesRef::Name(a.clone()),
            None => RulesRef::Inline {
                text: sources
                    .ids()
                    .find(|id| sources.name(*id) == a)
                    .map(|id| sources.text(id).to_string())
                    .unwrap_or_default(),
            },
        })
        .collect();
    let parents = sources.ids().filter(|&id| {
        sources.origin(id) == kartya::source::Origin::User && !args.iter().any(|a| a == sources.name(id))
    });
    refs.extend(parents.map(|id| RulesRef::Inline {
        text: sources.text(id).to_string(),
    }));
    refs
}
