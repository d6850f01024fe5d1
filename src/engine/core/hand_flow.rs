//! The hand's course between the stages: takes a `Game` whose stage has ended, gives the next
//! one as the variant orders them (the pickup, the front round, the exchange, the back round,
//! the trick play with its kept cards and early end) and, at the end, the scored hand. An
//! announcement round's `Talk` is opened here into the stage it belongs to (`Front`, `Back`, or
//! `Play` for the talk of trick 1).

use crate::engine::core::game::Game;
use crate::engine::core::stage::{Stage, Talk};
use crate::engine::score::{self, Score};
use crate::model::{Announcements, HandStage, Seat as SeatRule};

impl Game {
    /// Bidding is over with a contract: the variant's stages from the first.
    pub(in crate::engine) fn after_bidding(&mut self) {
        self.next_stage = 0;
        self.advance();
    }

    /// The stage in progress has ended: enters the variant's next stages (`Rules::stages`, those
    /// of `Variant::stages` the variant uses) in their order until one waits for a player; a
    /// stage the hand has nothing for is passed over. The tricks come last and always wait.
    pub(in crate::engine) fn advance(&mut self) {
        while let Some(&stage) = self.rules.stages.get(self.next_stage as usize) {
            self.next_stage += 1;
            if self.enter(stage) {
                return;
            }
        }
    }

    /// Enters one stage of the hand; true if it waits for a player (or the hand is over).
    // out of line: inlined, the compiler hoists the reads of every stage's test out of
    // `advance`'s loop, some fifty loads for each call however few stages the variant has
    #[inline(never)]
    fn enter(&mut self, stage: HandStage) -> bool {
        let waits = match stage {
            HandStage::Pickup => {
                self.picked_up = true;
                false
            }
            HandStage::FrontRound => self.start_front_round(),
            HandStage::Switch => self.start_switch(),
            // a switched contract is played from the hands as they are (`switch.rs`)
            HandStage::Exchange => !self.ext.switched && self.start_exchange(),
            HandStage::TalonDraw => !self.ext.switched && self.start_talon_draw(),
            HandStage::NameTrumps => !self.ext.switched && self.start_name_trumps(),
            HandStage::PartnerCall => self.start_partner_call(),
            HandStage::BackRound => return self.start_back_round(),
            HandStage::Tricks => {
                self.start_tricks();
                return true;
            }
        };
        // a stage held after the play was set up for the back round may change the hands or
        // the trumps: the play is set up again from what it leaves
        if waits {
            self.play_ready = false;
        }
        waits
    }

    /// The front round, if the contract has announcements and was declared before the pickup.
    fn start_front_round(&mut self) -> bool {
        let front_round = self.rules.variant.announcing.front_round
            && self.declared_before_pickup
            && self.contract_announcements() != Announcements::None;
        match self.declarer.filter(|_| front_round) {
            Some(declarer) => {
                self.stage = Stage::Front(Talk::round(declarer, self.all_speak_turns()));
                true
            }
            None => false,
        }
    }

    /// Whether a back round is held on its own before the first lead (not with trick 1).
    pub(in crate::engine) fn back_round_before_lead(&self) -> bool {
        !self.rules.variant.announcing.back_with_first_trick && self.contract_announcements() != Announcements::None
    }

    /// The back round before the first lead: the play is set up (the round's opener and what
    /// may be said are judged on it), then the round opens. With `back-round with-first-trick
    /// declarer-first` only the declarer's turn of the round is spoken here (`lone_turn_ends`),
    /// and the round goes on with the cards of trick 1 (`start_tricks`).
    fn start_back_round(&mut self) -> bool {
        let a = &self.rules.variant.announcing;
        let lone_turn = a.back_with_first_trick
            && a.back_declarer_first
            && self.declarer.is_some()
            && self.contract_announcements() != Announcements::None;
        if !self.back_round_before_lead() && !lone_turn {
            return false;
        }
        self.start_play();
        if self.stage == Stage::Over {
            return true;
        }
        let opener = match self.declarer {
            Some(d) if self.rules.variant.announcing.back_declarer_first => d,
            _ => self.first_leader,
        };
        self.stage = Stage::Back(Talk::round(opener, self.all_speak_turns()));
        true
    }

    /// Whether the turn ending now is the declarer's lone turn before the lead of a back round
    /// that goes with trick 1 (`back-round with-first-trick declarer-first`): it ends the stage.
    #[inline]
    pub(in crate::engine) fn lone_turn_ends(&self) -> bool {
        self.rules.variant.announcing.back_with_first_trick && self.play.tricks_played == 0 && self.play.trick_len == 0
    }

    /// The trick play: set up unless the back round set it up and nothing changed since; with
    /// `back-round with-first-trick` the round goes with the cards of trick 1.
    fn start_tricks(&mut self) {
        // the declarer's turn before the lead (`start_back_round`): who has spoken, and whether
        // anything was said, go on into the talk of trick 1
        let before = match self.stage {
            Stage::Back(t) => Some(t),
            _ => None,
        };
        if !self.play_ready {
            self.start_play();
        } else {
            self.stage = Stage::Play(None);
        }
        let mut talk = Talk::round(self.first_leader, self.all_speak_turns());
        if let Some(t) = before {
            talk.spoke = t.spoke;
            // his pass after something said left no pass in a row (`end_turn`)
            talk.said_in_trick = t.passes == 0;
        }
        if let (true, Stage::Play(trick_talk)) = (self.rules.variant.announcing.back_with_first_trick, &mut self.stage)
        {
            // with the first trick, every player speaks in it with his card: a round that goes
            // on after it (`play_card`) has had everyone's turn already. The talk goes with trick
            // 1 even while the contract has no announcements: a raise in trick 1 may bring them
            // (`trick_one_talk` asks)
            *trick_talk = Some(talk);
        }
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
    pub(in crate::engine) fn start_play(&mut self) {
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
        self.stage = Stage::Play(None);
        self.play_ready = true;
    }

    /// A figure that keeps a card: its announcer may not play it before its trick unless forced.
    pub(in crate::engine) fn apply_keep(&mut self, i: usize) {
        let Some(a) = self.anns.get(i).copied() else { return };
        let Some((sel, trick)) = self.rules.variant.figures.get(a.figure).and_then(|f| f.keep) else {
            return;
        };
        let mask = self.rules.tables.sel_mask(&sel, self.trump);
        let until = self.play.trick_index(trick).unwrap_or(0) as u8;
        let p = a.by as usize;
        let now = self.cards_played().min(u32::from(u8::MAX)) as u8;
        if let (Some(k), Some(u)) = (self.play.keep.get_mut(p), self.play.keep_until.get_mut(p)) {
            *k |= mask;
            *u = (*u).max(until);
        }
        // in force from now: the plays before the announcement were free of it
        if let Some(f) = self.play.keep_from.get_mut(p) {
            *f = now;
        }
    }

    /// The hand is over: score it.
    pub(in crate::engine) fn finish(&mut self) {
        self.stage = Stage::Over;
        let mut sheet = self.sheet.take().unwrap_or_else(|| Box::new(Score::empty()));
        score::score_into(self, &mut sheet);
        self.sheet = Some(sheet);
        self.scored = true;
    }
}
