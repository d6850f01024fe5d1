//! The builder's part for the games where the most pays: takes a contract's `tie most-pay N N
//! ...` line as read by `build.rs`, gives the `Tie::MostPayTimes` table (how many times the value
//! each of the T players sharing the most pays). Whether the table fits the table's players and
//! splits evenly is checked on the whole variant (`no_effect/most.rs`).

use super::Builder;
use crate::model::{Tie, MAX_PLAYERS_TIED};
use crate::resolve::Entry;

/// The most times the value one player may pay in a `tie most-pay` table.
const MAX_TIMES: i64 = 100;

impl Builder<'_> {
    /// `tie most-pay N N ...` (the numbers from word 2 on, one per number of players sharing the
    /// most, one player first).
    pub(super) fn most_pay_times(&mut self, e: &Entry) -> Tie {
        let mut times = [0u8; MAX_PLAYERS_TIED];
        let given = e.stmt.words.len().saturating_sub(2);
        if given > MAX_PLAYERS_TIED {
            let span = e.stmt.head_span();
            self.err(
                crate::diag::Code::OutOfRange,
                e,
                span,
                format!(
                    "`tie most-pay` names {given} numbers, but at most {MAX_PLAYERS_TIED} players can share the most"
                ),
                "too many numbers",
                "write one number for each count of players that can share the most (one fewer than the players)",
            );
        }
        for (k, t) in times.iter_mut().enumerate().take(given.min(MAX_PLAYERS_TIED)) {
            *t = self
                .int(e, k + 2, 0, MAX_TIMES, "the times the value is paid")
                .unwrap_or(0) as u8;
        }
        Tie::MostPayTimes(times)
    }
}
