//! One hand as a state machine: takes compiled `Rules`, a dealer seat and a deal (or a seed),
//! gives `legal_actions`, `apply` (an illegal action is an error naming the rule), `observation`
//! per seat, `is_over` and `result`. Bidding lives in `bidding.rs`, announcements in
//! `announce.rs`, scoring in `score.rs`.

use super::deal::Deal;
use super::exchange::ExchangeState;
use super::melds::MeldCall;
use super::play::Play;
use super::rng::hand_rng;
use super::score::{self, Score};
use super::seats::{Pos, Seat};
use super::stage::Stage;
use super::tables::{PlayTable, MAX_SEATS};
use super::talon_draw::TalonDrawState;
use super::Rules;
use crate::model::{Announcements, ContractId, FigureId, Pickup, Seat as SeatRule, SuitId, MAX_MELD_ROWS};
use std::sync::Arc;

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

/// The position after `p` in turn order (positions 0..n): a compare, not a division, since
/// turns pass on every action.
#[inline]
pub(super) fn next_pos(p: u8, n: u8) -> u8 {
    if p + 1 >= n {
        0
    } else {
        p + 1
    }
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

/// What a seat may know.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Observation {
    pub seat: Seat,
    pub phase: Phase,
    /// The seat's own cards it may look at (hidden packets excluded until the pickup).
    pub hand: u64,
    /// Own cards not yet picked up.
    pub unseen: u32,
    pub indicator: Option<u8>,
    pub talon_face_up: u64,
    pub contract: Option<ContractId>,
    pub trump: Option<SuitId>,
    pub declarer: Option<Seat>,
    /// The declarer's cards laid open after a claim or concession (0 otherwise).
    pub open_hand: u64,
    /// The declarer's partner (table seat), once this seat may know him (`partner.rs`).
    pub partner: Option<Seat>,
    /// Cards laid open on the table, by table seat: the defence's hands under `open-hands`
    /// (`open_hands.rs`); zero otherwise.
    pub open_hands: [u64; MAX_SEATS],
    /// Cards laid face up by their holders and not yet played: `shown` marriages (`marriages.rs`).
    pub shown: u64,
    /// Table seats with a card lying face down, laid with their bid and not yet played
    /// (`commit.rs`); which card only its owner's `history` shows.
    pub face_down: u16,
    /// The table seat holding the contract beside the declarer (`joint`), once he has joined.
    pub joint: Option<Seat>,
    /// The trick in progress: (seat, card).
    pub trick: Vec<(Seat, u8)>,
    /// Every action so far: (seat, action).
    pub history: Vec<(Seat, Action)>,
}

