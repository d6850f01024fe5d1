//! The `sampled` bot: takes a seat's `View` and the hand's stream, gives the seat's action. Every
//! decision but the card with two or more legal options (bids, holds, contract choice, trumps,
//! exchange and draw and discards, partner call, melds, announcements, every kontra level,
//! raises, claims and their answers, calls) is valued by sampled worlds: `worlds` deals
//! consistent with what the seat has seen (`crate::pimc::world`), each option applied in each
//! world and the hand finished by heuristic bots at every seat, the value the seat's payment on
//! the engine's own score sheet. The option of highest mean is taken; a near-tie (the paired
//! difference within `tie` standard errors) goes to the quieter option (pass, or else the
//! heuristic bot's own choice). The same worlds and the same rollout streams serve every option
//! (common random numbers). Cards are the heuristic bot's, or pimc's with `cards: Pimc`.
//!
//! Reproducible: one draw of the hand's stream seeds the decision; world `k` draws from the
//! stream (that draw, k), its rollouts from (that draw, k + 2^32), whatever the thread.

use super::heuristic::HeuristicBot;
use super::{Bot, PimcBot, View};
use crate::engine::rng::{hand_rng, HandRng};
use crate::engine::tables::MAX_SEATS;
use crate::engine::{Action, Game, Seat};
use crate::pimc::world::Worlds;
use rand::RngCore;

/// How the sampled bot plays its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardPlay {
    Heuristic,
    Pimc,
}

/// How hard the sampled bot thinks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SampledOptions {
    /// Worlds used per decision (a world whose replay is refused is dropped and another drawn,
    /// up to three times this many draws).
    pub worlds: u32,
    /// A near-tie: the best option's paired lead over the quiet one within this many standard
    /// errors (and never more than 0 when there is one world).
    pub tie: f64,
    /// The cards of the seat's own play (rollouts are heuristic throughout).
    pub cards: CardPlay,
}

impl Default for SampledOptions {
    fn default() -> Self {
        SampledOptions {
            worlds: 16,
            tie: 0.5,
            cards: CardPlay::Heuristic,
        }
    }
}

/// What one decision found: each option's mean payment and how many worlds were used.
#[derive(Debug, Clone, PartialEq)]
pub struct Valued {
    pub options: Vec<Action>,
    pub means: Vec<f64>,
    pub worlds: u32,
    pub dropped: u32,
    pub chosen: Action,
}

pub struct SampledBot {
    heuristic: HeuristicBot,
    pimc: Option<PimcBot>,
    pub options: SampledOptions,
    buf: Vec<Action>,
    rollout: Vec<HeuristicBot>,
}

impl Default for SampledBot {
    fn default() -> Self {
        SampledBot::with_options(SampledOptions::default())
    }
}

impl SampledBot {
    pub fn with_options(options: SampledOptions) -> SampledBot {
        SampledBot {
            heuristic: HeuristicBot::default(),
            pimc: (options.cards == CardPlay::Pimc).then(PimcBot::default),
            options,
            buf: Vec::new(),
            rollout: (0..MAX_SEATS).map(|_| HeuristicBot::default()).collect(),
        }
    }

    /// The card the seat plays: the heuristic bot's or pimc's.
    fn card(&mut self, view: &View<'_>, rng: &mut HandRng) -> Action {
        match self.pimc.as_mut() {
            Some(p) => p.act(view, rng),
            None => self.heuristic.act(view, rng),
        }
    }

