//! The meld patterns compiled for the deck: takes the variant's `Melds` (sequence rows and
//! order, set rows with their ranks and orders) and the card tables, gives `MeldTables`: per
//! suit the runs of a hand by one table lookup, the sequence rows by length, the sequence keys
//! that rank rival sequences, and per set row its masks and strengths (`SetTables`, compiled in
//! `set_tables.rs`). The calls, checks and points that read them are in `melds/mod.rs`.

use crate::engine::compile::tables::{Tables, MAX_CARDS, MAX_SUITS};
use crate::engine::melds::set_tables::SetTables;
use crate::model::{SuitId, Variant};
use std::cmp::Ordering;

/// Most ranks in a sequence order the tables keep (a suit of a 64-card deck).
pub(super) const MAX_RUN: usize = MAX_CARDS;
/// `MeldTables::seq_slot` of a card in no sequence order.
const NO_SLOT: u16 = u16::MAX;

/// The meld rules compiled for the deck: card ids of every suit in sequence order, the sequence
/// rows by length, per set row its masks and strengths.
#[derive(Debug, Clone, Default)]
pub struct MeldTables {
    /// Per suit, its card ids in sequence order, highest first (ranks missing from the deck are
    /// skipped: they break nothing, as they cannot be held).
    pub seq_cards: Vec<Vec<u8>>,
    /// Per card id: its suit times 64 plus its place in the suit's `seq_cards`, or `NO_SLOT` for
    /// a card in no sequence order.
    seq_slot: Vec<u16>,
    /// When every suit's cards in sequence order have consecutive ids, lowest first: per suit,
    /// (first id, mask of its places), so a hand's places are a shift and a mask.
    pub(in crate::engine) seq_span: Option<Vec<(u32, u64)>>,
    /// With `seq_span`: the card ids a run of the shortest row may start at (its own suit holds
    /// the rest of the run), so a hand without a sequence is seen at once.
    run_starts: Option<u64>,
    /// With `seq_span` and suits of at most `MAX_TABLED_PLACES` places: what the runs of one
    /// suit give, for every set of places a hand can hold in it (`SuitRuns`), so a hand's
    /// sequences are one lookup per suit instead of a walk over its runs.
    suit_runs: Option<Vec<SuitRuns>>,
    /// Sequence order strength of each rank (the highest rank has the largest number; ranks not in
    /// the order 0).
    pub seq_strength: Vec<u8>,
    /// Each suit's place among the suits by bidding rank (0 = lowest; equal ranks share one), the
    /// last field of a `SeqKey`.
    suit_order: Vec<u8>,
    /// (length, value, row index) sorted by length, shortest first.
    pub rows: Vec<(u32, i64, u8)>,
    /// `row_by_len[len]`: `row_of(len)` for every run length 0..=MAX_RUN.
    row_by_len: Vec<Option<(u32, i64, u8)>>,
    /// Per set row of the variant (in its order): its compiled masks and strengths.
    pub sets: Vec<SetTables>,
    /// The marriage rows of every suit (`every-suit`), as a mask over `melds.marriages`.
    pub every_suit_marriages: u8,
    /// Per marriage row counted in trumps only (not `every-suit`): its two cards in each suit
    /// as a mask (0 where the deck lacks one), with its value, for `Finished::add_marriages`.
    pub trump_marriages: Vec<(u8, [u64; MAX_SUITS], i64)>,
}

