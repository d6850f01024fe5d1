//! What the hand tells its callers: takes a `Game`, gives its public reads: where the hand is
//! (`phase`, `is_over`, whose turn by position and by seat), the public record (`result`,
//! `history`, `announcements`, `game_levels`, the contract, trumps, declarer and dealer), the
//! trick play and its table for a solver, the seats and positions of each other, the history
//! setting, and the cards accounted for the conservation checks. Bots see a seat's part of it
//! through `bots::View` (`views/`), never the whole.

use crate::engine::compile::tables::PlayTable;
use crate::engine::core::deal::Deal;
use crate::engine::core::game::{Action, Announced, Game, Levels, Phase};
use crate::engine::core::seats::{Pos, Seat};
use crate::engine::core::stage::Stage;
use crate::engine::play::Play;
use crate::engine::score::Score;
use crate::engine::Rules;
use crate::model::{ContractId, SuitId};
use std::sync::Arc;

impl Game {
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
