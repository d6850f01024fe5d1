//! Goals and scores from the hand: takes the `Finished` hand and the masks of a side, gives the
//! trick-count primitives of the condition language (`tricks at-least N`, `an-opponent wins
//! no-tricks`, `wins last-tricks N`, `no-trump-in last-tricks N`), the sides of a contract as
//! position masks, and the game's value with overtricks and an undoubled deduction.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::Game;
use crate::engine::score::finished::Finished;
use crate::model::{Contract, Overtricks, SidesKind};
use crate::syntax::ast::TrickCount;

/// The sides of a hand as masks of positions: the declarer's side (with a called partner, a
/// partner by an event or a fixed partner, `Game::declarer_side`) and the side against it;
/// everything that reads the masks (goals, overtricks, figure sides) follows.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct HandSides {
    pub declarer: u16,
    pub defence: u16,
    /// The defence pools its tricks and points (`sides declarer-vs-defence`).
    pub pooled: bool,
}

impl HandSides {
    pub(in crate::engine) fn of(g: &Game, kind: SidesKind) -> HandSides {
        let active = (1u16 << g.n.min(MAX_SEATS as u8)) - 1;
        // the declarer with his partner, if any (`partner.rs`)
        let declarer = g.declarer_side();
        HandSides {
            declarer,
            defence: active & !declarer,
            pooled: kind != SidesKind::DeclarerVsEach,
        }
    }
}

/// The tricks of the positions in `mask`, together.
pub(in crate::engine) fn tricks_of(f: &Finished, mask: u16) -> u32 {
    // over the mask's bits: a loop over every seat slot would be unrolled eight times
    crate::engine::score::payments::positions(mask)
        .map(|q| f.tricks_won[q] as u32)
        .sum()
}

/// `tricks CMP N` for the side `members`.
pub(in crate::engine) fn tricks_cmp(f: &Finished, members: u16, cmp: TrickCount, n: u32) -> bool {
    let t = tricks_of(f, members);
    match cmp {
        TrickCount::AtLeast => t >= n,
        TrickCount::Exactly => t == n,
        TrickCount::AtMost => t <= n,
    }
}

/// `an-opponent wins no-tricks`: a position of the other side took no trick.
pub(in crate::engine) fn an_opponent_without_tricks(f: &Finished, members: u16) -> bool {
    let others = f.active() & !members;
    (0..MAX_SEATS).any(|q| others & (1 << q) != 0 && f.tricks_won[q] == 0)
}

/// The indices of the last `n` tricks, when the whole hand was played and has that many.
fn last_tricks(f: &Finished, n: u32) -> Option<std::ops::Range<usize>> {
    let played = f.tricks_played as usize;
    let n = n as usize;
    (!f.ended_early && played == f.total_tricks as usize && n <= played).then(|| played - n..played)
}

/// `wins last-tricks N`: the side won each of the last `n` tricks.
pub(in crate::engine) fn wins_last_tricks(f: &Finished, members: u16, n: u32) -> bool {
    last_tricks(f, n).is_some_and(|mut r| {
        r.all(|k| {
            let w = f.trick_winner.get(k).copied().unwrap_or(u8::MAX);
            members & 1u16.checked_shl(w as u32).unwrap_or(0) != 0
        })
    })
}

/// `no-trump-in last-tricks N`: none of the last `n` tricks holds a trump (the trump suit's
/// cards or `trump-cards`). A trump in a trick always wins it, so a trick holds a trump exactly
/// when its winning card is one: the winning cards tell, without keeping every trick's cards.
pub(in crate::engine) fn no_trump_in_last(f: &Finished, n: u32) -> bool {
    let Some(r) = last_tricks(f, n) else { return false };
    r.into_iter().all(|k| {
        let c = f.trick_card.get(k).copied().unwrap_or(u8::MAX);
        f.trump_mask & 1u64.checked_shl(c as u32).unwrap_or(0) == 0
    })
}

/// The game's base value in this hand: the no-trump value when the hand has no trump suit.
pub(in crate::engine) fn contract_value(f: &Finished, c: &Contract) -> i64 {
    match (f.trump, c.value_no_trumps) {
        (None, Some(v)) => v,
        _ => c.value,
    }
}

/// What the winning side's tricks above the number add, before doubling.
#[inline(never)] // only contracts with overtricks
pub(in crate::engine) fn overtrick_value(f: &Finished, o: &Overtricks, declarer_won: bool, base: i64) -> i64 {
    let side = if declarer_won {
        f.sides.declarer
    } else {
        f.sides.defence
    };
    let above = tricks_of(f, side).saturating_sub(o.above) as i64;
    above.saturating_mul(o.each.unwrap_or(base / 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::play::MAX_TRICKS;

    /// The winning cards of 9 tricks: card 9 (tricks 1-6) and card `last` (tricks 7-9).
    fn winning_cards(last: u8) -> [u8; MAX_TRICKS] {
        let mut trick_card = [9u8; MAX_TRICKS];
        for c in trick_card.iter_mut().skip(6).take(3) {
            *c = last;
        }
        trick_card
    }

    /// A finished hand of 9 tricks won by `trick_card` under the trump cards `trumps`.
    fn hand(trumps: u64, trick_card: &[u8; MAX_TRICKS]) -> Finished<'_> {
        Finished {
            n: 3,
            trump: None,
            trump_mask: trumps,
            declarer: Some(0),
            sides: HandSides {
                declarer: 1,
                defence: 6,
                pooled: true,
            },
            tricks_won: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            melds: [0; MAX_SEATS],
            captured: &[0; MAX_SEATS],
            start_hands: &[0; MAX_SEATS],
            undertakings: &[None; MAX_SEATS],
            trick_winner: &[0; MAX_TRICKS],
            trick_card,
            tricks_played: 9,
            total_tricks: 9,
            ended_early: false,
        }
    }

    /// A trump card outside any trump suit (`trump-cards` without a trump suit, as in a Wenz)
    /// winning one of the last tricks is a trump in them; without trumps nothing is.
    #[test]
    fn trump_cards_count_as_trumps_in_the_last_tricks() {
        let (won_by_20, won_by_21) = (winning_cards(20), winning_cards(21));
        assert!(!no_trump_in_last(&hand(1 << 20, &won_by_20), 3));
        assert!(no_trump_in_last(&hand(1 << 20, &won_by_21), 3));
        assert!(no_trump_in_last(&hand(0, &won_by_20), 3));
        // trick 6 is not among the last 3
        assert!(no_trump_in_last(&hand(1 << 9, &won_by_21), 3));
        assert!(!no_trump_in_last(&hand(1 << 9, &won_by_21), 4));
    }
}
