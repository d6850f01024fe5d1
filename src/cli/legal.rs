//! `kartya replay --legal`: reads one hand record, asks the library for the hand after its first
//! N actions (`record::legal`), prints the legal actions there in the record's notation, one a
//! line, or with `--json` the seat to act, the phase and the actions. Thin: no rule lives here.

use super::io::{errln, outln};
use kartya::diag::Diag;
use kartya::record;
use serde_json::json;
use std::process::ExitCode;

pub fn legal(paths: &[String], at: Option<usize>, json_out: bool) -> ExitCode {
    let [path] = paths else {
        errln!("error: --legal reads one record: {} were given", paths.len());
        return ExitCode::from(2);
    };
    let Some((mut sources, id)) = super::io::read_record(path) else {
        return ExitCode::from(1);
    };
    let l = record::legal::legal_at(&mut sources, id, at);
    super::print_diags(&l.diags, &sources);
    if l.game.is_none() || l.diags.iter().any(Diag::is_error) {
        return ExitCode::from(1);
    }
    let legal = l.legal();
    if json_out {
        let out = json!({
            "record": path,
            "at": l.at,
            "seat": l.seat().map(|s| s.0),
            "phase": l.phase(),
            "legal": legal,
        });
        outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else if legal.is_empty() {
        errln!("the hand is over after {} actions: nothing is legal", l.at);
    } else {
        for a in &legal {
            outln!("{a}");
        }
    }
    ExitCode::SUCCESS
}
