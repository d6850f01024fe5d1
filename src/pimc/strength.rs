//! The strength check: takes rules, a number of hands and a seed, gives how much more the
//! declarer's side takes (card points or tricks, as the contract counts) when its cards are
//! chosen by `pimc` than when they are random, on the same deals: the mean of the paired
//! differences and its 95% interval.
//!
//! Each hand is played twice from one deal. Everything but the declarer's side's cards draws
//! from streams of its own (the auction and announcements from one, the defence's cards from
//! another), so both plays bid alike and differ only where the cards differ.

use super::{choose_card, PimcOptions};
use crate::bots::sim::random_step;
use crate::engine::rng::{below, hand_rng, random_card};
use crate::engine::tables::MAX_SEATS;
use crate::engine::{Action, Game, Phase, Rules};
use crate::solve::{Count, Objective};
use std::sync::Arc;

/// Stream tags: the deal, the other decisions, the random cards, the bot's own stream.
const DEALS: u64 = 0x0de4_1000;
const DECISIONS: u64 = 0x0dec_1000;
const CARDS: u64 = 0x0ca2_d000;
const BOT: u64 = 0x0b07_0000;

/// The paired result over the hands that reached the play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strength {
    /// Hands dealt.
    pub hands: u32,
    /// Hands that reached the trick play with a declarer (the pairs measured).
    pub pairs: u32,
    /// Mean count of the declarer's side with random cards, and with pimc's (in the direction
    /// the side wants: a side that plays to take little has its count negated).
    pub random_mean: f64,
    pub pimc_mean: f64,
    /// Mean of pimc minus random, per pair, and the half width of its 95% interval.
    pub mean_diff: f64,
    pub half_width: f64,
}

impl Strength {
    /// The 95% interval of the mean difference.
    pub fn interval(&self) -> (f64, f64) {
        (self.mean_diff - self.half_width, self.mean_diff + self.half_width)
    }
}

/// Plays `hands` deals of `rules` from `seed` twice each, random cards against random cards and
/// pimc's cards for the declarer's side against random cards.
pub fn strength(rules: &Arc<Rules>, hands: u32, seed: u64, opts: &PimcOptions) -> Strength {
    let mut diffs = Vec::new();
    let (mut sum_r, mut sum_p) = (0.0, 0.0);
    for i in 0..hands {
        let Some(r) = play_hand(rules, seed, u64::from(i), None) else {
            continue;
        };
        let Some(p) = play_hand(rules, seed, u64::from(i), Some(opts)) else {
            continue;
        };
        sum_r += r;
        sum_p += p;
        diffs.push(p - r);
    }
    let k = diffs.len().max(1) as f64;
    let mean = diffs.iter().sum::<f64>() / k;
    let var = if diffs.len() > 1 {
        diffs.iter().map(|d| (d - mean) * (d - mean)).sum::<f64>() / (k - 1.0)
    } else {
        0.0
    };
    Strength {
        hands,
        pairs: diffs.len() as u32,
        random_mean: sum_r / k,
        pimc_mean: sum_p / k,
        mean_diff: mean,
        half_width: 1.96 * (var / k).sqrt(),
    }
}

/// One hand: the declarer's side's count at the end (signed so that more is better for it), or
/// None when the hand never reached the trick play with a declarer.
fn play_hand(rules: &Arc<Rules>, seed: u64, hand: u64, pimc: Option<&PimcOptions>) -> Option<f64> {
    let mut deal_rng = hand_rng(seed ^ DEALS, hand);
    let deal = rules.deal_plan.deal_random(&rules.tables, &mut deal_rng);
    let dealer = below(&mut deal_rng, u32::from(rules.variant.players)) as u8;
    let mut g = Game::from_deal(Arc::clone(rules), crate::engine::Seat(dealer), deal);
    let mut decisions = hand_rng(seed ^ DECISIONS, hand);
    let mut cards = hand_rng(seed ^ CARDS, hand);
    let mut bot = hand_rng(seed ^ BOT, hand);
    let mut buf = Vec::new();
    let mut objective: Option<Objective> = None;
    while !g.is_over() {
        if objective.is_none() && g.phase() == Phase::Play {
            objective = Objective::of_game(&g);
        }
        // the declarer's side's cards by pimc, even where a claim or an announcement is open
        // beside them (those stay random, from their own stream, in both plays)
        let on_side = g.phase() == Phase::Play && g.declarer_side_positions() & (1 << g.to_act().0) != 0;
        if let (Some(o), true) = (pimc, on_side) {
            if let Some(card) = choose_card(&g, g.to_act_seat(), o, &mut bot) {
                if g.apply(Action::Play(card)).is_err() {
                    return None;
                }
                continue;
            }
        }
        match g.legal_cards().filter(|&m| m != 0) {
            Some(m) => {
                if g.apply(Action::Play(random_card(&mut cards, m))).is_err() {
                    return None;
                }
            }
            None => {
                if !random_step(&mut g, &mut decisions, &mut buf) {
                    break;
                }
            }
        }
    }
    let obj = objective?;
    Some(side_count(&g, &obj))
}

/// The count the declarer's side took, signed so that more is what it wants.
fn side_count(g: &Game, obj: &Objective) -> f64 {
    let p = g.play_state();
    let side = g.declarer_side_positions();
    let mut total = 0i64;
    for pos in 0..(p.n as usize).min(MAX_SEATS) {
        if side & (1 << pos) != 0 {
            total += match obj.count {
                Count::Points => i64::from(p.points[pos]),
                Count::Tricks => i64::from(p.tricks_won[pos]),
            };
        }
    }
    if obj.side_maximizes {
        total as f64
    } else {
        -(total as f64)
    }
}
