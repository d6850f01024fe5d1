//! The CSV of a comparison: takes the rows of hands (`HandRow`) and the names, gives one line per
//! hand and rule set (for R or pandas): hand, rule set, contract, declarer, success, payments
//! per seat, figures announced and won, cards played, actions, and whether the play differed.

use super::outcome::{Names, Outcome};
use super::HandRow;
use std::fmt::Write as _;

/// The header line (with its newline).
pub fn header(names: &Names) -> String {
    let mut h = String::from("hand,rules,thrown_in,contract,declarer,success");
    for s in 0..names.seats {
        let _ = write!(h, ",payment_{s}");
    }
    h.push_str(",figures_announced,figures_won,cards_played,actions,play_differs\n");
    h
}

/// The two lines of a hand, A's then B's.
pub fn rows(names: &Names, row: &HandRow, out: &mut String) {
    for (side, o) in row.outcomes.iter().enumerate() {
        line(names, row, side, o, out);
    }
}

fn line(names: &Names, row: &HandRow, side: usize, o: &Outcome, out: &mut String) {
    let contract = o.contract.and_then(|c| names.contracts.get(c)).map(String::as_str);
    let opt = |v: Option<String>| v.unwrap_or_default();
    let _ = write!(
        out,
        "{},{},{},{},{},{}",
        row.index,
        ["A", "B"][side],
        o.thrown_in as u8,
        quoted(contract.unwrap_or("")),
        opt(o.declarer.map(|d| d.to_string())),
        opt(o.won.map(|w| (w as u8).to_string())),
    );
    for p in o.payments.iter().take(names.seats as usize) {
        let _ = write!(out, ",{p}");
    }
    let figures = |mask: u128| {
        let list: Vec<&str> = names
            .figures
            .iter()
            .enumerate()
            .filter(|(f, _)| mask >> f & 1 == 1)
            .map(|(_, n)| n.as_str())
            .collect();
        quoted(&list.join(" "))
    };
    let _ = writeln!(
        out,
        ",{},{},{},{},{}",
        figures(o.announced),
        figures(o.figures_won),
        o.cards,
        o.actions,
        row.differs as u8
    );
}

/// A field as CSV writes it: quoted when it holds a comma, a quote or a line break.
fn quoted(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
