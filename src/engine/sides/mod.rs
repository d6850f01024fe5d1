//! The sides: takes the contract's `sides` and the play, gives who is on whose side and who
//! may know it (the called partner, the partner by a trick, the partner's raise in trick 1).
//!
//! The room owns, of `Game`: `partner` (the called card and its holder) and `raised` (the
//! partner known by his raise); the call's turn lives in `Stage::PartnerCall`. It writes the
//! core's `trump` (trumps named by the called card) and `table` (the contract raised).

pub(in crate::engine) mod partner;
pub(in crate::engine) mod raise;
