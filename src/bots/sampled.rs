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
use crate::engine::game::Item;
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
    /// Whether worlds are weighted by how well the heuristic bot explains the other seats'
    /// calls on their cards (inference).
    pub infer: bool,
}

/// The weight a world keeps for each call of another seat the heuristic bot would not have made
/// on that world's cards.
const MISMATCH: f64 = 0.25;

impl Default for SampledOptions {
    fn default() -> Self {
        SampledOptions {
            worlds: 16,
            tie: 0.5,
            cards: CardPlay::Heuristic,
            infer: true,
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
        let mut per_world: Vec<(f64, Vec<f64>)> = Vec::new();
        let mut dropped = 0;
        // inference: a world is weighted by how well the heuristic bot explains, on its cards,
        // each call the other seats made (a call it would not make there weighs `MISMATCH`)
        let mut model = HeuristicBot::default();
        let mut list = Vec::new();
        let infer = self.options.infer;
        let mut likelihood = |w: &Game, by: Seat, a: Action| -> f64 {
            if !infer || matches!(a, Action::Play(_) | Action::Discard(_) | Action::LayFaceDown(_)) {
                return 1.0;
            }
            w.legal_actions_into(&mut list);
            if list.len() < 2 {
                return 1.0;
            }
            let mut r = hand_rng(0, 0);
            if model.act(&View { game: w, seat: by }, &mut r) == a {
                1.0
            } else {
                MISMATCH
            }
        };
        // a dropped world is drawn again from the next stream, up to three times the worlds
        for w in 0..self.options.worlds.saturating_mul(3) {
            if per_world.len() >= self.options.worlds as usize {
                break;
            }
            let mut wrng = hand_rng(stream, u64::from(w));
            let Some((world, weight)) = worlds.draw_weighted(&mut sampler, &mut wrng, &mut likelihood) else {
                dropped += 1;
                continue;
            };
            let mut row = Vec::with_capacity(k);
            for &a in options {
                let mut g2 = world.clone();
                g2.set_keep_history(false);
                let mut rrng = hand_rng(stream, u64::from(w) + (1 << 32));
                let v = if g2.apply(a).is_ok() {
                    finish(&mut g2, &mut self.rollout, &mut rrng, Some(seat))
                        .map_or(0.0, |p| p[seat.0 as usize & 7] as f64)
                } else {
                    0.0
                };
                row.push(v);
            }
            for (s, v) in sums.iter_mut().zip(&row) {
                *s += weight * v;
            }
            per_world.push((weight, row));
        }
        let used = per_world.len();
        let total: f64 = per_world.iter().map(|(w, _)| w).sum();
        if used == 0 || total <= 0.0 {
            return None;
        }
        let means: Vec<f64> = sums.iter().map(|s| s / total).collect();
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
                // (weighted: the effective number of worlds is total² / Σ weight²)
                let mean = means[best] - means[q];
                let var = per_world
                    .iter()
                    .map(|(w, r)| w * (r[best] - r[q] - mean).powi(2))
                    .sum::<f64>()
                    / total;
                let n_eff = total * total / per_world.iter().map(|(w, _)| w * w).sum::<f64>();
                let se = (var / (n_eff - 1.0).max(1.0)).sqrt();
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
/// action is refused or the hand does not end). With `me`, a level `me` said is answered by the
/// other seats knowing the world (`oracle_kontra`): those it hurts say the next one when the
/// cards favour them, which a rollout of the heuristic bots alone (who rarely answer, and never
/// on a figure) would hide, so that both sides climbed the ladder each on its own worlds.
fn finish(g: &mut Game, bots: &mut [HeuristicBot], rng: &mut HandRng, me: Option<Seat>) -> Option<[i64; MAX_SEATS]> {
    let mut steps = 0;
    let mut list = Vec::new();
    while !g.is_over() {
        let seat: Seat = g.to_act_seat();
        let bot = bots.get_mut(seat.0 as usize)?;
        let mut a = bot.act(&View { game: g, seat }, rng);
        if let Some(m) = me.filter(|&m| m != seat && g.legal_cards().is_none()) {
            g.legal_actions_into(&mut list);
            // the answers to a level `me` said last
            let mine = g.pos_of(m).map(|p| p.0);
            list.retain(|x| match *x {
                Action::Kontra(it) => last_sayer(g, it).is_some() && last_sayer(g, it) == mine,
                Action::Pass => true,
                _ => false,
            });
            if list.iter().any(|x| matches!(x, Action::Kontra(_))) {
                a = oracle_kontra(g, bots, rng, seat, &list, a).unwrap_or(a);
            }
        }
        g.apply(a).ok()?;
        steps += 1;
        if steps > 10_000 {
            return None;
        }
    }
    g.result().map(|s| s.payments)
}

/// The position that said the last doubling level on `it`, if any.
fn last_sayer(g: &Game, it: Item) -> Option<u8> {
    let levels = match it {
        Item::Game => g.game_levels(),
        Item::Figure(i) => g.announcements().get(i as usize)?.levels,
    };
    let said = usize::from(levels.said);
    (said > 0 && said <= 16).then(|| levels.sayer(said - 1))
}

/// The answer of `seat` in a rollout to a level the deciding seat said, knowing the world: the
/// next level on an item whose payment to it is positive when the hand is finished without it
/// (the heuristic bots from here), else pass where the heuristic said one of those levels;
/// None to keep `heuristic`.
fn oracle_kontra(
    g: &Game,
    bots: &mut [HeuristicBot],
    rng: &HandRng,
    seat: Seat,
    list: &[Action],
    heuristic: Action,
) -> Option<Action> {
    let mut c = g.clone();
    let mut r = rng.clone();
    finish(&mut c, bots, &mut r, None)?;
    let sheet = c.result()?;
    let pays = |it: Item| {
        sheet
            .items
            .iter()
            .filter(|x| x.item == it)
            .map(|x| x.pay.get(seat.0 as usize).copied().unwrap_or(0))
            .sum::<i64>()
    };
    for a in list {
        if let Action::Kontra(it) = *a {
            if pays(it) > 0 {
                return Some(*a);
            }
        }
    }
    (list.contains(&heuristic) && matches!(heuristic, Action::Kontra(_)) && list.contains(&Action::Pass))
        .then_some(Action::Pass)
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
