//! Why the words of a record's action do not read as an action: takes nothing, gives
//! `ActionError`, the typed error of `notation::parse_action`, which the record reader turns into
//! a `kartya::illegal-action` diagnostic labelled at the action (`record::replay`). Each variant
//! keeps the word that did not read; `Display` is the diagnostic's message and label.

use std::fmt;

/// An action's words that name nothing of these rules, or nothing open now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// `choose X`: X is not an entry the declarer may name now.
    NotAChoice(String),
    /// `play X`, `discard X`, `call SUIT.RANK`: X is not a card of the deck.
    NotACard(String),
    /// `draw X`: X is not a number of talon cards.
    NotADrawCount(String),
    /// `trumps X`: no suit is called X.
    NoSuit(String),
    /// `meld X`: X is a set row past the engine's limit.
    NotASet(String),
    /// `meld X`: no set or sequence row is called X.
    NoSequence(String),
    /// `meld X trump|plain`: no marriage of every suit is called X.
    NoEverySuitMarriage(String),
    /// `announce X`: no figure is called X.
    NoFigure(String),
    /// `bid X` in a numeric round: X is not a number of tricks.
    NotATrickCount(String),
    /// `bid X`: X is no entry of the round's ladder.
    NotABid(String),
    /// `kontra X` / `call X`: nothing called X has been announced.
    NotAnnounced { verb: String, item: String },
    /// `raise-to X`: no contract is called X.
    NotAContract(String),
    /// The first word is not an action's.
    NotAnAction(String),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::NotAChoice(a) => write!(f, "`{a}` is not a contract to choose now"),
            ActionError::NotACard(a) => write!(f, "`{a}` is not a card of this deck"),
            ActionError::NotADrawCount(a) => write!(f, "`draw` takes a number of talon cards, not `{a}`"),
            ActionError::NoSuit(a) => write!(f, "there is no suit `{a}` in these rules"),
            ActionError::NotASet(a) => write!(f, "`{a}` is not a set of this variant"),
            ActionError::NoSequence(a) => write!(f, "there is no sequence `{a}` in these rules"),
            ActionError::NoEverySuitMarriage(a) => write!(f, "there is no marriage of every suit `{a}` in these rules"),
            ActionError::NoFigure(a) => write!(f, "there is no figure `{a}` in these rules"),
            ActionError::NotATrickCount(a) => write!(f, "`{a}` is not a number of tricks to bid"),
            ActionError::NotABid(a) => write!(f, "`{a}` is not a bid of this round"),
            ActionError::NotAContract(a) => write!(f, "there is no contract `{a}` in these rules"),
            ActionError::NotAnnounced { verb, item } => {
                write!(f, "nothing called `{item}` has been announced to {verb}")
            }
            ActionError::NotAnAction(verb) => write!(
                f,
                "`{verb}` is not an action; actions are pass, accept, bid, hold, choose, claim, announce, kontra, meld, exchange, discard, call, give-up, play-on, raise, raise-to, call-back, switch, draw, trumps, no-trumps, claim-rest, concede-rest, accept-claim, dispute-claim and play"
            ),
        }
    }
}

impl std::error::Error for ActionError {}
