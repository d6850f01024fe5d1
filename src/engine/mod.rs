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

// the paths code outside the engine has always used, kept by re-export
pub use self::announce::calling;
pub use self::compile::{bundled_rules, tables, BundledError, CompileError, Rules};
pub use self::core::{action, deal, game, rng, seats};
pub use self::melds::marriage_lead;
pub use self::play::claims;
pub use self::session::paper;
pub use self::talon::{exchange, talon_draw};
// the random bots' simulation lives with the bots; `engine::sim` is the path the CLI, the tests
// and the A/B harness (which builds older commits from the same source) call it by
pub use crate::bots::sim;

pub use deal::{Deal, DealError};
pub use game::{Action, Game, IllegalAction, Observation, Phase, PileCard};
pub use play::{Play, PlayError};
pub use seats::{Pos, Seat};
pub use sim::{simulate, Summary};
pub use tables::{PlayTable, Tables};
pub use views::trick_log::SeenTrick;
