//! Seeded randomness for the engine: takes a seed (and a hand index), gives ChaCha8 streams,
//! bounded integers and a random card of a mask, without allocation.

use rand::RngCore;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The stream of one hand: the same (seed, hand) gives the same stream on any thread.
pub fn hand_rng(seed: u64, hand: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(hand);
    r
}

/// An integer in `0..n` (`n` > 0) by multiply-shift; the bias is below n / 2^32.
#[inline]
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    ((rng.next_u32() as u64 * n as u64) >> 32) as u32
}

/// The `k`-th (0-based) set bit of a mask (64 if there is none).
#[inline]
pub fn nth_bit(mut m: u64, k: u32) -> u8 {
    for _ in 0..k {
        m &= m.wrapping_sub(1);
    }
    m.trailing_zeros() as u8
}

/// A uniformly random card of a mask (64 if the mask is empty).
#[inline]
pub fn random_card(rng: &mut ChaCha8Rng, m: u64) -> u8 {
    let n = m.count_ones();
    if n <= 1 {
        return m.trailing_zeros() as u8;
    }
    nth_bit(m, below(rng, n))
}
