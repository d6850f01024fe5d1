//! The session balance (`scoring { session start N each ends ... }`): takes the variant's
//! `Session` and the payments of each scored hand in order, gives each seat's balance carried
//! from hand to hand and whether the session ended (`Balance`), and the counts `simulate`
//! reports (`SessionStats`: sessions, their length in hands, how often a seat could not pay).
//!
//! "When someone cannot pay" (digest K20) is read as the balance bound: a seat may pay his last
//! token (a balance of 0 plays on, and may win again); a payment larger than what he has is one
//! he cannot make. With `ends when-one-cannot-pay` the session ends after that hand, and the
//! next one starts with every seat at the start again; with `ends by-agreement` it goes on and
//! the balance goes below zero (a debt), which is counted all the same.
//!
//! A session is once-per-hand work outside the hand: the simulation calls `add` after a hand
//! is scored, never inside the play. The room (with the written scores and robbers of
//! `paper.rs`) owns no field of `Game`: it reads only the scored sheets.

pub mod paper;

use crate::engine::compile::tables::MAX_SEATS;
use crate::model::{Session, SessionEnd};

/// Where a session stands: each seat's balance and the hands scored since it started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balance {
    start: i64,
    ends: SessionEnd,
    seats: usize,
    /// Each table seat's balance (seats past the players' count stay at the start).
    pub balances: [i64; MAX_SEATS],
    /// Hands scored in this session.
    pub hands: u64,
    /// The number of the hand (from 1, in this session) in which a seat first could not pay.
    pub first_short: Option<u64>,
}

/// What a hand did to the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterHand {
    /// Every seat could pay (or the session goes on by agreement).
    PlaysOn,
    /// A seat could not pay and the rules end the session there.
    Ended,
}

impl Balance {
    /// The balance at the start of a session of these rules, if they keep one
    /// (`scoring { session ... }`): what a run of hands (the simulation, the table) starts from.
    pub fn of_variant(v: &crate::model::Variant) -> Option<Balance> {
        v.scoring.session.as_ref().map(|s| Balance::new(s, v.players))
    }

    pub fn new(session: &Session, players: u8) -> Balance {
        Balance {
            start: session.start,
            ends: session.ends,
            seats: (players as usize).min(MAX_SEATS),
            balances: [session.start; MAX_SEATS],
            hands: 0,
            first_short: None,
        }
    }

    /// Adds one scored hand's payments (per table seat, positive = received).
    pub fn add(&mut self, payments: &[i64]) -> AfterHand {
        self.hands += 1;
        let mut short = false;
        for (b, p) in self.balances.iter_mut().zip(payments).take(self.seats) {
            // he owes `-p`; he can pay it when it is no more than he has
            short |= *p < 0 && p.saturating_neg() > *b;
            *b = b.saturating_add(*p);
        }
        if short && self.first_short.is_none() {
            self.first_short = Some(self.hands);
        }
        match (short, self.ends) {
            (true, SessionEnd::WhenOneCannotPay) => AfterHand::Ended,
            _ => AfterHand::PlaysOn,
        }
    }

    /// A new session: every seat at the start again.
    pub fn restart(&mut self) {
        self.balances = [self.start; MAX_SEATS];
        self.hands = 0;
        self.first_short = None;
    }
}

/// A run's sessions, counted as `Summary` counts hands: integer sums that merge in any order,
/// and the means `finish` takes from them.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SessionStats {
    /// Sessions played. One ends when the rules end it, and also at the end of each chunk of
    /// 256 hands (as if by agreement: shards play whole chunks, so a session never spans two).
    pub sessions: u64,
    /// Hands scored in them (a thrown-in deal is not a hand of the session).
    pub hands: u64,
    /// Sessions in which a seat could not pay (with `ends when-one-cannot-pay`, each ended there).
    pub cannot_pay: u64,
    /// Over those sessions, the hands up to and including the first one a seat could not pay.
    pub hands_to_cannot_pay: u64,
    pub mean_hands: f64,
    pub mean_hands_to_cannot_pay: f64,
}

impl SessionStats {
    /// Adds a scored hand to the running session `b`; counts the session and starts the next
    /// when this hand ended it.
    pub fn add_hand(&mut self, b: &mut Balance, payments: &[i64]) {
        if b.add(payments) == AfterHand::Ended {
            self.close(b);
        }
    }

