//! The stage a hand is in, with the state only that stage has: takes nothing but the values the
//! stage is entered with, gives `Stage` (what `Game` keeps instead of a bare phase tag) and its
//! public tag `Phase`. A value that means something only while its stage lasts (who may
//! exchange, whose switch turn it is, who answers a claim, the contract choice, the calling round,
//! the announcement round's `Talk` in `Front`, `Back` and trick 1 of `Play`, and in `Claim` while
//! a claim made in trick 1 waits) lives in the stage's
//! variant, so it cannot be read once the stage is over and needs no fallback.

use crate::engine::announce::calling::CallRound;
use crate::engine::auction::equal_bids::PendingTie;
use crate::engine::auction::level_auction::Choice;
use crate::engine::core::game::Phase;
use crate::engine::talon::switch::SwitchTurn;
use crate::model::SuitId;

/// The bidding round in progress (`bidding.rs` and its neighbours): it lives in
/// `Stage::Bidding` and nowhere else. A call works on a copy that it writes back while the round
/// goes on; the call that ends the round hands the copy to what ends it, and that hands over
/// what later stages need (the declarer, contract and trumps to `declare`, the winning bid's
/// figures to `take_bid_figures`, the final bid to `Choice`, the undertakings), so nothing
/// reads it after the auction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(in crate::engine) struct BidState {
    /// The round's index into the variant's `bidding.rounds`.
    pub round: usize,
    /// The position to bid.
    pub turn: u8,
    /// Turns taken in a round of one turn each.
    pub spoken: u8,
    /// The positions that passed (bits).
    pub passed: u16,
    /// The standing bid: its holder and its ladder entry (or number).
    pub high: Option<(u8, u8)>,
    /// An equal bid waiting for the two suits, and the trump suit a settled tie fixed for the
    /// standing bid (`equal_bids.rs`).
    pub tie: Option<PendingTie>,
    pub high_trump: Option<SuitId>,
    /// Figures the bidder to speak has attached to the bid he is about to make (`bid_figures.rs`);
    /// these and `high_figures` go on into the next round when a round ends without a bid.
    pub bid_figures: u64,
    /// Figures attached to the highest bid so far.
    pub high_figures: u64,
}

/// The talon exchange in progress (`exchange.rs`): who may exchange, with which card, the hand
/// size he discards back to, and the position asked now. Every position is asked in turn, from
/// forehand, so that whose turn it is tells nobody who holds the card (issue 28.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct ExchangeTurn {
    /// The position holding the exchanger card (`NOBODY` when it lies in the talon).
    pub holder: u8,
    /// The position asked now.
    pub asking: u8,
    /// The exchanger card he may give for the indicator.
    pub card: u8,
    /// The hand size to discard back to.
    pub keep: u8,
}

/// An announcement round in progress (`announce/`): the front round, the back round, or the
/// back round spoken with the cards of trick 1 (`back-round with-first-trick`), which goes on as
/// `Back` after trick 1 when something was said in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct Talk {
    /// The position to speak (in trick 1 the player to play speaks, and this is not read).
    pub speaker: u8,
    /// Turns in a row with nothing said.
    pub passes: u8,
    pub said_this_turn: bool,
    /// Anything said during the trick-1 announcements.
    pub said_in_trick: bool,
    /// Turns ended in this round (each turn ends with a pass).
    pub turns: u8,
    /// Turns the round must have before two passes in a row end it: every active player under
    /// `end all-spoke-then-two-passes`, none under `end two-passes`.
    pub min_turns: u8,
    /// The positions (bits) that have ended a turn in this round: a pass, or in trick 1 a card
    /// (`announce-turn first` reads it).
    pub spoke: u16,
}

impl Talk {
    /// A new announcement round opened by `speaker`; `min_turns` as the field says.
    pub(in crate::engine) fn round(speaker: u8, min_turns: u8) -> Talk {
        Talk {
            speaker,
            passes: 0,
            said_this_turn: false,
            said_in_trick: false,
            turns: 0,
            min_turns,
            spoke: 0,
        }
    }
}

/// The hand's stage and the state that lives only in it (the variants follow `Phase`).
// `repr(u8)` with the tags of `Phase`: the tag is a byte of its own that `phase` reads as it is,
// where the compiler's packing would hide it in a variant's fields and decode it on every ask
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(in crate::engine) enum Stage {
    /// The auction (`bidding.rs`): its round in progress.
    Bidding(BidState) = 0,
    /// The declarer names his contract (`level_auction.rs`).
    Choose(Choice) = 1,
    /// The front round (`announce/`).
    Front(Talk) = 2,
    /// The back round, before the first lead or after trick 1 (`announce/`).
    Back(Talk) = 3,
    Exchange(ExchangeTurn) = 4,
    /// The switch turns (`switch.rs`).
    Switch(SwitchTurn) = 5,
    /// The declarer's blind talon draw (`talon_draw.rs`): his position, the most cards he may
    /// take, and whether he has taken them (then he discards as many).
    Draw {
        declarer: u8,
        max: u8,
        drawn: bool,
    } = 6,
    /// The declarer names trumps (`talon_draw.rs`): his position.
    NameTrumps {
        declarer: u8,
    } = 7,
    /// The declarer calls his partner's card (`partner.rs`): his position.
    PartnerCall {
        declarer: u8,
    } = 8,
    /// The trick play; with `back-round with-first-trick`, the back round spoken with the cards
    /// while trick 1 lasts (`card_turns.rs` ends it with the trick).
    Play(Option<Talk>) = 9,
    /// The calling round after trick 1 and the answers to a call (`calling.rs`).
    Call(CallRound) = 10,
    /// The opponents answer a claim (`claims.rs`): the position whose answer is awaited, and
    /// the talk of trick 1 the claim was made in, which a dispute gives back to the play.
    Claim {
        answering: u8,
        talk: Option<Talk>,
    } = 11,
    Over = 12,
}

impl Stage {
    /// The stage's public tag.
    #[inline]
    pub(in crate::engine) fn phase(self) -> Phase {
        match self {
            Stage::Bidding(_) => Phase::Bidding,
            Stage::Choose(_) => Phase::Choose,
            Stage::Front(_) => Phase::Front,
            Stage::Back(_) => Phase::Back,
            Stage::Exchange(_) => Phase::Exchange,
            Stage::Switch(_) => Phase::Switch,
            Stage::Draw { .. } => Phase::Draw,
            Stage::NameTrumps { .. } => Phase::NameTrumps,
            Stage::PartnerCall { .. } => Phase::PartnerCall,
            Stage::Play(_) => Phase::Play,
            Stage::Call(_) => Phase::Call,
            Stage::Claim { .. } => Phase::Claim,
            Stage::Over => Phase::Over,
        }
    }
}
