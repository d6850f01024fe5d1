//! The transposition table: takes a position at the start of a trick (the hands, the leader,
//! the tricks played and the side), gives the bounds found for the value of the rest and the
//! card that gave them. A fixed number of slots allocated once; a search's entries are told from older ones by a generation.

use crate::engine::tables::MAX_SEATS;

/// Slots in the table (a power of two): 2^18 entries of 24 bytes, 6 MiB.
const SLOTS: usize = 1 << 18;

/// What a search found for one position: the value of the rest lies in `lower..=upper`.
#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    check: u64,
    generation: u16,
    lower: i16,
    upper: i16,
    /// The card that gave the bound (`NONE` when none did), tried first when the position
    /// comes again.
    best: u8,
}

/// No card in `Entry::best`.
pub(super) const NONE: u8 = u8::MAX;

const EMPTY: Entry = Entry {
    key: 0,
    check: 0,
    generation: 0,
    lower: i16::MIN,
    upper: i16::MAX,
    best: NONE,
};

/// A position's two independent 64-bit hashes: one picks the slot and both must match, so a
/// wrong hit needs 128 bits to agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    key: u64,
    check: u64,
}

fn mix(mut z: u64) -> u64 {
    // splitmix64's finaliser: every input bit moves every output bit
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Key {
    pub(super) fn of(hands: &[u64; MAX_SEATS], n: u8, leader: u8, tricks: u8, side: u16) -> Key {
        let extra = (leader as u64) | (tricks as u64) << 8 | (side as u64) << 16;
        let mut a = mix(extra ^ 0x9e37_79b9_7f4a_7c15);
        let mut b = mix(extra.wrapping_add(0x6a09_e667_f3bc_c909));
        for (i, h) in hands.iter().take(n as usize).enumerate() {
            a = mix(a ^ h.rotate_left(i as u32 * 7));
            b = mix(b.wrapping_add(*h).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ i as u64);
        }
        Key { key: a, check: b }
    }
}

pub(super) struct Table {
    slots: Vec<Entry>,
    generation: u16,
}

impl Table {
    pub(super) fn new() -> Table {
        Table {
            slots: vec![EMPTY; SLOTS],
            generation: 1,
        }
    }

    /// Forgets every entry (a new position, objective or play table), without touching memory.
    pub(super) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(EMPTY);
            self.generation = 1;
        }
    }

    /// The bounds stored for a position and the card that gave them: (lower, upper, best).
    #[inline]
    pub(super) fn probe(&self, k: Key) -> Option<(i32, i32, u8)> {
        let e = self.slots.get(k.key as usize & (SLOTS - 1))?;
        (e.generation == self.generation && e.key == k.key && e.check == k.check).then_some((
            e.lower as i32,
            e.upper as i32,
            e.best,
        ))
    }

    /// Stores what a search found, tightening the bounds already known for the same position.
    #[inline]
    pub(super) fn store(&mut self, k: Key, lower: i32, upper: i32, best: u8) {
        let generation = self.generation;
        let Some(e) = self.slots.get_mut(k.key as usize & (SLOTS - 1)) else {
            return;
        };
        let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        if e.generation == generation && e.key == k.key && e.check == k.check {
            e.lower = e.lower.max(clamp(lower));
            e.upper = e.upper.min(clamp(upper));
            e.best = best;
        } else {
            *e = Entry {
                key: k.key,
                check: k.check,
                generation,
                lower: clamp(lower),
                upper: clamp(upper),
                best,
            };
        }
    }
}
