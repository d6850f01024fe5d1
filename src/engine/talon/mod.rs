//! The talon: takes the hands and the talon after the auction, gives the exchange, the blind
//! talon draw with its discards and the trumps named after it, the contract switch after the
//! pickup, and the discards' points.
//!
//! The room owns, of `Game`: `ex` (what the exchange took, gave, discarded and turned up) and
//! `draw` (the cards drawn and discarded); its turns live in `Stage::Exchange`, `Stage::Draw`,
//! `Stage::NameTrumps` and `Stage::Switch`. It writes the hands before the play (`hands`), and
//! the core's `trump` (trumps named after the draw) and `declarer` and `contract` (a switch),
//! and a switch clears the announce room's figures and levels.

pub(in crate::engine) mod discard_points;
pub mod exchange;
pub(in crate::engine) mod switch;
pub mod talon_draw;
