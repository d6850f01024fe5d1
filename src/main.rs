//! The `kartya` command line: reads files and arguments, calls the library, prints reports.
//! Exit codes: 0 clean (warnings allowed), 1 errors in the input, 2 usage errors.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "cli/compare.rs"]
mod compare;
#[path = "cli/compare_shard.rs"]
mod compare_shard;
#[path = "cli/io.rs"]
mod io;
#[path = "cli/legal.rs"]
mod legal;
#[path = "cli/output.rs"]
mod output;
#[path = "cli/play.rs"]
mod play;
#[path = "cli/report.rs"]
mod report;
#[path = "cli/shard.rs"]
mod shard;
#[path = "cli/shard_check.rs"]
mod shard_check;
#[path = "cli/solve.rs"]
mod solve;
#[path = "cli/table/mod.rs"]
mod table;

use clap::{Parser, Subcommand};
use io::{errln, outln, outp};
use kartya::diag::{Code, Diag};
use kartya::source::{FileId, Origin, SourceSet};
use kartya::syntax::ast::Span;
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "kartya",
    version,
    about = "Trick-taking card games whose rules are text files",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the bundled variants and house rules, bases first, then house rules, then club examples.
    #[command(after_help = "Example:\n  kartya list\n  kartya list --json | jq '.[].name'")]
    List {
        #[arg(long)]
        json: bool,
    },
    /// Check a variant and house rules combined on it (bundled names or paths; the first is the base).
    #[command(
        after_help = "Examples:\n  kartya check alsos-3p uhu mordkontra\n  kartya check our-club.kartya\n  kartya check --all\n  kartya check our-club.kartya --json"
    )]
    Check {
        #[arg(required_unless_present = "all", value_name = "ARG")]
        args: Vec<String>,
        /// Check every bundled file on its own (house rules on their base).
        #[arg(long, conflicts_with = "args")]
        all: bool,
        /// Print the diagnostics as JSON on stdout (code, severity, message, file, line, column, help).
        #[arg(long, conflicts_with = "all")]
        json: bool,
    },
    /// Print the resolved rule set in canonical text, or explain a diagnostic code.
    #[command(
        after_help = "Examples:\n  kartya explain alsos-3p uhu\n  kartya explain alsos-3p --json\n  kartya explain --code kartya::conflict"
    )]
    Explain {
        #[arg(required_unless_present = "code", value_name = "ARG")]
        args: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Explain a diagnostic code (`kartya::conflict`, or just `conflict`) with an example.
        #[arg(long, value_name = "CODE", conflicts_with_all = ["args", "json"])]
        code: Option<String>,
    },
    /// Replay hand records: check every action and print the itemized score sheet.
    #[command(
        after_help = "Examples:\n  kartya replay hands/hand-000000.json\n  kartya replay hands/*.json --json\n  kartya replay hand.json --canonical\n  kartya replay hand.json --legal --at 12\n  kartya replay hand.json --legal --json"
    )]
    Replay {
        #[arg(required = true, value_name = "RECORD")]
        records: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Print each record in canonical form instead of its sheet.
        #[arg(long)]
        canonical: bool,
        /// Print the legal actions after the record's last action (or after --at N of them), one
        /// a line in the record's notation; with --json the seat to act, the phase and the
        /// actions. Reads one record, which may stop before the hand is over.
        #[arg(long, conflicts_with = "canonical")]
        legal: bool,
        /// With --legal: the point after the first N actions (0: the deal, before any action).
        #[arg(long, value_name = "N", requires = "legal")]
        at: Option<usize>,
    },
    /// Solve a recorded position double dummy: the value for the declarer's side and the best cards.
    #[command(
        after_help = "Examples:\n  kartya solve hand.json\n  kartya solve hand.json --from 20 --json\n  kartya solve hand.json --nodes 500000000"
    )]
    Solve {
        #[arg(value_name = "RECORD")]
        record: String,
        /// The position before this action (0-based index into the record's actions); default:
        /// the first card of the play.
        #[arg(long, value_name = "N")]
        from: Option<usize>,
        /// The most search nodes the solver may visit (its budget; it never runs on a clock): a
        /// position it cannot settle within them is an error that says so.
        #[arg(long, value_name = "N", default_value_t = solve::DEFAULT_NODES,
              value_parser = clap::value_parser!(u64).range(1..=solve::MAX_NODES))]
        nodes: u64,
        #[arg(long)]
        json: bool,
    },
    /// Play hands with bots (random legal ones unless --bots says otherwise) and summarise the results.
    #[command(
        after_help = "Examples:\n  kartya simulate alsos-3p --hands 100000 --seed 1\n  kartya simulate alsos-3p --bots heuristic --hands 10000\n  kartya simulate alsos-3p uhu --hands 50 --records hands/"
    )]
    Simulate {
        #[arg(required = true, value_name = "ARG")]
        args: Vec<String>,
        /// Hands to play (1 to 1000000000; with --records at most 100000).
        #[arg(long, default_value_t = 1000, value_name = "N", allow_negative_numbers = true,
              value_parser = clap::value_parser!(i64).range(1..=play::MAX_HANDS as i64))]
        hands: i64,
        #[arg(long, default_value_t = 1, value_name = "S")]
        seed: u64,
        #[arg(long)]
        json: bool,
        /// Write every hand as a record into this folder (new or empty, unless --force), with a manifest.
        #[arg(long, value_name = "DIR")]
        records: Option<String>,
        /// Write the records into a folder that already holds files (old records are removed).
        #[arg(long, requires = "records")]
        force: bool,
        /// Worker threads, 1 to 256 (the results do not depend on it).
        #[arg(long, value_name = "T", allow_negative_numbers = true,
              value_parser = clap::value_parser!(u16).range(1..=play::MAX_THREADS))]
        threads: Option<u16>,
        /// Play only shard I of N (1 to N) of the run's hands, for `kartya merge`; with --json
        /// the output says which shard it is.
        #[arg(long, value_name = "I/N", value_parser = shard::parse_shard, conflicts_with = "records")]
        shard: Option<kartya::bots::sim::Shard>,
        /// The bots at every seat: random (legal actions at random, the default), heuristic
        /// (bids, doubles and plays by rules of thumb read from the rules), pimc (the
        /// heuristic's decisions, cards by sampling and solving; slow), sampled (every other
        /// decision valued by sampled worlds and the score sheet) or sampled-pimc (the same with
        /// pimc's cards); docs/bots.md.
        #[arg(long, value_name = "KIND", default_value = "random", value_parser = play::parse_bots)]
        bots: kartya::bots::BotKind,
        /// The pimc bots' budget: the nodes one world's solve may visit (never a clock), 1 to
        /// 10^12; default 2,000,000. Only with --bots pimc.
        #[arg(long, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=kartya::pimc::MAX_NODES))]
        nodes: Option<u64>,
        /// The sampled bots' budget: the worlds drawn at each of their decisions (never a
        /// clock), 1 to 256; default 16. Only with --bots sampled or sampled-pimc.
        #[arg(long, value_name = "K",
              value_parser = clap::value_parser!(u32).range(1..=i64::from(kartya::bots::sampled::MAX_WORLDS)))]
        worlds: Option<u32>,
    },
    /// Play yourself at the terminal against bots, one hand or a session: what your seat may
    /// see, each trick as it is taken, the legal actions in the variant's words; the score sheet
    /// after each hand with why each line went so, and the running score.
    #[command(
        after_help = "Examples:\n  kartya play alsos-3p --seat 0 --seed 7\n  kartya play asszorti --seat 2 --bots random\n  kartya play alsos-3p uhu --seat 1 --save hand.json\n  kartya play alsos-3p --hands 6 --save evening.json\n  kartya play --resume evening.json\n  kartya play alsos-3p --seat 0 --seat 2\n\nType the number of an action, or the action in words as listed (`pass`); `help` lists what you may say, `last` shows the last trick, `table` what you see, `history` the hand so far, `score` the session's score; `quit` leaves."
    )]
    Play {
        #[arg(required_unless_present = "resume", value_name = "ARG")]
        args: Vec<String>,
        /// Your table seat, 0-based as the sheet numbers them; give it again for each further
        /// human seat (hot seat: the terminal passes from player to player).
        #[arg(long, default_values_t = [0u8], value_name = "N")]
        seat: Vec<u8>,
        /// The seed: the same seed and hand give the same deal as that hand of `simulate`.
        #[arg(long, default_value_t = 1, value_name = "S")]
        seed: u64,
        /// Which hand of the seed's run to deal first (0-based).
        #[arg(long, default_value_t = 0, value_name = "I")]
        hand: u64,
        /// How many hands to play in a row, the dealer passing on (1 to 1000).
        #[arg(long, default_value_t = 1, value_name = "N")]
        hands: u64,
        /// Save the hand as a record, or a session of several hands as a file that --resume
        /// continues (never over an existing file without --force).
        #[arg(long, value_name = "FILE")]
        save: Option<String>,
        /// Go on with a session saved by --save (its rules, seats, seed and bots).
        #[arg(long, value_name = "FILE", conflicts_with_all = ["args", "hand", "hands", "seed"])]
        resume: Option<String>,
        /// Replace the --save file if it exists.
        #[arg(long, requires = "save")]
        force: bool,
        /// The bots at the other seats: heuristic (the default: bids, doubles and plays by
        /// rules of thumb read from the rules), random or pimc (docs/bots.md).
        #[arg(long, value_name = "KIND", default_value = "heuristic", value_parser = play::parse_bots)]
        bots: kartya::bots::BotKind,
        /// The pimc bots' budget: the nodes one world's solve may visit (never a clock), 1 to
        /// 10^12; default 2,000,000. Only with --bots pimc.
        #[arg(long, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=kartya::pimc::MAX_NODES))]
        nodes: Option<u64>,
        /// The sampled bots' budget: the worlds drawn at each of their decisions (never a
        /// clock), 1 to 256; default 16. Only with --bots sampled or sampled-pimc.
        #[arg(long, value_name = "K",
              value_parser = clap::value_parser!(u32).range(1..=i64::from(kartya::bots::sampled::MAX_WORLDS)))]
        worlds: Option<u32>,
    },
    /// Play the same deals under two rule sets and compare the results, with 95% intervals.
    #[command(
        override_usage = "kartya compare A... -- B... [--bots KIND] [--hands N] [--seed S] [--json | [--csv FILE] [--report DIR]] [--force]",
        after_help = "A and B are each a variant and its house rules, as `simulate` takes them.\n\nExamples:\n  kartya compare alsos-3p -- alsos-3p siber-both-chains --hands 100000 --seed 1\n  kartya compare alsos-3p -- alsos-3p figures-111-120 --report study/\n  kartya compare alsos-3p -- alsos-3p mordkontra --csv hands.csv --report mordkontra/"
    )]
    Compare {
        /// Rule set A: a variant and its house rules.
        #[arg(required = true, value_name = "A")]
        a: Vec<String>,
        /// Rule set B, after `--` on the command line.
        #[arg(long = COMPARE_B, hide = true, num_args = 1.., value_name = "B")]
        b: Vec<String>,
        /// The bots that play both rule sets.
        #[arg(long, default_value = "random", value_name = "KIND",
              value_parser = clap::builder::PossibleValuesParser::new(compare::BOTS.iter().map(|(name, _)| *name)))]
        bots: String,
        /// Hands to play under each rule set (1 to 1000000000).
        #[arg(long, default_value_t = 1000, value_name = "N", allow_negative_numbers = true,
              value_parser = clap::value_parser!(i64).range(1..=play::MAX_HANDS as i64))]
        hands: i64,
        #[arg(long, default_value_t = 1, value_name = "S")]
        seed: u64,
        #[arg(long, conflicts_with_all = ["csv", "report"])]
        json: bool,
        /// Write one row per hand and rule set into this CSV file (new, unless --force); with
        /// --report, both come from the one run.
        #[arg(long, value_name = "FILE")]
        csv: Option<String>,
        /// Write an HTML page with charts as DIR/index.html (DIR new or empty, unless --force).
        #[arg(long, value_name = "DIR")]
        report: Option<String>,
        /// Write over the --csv file, or into a --report folder that holds files.
        #[arg(long)]
        force: bool,
        /// Worker threads, 1 to 256 (the results do not depend on it).
        #[arg(long, value_name = "T", allow_negative_numbers = true,
              value_parser = clap::value_parser!(u16).range(1..=play::MAX_THREADS))]
        threads: Option<u16>,
        /// Play only shard I of N (1 to N) of the run's hands, for `kartya merge`.
        #[arg(long, value_name = "I/N", value_parser = shard::parse_shard, conflicts_with_all = ["csv", "report"])]
        shard: Option<kartya::bots::sim::Shard>,
        /// The pimc bots' budget: the nodes one world's solve may visit (never a clock), 1 to
        /// 10^12; default 2,000,000. Only with --bots pimc.
        #[arg(long, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=kartya::pimc::MAX_NODES))]
        nodes: Option<u64>,
        /// The sampled bots' budget: the worlds drawn at each of their decisions (never a
        /// clock), 1 to 256; default 16. Only with --bots sampled or sampled-pimc.
        #[arg(long, value_name = "K",
              value_parser = clap::value_parser!(u32).range(1..=i64::from(kartya::bots::sampled::MAX_WORLDS)))]
        worlds: Option<u32>,
    },
    /// Merge the `simulate --shard i/n --json` (or `compare --shard i/n --json`) outputs of all
    /// shards of a run into the `--json` that one run prints.
    #[command(after_help = "Examples:\n  kartya merge shard-*.json > run.json")]
    Merge {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
    },
    /// Print a bundled rules file's source text: to read it, or to start a file of your own from it.
    #[command(after_help = "Examples:\n  kartya show alsos-3p\n  kartya show tuesday-club > our-club.kartya")]
    Show {
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// Format rules files canonically (keeps every comment); takes paths, not bundled names.
    #[command(after_help = "Examples:\n  kartya fmt our-club.kartya\n  kartya fmt --check rules/*.kartya")]
    Fmt {
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<String>,
        /// Only check: exit 1 if a file is not formatted.
        #[arg(long)]
        check: bool,
    },
}

