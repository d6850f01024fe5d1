//! The auction: takes the variant's bidding rounds and the hands, gives what the auction hands
//! on (the contract, the declarer, trumps, undertakings, the winning bid's figures): the round
//! shapes, the level auction and contract choice, equal bids, bids with figures and holdings,
//! numeric undertakings, cards laid with bids, a contract held jointly.

pub(in crate::engine) mod bid_figures;
pub(in crate::engine) mod bid_holding;
pub(in crate::engine) mod bidding;
pub(in crate::engine) mod commit;
pub(in crate::engine) mod equal_bids;
pub(in crate::engine) mod joint;
pub(in crate::engine) mod level_auction;
pub(in crate::engine) mod undertakings;
