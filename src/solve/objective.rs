//! What the declarer's side counts in the play: takes a `Game` in its play phase, gives the side
//! as a mask of positions, whether card points or tricks count, which way the declarer wants
//! the count to go, and the trick whose winner joins the side when that is not yet played.

use crate::engine::tables::MAX_SEATS;
use crate::engine::{Game, Phase};
use crate::model::{Cond, Prim, SidesKind, Win};
use crate::syntax::ast::TrickCount;

/// What a finished trick adds to the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// The trick's card points (the last trick's bonus included).
    Points,
    /// One per trick.
    Tricks,
}

/// The solver's value: the `count` of the tricks the positions of `side` win from here on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Objective {
    /// The declarer's side as a mask of active positions.
    pub side: u16,
    pub count: Count,
    /// Whether the declarer's side wants the value high (false: it plays to take as little as
    /// it can, as in a contract won by taking no trick or few).
    pub side_maximizes: bool,
    /// `sides trick-winner`: the index of the trick whose winner joins the declarer's side,
    /// while that trick is still to be played (his tricks taken before it then count too).
    pub partner_trick: Option<u8>,
}

impl Objective {
    /// The objective of the hand being played, or `None` when the game is not in its play
    /// phase (or has no declarer).
    pub fn of_game(g: &Game) -> Option<Objective> {
        if g.phase() != Phase::Play {
            return None;
        }
        g.declarer()?;
        let table = g.play_table()?;
        let contract = g.rules().variant.contracts.get(g.contract()?)?;
        let play = g.play_state();
        let partner_trick = match contract.sides {
            SidesKind::TrickWinner(t) => play
                .trick_index(t)
                .filter(|&k| k >= play.tricks_played as usize)
                .and_then(|k| u8::try_from(k).ok()),
            _ => None,
        };
        let active = ((1u32 << (play.n as usize).min(MAX_SEATS)) - 1) as u16;
        Some(Objective {
            side: g.declarer_side_positions() & active,
            count: if table.counts_points {
                Count::Points
            } else {
                Count::Tricks
            },
            side_maximizes: !wants_few_tricks(contract.win, contract.goal.as_ref()),
            partner_trick,
        })
    }
}

/// Whether a contract is won by taking few tricks: no trick at all, or at most a number (a goal
/// of one such condition, or of several joined by `and`).
fn wants_few_tricks(win: Win, goal: Option<&Cond>) -> bool {
    match win {
        Win::NoTricks => true,
        Win::Goal => goal.is_some_and(few_tricks_goal),
        Win::MoreThanEach { .. } | Win::MostTricks | Win::MostCardPoints => false,
    }
}

fn few_tricks_goal(c: &Cond) -> bool {
    match c {
        Cond::Prim(Prim::NoTricks) => true,
        Cond::Prim(Prim::Tricks { cmp, .. }) => *cmp == TrickCount::AtMost,
        Cond::And(cs) => !cs.is_empty() && cs.iter().all(few_tricks_goal),
        _ => false,
    }
}
