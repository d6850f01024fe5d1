//! Melds as part of `Game`: takes the variant's `Melds` patterns (sequence rows, sequence order,
//! tie rule; set rows with their ranks and orders), the contract's `MeldKinds`, the trump suit
//! and the hands held when the play starts, gives the meld calls a player may make just before
//! his card to trick 1 (`meld NAME`: the length class of his longest sequence, a
//! set row by its name), their checks, and the meld points per position after validation (§4.5).
//! Marriages (valid unannounced) are scored in `score/`; marriages declared in trick 1 or by
//! a lead are `marriages.rs` and `marriage_lead.rs`.
//! The compiled tables the calls read are in `meld_tables.rs` (runs, sequence keys) and
//! `set_tables.rs` (sets).
//!
//! The room owns, of `Game`: the meld calls (`meld_said`), the melds of each starting hand
//! (`meld_seq`, `meld_sets`, `meld_sets_held`, worked out when the play starts) and the
//! marriages declared (`marriages`); in `Rules`, the `MeldTables` and the lead marriages.

pub mod marriage_lead;
pub(in crate::engine) mod marriages;
pub(in crate::engine) mod meld_tables;
pub(in crate::engine) mod set_tables;

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{Action, Game, Phase};
pub use crate::engine::melds::meld_tables::MeldTables;
pub(in crate::engine) use crate::engine::melds::meld_tables::{HandSequences, SeqKey};
pub(in crate::engine) use crate::engine::melds::set_tables::HandSets;
pub use crate::engine::melds::set_tables::SetTables;
use crate::model::MAX_MELD_ROWS;
use std::cmp::Ordering;

/// A meld call: the length class of the caller's longest sequence (index into
/// `variant.melds.sequences`), or a set row (index into `variant.melds.sets`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MeldCall {
    Sequence(u8),
    Set(u8),
    /// A marriage of every suit (`marriages.rs`): row `row`, in trumps or in another suit.
    Marriage {
        row: u8,
        trump: bool,
    },
}

/// Bits of `Game::meld_said` per position: the sequence, then one bit per set row.
pub(in crate::engine) const SAID_SEQUENCE: u8 = 1;
const SAID_SET: u8 = 2;

/// The `meld_said` bit of set row `i`.
fn said_set(i: u8) -> u8 {
    SAID_SET.checked_shl(i as u32).unwrap_or(0)
}

impl Game {
    fn meld_kinds(&self) -> crate::model::MeldKinds {
        self.contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .map(|c| c.melds)
            .unwrap_or_default()
    }

    /// The position that may meld now: the player about to play his card to trick 1, whether
    /// the back round goes with trick 1 or was held before the first lead. Melds are judged on
    /// the hands held at the first lead ([000] §4.4; [000 Tompa]: at the first trick, after the
    /// 7/8 exchange), so they are never called in a back round before it, which may still be
    /// followed by the exchange (`stages ... back-round exchange tricks`).
    pub(in crate::engine) fn meld_speaker(&self) -> Option<u8> {
        if self.play.tricks_played != 0 || self.phase() != Phase::Play {
            return None;
        }
        Some(self.play.to_play)
    }

    /// Works out the meld calls each starting hand allows (called when the play starts, once
    /// `start_hands` and the contract are fixed).
    pub(in crate::engine) fn cache_melds(&mut self) {
        let kinds = self.meld_kinds();
        let rules = &self.rules;
        let mt = &rules.melds;
        let n = self.n as usize;
        let with_trumps = self.trump.is_some();
        for p in 0..n.min(MAX_SEATS) {
            let hand = self.start_hands[p];
            self.meld_seq[p] = if kinds.sequence {
                mt.hand_sequences(&rules.variant, hand, self.trump, &rules.tables)
            } else {
                HandSequences::default()
            };
            let mut held = 0u8;
            for (i, (set, cached)) in mt.sets.iter().zip(self.meld_sets[p].iter_mut()).enumerate() {
                // sets compare by the trump order in a game with trumps, by the plain order without
                let strength = if with_trumps {
                    &set.trump_strength
                } else {
                    &set.plain_strength
                };
                *cached = if kinds.sets & (1 << i) != 0 {
                    set.of_hand(hand, strength, mt.seq_span.as_deref())
                } else {
                    (0, 0)
                };
                if cached.0 > 0 {
                    held |= 1 << i;
                }
            }
            self.meld_sets_held[p] = held;
        }
    }

