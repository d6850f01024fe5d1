//! The tricks every seat has seen gathered in: takes a `Game`, gives each trick played to its
//! end in order, with its cards by seat, the seat that took it and the card points it held
//! (`SeenTrick`). All of it lay face up on the table, so any seat may know it; the play screen
//! shows it as each trick closes and on `last`.
//!
//! Tricks an accepted claim settled were never played (issue 28.5): they are not here.

use crate::engine::core::game::{Action, Game};
use crate::engine::core::seats::{Pos, Seat};
use crate::engine::play::MAX_TRICKS;

/// One trick as the table saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenTrick {
    /// The cards in playing order, the leader's first.
    pub cards: Vec<(Seat, u8)>,
    /// The seat that took it.
    pub winner: Seat,
    /// The card that took it.
    pub winning_card: u8,
    /// Its card points (the last trick's bonus included, where the rules give one).
    pub points: i32,
    /// The index in `Game::history` of its last card: what the screen has told before it.
    pub closed_at: usize,
}

impl Game {
    /// The tricks played to their end so far, in order.
    pub fn tricks_seen(&self) -> Vec<SeenTrick> {
        let n = self.play.n as usize;
        let Some(table) = self.table() else { return Vec::new() };
        if n == 0 {
            return Vec::new();
        }
        // the cards played since the play began (a restart of the play clears the hands, not
        // the history: the play's cards are the last ones of the history's card actions)
        let played: Vec<(usize, Seat, u8)> = self
            .history
            .iter()
            .enumerate()
            .filter_map(|(i, (by, a))| match a {
                Action::Play(c) => Some((i, *by, *c)),
                _ => None,
            })
            .collect();
        let closed = (played.len() / n).min(self.play.tricks_played as usize).min(MAX_TRICKS);
        played
            .chunks(n)
            .take(closed)
            .enumerate()
            .map(|(k, chunk)| {
                let mut points: i32 = chunk
                    .iter()
                    .map(|(_, _, c)| table.points.get(*c as usize).copied().unwrap_or(0))
                    .sum();
                if k + 1 == self.play.total_tricks as usize {
                    points += table.last_trick;
                }
                SeenTrick {
                    cards: chunk.iter().map(|(_, s, c)| (*s, *c)).collect(),
                    winner: self.seat_of(Pos(self.play.trick_winner[k])),
                    winning_card: self.play.trick_card[k],
                    points,
                    closed_at: chunk.last().map_or(0, |(i, _, _)| *i),
                }
            })
            .collect()
    }
}
