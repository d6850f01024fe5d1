//! The card turns of the hand: takes a `Game` in its trick play, gives the legal cards of the
//! position to act (`cards_to_play`; `legal_cards` when only a card may be played), whether
//! announcements go with the cards of trick 1 (`trick_one_talk`), a legal card played (moving on
//! at the end of trick 1 and of the play), and the bots' fast path of random cards
//! (`play_random_card`, `play_random_cards` with `card_draws.rs`).
//! The talk of trick 1 (in `Stage::Play`) ends with the trick, or goes on as `Stage::Back`.

use crate::engine::core::game::{Action, Game, Phase};
use crate::engine::core::stage::{Stage, Talk};
use crate::engine::play::card_draws::{card_run, CardRun};
use crate::model::Announcements;

impl Game {
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

    /// Whether trick 1 is played turn by turn now, with announcements or melds beside its cards
    /// (`legal_cards` gives none then).
    #[inline]
    pub(in crate::engine) fn talk_in_trick_one(&self) -> bool {
        self.phase() == Phase::Play
            && self.play.tricks_played == 0
            && (self.trick_one_talk() || self.meld_open() || self.contract_raise_open())
    }

    /// Plays a card known to be legal, and moves on at the end of trick 1 and of the play.
    pub(in crate::engine) fn play_card(&mut self, card: u8) {
        let talk_trick = self.trick_one_talk();
        let pos = self.play.to_play;
        if let (true, Stage::Play(Some(talk))) = (talk_trick, &mut self.stage) {
            talk.said_this_turn = false;
            // a card ends the player's turn of the trick-1 talk
            talk.spoke |= 1u16.checked_shl(pos as u32).unwrap_or(0);
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
            // trick 1 is over, and the talk that went with its cards
            let trick_talk = match self.stage {
                Stage::Play(Some(talk)) => {
                    self.stage = Stage::Play(None);
                    Some(talk)
                }
                _ => None,
            };
            if self.claims.made.is_some() && self.check_disputed_trick() {
                return;
            }
            // something said in trick 1: the round goes on as a back round, unless `end
            // with-first-trick` closes the window with the trick (`announce/` talk)
            let closes = self.rules.variant.announcing.closes_with_first_trick;
            if let Some(talk) = trick_talk.filter(|t| talk_trick && t.said_in_trick && !closes) {
                self.stage = Stage::Back(Talk {
                    speaker: self.first_leader,
                    passes: 0,
                    said_this_turn: false,
                    min_turns: 0, // everyone spoke with his card of trick 1
                    ..talk
                });
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
    pub fn play_random_card(&mut self, rng: &mut crate::engine::core::rng::HandRng) -> bool {
        let Some(m) = self.legal_cards() else { return false };
        if m == 0 {
            return false;
        }
        self.apply_legal(Action::Play(crate::engine::core::rng::random_card(rng, m)));
        true
    }

    /// Plays uniformly random legal cards while only cards may be played, as `play_random_card`
    /// one after another would (the same draws from the stream); gives how many it played. After
    /// trick 1 nothing goes with the cards (no announcements, melds or calling round), so the
    /// cards go straight to the trick play until the hand is over.
    pub(crate) fn play_random_cards(&mut self, rng: &mut crate::engine::core::rng::HandRng) -> u32 {
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
        let run = CardRun {
            play: &mut self.play,
            history: &mut self.history,
            seats: &self.seats,
            t,
            rng: &mut local_rng,
        };
        let run = match (self.keep_history, t.beat_duty) {
            (true, true) => card_run::<true, true>(run),
            (true, false) => card_run::<true, false>(run),
            (false, true) => card_run::<false, true>(run),
            (false, false) => card_run::<false, false>(run),
        };
        played += run;
        self.actions += run;
        *rng = local_rng;
        if self.play.is_over() {
            self.finish();
        }
        played
    }
}
