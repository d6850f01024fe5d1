//! Duplicate matches: takes compiled rules, two kinds of bot (`a` and the field `b`), a number
//! of deals and a seed, gives how much `a` gains over `b` per hand (`Match`): the same deals
//! (`play_hand` deals before any bot acts) played once by `b` at every seat, and once for each
//! active seat with `a` at that seat and `b` at the others. A deal's difference is the mean,
//! over its active seats, of the payment `a` got at the seat minus the payment `b` got there;
//! the deals' differences give the mean and its 95% interval (paired by deal, so the luck of
//! the cards cancels). Deals run in parallel; the result is the same at any thread count.

use super::{play_hand, Bot, BotKind, BotSet};
use crate::engine::tables::MAX_SEATS;
use crate::engine::{Game, Rules, Seat};
use rayon::prelude::*;
use std::sync::Arc;

/// Makes a fresh bot of one kind (a closure, so that a bot with options can play too).
pub type MakeBot<'a> = &'a (dyn Fn() -> Box<dyn Bot> + Sync);

/// The result of a duplicate match.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Match {
    pub deals: u64,
    /// Mean payment difference per hand, `a` minus `b` at the same seat on the same cards.
    pub mean: f64,
    /// The 95% interval of the mean (normal approximation, paired by deal).
    pub low: f64,
    pub high: f64,
    /// Standard deviation of one deal's difference.
    pub sd: f64,
    /// Hands in which a bot took an action the rules refused (should be none).
    pub illegal: u64,
}

/// `duplicate_with` for two bot kinds.
pub fn duplicate(rules: &Arc<Rules>, a: BotKind, b: BotKind, deals: u64, seed: u64) -> Match {
    duplicate_with(rules, &|| a.make(), &|| b.make(), deals, seed)
}

/// The duplicate match of `a` against the field `b` over deals `0..deals` of `seed`.
pub fn duplicate_with(rules: &Arc<Rules>, a: MakeBot<'_>, b: MakeBot<'_>, deals: u64, seed: u64) -> Match {
    let players = rules.variant.players as usize;
    let per_deal: Vec<(f64, u64)> = (0..deals)
        .into_par_iter()
        .map_init(
            || Game::new(Arc::clone(rules), crate::engine::Seat(0), seed),
            |g, i| {
                g.set_keep_history(false);
                let mut illegal = 0;
                let mut payments = |g: &mut Game, set: &mut BotSet| -> [i64; MAX_SEATS] {
                    if play_hand(g, set, seed, i).is_err() {
                        illegal += 1;
                    }
                    g.result().map_or([0; MAX_SEATS], |s| s.payments)
                };
                // stepped: the field is the same bot in both plays, random ones included
                let mut field = BotSet::new((0..players).map(|_| b()).collect()).stepped();
                let base = payments(g, &mut field);
                let active: Vec<usize> = (0..players).filter(|&s| g.pos_of(Seat(s as u8)).is_some()).collect();
                let mut diff = 0i64;
                for &s in &active {
                    let mut set = BotSet::new((0..players).map(|k| if k == s { a() } else { b() }).collect()).stepped();
                    let with_a = payments(g, &mut set);
                    diff += with_a.get(s).copied().unwrap_or(0) - base.get(s).copied().unwrap_or(0);
                }
                (diff as f64 / active.len().max(1) as f64, illegal)
            },
        )
        .collect();
    summarize(&per_deal)
}

/// Mean, spread and interval of the deals' differences, summed in deal order.
fn summarize(per_deal: &[(f64, u64)]) -> Match {
    let n = per_deal.len() as f64;
    let illegal = per_deal.iter().map(|d| d.1).sum();
    if per_deal.is_empty() {
        return Match {
            deals: 0,
            mean: 0.0,
            low: 0.0,
            high: 0.0,
            sd: 0.0,
            illegal,
        };
    }
    let mean = per_deal.iter().map(|d| d.0).sum::<f64>() / n;
    let var = if per_deal.len() > 1 {
        per_deal.iter().map(|d| (d.0 - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = 1.96 * sd / n.sqrt();
    Match {
        deals: per_deal.len() as u64,
        mean,
        low: mean - half,
        high: mean + half,
        sd,
        illegal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_the_mean_plus_or_minus_two_standard_errors() {
        let m = summarize(&[(1.0, 0), (3.0, 0), (2.0, 1), (2.0, 0)]);
        assert_eq!(m.deals, 4);
        assert_eq!(m.mean, 2.0);
        assert_eq!(m.illegal, 1);
        let sd = (2.0f64 / 3.0).sqrt();
        assert!((m.sd - sd).abs() < 1e-12);
        assert!((m.high - m.low - 2.0 * 1.96 * sd / 2.0).abs() < 1e-12);
    }
}
