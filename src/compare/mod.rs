//! Paired comparison of two rule sets (`kartya compare`): takes two compiled `Rules`, a way to
//! play one hand (the bots), a number of hands, a seed and a shard, and gives a `Tally` of sums
//! (every measure over all hands and over the hands played differently, payment histograms)
//! from which `Tally::results` computes values, differences and 95% intervals. Hand i of both
//! rule sets is played from the stream (seed, i): with the same deck and dealing plan, both get
//! the same cards. Hands run in parallel in batches of chunks; the rows of a batch go to the
//! caller in hand order, so the memory stays constant in the number of hands.

pub mod chart;
pub mod csv;
pub mod measures;
pub mod outcome;
pub mod report;
pub mod summary;
pub mod text;

use crate::bots::sim::{self, Shard, CHUNK};
use crate::engine::game::{Action, Game};
use crate::engine::{Rules, Seat};
use measures::{Histogram, Measures, Results};
use outcome::{Names, Outcome};
use rayon::prelude::*;
use std::sync::Arc;

/// How one hand is played: deal hand `index` of the run with `seed` into the game and play it to
/// the end. The bots are this parameter: both rule sets are played by the same one.
pub type PlayHand<'a> = dyn Fn(&mut Game, u64, u64) + Sync + 'a;

/// Where the rows of the hands go, a batch at a time in hand order (the CSV).
pub type RowSink<'a> = dyn FnMut(&[HandRow]) + 'a;

/// Today's random legal bots (`sim::random_hand_in`), as a `PlayHand`.
pub fn random_bots(g: &mut Game, seed: u64, index: u64) {
    thread_local! {
        static BUF: std::cell::RefCell<Vec<Action>> = std::cell::RefCell::new(Vec::with_capacity(64));
    }
    BUF.with(|b| match b.try_borrow_mut() {
        Ok(mut buf) => sim::random_hand_in(g, seed, index, &mut buf),
        Err(_) => sim::random_hand_in(g, seed, index, &mut Vec::new()),
    });
}

/// The heuristic bots (`bots::heuristic`) at every seat, as a `PlayHand`.
pub fn heuristic_bots(g: &mut Game, seed: u64, index: u64) {
    bots_of(crate::bots::BotKind::Heuristic, g, seed, index)
}

/// The pimc bots (`bots::PimcBot`, the heuristic decisions with pimc's cards) at every seat, as
/// a `PlayHand`: a thousand times slower than the heuristic ones, for small studies.
pub fn pimc_bots(g: &mut Game, seed: u64, index: u64) {
    bots_of(crate::bots::BotKind::Pimc, g, seed, index)
}

/// The sampled bots (`bots::SampledBot`: every non-card decision valued by sampled worlds and
/// heuristic rollouts, heuristic cards) at every seat, as a `PlayHand`.
pub fn sampled_bots(g: &mut Game, seed: u64, index: u64) {
    bots_of(crate::bots::BotKind::Sampled, g, seed, index)
}

/// The sampled bots with pimc's cards at every seat, as a `PlayHand`.
pub fn sampled_pimc_bots(g: &mut Game, seed: u64, index: u64) {
    bots_of(crate::bots::BotKind::SampledPimc, g, seed, index)
}

/// Bots of `kind` at every seat: one set per thread and kind; the bots keep nothing from hand to
/// hand, so the thread a hand runs on changes nothing. A bot's refused action (none in 10^4
/// hands of any bundled file for the heuristic bots, `tests/bots.rs`) ends the hand there.
fn bots_of(kind: crate::bots::BotKind, g: &mut Game, seed: u64, index: u64) {
    use crate::bots::{play_hand, BotKind, BotSet};
    thread_local! {
        static SETS: std::cell::RefCell<Vec<(BotKind, u8, BotSet)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let players = g.rules().variant.players;
    SETS.with(|sets| {
        let Ok(mut sets) = sets.try_borrow_mut() else {
            let _ = play_hand(g, &mut BotSet::uniform(kind, players), seed, index);
            return;
        };
        if !sets.iter().any(|(k, n, _)| *k == kind && *n == players) {
            sets.push((kind, players, BotSet::uniform(kind, players)));
        }
        if let Some((_, _, set)) = sets.iter_mut().find(|(k, n, _)| *k == kind && *n == players) {
            let _ = play_hand(g, set, seed, index);
        }
    });
}

/// Why two rule sets cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incomparable {
    /// Different numbers of seats: payments per seat, and the rotation of the dealer, differ.
    Seats { a: u8, b: u8 },
}

/// The sums of a comparison (or of one shard of it): merged in any order, they give the same.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub names: Names,
    /// The two decks are the same cards in the same order (the deals can be the same).
    pub same_deck: bool,
    pub hands: u64,
    /// Hands whose deals differed between A and B (none for the same deck and dealing plan).
    pub deals_differing: u64,
    /// Hands the two rule sets played differently (`play_differs`).
    pub play_differing: u64,
    pub all: Measures,
    pub differing: Measures,
    pub histogram: [Histogram; 2],
}

impl Tally {
    fn new(names: &Names, same_deck: bool) -> Tally {
        Tally {
            names: names.clone(),
            same_deck,
            all: Measures::new(names),
            differing: Measures::new(names),
            ..Default::default()
        }
    }

    /// Paired when the decks are the same and every hand was dealt alike under both.
    pub fn paired(&self) -> bool {
        self.same_deck && self.deals_differing == 0
    }

