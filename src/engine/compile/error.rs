//! The engine's errors before a hand is played: takes nothing, gives `CompileError` (a checked
//! variant that does not fit the engine's fixed limits, from `Rules::new`) and `BundledError`
//! (`bundled_rules`), typed so that the record reader and the CLI word them as diagnostics
//! (`record::replay` labels the record's `variant`) and tests can match on the case.

use crate::engine::compile::tables::{MAX_CARDS, MAX_SEATS, MAX_SUITS};
use std::fmt;

/// The variant does not fit the engine's fixed limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    /// No card, or more than a `u64` mask holds.
    Cards(usize),
    Suits(usize),
    Seats {
        players: u8,
        active: u8,
    },
    /// A card names a suit id past the table (the model builds none such).
    CardSuit {
        card: usize,
        suit: u8,
    },
    /// More figures than a `u64` mask of figures holds.
    Figures(usize),
    /// The deal plan deals another number of cards than the deck has.
    DealPlan {
        plan: u32,
        deck: u8,
    },
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot compile the variant: ")?;
        match self {
            CompileError::Cards(n) => write!(f, "{n} cards; the engine plays 1 to {MAX_CARDS}"),
            CompileError::Suits(n) => write!(f, "{n} suits; the engine plays at most {MAX_SUITS}"),
            CompileError::Seats { players, active } => {
                write!(
                    f,
                    "{players} players, {active} active; the engine seats 2 to {MAX_SEATS}"
                )
            }
            CompileError::CardSuit { card, suit } => write!(f, "card {card} has suit id {suit}"),
            CompileError::Figures(n) => write!(f, "{n} figures; the engine plays at most 64"),
            CompileError::DealPlan { plan, deck } => {
                write!(f, "the deal plan uses {plan} cards but the deck has {deck}")
            }
        }
    }
}

impl std::error::Error for CompileError {}

/// A bundled variant that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BundledError {
    /// No bundled file has this name.
    Unknown(String),
    /// The file (with what it extends) has error diagnostics: how many.
    DoesNotLoad {
        name: String,
        diagnostics: usize,
    },
    Compile(CompileError),
}

impl fmt::Display for BundledError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundledError::Unknown(name) => write!(f, "no bundled variant `{name}`"),
            BundledError::DoesNotLoad { name, diagnostics } => {
                write!(f, "`{name}` does not load: {diagnostics} diagnostics")
            }
            BundledError::Compile(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BundledError {}