    /// The meld calls open to the speaker now, as (sequence row, mask of set rows).
    pub(crate) fn open_melds(&self) -> (Option<u8>, u8) {
        let Some(pos) = self.meld_speaker() else {
            return (None, 0);
        };
        let p = pos as usize;
        let said = self.meld_said.get(p).copied().unwrap_or(0);
        let seq = if said & SAID_SEQUENCE == 0 {
            self.meld_seq.get(p).and_then(|s| s.call)
        } else {
            None
        };
        // the rows held, less those called (`said_set(i)` is bit `i + 1` of `said`)
        let sets = self.meld_sets_held.get(p).copied().unwrap_or(0) & !(said >> 1);
        (seq, sets)
    }

    /// Whether the player to act may still call a meld (so not only a card may be played).
    pub(in crate::engine) fn meld_open(&self) -> bool {
        if self.play.tricks_played != 0 {
            return false;
        }
        let (s, sets) = self.open_melds();
        s.is_some() || sets != 0 || self.open_marriage_call().is_some()
    }

    pub(in crate::engine) fn meld_actions(&self, out: &mut Vec<Action>) {
        let (seq, sets) = self.open_melds();
        if let Some(i) = seq {
            out.push(Action::Meld(MeldCall::Sequence(i)));
        }
        let mut m = sets;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            out.push(Action::Meld(MeldCall::Set(i)));
        }
        self.marriage_calls_into(|c| out.push(Action::Meld(c)));
    }

    pub(in crate::engine) fn check_meld(&self, call: MeldCall) -> Result<(), &'static str> {
        let Some(pos) = self.meld_speaker() else {
            return Err("melds are called just before one's card to the first trick");
        };
        let kinds = self.meld_kinds();
        let said = self.meld_said.get(pos as usize).copied().unwrap_or(0);
        let cached = self.meld_seq.get(pos as usize).copied().unwrap_or_default();
        match call {
            MeldCall::Sequence(i) => {
                if !kinds.sequence {
                    return Err("sequences do not count in this contract");
                }
                if said & SAID_SEQUENCE != 0 {
                    return Err("the player has already called his sequence");
                }
                match cached.call {
                    None => Err("the player holds no sequence"),
                    Some(k) if k == i => Ok(()),
                    Some(_) => Err("a sequence call must state the full length of the longest sequence"),
                }
            }
            MeldCall::Marriage { row, trump } => self.check_marriage(row, trump),
            MeldCall::Set(i) => {
                if (i as usize) >= MAX_MELD_ROWS || kinds.sets & (1 << i) == 0 {
                    return Err("this set does not count in this contract");
                }
                if said & said_set(i) != 0 {
                    return Err("the player has already called this set");
                }
                let held = self
                    .meld_sets
                    .get(pos as usize)
                    .and_then(|h| h.get(i as usize))
                    .map(|h| h.0)
                    .unwrap_or(0);
                if held > 0 {
                    Ok(())
                } else {
                    Err("the player holds no set of this kind that counts")
                }
            }
        }
    }

    /// Records a meld call known to be legal. Melds do not keep the announcement round going
    /// after trick 1 (§10.2.3 names figures and doubling levels only).
    pub(in crate::engine) fn apply_meld(&mut self, call: MeldCall) {
        let Some(pos) = self.meld_speaker() else {
            return;
        };
        if let MeldCall::Marriage { row, trump } = call {
            self.apply_marriage(row, trump);
            return;
        }
        if let Some(s) = self.meld_said.get_mut(pos as usize) {
            *s |= match call {
                MeldCall::Sequence(_) => SAID_SEQUENCE,
                MeldCall::Set(i) => said_set(i),
                MeldCall::Marriage { .. } => 0,
            };
        }
    }

    /// Meld calls made, per position: (sequence called, mask of the set rows called).
    pub fn melds_called(&self, pos: u8) -> (bool, u8) {
        let s = self.meld_said.get(pos as usize).copied().unwrap_or(0);
        (s & SAID_SEQUENCE != 0, s >> 1)
    }
}

