//! Dealing by the variant's plan: takes the deal steps, the number of active players and a deck
//! order (or a seeded shuffle), gives the hands by position (forehand first), the cards dealt
//! hidden, the indicator and the talon with its face-up cards; checks card conservation.

use crate::engine::compile::tables::{Tables, MAX_CARDS, MAX_SEATS};
use crate::engine::core::rng::HandRng;
use crate::model::DealStep;
use rand::RngCore;

/// A deck order that cannot be dealt by the plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DealError {
    /// A card id outside the deck.
    UnknownCard(u8),
    /// A card given twice.
    Duplicate(u8),
    /// A card of the deck missing from the order.
    Missing(u8),
    /// The plan needs more or fewer cards than the deck holds.
    Count { plan: u32, deck: u32 },
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DealError::UnknownCard(c) => write!(f, "card id {c} is not in the deck"),
            DealError::Duplicate(c) => write!(f, "card id {c} is dealt twice"),
            DealError::Missing(c) => write!(f, "card id {c} is missing from the deal"),
            DealError::Count { plan, deck } => write!(f, "the deal plan uses {plan} cards but the deck has {deck}"),
        }
    }
}

impl std::error::Error for DealError {}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// Active players.
    pub n: u8,
    /// Hands by position, forehand first, including the hidden packets.
    pub hands: [u64; MAX_SEATS],
    /// The cards of each hand dealt face down, not to be looked at until the pickup.
    pub hidden: [u64; MAX_SEATS],
    pub indicator: Option<u8>,
    /// The talon in the order laid: `talon[0]` at the bottom, `talon[talon_len - 1]` on top.
    /// Each `talon` step is laid as one packet, its first card on top of the step's cards.
    pub talon: [u8; MAX_CARDS],
    pub talon_len: u8,
    /// The talon cards laid face up.
    pub talon_face_up: u64,
}

impl Deal {
    /// A deal of nothing (to be filled by `DealPlan::deal_pack`).
    pub fn empty() -> Deal {
        Deal {
            n: 0,
            hands: [0; MAX_SEATS],
            hidden: [0; MAX_SEATS],
            indicator: None,
            talon: [0; MAX_CARDS],
            talon_len: 0,
            talon_face_up: 0,
        }
    }

    /// The talon cards, bottom first.
    pub fn talon_cards(&self) -> &[u8] {
        self.talon.get(..self.talon_len as usize).unwrap_or(&[])
    }

    pub fn talon_mask(&self) -> u64 {
        self.talon_cards().iter().fold(0u64, |m, &c| m | bit(c))
    }

    /// Every card dealt, and whether no card was dealt twice.
    pub fn conserved(&self, all: u64) -> bool {
        let mut seen = 0u64;
        let mut count = 0u32;
        for h in self.hands.iter().take(self.n as usize) {
            seen |= h;
            count += h.count_ones();
        }
        if let Some(c) = self.indicator {
            seen |= bit(c);
            count += 1;
        }
        let t = self.talon_mask();
        seen |= t;
        count += self.talon_len as u32;
        seen == all && count == all.count_ones()
    }
}

#[inline]
pub fn bit(c: u8) -> u64 {
    1u64.checked_shl(c as u32).unwrap_or(0)
}

/// Deals a deck order (top of the pack first) by the plan to `n` active players.
pub fn deal_order(tables: &Tables, steps: &[DealStep], n: u8, order: &[u8]) -> Result<Deal, DealError> {
    let mut seen = 0u64;
    for &c in order {
        if c >= tables.n_cards {
            return Err(DealError::UnknownCard(c));
        }
        if seen & bit(c) != 0 {
            return Err(DealError::Duplicate(c));
        }
        seen |= bit(c);
    }
    let plan = plan_size(steps, n);
    if plan != order.len() as u32 || plan != tables.n_cards as u32 {
        if let Some(m) = (0..tables.n_cards).find(|&c| seen & bit(c) == 0) {
            return Err(DealError::Missing(m));
        }
        return Err(DealError::Count {
            plan,
            deck: tables.n_cards as u32,
        });
    }
    Ok(DealPlan::compile(steps, n).deal(order))
}

/// The number of cards a plan deals to `n` active players.
pub fn plan_size(steps: &[DealStep], n: u8) -> u32 {
    steps
        .iter()
        .map(|s| match s {
            DealStep::Packet { size, .. } => size * n as u32,
            DealStep::Indicator => 1,
            DealStep::Talon { size, .. } => *size,
        })
        .sum()
}

