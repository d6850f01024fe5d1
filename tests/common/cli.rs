//! Running the built `kartya` binary from the CLI tests: takes arguments, gives the process's
//! output without colour, its exit code and its streams as text.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary, with colour off so that diagnostics render plain.
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_kartya"));
    c.env("NO_COLOR", "1");
    c
}

/// Runs the binary with these arguments and waits for it.
pub fn kartya(args: &[&str]) -> Output {
    match bin().args(args).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run kartya: {e}"),
    }
}

/// Runs the binary with these arguments and `input` on its stdin (`kartya play`'s answers). The
/// command may end before it has read every line: a closed pipe is not an error here.
pub fn kartya_with_input(args: &[&str], input: &str) -> Output {
    let child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => panic!("cannot run kartya: {e}"),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => panic!("kartya did not end: {e}"),
    }
}

pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// A fresh, empty folder `name` for one test's files, under the suite's own folder `suite`.
pub fn fresh_dir(suite: &str, name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(suite).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
    d
}

/// Runs the binary in `cwd` (so that diagnostics name files by their short names).
pub fn run_in(cwd: &Path, args: &[&str]) -> Output {
    match bin().current_dir(cwd).args(args).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run kartya: {e}"),
    }
}
