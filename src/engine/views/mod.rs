//! What a seat may know: takes a `Game` and a seat, gives its `Observation`, the
//! non-allocating parts of a bot's view, and the tricks every seat has seen gathered in.
//!
//! The room owns no field of `Game`: it only reads (the hands, the deal, the play, the
//! exchange's and the claims' state, who is known to be on which side), and is the only way
//! out of the hand for the bots (`bots::View`) and the screens.

pub(in crate::engine) mod observation;
pub(in crate::engine) mod seat_view;
pub(in crate::engine) mod trick_log;
