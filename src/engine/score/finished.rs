//! The finished hand as one value: takes the `Game` when its play ends, gives `Finished`, the
//! facts that scoring reads (per position: tricks, card points, meld points, captured cards,
//! the starting hand, the undertaking; the trump, the declarer and his side as masks, and each
//! trick's winner and winning card). Built once per hand on the stack, with no allocation, so
//! that `score/` and `goals.rs` judge the hand from this value and not from the live `Game`'s
//! phase state (general-model.md P4: the score→game and melds→game edges).

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::Game;
use crate::engine::play::MAX_TRICKS;
use crate::engine::score::goals::HandSides;
use crate::model::{Contract, SuitId};
use crate::syntax::ast::TrickRef;

/// What the play of a hand left behind, by position (forehand first). The per-trick and
/// per-position records are borrowed from the `Game` it is built from: scoring reads them where
/// the play left them, with no copy per hand.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct Finished<'a> {
    /// Active positions.
    pub n: u8,
    pub trump: Option<SuitId>,
    /// Every trump card of the hand's play table: the trump suit and any `trump-cards` (0
    /// without trumps).
    pub trump_mask: u64,
    /// The declarer's position.
    pub declarer: Option<u8>,
    /// The declarer's side and the side against it.
    pub sides: HandSides,
    pub tricks_won: [u8; MAX_SEATS],
    /// Card points in tricks (with the last trick).
    pub points: [i64; MAX_SEATS],
    /// Meld points, validated: marriages in trumps, sequences and sets (`melds/`).
    pub melds: [i64; MAX_SEATS],
    /// The cards in each position's won tricks.
    pub captured: &'a [u64; MAX_SEATS],
    /// Each position's hand when the play started.
    pub start_hands: &'a [u64; MAX_SEATS],
    /// Each position's undertaking, a number of tricks bid (`undertakings.rs`).
    pub undertakings: &'a [Option<u8>; MAX_SEATS],
    /// The winner's position and the winning card of each trick played.
    pub trick_winner: &'a [u8; MAX_TRICKS],
    pub trick_card: &'a [u8; MAX_TRICKS],
    pub tricks_played: u8,
    pub total_tricks: u8,
    /// The play ended before every trick was played (a lost no-tricks contract).
    pub ended_early: bool,
}

impl<'a> Finished<'a> {
    /// The finished hand of `g`, played in `contract`, without its meld points: `count_melds`
    /// adds them in the caller's place. Two steps, so that nothing takes the value's address
    /// before it is in place: built and counted in one function, it was returned by a copy of
    /// its 200 bytes each hand.
    pub(in crate::engine) fn played(g: &'a Game, contract: &Contract) -> Finished<'a> {
        let play = &g.play;
        let mut points = [0i64; MAX_SEATS];
        // every seat slot (positions from n on have no points): a fixed count keeps the code short
        for (p, q) in points.iter_mut().zip(play.points.iter()) {
            *p = *q as i64;
        }
        Finished {
            n: g.n,
            trump: g.trump,
            trump_mask: g.table().map(|t| t.trump_mask).unwrap_or(0),
            declarer: g.declarer,
            sides: HandSides::of(g, contract.sides),
            tricks_won: play.tricks_won,
            points,
            melds: [0; MAX_SEATS],
            captured: &play.captured,
            start_hands: &g.start_hands,
            undertakings: &g.undertakings,
            trick_winner: &play.trick_winner,
            trick_card: &play.trick_card,
            tricks_played: play.tricks_played,
            total_tricks: play.total_tricks,
            ended_early: play.ended_early,
        }
    }

    /// Adds the meld points of the hand (and points for discards) to the `played` hand.
    pub(in crate::engine) fn count_melds(&mut self, g: &Game, contract: &Contract) {
        self.add_marriages(g, contract);
        if contract.discard_points.is_some() {
            self.add_discard_points(g, contract);
        }
        // marriages of every suit, as declared in trick 1 or registered by a lead
        crate::engine::melds::marriages::add_declared_marriages(g, self);
        // sequences and sets, validated (§4.5)
        crate::engine::melds::add_meld_points(g, &mut self.melds);
    }

    /// Marriages in trumps: valid unannounced, counted for the holder at the start of play (the
    /// pairs' cards compiled per suit, `MeldTables::trump_marriages`).
    fn add_marriages(&mut self, g: &Game, contract: &Contract) {
        let (true, Some(t)) = (contract.melds.marriages != 0, self.trump) else {
            return;
        };
        // a rolled loop over the positions (no `min(MAX_SEATS)` bound for the compiler to unroll
        // by): this code runs once a hand, where its size costs more than its loop
        let n = self.n as usize;
        for &(row, cards, value) in &g.rules.melds.trump_marriages {
            let m = cards.get(t as usize).copied().unwrap_or(0);
            if contract.melds.marriages & (1 << (row & 7)) == 0 || m == 0 {
                continue;
            }
            for p in 0..n {
                let p = p & (MAX_SEATS - 1);
                if self.start_hands[p] & m == m {
                    self.melds[p] += value;
                }
            }
        }
    }

    /// The active positions, as a mask.
    pub(in crate::engine) fn active(&self) -> u16 {
        (1u16 << self.n.min(MAX_SEATS as u8)) - 1
    }

    /// The undertaking of position `pos`, if he bid one.
    pub(in crate::engine) fn undertaking(&self, pos: u8) -> Option<u8> {
        self.undertakings.get(pos as usize).copied().flatten()
    }

    /// The index of a trick named by the rules (`Play::trick_index`).
    pub(in crate::engine) fn trick_index(&self, trick: TrickRef) -> Option<usize> {
        crate::engine::play::trick_index_in(self.total_tricks, trick)
    }
}
