//! A finished hand's score sheet, in words and as JSON: the contract, card points and tricks per
//! seat, each item with its owner, base, multipliers, result and payment per seat, then the
//! totals. Both forms name things by the variant's words and have one entry per seat in play.

use crate::engine::claims::{ClaimKind, ClaimNote, ClaimOutcome};
use crate::engine::game::{Action, Item};
use crate::engine::score::{Score, ScoreItem};
use crate::engine::Game;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// The itemized sheet of a finished game (empty if the hand is not over).
pub fn sheet(game: &Game) -> String {
    let Some(score) = game.result() else {
        return String::new();
    };
    render(game, score)
}

/// The item's name: the contract for the game, the figure's name for a figure.
fn item_name(game: &Game, s: &Score, it: &ScoreItem) -> String {
    let v = &game.rules().variant;
    match (it.item, it.figure) {
        (Item::Game, _) => s
            .contract
            .and_then(|c| v.contracts.get(c))
            .map(|c| c.name.clone())
            .unwrap_or_else(|| "game".into()),
        (_, Some(f)) => v.figures.get(f).map(|f| f.name.clone()).unwrap_or_default(),
        _ => "?".into(),
    }
}

fn result_word(won: Option<bool>) -> &'static str {
    match won {
        Some(true) => "won",
        Some(false) => "lost",
        None => "nobody",
    }
}

/// Each seat's column is this wide; labels take the widest label's room, so the headers stand
/// over their numbers whatever the figure names.
const CELL: usize = 8;

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
    let mut declarer = s.declarer.map(|d| format!(", declarer seat {d}")).unwrap_or_default();
    // a contract with a partner says who it was, or that the declarer played alone
    if contract.is_some_and(|c| c.sides.with_partner()) && s.declarer.is_some() {
        match game.partner() {
            Some(p) => declarer.push_str(&format!(" with partner seat {p}")),
            None => declarer.push_str(" alone"),
        }
    }
    // a contract raised in trick 1 (`raise-by`) says who raised it: the contract named is the raised one
    if let Some(by) = game
        .history()
        .iter()
        .find_map(|(by, a)| matches!(a, Action::RaiseTo(_)).then_some(by.0))
    {
        declarer.push_str(&format!(", raised in trick 1 by seat {by}"));
    }
    let _ = writeln!(
        o,
        "contract {}{trump}{declarer}; dealer seat {}",
        contract.map(|c| c.name.as_str()).unwrap_or("?"),
        game.dealer()
    );
    if let Some(c) = &s.claim {
        let _ = writeln!(o, "{}", claim_line(c));
    }
    let labels: Vec<String> = s
        .items
        .iter()
        .map(|it| {
            let by = it.by.map(|b| format!(" (seat {b})")).unwrap_or_default();
            let front = if it.front {
                " front"
            } else if it.unannounced {
                " unannounced"
            } else {
                ""
            };
            // overtricks and a deduction are written only when the hand has them
            let (open, extra) = if it.extra != 0 {
                ("(", format!(" + {})", it.extra))
            } else {
                ("", String::new())
            };
            let deducted = if it.deducted != 0 {
                format!(" - {}", it.deducted)
            } else {
                String::new()
            };
            // levels that add (`adds`): after the multiplier
            let deducted = if it.added != 0 {
                format!("{deducted} + {}", it.added)
            } else {
                deducted
            };
            // `each-scores`: the game item holds what each player scored for himself
            if it.item == Item::Game && contract.is_some_and(|c| c.each_scores.is_some()) {
                return format!("{}: each for himself by his bid", item_name(game, s, it));
            }
            format!(
                "{}{by}: {open}{}{extra}{front} x{}{deducted} = {} {}",
                item_name(game, s, it),
                it.base,
                it.multiplier,
                it.value,
                result_word(it.won)
            )
        })
        .collect();
    let width = labels.iter().map(|l| l.chars().count() + 1).max().unwrap_or(0).max(12);
    let row = |o: &mut String, label: &str, vals: &mut dyn Iterator<Item = String>| {
        let cells: String = vals.map(|x| format!("{x:>CELL$}")).collect();
        let _ = writeln!(o, "{label:<width$}{cells}");
    };
    row(&mut o, "", &mut (0..players).map(|p| format!("seat {p}")));
    // undertakings only where the hand has them: the sheets of other games stay as they were
    if (0..players as u8).any(|p| game.undertaking_of_seat(p).is_some()) {
        let bid = |p: usize| {
            game.undertaking_of_seat(p as u8)
                .map(|b| b.to_string())
                .unwrap_or_else(|| "-".into())
        };
        row(&mut o, "bids", &mut (0..players).map(bid));
    }
    row(&mut o, "tricks", &mut (0..players).map(|p| s.tricks[p].to_string()));
    row(
        &mut o,
        "card points",
        &mut (0..players).map(|p| s.card_points[p].to_string()),
    );
    row(&mut o, "melds", &mut (0..players).map(|p| s.meld_points[p].to_string()));
    let _ = writeln!(o);
    for (it, label) in s.items.iter().zip(&labels) {
        row(&mut o, label, &mut (0..players).map(|p| signed(it.pay[p])));
    }
    let _ = writeln!(o);
    // `unit cents`: the total says what it is counted in
    let total = match &game.rules().variant.scoring.unit {
        Some(u) => format!("total ({u})"),
        None => "total".to_string(),
    };
    row(&mut o, &total, &mut (0..players).map(|p| signed(s.payments[p])));
    o
}

