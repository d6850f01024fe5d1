//! Runs every `$ kartya ...` line of README.md and docs/*.md and compares its output with the text
//! shown under it, so that the docs cannot drift from the tool. `KARTYA_BLESS_DOCS=1 cargo test
//! --test docs_transcripts` (`just docs`) rewrites the shown outputs with the real ones instead:
//! read the docs' diff before committing it, as with snapshots.
//!
//! The conventions the docs follow (a line the test cannot run fails it, naming the doc and line):
//! - A transcript is a ```text, ```sh or ```console block with lines starting `$ `. The lines after
//!   a `$ ` line, up to the next `$ ` line or the end of the block, are its output, blank lines at
//!   the end left out: stderr, then stdout, as a pipe gets them (no terminal, so diagnostics are
//!   plain text at 100 columns; NO_COLOR=1), each line's trailing whitespace trimmed. Exit codes
//!   are not shown, and not compared.
//! - In the shown output a line `...` stands for any lines (none too) and `[..]` within a line for
//!   any text (timing, which changes from run to run). Use them sparingly: what they hide is not
//!   checked.
//! - A doc's commands run in a fresh directory of their own, where `docs`, `tests` and `variants`
//!   link to the repository's: paths read as from the repository root, and files the commands
//!   write stay out of it.
//! - Each ```kartya block is written, as the doc reaches it, to `NAME.kartya` in that directory,
//!   NAME from its header (`house-rules NAME ...`): a tutorial's file grows as its text does.
//! - `<!-- docs-test: FILE: "LINE" -> "NEW" -->` (invisible in the rendered doc) before a transcript
//!   replaces, for that transcript only, the one line of FILE whose trimmed text is LINE with NEW,
//!   verbatim: "suppose the betli line is written `valeu 10`".
//! - Commands: `kartya ARG...` (words split as a shell does, with '' and "" quotes), optionally
//!   followed by `> FILE` or `| head -N`, and `< FILE` for its input (else it reads nothing);
//!   `diff A B` runs the system's diff. Nothing else.
#![cfg(unix)]

#[path = "docs_transcripts/text.rs"]
mod text;

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A `$ ` line and the output shown under it (0-based doc lines `start..end`, blank tail excluded).
struct Shown {
    line: usize,
    command: String,
    start: usize,
    end: usize,
}

/// Temporary edit of a file the doc wrote: `<!-- docs-test: FILE: "LINE" -> "NEW" -->`.
struct Edit {
    line: usize,
    file: String,
    old: String,
    new: String,
}

enum Step {
    File { name: String, body: String },
    Edit(Edit),
    Transcript(Vec<Shown>),
}

fn parse_edit(line: usize, text: &str) -> Result<Edit, String> {
    let body = text
        .trim()
        .strip_prefix("<!-- docs-test:")
        .and_then(|s| s.strip_suffix("-->"));
    let parsed = body.and_then(|b| {
        let (file, rest) = b.trim().split_once(": ")?;
        let (old, new) = rest
            .trim()
            .strip_prefix('"')?
            .strip_suffix('"')?
            .split_once("\" -> \"")?;
        Some(Edit {
            line,
            file: file.to_string(),
            old: old.to_string(),
            new: new.to_string(),
        })
    });
    parsed.ok_or_else(|| {
        format!(
            "line {}: expected <!-- docs-test: FILE: \"LINE\" -> \"NEW\" -->",
            line + 1
        )
    })
}

/// The steps of one doc, in order.
fn parse(doc: &str) -> Result<Vec<Step>, String> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if t.starts_with("<!-- docs-test:") {
            steps.push(Step::Edit(parse_edit(i, t)?));
        }
        let Some(lang) = t.strip_prefix("```") else {
            i += 1;
            continue;
        };
        let open = i;
        let Some(close) = (open + 1..lines.len()).find(|&k| lines[k].trim() == "```") else {
            return Err(format!("line {}: a code block that is never closed", open + 1));
        };
        let body = &lines[open + 1..close];
        match lang.trim() {
            "kartya" => {
                let header = body
                    .iter()
                    .map(|l| l.trim())
                    .find(|l| !l.is_empty() && !l.starts_with('#'));
                let words: Vec<&str> = header.unwrap_or("").split_whitespace().collect();
                if let ["house-rules" | "variant", name, ..] = words[..] {
                    let body = body.iter().map(|l| format!("{l}\n")).collect();
                    steps.push(Step::File {
                        name: format!("{name}.kartya"),
                        body,
                    });
                }
            }
            "text" | "sh" | "console" => {
                let starts: Vec<usize> = (open + 1..close).filter(|&k| lines[k].starts_with("$ ")).collect();
                let mut shown = Vec::new();
                for (n, &k) in starts.iter().enumerate() {
                    let mut end = starts.get(n + 1).copied().unwrap_or(close);
                    while end > k + 1 && lines[end - 1].trim().is_empty() {
                        end -= 1;
                    }
                    let command = lines[k][2..].trim().to_string();
                    shown.push(Shown {
                        line: k,
                        command,
                        start: k + 1,
                        end,
                    });
                }
                if !shown.is_empty() {
                    steps.push(Step::Transcript(shown));
                }
            }
            _ => {}
        }
        i = close + 1;
    }
    Ok(steps)
}