    /// Values every option of `view`'s seat by sampled worlds and gives the choice; None when
    /// no world could be drawn (the caller falls back on the heuristic bot).
    pub fn value(&mut self, view: &View<'_>, quiet: Action, options: &[Action], rng: &mut HandRng) -> Option<Valued> {
        let stream = rng.next_u64();
        let g = view.sampler_game();
        let seat = view.seat();
        let worlds = Worlds::new(g, seat).ok()?;
        let mut sampler = worlds.sampler().ok()?;
        let k = options.len();
        let mut sums = vec![0f64; k];
        let mut per_world: Vec<Vec<f64>> = Vec::new();
        let mut dropped = 0;
        // a dropped world is drawn again from the next stream, up to three times the worlds
        for w in 0..self.options.worlds.saturating_mul(3) {
            if per_world.len() >= self.options.worlds as usize {
                break;
            }
            let mut wrng = hand_rng(stream, u64::from(w));
            let Some(world) = worlds.draw(&mut sampler, &mut wrng) else {
                dropped += 1;
                continue;
            };
            let mut row = Vec::with_capacity(k);
            for &a in options {
                let mut g2 = world.clone();
                g2.set_keep_history(false);
                let mut rrng = hand_rng(stream, u64::from(w) + (1 << 32));
                let v = if g2.apply(a).is_ok() {
                    finish(&mut g2, &mut self.rollout, &mut rrng).map_or(0.0, |p| p[seat.0 as usize & 7] as f64)
                } else {
                    0.0
                };
                row.push(v);
            }
            for (s, v) in sums.iter_mut().zip(&row) {
                *s += v;
            }
            per_world.push(row);
        }
        let used = per_world.len();
        if used == 0 {
            return None;
        }
        let means: Vec<f64> = sums.iter().map(|s| s / used as f64).collect();
        let mut best = 0;
        for i in 1..k {
            if means[i] > means[best] {
                best = i;
            }
        }
        let mut chosen = options[best];
        if let Some(q) = options.iter().position(|a| *a == quiet) {
            if q != best {
                // the paired lead of the best over the quiet option and its standard error
                let d: Vec<f64> = per_world.iter().map(|r| r[best] - r[q]).collect();
                let mean = d.iter().sum::<f64>() / used as f64;
                let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (used.max(2) - 1) as f64;
                let se = (var / used as f64).sqrt();
                if mean <= self.options.tie * se {
                    chosen = quiet;
                }
            }
        }
        Some(Valued {
            options: options.to_vec(),
            means,
            worlds: used as u32,
            dropped,
            chosen,
        })
    }
}

/// Plays `g` to its end with the heuristic bots; the payments by table seat (None when a bot's
/// action is refused or the hand does not end).
fn finish(g: &mut Game, bots: &mut [HeuristicBot], rng: &mut HandRng) -> Option<[i64; MAX_SEATS]> {
    let mut steps = 0;
    while !g.is_over() {
        let seat: Seat = g.to_act_seat();
        let bot = bots.get_mut(seat.0 as usize)?;
        let a = bot.act(&View { game: g, seat }, rng);
        g.apply(a).ok()?;
        steps += 1;
        if steps > 10_000 {
            return None;
        }
    }
    g.result().map(|s| s.payments)
}

impl Bot for SampledBot {
    fn name(&self) -> &'static str {
        match self.options.cards {
            CardPlay::Heuristic => "sampled",
            CardPlay::Pimc => "sampled-pimc",
        }
    }

    fn act(&mut self, view: &View<'_>, rng: &mut HandRng) -> Action {
        if view.legal_cards().is_some_and(|m| m != 0) {
            return self.card(view, rng);
        }
        view.legal_actions_into(&mut self.buf);
        if self.buf.len() < 2 {
            return self.buf.first().copied().unwrap_or(Action::Pass);
        }
        let fallback = self.heuristic.act(view, rng);
        // cards beside other actions (trick 1's calls, a claim): the cards are one option,
        // the heuristic bot's card standing for them
        let mut options: Vec<Action> = self
            .buf
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Play(_)))
            .collect();
        let card = self.buf.iter().any(|a| matches!(a, Action::Play(_)));
        let card_option = if card {
            let c = crate::bots::heuristic::card_among(view, &self.buf);
            if let Some(c) = c {
                options.push(c);
            }
            c
        } else {
            None
        };
        if options.len() < 2 {
            return options.first().copied().unwrap_or(fallback);
        }
        let quiet = if options.contains(&Action::Pass) {
            Action::Pass
        } else if options.contains(&fallback) {
            fallback
        } else {
            card_option.unwrap_or(options[0])
        };
        let chosen = self.value(view, quiet, &options, rng).map_or(fallback, |v| v.chosen);
        if matches!(chosen, Action::Play(_)) {
            if let Some(p) = self.pimc.as_mut() {
                let c = p.act(view, rng);
                if matches!(c, Action::Play(_)) {
                    return c;
                }
            }
        }
        chosen
    }

    fn needs_history(&self) -> bool {
        true
    }
}