/// The hidden option that B's arguments go to: `compare A... -- B...` is read as
/// `compare A... --COMPARE_B B...`, so that the options may follow B.
const COMPARE_B: &str = "rules-b";

/// The arguments with the first bare `--` after `compare` turned into `--rules-b`.
fn arguments() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "compare") {
        if let Some(sep) = args.iter().position(|a| a == "--") {
            args[sep] = format!("--{COMPARE_B}").into();
        }
    }
    args
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(arguments()) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match cli.command {
        Command::List { json } => list(json),
        Command::Check { all: true, .. } => check_all(),
        Command::Check { args, json, .. } => check(&args, json),
        Command::Explain { code: Some(c), .. } => report::explain_code(&c),
        Command::Explain { args, json, .. } => explain(&args, json),
        Command::Fmt { paths, check } => fmt(&paths, check),
        Command::Show { name } => show(&name),
        Command::Replay {
            records,
            json,
            legal: true,
            at,
            ..
        } => legal::legal(&records, at, json),
        Command::Replay {
            records,
            json,
            canonical,
            ..
        } => play::replay(&records, json, canonical),
        Command::Solve {
            record,
            from,
            nodes,
            json,
        } => solve::solve(&record, from, nodes, json),
        Command::Simulate {
            args,
            hands,
            seed,
            json,
            records,
            force,
            threads,
            shard,
            bots,
            nodes,
            worlds,
        } => with_nodes("simulate", nodes, worlds, bots.name(), || {
            play::simulate(
                &args,
                play::SimArgs {
                    hands: hands.unsigned_abs(),
                    seed,
                    json,
                    records,
                    force,
                    threads: threads.map(usize::from),
                    shard,
                    bots,
                },
            )
        }),
        Command::Compare {
            a,
            b,
            bots,
            hands,
            seed,
            json,
            csv,
            report,
            force,
            threads,
            shard,
            nodes,
            worlds,
        } => with_nodes("compare", nodes, worlds, &bots.clone(), || {
            compare::compare(compare::CompareArgs {
                a,
                b,
                bots,
                hands: hands.unsigned_abs(),
                seed,
                json,
                csv,
                report,
                force,
                threads: threads.map(usize::from),
                shard,
            })
        }),
        Command::Merge { files } => shard::merge(&files),
        Command::Play {
            args,
            seat,
            seed,
            hand,
            hands,
            save,
            resume,
            force,
            bots,
            nodes,
            worlds,
        } => with_nodes("play", nodes, worlds, bots.name(), || {
            table::play(
                &args,
                table::PlayArgs {
                    seats: seat,
                    seed,
                    hand,
                    hands,
                    save,
                    resume,
                    force,
                    bots,
                },
            )
        }),
    }
}

