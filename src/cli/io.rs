//! The CLI's contact with the outside: bounded reading of input files (rules files, records) into
//! text or a diagnostic that says what is wrong with the path, and stdout writes that end the
//! process quietly when the reader has gone (`kartya list | head -1`).

use kartya::diag::{Code, Diag};
use kartya::source::{FileId, SourceSet};
use kartya::syntax::ast::Span;
use std::io::{ErrorKind, Read, Write};

/// The largest input read: the library's own limit on a rules file. A record holds a rules file
/// at most a few times over, so it gets four times as much.
pub const RULES_LIMIT: usize = kartya::syntax::MAX_FILE_BYTES;
pub const RECORD_LIMIT: usize = 4 * kartya::syntax::MAX_FILE_BYTES;

/// Reads a file as UTF-8 text, never more than `limit` bytes (so `/dev/zero` or a huge file costs
/// no memory), without a leading byte-order mark. Errors are diagnostics on the argument `span`
/// in `cmd` (the command line).
pub fn read_text(path: &str, limit: usize, cmd: FileId, span: Span, what: &str) -> Result<String, Diag> {
    let fail = |msg: String, help: &str| {
        Diag::new(Code::Unreadable, cmd, msg)
            .label(span, format!("this {what}"))
            .help(help.to_string())
    };
    let p = std::path::Path::new(path);
    if p.is_dir() {
        return Err(fail(
            format!("`{path}` is a directory"),
            &format!("give the path of a {what} inside it"),
        ));
    }
    let file = std::fs::File::open(p).map_err(|e| match e.kind() {
        ErrorKind::NotFound => fail(
            format!("`{path}`: no such file"),
            if what == "record" {
                "check the path"
            } else {
                "check the path; bundled names are listed by `kartya list`"
            },
        ),
        ErrorKind::PermissionDenied => fail(
            format!("`{path}` cannot be read: permission denied"),
            "check the file's permissions",
        ),
        _ => fail(
            format!("cannot read `{path}`: {}", e.to_string().to_lowercase()),
            "check the path",
        ),
    })?;
    // one byte over the limit tells "too large" from "exactly the limit"
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(|e| {
        fail(
            format!("cannot read `{path}`: {}", e.to_string().to_lowercase()),
            "check the path",
        )
    })?;
    if bytes.len() > limit {
        return Err(Diag::new(
            Code::TooLarge,
            cmd,
            format!("`{path}` is larger than {} KiB", limit / 1024),
        )
        .label(span, format!("this {what}"))
        .help(format!(
            "a {what} is at most {} KiB; is this the right file?",
            limit / 1024
        )));
    }
    // what Windows Notepad writes at the start of a UTF-8 file; the text begins after it, so
    // every span and column counts from the first real character
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    String::from_utf8(body.to_vec()).map_err(|e| {
        fail(
            format!(
                "`{path}` is not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
            &format!("save the {what} as UTF-8"),
        )
    })
}

/// A refusal about the value given to a flag (`--records DIR`, `--save FILE`, `--seat N`), as a diagnostic
/// on a command line `kartya COMMAND FLAG PATH` written for it; gives the sources to render it.
pub fn flag_path_diag(
    code: Code,
    command: &str,
    flag: &str,
    path: &str,
    message: String,
    label: &str,
    help: String,
) -> (SourceSet, Diag) {
    let line = format!("kartya {command} {flag} {path}");
    let start = line.len() - path.len();
    let mut sources = SourceSet::new();
    let cmd = sources.add("<command line>", line.clone(), kartya::source::Origin::Synthetic);
    let d = Diag::new(code, cmd, message)
        .label(Span::new(start, line.len()), label.to_string())
        .help(help);
    (sources, d)
}

/// A diagnostic about one path given alone (a record): the command line is just that path.
pub fn read_one(path: &str, limit: usize, sources: &mut SourceSet, what: &str) -> Result<String, Diag> {
    let cmd = sources.add("<command line>", path.to_string(), kartya::source::Origin::Synthetic);
    read_text(path, limit, cmd, Span::new(0, path.len()), what)
}

/// A hand record read into a new source set: the set and the record's file, or its diagnostic
/// printed (the caller exits 1).
pub fn read_record(path: &str) -> Option<(SourceSet, FileId)> {
    let mut sources = SourceSet::new();
    match read_one(path, RECORD_LIMIT, &mut sources, "record") {
        Ok(text) => {
            let id = sources.add(path.to_string(), text, kartya::source::Origin::User);
            Some((sources, id))
        }
        Err(d) => {
            super::print_diags(&[d], &sources);
            None
        }
    }
}

/// Writes to stdout; a closed pipe (the reader has all it wants) ends the process at once with
/// exit 0, any other write error with exit 1. Every stdout write of the CLI goes through here.
pub fn out(text: &str) {
    let mut lock = std::io::stdout().lock();
    if let Err(e) = lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        gone(&e);
    }
}

fn gone(e: &std::io::Error) -> ! {
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    err(&format!("error: cannot write the output: {e}\n"));
    std::process::exit(1);
}

/// Writes to stderr, ignoring failure (there is nowhere left to report it).
pub fn err(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// `println!` through [`out`].
macro_rules! outln {
    ($($t:tt)*) => { $crate::io::out(&format!("{}\n", format_args!($($t)*))) };
}
/// `print!` through [`out`].
macro_rules! outp {
    ($($t:tt)*) => { $crate::io::out(&format!($($t)*)) };
}
/// `eprintln!` that does not panic on a closed stderr.
macro_rules! errln {
    ($($t:tt)*) => { $crate::io::err(&format!("{}\n", format_args!($($t)*))) };
}
pub(crate) use {errln, outln, outp};

/// Reads the local files that the user's rules files extend (by a path after `extends`, or
/// `NAME.kartya` beside the file), and theirs in turn, so that the library (which reads no
/// disk) finds them. A file that is not there is left to the library to report.
pub fn add_parents(sources: &mut SourceSet, first: &[FileId]) {
    use kartya::resolve::parent;
    use kartya::source::Origin;
    let mut todo: Vec<FileId> = first
        .iter()
        .copied()
        .filter(|&id| sources.origin(id) == Origin::User)
        .collect();
    while let Some(id) = todo.pop() {
        let header = kartya::syntax::parse(id, sources.text(id))
            .ok()
            .and_then(|ast| kartya::resolve::header_of(id, &ast));
        let Some((target, _)) = header.and_then(|h| h.extends) else {
            continue;
        };
        let path = parent::parent_path(sources.name(id), &target);
        let known = sources
            .ids()
            .any(|i| sources.origin(i) == Origin::User && parent::normalize(sources.name(i)) == path);
        if known || !std::path::Path::new(&path).is_file() {
            continue;
        }
        if let Ok(text) = read_text(&path, RULES_LIMIT, id, Span::default(), "rules file") {
            todo.push(sources.add(path, text, Origin::User));
        }
    }
}
