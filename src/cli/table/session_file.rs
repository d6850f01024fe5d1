//! A saved `kartya play` session: takes the session's arguments and the human answers of each
//! hand so far, gives the JSON file `--save` writes after every hand (or when the user leaves)
//! and `--resume` reads back. The hands are not stored but their answers: the deals and the
//! bots' choices come again from the seed, so the file is small and a hand left in the middle
//! goes on from the answer where it stopped. Each finished hand's payments are kept too, to
//! tell a session saved by another build (whose bots would choose otherwise) from this one.

use serde::{Deserialize, Serialize};
use std::process::ExitCode;

/// The `format` field of a session file.
pub const FORMAT: &str = "kartya-session-1";

/// The largest session file read.
const LIMIT: u64 = 16 << 20;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionFile {
    pub format: String,
    /// The rules as given on the command line (names or paths, from the folder it was saved in).
    pub args: Vec<String>,
    /// The digest of the loaded rules texts: a resumed session plays the same rules.
    pub rules_digest: String,
    pub seats: Vec<u8>,
    pub seed: u64,
    pub first_hand: u64,
    pub hands: u64,
    pub bots: String,
    /// The human answers of each hand begun, in the written form (`play makk.A`).
    pub answers: Vec<Vec<String>>,
    /// Each finished hand's payments by table seat.
    pub payments: Vec<Vec<i64>>,
}

/// Reads a session file, or says on stderr what is wrong with it.
pub fn read(path: &str) -> Result<SessionFile, ExitCode> {
    use std::io::Read;
    let fail = |msg: String| refuse(path, msg, "give a file that `kartya play --hands N --save FILE` wrote");
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string().to_lowercase()))?;
    let mut text = String::new();
    file.take(LIMIT)
        .read_to_string(&mut text)
        .map_err(|e| fail(e.to_string().to_lowercase()))?;
    let f: SessionFile = serde_json::from_str(&text).map_err(|e| fail(format!("not a saved session: {e}")))?;
    if f.format != FORMAT {
        return Err(fail(format!("format `{}`, not `{FORMAT}`", f.format)));
    }
    if f.answers.len() > f.hands as usize || f.payments.len() > f.answers.len() || f.hands > super::MAX_HANDS {
        return Err(fail("its hands, answers and payments do not agree".into()));
    }
    Ok(f)
}

/// Writes the session whole under a temporary name and renames it over `path`.
pub fn write(path: &str, f: &SessionFile) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(f).map_err(std::io::Error::other)?;
    super::super::output::write_whole(path, text.as_bytes())
}

/// A saved session that cannot be continued, as a diagnostic on `--resume FILE`.
pub fn refuse(path: &str, message: String, help: &str) -> ExitCode {
    let (sources, d) = super::super::io::flag_path_diag(
        kartya::diag::Code::BadRecord,
        "play",
        "--resume",
        path,
        message,
        "this session file",
        help.to_string(),
    );
    super::super::print_diags(&[d], &sources);
    ExitCode::from(1)
}