/// A deal plan compiled for a number of active players: where each card of the pack goes, by
/// its place in the pack (top first), so that dealing is one pass without looking at the steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealPlan {
    n: u8,
    /// Places in the pack the plan deals.
    len: u8,
    /// The pack cut into runs of places whose cards join the same two masks of `Masks` (a hand,
    /// and its hidden part or the face-up talon; `SINK` for none), top first. A run's cards are
    /// gathered in a register and joined to its masks at once: one OR in memory per card would
    /// wait on the one before when both go to the same mask.
    runs: [DealRun; MAX_CARDS],
    n_runs: u8,
    /// The masks of each place, as `to[0] | to[1] << 8` of its run (`TO_SINK` past the plan's
    /// end): for the shuffle that deals as it goes (`deal_random_into`).
    to_of_place: [u16; MAX_CARDS],
    /// The places of the talon cards, bottom first.
    talon: [u8; MAX_CARDS],
    talon_len: u8,
    indicator: Option<u8>,
}

/// The masks a deal fills: hands by position, their hidden cards, the face-up talon, a sink (a
/// power of two of them, so that an index is masked rather than checked).
const HIDDEN_AT: usize = MAX_SEATS;
const FACE_UP_AT: usize = 2 * MAX_SEATS;
const SINK: u8 = 2 * MAX_SEATS as u8 + 1;
const N_MASKS: usize = (2 * MAX_SEATS + 2).next_power_of_two();
/// A place's two masks both the sink, packed as in `DealPlan::to_of_place`.
const TO_SINK: u16 = SINK as u16 | (SINK as u16) << 8;
type Masks = [u64; N_MASKS];

/// Places `start..start + len` of the pack, whose cards all join the masks `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct DealRun {
    start: u8,
    len: u8,
    to: [u8; 2],
}

impl DealPlan {
    /// The plan of the deal steps for `n` active players (cards beyond 64 are not dealt).
    pub fn compile(steps: &[DealStep], n: u8) -> DealPlan {
        let n = n.clamp(1, MAX_SEATS as u8);
        let mut to_of_place = [[SINK; 2]; MAX_CARDS];
        let mut plan = DealPlan {
            n,
            len: 0,
            runs: [DealRun::default(); MAX_CARDS],
            n_runs: 0,
            to_of_place: [TO_SINK; MAX_CARDS],
            talon: [0; MAX_CARDS],
            talon_len: 0,
            indicator: None,
        };
        let mut place = 0usize;
        for step in steps {
            let (count, per_player) = match *step {
                DealStep::Packet { size, .. } => (size as usize, true),
                DealStep::Indicator => (1, false),
                DealStep::Talon { size, .. } => (size as usize, false),
            };
            for k in 0..count * if per_player { n as usize } else { 1 } {
                let Some(to) = to_of_place.get_mut(place) else { break };
                match *step {
                    DealStep::Packet { size, hidden } => {
                        let p = (k / (size as usize).max(1)) as u8;
                        *to = [p, if hidden { HIDDEN_AT as u8 + p } else { SINK }];
                    }
                    DealStep::Indicator => plan.indicator = Some(place as u8),
                    DealStep::Talon { face_up, .. } => {
                        if face_up {
                            to[1] = FACE_UP_AT as u8;
                        }
                        // a talon step is laid as one packet, its first card on top ([000]
                        // "places the top 3 of these cards on the indicator", [003] "lays the
                        // whole"): the talon list is bottom first, so the step's k-th card
                        // goes below the ones before it
                        let first = (plan.talon_len as usize).saturating_sub(k);
                        if let Some(t) = plan.talon.get_mut(first..=plan.talon_len as usize) {
                            t.rotate_right(1);
                            if let Some(bottom) = t.first_mut() {
                                *bottom = place as u8;
                            }
                            plan.talon_len += 1;
                        }
                    }
                }
                place += 1;
            }
        }
        plan.len = place.min(MAX_CARDS) as u8;
        for (place, to) in to_of_place.iter().enumerate().take(plan.len as usize) {
            plan.to_of_place[place] = to[0] as u16 | (to[1] as u16) << 8;
            let last = plan.n_runs.checked_sub(1).and_then(|r| plan.runs.get_mut(r as usize));
            match last {
                Some(run) if run.to == *to => run.len += 1,
                _ => {
                    if let Some(run) = plan.runs.get_mut(plan.n_runs as usize) {
                        *run = DealRun {
                            start: place as u8,
                            len: 1,
                            to: *to,
                        };
                        plan.n_runs += 1;
                    }
                }
            }
        }
        plan
    }