    /// Counts the running session as ended (the rules ended it, or its chunk is over) and starts
    /// the next; a session without a hand is not one.
    pub fn close(&mut self, b: &mut Balance) {
        if b.hands > 0 {
            self.sessions += 1;
            self.hands += b.hands;
            if let Some(k) = b.first_short {
                self.cannot_pay += 1;
                self.hands_to_cannot_pay += k;
            }
        }
        b.restart();
    }

    /// These counts with `o`'s added (the means are left for `finish`).
    pub fn merge(mut self, o: &SessionStats) -> SessionStats {
        self.sessions += o.sessions;
        self.hands += o.hands;
        self.cannot_pay += o.cannot_pay;
        self.hands_to_cannot_pay += o.hands_to_cannot_pay;
        self
    }

    /// The means from the sums.
    pub fn finish(&mut self) {
        let mean = |a: u64, b: u64| if b > 0 { a as f64 / b as f64 } else { 0.0 };
        self.mean_hands = mean(self.hands, self.sessions);
        self.mean_hands_to_cannot_pay = mean(self.hands_to_cannot_pay, self.cannot_pay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn balance(start: i64, ends: SessionEnd) -> Balance {
        Balance::new(&Session { start, ends }, 4)
    }

    /// Seat 0 pays `owed` to seat 1 from a balance of 10.
    fn pays(owed: i64, ends: SessionEnd) -> (AfterHand, Balance) {
        let mut b = balance(10, ends);
        let after = b.add(&[-owed, owed, 0, 0]);
        (after, b)
    }

    #[test]
    fn paying_one_less_than_he_has_plays_on() {
        let (after, b) = pays(9, SessionEnd::WhenOneCannotPay);
        assert_eq!(after, AfterHand::PlaysOn);
        assert_eq!(&b.balances[..4], &[1, 19, 10, 10]);
        assert_eq!(b.first_short, None);
    }

    #[test]
    fn paying_the_last_token_is_allowed() {
        let (after, b) = pays(10, SessionEnd::WhenOneCannotPay);
        assert_eq!(after, AfterHand::PlaysOn);
        assert_eq!(&b.balances[..4], &[0, 20, 10, 10]);
        assert_eq!(b.first_short, None);
    }

    #[test]
    fn owing_one_more_than_he_has_ends_the_session() {
        let (after, b) = pays(11, SessionEnd::WhenOneCannotPay);
        assert_eq!(after, AfterHand::Ended);
        assert_eq!(b.balances[0], -1);
        assert_eq!(b.first_short, Some(1));
    }

    #[test]
    fn by_agreement_a_seat_that_cannot_pay_plays_on_in_debt() {
        let (after, b) = pays(11, SessionEnd::ByAgreement);
        assert_eq!(after, AfterHand::PlaysOn);
        assert_eq!(b.balances[0], -1);
        assert_eq!(b.first_short, Some(1));
    }

    #[test]
    fn a_seat_at_zero_may_win_again_and_a_receiving_seat_is_never_short() {
        let mut b = balance(1, SessionEnd::WhenOneCannotPay);
        assert_eq!(b.add(&[-1, 1, 0, 0]), AfterHand::PlaysOn);
        assert_eq!(b.add(&[3, -1, -1, -1]), AfterHand::PlaysOn);
        assert_eq!(&b.balances[..4], &[3, 1, 0, 0]);
        assert_eq!(b.add(&[0, 0, -1, 1]), AfterHand::Ended);
        assert_eq!(b.hands, 3);
    }

    #[test]
    fn stats_count_a_session_when_it_ends_and_the_next_starts_fresh() {
        let mut b = balance(2, SessionEnd::WhenOneCannotPay);
        let mut st = SessionStats::default();
        st.add_hand(&mut b, &[-2, 2, 0, 0]);
        st.add_hand(&mut b, &[-1, 1, 0, 0]); // seat 0 owes 1 and has 0: ended after 2 hands
        assert_eq!((st.sessions, st.hands, st.cannot_pay), (1, 2, 1));
        assert_eq!(&b.balances[..4], &[2, 2, 2, 2]);
        st.add_hand(&mut b, &[1, -1, 0, 0]);
        st.close(&mut b); // the chunk is over: the running session counts, without a shortfall
        st.close(&mut b); // an empty one does not
        st.finish();
        assert_eq!(
            (st.sessions, st.hands, st.cannot_pay, st.hands_to_cannot_pay),
            (2, 3, 1, 2)
        );
        assert_eq!((st.mean_hands, st.mean_hands_to_cannot_pay), (1.5, 2.0));
    }
}
