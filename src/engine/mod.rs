//! The engine: takes a checked `Variant`, gives compiled `Rules` (tables, seats, deal plan),
//! dealing, trick play and the `Game` state machine with scoring. No game fact lives here: every
//! card, order, contract and figure comes from the variant. Its folders are rooms along the
//! hand's course (docs/ARCHITECTURE.md, "The engine's rooms"): `core` (the `Game`, its stages and
//! dispatcher), `compile` (`Rules`), then `auction`, `talon`, `announce`, `sides`, `play`,
//! `melds`, `score`, `session`, and `views` (what a seat may know).

pub mod announce;
mod auction;
pub mod compile;
pub mod core;
pub mod melds;
pub mod play;
pub mod score;
pub mod session;
mod sides;
pub mod talon;
mod views;

// the paths the rest of the crate, the CLI, tests/ and benches/ have always used, kept by
// re-export (each of them is used; the rooms' own paths are `engine::core::game` and so on)
pub use self::compile::{bundled_rules, tables, BundledError, CompileError, Rules};
pub use self::core::{deal, game, rng, seats};
pub use self::play::claims;
pub use self::session::paper;
// the random bots' simulation lives with the bots (`crate::bots::sim`, the path the crate itself
// uses); `engine::sim` stays for tests/, benches/ and the A/B harness, which links an older
// commit beside the working tree and calls both by the same path
pub use crate::bots::sim;

pub use deal::{Deal, DealError};
pub use game::{Action, Game, IllegalAction, Observation, Phase, PileCard};
pub use play::{Play, PlayError};
pub use seats::{Pos, Seat};
pub use sim::{simulate, Summary};
pub use tables::{PlayTable, Tables};
pub use views::trick_log::SeenTrick;
