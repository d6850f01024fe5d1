//! The checks of a `tie most-pay N N ...` table: takes the model's contracts where the most pays
//! (`win most-tricks`, `win most-card-points`), gives an error where the table does not fit the
//! table's players (one number for each count of players who can share the most: one player up
//! to all but one) or where what the players with the most pay cannot be shared evenly by those
//! with less (`kartya::out-of-range`).

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    let active = v.active as usize;
    // the dealer sitting out is paid with the players who have less (`most_tricks` does the same)
    let dealer_paid = usize::from(v.sits_out_dealer && v.scoring.sitting_out_with_opponents);
    for c in v.contracts.iter() {
        let Tie::MostPayTimes(times) = c.tie else { continue };
        let n = c.name.as_str();
        let given = numbers_written(out, n);
        if given != active.saturating_sub(1) {
            out.at_code(
                Code::OutOfRange,
                &["contract", n, "tie"],
                format!(
                    "`tie most-pay` in contract `{n}` names {given} numbers, but {} players can share the most ({active} players, all equal pays nobody)",
                    active.saturating_sub(1)
                ),
                "one number for each count of players sharing the most",
                format!("write {} numbers: what each pays when one, two, ... players share the most", active.saturating_sub(1)),
            );
            continue;
        }
        for (k, &t) in times.iter().enumerate().take(given) {
            let tied = k + 1;
            let receivers = active - tied + dealer_paid;
            if receivers > 0 && !(tied * t as usize).is_multiple_of(receivers) {
                out.at_code(
                    Code::OutOfRange,
                    &["contract", n, "tie"],
                    format!(
                        "in contract `{n}`, when {tied} share the most they pay {} values in all, which {receivers} players with less cannot share evenly",
                        tied * t as usize
                    ),
                    "an uneven share",
                    format!("make {tied} times the {tied}. number a multiple of {receivers}"),
                );
            }
        }
    }
}

/// How many numbers the `tie most-pay` line of contract `name` wrote.
fn numbers_written(out: &Out, name: &str) -> usize {
    out.entry(&["contract", name, "tie"])
        .map(|e| e.stmt.words.len().saturating_sub(2))
        .unwrap_or(0)
}
