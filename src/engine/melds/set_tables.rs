//! The set rows compiled for the deck: takes the variant's set rows (ranks, count, value, the
//! orders that rank them) and the card tables, gives `SetTables` per row (each rank's cards, and
//! where the deck's layout allows it the row's ranks as places held in every suit, so that a
//! hand's sets are one AND per suit) and a hand's sets of a row (`HandSets`: how many, the best).
//! `MeldTables` (`meld_tables.rs`) holds one per row; the calls that read them are in
//! `melds/mod.rs`.

use crate::engine::compile::tables::{Tables, MAX_CARDS};
use crate::engine::melds::meld_tables::MAX_RUN;
use crate::model::{RankId, SetRow, Variant};

/// A hand's sets of one row: how many, and the strength of the best (0, 0: none).
pub(in crate::engine) type HandSets = (u32, u8);

/// One set row compiled for the deck.
#[derive(Debug, Clone, Default)]
pub struct SetTables {
    /// (rank, every card of the rank) for each rank of the row the deck holds.
    pub ranks: Vec<(RankId, u64)>,
    /// The cards of one rank that make a set.
    pub count: u32,
    /// The points of each set.
    pub value: i64,
    /// With `seq_span`, when every suit holds the same ranks in the same places, each rank of
    /// the row sits at one place in all of them and a set is one card of every suit: the row's
    /// ranks as a mask of places, and the rank at each place. The places a hand holds in every
    /// suit are then one AND per suit.
    places: Option<(u64, [RankId; MAX_RUN])>,
    /// Strength of each rank in a game with trumps and in one without (largest = best).
    pub trump_strength: Vec<u8>,
    pub plain_strength: Vec<u8>,
}

impl SetTables {
    pub(super) fn compile(
        v: &Variant,
        t: &Tables,
        row: &SetRow,
        spans: Option<&[(u32, u64)]>,
        seq_cards: &[Vec<u8>],
    ) -> SetTables {
        let n_ranks = v.ranks.len();
        let ranks: Vec<(RankId, u64)> = row
            .ranks
            .iter()
            .map(|r| (*r, t.rank_mask(*r)))
            .filter(|(_, mask)| *mask != 0)
            .collect();
        let places = spans
            .filter(|spans| spans.len() == row.count as usize)
            .and_then(|spans| set_places(spans, seq_cards, &ranks, t));
        SetTables {
            ranks,
            count: row.count,
            value: row.value,
            places,
            trump_strength: crate::engine::compile::tables::strengths(
                row.trump_order.and_then(|o| v.orders.get(o)),
                n_ranks,
            ),
            plain_strength: crate::engine::compile::tables::strengths(
                row.plain_order.and_then(|o| v.orders.get(o)),
                n_ranks,
            ),
        }
    }

    /// Every set of this row in a hand: (count, strength of the best) under a strength table.
    /// `spans` is `MeldTables::seq_span`.
    pub(in crate::engine) fn of_hand(&self, hand: u64, strength: &[u8], spans: Option<&[(u32, u64)]>) -> HandSets {
        if let (Some((places, rank_at)), Some(spans)) = (&self.places, spans) {
            let held_in_every_suit = spans
                .iter()
                .fold(*places, |held, &(first, mask)| held & (hand >> first) & mask);
            if held_in_every_suit == 0 {
                // most hands: no set, and nothing to count
                return (0, 0);
            }
            let mut best = 0u8;
            let mut m = held_in_every_suit;
            while m != 0 {
                let place = m.trailing_zeros() as usize;
                m &= m - 1;
                let rank = rank_at.get(place).copied().unwrap_or(0) as usize;
                best = best.max(strength.get(rank).copied().unwrap_or(0));
            }
            return (held_in_every_suit.count_ones(), best);
        }
        self.rank_by_rank(hand, strength)
    }

