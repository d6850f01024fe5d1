//! What a seat may know of a hand: takes a `Game` and a table seat, gives the `Observation` the
//! bots and `kartya play` see (its cards, the open cards of the table, the trick, the history with
//! what the seat may not see left out).

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{Action, Game, Phase};
use crate::engine::core::seats::{Pos, Seat};
use crate::model::{ContractId, SuitId};

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
    /// The talon cards the seat has seen face up: laid so, turned up by an exchange's chain (taken
    /// or not), the draw's face-up discards, and the talon shown by a doubling level (`shows-talon`).
    pub talon_face_up: u64,
    /// The talon as it lies when it is turned face up for every seat (`shows-talon`), bottom
    /// first, each card marked if the declarer laid it there as a discard (`talon-draw`): the
    /// discards lie on top, so the table tells them from the talon cards he never took. Empty
    /// while the talon is not shown.
    pub talon_pile: Vec<PileCard>,
    /// The talon cards the seat knows lie in the talon: those a doubling level showed (`shows-talon`),
    /// while shown and after the talon is turned face down again.
    pub talon_seen: u64,
    pub contract: Option<ContractId>,
    pub trump: Option<SuitId>,
    pub declarer: Option<Seat>,
    /// The declarer's cards laid open after a claim or concession (0 otherwise).
    pub open_hand: u64,
    /// The declarer's partner (table seat), once this seat may know him (`partner.rs`).
    pub partner: Option<Seat>,
    /// Cards laid open on the table, by table seat: the defence's hands under `open-hands
    /// defence`, the declarer's side's under `open-hands declarer` (`open_hands.rs`); zero otherwise.
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

/// A card of the talon as it lies face up (`Observation::talon_pile`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PileCard {
    pub card: u8,
    /// Laid on the talon by the declarer's discards.
    pub discard: bool,
}

impl Game {
    /// Whether `seat` may see which card an action discards: its own always; another seat's
    /// only where the talon draw's discards lie face up. An exchange's discards and a face-down
    /// draw's go to the talon face down ([000] §12: "discard face down"; Asszorti A3): the others
    /// do not see which cards they were (the discard actions are left out of their history).
    fn sees_discard(&self, seat: u8, by: u8, action: Action) -> bool {
        !matches!(action, Action::Discard(_)) || by == seat || self.draw_discards_face_up()
    }

    /// What a seat may know.
    pub fn observation(&self, seat: Seat) -> Observation {
        let observer = seat;
        let seat = seat.0;
        let pos = self.pos_at(seat);
        let (hand, unseen) = match pos {
            // once the play is set up its hands are the live ones (a back round after trick 1 too)
            Some(p)
                if self.phase() == Phase::Play
                    || self.phase() == Phase::Call
                    || self.phase() == Phase::Claim
                    || self.phase() == Phase::Over && self.contract.is_some()
                    || self.play_ready =>
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
                | self.ex.taken
                    & !self.ex.taken_unseen
                    & !self.deal.indicator.map_or(0, crate::engine::core::deal::bit)
                | self.ex.revealed
                | self.draw_seen_by(seat)
                | self.talon_shown_by_doubling(),
            talon_pile: self.talon_pile_shown(),
            talon_seen: self.talon_seen_by_doubling(),
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
            history: self
                .history
                .iter()
                .filter(|(by, a)| !self.hides_face_down(seat, by.0, *a) && self.sees_discard(seat, by.0, *a))
                .copied()
                .collect(),
        }
    }
}
