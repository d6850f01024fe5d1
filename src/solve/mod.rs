//! The double-dummy solver: takes a play position (the engine's bitmask `Play` and the
//! contract's compiled `PlayTable`) and what the declarer's side counts (`Objective`), gives the
//! exact value of the remaining tricks under best play by both sides, a yes/no answer against a
//! threshold, and the best cards; and what the score sheet pays for the count (`Stakes`), so
//! that a sampling player ranks cards by the payment. No IO; a fixed-size transposition table allocated once.
//!
//! Every card seen: double dummy. The play duties are `Play::legal`'s, so every contract the
//! engine plays is solved as it is played.

mod moves;
mod objective;
mod search;
mod stakes;
mod tt;

pub use objective::{Count, Objective};
pub use search::{OverBudget, Solver};
pub use stakes::{need_of, taken, Need, Stakes};
