//! `kartya solve`: reads a hand record, asks the library for the position before an action
//! (`record::position`) and its double-dummy value (`solve::Solver`), prints the value for the
//! declarer's side and the best cards in the variant's card names. Thin: no rule lives here.

use super::io::outln;
use kartya::diag::Diag;
use kartya::engine::Pos;
use kartya::record::{self, notation};
use kartya::solve::{Count, Objective, Solver};
use serde_json::json;
use std::process::ExitCode;

/// The solver's node budget when `--nodes` is not given: a full 9-trick Alsós hand needs well
/// under a million; this bounds a large pack (64 cards, 8 players) to some seconds and the
/// memory of its table.
pub const DEFAULT_NODES: u64 = 50_000_000;
/// The largest `--nodes` taken: beyond it a search would run for days.
pub const MAX_NODES: u64 = 1_000_000_000_000;

pub fn solve(path: &str, from: Option<usize>, nodes: u64, json_out: bool) -> ExitCode {
    let Some((mut sources, id)) = super::io::read_record(path) else {
        return ExitCode::from(1);
    };
    let pos = record::position::position(&mut sources, id, from);
    super::print_diags(&pos.diags, &sources);
    let errors = pos.diags.iter().any(Diag::is_error);
    let Some(g) = pos.game.filter(|_| !errors) else {
        return ExitCode::from(1);
    };
    let (Some(obj), Some(t)) = (Objective::of_game(&g), g.play_table()) else {
        return ExitCode::from(1);
    };
    let p = g.play_state();
    let mut solver = Solver::new();
    solver.set_budget(nodes);
    let Ok((value, best)) = solver.best_cards(t, p, &obj) else {
        super::io::errln!(
            "error: the search stopped at its budget of {nodes} nodes before it knew the value of this position"
        );
        super::io::errln!("  help: give `--nodes` a larger number, or ask for a later position with `--from`");
        return ExitCode::from(1);
    };
    let v = &g.rules().variant;
    let best: Vec<String> = kartya::engine::tables::cards(best)
        .map(|c| notation::card_name(v, c))
        .collect();
    let side: Vec<u8> = (0..p.n)
        .filter(|q| obj.side & (1 << q) != 0)
        .map(|q| g.seat_of(Pos(q)).0)
        .collect();
    let seat = g.seat_of(Pos(p.to_play)).0;
    let unit = match obj.count {
        Count::Points => "card points",
        Count::Tricks => "tricks",
    };
    let left = p.total_tricks - p.tricks_played;
    if json_out {
        let out = json!({
            "record": path,
            "from": pos.from,
            "seat": seat,
            "tricks_left": left,
            "side": side,
            "counts": if obj.count == Count::Points { "points" } else { "tricks" },
            "side_maximizes": obj.side_maximizes,
            "value": value,
            "best": best,
        });
        outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        let seats: Vec<String> = side.iter().map(u8::to_string).collect();
        outln!(
            "== {path}, before action {}: seat {seat} to play, {left} tricks to go",
            pos.from
        );
        outln!(
            "the declarer's side (seat {}) takes {value} {unit} from here, both sides playing their best{}",
            seats.join(" and "),
            if obj.side_maximizes {
                ""
            } else {
                " (it plays to take few)"
            }
        );
        outln!("best: {}", best.join(", "));
    }
    ExitCode::SUCCESS
}