/// Runs a command of bots with the pimc bots' node budget `--nodes` and the sampled bots' worlds
/// `--worlds` (each refused for other bots), then says how many of pimc's card decisions hit
/// the node budget.
fn with_nodes(
    command: &str,
    nodes: Option<u64>,
    worlds: Option<u32>,
    bots: &str,
    run: impl FnOnce() -> ExitCode,
) -> ExitCode {
    use kartya::bots::BotKind::{Pimc, Sampled, SampledPimc};
    // a budget of a kind of bot the run does not have, refused on the command's own line
    let refused = |flag: &str, value: String, what: String, kinds: [kartya::bots::BotKind; 2]| {
        let (sources, d) = io::flag_path_diag(
            Code::OutOfRange,
            command,
            flag,
            &value,
            what,
            "this budget",
            format!(
                "give it with --bots {} or --bots {}, or leave it out",
                kinds[0].name(),
                kinds[1].name()
            ),
        );
        print_diags(&[d], &sources);
        ExitCode::from(2)
    };
    if let Some(k) = worlds {
        if ![Sampled.name(), SampledPimc.name()].contains(&bots) {
            let what = format!("--worlds is the budget of the sampled bots, and the {bots} bots draw no worlds");
            return refused("--worlds", k.to_string(), what, [Sampled, SampledPimc]);
        }
        kartya::bots::sampled::set_worlds(k);
    }
    // the kinds that search with pimc: pimc, and the sampled bot whose cards are pimc's
    if let Some(n) = nodes {
        if ![Pimc.name(), SampledPimc.name()].contains(&bots) {
            let what = format!("--nodes is the budget of the bots that search, and the {bots} bots search nothing");
            return refused("--nodes", n.to_string(), what, [Pimc, SampledPimc]);
        }
        kartya::pimc::set_node_budget(n);
    }
    let code = run();
    let (decisions, over) = kartya::pimc::decisions_over_budget();
    if over > 0 {
        errln!(
            "note: {over} of pimc's {decisions} card decisions solved no world within the budget of {} nodes a world (or had too many deals to count) and played the legal card of fewest points",
            kartya::pimc::node_budget()
        );
        errln!("  help: give `--nodes` a larger number for stronger play, or a smaller one for faster hands");
    }
    code
}

