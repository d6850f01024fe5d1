//! Every file the CLI writes (records and their manifest, the compare CSV and report, a saved
//! hand) goes through here: a target is checked before the work starts (no empty path, no
//! symbolic link, a folder that exists and takes files, nothing overwritten without `--force`),
//! and a file is written under a temporary name in its own folder and renamed over the target
//! when complete, so that a killed run leaves the previous file or none, never a partial one.

use kartya::diag::{Code, Diag};
use kartya::source::SourceSet;
use kartya::syntax::ast::Span;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a target is refused: the code, the message, the label under the path and the help.
pub struct Refusal {
    pub code: Code,
    pub message: String,
    pub label: &'static str,
    pub help: String,
}

impl Refusal {
    /// The refusal as a diagnostic labelled at `span` of the command line `cmd`.
    pub fn on(self, cmd: kartya::source::FileId, span: Span) -> Diag {
        Diag::new(self.code, cmd, self.message)
            .label(span, self.label)
            .help(self.help)
    }

    /// The refusal as a diagnostic on `kartya COMMAND FLAG PATH`, with the sources to render it.
    pub fn diag(self, command: &str, flag: &str, path: &str) -> (SourceSet, Diag) {
        super::io::flag_path_diag(self.code, command, flag, path, self.message, self.label, self.help)
    }
}

/// The part of every temporary name that marks it as ours (`.NAME.kartya-tmp-PID-N`): a run
/// killed before the rename leaves such a file, which no reader takes for an output and which
/// `--force` clears from a records or report folder.
pub const TEMP_MARK: &str = ".kartya-tmp-";

/// Whether a file name is one of our temporary names.
pub fn is_temp(name: &str) -> bool {
    name.starts_with('.') && name.contains(TEMP_MARK)
}

fn refusal(message: String, label: &'static str, help: impl Into<String>) -> Refusal {
    Refusal {
        code: Code::BadOutput,
        message,
        label,
        help: help.into(),
    }
}

fn exists(message: String, label: &'static str, help: impl Into<String>) -> Refusal {
    Refusal {
        code: Code::OutputExists,
        ..refusal(message, label, help)
    }
}

/// The folder a file path is in ("." for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A new temporary path beside `target`, unique in this process.
fn temp_beside(target: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    folder_of(target).join(format!(".{name}{TEMP_MARK}{}-{n}", std::process::id()))
}

/// Checks that files can be made in `dir` by making (and removing) one.
fn takes_files(dir: &Path, shown: &str) -> Result<(), Refusal> {
    let probe = temp_beside(&dir.join("probe"));
    match OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(refusal(
            format!("cannot write into `{shown}`: {}", e.to_string().to_lowercase()),
            "this path",
            "check that the folder exists and that you may write in it",
        )),
    }
}

fn empty_path() -> Refusal {
    refusal(
        "an empty path".into(),
        "this path",
        "give the path to write to (`.` is the current folder)",
    )
}

/// Checks a file target before the work: `path` names no folder and no symbolic link (not even
/// a dangling one), is new unless `force`, and its folder exists and takes files.
pub fn check_file(path: &str, force: bool) -> Result<(), Refusal> {
    if path.is_empty() {
        return Err(empty_path());
    }
    let p = Path::new(path);
    if let Ok(m) = std::fs::symlink_metadata(p) {
        if m.file_type().is_symlink() {
            return Err(refusal(
                format!("`{path}` is a symbolic link; kartya does not write through one"),
                "this path",
                "give the path of a plain file, or remove the link",
            ));
        }
        if m.is_dir() {
            return Err(refusal(
                format!("`{path}` is a folder"),
                "this path",
                "give the path of a file",
            ));
        }
        if !force {
            return Err(exists(
                format!("`{path}` exists already"),
                "this file",
                "give a new file, or add --force to write over it",
            ));
        }
    }
    let dir = folder_of(p);
    if !dir.is_dir() {
        return Err(refusal(
            format!("the folder `{}` does not exist", dir.display()),
            "this path",
            "make the folder first, or give a path in one that exists",
        ));
    }
    takes_files(&dir, &dir.display().to_string())
}

