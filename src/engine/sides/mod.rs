//! The sides: takes the contract's `sides` and the play, gives who is on whose side and who
//! may know it (the called partner, the partner by a trick, the partner's raise in trick 1).

pub(in crate::engine) mod partner;
pub(in crate::engine) mod raise;
