//! Random cards for the bots: takes a random stream and a mask of cards (or the play, its table
//! and the stream), gives the draws of `rng::random_card` and the card loop after trick 1
//! (`card_run`: random legal cards until the play is over, each written into the history when
//! asked). On an x86-64 CPU with POPCNT, BMI1 and BMI2, found at run time, both run compiled for
//! them: a mask's count is one instruction and its k-th card two (`pdep`, `tzcnt`), where the
//! portable code (`rng::random_card_portable`) takes some forty. Both give the same cards from
//! the same draws (the test `both_paths_draw_the_same_cards`), so a run's results do not depend
//! on the machine.
//!
//! This module is the crate's one use of `unsafe`: the calls into code compiled for CPU
//! features that were found at run time.
#![allow(unsafe_code)]

use crate::engine::compile::tables::{PlayTable, MAX_SEATS};
use crate::engine::core::game::Action;
use crate::engine::core::rng::{random_card_portable, HandRng};
use crate::engine::core::seats::Seat;
use crate::engine::play::Play;

/// What the card loop plays on: the play, the history to write the cards into (by table
/// seat), the seats, the play table and the hand's stream.
pub(in crate::engine) struct CardRun<'a> {
    pub play: &'a mut Play,
    pub history: &'a mut Vec<(Seat, Action)>,
    pub seats: &'a [Seat; MAX_SEATS],
    pub t: &'a PlayTable,
    pub rng: &'a mut HandRng,
}

/// Random legal cards until the play is over, each written into the history when `KEEP`, under
/// a table whose `beat_duty` is `DUTY`; gives how many it played. Compiled for the bit
/// instructions when the CPU has them.
#[inline(always)]
pub(in crate::engine) fn card_run<const KEEP: bool, const DUTY: bool>(run: CardRun) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if has_bit_instructions() {
        // SAFETY: the CPU has every feature `card_loop_bmi2` is compiled with (just checked)
        return unsafe { card_loop_bmi2::<KEEP, DUTY>(run) };
    }
    // SAFETY: without `BMI2` the loop draws by the portable code only
    unsafe { card_loop::<KEEP, DUTY, false>(run) }
}

/// The loop of `card_run`; with `BMI2` it draws by `random_card_bmi2`.
///
/// # Safety
/// With `BMI2`, the CPU must have POPCNT, BMI1 and BMI2 (`card_loop_bmi2` is the one caller
/// that sets it); without, there is no condition.
#[inline(always)]
unsafe fn card_loop<const KEEP: bool, const DUTY: bool, const BMI2: bool>(run: CardRun) -> u32 {
    let CardRun {
        play,
        history,
        seats,
        t,
        rng,
    } = run;
    let mut played = 0;
    loop {
        let m = play.legal_as::<DUTY>(t);
        if m == 0 {
            break;
        }
        let card = if BMI2 {
            // SAFETY: with `BMI2` the CPU has the features (this function's contract)
            unsafe { random_card_bmi2(rng, m) }
        } else {
            random_card_portable(rng, m)
        };
        if KEEP {
            history.push((seats[play.to_play as usize & (MAX_SEATS - 1)], Action::Play(card)));
        }
        played += 1;
        if play.place(t, card).is_some() && play.is_over() {
            break;
        }
    }
    played
}

/// Whether the CPU has POPCNT, BMI1 (`tzcnt`, `andn`) and BMI2 (`pdep`), every feature the
/// fast code is compiled with (BMI2 does not imply BMI1). Asked of the CPU once and kept in
/// `BIT_INSTRUCTIONS`, so that a draw pays one load for it; the asking is out of line, to keep
/// the callers' loops small.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_bit_instructions() -> bool {
    match BIT_INSTRUCTIONS.load(std::sync::atomic::Ordering::Relaxed) {
        PRESENT => true,
        ABSENT => false,
        _ => ask_for_bit_instructions(),
    }
}