/// Validation (§4.5): adds to `melds` (by position) the sequences of the best called sequence's
/// holder and, per set row, the sets of the best called set's holder. Hands are those held when
/// the play started (after any exchange and discard, §4.4.6). A tie for the best sequence (same
/// length and top card, no trumps) scores no sequences for anybody, a third player's shorter one
/// included (A9: the sources do not say; we read "only one player scores sequences" strictly);
/// with `sequence-ties suit-rank` the suit's bidding rank breaks it. The voluntary concession
/// (kicsi) is a player's choice not to call.
pub(in crate::engine) fn add_meld_points(g: &Game, melds: &mut [i64; MAX_SEATS]) {
    let v = &g.rules.variant;
    let kinds = g.meld_kinds();
    // rolled loops over the positions (no `min(MAX_SEATS)` bound to unroll by): once a hand
    let n = g.n as usize;
    let called = |p: usize, what: u8| g.meld_said.get(p).copied().unwrap_or(0) & what != 0;
    if kinds.sequence {
        let by_suit = v.melds.ties_by_suit_rank;
        let mut best: Option<(SeqKey, usize)> = None;
        let mut tied = false;
        for p in 0..n {
            if !called(p, SAID_SEQUENCE) {
                continue;
            }
            let Some(k) = g.meld_seq.get(p).and_then(|s| s.best) else {
                continue;
            };
            match best.map(|(b, _)| k.cmp_by(&b, by_suit)) {
                None | Some(Ordering::Greater) => {
                    best = Some((k, p));
                    tied = false;
                }
                Some(Ordering::Equal) => tied = true,
                Some(Ordering::Less) => {}
            }
        }
        if let (Some((_, p)), false) = (best, tied) {
            if let (Some(m), Some(s)) = (melds.get_mut(p), g.meld_seq.get(p)) {
                *m += s.points;
            }
        }
    }
    for (i, set) in g.rules.melds.sets.iter().enumerate() {
        if kinds.sets & (1 << i) == 0 {
            continue;
        }
        // the strengths are those of the hand's trump state (`cache_melds`)
        let mut best: Option<(u8, usize, u32)> = None;
        for p in 0..n {
            if !called(p, said_set(i as u8)) {
                continue;
            }
            let (count, s) = g.meld_sets.get(p).and_then(|h| h.get(i)).copied().unwrap_or((0, 0));
            if count > 0 && best.map(|(b, _, _)| s > b).unwrap_or(true) {
                best = Some((s, p, count));
            }
        }
        // the winner's further, lower sets count too (§4.2.4)
        if let Some((_, p, count)) = best {
            if let Some(m) = melds.get_mut(p) {
                *m += set.value.saturating_mul(count as i64);
            }
        }
    }
}

impl Game {
    /// The meld points each seat counts as the table hears them once trick 1 is over: the
    /// winner of each contest declares his melds there (§4.5 step 4; a lone caller likewise),
    /// the others show nothing. By table seat, the seats that count; empty when melds were
    /// called and none counts (a tie); None before trick 1 is over or when nobody called a meld.
    pub fn melds_declared(&self) -> Option<Vec<(crate::engine::Seat, i64)>> {
        let played = matches!(
            self.phase(),
            Phase::Play | Phase::Back | Phase::Call | Phase::Claim | Phase::Over
        );
        let any_called = self.meld_said.iter().take(self.n as usize).any(|s| *s != 0);
        if !played || self.contract.is_none() || self.play.tricks_played == 0 || !any_called {
            return None;
        }
        let mut melds = [0i64; MAX_SEATS];
        add_meld_points(self, &mut melds);
        Some(
            (0..self.n)
                .filter_map(|p| {
                    let m = melds.get(p as usize).copied().unwrap_or(0);
                    (m != 0).then(|| (self.seat_of(crate::engine::Pos(p)), m))
                })
                .collect(),
        )
    }
}