impl MeldTables {
    pub fn compile(v: &Variant, t: &Tables) -> MeldTables {
        let m = &v.melds;
        let n_ranks = v.ranks.len();
        let seq_order = m.sequence_order.and_then(|o| v.orders.get(o));
        let seq_cards: Vec<Vec<u8>> = (0..t.n_suits)
            .map(|s| {
                seq_order
                    .map(|o| o.ranks.iter().filter_map(|r| t.card(s, *r)).take(MAX_RUN).collect())
                    .unwrap_or_default()
            })
            .collect();
        let mut seq_slot = vec![NO_SLOT; MAX_CARDS];
        for (s, cards) in seq_cards.iter().enumerate().take(MAX_SUITS) {
            for (i, c) in cards.iter().enumerate().rev() {
                if let Some(slot) = seq_slot.get_mut(*c as usize) {
                    *slot = (s * MAX_RUN + i) as u16;
                }
            }
        }
        let mut rows: Vec<(u32, i64, u8)> = m
            .sequences
            .iter()
            .enumerate()
            .take(u8::MAX as usize)
            .map(|(i, r)| (r.length, r.value, i as u8))
            .collect();
        rows.sort_by_key(|r| r.0);
        let seq_span: Option<Vec<(u32, u64)>> = seq_cards
            .iter()
            .map(|cards| {
                let first = cards.first().copied().unwrap_or(0);
                let consecutive = cards.iter().enumerate().all(|(i, c)| *c as usize == first as usize + i);
                let mask = match cards.len() {
                    0 => 0,
                    n if n >= 64 => u64::MAX,
                    n => (1u64 << n) - 1,
                };
                consecutive.then_some((first as u32 & 63, mask))
            })
            .collect();
        // with consecutive ids, the ids that start a shortest row inside their suit
        let min_len = rows.first().map(|r| r.0.max(1)).unwrap_or(1);
        let run_starts = seq_span.as_ref().map(|spans| {
            spans.iter().fold(0u64, |acc, &(first, mask)| {
                let len = mask.count_ones();
                let starts = len.saturating_sub(min_len - 1);
                let m = if starts >= 64 { u64::MAX } else { (1u64 << starts) - 1 };
                acc | m.checked_shl(first).unwrap_or(0)
            })
        });
        let row_by_len = (0..=MAX_RUN as u32)
            .map(|len| rows.iter().rev().find(|r| r.0 <= len).copied())
            .collect();
        let sets = m
            .sets
            .iter()
            .map(|row| SetTables::compile(v, t, row, seq_span.as_deref(), &seq_cards))
            .collect();
        let suit_order = v
            .suits
            .iter()
            .map(|x| {
                v.suits
                    .iter()
                    // unranked suits are never compared (the model refuses `suit-rank` ties then)
                    .filter(|y| y.bid_rank.unwrap_or(0) < x.bid_rank.unwrap_or(0))
                    .count()
                    .min(u8::MAX as usize) as u8
            })
            .collect();
        let mut tables = MeldTables {
            suit_order,
            seq_cards,
            seq_slot,
            seq_span,
            run_starts,
            suit_runs: None,
            seq_strength: crate::engine::compile::tables::strengths(seq_order, n_ranks),
            rows,
            row_by_len,
            sets,
            trump_marriages: Vec::new(),
            every_suit_marriages: m
                .marriages
                .iter()
                .enumerate()
                .filter(|(_, r)| r.every_suit.is_some())
                .fold(0u8, |mask, (i, _)| mask | 1u8.checked_shl(i as u32).unwrap_or(0)),
        };
        tables.suit_runs = tables.compile_suit_runs();
        tables.trump_marriages =
            m.marriages
                .iter()
                .enumerate()
                .take(8)
                .filter(|(_, r)| r.every_suit.is_none())
                .map(|(i, r)| {
                    let cards = std::array::from_fn(|s| {
                        match (t.card(s as SuitId, r.ranks.0), t.card(s as SuitId, r.ranks.1)) {
                            (Some(a), Some(b)) if (s as SuitId) < t.n_suits => (1u64 << (a & 63)) | (1u64 << (b & 63)),
                            _ => 0,
                        }
                    });
                    (i as u8, cards, r.value)
                })
                .collect();
        tables
    }

    /// `suit_runs`: each set of places of one suit walked once by `for_each_run`, when the suits
    /// lie in consecutive ids, are short enough, the row indices fit a mask of 16 and the points
    /// an `i32`. An entry is 8 bytes, so the table of a suit of 8 places is 2 KB: the lookups
    /// stay in the data cache.
    fn compile_suit_runs(&self) -> Option<Vec<SuitRuns>> {
        let spans = self.seq_span.as_ref()?;
        let places = spans.iter().map(|s| s.1.count_ones()).max()?;
        if places > MAX_TABLED_PLACES || self.rows.iter().any(|r| r.2 >= 16) {
            return None;
        }
        // every run of a suit at its row's value: a bound on any entry's points
        let most = self.rows.iter().map(|r| r.1.unsigned_abs()).max().unwrap_or(0);
        if most.saturating_mul(places as u64) > i32::MAX as u64 {
            return None;
        }
        // one suit's places laid out from id 0: `for_each_run` walks a set of them as a hand
        let probe = MeldTables {
            seq_span: Some(vec![(0, (1u64 << places) - 1)]),
            seq_cards: vec![(0..places as u8).collect()],
            run_starts: None,
            suit_runs: None,
            ..self.clone()
        };
        let table = (0..1u64 << places)
            .map(|pattern| {
                let mut e = SuitRuns::default();
                probe.for_each_run(pattern, |_, len, top| {
                    let Some((_, value, idx)) = self.row_of(len) else {
                        return;
                    };
                    // the longest run, and among runs as long the highest (the lowest place)
                    if len as u8 > e.longest {
                        e.longest = len as u8;
                        e.best_start = top;
                    }
                    e.rows |= 1u16 << idx;
                    // in range: bounded above
                    e.points += value as i32;
                });
                e
            })
            .collect();
        Some(table)
    }