/// `has_bit_instructions` the first time: asks the CPU and keeps the answer.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn ask_for_bit_instructions() -> bool {
    let has = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2");
    BIT_INSTRUCTIONS.store(if has { PRESENT } else { ABSENT }, std::sync::atomic::Ordering::Relaxed);
    has
}

/// What `has_bit_instructions` found: `UNKNOWN` until first asked (every thread finds the same).
#[cfg(target_arch = "x86_64")]
static BIT_INSTRUCTIONS: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(UNKNOWN);
#[cfg(target_arch = "x86_64")]
const UNKNOWN: u8 = 0;
#[cfg(target_arch = "x86_64")]
const ABSENT: u8 = 1;
#[cfg(target_arch = "x86_64")]
const PRESENT: u8 = 2;

/// `rng::random_card` by the bit instructions, if the CPU has them.
#[inline]
pub(in crate::engine) fn random_card_fast(rng: &mut HandRng, m: u64) -> Option<u8> {
    #[cfg(target_arch = "x86_64")]
    if has_bit_instructions() {
        // SAFETY: the CPU has every feature `draw_bmi2` is compiled with (just checked)
        return Some(unsafe { draw_bmi2(rng, m) });
    }
    let _ = (rng, m);
    None
}

/// `card_loop` with POPCNT, BMI1 and BMI2.
///
/// # Safety
/// The CPU must have POPCNT, BMI1 and BMI2 (`has_bit_instructions`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn card_loop_bmi2<const KEEP: bool, const DUTY: bool>(run: CardRun) -> u32 {
    // SAFETY: the CPU has the features (this function's contract)
    unsafe { card_loop::<KEEP, DUTY, true>(run) }
}

/// One draw of `random_card_bmi2`, compiled for the features.
///
/// # Safety
/// The CPU must have POPCNT, BMI1 and BMI2 (`has_bit_instructions`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn draw_bmi2(rng: &mut HandRng, m: u64) -> u8 {
    // SAFETY: the CPU has the features (this function's contract)
    unsafe { random_card_bmi2(rng, m) }
}

/// `rng::random_card` by the bit instructions: the same draw (`below` of the count, only when
/// there are two cards or more) and the same card (the k-th set bit, lowest first); the portable
/// draw on other architectures.
///
/// # Safety
/// On x86-64 the CPU must have POPCNT, BMI1 and BMI2; it is inlined into code compiled for them
/// (`card_loop_bmi2`, `draw_bmi2`), where it is fast. No condition on other architectures.
#[inline(always)]
unsafe fn random_card_bmi2(rng: &mut HandRng, m: u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        let n = m.count_ones();
        if n <= 1 {
            return m.trailing_zeros() as u8;
        }
        let k = crate::engine::core::rng::below(rng, n) & 63;
        // SAFETY: the CPU has BMI2 (this function's contract)
        let kth = unsafe { std::arch::x86_64::_pdep_u64(1u64 << k, m) };
        kth.trailing_zeros() as u8
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        crate::engine::core::rng::random_card_portable(rng, m)
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::engine::core::rng::{hand_rng, random_card_portable};
    use rand::RngCore;

    #[test]
    fn both_paths_draw_the_same_cards() {
        if !has_bit_instructions() {
            return;
        }
        let mut masks = hand_rng(3, 4);
        for i in 0..200_000u64 {
            // sparse and dense masks, the empty one and single cards among them
            let m = match i % 4 {
                0 => masks.next_u64() & masks.next_u64() & masks.next_u64(),
                1 => masks.next_u64() & masks.next_u64(),
                2 => masks.next_u64(),
                _ => 1u64 << (i % 64),
            };
            let (mut a, mut b) = (hand_rng(9, i), hand_rng(9, i));
            // SAFETY: the CPU has the features (checked above)
            let fast = unsafe { draw_bmi2(&mut a, m) };
            assert_eq!(fast, random_card_portable(&mut b, m), "mask {m:#x}");
            assert_eq!(a.next_u64(), b.next_u64(), "the draws differ for {m:#x}");
        }
        assert_eq!(random_card_portable(&mut hand_rng(1, 1), 0), 64);
    }
}
