//! One hand's state: takes compiled `Rules`, a dealer seat and a deal (or a seed), gives the
//! `Game` (the state of every room in one struct, docs/ARCHITECTURE.md "The engine's rooms" says
//! which room owns which field), its start and its reset in place for the next hand
//! (`start_hand`), the seat order of a dealer, and the helpers every room calls (the position to
//! act, the play table of the contract, the contract set with what it lets be announced, an
//! action written into the history). The public reads are in `reads.rs`, the legal actions and
//! `apply` in `dispatch.rs`, the vocabulary in `action.rs`, the course between stages in
//! `hand_flow.rs`, the stages' own state in `stage.rs` (the auction's `BidState`, the
//! announcement rounds' `Talk`); each mechanism is an `impl Game` in its room.

use crate::engine::compile::tables::{PlayTable, MAX_SEATS};
use crate::engine::core::deal::Deal;
use crate::engine::core::rng::hand_rng;
use crate::engine::core::seats::{Pos, Seat};
use crate::engine::core::stage::{BidState, Stage};
use crate::engine::play::Play;
use crate::engine::score::Score;
use crate::engine::talon::exchange::ExchangeState;
use crate::engine::talon::talon_draw::TalonDrawState;
use crate::engine::Rules;
use crate::model::{Announcements, ContractId, SuitId, MAX_MELD_ROWS};
use std::sync::Arc;

pub use crate::engine::core::action::{Action, Announced, IllegalAction, Item, Levels, Phase};
pub use crate::engine::views::observation::{Observation, PileCard};

/// The position after `p` in turn order (positions 0..n): a compare, not a division, since
/// turns pass on every action.
#[inline]
pub(in crate::engine) fn next_pos(p: u8, n: u8) -> u8 {
    if p + 1 >= n {
        0
    } else {
        p + 1
    }
}

#[derive(Debug, Clone)]
pub struct Game {
    pub(in crate::engine) rules: Arc<Rules>,
    pub(in crate::engine) dealer: u8,
    /// Table seat of each active position (forehand first).
    pub(in crate::engine) seats: [Seat; MAX_SEATS],
    pub(in crate::engine) n: u8,
    pub(in crate::engine) deal: Deal,
    /// Hands by position before the play starts.
    pub(in crate::engine) hands: [u64; MAX_SEATS],
    pub(in crate::engine) picked_up: bool,
    /// The stage the hand is in, with the state only it has (`stage.rs`): the auction's turns
    /// live in `Stage::Bidding`; what later stages need of the auction is handed over when it
    /// ends (`Choice`, `declarer`, `contract`, `trump`, `won_round`, `undertakings`, the front
    /// announcements of the winning bid's figures).
    pub(in crate::engine) stage: Stage,
    pub(in crate::engine) won_round: Option<u32>,
    /// Each position's undertaking, a number of tricks bid (`undertakings.rs`): what the auction
    /// leaves for the whole hand, unlike its turns in `bid`.
    pub(in crate::engine) undertakings: [Option<u8>; MAX_SEATS],
    pub(in crate::engine) declared_before_pickup: bool,
    /// The index of the next of the variant's stages to enter (`hand_flow.rs`).
    pub(in crate::engine) next_stage: u8,
    /// The play is set up (`start_play`) and no stage since has changed what it reads.
    pub(in crate::engine) play_ready: bool,
    pub(in crate::engine) contract: Option<ContractId>,
    /// What may be announced in the contract now (`contract_announcements`): set with the
    /// contract (`set_contract`) and by a switch, read on every announcement turn.
    pub(in crate::engine) announcements: Announcements,
    pub(in crate::engine) trump: Option<SuitId>,
    pub(in crate::engine) declarer: Option<u8>,
    pub(in crate::engine) table: usize,
    pub(in crate::engine) game_levels: Levels,
    pub(in crate::engine) anns: Vec<Announced>,
    /// Round id of each announcement (parallel to `anns`).
    pub(in crate::engine) ann_round: Vec<u8>,
    /// Figures announced per position, in the front round and in the back round.
    pub(in crate::engine) said_front: [u64; MAX_SEATS],
    pub(in crate::engine) said_back: [u64; MAX_SEATS],
    pub(in crate::engine) first_leader: u8,
    pub(in crate::engine) play: Play,
    pub(in crate::engine) start_hands: [u64; MAX_SEATS],
    pub(in crate::engine) history: Vec<(Seat, Action)>,
    /// Whether actions are written into `history` (a setting kept from hand to hand, on unless
    /// `set_keep_history` turns it off).
    pub(in crate::engine) keep_history: bool,
    /// The actions applied in this hand, counted whether or not `history` keeps them.
    pub(in crate::engine) actions: u32,
    /// The score sheet, written in place when the hand ends (`finish`); meaningful while `scored`.
    /// It is boxed so that `finish` can take it out of the `Game` it reads without a copy, and
    /// a reused `Game` keeps it (and its item list) from hand to hand.
    pub(in crate::engine) sheet: Option<Box<Score>>,
    pub(in crate::engine) scored: bool,
    pub(in crate::engine) redeal: bool,
    /// The talon exchange (`exchange.rs`).
    pub(in crate::engine) ex: ExchangeState,
    /// The declarer's blind talon draw (`talon_draw.rs`).
    pub(in crate::engine) draw: TalonDrawState,
    /// Meld calls per position (`melds/` bits).
    pub(in crate::engine) meld_said: [u8; MAX_SEATS],
    /// The melds of each position's starting hand in the contract, worked out when the play
    /// starts (`melds/`): its sequences, and per set row its sets (count, strength of the best).
    pub(in crate::engine) meld_seq: [crate::engine::melds::HandSequences; MAX_SEATS],
    pub(in crate::engine) meld_sets: [[crate::engine::melds::HandSets; MAX_MELD_ROWS]; MAX_SEATS],
    /// Per position, the set rows of `meld_sets` with a set held (bit `i` for row `i`): what
    /// `open_melds` tests at every turn of trick 1, without a loop over the rows.
    pub(in crate::engine) meld_sets_held: [u8; MAX_SEATS],
    /// Calling, the switch and bidding with figures (`calling.rs`).
    pub(in crate::engine) ext: crate::engine::announce::calling::Ext,
    /// Claims and concessions in the play (`claims.rs`).
    pub(in crate::engine) claims: crate::engine::play::claims::ClaimState,
    /// The declarer's called partner (`partner.rs`).
    pub(in crate::engine) partner: crate::engine::sides::partner::PartnerCall,
    /// Marriages of every suit declared in trick 1 (`marriages.rs`).
    pub(in crate::engine) marriages: crate::engine::melds::marriages::MarriageCalls,
    /// The cards laid face down with bids (`commit.rs`).
    pub(in crate::engine) commit: crate::engine::auction::commit::Commits,
    /// The player who joined the declarer's contract (`joint.rs`).
    pub(in crate::engine) joint: Option<u8>,
    /// The called partner has raised the contract in trick 1 (`raise.rs`): he is known.
    pub(in crate::engine) raised: bool,
}