    /// Calls `f(suit, length, top card)` for every maximal run of a hand that is at least as
    /// long as the shortest sequence row: an unbroken run is one sequence of its full length
    /// (§4.1.3, TV-05). Shorter runs make no sequence, so a suit without one is skipped at once.
    #[inline]
    fn for_each_run(&self, hand: u64, mut f: impl FnMut(SuitId, u32, u8)) {
        let Some(&(min_len, _, _)) = self.rows.first() else {
            return;
        };
        if !self.may_hold_run(hand) {
            return;
        }
        // each suit's cards of the hand as a mask over places in sequence order (bit 0 highest)
        let mut places = [0u64; MAX_SUITS];
        if let Some(span) = &self.seq_span {
            for (p, &(first, mask)) in places.iter_mut().zip(span.iter()) {
                *p = (hand >> first) & mask;
            }
        } else {
            let mut m = hand;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let slot = self.seq_slot.get(c).copied().unwrap_or(NO_SLOT) as usize;
                if let Some(p) = places.get_mut(slot / MAX_RUN) {
                    *p |= 1u64 << (slot & (MAX_RUN - 1));
                }
            }
        }
        for (s, (&p, cards)) in places.iter().zip(self.seq_cards.iter()).enumerate() {
            // the places that start `min_len` held places in a row
            let mut starts = p;
            for _ in 1..min_len {
                starts &= starts >> 1;
            }
            if starts == 0 {
                continue;
            }
            let mut m = p;
            while m != 0 {
                let start = m.trailing_zeros();
                let len = (m >> start).trailing_ones();
                if len >= min_len {
                    f(s as SuitId, len, cards.get(start as usize).copied().unwrap_or(0));
                }
                // clear the lowest run of ones
                m &= m.wrapping_add(m & m.wrapping_neg());
            }
        }
    }

    /// A card's rank strength in the sequence order.
    #[inline]
    fn strength_of(&self, t: &Tables, card: u8) -> u8 {
        self.seq_strength
            .get(t.rank_of[card as usize & (MAX_CARDS - 1)] as usize)
            .copied()
            .unwrap_or(0)
    }

    /// False when the hand surely holds no run as long as the shortest row (`run_starts`): most
    /// hands without a sequence are seen at once. True when it may hold one, or without the mask.
    #[inline]
    fn may_hold_run(&self, hand: u64) -> bool {
        let (Some(w), Some(&(min_len, _, _))) = (self.run_starts, self.rows.first()) else {
            return true;
        };
        // the cards followed by min_len - 1 more of the hand, by consecutive ids
        let mut starts = hand;
        for _ in 1..min_len {
            starts &= starts >> 1;
        }
        starts & w != 0
    }

    /// The row a run of this length scores as: the longest row not longer than the run.
    #[inline]
    fn row_of(&self, len: u32) -> Option<(u32, i64, u8)> {
        match self.row_by_len.get(len as usize) {
            Some(r) => *r,
            None => self.rows.iter().rev().find(|r| r.0 <= len).copied(),
        }
    }

    /// One pass over a hand's runs: gives the row it must call (the class of its longest run,
    /// TV-06) and the points of all its sequences (`one_per_length`: at most one per row), and
    /// shows `each` every run that scores (suit, length, top card).
    fn runs(&self, hand: u64, one_per_length: bool, mut each: impl FnMut(SuitId, u32, u8)) -> (Option<u8>, i64) {
        let mut longest = 0u32;
        let mut rows_used = 0u64;
        let mut points = 0i64;
        self.for_each_run(hand, |s, len, top| {
            longest = longest.max(len);
            let Some((_, value, idx)) = self.row_of(len) else {
                return;
            };
            each(s, len, top);
            let b = 1u64.checked_shl(idx as u32).unwrap_or(0);
            if !(one_per_length && rows_used & b != 0) {
                rows_used |= b;
                points += value;
            }
        });
        (self.row_of(longest).map(|r| r.2), points)
    }

    /// A hand's sequences (`runs`) with its best sequence as a comparison key (length, top card
    /// strength, in trumps, suit bidding rank).
    pub(in crate::engine) fn hand_sequences(
        &self,
        v: &Variant,
        hand: u64,
        trump: Option<SuitId>,
        t: &Tables,
    ) -> HandSequences {
        if let (Some(table), Some(spans)) = (&self.suit_runs, &self.seq_span) {
            if !self.may_hold_run(hand) {
                return HandSequences::default();
            }
            return self.hand_sequences_by_table(v, hand, trump, t, table, spans);
        }
        self.hand_sequences_run_by_run(v, hand, trump, t)
    }

    /// `hand_sequences` by one `suit_runs` lookup per suit.
    fn hand_sequences_by_table(
        &self,
        v: &Variant,
        hand: u64,
        trump: Option<SuitId>,
        t: &Tables,
        table: &[SuitRuns],
        spans: &[(u32, u64)],
    ) -> HandSequences {
        let by_suit = v.melds.ties_by_suit_rank;
        let mut best: Option<SeqKey> = None;
        let mut longest = 0u8;
        let mut rows = 0u64;
        let mut points = 0i64;
        for (s, (&(first, mask), cards)) in spans.iter().zip(self.seq_cards.iter()).enumerate() {
            let Some(e) = table.get(((hand >> first) & mask) as usize) else {
                continue;
            };
            if e.longest == 0 {
                continue;
            }
            longest = longest.max(e.longest);
            rows |= e.rows as u64;
            points += e.points as i64;
            let top = cards.get(e.best_start as usize).copied().unwrap_or(0);
            let key = SeqKey::new(
                e.longest as u32,
                self.strength_of(t, top),
                trump == Some(s as SuitId),
                self.suit_order.get(s).copied().unwrap_or(0),
            );
            if best
                .map(|b| key.cmp_in_hand(&b, by_suit) == Ordering::Greater)
                .unwrap_or(true)
            {
                best = Some(key);
            }
        }
        if v.melds.one_per_length {
            // each row counts once however many suits hold it
            points = 0;
            let mut m = rows;
            while m != 0 {
                let idx = m.trailing_zeros() as u8;
                m &= m - 1;
                points += self.rows.iter().find(|r| r.2 == idx).map(|r| r.1).unwrap_or(0);
            }
        }
        HandSequences {
            call: self.row_of(longest as u32).map(|r| r.2),
            best,
            points,
        }
    }

    /// `hand_sequences` for any deck layout: a walk over the hand's runs.
    #[cold]
    #[inline(never)] // the bundled decks take the table: kept out of the hot code
    fn hand_sequences_run_by_run(&self, v: &Variant, hand: u64, trump: Option<SuitId>, t: &Tables) -> HandSequences {
        let by_suit = v.melds.ties_by_suit_rank;
        let mut best: Option<SeqKey> = None;
        let (call, points) = self.runs(hand, v.melds.one_per_length, |s, len, top| {
            let key = SeqKey::new(
                len,
                self.strength_of(t, top),
                trump == Some(s),
                self.suit_order.get(s as usize).copied().unwrap_or(0),
            );
            if best
                .map(|b| key.cmp_in_hand(&b, by_suit) == Ordering::Greater)
                .unwrap_or(true)
            {
                best = Some(key);
            }
        });
        HandSequences { call, best, points }
    }

    /// The row index a hand must call for its sequences: the class of its longest run (TV-06).
    pub fn sequence_call(&self, hand: u64) -> Option<u8> {
        self.runs(hand, false, |_, _, _| {}).0
    }

    /// The points of every sequence of a hand (`one_per_length`: at most one per row).
    pub fn sequence_points(&self, hand: u64, one_per_length: bool) -> i64 {
        self.runs(hand, one_per_length, |_, _, _| {}).1
    }
}

