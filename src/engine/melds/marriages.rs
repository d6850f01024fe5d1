//! Marriages of every suit (`marriage NAME every-suit A B trump V plain V declare HOW
//! [counts-with-a-trick]`): takes the contract's marriage rows, the trump suit and the hands held
//! when the play starts, gives the marriage calls a player may make at his turn in trick 1, just
//! before his card (`MeldCall::Marriage`: one marriage in trumps, or one in another suit; rows
//! `announced` and `shown`), their checks, the cards that `shown` marriages lay open to everyone,
//! and the points each position scores for its marriages when the hand is over (only for a side
//! that won a trick, when the row says `counts-with-a-trick`). A `by-lead` row has no call: a lead
//! records it here (`marriage_lead.rs`) and it is scored with the others. The trump-only row
//! (`marriage NAME trump A B V`) is scored unannounced in `finished.rs`.
//!
//! A call names the class, not the suit ("forty" or "twenty"): an `announced` marriage shows no
//! card, so the others learn only its value; a holder of two plain marriages calls twice. The
//! suit recorded for a call is the lowest of his unsaid pairs of that class, which is what a
//! `shown` call lays face up.

use crate::engine::compile::tables::{MAX_SEATS, MAX_SUITS};
use crate::engine::core::deal::bit;
use crate::engine::core::game::Game;
use crate::engine::melds::MeldCall;
use crate::engine::score::finished::Finished;
use crate::model::{MarriageDeclare, MAX_MELD_ROWS};

/// The marriages said in a hand: per position and row, a mask of the suits said (called in
/// trick 1, or registered by a lead).
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct MarriageCalls {
    said: [[u8; MAX_MELD_ROWS]; MAX_SEATS],
}

impl MarriageCalls {
    /// Records row `row`'s pair in suit `suit` as declared by position `pos`.
    pub(in crate::engine) fn declare(&mut self, pos: usize, row: usize, suit: u8) {
        if let Some(said) = self.said.get_mut(pos).and_then(|r| r.get_mut(row)) {
            *said |= 1u8.checked_shl(u32::from(suit)).unwrap_or(0);
        }
    }
}

impl Game {
    /// The contract's marriage rows of every suit, as a mask over `melds.marriages`.
    fn every_suit_rows(&self) -> u8 {
        self.every_suit_rows_where(|_| true)
    }

    /// The contract's marriage rows of every suit that are called in trick 1 (not `by-lead`).
    fn called_rows(&self) -> u8 {
        self.every_suit_rows_where(|d| d != MarriageDeclare::ByLead)
    }

    fn every_suit_rows_where(&self, declared: impl Fn(MarriageDeclare) -> bool) -> u8 {
        // compiled once (`MeldTables::every_suit_marriages`): most variants have none, and this
        // is asked at every turn of trick 1
        if self.rules.melds.every_suit_marriages == 0 {
            return 0;
        }
        let counted = self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .map(|c| c.melds.marriages)
            .unwrap_or(0);
        if counted == 0 {
            return 0;
        }
        self.rules
            .variant
            .melds
            .marriages
            .iter()
            .enumerate()
            .filter(|(i, m)| m.every_suit.is_some_and(|e| declared(e.declare)) && counted & (1 << i) != 0)
            .fold(0u8, |mask, (i, _)| mask | 1u8.checked_shl(i as u32).unwrap_or(0))
    }

    /// The suits in which position `pos` held row `row`'s pair when the play started.
    fn held_pairs(&self, pos: usize, row: usize) -> u8 {
        let Some(m) = self.rules.variant.melds.marriages.get(row) else {
            return 0;
        };
        let hand = self.start_hands.get(pos).copied().unwrap_or(0);
        let t = &self.rules.tables;
        (0..(self.rules.variant.suits.len().min(MAX_SUITS) as u8)).fold(0u8, |mask, s| {
            match (t.card(s, m.ranks.0), t.card(s, m.ranks.1)) {
                (Some(a), Some(b)) if hand & (bit(a) | bit(b)) == bit(a) | bit(b) => mask | (1 << s),
                _ => mask,
            }
        })
    }

    /// The suit a call of `row` in trumps (or in another suit) would declare for `pos` now: the
    /// lowest pair of that class he held and has not said.
    fn marriage_suit(&self, pos: usize, row: usize, trump: bool) -> Option<u8> {
        let said = self
            .marriages
            .said
            .get(pos)
            .and_then(|r| r.get(row))
            .copied()
            .unwrap_or(0);
        let trump_bit = self.trump.map(|t| 1u8.checked_shl(t as u32).unwrap_or(0)).unwrap_or(0);
        let class = if trump { trump_bit } else { !trump_bit };
        let open = self.held_pairs(pos, row) & !said & class;
        (open != 0).then(|| open.trailing_zeros() as u8)
    }