/// Compiles checked rules for play. Rules beyond the engine's fixed limits (which the checker
/// refuses first, so this is a backstop) are a diagnostic on the command line's arguments.
fn compile_rules(
    variant: kartya::model::Variant,
    sources: &mut SourceSet,
    args: &[String],
) -> Result<std::sync::Arc<kartya::engine::Rules>, Diag> {
    kartya::engine::Rules::new(variant).map_err(|e| {
        let line = args.join(" ");
        let len = line.len();
        let cmd = sources.add("<command line>", line, Origin::Synthetic);
        Diag::new(Code::OutOfRange, cmd, format!("these rules cannot be played: {e}"))
            .label(Span::new(0, len), "these rules")
            .help("the checker should have refused these rules: please report it with the files")
    })
}

/// Loads the rules the arguments name and compiles them for play, printing every diagnostic;
/// gives the sources with the rules, or the exit code (1) when they cannot be played.
fn load_rules(args: &[String]) -> Result<(SourceSet, std::sync::Arc<kartya::engine::Rules>), ExitCode> {
    let (mut sources, loaded, diags) = load(args);
    print_diags(&diags, &sources);
    let Some(variant) = loaded.and_then(|l| l.variant) else {
        return Err(ExitCode::from(1));
    };
    match compile_rules(variant, &mut sources, args) {
        Ok(r) => Ok((sources, r)),
        Err(d) => {
            print_diags(&[d], &sources);
            Err(ExitCode::from(1))
        }
    }
}

