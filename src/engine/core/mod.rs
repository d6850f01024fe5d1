//! The hand's core: takes compiled `Rules` and a deal, gives the `Game` (seats and positions,
//! hands, history), the stage enum and its one dispatcher, the course from stage to stage, the
//! vocabulary of actions, the deal and the hand's random stream. Every room reaches the hand
//! through it.

pub mod action;
pub mod deal;
pub(in crate::engine) mod dispatch;
pub mod game;
pub(in crate::engine) mod hand_flow;
mod reads;
pub mod rng;
pub mod seats;
pub(in crate::engine) mod stage;