/// Most places of a suit `MeldTables::suit_runs` tables (a table of 1024 entries).
const MAX_TABLED_PLACES: u32 = 10;

/// What the runs of one suit give, for one set of places held (`MeldTables::suit_runs`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct SuitRuns {
    /// The longest run that makes a sequence (0: none).
    longest: u8,
    /// The place its top card sits at (the highest of the longest runs).
    best_start: u8,
    /// The rows its runs make, as a mask over row indices.
    rows: u16,
    /// The points of all its runs.
    points: i32,
}

/// A hand's sequences, worked out once when the play starts (`MeldTables::hand_sequences`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(in crate::engine) struct HandSequences {
    /// The row to call, if the hand holds a sequence.
    pub call: Option<u8>,
    /// Its best sequence.
    pub best: Option<SeqKey>,
    /// The points of all its sequences.
    pub points: i64,
}

/// How two best sequences compare (§4.5): length, top card in sequence order, trumps; or with
/// `sequence-ties suit-rank` length, top card, the suit's bidding rank (`cmp_by`). The four are packed into one
/// number in that order of significance, so that comparing keys is comparing numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct SeqKey(u32);

/// The byte of a `SeqKey` that says "in trumps".
const TRUMP_BYTE: u32 = 0xff << 8;

impl SeqKey {
    fn new(len: u32, top: u8, trump: bool, suit_order: u8) -> SeqKey {
        SeqKey((len.min(u8::MAX as u32) << 24) | (top as u32) << 16 | (trump as u32) << 8 | suit_order as u32)
    }

