//! The `sampled` bot: takes a seat's `View` and the hand's stream, gives the seat's action. Every
//! decision but the card with two or more legal options (bids, holds, contract choice, trumps,
//! exchange and draw and discards, partner call, melds, announcements, every kontra level,
//! raises, claims and their answers, calls) is valued by sampled worlds: `worlds` deals
//! consistent with what the seat has seen (`crate::pimc::world`), each option applied in each
//! world and the hand finished by heuristic bots at every seat (every later bid of the auction
//! by this same rule with `nested` worlds of its own), the value the seat's payment on the
//! engine's own score sheet. The option taken is the one whose paired lead over the quieter
//! option (pass, or else the heuristic bot's own choice), less `tie` standard errors, is largest:
//! a near-tie goes to the quieter option. Among three options or more the first worlds only
//! shortlist the two that lead the quiet one most, and fresh worlds choose (`validate`). The
//! same worlds and the same rollout streams serve every option (common random numbers). Cards are
//! the heuristic bot's, or pimc's with `cards: Pimc`.
//!
//! Reproducible: one draw of the hand's stream seeds the decision; world `k` draws from the
//! stream (that draw, k), its rollouts from (that draw, k + 2^32), whatever the thread.

use super::heuristic::HeuristicBot;
use super::{Bot, PimcBot, View};
use crate::engine::game::Item;
use crate::engine::rng::{hand_rng, HandRng};
use crate::engine::tables::MAX_SEATS;
use crate::engine::{Action, Game, Phase, Seat};
use crate::pimc::world::Worlds;
use rand::RngCore;
use std::sync::atomic::{AtomicU32, Ordering};

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
    /// Worlds of the nested decisions: in a rollout, every seat's later bid (the auction's
    /// decisions with two or more options) is taken by this same rule with this many worlds
    /// and heuristic rollouts of its own, not by the heuristic bot; 0 for heuristic rollouts
    /// throughout.
    pub nested: u32,
    /// Worlds of the second look: where there are three options or more, the first worlds
    /// only shortlist the two that lead the quiet option most by more than half a standard
    /// error, and this many fresh worlds choose among them and the quiet one, with `tie` (0:
    /// the first worlds choose).
    pub validate: u32,
}

/// The most worlds a decision may draw (`--worlds`).
pub const MAX_WORLDS: u32 = 256;
/// The worlds a decision draws unless `--worlds` says otherwise.
pub const DEFAULT_WORLDS: u32 = 16;
/// The worlds of `SampledOptions::default()` in this process: 16 unless the command line's
/// `--worlds` set another (`set_worlds`), so that every bot a run makes, on every thread, draws
/// as many.
static WORLDS: AtomicU32 = AtomicU32::new(DEFAULT_WORLDS);

/// Sets the worlds of `SampledOptions::default()` for this process (1 to `MAX_WORLDS`).
pub fn set_worlds(k: u32) {
    WORLDS.store(k.clamp(1, MAX_WORLDS), Ordering::Relaxed);
}

/// The worlds of `SampledOptions::default()`.
pub fn worlds() -> u32 {
    WORLDS.load(Ordering::Relaxed)
}

/// The weight a world keeps for each call of another seat the heuristic bot would not have made
/// on that world's cards.
const MISMATCH: f64 = 0.25;

