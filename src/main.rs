//! The `kartya` command line: reads files and arguments, calls the library, prints reports.
//! Exit codes: 0 clean (warnings allowed), 1 errors in the input, 2 usage errors.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "cli/play.rs"]
mod play;

use clap::{Parser, Subcommand};
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
    /// List the bundled variants and house rules.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Check a variant and house rules combined on it (bundled names or paths; the first is the base).
    Check {
        #[arg(required_unless_present = "all", value_name = "ARG")]
        args: Vec<String>,
        /// Check every bundled file on its own (house rules on their base).
        #[arg(long, conflicts_with = "args")]
        all: bool,
    },
    /// Print the resolved rule set in canonical text.
    Explain {
        #[arg(required = true, value_name = "ARG")]
        args: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Replay hand records: check every action and print the itemized score sheet.
    Replay {
        #[arg(required = true, value_name = "RECORD")]
        records: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Print each record in canonical form instead of its sheet.
        #[arg(long)]
        canonical: bool,
    },
    /// Play hands with random legal bots and summarise the results.
    Simulate {
        #[arg(required = true, value_name = "ARG")]
        args: Vec<String>,
        #[arg(long, default_value_t = 1000)]
        hands: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        json: bool,
        /// Write every hand as a record into this folder.
        #[arg(long, value_name = "DIR")]
        records: Option<String>,
        /// Worker threads (the results do not depend on it).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Format rules files canonically (keeps every comment).
    Fmt {
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<String>,
        /// Only check: exit 1 if a file is not formatted.
        #[arg(long)]
        check: bool,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match cli.command {
        Command::List { json } => list(json),
        Command::Check { all: true, .. } => check_all(),
        Command::Check { args, .. } => check(&args),
        Command::Explain { args, json } => explain(&args, json),
        Command::Fmt { paths, check } => fmt(&paths, check),
        Command::Replay {
            records,
            json,
            canonical,
        } => play::replay(&records, json, canonical),
        Command::Simulate {
            args,
            hands,
            seed,
            json,
            records,
            threads,
        } => play::simulate(
            &args,
            play::SimArgs {
                hands,
                seed,
                json,
                records,
                threads,
            },
        ),
    }
}

fn print_diags(diags: &[Diag], sources: &SourceSet) {
    if std::io::stderr().is_terminal() {
        let handler = miette::GraphicalReportHandler::new();
        for d in diags {
            let mut out = String::new();
            let _ = handler.render_report(&mut out, &d.render(sources));
            eprintln!("{}", d.location(sources));
            eprintln!("{out}");
        }
    } else {
        eprint!("{}", kartya::diag::render_plain(diags, sources, 100));
    }
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
        let looks_like_path =
            a.contains('/') || a.contains('\\') || a.ends_with(".kartya") || std::path::Path::new(a).is_file();
        if looks_like_path {
            match std::fs::read(a) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => ids.push(sources.add(a.clone(), text, Origin::User)),
                    Err(e) => diags.push(
                        Diag::new(
                            Code::Unreadable,
                            cmd,
                            format!(
                                "`{a}` is not UTF-8 text (bad byte at offset {})",
                                e.utf8_error().valid_up_to()
                            ),
                        )
                        .label(span, "this file")
                        .help("save the rules file as UTF-8"),
                    ),
                },
                Err(e) => diags.push(
                    Diag::new(
                        Code::Unreadable,
                        cmd,
                        format!("cannot read `{a}`: {}", e.to_string().to_lowercase()),
                    )
                    .label(span, "this file")
                    .help("check the path; bundled names are listed by `kartya list`"),
                ),
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
    let Some((&base, extras)) = ids.split_first() else {
        return (sources, None, diags);
    };
    let loaded = kartya::load::load(&mut sources, base, extras);
    let diags = loaded.diags.clone();
    (sources, Some(loaded), diags)
}

fn check(args: &[String]) -> ExitCode {
    let (sources, loaded, diags) = load(args);
    print_diags(&diags, &sources);
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.len() - errors;
    let name = args.join(" + ");
    match loaded.and_then(|l| l.variant) {
        Some(v) if errors == 0 => {
            println!("{name}: ok, {} ({})", summary(&v), count(warnings, "warning"));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{name}: {}, {}", count(errors, "error"), count(warnings, "warning"));
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
            Some(v) if errors == 0 => println!("ok    {name:<28} {}", summary(v)),
            _ => {
                failed += 1;
                println!("FAIL  {name:<28} {}", count(errors, "error"));
                print_diags(&loaded.diags, &sources);
            }
        }
    }
    println!("{} bundled files, {failed} failed", results.len());
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
                    Ok(s) => println!("{s}"),
                    Err(e) => {
                        eprintln!("error: cannot write json: {e}");
                        return ExitCode::from(1);
                    }
                }
            } else {
                print!("{}", kartya::explain::explain(&v));
            }
            ExitCode::SUCCESS
        }
        None => ExitCode::from(1),
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
        rows.push((b.name, b.path, kind, desc, base));
    }
    if json {
        let items: Vec<serde_json::Value> = rows.iter().map(|(n, p, k, d, b)| serde_json::json!({"name": n, "path": format!("variants/{p}"), "kind": k, "description": d, "extends": b})).collect();
        match serde_json::to_string_pretty(&items) {
            Ok(s) => println!("{s}"),
            Err(_) => return ExitCode::from(1),
        }
    } else {
        let width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
        for (n, _, _, d, _) in &rows {
            println!("{n:<width$}  {d}");
        }
    }
    ExitCode::SUCCESS
}

fn fmt(paths: &[String], check_only: bool) -> ExitCode {
    let mut sources = SourceSet::new();
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
                        eprintln!("error: cannot write {}: {e}", sources.name(id));
                        return ExitCode::from(1);
                    }
                }
            }
            Err(mut d) => diags.append(&mut d),
        }
    }
    print_diags(&diags, &sources);
    for u in &unformatted {
        println!("not formatted: {u}");
    }
    if diags.iter().any(Diag::is_error) || !unformatted.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
