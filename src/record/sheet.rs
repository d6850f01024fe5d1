//! A finished hand's score sheet in words: the contract, card points and tricks per seat, each
//! item with its owner, base, multipliers, result and payment per seat, then the totals.

use crate::engine::game::Item;
use crate::engine::score::Score;
use crate::engine::Game;
use std::fmt::Write as _;

/// The itemized sheet of a finished game (empty if the hand is not over).
pub fn sheet(game: &Game) -> String {
    let Some(score) = game.result() else {
        return String::new();
    };
    render(game, score)
}

fn render(game: &Game, s: &Score) -> String {
    let v = &game.rules().variant;
    let players = v.players as usize;
    let mut o = String::new();
    if s.redeal {
        let _ = writeln!(o, "all passed: the hand is thrown in and dealt again; nobody pays");
        return o;
    }
    let contract = s.contract.and_then(|c| v.contracts.get(c));
    let trump = s
        .trump
        .and_then(|t| v.suits.get(t as usize))
        .map(|t| format!(", trumps {}", t.name))
        .unwrap_or_default();
    let declarer = s.declarer.map(|d| format!(", declarer seat {d}")).unwrap_or_default();
    let _ = writeln!(
        o,
        "contract {}{trump}{declarer}; dealer seat {}",
        contract.map(|c| c.name.as_str()).unwrap_or("?"),
        game.dealer()
    );
    let header: String = (0..players).map(|p| format!("{:>8}", format!("seat {p}"))).collect();
    let _ = writeln!(o, "{:<34}{header}", "");
    let row = |o: &mut String, label: &str, vals: &mut dyn Iterator<Item = String>| {
        let cells: String = vals.map(|x| format!("{x:>8}")).collect();
        let _ = writeln!(o, "{label:<44}{cells}");
    };
    row(&mut o, "tricks", &mut (0..players).map(|p| s.tricks[p].to_string()));
    row(
        &mut o,
        "card points",
        &mut (0..players).map(|p| s.card_points[p].to_string()),
    );
    row(&mut o, "melds", &mut (0..players).map(|p| s.meld_points[p].to_string()));
    let _ = writeln!(o);
    for it in &s.items {
        let name = match (it.item, it.figure) {
            (Item::Game, _) => contract.map(|c| c.name.clone()).unwrap_or_else(|| "game".into()),
            (_, Some(f)) => v.figures.get(f).map(|f| f.name.clone()).unwrap_or_default(),
            _ => "?".into(),
        };
        let by = it.by.map(|b| format!(" (seat {b})")).unwrap_or_default();
        let front = if it.front { " front" } else { "" };
        let result = match it.won {
            Some(true) => "won",
            Some(false) => "lost",
            None => "nobody",
        };
        let label = format!(
            "{name}{by}: {}{front} x{} = {} {result}",
            it.base, it.multiplier, it.value
        );
        row(&mut o, &label, &mut (0..players).map(|p| signed(it.pay[p])));
    }
    let _ = writeln!(o);
    row(&mut o, "total", &mut (0..players).map(|p| signed(s.payments[p])));
    o
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