    /// `of_hand` one rank at a time: for any deck layout.
    #[cold]
    #[inline(never)] // the bundled decks take the places: kept out of the hot code
    fn rank_by_rank(&self, hand: u64, strength: &[u8]) -> HandSets {
        let mut count = 0;
        let mut best = 0u8;
        for (r, mask) in &self.ranks {
            if (hand & mask).count_ones() >= self.count {
                count += 1;
                best = best.max(strength.get(*r as usize).copied().unwrap_or(0));
            }
        }
        (count, best)
    }
}

/// `SetTables::places`, if the deck's layout allows it: every suit's span has the same places,
/// and each rank's cards are the card at one place of every suit.
fn set_places(
    spans: &[(u32, u64)],
    seq_cards: &[Vec<u8>],
    ranks: &[(RankId, u64)],
    t: &Tables,
) -> Option<(u64, [RankId; MAX_RUN])> {
    let (first_span, rest) = spans.split_first()?;
    if rest.iter().any(|s| s.1 != first_span.1) {
        return None;
    }
    let suit0 = seq_cards.first()?;
    let mut rank_at = [0 as RankId; MAX_RUN];
    for (place, slot) in rank_at.iter_mut().enumerate().take(suit0.len()) {
        *slot = t.rank_of[suit0[place] as usize & (MAX_CARDS - 1)];
    }
    let mut places = 0u64;
    for &(rank, cards) in ranks {
        let place = suit0
            .iter()
            .position(|c| t.rank_of[*c as usize & (MAX_CARDS - 1)] == rank)?;
        let expected = spans.iter().fold(0u64, |m, &(first, _)| {
            m | 1u64.checked_shl(first + place as u32).unwrap_or(0)
        });
        if expected != cards {
            return None;
        }
        places |= 1u64 << place;
    }
    Some((places, rank_at))
}

#[cfg(test)]
mod tests {
    use crate::engine::bundled_rules;
    use crate::engine::core::rng::hand_rng;
    use rand::RngCore;

    /// The sets by places held in every suit (`SetTables::places`) are the rank-by-rank count,
    /// for every shape of set row (count, ranks, orders) the bundled files use: chosen by their
    /// rules, not by name, so that a new bundled set shape is covered too.
    #[test]
    fn sets_by_places_are_the_rank_by_rank_count() {
        let mut shapes = Vec::new();
        let mut files = Vec::new();
        for b in crate::bundled::all() {
            let Ok(r) = bundled_rules(b.name) else { continue };
            let Some(row) = r.variant.melds.sets.first() else {
                continue;
            };
            let shape = (row.count, row.ranks.clone(), row.trump_order, row.plain_order);
            if !shapes.contains(&shape) {
                shapes.push(shape);
                files.push(b.name);
            }
        }
        assert!(files.len() >= 2, "bundled set shapes: {files:?}");
        for name in files {
            let loaded = bundled_rules(name);
            assert!(loaded.is_ok(), "{name} loads");
            let Ok(r) = loaded else { return };
            let mt = &r.melds;
            let spans = mt.seq_span.as_deref();
            assert!(!mt.sets.is_empty(), "{name} has a set row");
            let Some(set) = mt.sets.first() else { return };
            assert!(set.places.is_some(), "{name}: the bundled deck takes the fast path");
            let all = r.tables.suit_mask.iter().fold(0u64, |m, s| m | s);
            let mut rng = hand_rng(5, 0);
            let mut fours = 0;
            for i in 0..20_000 {
                // dense hands, so that many hold a set or two
                let hand = (rng.next_u64() | rng.next_u64() | if i % 2 == 0 { rng.next_u64() } else { 0 }) & all;
                for strength in [&set.trump_strength, &set.plain_strength] {
                    let (count, best) = set.rank_by_rank(hand, strength);
                    assert_eq!(
                        set.of_hand(hand, strength, spans),
                        (count, best),
                        "{name} hand {hand:#x}"
                    );
                    fours += count;
                }
            }
            assert!(fours > 1000, "{name}: {fours} sets seen");
        }
    }
}