    /// Between players: `by_suit` (`sequence-ties suit-rank`): length, top card, then the suit's
    /// bidding rank, a trump run no better than another ([001] §05 "comprimento, carta mais alta
    /// e depois naipe"; [000 Tompa] "mine is in Bells" / "mine is in z" for a higher suit); else
    /// length, top card, trumps, and a tie is a tie whatever the suits.
    pub(in crate::engine) fn cmp_by(&self, o: &SeqKey, by_suit: bool) -> Ordering {
        if by_suit {
            (self.0 & !TRUMP_BYTE).cmp(&(o.0 & !TRUMP_BYTE))
        } else {
            (self.0 >> 8).cmp(&(o.0 >> 8))
        }
    }

    /// Within one hand (which of its runs it shows): as between players, the suit rank breaking
    /// what is left, so that the best is one run.
    fn cmp_in_hand(&self, o: &SeqKey, by_suit: bool) -> Ordering {
        if by_suit {
            self.cmp_by(o, true)
        } else {
            self.0.cmp(&o.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::bundled_rules;
    use crate::engine::core::rng::hand_rng;
    use rand::RngCore;

    /// A hand's sequences by one table lookup per suit (`suit_runs`), and with the quick answer
    /// for a hand without a run (`may_hold_run`), are those of the walk over its runs, for every
    /// trump suit and none, on random hands of every density.
    #[test]
    fn sequences_by_table_are_the_run_by_run_walk() {
        // one bundled file for every shape of sequence rows (lengths and values, the order,
        // one per length, suit-rank ties) the bundled files use: chosen by their rules, not by
        // name, so that a new bundled shape is covered too
        let mut shapes = Vec::new();
        let mut files = Vec::new();
        for b in crate::bundled::all() {
            let Ok(r) = bundled_rules(b.name) else { continue };
            let m = &r.variant.melds;
            if m.sequences.is_empty() {
                continue;
            }
            let rows: Vec<(u32, i64)> = m.sequences.iter().map(|row| (row.length, row.value)).collect();
            let shape = (
                rows,
                m.sequence_order,
                m.one_per_length,
                m.ties_by_suit_rank,
                r.tables.n_cards,
            );
            if !shapes.contains(&shape) {
                shapes.push(shape);
                files.push(b.name);
            }
        }
        assert!(
            files.len() >= 3,
            "only {} shapes of sequence rows: {files:?}",
            files.len()
        );
        for name in files {
            let loaded = bundled_rules(name);
            assert!(loaded.is_ok(), "{name} loads");
            let Ok(r) = loaded else { return };
            let mt = &r.melds;
            let (Some(table), Some(spans)) = (&mt.suit_runs, &mt.seq_span) else {
                assert!(mt.suit_runs.is_some(), "{name}: the bundled deck takes the table");
                return;
            };
            let all = r.tables.suit_mask.iter().fold(0u64, |m, s| m | s);
            let mut rng = hand_rng(6, 0);
            let mut with_sequence = 0;
            for i in 0..20_000 {
                let hand = match i % 3 {
                    0 => rng.next_u64() & rng.next_u64(),
                    1 => rng.next_u64(),
                    _ => rng.next_u64() | rng.next_u64(),
                } & all;
                for trump in [None, Some(0), Some(1), Some(2), Some(3)] {
                    let slow = mt.hand_sequences_run_by_run(&r.variant, hand, trump, &r.tables);
                    let fast = mt.hand_sequences_by_table(&r.variant, hand, trump, &r.tables, table, spans);
                    assert_eq!(fast, slow, "{name} hand {hand:#x} trump {trump:?}");
                    // and with the quick "no run at all" answer in front of the table
                    let quick = mt.hand_sequences(&r.variant, hand, trump, &r.tables);
                    assert_eq!(quick, slow, "{name} hand {hand:#x} trump {trump:?}");
                    with_sequence += slow.call.is_some() as u32;
                }
            }
            assert!(with_sequence > 10_000, "{name}: {with_sequence} hands with a sequence");
        }
    }
}
