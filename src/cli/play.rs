//! `kartya replay` and `kartya simulate`: read records and arguments, call the engine, print
//! score sheets and summaries. Thin: every rule lives in the library.

use kartya::diag::{Code, Diag};
use kartya::engine::{sim, Rules};
use kartya::record::{self, RulesRef};
use kartya::source::{Origin, SourceSet};
use serde_json::json;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Replays each record; prints its sheet (or JSON). Exit 1 if any record is rejected.
pub fn replay(paths: &[String], json_out: bool, canonical: bool) -> ExitCode {
    let mut failed = false;
    let mut outputs = Vec::new();
    for path in paths {
        let mut sources = SourceSet::new();
        let text = match std::fs::read(path).map(String::from_utf8) {
            Ok(Ok(t)) => t,
            Ok(Err(_)) | Err(_) => {
                let cmd = sources.add("<command line>", path.clone(), Origin::Synthetic);
                let d = Diag::new(Code::Unreadable, cmd, format!("cannot read `{path}` as UTF-8 text"))
                    .label(kartya::syntax::ast::Span::new(0, path.len()), "this record")
                    .help("check the path");
                super::print_diags(&[d], &sources);
                failed = true;
                continue;
            }
        };
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
                println!("{}", record::to_json(&rec));
            }
            continue;
        }
        if json_out {
            outputs.push(json!({ "record": path, "score": game.result() }));
        } else {
            println!("== {path}");
            print!("{}", record::sheet::sheet(&game));
        }
    }
    if json_out {
        println!("{}", serde_json::to_string_pretty(&outputs).unwrap_or_default());
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
    pub threads: Option<usize>,
}

/// Simulates hands with random bots; prints the summary (results and timing kept apart).
pub fn simulate(args: &[String], opts: SimArgs) -> ExitCode {
    let (sources, loaded, diags) = super::load(args);
    super::print_diags(&diags, &sources);
    let Some(variant) = loaded.and_then(|l| l.variant) else {
        return ExitCode::from(1);
    };
    let rules: Arc<Rules> = match Rules::new(variant) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: these rules cannot be played: {e}");
            return ExitCode::from(1);
        }
    };
    if let Some(t) = opts.threads {
        if rayon::ThreadPoolBuilder::new().num_threads(t).build_global().is_err() {
            eprintln!("warning: the thread count was already set");
        }
    }
    let start = Instant::now();
    let summary = sim::simulate(&rules, opts.hands, opts.seed);
    let elapsed = start.elapsed().as_secs_f64();
    if let Some(dir) = &opts.records {
        if let Err(e) = write_records(&rules, args, &sources, dir, opts.hands, opts.seed) {
            eprintln!("error: cannot write records to {dir}: {e}");
            return ExitCode::from(1);
        }
    }
    let per_second = if elapsed > 0.0 {
        opts.hands as f64 / elapsed
    } else {
        0.0
    };
    if opts.json {
        let out = json!({
            "variant": args.join(" + "),
            "results": summary,
            "timing": { "elapsed_seconds": elapsed, "hands_per_second": per_second },
        });
        println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        print!("{}", summary_text(&rules, args, &summary));
        println!("\ntiming: {elapsed:.2} s, {per_second:.0} hands/s");
    }
    if summary.non_zero_sum > 0 {
        eprintln!("error: {} hands did not pay out to zero", summary.non_zero_sum);
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
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
    let _ = writeln!(o, "\ncontract           played   share   declarer won");
    for c in &s.contracts {
        let _ = writeln!(
            o,
            "{:<18} {:>6}  {:>6}   {:>6}",
            c.name,
            c.played,
            pct(c.played, s.hands),
            pct(c.declarer_won, c.played)
        );
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
    o
}

/// Writes every simulated hand as a record: hand i replays to the same sheet.
fn write_records(
    rules: &Arc<Rules>,
    args: &[String],
    sources: &SourceSet,
    dir: &str,
    hands: u64,
    seed: u64,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let refs: Vec<RulesRef> = args
        .iter()
        .map(|a| match kartya::bundled::find(a) {
            Some(_) => RulesRef::Name(a.clone()),
            None => {
                let text = sources
                    .ids()
                    .find(|id| sources.name(*id) == a)
                    .map(|id| sources.text(id).to_string())
                    .unwrap_or_default();
                RulesRef::Inline { text }
            }
        })
        .collect();
    let Some((base, extras)) = refs.split_first() else {
        return Ok(());
    };
    let mut buf = Vec::new();
    for i in 0..hands {
        let g = sim::random_hand(rules, seed, i, &mut buf);
        let rec = record::export(&g, base.clone(), extras.to_vec());
        std::fs::write(
            std::path::Path::new(dir).join(format!("hand-{i:06}.json")),
            record::to_json(&rec),
        )?;
    }
    Ok(())
}
