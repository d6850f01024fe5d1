//! What one seat may see, without allocating: takes a `Game` and a table seat, gives the seat's
//! own cards, the cards played so far, the trick in progress and the side it knows it is on.
//! `Game::observation` gives the same knowledge as an owned value (with the history); these
//! are the parts a bot reads on every decision (`bots::View`), so they copy nothing.

use crate::engine::core::game::{Game, Phase};
use crate::engine::core::seats::{Pos, Seat};

impl Game {
    /// The seat's own cards it may look at now: `Observation::hand`, without the rest.
    pub fn hand_of(&self, seat: Seat) -> u64 {
        let Some(p) = self.pos_at(seat.0) else { return 0 };
        let p = p as usize;
        // once the play is set up its hands are the live ones (a back round after trick 1 too)
        let in_play = matches!(self.phase(), Phase::Play | Phase::Call | Phase::Claim)
            || self.phase() == Phase::Over && self.contract.is_some()
            || self.play_ready;
        if in_play {
            return self.play.hands.get(p).copied().unwrap_or(0);
        }
        let h = self.hands.get(p).copied().unwrap_or(0);
        let hidden = if self.picked_up {
            0
        } else {
            self.deal.hidden.get(p).copied().unwrap_or(0)
        };
        h & !hidden
    }

    /// Every active position's cards now, by position (the play's hands once the play is set
    /// up, the dealt hands with what the talon gave and took before): for the world sampler of
    /// `crate::pimc::world` alone, which reads the other positions' hands only to pair each
    /// hidden card with a card of a world drawn without them (tests/pimc_every_decision.rs and
    /// tests/secrecy_noninterference.rs check that the worlds do not depend on them).
    pub(crate) fn hands_now(&self) -> [u64; crate::engine::compile::tables::MAX_SEATS] {
        let in_play = matches!(self.phase(), Phase::Play | Phase::Call | Phase::Claim)
            || self.phase() == Phase::Over && self.contract.is_some()
            || self.play_ready;
        if in_play {
            self.play.hands
        } else {
            self.hands
        }
    }

    /// The cards played face up to tricks so far, the trick in progress included: what every
    /// seat has seen fall (none before the trick play). A back round is held only once the
    /// play is set up (`start_play`), before the lead or after trick 1, so it counts too. The
    /// cards an accepted claim settled were never played (issue 28.5).
    pub fn played_cards(&self) -> u64 {
        let in_play = matches!(
            self.phase(),
            Phase::Back | Phase::Play | Phase::Call | Phase::Claim | Phase::Over
        );
        if !in_play || self.contract.is_none() {
            return 0;
        }
        let mut in_hands = 0;
        let mut started = 0;
        for p in 0..self.n as usize {
            in_hands |= self.play.hands.get(p).copied().unwrap_or(0);
            started |= self.start_hands.get(p).copied().unwrap_or(0);
        }
        started & !in_hands & !self.claims.settled
    }

    /// The active positions `seat` knows to be on its own side now (itself included): the
    /// declarer with his partner once the seat may know the partner, the defence together when
    /// it is known who defends, the seat alone when it cannot tell (a hidden partner) or when
    /// everyone plays for himself.
    pub fn side_known_to(&self, seat: Seat) -> u16 {
        let Some(me) = self.pos_at(seat.0) else { return 0 };
        let own = 1u16 << me;
        let Some(d) = self.declarer else { return own };
        let all = ((1u32 << self.n) - 1) as u16;
        let declarer_bit = 1u16 << d;
        let partner = self.partner_known_to(seat.0).and_then(|s| self.pos_at(s));
        let with_partner = self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .is_some_and(|c| c.sides.with_partner());
        let declarer_side = declarer_bit | partner.map_or(0, |p| 1 << p) | self.joint.map_or(0, |p| 1 << p);
        if declarer_side & own != 0 {
            return declarer_side;
        }
        match (with_partner, partner) {
            (false, _) | (true, Some(_)) => all & !declarer_side,
            (true, None) => own,
        }
    }

    /// The leader of the trick in progress and its cards so far (in playing order); after a
    /// claim settled the rest, the last leader the table saw (the settled tricks were never
    /// played).
    pub fn trick_in_progress(&self) -> (Pos, &[u8]) {
        let len = (self.play.trick_len as usize).min(self.play.trick.len());
        let leader = if self.claims.settled != 0 {
            self.claims.settled_leader
        } else {
            self.play.leader
        };
        (Pos(leader), self.play.trick.get(..len).unwrap_or(&[]))
    }
}
