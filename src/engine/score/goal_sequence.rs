//! Goals over a sequence of tricks from the start: takes the `Finished` hand (each trick's
//! winner) or the live play, gives `wins first-tricks N [alone]` (the side, or the player judged
//! himself, won each of the first N tricks) and whether the declarer won every trick before a
//! given one (`sides trick-winner N if-declarer-won-before`: otherwise that trick's winner is no
//! partner and the declarer plays alone).

use crate::engine::score::finished::Finished;

/// `wins first-tricks N`: each of the first `n` tricks was played and won by a position of
/// `members` (a lost one may have ended the play early: then it was not won).
pub(in crate::engine) fn wins_first_tricks(f: &Finished, members: u16, n: u32) -> bool {
    let n = n as usize;
    n <= f.tricks_played as usize
        && f.trick_winner
            .iter()
            .take(n)
            .all(|&w| members & 1u16.checked_shl(w as u32).unwrap_or(0) != 0)
}

/// Whether `declarer` won each of the tricks before trick index `k`, from the winners so far.
pub(in crate::engine) fn declarer_won_before(trick_winner: &[u8], declarer: u8, k: usize) -> bool {
    trick_winner.iter().take(k).all(|&w| w == declarer)
}
