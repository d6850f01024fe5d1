//! The bots' card loop after trick 1: takes the play, its table and the hand's random stream,
//! gives random legal cards played until the play is over (the cards `rng::random_card` draws,
//! one after another), each written into the history when asked.
//!
//! On an x86-64 CPU with POPCNT and BMI2, found at run time, the same loop is compiled with
//! them: the count of a legal mask is one instruction and its k-th card two (`pdep`, `tzcnt`),
//! where the portable path (`rng::random_card`) takes some forty. The cards drawn are the same
//! on both paths (the test `both_paths_draw_the_same_cards` holds them to it), so a run's
//! results do not depend on the machine. This module is the crate's one use of `unsafe`: the
//! calls into code compiled for features the CPU was found to have.
#![allow(unsafe_code)]

use super::game::Action;
use super::play::Play;
use super::rng::{random_card, HandRng};
use super::seats::Seat;
use super::tables::{PlayTable, MAX_SEATS};

/// Random legal cards until the play is over, each written into `history` by its table seat
/// when `KEEP`, under a table whose `beat_duty` is `DUTY`; gives how many it played.
#[inline(always)]
pub(super) fn card_run<const KEEP: bool, const DUTY: bool>(
    play: &mut Play,
    history: &mut Vec<(Seat, Action)>,
    seats: &[Seat; MAX_SEATS],
    t: &PlayTable,
    rng: &mut HandRng,
) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if x86::has_bit_instructions() {
        // SAFETY: the CPU has every feature `card_loop_bmi2` is compiled with (just checked)
        return unsafe { x86::card_loop_bmi2::<KEEP, DUTY>(play, history, seats, t, rng) };
    }
    card_loop::<KEEP, DUTY, false>(play, history, seats, t, rng)
}

/// The loop of `card_run`; with `BMI2` it draws by `x86::random_card_bmi2` and must only be
/// compiled into a function with POPCNT and BMI2 (`x86::card_loop_bmi2`).
#[inline(always)]
fn card_loop<const KEEP: bool, const DUTY: bool, const BMI2: bool>(
    play: &mut Play,
    history: &mut Vec<(Seat, Action)>,
    seats: &[Seat; MAX_SEATS],
    t: &PlayTable,
    rng: &mut HandRng,
) -> u32 {
    let mut played = 0;
    loop {
        let m = play.legal_as::<DUTY>(t);
        if m == 0 {
            break;
        }
        let card = if BMI2 { bmi2_card(rng, m) } else { random_card(rng, m) };
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

/// `x86::random_card_bmi2` where it exists (never reached elsewhere: `BMI2` is only set there).
#[inline(always)]
fn bmi2_card(rng: &mut HandRng, m: u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        x86::random_card_bmi2(rng, m)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        random_card(rng, m)
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use crate::engine::rng::below;

    /// Whether the CPU has POPCNT and BMI2 (the standard library caches the answer).
    #[inline]
    pub(super) fn has_bit_instructions() -> bool {
        std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi2")
    }

    /// `card_loop` compiled with POPCNT and BMI2 (and BMI1's `tzcnt`).
    ///
    /// # Safety
    /// The CPU must have POPCNT and BMI2 (`has_bit_instructions`).
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub(super) unsafe fn card_loop_bmi2<const KEEP: bool, const DUTY: bool>(
        play: &mut Play,
        history: &mut Vec<(Seat, Action)>,
        seats: &[Seat; MAX_SEATS],
        t: &PlayTable,
        rng: &mut HandRng,
    ) -> u32 {
        card_loop::<KEEP, DUTY, true>(play, history, seats, t, rng)
    }

    /// `rng::random_card` by the bit instructions: the same draw (`below` of the count, only
    /// when there are two cards or more) and the same card (the k-th set bit, lowest first).
    /// Only inlined into code compiled for BMI2 (`card_loop_bmi2`, and the test).
    #[inline(always)]
    pub(super) fn random_card_bmi2(rng: &mut HandRng, m: u64) -> u8 {
        let n = m.count_ones();
        if n <= 1 {
            return m.trailing_zeros() as u8;
        }
        let k = below(rng, n) & 63;
        // SAFETY: reached only from code compiled for BMI2, which runs only on a CPU that has it
        let kth = unsafe { std::arch::x86_64::_pdep_u64(1u64 << k, m) };
        kth.trailing_zeros() as u8
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::engine::rng::hand_rng;

        /// `random_card_bmi2` compiled for the features, for the test.
        #[target_feature(enable = "popcnt,bmi1,bmi2")]
        unsafe fn draw_bmi2(rng: &mut HandRng, m: u64) -> u8 {
            random_card_bmi2(rng, m)
        }

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
                assert_eq!(fast, random_card(&mut b, m), "mask {m:#x}");
                assert_eq!(a.next_u64(), b.next_u64(), "the draws differ for {m:#x}");
            }
            assert_eq!(random_card(&mut hand_rng(1, 1), 0), 64);
        }
        use rand::RngCore;
    }
}