impl Default for SampledOptions {
    fn default() -> Self {
        SampledOptions {
            worlds: worlds(),
            tie: 0.1,
            cards: CardPlay::Heuristic,
            infer: true,
            nested: 4,
            validate: worlds(),
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
    /// The bot of the nested decisions (`SampledOptions::nested`), itself without nesting.
    inner: Option<Box<SampledBot>>,
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
            inner: (options.nested > 0).then(|| {
                Box::new(SampledBot::with_options(SampledOptions {
                    worlds: options.nested,
                    infer: false,
                    nested: 0,
                    validate: 0,
                    tie: FIRST_LOOK_TIE,
                    cards: CardPlay::Heuristic,
                }))
            }),
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
    /// no world could be drawn (the caller falls back on the heuristic bot). With `validate`, the
    /// first worlds shortlist the two options that lead the quiet one most, and fresh worlds
    /// choose among those and the quiet one.
    pub fn value(&mut self, view: &View<'_>, quiet: Action, options: &[Action], rng: &mut HandRng) -> Option<Valued> {
        let stream = rng.next_u64();
        let g = view.sampler_game();
        let seat = view.seat();
        let worlds = Worlds::new(g, seat).ok()?;
        let q = options.iter().position(|a| *a == quiet);
        let tried = self.evaluate(&worlds, seat, options, stream, self.options.worlds)?;
        let means = tried.means();
        let chosen = match q {
            Some(qi) if self.options.validate > 0 && options.len() > 2 => {
                // the best of several noisy means is biased upwards: the worlds only shortlist
                // the options that lead the quiet one, and fresh worlds (the streams after the
                // first set's) choose among those and the quiet one
                let bounds = leads(&tried.per_world, &means, tried.total, qi, FIRST_LOOK_TIE);
                let mut short: Vec<usize> = (0..options.len()).filter(|&i| i != qi && bounds[i] > 0.0).collect();
                short.sort_by(|&a, &b| bounds[b].total_cmp(&bounds[a]).then(a.cmp(&b)));
                short.truncate(SHORTLIST);
                let tried_again: Vec<Action> = std::iter::once(qi)
                    .chain(short.iter().copied())
                    .map(|i| options[i])
                    .collect();
                if short.is_empty() {
                    qi
                } else {
                    match self.evaluate(&worlds, seat, &tried_again, stream ^ FRESH, self.options.validate) {
                        Some(f) => match pick(&f.per_world, &f.means(), f.total, Some(0), self.options.tie) {
                            0 => qi,
                            j => short.get(j - 1).copied().unwrap_or(qi),
                        },
                        None => qi,
                    }
                }
            }
            _ => pick(&tried.per_world, &means, tried.total, q, self.options.tie),
        };
        Some(Valued {
            options: options.to_vec(),
            means,
            worlds: tried.per_world.len() as u32,
            dropped: tried.dropped,
            chosen: options[chosen],
        })
    }

    /// Each option's payment to `seat` in up to `count` worlds drawn from `stream`; None when no
    /// world could be drawn.
    fn evaluate(
        &mut self,
        worlds: &Worlds<'_>,
        seat: Seat,
        options: &[Action],
        stream: u64,
        count: u32,
    ) -> Option<Tried> {
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
        for w in 0..count.saturating_mul(3) {
            if per_world.len() >= count as usize {
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
                g2.set_keep_history(self.inner.is_some());
                let mut rrng = hand_rng(stream, u64::from(w) + (1 << 32));
                let v = if g2.apply(a).is_ok() {
                    finish(
                        &mut g2,
                        &mut self.rollout,
                        self.inner.as_deref_mut(),
                        &mut rrng,
                        Some(seat),
                    )
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
        let total: f64 = per_world.iter().map(|(w, _)| w).sum();
        if per_world.is_empty() || total <= 0.0 {
            return None;
        }
        Some(Tried {
            per_world,
            sums,
            total,
            dropped,
        })
    }
}

/// The payments of one set of worlds: per world its weight and each option's payment.
struct Tried {
    per_world: Vec<(f64, Vec<f64>)>,
    sums: Vec<f64>,
    total: f64,
    dropped: u32,
}

impl Tried {
    /// Each option's weighted mean payment.
    fn means(&self) -> Vec<f64> {
        self.sums.iter().map(|s| s / self.total).collect()
    }
}

/// The options a decision's first worlds hand on to the fresh ones (`validate`).
const SHORTLIST: usize = 2;

/// The near-tie of a choice made on its first worlds (the nested decisions; the shortlist of the
/// others): the best of several noisy means is biased upwards, and a lead within half a standard
/// error goes to the quiet option.
const FIRST_LOOK_TIE: f64 = 0.5;

/// Mixed into a decision's stream for the worlds that check its choice (`validate`), so that
/// they are not the worlds that chose it.
const FRESH: u64 = 0x5bd1_e995_9e37_79b9;

/// The option taken: the one whose paired lead over the quiet option, less `tie` standard errors
/// of that lead, is largest (the quiet option's own lead is 0, so it wins every near-tie). The
/// mean of the best of several noisy options is biased upwards, the more so the more options and
/// the fewer worlds; judging each by a lower bound of its lead keeps a bot from bidding the one
/// that happened to look best in a few lucky worlds. Without a quiet option, the highest mean.
fn pick(per_world: &[(f64, Vec<f64>)], means: &[f64], total: f64, quiet: Option<usize>, tie: f64) -> usize {
    let best_mean = (0..means.len()).fold(0, |b, i| if means[i] > means[b] { i } else { b });
    let Some(q) = quiet else {
        return best_mean;
    };
    let bounds = leads(per_world, means, total, q, tie);
    let mut best = (q, 0.0);
    for (i, &bound) in bounds.iter().enumerate() {
        if i != q && bound > best.1 {
            best = (i, bound);
        }
    }
    best.0
}

/// Each option's paired lead over the quiet option `q`, less `tie` standard errors of that lead
/// (0 for `q` itself).
fn leads(per_world: &[(f64, Vec<f64>)], means: &[f64], total: f64, q: usize, tie: f64) -> Vec<f64> {
    // the effective number of worlds of weighted means: total² / Σ weight²
    let n_eff = total * total / per_world.iter().map(|(w, _)| w * w).sum::<f64>();
    (0..means.len())
        .map(|i| {
            if i == q {
                return 0.0;
            }
            let lead = means[i] - means[q];
            let var = per_world
                .iter()
                .map(|(w, r)| w * (r[i] - r[q] - lead).powi(2))
                .sum::<f64>()
                / total;
            lead - tie * (var / (n_eff - 1.0).max(1.0)).sqrt()
        })
        .collect()
}

/// Plays `g` to its end with the heuristic bots, a bid by `nested` where given (the heuristic
/// bot as the others' bidding let a bid look good because the heuristic opponents then outbid it
/// and lost, which sampled opponents do not: anrufen's hundert was bid in 10% of hands and won in
/// 11% of them); the payments by table seat (None when a bot's action is refused or the hand
/// does not end). With `me`, a level `me` said is answered by the
/// other seats knowing the world (`oracle_kontra`): those it hurts say the next one when the
/// cards favour them, which a rollout of the heuristic bots alone (who rarely answer, and never
/// on a figure) would hide, so that both sides climbed the ladder each on its own worlds.
fn finish(
    g: &mut Game,
    bots: &mut [HeuristicBot],
    mut nested: Option<&mut SampledBot>,
    rng: &mut HandRng,
    me: Option<Seat>,
) -> Option<[i64; MAX_SEATS]> {
    let mut steps = 0;
    let mut list = Vec::new();
    while !g.is_over() {
        let seat: Seat = g.to_act_seat();
        let bot = bots.get_mut(seat.0 as usize)?;
        let mut a = bot.act(&View { game: g, seat }, rng);
        if let Some(inner) = nested.as_deref_mut().filter(|_| g.phase() == Phase::Bidding) {
            g.legal_actions_into(&mut list);
            if list.len() > 1 {
                let view = View { game: g, seat };
                let quiet = if list.contains(&Action::Pass) { Action::Pass } else { a };
                let options = std::mem::take(&mut list);
                if let Some(v) = inner.value(&view, quiet, &options, rng) {
                    a = v.chosen;
                }
                list = options;
            }
        }
        if let Some(m) = me.filter(|&m| m != seat && g.legal_cards().is_none()) {
            g.legal_actions_into(&mut list);
            let mine = g.pos_of(m).map(|p| p.0);
            // the answers to a level `me` said last, by the other seats knowing the world
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
    finish(&mut c, bots, None, &mut r, None)?;
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

#[cfg(test)]
mod tests {
    use super::pick;

    /// Each world's weight and payments per option.
    type PerWorld = Vec<(f64, Vec<f64>)>;

    /// One world's payments per option, each world of weight 1.
    fn worlds(rows: &[[f64; 3]]) -> (PerWorld, Vec<f64>, f64) {
        let per: Vec<(f64, Vec<f64>)> = rows.iter().map(|r| (1.0, r.to_vec())).collect();
        let n = rows.len() as f64;
        let means = (0..3).map(|i| rows.iter().map(|r| r[i]).sum::<f64>() / n).collect();
        (per, means, n)
    }

    #[test]
    fn a_lead_within_the_tie_goes_to_the_quiet_option() {
        // option 1 leads the quiet option 0 by 0.75 on average, +6 in one world and -1 in
        // three: the standard error of the lead is 1.75, and 0.75 - 0.875 leaves no lead
        let (per, means, n) = worlds(&[[0.0, 6.0, 0.0], [0.0, -1.0, 0.0], [0.0, -1.0, 0.0], [0.0, -1.0, 0.0]]);
        assert_eq!(pick(&per, &means, n, Some(0), 0.5), 0);
        // with no tie rule the best mean wins
        assert_eq!(pick(&per, &means, n, Some(0), 0.0), 1);
    }

    #[test]
    fn the_steady_lead_beats_the_larger_noisy_one() {
        // option 1 leads by 1 in every world; option 2 by 2.5 on average, +10 twice and -5 twice
        let (per, means, n) = worlds(&[[0.0, 1.0, 10.0], [0.0, 1.0, 10.0], [0.0, 1.0, -5.0], [0.0, 1.0, -5.0]]);
        assert!(means[2] > means[1]);
        assert_eq!(pick(&per, &means, n, Some(0), 0.5), 1);
        // without a quiet option the highest mean
        assert_eq!(pick(&per, &means, n, None, 0.5), 2);
    }
}