fn print_diags(diags: &[Diag], sources: &SourceSet) {
    if std::io::stderr().is_terminal() {
        let handler = miette::GraphicalReportHandler::new();
        for d in diags {
            let mut out = String::new();
            let _ = handler.render_report(&mut out, &d.render(sources));
            errln!("{}", d.location(sources));
            errln!("{out}");
        }
    } else {
        io::err(&kartya::diag::render_plain(diags, sources, 100));
    }
}

/// An argument is a path (rather than a bundled name) when it has a separator, the extension or
/// names something on disk (a directory too, so that it gets "is a directory", not "unknown").
fn looks_like_path(a: &str) -> bool {
    let p = std::path::Path::new(a);
    // a file of that name, or a folder that no bundled name hides (`kartya check uhu` stays the
    // bundled uhu even where a folder `uhu` exists)
    a.contains('/')
        || a.contains('\\')
        || a.ends_with(".kartya")
        || p.is_file()
        || (p.is_dir() && kartya::bundled::find(a).is_none())
}

/// Turns command-line arguments into files: bundled names or paths. Problems become diagnostics
/// pointing into a synthetic `<command line>` source.
fn load_args(args: &[String], sources: &mut SourceSet) -> (Vec<FileId>, Vec<Diag>) {
    let line = args.join(" ");
    let cmd = sources.add("<command line>", line, Origin::Synthetic);
    let mut ids = Vec::new();
    let mut diags = Vec::new();
    let mut offset = 0;
    for a in args {
        let span = Span::new(offset, offset + a.len());
        offset += a.len() + 1;
        if looks_like_path(a) {
            match io::read_text(a, io::RULES_LIMIT, cmd, span, "rules file") {
                Ok(text) => ids.push(sources.add(a.clone(), text, Origin::User)),
                Err(d) => diags.push(d),
            }
        } else if let Some(b) = kartya::bundled::find(a) {
            ids.push(sources.add(kartya::bundled::display_path(&b), b.text, Origin::Bundled));
        } else {
            // a file `NAME.kartya` here is surely what a bare `NAME` meant
            let local = format!("./{a}.kartya");
            let local = std::path::Path::new(&local).is_file().then_some(local.as_str());
            diags.push(kartya::resolve::unknown_variant_arg(cmd, span, a, local));
        }
    }
    (ids, diags)
}

