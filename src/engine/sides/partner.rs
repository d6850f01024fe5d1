//! The declarer's partner: takes the contract's `sides` (a called card, the winner of a trick,
//! fixed partnerships) and the hand so far, gives the partner call after the auction and the
//! exchange (`Phase::PartnerCall`, `Action::CallCard`; with `trumps called-suit` the called
//! card's suit becomes trumps), the declarer's side as a mask of
//! positions (what goals, figures, kontras and payments read), and who may know the partner.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::deal::bit;
use crate::engine::core::game::{Action, Game, Phase};
use crate::engine::core::stage::Stage;
use crate::model::SidesKind;

/// The partner call of a hand (`sides called-card`).
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct PartnerCall {
    /// The card the declarer called (card id), once called.
    pub card: Option<u8>,
    /// The position holding it, when that is not the declarer (nobody: he plays alone).
    pub holder: Option<u8>,
}

/// A position as a bit of a `u16` mask.
#[inline]
fn pos_bit(p: u8) -> u16 {
    1u16 << (p as usize & (MAX_SEATS - 1))
}

impl Game {
    /// The sides of the contract being played (`DeclarerVsEach` before there is one).
    #[inline]
    pub(in crate::engine) fn sides_kind(&self) -> SidesKind {
        self.contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .map(|c| c.sides)
            .unwrap_or(SidesKind::DeclarerVsEach)
    }

    /// The declarer's side as a mask of positions, as far as the hand has fixed it: the declarer,
    /// with his partner once the partner is determined (called, or the trick played). Empty
    /// without a declarer.
    #[inline]
    pub(in crate::engine) fn declarer_side(&self) -> u16 {
        let Some(d) = self.declarer else { return 0 };
        let sides = self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .map(|c| &c.sides);
        match sides {
            // asked at every kontra option of every turn: the common case without a call
            None | Some(SidesKind::DeclarerVsEach | SidesKind::DeclarerVsDefence) => {
                pos_bit(d) | self.joint.map(pos_bit).unwrap_or(0)
            }
            Some(_) => self.partner_side(d),
        }
    }

    /// `declarer_side` for the sides with a partner: called, by a trick, or fixed.
    #[inline(never)]
    fn partner_side(&self, d: u8) -> u16 {
        let own = pos_bit(d);
        match self.sides_kind() {
            SidesKind::DeclarerVsEach | SidesKind::DeclarerVsDefence => own | self.joint.map(pos_bit).unwrap_or(0),
            SidesKind::CalledCard { .. } => own | self.partner.holder.map(pos_bit).unwrap_or(0),
            SidesKind::TrickWinner(t) => {
                let after_sweep = self.contract_partner_after_sweep();
                let winner = self
                    .play
                    .trick_index(t)
                    .filter(|&k| k < self.play.tricks_played as usize)
                    // `if-declarer-won-before`: a trick lost before it leaves him alone
                    .filter(|&k| {
                        !after_sweep
                            || crate::engine::score::goal_sequence::declarer_won_before(&self.play.trick_winner, d, k)
                    })
                    .and_then(|k| self.play.trick_winner.get(k).copied());
                own | winner.map(pos_bit).unwrap_or(0)
            }
            SidesKind::Fixed(groups) => {
                let seat = self.seat_at(d);
                let group = groups
                    .iter()
                    .copied()
                    .find(|g| g & (1 << (seat & 15)) != 0)
                    .unwrap_or(0);
                (0..self.n.min(MAX_SEATS as u8))
                    .filter(|&p| group & (1 << (self.seat_at(p) & 15)) != 0)
                    .fold(own, |m, p| m | pos_bit(p))
            }
        }
    }

    /// `sides trick-winner N if-declarer-won-before` in the contract being played.
    fn contract_partner_after_sweep(&self) -> bool {
        self.contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .is_some_and(|c| c.partner_after_sweep)
    }

    /// The cards the declarer may call now: the contract's callable cards he does not hold
    /// (or any of them, with `alone-if-own` or when he holds them all).
    pub(in crate::engine) fn callable_now(&self) -> u64 {
        let (Some(d), Some(c)) = (
            self.declarer,
            self.contract.and_then(|c| self.rules.variant.contracts.get(c)),
        ) else {
            return 0;
        };
        let SidesKind::CalledCard { alone_if_own } = c.sides else {
            return 0;
        };
        let all = c
            .callable
            .iter()
            .fold(0u64, |m, s| m | self.rules.tables.sel_mask(s, self.trump));
        // his cards as he sees them: with `partner-call` before `pickup` (`stages`) the first
        // packet only
        let unseen = if self.picked_up {
            0
        } else {
            self.deal.hidden.get(d as usize).copied().unwrap_or(0)
        };
        let own = self.hands.get(d as usize).copied().unwrap_or(0) & !unseen;
        if alone_if_own || all & !own == 0 {
            all
        } else {
            all & !own
        }
    }