    pub fn merge(&mut self, o: &Tally) {
        self.hands += o.hands;
        self.deals_differing += o.deals_differing;
        self.play_differing += o.play_differing;
        self.all.merge(&o.all);
        self.differing.merge(&o.differing);
        for (h, g) in self.histogram.iter_mut().zip(&o.histogram) {
            h.merge(g);
        }
    }

    /// Every measure over all hands, and over the hands played differently.
    pub fn results(&self) -> (Results, Results) {
        let paired = self.paired();
        (
            self.all.results(&self.names, paired),
            self.differing.results(&self.names, paired),
        )
    }
}

/// One hand under both rule sets, for the CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandRow {
    pub index: u64,
    pub outcomes: [Outcome; 2],
    pub differs: bool,
}

/// Whether the two rule sets played a hand differently: the outcomes differ (the result,
/// payments, figures, doubling, cards played: everything but the count of actions), or the
/// actions other than a pass differ (who did what, in order). A pass offered under one rule set
/// only (a window the other does not open, where the bots said nothing) is not a difference in
/// play; a pass instead of a bid is, since the bid is missing.
pub fn play_differs(ha: &[(Seat, Action)], hb: &[(Seat, Action)], oa: &Outcome, ob: &Outcome) -> bool {
    fn said(h: &[(Seat, Action)]) -> impl Iterator<Item = &(Seat, Action)> {
        h.iter().filter(|(_, a)| *a != Action::Pass)
    }
    let result = |o: &Outcome| Outcome { actions: 0, ..*o };
    result(oa) != result(ob) || !said(ha).eq(said(hb))
}

/// Checks that `a` and `b` can be compared; gives their names.
pub fn names(a: &Rules, b: &Rules) -> Result<Names, Incomparable> {
    if a.variant.players != b.variant.players {
        return Err(Incomparable::Seats {
            a: a.variant.players,
            b: b.variant.players,
        });
    }
    Ok(Names::new(a, b))
}

/// The decks are the same cards in the same order.
fn same_deck(a: &Rules, b: &Rules) -> bool {
    let deck = |r: &Rules| {
        (0..r.variant.cards.len())
            .map(|i| crate::record::notation::card_name(&r.variant, i as u8))
            .collect::<Vec<_>>()
    };
    deck(a) == deck(b)
}

/// Chunks of 256 hands played in parallel between two hand-ordered hand-offs of rows.
const BATCH_CHUNKS: u64 = 32;

/// Plays the hands of `shard` of a run of `hands` under both rule sets with `play`; gives the
/// tally. With `rows`, every hand's row goes to it in hand order; `done(n)` after each chunk.
pub fn compare(
    a: &Arc<Rules>,
    b: &Arc<Rules>,
    run: Run,
    play: &PlayHand,
    mut rows: Option<&mut RowSink>,
    done: &(dyn Fn(u64) + Sync),
) -> Result<Tally, Incomparable> {
    let names = names(a, b)?;
    let same = same_deck(a, b);
    let range = run.shard.hands(run.hands);
    let (first, last) = (range.start / CHUNK, range.end.div_ceil(CHUNK));
    let want_rows = rows.is_some();
    let mut tally = Tally::new(&names, same);
    let mut batch = first;
    while batch < last {
        let end = (batch + BATCH_CHUNKS).min(last);
        let parts: Vec<(Tally, Vec<HandRow>)> = (batch..end)
            .into_par_iter()
            .map(|c| {
                let hands = c * CHUNK..((c + 1) * CHUNK).min(range.end);
                let part = chunk(a, b, &names, same, run.seed, hands, play, want_rows);
                done(part.0.hands);
                part
            })
            .collect();
        for (t, r) in &parts {
            tally.merge(t);
            if let Some(sink) = rows.as_mut() {
                sink(r);
            }
        }
        batch = end;
    }
    Ok(tally)
}

/// The run a comparison plays: hand i of `hands` with `seed`, the hands of `shard`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub hands: u64,
    pub seed: u64,
    pub shard: Shard,
}

/// One chunk's hands under both rule sets, each in one reused `Game` that keeps its history
/// (the play of A and B is compared action by action).
#[allow(clippy::too_many_arguments)]
fn chunk(
    a: &Arc<Rules>,
    b: &Arc<Rules>,
    names: &Names,
    same: bool,
    seed: u64,
    hands: std::ops::Range<u64>,
    play: &PlayHand,
    want_rows: bool,
) -> (Tally, Vec<HandRow>) {
    let mut t = Tally::new(names, same);
    let mut rows = Vec::with_capacity(if want_rows {
        (hands.end - hands.start) as usize
    } else {
        0
    });
    let mut ga = Game::new(Arc::clone(a), crate::engine::Seat(0), seed);
    let mut gb = Game::new(Arc::clone(b), crate::engine::Seat(0), seed);
    let seats = names.seats as usize;
    for i in hands {
        play(&mut ga, seed, i);
        play(&mut gb, seed, i);
        let (oa, ob) = (Outcome::of(&ga, names, 0), Outcome::of(&gb, names, 1));
        let differs = play_differs(ga.history(), gb.history(), &oa, &ob);
        t.hands += 1;
        t.deals_differing += (ga.deal() != gb.deal()) as u64;
        t.all.add(&oa, &ob);
        if differs {
            t.play_differing += 1;
            t.differing.add(&oa, &ob);
        }
        t.histogram[0].add(&oa, seats);
        t.histogram[1].add(&ob, seats);
        if want_rows {
            rows.push(HandRow {
                index: i,
                outcomes: [oa, ob],
                differs,
            });
        }
    }
    (t, rows)
}
