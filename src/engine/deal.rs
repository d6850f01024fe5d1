//! Dealing by the variant's plan: takes the deal steps, the number of active players and a deck
//! order (or a seeded shuffle), gives the hands by position (forehand first), the cards dealt
//! hidden, the indicator and the talon with its face-up cards; checks card conservation.

use super::rng::below;
use super::tables::{Tables, MAX_CARDS, MAX_SEATS};
use crate::model::DealStep;
use rand_chacha::ChaCha8Rng;

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
    pub talon: [u8; MAX_CARDS],
    pub talon_len: u8,
    /// The talon cards laid face up.
    pub talon_face_up: u64,
}

impl Deal {
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
    Ok(deal_unchecked(steps, n, order))
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

fn deal_unchecked(steps: &[DealStep], n: u8, order: &[u8]) -> Deal {
    let n = n.clamp(1, MAX_SEATS as u8);
    let mut d = Deal {
        n,
        hands: [0; MAX_SEATS],
        hidden: [0; MAX_SEATS],
        indicator: None,
        talon: [0; MAX_CARDS],
        talon_len: 0,
        talon_face_up: 0,
    };
    let mut next = order.iter().copied();
    for step in steps {
        match *step {
            DealStep::Packet { size, hidden } => {
                for p in 0..n as usize {
                    for _ in 0..size {
                        if let Some(c) = next.next() {
                            d.hands[p] |= bit(c);
                            if hidden {
                                d.hidden[p] |= bit(c);
                            }
                        }
                    }
                }
            }
            DealStep::Indicator => d.indicator = next.next(),
            DealStep::Talon { size, face_up } => {
                for _ in 0..size {
                    if let Some(c) = next.next() {
                        if let Some(slot) = d.talon.get_mut(d.talon_len as usize) {
                            *slot = c;
                            d.talon_len += 1;
                        }
                        if face_up {
                            d.talon_face_up |= bit(c);
                        }
                    }
                }
            }
        }
    }
    d
}

/// A seeded shuffle of the deck: card ids, top of the pack first.
pub fn shuffle(tables: &Tables, rng: &mut ChaCha8Rng) -> ([u8; MAX_CARDS], usize) {
    let n = tables.n_cards as usize;
    let mut deck = [0u8; MAX_CARDS];
    for (i, d) in deck.iter_mut().enumerate() {
        *d = i as u8;
    }
    for i in (1..n).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    (deck, n)
}

/// Shuffles and deals. The plan is assumed to fit the deck (`deal_order` checks it).
pub fn deal_random(tables: &Tables, steps: &[DealStep], n: u8, rng: &mut ChaCha8Rng) -> Deal {
    let (deck, len) = shuffle(tables, rng);
    deal_unchecked(steps, n, deck.get(..len).unwrap_or(&[]))
}
