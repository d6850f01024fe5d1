//! Reports for editors and scripts: diagnostics as JSON (`check --json`), and the page of a
//! diagnostic code (`explain --code`), taken from docs/diagnostics.md, embedded in the binary.

use super::io::{errln, outln};
use kartya::diag::{Code, Diag};
use kartya::source::SourceSet;
use serde_json::{json, Value};
use std::process::ExitCode;

/// docs/diagnostics.md: one `## kartya::CODE` section per code.
const PAGES: &str = include_str!("../../docs/diagnostics.md");

/// One diagnostic as JSON. Lines and columns are 1-based and counted in characters.
pub fn diag_json(d: &Diag, sources: &SourceSet) -> Value {
    let at = |file, offset| sources.line_col(file, offset);
    let primary = d.labels.iter().find(|l| l.file == d.file);
    let (line, column) = at(d.file, primary.map_or(0, |l| l.span.start));
    let (end_line, end_column) = at(d.file, primary.map_or(0, |l| l.span.end));
    let labels: Vec<Value> = d
        .labels
        .iter()
        .map(|l| {
            let (line, column) = at(l.file, l.span.start);
            let (end_line, end_column) = at(l.file, l.span.end);
            json!({ "file": sources.name(l.file), "line": line, "column": column,
                    "end_line": end_line, "end_column": end_column, "text": l.text })
        })
        .collect();
    json!({
        "code": d.code.as_str(),
        "severity": if d.is_error() { "error" } else { "warning" },
        "message": d.message,
        "file": sources.name(d.file),
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "help": d.help,
        "labels": labels,
    })
}

/// `check --json`: whether the rule set is clean, and every diagnostic.
pub fn check_json(args: &[String], ok: bool, diags: &[Diag], sources: &SourceSet) {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let out = json!({
        "rules": args,
        "ok": ok,
        "errors": errors,
        "warnings": diags.len() - errors,
        "diagnostics": diags.iter().map(|d| diag_json(d, sources)).collect::<Vec<_>>(),
    });
    outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
}

/// The page of one code: from its `## kartya::CODE` heading to the next heading of that level.
pub fn page(code: &str) -> Option<&'static str> {
    let heading = format!("## `{code}`\n");
    let start = PAGES.find(&heading)?;
    let rest = &PAGES[start..];
    let end = rest[heading.len()..]
        .find("\n## ")
        .map_or(rest.len(), |e| e + heading.len() + 1);
    Some(rest[..end].trim_end())
}

/// `explain --code CODE`: prints the code's page; an unknown code is a usage error.
pub fn explain_code(code: &str) -> ExitCode {
    let full = if code.starts_with("kartya::") {
        code.to_string()
    } else {
        format!("kartya::{code}")
    };
    match Code::ALL
        .iter()
        .find(|c| c.as_str() == full)
        .and_then(|c| page(c.as_str()))
    {
        Some(p) => {
            outln!("{p}");
            ExitCode::SUCCESS
        }
        None => {
            let known: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
            errln!(
                "error: `{code}` is not a diagnostic code; the codes are:\n  {}",
                known.join("\n  ")
            );
            ExitCode::from(2)
        }
    }
}
