//! Running the built `kartya` binary from the CLI tests: takes arguments, gives the process's
//! output without colour, its exit code and its streams as text.

use std::process::{Command, Output};

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

pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}