fn load(args: &[String]) -> (SourceSet, Option<kartya::load::Loaded>, Vec<Diag>) {
    let mut sources = SourceSet::new();
    let (ids, diags) = load_args(args, &mut sources);
    if !diags.is_empty() {
        return (sources, None, diags);
    }
    io::add_parents(&mut sources, &ids);
    let Some((&base, extras)) = ids.split_first() else {
        return (sources, None, diags);
    };
    let loaded = kartya::load::load(&mut sources, base, extras);
    let diags = loaded.diags.clone();
    (sources, Some(loaded), diags)
}

fn check(args: &[String], json: bool) -> ExitCode {
    let (sources, loaded, diags) = load(args);
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.len() - errors;
    let variant = loaded.and_then(|l| l.variant).filter(|_| errors == 0);
    if json {
        report::check_json(args, variant.is_some(), &diags, &sources);
        return ExitCode::from(if variant.is_some() { 0 } else { 1 });
    }
    print_diags(&diags, &sources);
    let name = args.join(" + ");
    match variant {
        Some(v) if errors == 0 => {
            outln!("{name}: ok, {} ({})", summary(&v), count(warnings, "warning"));
            ExitCode::SUCCESS
        }
        _ => {
            errln!("{name}: {}, {}", count(errors, "error"), count(warnings, "warning"));
            ExitCode::from(1)
        }
    }
}