#[derive(Debug, Clone, Default)]
pub(super) struct BidState {
    pub round: usize,
    pub turn: u8,
    pub spoken: u8,
    pub passed: u16,
    pub high: Option<(u8, u8)>,
    /// An equal bid waiting for the two suits, and the trump suit a settled tie fixed for the
    /// standing bid (`equal_bids.rs`).
    pub tie: Option<super::equal_bids::PendingTie>,
    pub high_trump: Option<SuitId>,
    /// Figures the bidder to speak has attached to the bid he is about to make (`bid_figures.rs`).
    pub bid_figures: u64,
    /// Figures attached to the highest bid so far.
    pub high_figures: u64,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Talk {
    pub speaker: u8,
    pub passes: u8,
    pub said_this_turn: bool,
    /// Anything said during the trick-1 announcements.
    pub said_in_trick: bool,
    /// A serial number for "the same round" checks.
    pub round_id: u8,
    /// Turns ended in this round (each turn ends with a pass).
    pub turns: u8,
    /// Turns the round must have before two passes in a row end it: every active player under
    /// `end all-spoke-then-two-passes`, none under `end two-passes`.
    pub min_turns: u8,
}

impl Talk {
    /// A new announcement round opened by `speaker`; `min_turns` as the field says.
    pub(super) fn round(speaker: u8, round_id: u8, min_turns: u8) -> Talk {
        Talk {
            speaker,
            passes: 0,
            said_this_turn: false,
            said_in_trick: false,
            round_id,
            turns: 0,
            min_turns,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Game {
    pub(super) rules: Arc<Rules>,
    pub(super) dealer: u8,
    /// Table seat of each active position (forehand first).
    pub(super) seats: [Seat; MAX_SEATS],
    pub(super) n: u8,
    pub(super) deal: Deal,
    /// Hands by position before the play starts.
    pub(super) hands: [u64; MAX_SEATS],
    pub(super) picked_up: bool,
    /// The stage the hand is in, with the state only it has (`stage.rs`).
    pub(super) stage: Stage,
    pub(super) bid: BidState,
    pub(super) won_round: Option<u32>,
    /// Each position's undertaking, a number of tricks bid (`undertakings.rs`): what the auction
    /// leaves for the whole hand, unlike its turns in `bid`.
    pub(super) undertakings: [Option<u8>; MAX_SEATS],
    pub(super) declared_before_pickup: bool,
    pub(super) contract: Option<ContractId>,
    /// What may be announced in the contract now (`contract_announcements`): set with the
    /// contract (`set_contract`) and by a switch, read on every announcement turn.
    pub(super) announcements: Announcements,
    pub(super) trump: Option<SuitId>,
    pub(super) declarer: Option<u8>,
    pub(super) table: usize,
    pub(super) game_levels: Levels,
    pub(super) anns: Vec<Announced>,
    /// Round id of each announcement (parallel to `anns`).
    pub(super) ann_round: Vec<u8>,
    pub(super) talk: Talk,
    /// Figures announced per position, in the front round and in the back round.
    pub(super) said_front: [u64; MAX_SEATS],
    pub(super) said_back: [u64; MAX_SEATS],
    pub(super) first_leader: u8,
    pub(super) play: Play,
    pub(super) start_hands: [u64; MAX_SEATS],
    pub(super) history: Vec<(Seat, Action)>,
    /// Whether actions are written into `history` (a setting kept from hand to hand, on unless
    /// `set_keep_history` turns it off).
    pub(super) keep_history: bool,
    /// The actions applied in this hand, counted whether or not `history` keeps them.
    pub(super) actions: u32,
    /// The score sheet, written in place when the hand ends (`finish`); meaningful while `scored`.
    /// It is boxed so that `finish` can take it out of the `Game` it reads without a copy, and
    /// a reused `Game` keeps it (and its item list) from hand to hand.
    pub(super) sheet: Option<Box<Score>>,
    pub(super) scored: bool,
    pub(super) redeal: bool,
    /// The talon exchange (`exchange.rs`).
    pub(super) ex: ExchangeState,
    /// The declarer's blind talon draw (`talon_draw.rs`).
    pub(super) draw: TalonDrawState,
    /// Meld calls per position (`melds.rs` bits).
    pub(super) meld_said: [u8; MAX_SEATS],
    /// The melds of each position's starting hand in the contract, worked out when the play
    /// starts (`melds.rs`): its sequences, and per set row its sets (count, strength of the best).
    pub(super) meld_seq: [super::melds::HandSequences; MAX_SEATS],
    pub(super) meld_sets: [[super::melds::HandSets; MAX_MELD_ROWS]; MAX_SEATS],
    /// Calling, the switch and bidding with figures (`calling.rs`).
    pub(super) ext: super::calling::Ext,
    /// Claims and concessions in the play (`claims.rs`).
    pub(super) claims: super::claims::ClaimState,
    /// The declarer's called partner (`partner.rs`).
    pub(super) partner: super::partner::PartnerCall,
    /// Marriages of every suit declared in trick 1 (`marriages.rs`).
    pub(super) marriages: super::marriages::MarriageCalls,
    /// The cards laid face down with bids (`commit.rs`).
    pub(super) commit: super::commit::Commits,
    /// The player who joined the declarer's contract (`joint.rs`).
    pub(super) joint: Option<u8>,
    /// The called partner has raised the contract in trick 1 (`raise.rs`): he is known.
    pub(super) raised: bool,
}

impl Game {
    /// A hand dealt from a seeded shuffle.
    pub fn new(rules: Arc<Rules>, dealer: u8, seed: u64) -> Game {
        let mut rng = hand_rng(seed, 0);
        let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
        Game::from_deal(rules, dealer, deal)
    }

    /// A hand from a given deal (hands by position, forehand first).
    pub fn from_deal(rules: Arc<Rules>, dealer: u8, deal: Deal) -> Game {
        // every field but `rules` and `deal` is set by `start_hand`; these values only fill the
        // struct until then
        let mut g = Game {
            play: Play::new(1, &[], 0),
            rules,
            dealer: 0,
            seats: [Seat(0); MAX_SEATS],
            n: 0,
            deal,
            hands: [0; MAX_SEATS],
            picked_up: false,
            stage: Stage::Bidding,
            bid: BidState::default(),
            won_round: None,
            undertakings: [None; MAX_SEATS],
            declared_before_pickup: false,
            contract: None,
            announcements: Announcements::None,
            trump: None,
            declarer: None,
            table: 0,
            game_levels: Levels::default(),
            anns: Vec::new(),
            ann_round: Vec::new(),
            talk: Talk::default(),
            said_front: [0; MAX_SEATS],
            said_back: [0; MAX_SEATS],
            first_leader: 0,
            start_hands: [0; MAX_SEATS],
            history: Vec::with_capacity(64),
            keep_history: true,
            actions: 0,
            sheet: Some(Box::new(Score::empty())),
            scored: false,
            redeal: false,
            ex: ExchangeState::default(),
            draw: TalonDrawState::default(),
            meld_said: [0; MAX_SEATS],
            meld_seq: Default::default(),
            meld_sets: [[(0, 0); MAX_MELD_ROWS]; MAX_SEATS],
            ext: Default::default(),
            claims: Default::default(),
            partner: Default::default(),
            marriages: Default::default(),
            commit: Default::default(),
            joint: None,
            raised: false,
        };
        g.start_hand(dealer);
        g
    }

    /// Starts another hand of the same rules in this `Game` (as `from_deal` would), in place and
    /// reusing its buffers: a simulation loop then allocates and copies nothing per hand.
    pub fn redeal(&mut self, dealer: u8, deal: Deal) {
        self.deal = deal;
        self.start_hand(dealer);
    }

    /// `redeal` with a shuffled deal from the stream, dealt straight into this `Game`.
    pub fn redeal_random(&mut self, dealer: u8, rng: &mut super::rng::HandRng) {
        let Game { rules, deal, .. } = self;
        rules.deal_plan.deal_random_into(&rules.tables, rng, deal);
        self.start_hand(dealer);
    }

    /// Sets every field (but `rules` and `deal`) to its value at the start of a hand dealt
    /// `self.deal` by `dealer`, emptying the growable ones without giving back their memory. The
    /// pattern names every field, so a field added to `Game` and not started here does not compile.
    fn start_hand(&mut self, dealer: u8) {
        let Game {
            rules,
            dealer: dealer_seat,
            seats,
            n,
            deal,
            hands,
            picked_up,
            stage,
            bid,
            won_round,
            undertakings,
            declared_before_pickup,
            contract,
            announcements,
            trump,
            declarer,
            table,
            game_levels,
            anns,
            ann_round,
            talk,
            said_front,
            said_back,
            first_leader,
            play,
            start_hands,
            history,
            keep_history: _,
            actions,
            sheet: _,
            scored,
            redeal,
            ex,
            draw,
            meld_said,
            meld_seq,
            meld_sets,
            ext,
            claims,
            partner,
            marriages,
            commit,
            joint,
            raised,
        } = self;
        let v = &rules.variant;
        let players = v.players.max(1);
        // (a division only for a dealer out of range: this runs once per hand)
        let dealer = if dealer < players { dealer } else { dealer % players };
        *dealer_seat = dealer;
        *n = v.active.clamp(1, MAX_SEATS as u8);
        *seats = [Seat(0); MAX_SEATS];
        let mut s = dealer;
        let mut k = 0usize;
        for _ in 0..players {
            s = next_pos(s, players);
            if v.sits_out_dealer && s == dealer && v.active < v.players {
                continue;
            }
            if let Some(slot) = seats.get_mut(k) {
                *slot = Seat(s);
            }
            k += 1;
            if k >= *n as usize {
                break;
            }
        }
        *hands = deal.hands;
        *commit = Default::default();
        *joint = None;
        *raised = false;
        play.restart(*n, hands, 0);
        // nothing dealt face down: nothing to pick up
        *picked_up = deal.hidden.iter().all(|h| *h == 0);
        *stage = Stage::Bidding;
        *bid = BidState::default();
        *won_round = None;
        *undertakings = [None; MAX_SEATS];
        *declared_before_pickup = false;
        *contract = None;
        *announcements = Announcements::None;
        *trump = None;
        *declarer = None;
        *table = 0;
        *game_levels = Levels::default();
        anns.clear();
        ann_round.clear();
        *talk = Talk::default();
        *said_front = [0; MAX_SEATS];
        *said_back = [0; MAX_SEATS];
        *first_leader = 0;
        *start_hands = [0; MAX_SEATS];
        history.clear();
        *actions = 0;
        // the sheet is kept, and written over when this hand ends
        *scored = false;
        *redeal = false;
        *ex = ExchangeState::default();
        *draw = TalonDrawState::default();
        *partner = Default::default();
        *marriages = Default::default();
        *meld_said = [0; MAX_SEATS];
        *meld_seq = Default::default();
        *meld_sets = [[(0, 0); MAX_MELD_ROWS]; MAX_SEATS];
        *claims = Default::default();
        let mut calls = std::mem::take(&mut ext.calls);
        calls.clear();
        *ext = super::calling::Ext {
            calls,
            ..Default::default()
        };
        self.start_round();
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    #[inline]
    pub fn phase(&self) -> Phase {
        self.stage.phase()
    }
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }
    pub fn result(&self) -> Option<&Score> {
        if self.scored {
            self.sheet.as_deref()
        } else {
            None
        }
    }
    pub fn contract(&self) -> Option<ContractId> {
        self.contract
    }
    pub fn trump(&self) -> Option<SuitId> {
        self.trump
    }
    pub fn deal(&self) -> &Deal {
        &self.deal
    }
    /// Every action of the hand so far, by table seat (empty when the game keeps no history).
    pub fn history(&self) -> &[(Seat, Action)] {
        &self.history
    }
    /// Whether the game writes its actions into `history` (on by default). A simulation that
    /// only reads the results turns it off: the hand, its state and its score stay the same, but
    /// `history` and the actions of `observation` stay empty (turned on again, it keeps the
    /// actions from then on; a record needs it on from the deal).
    pub fn set_keep_history(&mut self, keep: bool) {
        self.keep_history = keep;
        if !keep {
            self.history.clear();
        }
    }
    /// The number of actions applied in this hand (the index the next action would have).
    pub fn actions_taken(&self) -> usize {
        self.actions as usize
    }
    /// The cards played in this hand: every card played lies in a trick, complete or not.
    pub fn cards_played(&self) -> u32 {
        self.play.tricks_played as u32 * self.play.n as u32 + self.play.trick_len as u32
    }
    pub fn announcements(&self) -> &[Announced] {
        &self.anns
    }
    pub fn game_levels(&self) -> Levels {
        self.game_levels
    }
    /// The trick play (meaningful once the phase is `Play` or `Over`).
    pub fn play_state(&self) -> &Play {
        &self.play
    }
    /// The compiled play table of the contract being played (meaningful once the phase is
    /// `Play`): what a solver or a bot needs beside `play_state` to find legal cards and winners.
    pub fn play_table(&self) -> Option<&PlayTable> {
        self.table()
    }
    /// The declarer's side as a mask of active positions, as far as the hand has fixed it (see
    /// `partner.rs`): the declarer with his partner once the partner is known.
    pub fn declarer_side_positions(&self) -> u16 {
        self.declarer_side()
    }
    /// The table seat of an active position.
    pub fn seat_of(&self, pos: Pos) -> Seat {
        Seat(self.seat_at(pos.0))
    }
    /// The active position of a table seat (None for a seat sitting out).
    pub fn pos_of(&self, seat: Seat) -> Option<Pos> {
        self.pos_at(seat.0).map(Pos)
    }
    /// The declarer's table seat.
    pub fn declarer(&self) -> Option<Seat> {
        self.declarer_seat().map(Seat)
    }
    pub fn dealer(&self) -> Seat {
        Seat(self.dealer)
    }
    /// The position whose turn it is.
    pub fn to_act(&self) -> Pos {
        Pos(self.turn())
    }
    /// The table seat whose turn it is.
    pub fn to_act_seat(&self) -> Seat {
        Seat(self.seat_at(self.turn()))
    }

    /// The table seat of an active position, as the engine's tables index it (`seat_of`).
    #[inline]
    pub(super) fn seat_at(&self, pos: u8) -> u8 {
        self.seats.get(pos as usize).map_or(0, |s| s.0)
    }
    /// The active position of a table seat (`pos_of`).
    pub(super) fn pos_at(&self, seat: u8) -> Option<u8> {
        self.seats
            .iter()
            .take(self.n as usize)
            .position(|s| s.0 == seat)
            .map(|p| p as u8)
    }
    /// The declarer's table seat (`declarer`).
    pub(super) fn declarer_seat(&self) -> Option<u8> {
        self.declarer.map(|p| self.seat_at(p))
    }
    /// The position whose turn it is (`to_act`).
    #[inline]
    pub(super) fn turn(&self) -> u8 {
        match self.stage {
            Stage::Bidding | Stage::Choose(_) => self.bid.turn,
            Stage::Front | Stage::Back => self.talk.speaker,
            Stage::Exchange(turn) => turn.holder,
            Stage::Draw { declarer } | Stage::NameTrumps { declarer } | Stage::PartnerCall { declarer } => declarer,
            Stage::Play => self.play.to_play,
            Stage::Call(round) => round.to_act(),
            Stage::Switch(turn) => turn.turn,
            Stage::Claim { answering } => answering,
            Stage::Over => 0,
        }
    }

    pub(super) fn table(&self) -> Option<&PlayTable> {
        self.rules.tables.play.get(self.table)
    }

    /// Every card each position holds, plus table cards, for conservation checks: the union and
    /// whether no card is counted twice.
    pub fn cards_accounted(&self) -> (u64, bool) {
        let mut seen = 0u64;
        let mut count = 0u32;
        let mut add = |m: u64| {
            seen |= m;
            count += m.count_ones();
        };
        if self.phase() == Phase::Play
            || self.phase() == Phase::Call
            || self.phase() == Phase::Claim
            || (self.phase() == Phase::Over && self.contract.is_some() && !self.redeal)
        {
            for p in 0..self.n as usize {
                add(self.play.hands.get(p).copied().unwrap_or(0));
                add(self.play.captured.get(p).copied().unwrap_or(0));
            }
            add(self.play.trick_mask());
        } else {
            for p in 0..self.n as usize {
                add(self.hands.get(p).copied().unwrap_or(0));
            }
        }
        add(self.nobody_cards());
        (seen, count == seen.count_ones())
    }

    /// The legal actions now (empty once the hand is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase() {
            Phase::Bidding => self.bid_actions(out),
            Phase::Choose => self.choose_actions(out),
            Phase::Front => self.talk_actions(true, out),
            Phase::Back => {
                self.meld_actions(out);
                self.talk_actions(false, out);
            }
            Phase::Exchange => self.exchange_actions(out),
            Phase::Draw => self.draw_actions(out),
            Phase::NameTrumps => self.name_trumps_actions(out),
            Phase::Call => self.call_actions(out),
            Phase::Switch => self.switch_actions(out),
            Phase::Claim => self.answer_actions(out),
            Phase::PartnerCall => self.partner_call_actions(out),
            Phase::Play => {
                self.claim_actions(out);
                self.raise_actions(out);
                self.meld_actions(out);
                if self.trick_one_talk() {
                    self.say_actions(false, out);
                }
                if let Some(t) = self.table() {
                    let mut m = self.play.legal(t);
                    while m != 0 {
                        out.push(Action::Play(m.trailing_zeros() as u8));
                        m &= m - 1;
                    }
                }
            }
            Phase::Over => {}
        }
    }

    /// The cards the position to act may play now, whatever else he may do beside (none outside
    /// the trick play).
    #[inline]
    pub(super) fn cards_to_play(&self) -> u64 {
        match (self.stage, self.table()) {
            (Stage::Play, Some(t)) => self.play.legal(t),
            _ => 0,
        }
    }

    /// When only cards may be played: the legal cards (the fast path for bots).
    pub fn legal_cards(&self) -> Option<u64> {
        if self.phase() != Phase::Play || self.talk_in_trick_one() || self.claim_open() {
            return None;
        }
        self.table().map(|t| self.play.legal(t))
    }

    /// Whether announcements go with the cards of the trick now (the back round with trick 1).
    pub(super) fn trick_one_talk(&self) -> bool {
        self.phase() == Phase::Play
            && self.play.tricks_played == 0
            && self.rules.variant.announcing.back_with_first_trick
            && self.contract_announcements() != Announcements::None
    }

    /// What may be announced in the contract being played (none before bidding ends, or after a
    /// switch).
    #[inline]
    pub(super) fn contract_announcements(&self) -> Announcements {
        self.announcements
    }

    /// The contract of the hand is `c` from now on.
    pub(super) fn set_contract(&mut self, c: ContractId) {
        self.contract = Some(c);
        self.announcements = if self.ext.switched {
            Announcements::None
        } else {
            self.rules
                .variant
                .contracts
                .get(c)
                .map(|c| c.announcements)
                .unwrap_or(Announcements::None)
        };
    }

    /// Writes an action into the history, by the table seat of the position that takes it.
    #[inline]
    pub(super) fn record(&mut self, pos: u8, action: Action) {
        self.actions += 1;
        if self.keep_history {
            let seat = self.seat_of(Pos(pos));
            self.history.push((seat, action));
        }
    }

    /// Applies a legal action of an announcement turn (the front or back round, or trick 1 with
    /// its announcements): `apply_legal` for a caller that knows the phase is one of these, so
    /// the speaker and the handler are found without going through every phase.
    #[inline]
    pub(super) fn apply_talk(&mut self, action: Action) {
        self.record(self.speaker(), action);
        match action {
            Action::Play(card) => self.play_card(card),
            Action::Meld(call) => self.apply_meld(call),
            Action::Pass => self.pass_turn(),
            _ => self.apply_say(self.phase() == Phase::Front, action),
        }
    }

    /// Applies a legal action of the bidding: `apply_legal` for a caller that knows the phase.
    #[inline]
    pub(super) fn apply_in_bidding(&mut self, action: Action) {
        self.record(self.bid.turn, action);
        self.apply_bid(action);
    }

    /// Applies a legal action of the talon exchange: `apply_legal` for a caller that knows the phase.
    #[inline]
    pub(super) fn apply_in_exchange(&mut self, action: Action) {
        self.record(self.turn(), action);
        self.apply_exchange(action);
    }

    /// Whether trick 1 is played turn by turn now, with announcements or melds beside its cards
    /// (`legal_cards` gives none then).
    #[inline]
    pub(super) fn talk_in_trick_one(&self) -> bool {
        self.phase() == Phase::Play
            && self.play.tricks_played == 0
            && (self.trick_one_talk() || self.meld_open() || self.contract_raise_open())
    }

    /// Plays a card known to be legal, and moves on at the end of trick 1 and of the play.
    pub(super) fn play_card(&mut self, card: u8) {
        let talk_trick = self.trick_one_talk();
        if talk_trick {
            self.talk.said_this_turn = false;
        }
        if self.claims.made.is_some() {
            self.note_claim_card(self.play.to_play, card);
        }
        self.note_marriage_lead(card);
        let rules = &self.rules;
        let Some(t) = rules.tables.play.get(self.table) else {
            return;
        };
        if self.play.place(t, card).is_some() {
            if self.claims.made.is_some() && self.check_disputed_trick() {
                return;
            }
            // `end with-first-trick`: the window closes with trick 1 (`announce.rs` talk)
            if talk_trick && self.talk.said_in_trick && !self.rules.variant.announcing.closes_with_first_trick {
                self.stage = Stage::Back;
                self.talk.speaker = self.first_leader;
                self.talk.passes = 0;
                self.talk.said_this_turn = false;
                self.talk.min_turns = 0; // everyone spoke with his card of trick 1
            }
            if self.play.is_over() {
                self.finish();
            } else {
                self.start_calling();
            }
        }
    }

    /// Plays a uniformly random legal card on the fast path; false if not in a card-only state.
    #[inline]
    pub fn play_random_card(&mut self, rng: &mut super::rng::HandRng) -> bool {
        let Some(m) = self.legal_cards() else { return false };
        if m == 0 {
            return false;
        }
        self.apply_legal(Action::Play(super::rng::random_card(rng, m)));
        true
    }

    /// Plays uniformly random legal cards while only cards may be played, as `play_random_card`
    /// one after another would (the same draws from the stream); gives how many it played. After
    /// trick 1 nothing goes with the cards (no announcements, melds or calling round), so the
    /// cards go straight to the trick play until the hand is over.
    pub(super) fn play_random_cards(&mut self, rng: &mut super::rng::HandRng) -> u32 {
        let mut played = 0;
        while self.play.tricks_played == 0 {
            if !self.play_random_card(rng) {
                return played;
            }
            played += 1;
        }
        if self.phase() != Phase::Play {
            return played;
        }
        // with claims the declarer may claim on each of his turns, and a lead may register a
        // marriage: card by card
        if self.claims.rules.is_some() || self.rules.marriage_leads.lead_mask != 0 {
            while self.play_random_card(rng) {
                played += 1;
            }
            return played;
        }
        let Some(t) = self.rules.tables.play.get(self.table) else {
            return played;
        };
        // the stream's state as a local for the run: kept in registers, not stored back per card
        let mut local_rng = rng.clone();
        // one loop with the history written and one without, chosen once per run: a test per
        // card would keep the history's pointers live in the loop
        let (play, history, seats) = (&mut self.play, &mut self.history, &self.seats);
        let run = match (self.keep_history, t.beat_duty) {
            (true, true) => card_run::<true, true>(play, history, seats, t, &mut local_rng),
            (true, false) => card_run::<true, false>(play, history, seats, t, &mut local_rng),
            (false, true) => card_run::<false, true>(play, history, seats, t, &mut local_rng),
            (false, false) => card_run::<false, false>(play, history, seats, t, &mut local_rng),
        };
        played += run;
        self.actions += run;
        *rng = local_rng;
        if self.play.is_over() {
            self.finish();
        }
        played
    }

    /// Picks up the hidden packets (with `pickup after-partner-call`, only once the partner is
    /// called or there is no call: `partner.rs`).
    pub(super) fn pickup(&mut self) {
        if self.rules.variant.pickup == Pickup::AfterPartnerCall && self.awaits_partner_call() {
            return;
        }
        self.picked_up = true;
    }

    /// Bidding is over with a contract: the front round, the pickup, then play.
    pub(super) fn after_bidding(&mut self) {
        if self.rules.variant.pickup == Pickup::AfterBidding {
            self.pickup();
        }
        let front_round = self.rules.variant.announcing.front_round
            && self.declared_before_pickup
            && self.contract_announcements() != Announcements::None;
        if let Some(declarer) = self.declarer.filter(|_| front_round) {
            self.stage = Stage::Front;
            self.talk = Talk::round(declarer, 1, self.all_speak_turns());
            return;
        }
        self.after_front();
    }

    /// After the front round: pickup, the talon exchange if any, then `begin_play`.
    pub(super) fn after_front(&mut self) {
        self.pickup();
        if self.start_switch() {
            return;
        }
        if !self.exchange_after_back_round() && self.start_exchange() {
            return;
        }
        self.after_exchange();
    }

    /// Whether a back round is held on its own before the first lead (not with trick 1).
    pub(super) fn back_round_before_lead(&self) -> bool {
        !self.rules.variant.announcing.back_with_first_trick && self.contract_announcements() != Announcements::None
    }

    /// The back round (alone or with trick 1), then play.
    pub(super) fn begin_play(&mut self) {
        if self.start_partner_call() {
            return;
        }
        self.start_play();
        if self.back_round_before_lead() {
            self.stage = Stage::Back;
        }
        // with the first trick, every player speaks in it with his card: a round that goes on
        // after it (`play_card`) has had everyone's turn already
        let opener = match self.declarer {
            Some(d) if self.phase() == Phase::Back && self.rules.variant.announcing.back_declarer_first => d,
            _ => self.first_leader,
        };
        self.talk = Talk::round(opener, 2, self.all_speak_turns());
    }

    /// The turns a round must have before two passes end it (`Talk::min_turns`).
    fn all_speak_turns(&self) -> u8 {
        if self.rules.variant.announcing.all_speak_first {
            self.n
        } else {
            0
        }
    }

    /// Sets up the trick play: the table, the first leader, kept cards and the early end.
    pub(super) fn start_play(&mut self) {
        let v = &self.rules.variant;
        let Some(ci) = self.contract else {
            self.stage = Stage::Over;
            return;
        };
        let Some(c) = v.contracts.get(ci) else {
            self.stage = Stage::Over;
            return;
        };
        self.table = self.rules.tables.table_index(ci, self.trump).unwrap_or(0);
        // `order-if-called`: the called card's rank chooses the order of every suit
        if let Some(alt) = self
            .rules
            .tables
            .table_if_called(ci, self.partner.card, c.order_if_called.map(|(r, _)| r))
        {
            self.table = alt;
        }
        let n = self.n;
        // turns go to the right under counter-clockwise seating: the declarer's left neighbour
        // plays just before him; clockwise, his right neighbour does
        let clockwise = v.seating == crate::model::Seating::Clockwise;
        let before = |d: u8| (d + n - 1) % n;
        let after = |d: u8| (d + 1) % n;
        let leader = match (c.first_lead, self.declarer) {
            (SeatRule::Forehand | SeatRule::NonDealer, _) | (_, None) => 0,
            (SeatRule::Declarer, Some(d)) => d,
            (SeatRule::DeclarerLeft, Some(d)) if clockwise => after(d),
            (SeatRule::DeclarerLeft, Some(d)) => before(d),
            (SeatRule::DeclarerRight, Some(d)) if clockwise => before(d),
            (SeatRule::DeclarerRight, Some(d)) => after(d),
        };
        let leader = if c.first_lead == SeatRule::NonDealer {
            (0..n).find(|&p| self.seat_at(p) != self.dealer).unwrap_or(0)
        } else {
            leader
        };
        self.first_leader = leader;
        self.play.restart(n, &self.hands, leader);
        self.play.committed = self.committed_for_play();
        self.start_hands = self.hands;
        // K28: with a joint bidder play goes on until both results are known
        if c.early_end_when_lost && self.joint.is_none() {
            self.play.early_end = self.declarer;
        }
        for i in 0..self.anns.len() {
            self.apply_keep(i);
        }
        self.cache_melds();
        self.start_claims();
        self.stage = Stage::Play;
    }

    /// A figure that keeps a card: its announcer may not play it before its trick unless forced.
    pub(super) fn apply_keep(&mut self, i: usize) {
        let Some(a) = self.anns.get(i).copied() else { return };
        let Some((sel, trick)) = self.rules.variant.figures.get(a.figure).and_then(|f| f.keep) else {
            return;
        };
        let mask = self.rules.tables.sel_mask(&sel, self.trump);
        let until = self.play.trick_index(trick).unwrap_or(0) as u8;
        let p = a.by as usize;
        if let (Some(k), Some(u)) = (self.play.keep.get_mut(p), self.play.keep_until.get_mut(p)) {
            *k |= mask;
            *u = (*u).max(until);
        }
    }

    /// The hand is over: score it.
    pub(super) fn finish(&mut self) {
        self.stage = Stage::Over;
        let mut sheet = self.sheet.take().unwrap_or_else(|| Box::new(Score::empty()));
        score::score_into(self, &mut sheet);
        self.sheet = Some(sheet);
        self.scored = true;
    }

    /// What a seat may know.
    pub fn observation(&self, seat: Seat) -> Observation {
        let observer = seat;
        let seat = seat.0;
        let pos = self.pos_at(seat);
        let (hand, unseen) = match pos {
            Some(p)
                if self.phase() == Phase::Play
                    || self.phase() == Phase::Call
                    || self.phase() == Phase::Claim
                    || self.phase() == Phase::Over && self.contract.is_some() =>
            {
                (self.play.hands.get(p as usize).copied().unwrap_or(0), 0)
            }
            Some(p) => {
                let h = self.hands.get(p as usize).copied().unwrap_or(0);
                let hidden = if self.picked_up {
                    0
                } else {
                    self.deal.hidden.get(p as usize).copied().unwrap_or(0)
                };
                (h & !hidden, hidden.count_ones())
            }
            None => (0, 0),
        };
        let trick = (0..self.play.trick_len)
            .map(|i| {
                (
                    self.seat_of(Pos((self.play.leader + i) % self.n)),
                    self.play.trick.get(i as usize).copied().unwrap_or(0),
                )
            })
            .collect();
        Observation {
            seat: observer,
            phase: self.phase(),
            hand,
            unseen,
            indicator: self.deal.indicator,
            talon_face_up: self.deal.talon_face_up
                | self.ex.revealed
                | self.draw_seen_by(seat)
                | self.talon_shown_by_kontra(),
            contract: self.contract,
            trump: self.trump,
            declarer: self.declarer(),
            open_hand: self.open_hand(),
            partner: self.partner_known_to(seat).map(Seat),
            open_hands: self.defence_open_hands(),
            shown: self.shown_marriage_cards(),
            trick,
            face_down: self.face_down_seats(),
            joint: self.joint.map(|p| Seat(self.seat_at(p))),
            history: if self.sees_draw_discards(seat) {
                self.history
                    .iter()
                    .filter(|(by, a)| !self.hides_face_down(seat, by.0, *a))
                    .copied()
                    .collect()
            } else {
                // the talon draw's discards are face down: the others see that they were made,
                // not which cards they were
                self.history
                    .iter()
                    .filter(|(by, a)| !matches!(a, Action::Discard(_)) && !self.hides_face_down(seat, by.0, *a))
                    .copied()
                    .collect()
            },
        }
    }
}

impl Game {
    /// The bidding round in progress (index into the variant's `bidding.rounds`), while bidding.
    pub fn bid_round(&self) -> Option<usize> {
        (self.phase() == Phase::Bidding).then_some(self.bid.round)
    }