/// Words as a shell splits them: spaces separate, quotes group (no escapes, no variables).
fn words(command: &str) -> Result<Vec<String>, String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in command.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), _) if c == q => quote = None,
            (None, ' ' | '\t') => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (None, '\\' | '$' | '`' | '*' | ';' | '&') => return Err(format!("`{c}` is not supported")),
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if quote.is_some() {
        return Err("an unclosed quote".to_string());
    }
    if any {
        out.push(word);
    }
    Ok(out)
}

/// Output lines as the docs show them: trailing whitespace and blank lines at the end trimmed.
fn lines_of(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while out.last().is_some_and(|l| l.is_empty()) {
        out.pop();
    }
    out
}

/// Runs one `$ ` line in `dir`; gives what the doc would show under it.
fn run(command: &str, dir: &Path) -> Result<Vec<String>, String> {
    let mut args = words(command)?;
    // `< FILE`: the command's input (`kartya play`'s answers); otherwise it reads nothing
    let mut input = None;
    if let Some(k) = args.iter().position(|a| a == "<") {
        let file = args.get(k + 1).ok_or("`<` needs a file")?.clone();
        input = Some(dir.join(file));
        args.drain(k..k + 2);
    }
    let mut into_file = None;
    let mut head = None;
    let mut tail = None;
    match args.iter().position(|a| a == ">" || a == "|") {
        Some(k) if args[k] == ">" && args.len() == k + 2 => into_file = Some(dir.join(&args[k + 1])),
        Some(k) if args.len() == k + 3 && (args[k + 1] == "head" || args[k + 1] == "tail") => {
            let n = args[k + 2].strip_prefix('-').and_then(|n| n.parse::<usize>().ok());
            let n = n.ok_or("only `| head -N` and `| tail -N` are supported")?;
            if args[k + 1] == "head" {
                head = Some(n);
            } else {
                tail = Some(n);
            }
        }
        Some(_) => return Err("only `> FILE`, `| head -N` and `| tail -N` are supported".to_string()),
        None => {}
    }
    args.truncate(args.iter().position(|a| a == ">" || a == "|").unwrap_or(args.len()));
    let program = match args.first().map(String::as_str) {
        Some("kartya") => env!("CARGO_BIN_EXE_kartya"),
        Some("diff") => "diff",
        _ => return Err("only `kartya` and `diff` commands can be run".to_string()),
    };
    let output = Command::new(program)
        .args(&args[1..])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(match &input {
            Some(path) => {
                Stdio::from(std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?)
            }
            None => Stdio::null(),
        })
        .output()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    let mut stdout = String::from_utf8_lossy(&output.stdout).to_string();
    if let Some(path) = into_file {
        std::fs::write(&path, &stdout).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        stdout.clear();
    }
    if let Some(n) = head {
        stdout = stdout.lines().take(n).map(|l| format!("{l}\n")).collect();
    }
    if let Some(n) = tail {
        let lines: Vec<&str> = stdout.lines().collect();
        stdout = lines[lines.len().saturating_sub(n)..]
            .iter()
            .map(|l| format!("{l}\n"))
            .collect();
    }
    Ok(lines_of(&format!(
        "{}{stdout}",
        String::from_utf8_lossy(&output.stderr)
    )))
}

/// A fresh directory for one doc, with the repository's folders linked in.
fn workdir(doc: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("kartya-docs-{}-{doc}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for sub in ["docs", "tests", "variants"] {
        std::os::unix::fs::symlink(common::root().join(sub), dir.join(sub))
            .map_err(|e| format!("cannot link {sub}: {e}"))?;
    }
    Ok(dir)
}

/// Applies the edits to the doc's files; gives the texts to put back afterwards.
fn apply(edits: &[Edit], dir: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let mut saved = Vec::new();
    for e in edits {
        let path = dir.join(&e.file);
        let before = std::fs::read_to_string(&path).map_err(|err| format!("line {}: {}: {err}", e.line + 1, e.file))?;
        let hits: Vec<usize> = before
            .lines()
            .enumerate()
            .filter(|(_, l)| l.trim() == e.old)
            .map(|(k, _)| k)
            .collect();
        let [hit] = hits[..] else {
            return Err(format!(
                "line {}: {} has {} lines `{}`, not one",
                e.line + 1,
                e.file,
                hits.len(),
                e.old
            ));
        };
        let after: String = before
            .lines()
            .enumerate()
            .map(|(k, l)| format!("{}\n", if k == hit { &e.new } else { l }))
            .collect();
        std::fs::write(&path, after).map_err(|err| format!("{}: {err}", e.file))?;
        saved.push((path, before));
    }
    Ok(saved)
}

