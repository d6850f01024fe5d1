//! The talon: takes the hands and the talon after the auction, gives the exchange, the blind
//! talon draw with its discards and the trumps named after it, the contract switch after the
//! pickup, and the discards' points.

pub(in crate::engine) mod discard_points;
pub mod exchange;
pub(in crate::engine) mod switch;
pub mod talon_draw;
