//! kartya: trick-taking card games whose rules are text files.
//!
//! Stages (see docs/ARCHITECTURE.md): text -> `syntax` (spanned AST) -> `resolve` (extends and
//! overlays, per-address rule tree) -> `model` (checked, span-free rule set) -> `engine`.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// the one exception is `engine/play/card_draws.rs`: code compiled for CPU features found at run time
#![deny(unsafe_code)]

pub mod bots;
pub mod bundled;
pub mod compare;
pub mod diag;
pub mod engine;
pub mod explain;
pub mod fmt;
pub mod load;
pub mod model;
pub mod names;
pub mod pimc;
pub mod record;
pub mod resolve;
pub mod solve;
pub mod source;
pub mod stats;
pub mod syntax;
