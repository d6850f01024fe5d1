//! What a seat may know: takes a `Game` and a seat, gives its `Observation`, the
//! non-allocating parts of a bot's view, and the tricks every seat has seen gathered in.

pub(in crate::engine) mod observation;
pub(in crate::engine) mod seat_view;
pub(in crate::engine) mod trick_log;