    /// The marriage calls open to the player about to play to trick 1 (`melds/`'s meld moment).
    pub(in crate::engine) fn marriage_calls_into(&self, mut each: impl FnMut(MeldCall)) {
        let rows = self.called_rows();
        let Some(pos) = (rows != 0).then(|| self.meld_speaker()).flatten() else {
            return;
        };
        for row in 0..MAX_MELD_ROWS {
            if rows & (1 << row) == 0 {
                continue;
            }
            for trump in [true, false] {
                if self.marriage_suit(pos as usize, row, trump).is_some() {
                    each(MeldCall::Marriage { row: row as u8, trump });
                }
            }
        }
    }

    /// The first marriage call open now, if any (for the bots and `meld_open`).
    #[inline]
    pub(crate) fn open_marriage_call(&self) -> Option<MeldCall> {
        // most variants have no marriage called in trick 1: asked at every turn of it
        if self.rules.melds.every_suit_marriages == 0 {
            return None;
        }
        self.first_marriage_call()
    }

    #[inline(never)]
    fn first_marriage_call(&self) -> Option<MeldCall> {
        let mut first = None;
        self.marriage_calls_into(|c| {
            first = first.or(Some(c));
        });
        first
    }

    pub(in crate::engine) fn check_marriage(&self, row: u8, trump: bool) -> Result<(), &'static str> {
        let Some(pos) = self.meld_speaker() else {
            return Err("marriages are declared just before one's card to the first trick");
        };
        if self.every_suit_rows() & !self.called_rows() & 1u8.checked_shl(u32::from(row)).unwrap_or(0) != 0 {
            return Err("this marriage is registered by leading one of its cards, not called");
        }
        if (row as usize) >= MAX_MELD_ROWS || self.called_rows() & (1 << row) == 0 {
            return Err("this marriage does not count in this contract");
        }
        if trump && self.trump.is_none() {
            return Err("there are no trumps: a marriage is declared as one in another suit");
        }
        match self.marriage_suit(pos as usize, row as usize, trump) {
            Some(_) => Ok(()),
            None => Err("the player holds no undeclared marriage of this kind"),
        }
    }

    /// Records a marriage call known to be legal.
    pub(in crate::engine) fn apply_marriage(&mut self, row: u8, trump: bool) {
        let Some(pos) = self.meld_speaker() else { return };
        let Some(s) = self.marriage_suit(pos as usize, row as usize, trump) else {
            return;
        };
        self.marriages.declare(pos as usize, row as usize, s);
    }

    /// The cards of `shown` marriages still in their holders' hands: face up for everyone.
    pub(in crate::engine) fn shown_marriage_cards(&self) -> u64 {
        let v = &self.rules.variant;
        let t = &self.rules.tables;
        let mut shown = 0u64;
        for (row, m) in v.melds.marriages.iter().enumerate().take(MAX_MELD_ROWS) {
            if !m.every_suit.is_some_and(|e| e.declare == MarriageDeclare::Shown) {
                continue;
            }
            for p in 0..(self.n as usize).min(MAX_SEATS) {
                let said = self.marriages.said[p][row];
                for s in 0..(MAX_SUITS as u8) {
                    if said & (1 << s) == 0 {
                        continue;
                    }
                    if let (Some(a), Some(b)) = (t.card(s, m.ranks.0), t.card(s, m.ranks.1)) {
                        shown |= (bit(a) | bit(b)) & self.play.hands.get(p).copied().unwrap_or(0);
                    }
                }
            }
        }
        shown
    }

    /// Marriage calls made, per position and row: the mask of suits declared.
    pub fn marriages_declared(&self, pos: u8, row: usize) -> u8 {
        self.marriages
            .said
            .get(pos as usize)
            .and_then(|r| r.get(row))
            .copied()
            .unwrap_or(0)
    }
}

/// Adds to `f.melds` the declared marriages of every suit: the trump value for the trump suit,
/// the plain value elsewhere; a `counts-with-a-trick` row only for a position whose side won a
/// trick (the declarer's side, or the defence when it pools; alone, his own tricks).
pub(in crate::engine) fn add_declared_marriages(g: &Game, f: &mut Finished) {
    let rows = g.every_suit_rows();
    if rows != 0 {
        add_every_suit_marriages(g, f, rows);
    }
}

#[inline(never)] // only variants with marriages of every suit: kept out of the scoring code
fn add_every_suit_marriages(g: &Game, f: &mut Finished, rows: u8) {
    let n = (f.n as usize).min(MAX_SEATS);
    for (row, m) in g.rules.variant.melds.marriages.iter().enumerate().take(MAX_MELD_ROWS) {
        let Some(every) = m.every_suit.filter(|_| rows & (1 << row) != 0) else {
            continue;
        };
        for p in 0..n {
            let said = g.marriages.said[p][row];
            if said == 0 {
                continue;
            }
            let own = 1u16 << p;
            let side = if f.sides.declarer & own != 0 {
                f.sides.declarer
            } else if f.sides.pooled {
                f.sides.defence
            } else {
                own
            };
            if every.with_a_trick && crate::engine::score::goals::tricks_of(f, side) == 0 {
                continue;
            }
            for s in 0..(MAX_SUITS as u8) {
                if said & (1 << s) != 0 {
                    f.melds[p] += if Some(s) == f.trump { m.value } else { every.plain_value };
                }
            }
        }
    }
}