/// The sheet as JSON (docs/sheet.schema.json): names in the variant's words, one entry per seat
/// in play, `null` for what the hand does not have (a declarer, trumps). Null if not over.
pub fn sheet_json(game: &Game) -> Value {
    let Some(s) = game.result() else {
        return Value::Null;
    };
    let v = &game.rules().variant;
    let players = v.players as usize;
    let seats: Vec<Value> = (0..players)
        .map(|p| {
            let mut seat = json!({
                "seat": p,
                "tricks": s.tricks[p],
                "card_points": s.card_points[p],
                "melds": s.meld_points[p],
                "payment": s.payments[p],
            });
            // a seat's undertaking only where it has one (`each-bids`, `highest-bids`)
            if let (Some(m), Some(b)) = (seat.as_object_mut(), game.undertaking_of_seat(p as u8)) {
                m.insert("bid".into(), json!(b));
            }
            seat
        })
        .collect();
    let items: Vec<Value> = s
        .items
        .iter()
        .map(|it| {
            let mut item = json!({
                "name": item_name(game, s, it),
                "kind": if it.item == Item::Game { "game" } else { "figure" },
                "by": it.by,
                "base": it.base,
                "front": it.front,
                "multiplier": it.multiplier,
                "value": it.value,
                "result": result_word(it.won),
                "pay": it.pay.iter().take(players).collect::<Vec<_>>(),
            });
            // only on the items that have them: the sheets of other games stay as they were
            if let Some(m) = item.as_object_mut() {
                if it.unannounced {
                    m.insert("unannounced".into(), json!(true));
                }
                if it.extra != 0 {
                    m.insert("overtricks".into(), json!(it.extra));
                }
                if it.deducted != 0 {
                    m.insert("deducted".into(), json!(it.deducted));
                }
                if it.added != 0 {
                    m.insert("added".into(), json!(it.added));
                }
            }
            item
        })
        .collect();
    let mut out = json!({
        "thrown_in": s.redeal,
        "contract": s.contract.and_then(|c| v.contracts.get(c)).map(|c| c.name.clone()),
        "trumps": s.trump.and_then(|t| v.suits.get(t as usize)).map(|t| t.name.clone()),
        "declarer": s.declarer,
        "dealer": game.dealer(),
        "seats": seats,
        "items": items,
    });
    // only a hand with a claim has the key, so the sheets of every other hand stay as they were
    if let (Some(c), Some(map)) = (&s.claim, out.as_object_mut()) {
        map.insert(
            "claim".into(),
            json!({
                "kind": claim_kind_word(c.kind),
                "by": c.by,
                "after_tricks": c.after_tricks,
                "outcome": claim_outcome_word(c.outcome),
                "to": c.to,
            }),
        );
    }
    out
}

fn claim_kind_word(k: ClaimKind) -> &'static str {
    match k {
        ClaimKind::Claim => "claim",
        ClaimKind::Concede => "concession",
    }
}

fn claim_outcome_word(o: ClaimOutcome) -> &'static str {
    match o {
        ClaimOutcome::Accepted => "accepted",
        ClaimOutcome::PlayedOut => "disputed, played out as said",
        ClaimOutcome::Settled => "disputed, went against it",
        ClaimOutcome::Confirmed => "disputed, confirmed by the play",
        ClaimOutcome::Open => "disputed",
    }
}

/// The sheet's line for a claim: `claim by seat 1 after 8 tricks: accepted; the tricks since it to seat 1`.
fn claim_line(c: &ClaimNote) -> String {
    let to =
        c.to.map(|t| format!("; the tricks since it to seat {t}"))
            .unwrap_or_default();
    format!(
        "{} by seat {} after {} tricks: {}{to}",
        claim_kind_word(c.kind),
        c.by,
        c.after_tricks,
        claim_outcome_word(c.outcome)
    )
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
