//! The resolved rule set: span-free, checked, serialisable. Built from a `RuleTree` by
//! `model::build`, which reports every problem it finds; read by `explain` and compiled by the
//! engine. Indices (`SuitId`, `ContractId`, ...) point into the vectors of `Variant`.

mod build;
mod check;
mod claims;
pub mod cond;
pub mod expr;
mod no_effect;
mod stages;
pub mod undertakings;
mod value_bound;

pub use build::build;
pub use cond::{CardSel, Cond, Prim, SuitSel};
pub use undertakings::EachScores;

use crate::source::FileId;
use crate::syntax::ast::{Comparison, Span, TrickRef};
use serde::Serialize;

pub type SuitId = u8;
pub type RankId = u8;
pub type ContractId = usize;
pub type FigureId = usize;
pub type OrderId = usize;
pub type PointsId = usize;
pub type DoublingId = usize;
pub type ExchangeId = usize;

/// Where a model item was written: used by later stages to point diagnostics into the files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Prov(pub u32);

/// Provenance table: `Prov` to file and span. Not serialised (spans are not part of the rules).
#[derive(Debug, Clone, Default)]
pub struct Provenance {
    pub spans: Vec<(FileId, Span)>,
}

impl Provenance {
    pub fn add(&mut self, file: FileId, span: Span) -> Prov {
        self.spans.push((file, span));
        Prov((self.spans.len() - 1) as u32)
    }
    pub fn get(&self, p: Prov) -> Option<(FileId, Span)> {
        self.spans.get(p.0 as usize).copied()
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Variant {
    pub name: String,
    pub description: String,
    /// The files applied, base first: (name, description).
    pub layers: Vec<(String, String)>,
    pub sources: Vec<String>,
    pub players: u8,
    pub active: u8,
    pub seating: Seating,
    pub sits_out_dealer: bool,
    pub suits: Vec<Suit>,
    pub ranks: Vec<Rank>,
    /// Every card of the deck, in suit-then-rank order of declaration.
    pub cards: Vec<Card>,
    pub orders: Vec<Order>,
    pub points: Vec<PointsTable>,
    pub last_trick: i32,
    pub deal: Vec<DealStep>,
    /// The stages of a hand after the auction, in their order (`tricks` last): a stage the hand
    /// has nothing for is passed over.
    pub stages: Vec<HandStage>,
    pub bidding: Bidding,
    pub bid_ladders: Vec<BidLadder>,
    pub contracts: Vec<Contract>,
    pub announcing: Announcing,
    pub melds: Melds,
    pub figures: Vec<Figure>,
    pub figure_ladders: Vec<FigureLadder>,
    pub doublings: Vec<Doubling>,
    pub calling: Option<Calling>,
    pub exchanges: Vec<Exchange>,
    pub scoring: Scoring,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Seating {
    CounterClockwise,
    Clockwise,
}

#[derive(Debug, Clone, Serialize)]
pub struct Suit {
    pub name: String,
    pub code: String,
    /// Bidding rank: higher outbids lower; `None` where the game never compares suits.
    pub bid_rank: Option<i64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Rank {
    pub name: String,
    pub code: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Card {
    pub suit: SuitId,
    pub rank: RankId,
}

/// A card order, highest first, over ranks.
#[derive(Debug, Clone, Serialize)]
pub struct Order {
    pub name: String,
    pub ranks: Vec<RankId>,
}

/// Card points by rank (indexed by `RankId`).
#[derive(Debug, Clone, Serialize)]
pub struct PointsTable {
    pub name: String,
    pub by_rank: Vec<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DealStep {
    /// That many cards to each active player in turn, forehand first.
    Packet { size: u32, hidden: bool },
    /// The next card face up: the original suit.
    Indicator,
    /// Cards laid on the talon, face down or face up.
    Talon { size: u32, face_up: bool },
}

/// One stage of a hand after the auction (`Variant::stages`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum HandStage {
    /// The announcement round before the pickup.
    FrontRound,
    /// The hidden packets are taken up.
    Pickup,
    /// The switch turns.
    Switch,
    /// The talon exchange.
    Exchange,
    /// The declarer's blind talon draw.
    TalonDraw,
    /// The declarer names trumps.
    NameTrumps,
    /// The declarer calls his partner's card.
    PartnerCall,
    /// The announcement round before the first lead (with `back-round with-first-trick`, the
    /// round goes with the cards of trick 1 instead, and this stage holds nothing).
    BackRound,
    /// The trick play.
    Tricks,
}

impl HandStage {
    /// The order unless `stages` is written.
    pub const DEFAULT_ORDER: [HandStage; 9] = [
        HandStage::FrontRound,
        HandStage::Pickup,
        HandStage::Switch,
        HandStage::Exchange,
        HandStage::TalonDraw,
        HandStage::NameTrumps,
        HandStage::PartnerCall,
        HandStage::BackRound,
        HandStage::Tricks,
    ];

    /// Whether `stages` lists both `a` and `b`, `a` first.
    pub fn comes_before(stages: &[HandStage], a: HandStage, b: HandStage) -> bool {
        let at = |s| stages.iter().position(|x| *x == s);
        matches!((at(a), at(b)), (Some(i), Some(j)) if i < j)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Bidding {
    /// The contract a bid suit (or the accepted original suit) makes.
    pub suit_contract: ContractId,
    pub rounds: Vec<BidRound>,
    pub all_pass: AllPass,
    /// After the pickup, the contract may be switched to this one while the declared value is
    /// at most the limit.
    pub switch: Option<Switch>,
    /// `no-auction CONTRACT...`: no bidding; every hand is this contract (or, with several,
    /// the one of them forehand names).
    pub no_auction: Option<NoAuction>,
    /// Which contract the declarer plays after the auction (`contract-choice`).
    pub contract_choice: ContractChoice,
    /// What a `forced-last` player whose bid is the contract bids (`forced-bid`).
    pub forced_bid: ForcedBid,
}

/// A game without an auction: the contract of every hand, and whether forehand is its declarer
/// (else everyone plays for himself, as when all pass). With more than one contract listed,
/// forehand (who then declares) names one of them before anything else is done
/// (`no-auction A B declarer forehand`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NoAuction {
    /// The contracts, in the order the statement lists them; never empty.
    pub contracts: Vec<ContractId>,
    pub forehand_declares: bool,
}

impl NoAuction {
    /// Whether forehand names the contract among several.
    pub fn forehand_chooses(&self) -> bool {
        self.forehand_declares && self.contracts.len() > 1
    }
}

/// The contract of a hand after the auction: the winning bid, or one the declarer names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ContractChoice {
    /// The bid is the contract.
    Bid,
    /// The declarer names a contract of the ladder at or above his final bid (any entry after
    /// becoming declarer without a bid).
    AtLeastBid,
}

/// What the last player of a `forced-last` round bids when all the others passed without a bid
/// and the bid is the contract (with `contract-choice at-least-bid` he names any contract).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ForcedBid {
    /// He may not pass and bids any entry the round allows (`forced-bid any`, the default).
    Any,
    /// He is declarer of the ladder's lowest entry without a bid (`forced-bid lowest`).
    Lowest,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Switch {
    pub to: ContractId,
    pub at_most: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct BidRound {
    pub number: u32,
    pub shape: RoundShape,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub enum RoundShape {
    AcceptIndicator,
    Ascending {
        ladder: usize,
        until_pass: bool,
        no_indicator: bool,
        with_figures: bool,
        /// Each bid exactly one step above the standing bid, the first bid the lowest entry.
        single_step: bool,
        /// A player who speaks earlier in the round's order than the holder of the standing
        /// bid may only hold it (match it, becoming its holder) or pass.
        hold_by_priority: bool,
        /// When every other player has passed without a bid, the last one is declarer
        /// without a bid (he may not pass).
        forced_last: bool,
        /// A bid may equal the standing one; both bidders then name the trump suit they
        /// intend, and the higher suit's bid stands and fixes the trumps (`equal_bids.rs`).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        ties_by_suit: bool,
    },
    FirstClaim {
        contract: ContractId,
    },
    /// `each-bids`: each player in turn bids his undertaking, a number of tricks from `min` to
    /// `max`; then the hand is `contract` with no declarer. `last_not_total`: the last bid may
    /// not make the bids add up to the number of tricks.
    EachBids {
        contract: ContractId,
        min: u8,
        /// `None`: the hand size (`hand`).
        max: Option<u8>,
        last_not_total: bool,
    },
    /// `highest-bids`: rising numeric bids from `min` to `max` until all but the highest bidder
    /// have passed; he declares `contract` with his bid as his undertaking.
    HighestBids {
        contract: ContractId,
        min: u8,
        /// `None`: the hand size (`hand`).
        max: Option<u8>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum AllPass {
    Contract(ContractId),
    Redeal,
}

/// Bids from lowest to highest.
#[derive(Debug, Clone, Serialize)]
pub struct BidLadder {
    pub name: String,
    pub entries: Vec<BidEntry>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BidEntry {
    Suit(SuitId),
    Contract(ContractId),
}

#[derive(Debug, Clone, Serialize)]
pub struct Contract {
    pub name: String,
    pub title: String,
    pub value: i64,
    pub trumps: bool,
    /// Order for the trump suit (if any) and for the other suits.
    pub trump_order: Option<OrderId>,
    pub plain_order: OrderId,
    /// Card points for the trump suit and for the other suits; `None` when card points do not count.
    pub trump_points: Option<PointsId>,
    pub plain_points: Option<PointsId>,
    pub first_lead: Seat,
    pub win: Win,
    pub tie: Tie,
    pub melds: MeldKinds,
    pub early_end_when_lost: bool,
    pub announcements: Announcements,
    pub exchange: Option<ExchangeId>,
    /// `trumps fixed SUIT`: the trump suit whatever was bid (with `trumps` true).
    pub fixed_trump: Option<SuitId>,
    /// `trump-cards`: cards that are trumps wherever their suit, highest first, above the
    /// trump suit's own cards (empty: only the trump suit).
    pub trump_cards: Vec<Card>,
    /// What a player must play (`duties`).
    pub duties: Duties,
    /// Who plays with whom (`sides`).
    pub sides: SidesKind,
    /// The cards the declarer may call for a partner (`sides called-card`; empty otherwise).
    pub callable: Vec<CardSel>,
    /// The goal of `win CONDITION` (with `win: Win::Goal`), over the declarer's side.
    pub goal: Option<Cond>,
    /// The value when the hand has no trump suit (`value 2 no-trumps 4`).
    pub value_no_trumps: Option<i64>,
    /// Tricks of the winning side above a number add to the value (`overtricks`).
    pub overtricks: Option<Overtricks>,
    /// A won game scores its value less once, undoubled, under this condition (`deduct`).
    pub deduct: Option<Cond>,
    /// `trumps chosen [or-none]`: the declarer names the trump suit after the talon draw (with
    /// `trumps` true); `None` for the other trump rules.
    pub chosen_trumps: Option<ChosenTrumps>,
    /// `trumps called-suit`: the suit of the card called for the partner is trumps (with
    /// `trumps` true and `sides called-card`).
    pub called_suit_trumps: bool,
    /// `talon-draw [up-to] N`: the declarer's blind draw from the talon once the contract is
    /// known (`None` without the line: the talon is not drawn from).
    pub talon_draw: Option<TalonDraw>,
    /// `discards face-up`: the talon draw's discards are shown to everyone at once.
    pub discards_face_up: bool,
    /// `discard-points`: whose card points the talon draw's discards are (`None`: nobody's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard_points: Option<DiscardPoints>,
    /// `claims`: the declarer may claim or concede the remaining tricks (none: every trick is
    /// played). Left out of the JSON model when off, so files without claims explain as before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims: Option<Claims>,
    /// Every player scored for himself by his undertaking (`each-scores`).
    pub each_scores: Option<EachScores>,
    /// `own EXPR`: each active player's own score, the expression read with him as `me`,
    /// credited to him and paid by nobody (`engine/score/own.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own: Option<expr::IntExpr>,
    /// `sides trick-winner N if-declarer-won-before`: the winner of trick N partners the
    /// declarer only if the declarer won every trick before it; otherwise he plays alone.
    pub partner_after_sweep: bool,
    /// `requires same-suit RANK ...`: the contract may be bid only by a player holding cards of
    /// these ranks in one suit (empty: anyone may bid it).
    pub bid_requires_same_suit: Vec<RankId>,
    /// `order-if-called RANK ORDER`: when the called card has this rank, every suit plays in
    /// this order (a second play table, `Tables::table_if_called`).
    pub order_if_called: Option<(RankId, OrderId)>,
    /// `open-hands defence after-trick N`: once trick N is played the declarer's opponents'
    /// hands are open to every seat (`Observation::open_hands`).
    pub defence_open_after: Option<u8>,
    /// `open-hands declarer after-trick N`: the declarer's side lays its hands open once trick N
    /// is played (an open, terített, betli).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer_open_after: Option<u8>,
    /// `minimum-by-melds M V ...`: (meld points, minimum total) rows, by meld points; empty
    /// when absent. Each side must reach the minimum its counted meld points give (`engine/score/`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub minimum_by_melds: Vec<(i64, i64)>,
    /// `point-difference-value N`: the game is worth N per point of difference between the
    /// sides' totals, instead of `value` (`engine/score/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point_difference_value: Option<i64>,
    /// `lost-value N`: what a lost game is worth instead of `value` (`engine/score/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_lost: Option<i64>,
    /// `commits face-down-card`: the bidder lays face down, with his bid, the card he must play
    /// to trick 1; a higher bid gives it back (`engine/auction/commit.rs`).
    pub commits_face_down: bool,
    /// `joint both-win A one-wins B both-lose C`: one other player may join the standing bid;
    /// each is judged alone, and these are the nets per player (`engine/auction/joint.rs`).
    pub joint: Option<JointSettle>,
    /// `raise-by partner in-first-trick to C...`: the contracts (by index) the declarer's called
    /// partner may raise this one to, at his turn in trick 1 (`engine/sides/raise.rs`); empty: none.
    pub raise_to: Vec<usize>,
    #[serde(skip)]
    pub prov: Prov,
}

/// `trumps chosen`: what the declarer may name after the talon draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ChosenTrumps {
    /// `or-none`: no trumps as well as any suit.
    pub or_none: bool,
}

/// `talon-draw [up-to] N`: the declarer takes the top `count` talon cards (or, `up_to`, as many
/// of them as he chooses), unseen by the others, and discards as many onto the untaken rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TalonDraw {
    pub count: u8,
    pub up_to: bool,
}

/// Claims and concessions in a contract (`claims`, `conceded-to`, `concession-disputed`):
/// the declarer, on his turn in the play, says he takes every remaining trick or none of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Claims {
    /// He may claim every remaining trick.
    pub claim: bool,
    /// He may concede every remaining trick.
    pub concede: bool,
    /// Tricks the opponents receive go to the only opponent who has won a trick, if there is one.
    pub to_opponent_with_tricks: bool,
    /// Otherwise (or always, without `opponent-with-tricks`) to this neighbour of the declarer:
    /// `DeclarerLeft` or `DeclarerRight`.
    pub conceded_to: Seat,
    /// What a disputed concession does to the tricks the declarer wins after it.
    pub disputed_concession: DisputedConcession,
    /// A disputed concession after which the declarer wins no trick: the tricks count as played
    /// (`concession-confirmed as-played`), not given to one opponent (A11 (d)).
    pub confirmed_as_played: bool,
    /// The tricks given by a claim or concession hold a trump for `no-trump-in last-tricks N`
    /// even when no trump was out at the claim (`claim-trumps always`; A11 (c)).
    pub claim_trumps_always: bool,
}

/// A concession that an opponent disputed, after which the declarer wins a trick (A11 (a)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DisputedConcession {
    /// The concession stands: the tricks he wins after it go to the opponents.
    Stands,
    /// The tricks count as they were played.
    AsPlayed,
}

/// The play duties of a contract (`duties follow ...`): following suit is always a duty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Duties {
    /// A player who cannot follow suit must play a trump if he holds one.
    pub trump_when_void: bool,
    /// A player who cannot follow suit must beat the trick if he can (with a trump, or a higher
    /// trump over the trumps in it).
    pub overtrump: bool,
    /// When a player must beat the trick's best card with the cards he may play.
    pub head: Head,
}

impl Default for Duties {
    /// The duties without a `duties` line: follow suit, trump when void, never head the trick.
    fn default() -> Self {
        Duties {
            trump_when_void: true,
            overtrump: false,
            head: Head::Never,
        }
    }
}

/// The duty to head the trick: to play a card that beats its best card so far, when able.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Head {
    Never,
    /// On every trick, whatever was led.
    Always,
    /// Only when a trump was led.
    TrumpLead,
}

/// The sides of a contract. Each is a mask of positions in the engine (`engine::sides`); the
/// partnerships still to come (a partner named by a called card, a partner by an event in play,
/// fixed partnerships, everyone for himself) are further variants here, each giving the masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SidesKind {
    /// The declarer alone against each opponent separately (Alsós).
    DeclarerVsEach,
    /// The declarer alone against the defence, which pools its tricks and card points.
    DeclarerVsDefence,
    /// `sides called-card CARD...`: after the auction and the exchange the declarer calls one of
    /// the contract's `callable` cards; its holder is his partner, known to the others only when
    /// the card is played. Calling a card of his own (allowed with `alone-if-own`, or when he
    /// holds every callable card) or one that nobody holds, he plays alone.
    CalledCard { alone_if_own: bool },
    /// `sides trick-winner N`: the winner of trick N partners the declarer (alone if he wins it).
    TrickWinner(TrickRef),
    /// `sides fixed 0+2 1+3`: two partnerships as masks of table seats; the declarer's side is
    /// the one he sits in.
    Fixed([u16; 2]),
}

impl SidesKind {
    /// Whether the declarer may have a partner: both sides then pool their tricks and points.
    pub fn with_partner(&self) -> bool {
        matches!(
            self,
            SidesKind::CalledCard { .. } | SidesKind::TrickWinner(_) | SidesKind::Fixed(_)
        )
    }
}

/// `overtricks above N half` or `overtricks above N each V`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Overtricks {
    pub above: u32,
    /// Per trick: `None` = half the value.
    pub each: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Seat {
    Forehand,
    DeclarerLeft,
    DeclarerRight,
    Declarer,
    NonDealer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Win {
    /// The declarer's total must be more than each opponent's.
    MoreThanEach {
        with_melds: bool,
    },
    NoTricks,
    MostTricks,
    /// `win most-card-points`: nobody declares; the player with the most card points (his own
    /// tricks and the last trick) pays, as the `tie` line says (`score_most.rs`).
    MostCardPoints,
    /// `win CONDITION`: the condition (`Contract::goal`) over the declarer's side.
    Goal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Tie {
    DeclarerLoses,
    /// Most tricks: every player with the most pays every player with fewer; all equal pays nobody.
    MostPayFewer,
    Nobody,
    /// `tie most-pay N N ...`: when T players share the most, each of them pays the value times
    /// the T-th number, and the players with less share it evenly (index T-1; all equal pays nobody).
    MostPayTimes([u8; MAX_PLAYERS_TIED]),
}

/// The most players a `tie most-pay` table names (one fewer than the most seats).
pub const MAX_PLAYERS_TIED: usize = 7;

impl Win {
    /// Nobody declares: each player is for himself and the most (tricks or card points) pays.
    pub fn is_everyone_for_himself(self) -> bool {
        matches!(self, Win::MostTricks | Win::MostCardPoints)
    }
}

/// The meld patterns a contract counts: the run rows, and sets and marriages of `Melds` as
/// masks over their indices (`Melds::sets`, `Melds::marriages`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct MeldKinds {
    pub sequence: bool,
    pub sets: u8,
    pub marriages: u8,
}

/// The general kinds of meld pattern; the variant names each row (`Melds::pattern_named`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MeldPattern {
    /// Every row of the sequence table: runs in one suit by length.
    Run,
    /// A `set` row: so many cards of one rank (an index into `Melds::sets`).
    Set(u8),
    /// A `marriage` row: two ranks of one suit (an index into `Melds::marriages`).
    Marriage(u8),
}

/// Most set rows and most marriage rows a variant may have (the masks of `MeldKinds`, and the
/// per-seat caches of the engine).
pub const MAX_MELD_ROWS: usize = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Announcements {
    All,
    GameOnly,
    None,
}

#[derive(Debug, Clone, Serialize)]
pub struct Announcing {
    pub front_round: bool,
    pub back_with_first_trick: bool,
    /// A back round before the first lead is opened by the declarer (`back-round
    /// before-first-lead declarer-first`), not by the first leader; a back round with trick 1
    /// gives the declarer a turn of it before the lead (`back-round with-first-trick
    /// declarer-first`), which goes on with the cards of trick 1.
    pub back_declarer_first: bool,
    pub all_speak_first: bool,
    /// `end with-first-trick`: the back round held with trick 1 closes with it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub closes_with_first_trick: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct SequenceRow {
    pub name: String,
    pub length: u32,
    pub value: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Melds {
    pub sequence_order: Option<OrderId>,
    pub sequences: Vec<SequenceRow>,
    pub ties_by_suit_rank: bool,
    pub one_per_length: bool,
    /// `set` rows: n of a kind.
    pub sets: Vec<SetRow>,
    /// `marriage` rows: two ranks of the trump suit in one hand.
    pub marriages: Vec<MarriageRow>,
}

/// `set NAME COUNT VALUE ranks ...` with its `set-order`: a hand holding COUNT cards of one of
/// the ranks scores VALUE per such rank; rival sets compare by their best rank's place in
/// `trump_order` (a game with trumps) or `plain_order` (without), and only the best caller's
/// sets count.
#[derive(Debug, Clone, Serialize)]
pub struct SetRow {
    pub name: String,
    pub count: u32,
    pub value: i64,
    pub ranks: Vec<RankId>,
    pub trump_order: Option<OrderId>,
    pub plain_order: Option<OrderId>,
}

/// `marriage NAME trump A B VALUE`: the two ranks of the trump suit in one hand at the start of
/// play score VALUE for it, without being announced; `every-suit A B trump V plain W` counts
/// them in every suit, declared as `declare HOW` says (`announced`, `shown` or `by-lead`).
#[derive(Debug, Clone, Serialize)]
pub struct MarriageRow {
    pub name: String,
    pub ranks: (RankId, RankId),
    /// The value in trumps.
    pub value: i64,
    /// `marriage NAME every-suit A B trump V plain V declare ...`: the pair in any suit, declared
    /// by its holder; `None` for the trump-only row counted unannounced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub every_suit: Option<EverySuitMarriage>,
}

/// A marriage of every suit (`marriage NAME every-suit ...`): its value outside trumps, how its
/// holder declares it, and whether it counts only for a side that wins a trick.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct EverySuitMarriage {
    pub plain_value: i64,
    pub declare: MarriageDeclare,
    /// `counts-with-a-trick`: counted only if the holder's side wins at least one trick.
    pub with_a_trick: bool,
}

/// How a marriage of every suit is declared: called at one's turn in trick 1, just before one's
/// card (the meld moment), or registered by a lead. A new style is a new value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MarriageDeclare {
    /// Its value is said ("forty" in trumps, "twenty" elsewhere); the cards are not shown.
    Announced,
    /// The two cards are laid face up: everyone sees them until they are played.
    Shown,
    /// Registered by leading one of the two while holding the other (`marriage_lead.rs`): no
    /// call, it counts for its holder whenever he leads so, in any trick.
    ByLead,
}

impl Melds {
    /// The pattern a contract's `melds` line names: `sequence` for the run rows, else a set or
    /// marriage row by its name.
    pub fn pattern_named(&self, name: &str) -> Option<MeldPattern> {
        if name == "sequence" {
            return Some(MeldPattern::Run);
        }
        let index = |i: usize| u8::try_from(i).ok();
        self.sets
            .iter()
            .position(|s| s.name == name)
            .and_then(index)
            .map(MeldPattern::Set)
            .or_else(|| {
                self.marriages
                    .iter()
                    .position(|m| m.name == name)
                    .and_then(index)
                    .map(MeldPattern::Marriage)
            })
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Figure {
    pub name: String,
    pub title: String,
    /// Back value (with the full hand); `None` = may not be announced back.
    pub back: Option<i64>,
    /// Front value (before the pickup); `None` = may not be announced front.
    pub front: Option<i64>,
    pub contracts: Vec<ContractId>,
    /// Conditions: per contract, or for all (`None`).
    pub conditions: Vec<(Option<ContractId>, Cond)>,
    pub aliases: Vec<(ContractId, String)>,
    pub fulfil_by_side: bool,
    pub declarer_only: bool,
    /// `announce-turn first`: announced only in the announcer's first turn of the round.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub first_turn_only: bool,
    pub keep: Option<(CardSel, TrickRef)>,
    /// Announced, it multiplies the game instead of being an item of its own.
    pub multiplies_game: bool,
    /// Only a player holding these cards may announce it.
    pub requires: Vec<CardSel>,
    /// The requirement holds for the declarer (or a bidder attaching the figure) only; the
    /// other players announce it freely (`requires declarer holds ...`).
    pub requires_declarer_only: bool,
    /// Only a player who took at least this many cards in the talon exchange (the indicator
    /// among them) may announce it (`requires exchanged at-least N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requires_exchanged: Option<u32>,
    /// The back value when the hand has no trump suit (`value 8 no-trumps 16`).
    pub back_no_trumps: Option<i64>,
    /// Won, and this condition holds too: the figure scores this value (`upgrade`).
    pub upgrade: Option<(i64, Cond)>,
    /// `unannounced V`: made without being announced, it scores V for the side that made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unannounced: Option<i64>,
    /// `unannounced V unless-announced-by any-side`: not scored by either side once anyone
    /// announced the figure (false: only a side none of whose players announced it scores it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unannounced_unless_any: bool,
    /// `replaces-game`: settled, its amount is paid instead of the game's.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub replaces_game: bool,
    /// `settle side`: announced by two players of one side, it is settled once for the side, as
    /// its first announcement (false: once for each announcement).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub settle_by_side: bool,
    #[serde(skip)]
    pub prov: Prov,
}

impl Figure {
    /// The condition that applies in a contract.
    pub fn condition_in(&self, contract: ContractId) -> Option<&Cond> {
        self.conditions
            .iter()
            .find(|(c, _)| *c == Some(contract))
            .or_else(|| self.conditions.iter().find(|(c, _)| c.is_none()))
            .map(|(_, c)| c)
    }
    /// The name used in a contract (`nyolcvanas` for `százas` without trumps).
    pub fn name_in(&self, contract: ContractId) -> &str {
        self.aliases
            .iter()
            .find(|(c, _)| *c == contract)
            .map(|(_, n)| n.as_str())
            .unwrap_or(&self.name)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct FigureLadder {
    pub name: String,
    pub figures: Vec<FigureId>,
    pub same_round_forbidden: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Doubling {
    pub name: String,
    /// Levels in order; odd positions (1st, 3rd, ...) are said against the item's owner.
    pub levels: Vec<String>,
    pub front: i64,
    pub back: i64,
    /// Index of the top level in `levels`.
    pub top: usize,
    /// Level pairs `(a, b)`: who said level `a` on an item may not say level `b` on it.
    pub not_same_player: Vec<(usize, usize)>,
    /// `shows-talon until trick N`: from the first level said on any item, the talon is face up
    /// for every seat until N tricks have been played.
    pub shows_talon_until: Option<u32>,
    /// `on game`: the levels are said on the game only, not on announced figures.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub game_only: bool,
    /// `adds N`: each level said adds N to the item's value after its multiplier (0: nothing).
    #[serde(skip_serializing_if = "is_zero")]
    pub adds: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CallScope {
    Off,
    Game,
    AnyFigure,
}

#[derive(Debug, Clone, Serialize)]
pub struct Calling {
    pub name: String,
    pub scope: CallScope,
    pub allowed_with: Vec<FigureId>,
    /// Calling is allowed whatever figures were announced.
    pub allowed_with_any: bool,
    /// Announced, these figures are doubled by a call on the game with it (§14.2: a call on the
    /// game doubles them too, if they were announced).
    pub game_includes: Vec<FigureId>,
    /// With `scope any-figure`: these figures are never called on their own, only doubled with
    /// the game (`called-with-game`; A17).
    pub called_with_game: Vec<FigureId>,
    /// With `scope any-figure`: anyone may call an announced figure, not only its announcer's
    /// side (`figure-calls any-side`; A17).
    pub figure_calls_any_side: bool,
    /// The game given up, the hand is played on for the figures still undecided
    /// (`game-given-up plays-on`), instead of ending (§14.2).
    pub given_up_plays_on: bool,
    /// After a settled call every player has a turn to call again (`call-round reopens`),
    /// instead of one turn each in all (A17).
    pub call_round_reopens: bool,
    pub multiplier: i64,
    pub ladder: Option<DoublingId>,
    pub call_back: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Take {
    TopCard,
    TopChain,
    BottomChain,
    WholeTalon,
}

#[derive(Debug, Clone, Serialize)]
pub struct Exchange {
    pub name: String,
    pub from_round: Option<u32>,
    pub exchangers: Vec<RankId>,
    /// `fallback-when indicator`: a later exchanger only when an earlier one is the indicator
    /// (else: when it is face up anywhere, the indicator or the talon's face-up top card).
    pub fallback_on_indicator_only: bool,
    pub take: Vec<Take>,
    /// `qualify trumps`: every card of the trump suit qualifies.
    pub qualify_trumps: bool,
    /// `qualify any.A ...`: these cards qualify too.
    pub qualify_cards: Vec<cond::CardSel>,
    pub discard_trumps: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Robber {
    pub target: i64,
    pub bonus: i64,
    pub escalate: bool,
}

/// `session start N each ends ...`: a balance of each seat carried from hand to hand.
#[derive(Debug, Clone, Serialize)]
pub struct Session {
    /// What every seat has at the start of a session (tokens, chips).
    pub start: i64,
    pub ends: SessionEnd,
}

/// When a session ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SessionEnd {
    /// `when-one-cannot-pay`: after the hand in which a seat owes more than he has (paying his
    /// last one is allowed).
    WhenOneCannotPay,
    /// `by-agreement`: the rules give no end; a balance may go below zero.
    ByAgreement,
}

#[derive(Debug, Clone, Serialize)]
pub struct Scoring {
    /// `payments side-vs-side`: each member of the winning side receives an item's value from
    /// each member of the losing side (without it: the declarer against each opponent).
    pub side_vs_side: bool,
    /// `payments pairwise` (with `side_vs_side` true): each member of the larger side pays or
    /// receives the value once, paired in turn with a member of the smaller side. Left out of
    /// the JSON model when off.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pairwise: bool,
    pub sitting_out_with_opponents: bool,
    pub paper_plus_minus: bool,
    pub robber: Option<Robber>,
    /// `unit cents`: what the amounts are counted in, named on the sheet's total line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The session balance, if the rules give one. Left out of the JSON model when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<Session>,
}

impl Variant {
    /// Whether any bidding round can make a bid suit trumps (an accept-indicator round, or a
    /// ladder of suits): only then does `suit-contract` mean something.
    pub fn bids_suits(&self) -> bool {
        self.bidding.rounds.iter().any(|r| match r.shape {
            RoundShape::AcceptIndicator => true,
            RoundShape::Ascending { ladder, .. } => self
                .bid_ladders
                .get(ladder)
                .is_some_and(|l| l.entries.iter().any(|e| matches!(e, BidEntry::Suit(_)))),
            RoundShape::FirstClaim { .. } | RoundShape::EachBids { .. } | RoundShape::HighestBids { .. } => false,
        })
    }
    pub fn contract_id(&self, name: &str) -> Option<ContractId> {
        self.contracts.iter().position(|c| c.name == name)
    }
    pub fn figure_id(&self, name: &str) -> Option<FigureId> {
        self.figures.iter().position(|f| f.name == name)
    }
    /// Whether the deal has a `hidden` packet (one taken up at the pickup).
    pub fn has_hidden_packets(&self) -> bool {
        has_hidden_packets(&self.deal)
    }
    pub fn hand_size(&self) -> u32 {
        self.deal
            .iter()
            .map(|s| {
                if let DealStep::Packet { size, .. } = s {
                    *size
                } else {
                    0
                }
            })
            .sum()
    }
    pub fn talon_size(&self) -> u32 {
        self.deal
            .iter()
            .map(|s| match s {
                DealStep::Talon { size, .. } => *size,
                DealStep::Indicator => 1,
                _ => 0,
            })
            .sum()
    }
    /// The most card points that can be taken in a contract (every card plus the last trick).
    pub fn total_points(&self, contract: &Contract) -> i64 {
        let mut total = 0i64;
        if contract.plain_points.is_none() && contract.trump_points.is_none() {
            return 0;
        }
        let plain = contract.plain_points.and_then(|p| self.points.get(p));
        // one table (`count POINTS`) counts the trump suit too, as the engine does (tables.rs)
        let trump = contract.trump_points.and_then(|p| self.points.get(p)).or(plain);
        // with trumps, the best case is any one suit as trumps: take the maximum over suits
        let suit_total = |table: Option<&PointsTable>, suit: SuitId| -> i64 {
            table
                .map(|t| {
                    self.cards
                        .iter()
                        .filter(|c| c.suit == suit)
                        .map(|c| t.by_rank.get(c.rank as usize).copied().unwrap_or(0) as i64)
                        .sum()
                })
                .unwrap_or(0)
        };
        if contract.trumps {
            let mut best = 0;
            for t in 0..self.suits.len() as SuitId {
                let s: i64 = (0..self.suits.len() as SuitId)
                    .map(|s| {
                        if s == t {
                            suit_total(trump, s)
                        } else {
                            suit_total(plain, s)
                        }
                    })
                    .sum();
                best = best.max(s);
            }
            total += best;
        } else {
            total += (0..self.suits.len() as SuitId)
                .map(|s| suit_total(plain, s))
                .sum::<i64>();
        }
        total + self.last_trick as i64
    }
}

/// `at-least`/`more-than` in words.
pub fn comparison_text(c: Comparison) -> &'static str {
    match c {
        Comparison::AtLeast => "at least",
        Comparison::MoreThan => "more than",
    }
}

/// `discard-points declarer|opponents`: the card points of the talon draw's discards count for
/// the declarer (Skat's skat) or for his opponents (Anrufen for three).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum DiscardPoints {
    Declarer,
    Opponents,
}

/// For serde: a number left at zero is not written.
fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The settlement of a contract held by two players at once (`joint`): nets per player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct JointSettle {
    /// Both made it: each of the two receives this, each other player pays it.
    pub both_win: i64,
    /// One made it: the one who failed pays the one who made it this; the others are untouched.
    pub one_wins: i64,
    /// Both failed: each of the two pays this, each other player receives it.
    pub both_lose: i64,
}

/// Whether a dealing plan has a `hidden` packet (one taken up at the pickup).
pub fn has_hidden_packets(deal: &[DealStep]) -> bool {
    deal.iter().any(|s| matches!(s, DealStep::Packet { hidden: true, .. }))
}
