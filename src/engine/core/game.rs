//! One hand as a state machine: takes compiled `Rules`, a dealer seat and a deal (or a seed),
//! gives `legal_actions`, `apply` (an illegal action is an error naming the rule), `observation`
//! per seat, `is_over` and `result`. Its vocabulary lives in `action.rs`, what a seat sees in
//! `observation.rs`, the card turns in `card_turns.rs`, the course between stages in
//! `hand_flow.rs`; bidding in `bidding.rs`, announcements in `announce.rs` (the auction's
//! `BidState` and the announcement rounds' `Talk` live in the stage, `stage.rs`), scoring in
//! `score.rs`.

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
    /// Meld calls per position (`melds.rs` bits).
    pub(in crate::engine) meld_said: [u8; MAX_SEATS],
    /// The melds of each position's starting hand in the contract, worked out when the play
    /// starts (`melds.rs`): its sequences, and per set row its sets (count, strength of the best).
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
        match self.stage {
            Stage::Bidding(bid) => self.bid_actions(&bid, out),
            Stage::Choose(_) => self.choose_actions(out),
            Stage::Front(_) => self.talk_actions(true, out),
            Stage::Back(_) => {
                self.meld_actions(out);
                self.talk_actions(false, out);
            }
            Stage::Exchange(_) => self.exchange_actions(out),
            Stage::Draw { .. } => self.draw_actions(out),
            Stage::NameTrumps { .. } => self.name_trumps_actions(out),
            Stage::Call(_) => self.call_actions(out),
            Stage::Switch(_) => self.switch_actions(out),
            Stage::Claim { .. } => self.answer_actions(out),
            Stage::PartnerCall { .. } => self.partner_call_actions(out),
            Stage::Play(_) => {
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
            Stage::Over => {}
        }
    }

    /// The cards the position to act may play now, whatever else he may do beside (none outside
    /// the trick play).
    #[inline]
    pub(crate) fn cards_to_play(&self) -> u64 {
        match (self.stage, self.table()) {
            (Stage::Play(_), Some(t)) => self.play.legal(t),
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

    /// Whether announcements go with the cards of the trick now (the back round with trick 1,
    /// whose talk `Stage::Play` carries while trick 1 lasts).
    pub(crate) fn trick_one_talk(&self) -> bool {
        matches!(self.stage, Stage::Play(Some(_)))
            && self.play.tricks_played == 0
            && self.contract_announcements() != Announcements::None
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

    /// Applies a legal action of an announcement turn (the front or back round, or trick 1 with
    /// its announcements): `apply_legal` for a caller that knows the phase is one of these, so
    /// the speaker and the handler are found without going through every phase.
    #[inline]
    pub(crate) fn apply_talk(&mut self, action: Action) {
        self.record(self.speaker(), action);
        match action {
            Action::Play(card) => self.play_card(card),
            Action::Meld(call) => self.apply_meld(call),
            Action::Pass => self.pass_turn(),
            _ => self.apply_say(self.phase() == Phase::Front, action),
        }
    }

    /// Applies a legal action of the talon exchange: `apply_legal` for a caller that knows the phase.
    #[inline]
    pub(crate) fn apply_in_exchange(&mut self, action: Action) {
        self.record(self.turn(), action);
        self.apply_exchange(action);
    }
}

impl Game {
    /// The bidding round in progress (index into the variant's `bidding.rounds`), while bidding.
    pub fn bid_round(&self) -> Option<usize> {
        match self.stage {
            Stage::Bidding(bid) => Some(bid.round),
            _ => None,
        }
    }

    /// The shared compiled rules (to start another game of the same rules).
    pub fn rules_arc(&self) -> Arc<Rules> {
        self.rules.clone()
    }
}