/// Checks (or with `bless`, rewrites) one doc; gives its failures and how many commands ran.
fn check_doc(path: &Path, bless: bool) -> (Vec<String>, usize) {
    let name = path.strip_prefix(common::root()).unwrap_or(path).display().to_string();
    let Ok(doc) = std::fs::read_to_string(path) else {
        return (vec![format!("{name}: cannot read it")], 0);
    };
    let lines: Vec<&str> = doc.lines().collect();
    let steps = match parse(&doc) {
        Ok(s) => s,
        Err(e) => return (vec![format!("{name}: {e}")], 0),
    };
    let dir = match workdir(&name.replace('/', "-")) {
        Ok(d) => d,
        Err(e) => return (vec![format!("{name}: {e}")], 0),
    };
    let (mut failures, mut ran, mut edits, mut rewrites) = (Vec::new(), 0, Vec::new(), Vec::new());
    for step in steps {
        match step {
            Step::File { name: file, body } => {
                if let Err(e) = std::fs::write(dir.join(&file), body) {
                    failures.push(format!("{name}: cannot write {file}: {e}"));
                }
            }
            Step::Edit(e) => edits.push(e),
            Step::Transcript(shown) => {
                let saved = match apply(&std::mem::take(&mut edits), &dir) {
                    Ok(s) => s,
                    Err(e) => {
                        failures.push(format!("{name}: {e}"));
                        continue;
                    }
                };
                for s in shown {
                    ran += 1;
                    let expected: Vec<String> =
                        lines[s.start..s.end].iter().map(|l| l.trim_end().to_string()).collect();
                    match run(&s.command, &dir) {
                        Err(e) => failures.push(format!("{name}:{}: `$ {}` cannot be run: {e}", s.line + 1, s.command)),
                        Ok(real) if text::matches(&expected, &real) => {}
                        Ok(real) if bless => rewrites.push((s.start, s.end, text::bless(&expected, &real))),
                        Ok(real) => failures.push(format!(
                            "{name}:{}: `$ {}` prints other than the doc shows:\n{}",
                            s.line + 1,
                            s.command,
                            text::diff(&expected, &real)
                        )),
                    }
                }
                for (file, text) in saved.into_iter().rev() {
                    let _ = std::fs::write(file, text);
                }
            }
        }
    }
    if !edits.is_empty() {
        failures.push(format!(
            "{name}:{}: a docs-test edit with no transcript after it",
            edits[0].line + 1
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    if !rewrites.is_empty() {
        let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        for (start, end, new) in rewrites.into_iter().rev() {
            out.splice(start..end, new);
        }
        let text = out.join("\n") + if doc.ends_with('\n') { "\n" } else { "" };
        match std::fs::write(path, text) {
            Ok(()) => eprintln!("{name}: shown outputs rewritten; review the diff"),
            Err(e) => failures.push(format!("{name}: cannot rewrite it: {e}")),
        }
    }
    (failures, ran)
}

fn docs() -> Vec<PathBuf> {
    let root = common::root();
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files.insert(0, root.join("README.md"));
    files
}

#[test]
fn every_command_in_the_docs_prints_what_the_docs_show() {
    let bless = std::env::var_os("KARTYA_BLESS_DOCS").is_some_and(|v| v == "1");
    let (mut failures, mut ran) = (Vec::new(), 0);
    for doc in docs() {
        let (f, n) = check_doc(&doc, bless);
        failures.extend(f);
        ran += n;
    }
    assert!(
        failures.is_empty(),
        "{}\n\n{} of {ran} commands differ from the docs: fix the tool, or if the new output is right, \
         run `just docs` (KARTYA_BLESS_DOCS=1) and review the docs' diff",
        failures.join("\n\n"),
        failures.len()
    );
    assert!(ran >= 10, "expected the docs' transcripts, ran {ran} commands");
}

#[test]
fn a_command_the_test_cannot_run_fails_it() {
    let dir = std::env::temp_dir();
    assert!(run("ls -l", &dir).is_err());
    assert!(run("kartya list | wc -l", &dir).is_err());
    assert!(run("kartya check $HOME", &dir).is_err());
    assert_eq!(
        words("kartya check 'a b' \"c\" d").ok(),
        Some(
            vec!["kartya", "check", "a b", "c", "d"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
    let edit = parse_edit(0, "<!-- docs-test: t.kartya: \"value 10\" -> \"  valeu 10\" -->").ok();
    assert!(edit.is_some_and(|e| e.file == "t.kartya" && e.old == "value 10" && e.new == "  valeu 10"));
}
