//! Seeded randomness for the engine: takes a seed (and a hand index), gives the hand's stream
//! (`HandRng`), bounded integers and a random card of a mask, without allocation.
//!
//! Each hand has a stream of its own, so a run gives the same hands at any thread count. The
//! generator is xoshiro256++ (`rand_xoshiro`, a fixed algorithm: the same on every platform and
//! release); a random hand draws about a hundred numbers, and this generator costs a few
//! instructions per draw where ChaCha8 cost about 15 (with its block refills, 15% of a hand).

use rand::RngCore;
use rand::SeedableRng;

/// The random stream of one hand.
pub type HandRng = rand_xoshiro::Xoshiro256PlusPlus;

/// SplitMix64's finalizer: a bijection of u64 that spreads every input bit over the output.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The stream of one hand: the same (seed, hand) gives the same stream on any thread. The state
/// holds the seed and the hand each mixed twice, so two different pairs never share a state,
/// and the state is never all zeros.
pub fn hand_rng(seed: u64, hand: u64) -> HandRng {
    let words = [
        mix(seed),
        mix(hand ^ 0x6a09_e667_f3bc_c908),
        mix(seed ^ 0xbb67_ae85_84ca_a73b),
        mix(hand),
    ];
    let mut bytes = [0u8; 32];
    for (chunk, w) in bytes.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    HandRng::from_seed(bytes)
}

/// An integer in `0..n` (`n` > 0) by multiply-shift; the bias is below n / 2^32.
#[inline]
pub fn below(rng: &mut HandRng, n: u32) -> u32 {
    ((rng.next_u32() as u64 * n as u64) >> 32) as u32
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// `SELECT_IN_BYTE[b][k]`: the place of the `k`-th (0-based) set bit of the byte `b` (8 if none).
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut place = 0;
        while place < 8 {
            if b & (1 << place) != 0 {
                t[b][k] = place as u8;
                k += 1;
            }
            place += 1;
        }
        b += 1;
    }
    t
};

/// Per byte of `m`, the number of set bits in that byte and every lower one (so the top byte is
/// the popcount of `m`): a popcount per byte, then a multiply that sums the bytes below.
#[inline]
fn byte_prefix_counts(m: u64) -> u64 {
    let mut x = m - ((m >> 1) & 0x5555_5555_5555_5555);
    x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    x.wrapping_mul(ONES)
}

/// The `k`-th set bit of `m` given its `byte_prefix_counts`, without a branch on `k`: the bytes
/// whose prefix count is at most `k` lie below the byte holding the bit, and a table finds the
/// bit inside that byte. A loop over `k` bits would mispredict on most random draws.
#[inline]
fn select(m: u64, prefix: u64, k: u32) -> u8 {
    // a byte lane keeps its high bit when k >= its prefix count (counts stay below 128)
    let below_k = ((k as u64 & 0x7f).wrapping_mul(ONES) | HIGHS).wrapping_sub(prefix) & HIGHS;
    let byte = ((below_k >> 7).wrapping_mul(ONES) >> 56) as u32 & 7;
    let shift = byte * 8;
    let before = ((prefix << 8) >> shift) as u32 & 0xff;
    let in_byte = (m >> shift) as usize & 0xff;
    let rank = k.wrapping_sub(before) as usize & 7;
    (shift as u8).wrapping_add(SELECT_IN_BYTE[in_byte][rank])
}

/// The `k`-th (0-based) set bit of a mask (64 if there is none).
#[inline]
pub fn nth_bit(m: u64, k: u32) -> u8 {
    let prefix = byte_prefix_counts(m);
    if k as u64 >= prefix >> 56 {
        return 64;
    }
    select(m, prefix, k)
}

/// A uniformly random card of a mask (64 if the mask is empty): by the CPU's bit instructions
/// where it has them (`card_draws.rs`), else `random_card_portable`; the same card either way.
/// Always inlined: a call would keep the stream's state in memory, and a loop of draws would
/// wait on its stores and loads from one draw to the next.
#[inline(always)]
pub fn random_card(rng: &mut HandRng, m: u64) -> u8 {
    match crate::engine::play::card_draws::random_card_fast(rng, m) {
        Some(card) => card,
        None => random_card_portable(rng, m),
    }
}

/// `random_card` on any CPU: the count and the k-th card by shifts and masks.
#[inline]
pub fn random_card_portable(rng: &mut HandRng, m: u64) -> u8 {
    let prefix = byte_prefix_counts(m);
    let n = (prefix >> 56) as u32;
    if n <= 1 {
        return m.trailing_zeros() as u8;
    }
    select(m, prefix, below(rng, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nth_bit_slowly(mut m: u64, k: u32) -> u8 {
        for _ in 0..k {
            m &= m.wrapping_sub(1);
        }
        m.trailing_zeros() as u8
    }

    #[test]
    fn select_finds_the_kth_set_bit() {
        let mut rng = hand_rng(1, 2);
        let mut masks = vec![
            0,
            1,
            u64::MAX,
            1 << 63,
            0x8000_0000_0000_0001,
            0xff00,
            0x0101_0101_0101_0101,
        ];
        for _ in 0..5000 {
            // sparse and dense masks alike
            let a = rng.next_u64();
            masks.push(a & rng.next_u64() & rng.next_u64());
            masks.push(a);
            masks.push(a | rng.next_u64());
        }
        for m in masks {
            for k in 0..=m.count_ones() {
                assert_eq!(nth_bit(m, k), nth_bit_slowly(m, k), "mask {m:#x}, k {k}");
            }
        }
    }
}
