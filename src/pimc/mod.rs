//! Perfect Information Monte Carlo for the card play: takes a `Game` in its trick play, a seat
//! and a random stream, gives the card that seat plays: it deals the cards it cannot see in
//! worlds consistent with what it has seen (`sample.rs`), solves each world double dummy for
//! every legal card (`Solver::card_values`) and plays the card with the best total for its
//! side. Only the hand's public API is read (`observation`, `play_state`, `play_table`, the
//! history); what the seat may know is `info.rs`.
//!
//! Reproducible: each world's stream is derived from one draw of the caller's stream and the
//! world's number, the worlds are solved in order on one thread, and ties go to the lowest card.

pub mod info;
pub mod sample;
pub mod strength;
pub mod world;

use crate::engine::deal::bit;
use crate::engine::rng::{hand_rng, HandRng};
use crate::engine::tables::{MAX_CARDS, MAX_SEATS};
use crate::engine::{Game, Phase, Seat};
use crate::solve::{taken, Objective, Solver, Stakes};
use info::{InfoError, InfoSet};
use rand::RngCore;
use sample::{world_play, NoWorld, Sampler, World};
use std::sync::atomic::{AtomicU64, Ordering};

/// The nodes one world's solve may visit by default.
pub const DEFAULT_NODES: u64 = 2_000_000;
/// The largest node budget taken (`--nodes`): beyond it one card would take days.
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// The node budget of `PimcOptions::default()` in this process: `DEFAULT_NODES` unless the
/// command line's `--nodes` set another (`set_node_budget`), so that every bot a run makes, on
/// every thread, thinks as hard as asked.
static NODE_BUDGET: AtomicU64 = AtomicU64::new(DEFAULT_NODES);
/// Card decisions taken by `choose_card` in this process, and those where no world was solved
/// within the budget (or the worlds were too many to count), which played the cheap fallback.
static DECISIONS: AtomicU64 = AtomicU64::new(0);
static FALLBACKS: AtomicU64 = AtomicU64::new(0);

/// Sets the node budget of `PimcOptions::default()` for this process (1 to `MAX_NODES`).
pub fn set_node_budget(nodes: u64) {
    NODE_BUDGET.store(nodes.clamp(1, MAX_NODES), Ordering::Relaxed);
}

/// The node budget of `PimcOptions::default()`.
pub fn node_budget() -> u64 {
    NODE_BUDGET.load(Ordering::Relaxed)
}

/// How many card decisions `choose_card` took in this process, and how many of them hit the
/// budget (no world solved within it, or too many deals to count) and played the fallback.
pub fn decisions_over_budget() -> (u64, u64) {
    (DECISIONS.load(Ordering::Relaxed), FALLBACKS.load(Ordering::Relaxed))
}

/// How hard the bot thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PimcOptions {
    /// Worlds sampled and solved per decision.
    pub samples: u32,
    /// Nodes one world's solve may visit (all legal cards together); a world over it is left
    /// out of the totals.
    pub node_budget: u64,
}

impl Default for PimcOptions {
    fn default() -> Self {
        PimcOptions {
            samples: 20,
            node_budget: node_budget(),
        }
    }
}

/// Why no card was chosen by search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PimcError {
    /// The seat's knowledge could not be read.
    Info(InfoError),
    /// No deal fits what the seat has seen.
    Unsatisfiable,
    /// The deals that fit are too many to count within `sample::MAX_COUNTED` states.
    TooLarge,
}

impl From<InfoError> for PimcError {
    fn from(e: InfoError) -> Self {
        PimcError::Info(e)
    }
}

impl From<NoWorld> for PimcError {
    fn from(e: NoWorld) -> Self {
        match e {
            NoWorld::Unsatisfiable => PimcError::Unsatisfiable,
            NoWorld::TooLarge => PimcError::TooLarge,
        }
    }
}

/// A decision and how it was reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub card: u8,
    /// The legal cards.
    pub legal: u64,
    /// Worlds solved within the budget (the others are left out).
    pub solved: u32,
    /// Worlds drawn (solved or left out over the budget).
    pub worlds: u32,
    /// The nodes the solves visited, all worlds together.
    pub nodes: u64,
    /// Per card, the sum over the solved worlds of its utility for the seat's side
    /// (`Stakes::utility` of the declarer's final count, negated for the other side).
    pub totals: [i64; MAX_CARDS],
}