    /// Before the first lead: the declarer calls his partner's card, if the contract says so and
    /// he has not yet. Gives whether the hand waits for the call.
    pub(in crate::engine) fn start_partner_call(&mut self) -> bool {
        let Some(declarer) = self
            .declarer
            .filter(|_| self.partner.card.is_none() && self.callable_now() != 0)
        else {
            return false;
        };
        self.stage = Stage::PartnerCall { declarer };
        true
    }

    pub(in crate::engine) fn partner_call_actions(&self, out: &mut Vec<Action>) {
        let mut m = self.callable_now();
        while m != 0 {
            out.push(Action::CallCard(m.trailing_zeros() as u8));
            m &= m - 1;
        }
    }

    pub(in crate::engine) fn check_partner_call(&self, action: Action) -> Result<(), &'static str> {
        match action {
            Action::CallCard(c) if self.callable_now() & bit(c) != 0 => Ok(()),
            Action::CallCard(_) => {
                Err("the declarer may call only a callable card (one he does not hold, unless alone-if-own)")
            }
            _ => Err("the declarer must call a card for his partner"),
        }
    }

    /// The declarer called `card`: its holder is his partner (none when he holds it himself or
    /// nobody does: a called card dealt to him in the packets after the call makes him play
    /// alone too), and the hand goes on to its next stage (the pickup of the held-back packets,
    /// where `stages` lists it after the call).
    pub(in crate::engine) fn apply_partner_call(&mut self, action: Action) {
        let Action::CallCard(card) = action else { return };
        let holder =
            (0..self.n.min(MAX_SEATS as u8)).find(|&p| self.hands.get(p as usize).is_some_and(|h| h & bit(card) != 0));
        self.partner = PartnerCall {
            card: Some(card),
            holder: holder.filter(|&p| Some(p) != self.declarer),
        };
        // `trumps called-suit`: the call names the trumps too (read by `start_play`'s table)
        if self
            .contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .is_some_and(|c| c.called_suit_trumps)
        {
            self.trump = Some(self.rules.tables.suit(card));
        }
        self.advance();
    }

    /// The declarer's partner as a table seat, as the hand has fixed him so far (for the score
    /// sheet; what a player may know is `observation`'s `partner`).
    pub fn partner(&self) -> Option<u8> {
        let d = self.declarer?;
        let m = self.declarer_side() & !pos_bit(d);
        (m != 0).then(|| self.seat_at(m.trailing_zeros() as u8))
    }

    /// The declarer's partner as a table seat, when `seat` may know him: always under fixed
    /// partnerships; for a called card, the partner himself and, once the card is played,
    /// everyone; for a trick's winner, once that trick is played. `None` also when the declarer
    /// plays alone and that is not yet known to `seat`.
    pub(in crate::engine) fn partner_known_to(&self, seat: u8) -> Option<u8> {
        let d = self.declarer?;
        let partner_pos = |mask: u16| {
            let m = mask & !pos_bit(d);
            (m != 0).then(|| m.trailing_zeros() as u8)
        };
        match self.sides_kind() {
            SidesKind::DeclarerVsEach | SidesKind::DeclarerVsDefence => None,
            SidesKind::CalledCard { .. } => {
                let holder = self.partner.holder?;
                let card = self.partner.card?;
                // the play is set up after the call (`start_play`; no stage that changes the hands
                // may follow the call, `model/no_effect/stages.rs`): from then on, in any phase
                // (a back round after trick 1 too), a card in no hand has been played
                let in_play = !matches!(self.phase(), Phase::PartnerCall | Phase::Bidding);
                let played = in_play && self.play.hands.iter().take(self.n as usize).all(|h| h & bit(card) == 0);
                // a raise in trick 1 (`raise.rs`) shows the raiser as the partner
                (played || self.raised || self.pos_at(seat) == Some(holder)).then(|| self.seat_at(holder))
            }
            SidesKind::TrickWinner(_) | SidesKind::Fixed(_) => {
                partner_pos(self.declarer_side()).map(|p| self.seat_at(p))
            }
        }
    }
}