    /// The shared compiled rules (to start another game of the same rules).
    pub fn rules_arc(&self) -> Arc<Rules> {
        self.rules.clone()
    }
}

/// Random legal cards until the play is over (`play_random_cards` after trick 1), each written
/// into `history` by its table seat when `KEEP`, under a table whose `beat_duty` is `DUTY`;
/// gives how many it played.
#[inline(always)]
fn card_run<const KEEP: bool, const DUTY: bool>(
    play: &mut Play,
    history: &mut Vec<(Seat, Action)>,
    seats: &[Seat; MAX_SEATS],
    t: &super::tables::PlayTable,
    rng: &mut super::rng::HandRng,
) -> u32 {
    let mut played = 0;
    loop {
        let m = play.legal_as::<DUTY>(t);
        if m == 0 {
            break;
        }
        let card = super::rng::random_card(rng, m);
        if KEEP {
            history.push((seats[play.to_play as usize & (MAX_SEATS - 1)], Action::Play(card)));
        }
        played += 1;
        if play.place(t, card).is_some() && play.is_over() {
            break;
        }
    }
    played
}

#[cfg(test)]
mod tests {
    /// The history is written once per action: an action stays small and copies in a register.
    #[test]
    fn an_action_fits_in_eight_bytes() {
        assert!(std::mem::size_of::<super::Action>() <= 8);
        assert!(std::mem::size_of::<(u8, super::Action)>() <= 8);
    }
}