/// The card `seat` plays now: None when it is not this seat's turn in the trick play. Beside
/// the card the seat may have other actions open (a claim, an announcement in trick 1): those
/// are another decision, and the card is legal whatever it decides there. Where search gives nothing (no world solved within
/// the budget, or the knowledge could not be read), the fallback is the legal card with the
/// fewest card points, the lowest card first: a cheap discard. A lone legal card is played
/// without search.
pub fn choose_card(g: &Game, seat: Seat, opts: &PimcOptions, rng: &mut HandRng) -> Option<u8> {
    let legal = cards_of(g, seat)?;
    // a forced card is no decision: it is played without drawing a world (or a number)
    if legal.count_ones() == 1 {
        return Some(legal.trailing_zeros() as u8);
    }
    DECISIONS.fetch_add(1, Ordering::Relaxed);
    match try_choose_card(g, seat, opts, rng) {
        Ok(Some(c)) if c.solved > 0 => Some(c.card),
        Ok(Some(_)) | Err(PimcError::TooLarge) => {
            FALLBACKS.fetch_add(1, Ordering::Relaxed);
            Some(cheapest(g, legal))
        }
        _ => Some(cheapest(g, legal)),
    }
}

/// The cards `seat` may play now, when it is his turn in the trick play.
fn cards_of(g: &Game, seat: Seat) -> Option<u64> {
    if g.phase() != Phase::Play || g.to_act_seat() != seat {
        return None;
    }
    let legal = g.play_state().legal(g.play_table()?);
    (legal != 0).then_some(legal)
}

/// The legal card of fewest card points (lowest id on ties).
fn cheapest(g: &Game, legal: u64) -> u8 {
    let t = g.play_table();
    let mut best = (i32::MAX, legal.trailing_zeros() as u8);
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        let p = t.map_or(0, |t| t.points[c as usize & (MAX_CARDS - 1)]);
        if p < best.0 {
            best = (p, c);
        }
    }
    best.1
}

/// The search behind `choose_card`, with its totals; `Ok(None)` when it is not this seat's card
/// to play. With no world solved, `card` is the lowest legal card and `solved` is 0.
pub fn try_choose_card(
    g: &Game,
    seat: Seat,
    opts: &PimcOptions,
    rng: &mut HandRng,
) -> Result<Option<Choice>, PimcError> {
    let Some(legal) = cards_of(g, seat) else {
        return Ok(None);
    };
    let (Some(t), Some(obj)) = (g.play_table(), Objective::of_game(g)) else {
        return Ok(None);
    };
    let stream = rng.next_u64();
    let info = InfoSet::of(g, seat)?;
    let mut sampler = Sampler::new(&info)?;
    let mut solver = Solver::new();
    solver.set_budget(opts.node_budget);
    let declarer = g.declarer().and_then(|d| g.pos_of(d)).map(|p| p.0);
    let mut totals = [0i64; MAX_CARDS];
    let mut solved = 0;
    let (mut worlds, mut nodes) = (0, 0u64);
    let mut values = [0i32; MAX_CARDS];
    for k in 0..opts.samples {
        let mut wrng = hand_rng(stream, u64::from(k));
        let w = sampler.draw(&mut wrng);
        let wobj = world_objective(&info, &obj, declarer, &w);
        let on_side = wobj.side & (1 << info.me) != 0;
        // what the sheet pays for the side's final count (read again per world: a hidden
        // partner makes the side a world's own), the count ranking cards that pay the same
        let stakes = Stakes::of_game(g, &wobj);
        let before = taken(g, wobj.side, wobj.count);
        let p = world_play(&info, g.play_state(), &w);
        let solve = solver.card_values(t, &p, &wobj, &mut values);
        nodes += solver.nodes();
        worlds += 1;
        let Ok(m) = solve else {
            continue;
        };
        solved += 1;
        let mut m = m & legal;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            let u = stakes.utility(before + values[c], wobj.side_maximizes);
            totals[c] += if on_side { u } else { -u };
        }
    }
    let mut card = legal.trailing_zeros() as u8;
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        if totals[c as usize] > totals[card as usize] {
            card = c;
        }
    }
    Ok(Some(Choice {
        card,
        legal,
        solved,
        worlds,
        nodes,
        totals,
    }))
}

/// The objective in a world: where a called card decides the side and the seat does not know
/// its holder, the world's holder of the card is the partner (none when it lies with nobody or
/// the declarer).
pub fn world_objective(info: &InfoSet, obj: &Objective, declarer: Option<u8>, w: &World) -> Objective {
    let (Some(c), Some(d)) = (info.called, declarer) else {
        return *obj;
    };
    let holder = info
        .called_holder
        .or_else(|| (0..info.n).find(|&p| w.hands[p as usize & (MAX_SEATS - 1)] & bit(c) != 0));
    let mut side = 1u16 << d;
    if let Some(h) = holder {
        side |= 1 << h;
    }
    Objective { side, ..*obj }
}