    /// Deals a pack (top first, card ids below 64) by the plan; a short pack leaves places empty.
    pub fn deal(&self, order: &[u8]) -> Deal {
        let mut pack = [0u8; MAX_CARDS];
        let dealt = order.len().min(MAX_CARDS);
        for (slot, c) in pack.iter_mut().zip(order) {
            *slot = *c;
        }
        let mut d = Deal::empty();
        self.deal_pack(&pack, dealt, &mut d);
        d
    }

    /// Deals the first `dealt` cards of `pack` by the plan into `d`, writing every field.
    fn deal_pack(&self, pack: &[u8; MAX_CARDS], dealt: usize, d: &mut Deal) {
        let dealt = dealt.min(self.len as usize);
        let mut m: Masks = [0; N_MASKS];
        for run in self.runs.iter().take(self.n_runs as usize) {
            let start = (run.start as usize).min(dealt);
            let end = (run.start as usize + run.len as usize).min(dealt);
            let mut joined = 0u64;
            for k in start..end {
                joined |= 1u64 << (pack[k & (MAX_CARDS - 1)] as usize & (MAX_CARDS - 1));
            }
            m[run.to[0] as usize & (N_MASKS - 1)] |= joined;
            m[run.to[1] as usize & (N_MASKS - 1)] |= joined;
        }
        self.fill(pack, dealt, &m, d);
    }

    /// Writes every field of `d` from the masks the plan's runs filled and the pack (for the
    /// indicator and the talon), of which the first `dealt` places were dealt.
    fn fill(&self, pack: &[u8; MAX_CARDS], dealt: usize, m: &Masks, d: &mut Deal) {
        d.n = self.n;
        d.hands.copy_from_slice(&m[..MAX_SEATS]);
        d.hidden.copy_from_slice(&m[HIDDEN_AT..HIDDEN_AT + MAX_SEATS]);
        d.indicator = self
            .indicator
            .filter(|&i| (i as usize) < dealt)
            .map(|i| pack[i as usize & (MAX_CARDS - 1)]);
        d.talon_face_up = m[FACE_UP_AT];
        d.talon = [0; MAX_CARDS];
        d.talon_len = 0;
        for &place in self.talon.iter().take(self.talon_len as usize) {
            if (place as usize) < dealt {
                d.talon[d.talon_len as usize & (MAX_CARDS - 1)] = pack[place as usize & (MAX_CARDS - 1)];
                d.talon_len += 1;
            }
        }
    }

    /// Shuffles and deals (`shuffle`).
    pub fn deal_random(&self, tables: &Tables, rng: &mut HandRng) -> Deal {
        let mut d = Deal::empty();
        self.deal_random_into(tables, rng, &mut d);
        d
    }

    /// Shuffles and deals into `d` (every field written): `deal_random` without building and
    /// copying a new `Deal`. The deal `shuffle_into` and `deal_pack` give, in one pass: the
    /// shuffle fixes the places of the pack from the top down, and each place's card is final
    /// once its swap is done, so it joins its place's masks there and the pack is not read
    /// again (the test `dealing_as_it_shuffles_gives_the_deal_of_the_shuffled_pack` holds it to
    /// `shuffle_into` and `deal_pack`).
    pub fn deal_random_into(&self, tables: &Tables, rng: &mut HandRng, d: &mut Deal) {
        let n = (tables.n_cards as usize).min(MAX_CARDS);
        let mut pack = [0u8; MAX_CARDS];
        for (i, c) in pack.iter_mut().enumerate() {
            *c = i as u8;
        }
        let mut m: Masks = [0; N_MASKS];
        // the cards of a run of places with the same masks gather in a register, joined to the
        // masks when the run ends (an OR in memory per card would wait on the one before)
        let (mut joined, mut to) = (0u64, TO_SINK);
        let flush = |m: &mut Masks, joined: u64, to: u16| {
            m[(to & 0xff) as usize & (N_MASKS - 1)] |= joined;
            m[(to >> 8) as usize & (N_MASKS - 1)] |= joined;
        };
        // place k swaps with a place in 0..=k by its half of a draw; its card is then final
        let mut place = |k: usize, half: u32, m: &mut Masks| {
            let j = ((half as u64 * (k as u64 + 1)) >> 32) as usize & (MAX_CARDS - 1);
            let k = k & (MAX_CARDS - 1);
            let (at_k, card) = (pack[k], pack[j]);
            pack[j] = at_k;
            pack[k] = card;
            let t = self.to_of_place[k];
            if t != to {
                flush(m, joined, to);
                (joined, to) = (0, t);
            }
            joined |= 1u64 << (card as usize & (MAX_CARDS - 1));
        };
        // the swaps of `shuffle_into`, in its order
        let mut i = n.saturating_sub(1);
        while i >= 2 {
            let r = rng.next_u64();
            place(i, r as u32, &mut m);
            place(i - 1, (r >> 32) as u32, &mut m);
            i -= 2;
        }
        if i == 1 {
            let r = rng.next_u64();
            place(1, r as u32, &mut m);
        }
        if n > 0 {
            // place 0 swaps with itself
            place(0, 0, &mut m);
        }
        flush(&mut m, joined, to);
        let dealt = n.min(self.len as usize);
        self.fill(&pack, dealt, &m, d);
    }
}