/// "1 warning", "2 warnings".
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// One line about a checked variant: its size.
fn summary(v: &kartya::model::Variant) -> String {
    format!(
        "{}, {}, {}",
        count(v.cards.len(), "card"),
        count(v.contracts.len(), "contract"),
        count(v.figures.len(), "figure")
    )
}

/// Checks every bundled file on its own; one line each, then the diagnostics of any that fail.
fn check_all() -> ExitCode {
    let mut sources = SourceSet::new();
    let results = kartya::load::load_all_bundled(&mut sources);
    let mut failed = 0;
    for (name, loaded) in &results {
        let errors = loaded.diags.iter().filter(|d| d.is_error()).count();
        match &loaded.variant {
            Some(v) if errors == 0 => outln!("ok    {name:<28} {}", summary(v)),
            _ => {
                failed += 1;
                outln!("FAIL  {name:<28} {}", count(errors, "error"));
                print_diags(&loaded.diags, &sources);
            }
        }
    }
    outln!("{} bundled files, {failed} failed", results.len());
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn explain(args: &[String], json: bool) -> ExitCode {
    let (sources, loaded, diags) = load(args);
    print_diags(&diags, &sources);
    match loaded.and_then(|l| l.variant) {
        Some(v) => {
            if json {
                match serde_json::to_string_pretty(&v) {
                    Ok(s) => outln!("{s}"),
                    Err(e) => {
                        errln!("error: cannot write json: {e}");
                        return ExitCode::from(1);
                    }
                }
            } else {
                outp!("{}", kartya::explain::explain(&v));
            }
            ExitCode::SUCCESS
        }
        None => ExitCode::from(1),
    }
}

/// What a bundled file is for a user: a whole game to play on, a house rule to add to one, or a
/// club's example set (the files under variants/examples/). In this order `list` shows them.
fn group(kind: &str, path: &str) -> (u8, &'static str) {
    if path.starts_with("examples/") {
        (2, "club example")
    } else if kind == "variant" {
        (0, "base")
    } else {
        (1, "house rule")
    }
}

fn list(json: bool) -> ExitCode {
    let mut rows = Vec::new();
    for b in kartya::bundled::all() {
        let mut sources = SourceSet::new();
        let id = sources.add(kartya::bundled::display_path(&b), b.text, Origin::Bundled);
        let (kind, desc, base) = match kartya::syntax::parse(id, b.text)
            .ok()
            .and_then(|ast| kartya::resolve::header_of(id, &ast))
        {
            Some(h) => (
                if h.kind == kartya::resolve::FileKind::Variant {
                    "variant"
                } else {
                    "house-rules"
                },
                h.description,
                h.extends.map(|e| e.0),
            ),
            None => ("unreadable", String::new(), None),
        };
        rows.push((group(kind, b.path), b.name, b.path, kind, desc, base));
    }
    // bases first, then house rules, then club examples; by name within each
    rows.sort_by(|a, b| (a.0 .0, a.1).cmp(&(b.0 .0, b.1)));
    if json {
        let items: Vec<serde_json::Value> = rows
            .iter()
            .map(|((_, g), n, p, k, d, b)| serde_json::json!({"name": n, "path": format!("variants/{p}"), "kind": k, "group": g, "description": d, "extends": b}))
            .collect();
        match serde_json::to_string_pretty(&items) {
            Ok(s) => outln!("{s}"),
            Err(_) => return ExitCode::from(1),
        }
    } else {
        let width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
        let mut text = String::new();
        for ((_, g), n, _, _, d, _) in &rows {
            text.push_str(&format!("{n:<width$}  {g:<12}  {d}\n"));
        }
        outp!("{text}");
    }
    ExitCode::SUCCESS
}

fn fmt(paths: &[String], check_only: bool) -> ExitCode {
    let mut sources = SourceSet::new();
    // a bundled name would be loaded from the binary and then skipped: say so instead of
    // doing nothing (usage error, exit 2)
    let line = paths.join(" ");
    let mut offset = 0;
    let mut names = Vec::new();
    for a in paths {
        if !looks_like_path(a) {
            names.push((a, Span::new(offset, offset + a.len())));
        }
        offset += a.len() + 1;
    }
    if !names.is_empty() {
        let cmd = sources.add("<command line>", line, Origin::Synthetic);
        let diags: Vec<Diag> = names
            .into_iter()
            .map(|(a, span)| {
                Diag::new(Code::NotAPath, cmd, format!("`kartya fmt` takes paths, and `{a}` is not one"))
                    .label(span, "not a file")
                    .help(if kartya::bundled::find(a).is_some() {
                        format!("`{a}` is a bundled file, formatted already; to start your own from it, save its text: `kartya show {a} > my-{a}.kartya`")
                    } else {
                        format!("give the path of a rules file, e.g. `./{a}.kartya`")
                    })
            })
            .collect();
        print_diags(&diags, &sources);
        return ExitCode::from(2);
    }
    let (ids, mut diags) = load_args(paths, &mut sources);
    let mut unformatted = Vec::new();
    for id in ids {
        if sources.origin(id) != Origin::User {
            continue;
        }
        let text = sources.text(id).to_string();
        match kartya::syntax::parse(id, &text) {
            Ok(ast) => {
                let out = kartya::fmt::format(&ast, &text);
                if out != text {
                    if check_only {
                        unformatted.push(sources.name(id).to_string());
                    } else if let Err(e) = std::fs::write(sources.name(id), out) {
                        errln!("error: cannot write {}: {e}", sources.name(id));
                        return ExitCode::from(1);
                    }
                }
            }
            Err(mut d) => diags.append(&mut d),
        }
    }
    print_diags(&diags, &sources);
    for u in &unformatted {
        outln!("not formatted: {u}");
    }
    if diags.iter().any(Diag::is_error) || !unformatted.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints a bundled file's text as it is built into the binary.
fn show(name: &str) -> ExitCode {
    match kartya::bundled::find(name) {
        Some(b) => {
            outp!("{}", b.text);
            ExitCode::SUCCESS
        }
        None => {
            let mut sources = SourceSet::new();
            let cmd = sources.add("<command line>", name, Origin::Synthetic);
            let span = Span::new(0, name.len());
            let d = kartya::resolve::unknown_variant_arg(cmd, span, name, None);
            print_diags(&[d], &sources);
            ExitCode::from(1)
        }
    }
}
