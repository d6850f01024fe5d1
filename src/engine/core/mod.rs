//! The hand's core: takes compiled `Rules` and a deal, gives the `Game` (`game.rs`) and the
//! course of a hand through it: the stage enum (`stage.rs`) and its one dispatcher
//! (`dispatch.rs`: the legal actions, and the check and the apply of every action), the walk from
//! stage to stage and the hand's end (`hand_flow.rs`), the vocabulary of actions (`action.rs`),
//! seats and positions (`seats.rs`), the deal (`deal.rs`), the hand's random stream (`rng.rs`),
//! and the public reads (`reads.rs`). Every room reaches the hand through it.
//!
//! The room owns, of `Game`: the rules, the dealer, the seats of the positions (`seats`, `n`),
//! the deal and the hands before the play (`deal`, `hands`, `picked_up`, `start_hands`), the
//! stage and the walk of the stages (`stage`, `next_stage`, `play_ready`), the contract as it
//! stands (`contract` with what it lets be announced, `trump`, `declarer`, the play `table`:
//! decided by the auction, the talon and the sides), the history (`history`, `keep_history`,
//! `actions`) and the hand's end (`sheet`, `scored`, `redeal`). Which other rooms write these
//! fields is listed in docs/ARCHITECTURE.md ("The engine's rooms").

pub mod action;
pub mod deal;
pub(in crate::engine) mod dispatch;
pub mod game;
pub(in crate::engine) mod hand_flow;
mod reads;
pub mod rng;
pub mod seats;
pub(in crate::engine) mod stage;