/// A seeded shuffle of the deck (Fisher-Yates): card ids, top of the pack first. Each 64-bit
/// draw of the stream gives two swaps, one from each half.
pub fn shuffle(tables: &Tables, rng: &mut HandRng) -> ([u8; MAX_CARDS], usize) {
    let mut deck = [0u8; MAX_CARDS];
    let n = shuffle_into(tables, rng, &mut deck);
    (deck, n)
}

/// `shuffle` in place, into `deck` (every place written); gives the number of cards. The caller
/// reads the pack where the swaps wrote it: a pack returned by value is copied out in wide words
/// right after the byte-wide swaps, and such a load waits for the swaps' stores to reach the cache.
#[inline(never)] // once per hand: kept out of the callers' code
pub fn shuffle_into(tables: &Tables, rng: &mut HandRng, deck: &mut [u8; MAX_CARDS]) -> usize {
    let n = (tables.n_cards as usize).min(MAX_CARDS);
    for (i, d) in deck.iter_mut().enumerate() {
        *d = i as u8;
    }
    // place i swaps with a place in 0..=i, from the top of the pack down
    let swap = |deck: &mut [u8; MAX_CARDS], i: usize, half: u32| {
        let j = ((half as u64 * (i as u64 + 1)) >> 32) as usize;
        deck.swap(i & (MAX_CARDS - 1), j & (MAX_CARDS - 1));
    };
    let mut i = n.saturating_sub(1);
    while i >= 2 {
        let r = rng.next_u64();
        swap(deck, i, r as u32);
        swap(deck, i - 1, (r >> 32) as u32);
        i -= 2;
    }
    if i == 1 {
        let r = rng.next_u64();
        swap(deck, 1, r as u32);
    }
    n
}

/// Shuffles and deals. The plan is assumed to fit the deck (`deal_order` checks it).
pub fn deal_random(tables: &Tables, steps: &[DealStep], n: u8, rng: &mut HandRng) -> Deal {
    DealPlan::compile(steps, n).deal_random(tables, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::rng::hand_rng;

    /// The one-pass deal is the deal of the shuffled pack, for every bundled plan (hidden
    /// packets, an indicator, face-up and hidden talons, 24 to 36 cards), each also with packs
    /// shorter and longer than the plan (no card to 64, odd and even counts), from a sheet
    /// that held another deal.
    #[test]
    fn dealing_as_it_shuffles_gives_the_deal_of_the_shuffled_pack() {
        let mut plans = 0;
        for b in crate::bundled::all() {
            let Ok(rules) = crate::engine::bundled_rules(b.name) else {
                continue;
            };
            plans += 1;
            let plan = &rules.deal_plan;
            let own = rules.tables.n_cards;
            for n_cards in [own, 0, 1, 2, 3, own.saturating_sub(1), own + 1, 63, 64] {
                let mut tables = rules.tables.clone();
                tables.n_cards = n_cards;
                let hands = if n_cards == own { 200 } else { 20 };
                let mut fused = Deal::empty();
                for hand in 0..hands {
                    let (mut a, mut b) = (hand_rng(7, hand), hand_rng(7, hand));
                    plan.deal_random_into(&tables, &mut a, &mut fused);
                    let mut pack = [0u8; MAX_CARDS];
                    let len = shuffle_into(&tables, &mut b, &mut pack);
                    let mut apart = Deal::empty();
                    plan.deal_pack(&pack, len, &mut apart);
                    assert_eq!(fused, apart, "{} with {n_cards} cards, hand {hand}", rules.variant.name);
                    // both took the same draws
                    assert_eq!(a.next_u64(), b.next_u64());
                }
            }
        }
        assert!(plans > 20, "only {plans} bundled plans");
    }
}
