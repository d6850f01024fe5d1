//! Written (paper) scores and robbers: takes `variant.scoring` and finished hands' `Score`s in
//! order, gives the written score of each hand per table seat (`written`), and a running
//! `Paper` sheet with the current robber, the robbers completed with their bonuses, the session
//! totals and the pairwise settlement.
//!
//! - positive paper (§15.3): every item's value is written, as a positive number, to each seat the
//!   item pays: the declarer once, or each opponent (and a sitting-out dealer paid with them,
//!   §16.2); in most-tricks contracts each player who receives writes the value once (TV-17);
//! - plus-minus paper (`paper_plus_minus`): the receiving seats write +value, the paying seats
//!   -value;
//! - robbers: the first seat at or over the target gets the bonus and everyone restarts at zero;
//!   when several reach it in the same deal and the robber escalates, the target and bonus go to
//!   2x, then 3x, ... (TV-14). Without escalation every seat that reached it gets the bonus.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::score::Score;
use crate::model::Scoring;

/// The written score of one hand per table seat.
pub fn written(scoring: &Scoring, s: &Score) -> [i64; MAX_SEATS] {
    written_with(scoring.paper_plus_minus, s)
}

fn written_with(plus_minus: bool, s: &Score) -> [i64; MAX_SEATS] {
    let mut out = [0i64; MAX_SEATS];
    for item in &s.items {
        for (w, p) in out.iter_mut().zip(item.pay.iter()) {
            if *p > 0 {
                *w = w.saturating_add(item.value);
            } else if *p < 0 && plus_minus {
                *w = w.saturating_sub(item.value);
            }
        }
    }
    out
}

/// A completed robber.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RobberResult {
    /// The index (in the hands given to `Paper::add`) of the hand that completed it.
    pub hand: usize,
    /// The seats that got the bonus (one, unless the robber does not escalate).
    pub winners: Vec<u8>,
    pub target: i64,
    pub bonus: i64,
    /// The scores of the robber when it ended (without the bonus).
    pub scores: Vec<i64>,
}

/// A session's paper: written scores hand by hand, robbers and totals.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Paper {
    plus_minus: bool,
    /// Target, bonus, escalation.
    robber: Option<(i64, i64, bool)>,
    seats: usize,
    hands: usize,
    /// The current robber's scores per seat.
    pub scores: Vec<i64>,
    /// The escalation step of the current robber (1 = the plain target).
    pub step: i64,
    /// Every written score and bonus of the session per seat.
    pub totals: Vec<i64>,
    pub robbers: Vec<RobberResult>,
}

impl Paper {
    pub fn new(scoring: &Scoring, players: u8) -> Paper {
        let seats = (players as usize).min(MAX_SEATS);
        Paper {
            plus_minus: scoring.paper_plus_minus,
            robber: scoring.robber.as_ref().map(|r| (r.target, r.bonus, r.escalate)),
            seats,
            hands: 0,
            scores: vec![0; seats],
            step: 1,
            totals: vec![0; seats],
            robbers: Vec::new(),
        }
    }

    /// The target and bonus of the current robber.
    pub fn target(&self) -> Option<(i64, i64)> {
        self.robber
            .map(|(t, b, _)| (t.saturating_mul(self.step), b.saturating_mul(self.step)))
    }

    /// Writes a hand; gives the robber it completes, if any.
    pub fn add(&mut self, s: &Score) -> Option<RobberResult> {
        let hand = self.hands;
        self.hands += 1;
        let w = written_with(self.plus_minus, s);
        for (i, x) in w.iter().enumerate().take(self.seats) {
            if let (Some(sc), Some(t)) = (self.scores.get_mut(i), self.totals.get_mut(i)) {
                *sc = sc.saturating_add(*x);
                *t = t.saturating_add(*x);
            }
        }
        let (target, bonus) = self.target()?;
        let escalate = self.robber.is_some_and(|(_, _, e)| e);
        let reached: Vec<u8> = self
            .scores
            .iter()
            .enumerate()
            .filter(|(_, s)| **s >= target)
            .map(|(i, _)| i as u8)
            .collect();
        if reached.is_empty() {
            return None;
        }
        if reached.len() > 1 && escalate {
            self.step += 1;
            return None;
        }
        for &r in &reached {
            if let Some(t) = self.totals.get_mut(r as usize) {
                *t = t.saturating_add(bonus);
            }
        }
        let done = RobberResult {
            hand,
            winners: reached,
            target,
            bonus,
            scores: std::mem::replace(&mut self.scores, vec![0; self.seats]),
        };
        self.step = 1;
        self.robbers.push(done.clone());
        Some(done)
    }

    /// The settlement of the session per seat: each pair settles the difference of their totals,
    /// so a seat gets the sum of its differences with every other seat (sums to zero).
    pub fn settlement(&self) -> Vec<i64> {
        let sum = self.totals.iter().fold(0i64, |s, t| s.saturating_add(*t));
        let n = self.totals.len() as i64;
        self.totals
            .iter()
            .map(|t| t.saturating_mul(n).saturating_sub(sum))
            .collect()
    }
}
