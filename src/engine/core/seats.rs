//! Seats and positions as distinct types: takes nothing, gives `Seat` (a chair at the table,
//! 0-based, fixed for the session) and `Pos` (a place in the hand's turn order among the active
//! players, forehand first, which moves with the dealer). The public API of `Game` speaks these
//! (`seat_of`, `pos_of`, `to_act`, `to_act_seat`, `observation`, `history`), so the two cannot be
//! mixed up there; the engine's inner tables keep positions as bare `u8` indices into their
//! per-position arrays.

use std::fmt;

/// A table seat (0-based): who a player is, across hands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Seat(pub u8);

/// An active player's position in the hand's turn order (0 = forehand).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Pos(pub u8);

impl Seat {
    /// The seat as an index into per-seat arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Pos {
    /// The position as an index into per-position arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

// (a seat and a position compare with a bare number, so that a test or a record may write `1`)
impl PartialEq<u8> for Seat {
    fn eq(&self, other: &u8) -> bool {
        self.0 == *other
    }
}

impl PartialEq<u8> for Pos {
    fn eq(&self, other: &u8) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Seat> for u8 {
    fn eq(&self, other: &Seat) -> bool {
        *self == other.0
    }
}

impl PartialEq<Pos> for u8 {
    fn eq(&self, other: &Pos) -> bool {
        *self == other.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