/// Checks an output folder before the work and makes it: `dir` is not empty, not a file, and
/// holds nothing unless `force` (then only the files `ours` names, and our temporary files, may
/// be replaced: the writer clears them). `what` says what the folder is for.
pub fn check_folder(dir: &str, force: bool, what: &str) -> Result<(), Refusal> {
    if dir.is_empty() {
        return Err(empty_path());
    }
    let p = Path::new(dir);
    if p.exists() && !p.is_dir() {
        return Err(refusal(
            format!("`{dir}` exists and is not a folder"),
            "this path",
            format!("give the path of a new or empty folder for the {what}"),
        ));
    }
    let entries = std::fs::read_dir(p).map(|d| d.count()).unwrap_or(0);
    if entries > 0 && !force {
        return Err(exists(
            format!(
                "the folder `{dir}` is not empty ({entries} {}); the {what} of two runs would mix",
                if entries == 1 { "entry" } else { "entries" }
            ),
            "this folder",
            format!("give a new folder, or add --force to replace the {what} in it"),
        ));
    }
    std::fs::create_dir_all(p).map_err(|e| {
        refusal(
            format!("cannot create `{dir}`: {}", e.to_string().to_lowercase()),
            "this folder",
            "check the path and the permissions of the folder above it",
        )
    })?;
    takes_files(p, dir)
}

/// Removes from `dir` the files `ours` names and our temporary files (never a folder, and never
/// through a link: a link is removed itself). For `--force` over an earlier run.
pub fn clear(dir: &Path, ours: &dyn Fn(&str) -> bool) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)?.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(true);
        if !is_dir && (ours(&name) || is_temp(&name)) {
            std::fs::remove_file(e.path())?;
        }
    }
    Ok(())
}

/// A file being written under a temporary name beside its target; `commit` renames it over the
/// target. Dropped uncommitted (an error on the way), the temporary file is removed.
pub struct Staged {
    out: Option<BufWriter<File>>,
    temp: PathBuf,
    target: PathBuf,
}

impl Staged {
    pub fn new(target: impl AsRef<Path>) -> std::io::Result<Staged> {
        let target = target.as_ref().to_path_buf();
        let temp = temp_beside(&target);
        // create_new: never opens what is there already, a link least of all
        let file = OpenOptions::new().write(true).create_new(true).open(&temp)?;
        Ok(Staged {
            out: Some(BufWriter::new(file)),
            temp,
            target,
        })
    }

    /// Flushes the file to the disk and renames it over the target (which, if it is a link, is
    /// replaced, not followed).
    pub fn commit(self) -> std::io::Result<()> {
        self.finish(true)
    }

    /// `commit` without waiting for the disk: for the many small files of one run, whose
    /// manifest (committed) is written last.
    pub fn commit_unsynced(self) -> std::io::Result<()> {
        self.finish(false)
    }

    fn finish(mut self, sync: bool) -> std::io::Result<()> {
        let out = self.out.take();
        let done = out
            .map_or(Ok(()), |o| {
                let file = o.into_inner().map_err(|e| e.into_error())?;
                if sync {
                    file.sync_all()?;
                }
                Ok(())
            })
            .and_then(|()| std::fs::rename(&self.temp, &self.target));
        if done.is_err() {
            let _ = std::fs::remove_file(&self.temp);
        }
        done
    }
}

impl Write for Staged {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.out.as_mut() {
            Some(o) => o.write(buf),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.as_mut().map_or(Ok(()), |o| o.flush())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if self.out.is_some() {
            self.out = None;
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Writes `bytes` as the file `target`, whole or not at all.
pub fn write_whole(target: impl AsRef<Path>, bytes: &[u8]) -> std::io::Result<()> {
    let mut s = Staged::new(target)?;
    s.write_all(bytes)?;
    s.commit()
}

/// `write_whole` without waiting for the disk (see `Staged::commit_unsynced`).
pub fn write_whole_unsynced(target: impl AsRef<Path>, bytes: &[u8]) -> std::io::Result<()> {
    let mut s = Staged::new(target)?;
    s.write_all(bytes)?;
    s.commit_unsynced()
}

/// The refusal of a record whose run did not finish (`manifest`, from `play::incomplete_run`), as
/// a diagnostic on the path given.
pub fn refuse_incomplete(path: &str, manifest: Option<String>, sources: &mut SourceSet) -> Option<Diag> {
    let manifest = manifest?;
    // the command line as `read_one` added it: the path alone
    let cmd = sources.add("<command line>", path.to_string(), kartya::source::Origin::Synthetic);
    Some(
        Diag::new(Code::IncompleteRun, cmd, format!("`{path}` is of a run that did not finish"))
            .label(Span::new(0, path.len()), "this record")
            .help(format!(
                "`{manifest}` does not say `\"complete\": true`: the run stopped before writing all its hands; run it again"
            )),
    )
}
