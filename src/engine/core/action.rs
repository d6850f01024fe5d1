//! The hand's vocabulary: takes nothing, gives `Action` (what a seat does, in ids into the
//! variant), `Item` (what a kontra or a call is on), `Phase` (the stages' public tags),
//! `IllegalAction`, `Announced` (an item said, with its levels) and `Levels` (the doubling levels
//! of an item and who said each). `game.rs` re-exports them where they have always been.

use crate::engine::core::seats::Seat;
use crate::engine::melds::MeldCall;
use crate::model::FigureId;

/// An action, in the variant's own vocabulary (ids into the variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Pass: no bid, or nothing (more) to say in an announcement turn.
    Pass,
    /// Accept the indicator's suit as trumps (an accept-indicator round).
    Accept,
    /// Bid the entry of the round's ladder with this index.
    Bid(u8),
    /// Bid a number of tricks (a numeric round: `each-bids`, `highest-bids`; `undertakings.rs`).
    BidNumber(u8),
    /// Claim the contract of a first-claim round.
    Claim,
    /// Hold the standing bid: match it and become its holder (`hold-by-priority`).
    Hold,
    /// Name the contract after the auction: the entry of the round's ladder with this index
    /// (`contract-choice at-least-bid`).
    Choose(u8),
    /// Announce a figure (its id; the engine plays at most 64 figures, and a small id keeps an
    /// action at 6 bytes: the history is written once per action).
    Announce(u16),
    /// Say the next doubling level on an item.
    Kontra(Item),
    /// Play a card (card id).
    Play(u8),
    /// Call a meld just before one's card to the first trick.
    Meld(MeldCall),
    /// Give the exchanger card for the indicator (and take what the exchange rule gives).
    Exchange,
    /// Discard a card face down after the exchange (card id).
    Discard(u8),
    /// Gyerünk: offer to double an item (`calling.rs`).
    Call(Item),
    /// Answer to a call: give the item up at the stake before the offer.
    GiveUp,
    /// Answer to a call: play on for the offered stake (or, after a raise with call-back, stop).
    PlayOn,
    /// Answer to a call: the next level of the calling ladder.
    Raise,
    /// After raising a call with call-back: offer to double again.
    CallBack,
    /// Switch the contract (`bidding.switch`, `switch.rs`).
    Switch,
    /// Take this many top talon cards (`talon-draw up-to N`, `talon_draw.rs`).
    Draw(u8),
    /// Name this suit as trumps (`trumps chosen`, `talon_draw.rs`).
    NameTrumps(u8),
    /// Name no trumps (`trumps chosen or-none`).
    NoTrumps,
    /// The declarer claims every remaining trick (`claims claim`, `claims.rs`).
    ClaimRest,
    /// The declarer concedes every remaining trick (`claims concede`).
    ConcedeRest,
    /// An opponent accepts the claim or concession.
    AcceptClaim,
    /// An opponent disputes it: play goes on with the declarer's hand open.
    DisputeClaim,
    /// Call a card for a partner (card id): its holder plays with the declarer (`partner.rs`).
    CallCard(u8),
    /// Lay this card face down with the bid just made, to be played to trick 1
    /// (`commits face-down-card`, `commit.rs`).
    LayFaceDown(u8),
    /// Join the standing bid: hold the same contract beside its bidder (`joint`, `joint.rs`).
    Join,
    /// The called partner raises the contract to this one (contract id) at his turn in trick 1
    /// (`raise-by partner in-first-trick`, `raise.rs`).
    RaiseTo(u8),
}

/// Something that can be doubled: the game, or an announced figure (index in announcement order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Item {
    Game,
    Figure(u16),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[repr(u8)] // the tags of `Stage` (`stage.rs`), so that the stage gives its phase for nothing
pub enum Phase {
    Bidding,
    /// The declarer names his contract after the auction (`contract-choice`, `level_auction.rs`).
    Choose,
    /// The front announcement round (before the pickup).
    Front,
    /// A back announcement round on its own (before the first lead, or after trick 1).
    Back,
    /// The talon exchange after the pickup, before the first lead.
    Exchange,
    /// The contract switch turns after the pickup (`switch.rs`).
    Switch,
    /// The declarer's blind talon draw and his discards (`talon_draw.rs`).
    Draw,
    /// The declarer names the trump suit or no trumps (`talon_draw.rs`).
    NameTrumps,
    /// The declarer calls his partner's card before the first lead (`partner.rs`).
    PartnerCall,
    Play,
    /// The calling round after trick 1 and the answers to a call (`calling.rs`).
    Call,
    /// The opponents answer a claim or concession (`claims.rs`).
    Claim,
    Over,
}

/// An action refused: which action, by whom, at which index of the hand's actions, and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAction {
    pub index: usize,
    pub seat: Seat,
    pub action: Action,
    pub rule: &'static str,
}

impl Action {
    /// Announce the figure `f`.
    pub fn announce(f: FigureId) -> Action {
        Action::Announce(f.min(u16::MAX as usize) as u16)
    }
}

impl std::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "action {} by seat {}: {:?} is illegal: {}",
            self.index, self.seat, self.action, self.rule
        )
    }
}

impl std::error::Error for IllegalAction {}

/// An announced figure and the doubling levels said on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Announced {
    pub figure: FigureId,
    /// Position of the announcer.
    pub by: u8,
    pub front: bool,
    pub levels: Levels,
}

/// Doubling levels said on an item and their product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Levels {
    pub said: u8,
    pub multiplier: i64,
    /// Who said each level: the position of level `i` in bits `4i..4i+4` (levels from 16 on
    /// are not kept; a ladder with `not-same-player` has at most 16, model/build/goals.rs).
    #[serde(skip)]
    pub sayers: u64,
}

impl Default for Levels {
    fn default() -> Self {
        Levels {
            said: 0,
            multiplier: 1,
            sayers: 0,
        }
    }
}

impl Levels {
    /// The position that said level `i` (only for a level said, below 16).
    pub fn sayer(&self, i: usize) -> u8 {
        (self.sayers.checked_shr(4 * i as u32).unwrap_or(0) & 0xF) as u8
    }
}

#[cfg(test)]
mod tests {
    /// The history is written once per action: an action stays small and copies in a register.
    #[test]
    fn an_action_fits_in_eight_bytes() {
        assert!(std::mem::size_of::<crate::engine::Action>() <= 8);
        assert!(std::mem::size_of::<(u8, crate::engine::Action)>() <= 8);
    }
}