/// The table seats of the active positions, forehand first, when `dealer` deals: the seats in
/// turn after him, passing over the dealer when he sits out.
pub(in crate::engine) fn seat_order(v: &crate::model::Variant, dealer: u8) -> [Seat; MAX_SEATS] {
    let players = v.players.max(1);
    let n = v.active.clamp(1, MAX_SEATS as u8) as usize;
    let mut seats = [Seat(0); MAX_SEATS];
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
        if k >= n {
            break;
        }
    }
    seats
}

impl Game {
    /// A hand dealt from a seeded shuffle.
    pub fn new(rules: Arc<Rules>, dealer: Seat, seed: u64) -> Game {
        let mut rng = hand_rng(seed, 0);
        let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
        Game::from_deal(rules, dealer, deal)
    }

    /// A hand from a given deal (hands by position, forehand first).
    pub fn from_deal(rules: Arc<Rules>, dealer: Seat, deal: Deal) -> Game {
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
            stage: Stage::Bidding(BidState::default()),
            won_round: None,
            undertakings: [None; MAX_SEATS],
            declared_before_pickup: false,
            next_stage: 0,
            play_ready: false,
            contract: None,
            announcements: Announcements::None,
            trump: None,
            declarer: None,
            table: 0,
            game_levels: Levels::default(),
            anns: Vec::new(),
            ann_round: Vec::new(),
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
            meld_sets_held: [0; MAX_SEATS],
            ext: Default::default(),
            claims: Default::default(),
            partner: Default::default(),
            marriages: Default::default(),
            commit: Default::default(),
            joint: None,
            raised: false,
        };
        g.start_hand(dealer.0);
        g
    }

    /// Starts another hand of the same rules in this `Game` (as `from_deal` would), in place and
    /// reusing its buffers: a simulation loop then allocates and copies nothing per hand.
    pub fn redeal(&mut self, dealer: Seat, deal: Deal) {
        self.deal = deal;
        self.start_hand(dealer.0);
    }

    /// `redeal` with a shuffled deal from the stream, dealt straight into this `Game`.
    pub fn redeal_random(&mut self, dealer: Seat, rng: &mut crate::engine::core::rng::HandRng) {
        let Game { rules, deal, .. } = self;
        rules.deal_plan.deal_random_into(&rules.tables, rng, deal);
        self.start_hand(dealer.0);
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
            won_round,
            undertakings,
            declared_before_pickup,
            next_stage,
            play_ready,
            contract,
            announcements,
            trump,
            declarer,
            table,
            game_levels,
            anns,
            ann_round,
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
            // not reset: see below
            meld_sets: _,
            meld_sets_held,
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
        // compiled per dealer (`Rules::seat_orders`); worked out here only for a `Rules` that
        // lacks the dealer, which `Rules::new` never builds
        *seats = match rules.seat_orders.get(dealer as usize) {
            Some(order) => *order,
            None => seat_order(v, dealer),
        };
        *hands = deal.hands;
        *commit = Default::default();
        *joint = None;
        *raised = false;
        play.restart(*n, hands, 0);
        // nothing dealt face down: nothing to pick up
        *picked_up = deal.hidden.iter().all(|h| *h == 0);
        *stage = Stage::Bidding(BidState::default());
        *won_round = None;
        *undertakings = [None; MAX_SEATS];
        *declared_before_pickup = false;
        *next_stage = 0;
        *play_ready = false;
        *contract = None;
        *announcements = Announcements::None;
        *trump = None;
        *declarer = None;
        *table = 0;
        *game_levels = Levels::default();
        anns.clear();
        ann_round.clear();
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
        *meld_sets_held = [0; MAX_SEATS];
        // the active positions only, in a loop: the whole array's `Default` compiled to 88
        // stores of Option tags and fields (768 bytes, 40% of this reset's time), and the play's
        // `cache_melds` writes these same entries again before anything reads one
        for s in meld_seq.iter_mut().take(*n as usize) {
            *s = Default::default();
        }
        // `meld_sets` is not reset: `cache_melds` writes every entry anything reads (the
        // variant's set rows of the active positions) when the play starts, before any read,
        // and the rows past the variant's stay as `Game::new` left them
        *claims = Default::default();
        let mut calls = std::mem::take(&mut ext.calls);
        calls.clear();
        *ext = crate::engine::announce::calling::Ext {
            calls,
            ..Default::default()
        };
        // the first round, with no figures attached yet
        self.start_round(BidState::default());
    }

    /// The table seat of an active position, as the engine's tables index it (`seat_of`).
    #[inline]
    pub(in crate::engine) fn seat_at(&self, pos: u8) -> u8 {
        self.seats.get(pos as usize).map_or(0, |s| s.0)
    }
    /// The active position of a table seat (`pos_of`).
    pub(in crate::engine) fn pos_at(&self, seat: u8) -> Option<u8> {
        self.seats
            .iter()
            .take(self.n as usize)
            .position(|s| s.0 == seat)
            .map(|p| p as u8)
    }
    /// The declarer's table seat (`declarer`).
    pub(in crate::engine) fn declarer_seat(&self) -> Option<u8> {
        self.declarer.map(|p| self.seat_at(p))
    }
    /// The position whose turn it is (`to_act`).
    #[inline]
    pub(in crate::engine) fn turn(&self) -> u8 {
        match self.stage {
            Stage::Bidding(bid) => bid.turn,
            Stage::Choose(choice) => choice.by,
            Stage::Front(talk) | Stage::Back(talk) => talk.speaker,
            Stage::Exchange(turn) => turn.asking,
            Stage::Draw { declarer, .. } | Stage::NameTrumps { declarer } | Stage::PartnerCall { declarer } => declarer,
            Stage::Play(_) => self.play.to_play,
            Stage::Call(round) => round.to_act(),
            Stage::Switch(turn) => turn.turn,
            Stage::Claim { answering, .. } => answering,
            Stage::Over => 0,
        }
    }

    pub(in crate::engine) fn table(&self) -> Option<&PlayTable> {
        self.rules.tables.play.get(self.table)
    }

    /// What may be announced in the contract being played (none before bidding ends, or after a
    /// switch).
    #[inline]
    pub(in crate::engine) fn contract_announcements(&self) -> Announcements {
        self.announcements
    }

    /// The contract of the hand is `c` from now on.
    pub(in crate::engine) fn set_contract(&mut self, c: ContractId) {
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
    pub(in crate::engine) fn record(&mut self, pos: u8, action: Action) {
        self.actions += 1;
        if self.keep_history {
            let seat = self.seat_of(Pos(pos));
            self.history.push((seat, action));
        }
    }
}
