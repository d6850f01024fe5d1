//! The auction: takes the variant's bidding rounds and the hands, gives what the auction hands
//! on (the contract, the declarer, trumps, undertakings, the winning bid's figures): the round
//! shapes, the level auction and contract choice, equal bids, bids with figures and holdings,
//! numeric undertakings, cards laid with bids, a contract held jointly.
//!
//! The room owns, of `Game`: `won_round`, `undertakings`, `declared_before_pickup`, `commit`
//! (the cards laid face down with bids) and `joint` (who joined the contract); the round in
//! progress lives in `Stage::Bidding` (`BidState`, core/stage.rs) and the contract choice in
//! `Stage::Choose`. What it hands on it writes into the core's fields when the auction ends
//! (`declare`: the declarer, the contract, trumps; `redeal` when all pass) and into the
//! announce room's (`take_bid_figures`: the winning bid's figures as front announcements).

pub(in crate::engine) mod bid_figures;
pub(in crate::engine) mod bid_holding;
pub(in crate::engine) mod bidding;
pub(in crate::engine) mod commit;
pub(in crate::engine) mod equal_bids;
pub(in crate::engine) mod joint;
pub(in crate::engine) mod level_auction;
pub(in crate::engine) mod undertakings;
