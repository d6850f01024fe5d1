//! Own scores: takes the finished hand and a contract's `own` expression, gives each active
//! player his own score (the expression read with him as `me`), credited to him from nobody, as
//! `each-scores` credits (the hand is not zero-sum; the sheet's `own_scores` is the sum). Run
//! once per hand after the last trick, never per card: a tree walk over a few nodes per seat.
//!
//! The arithmetic saturates at the ends of `i64`, so no expression can panic or wrap. The
//! interval analysis of docs/scores.md 1.8 (a proven range for each expression) is not built yet.

use super::{Finished, Game, Pay, MAX_SEATS};
use crate::model::expr::{BoolExpr, ExprSeat, IntExpr};
use crate::syntax::ast::{Reading, SideName};

/// Deepest nesting of quantifiers an expression can have: the parser's bracket limit.
const MAX_DEPTH: usize = crate::syntax::MAX_NESTING + 1;

/// What the readings read, per position (forehand first), and of the hand.
#[derive(Debug, Clone, Copy)]
pub(super) struct Facts {
    /// Active positions.
    pub n: u8,
    pub tricks: [i64; MAX_SEATS],
    /// Card points in tricks (with the last trick, and discards where the contract says so).
    pub points: [i64; MAX_SEATS],
    /// The undertaking, 0 for a position without one.
    pub bids: [i64; MAX_SEATS],
    /// Every card point of the hand: the deck's in this contract, and the last-trick bonus.
    pub all_points: i64,
    /// The tricks of the hand.
    pub hand_size: i64,
}

impl Facts {
    fn of(g: &Game, f: &Finished) -> Facts {
        let mut x = Facts {
            n: f.n.min(MAX_SEATS as u8),
            tricks: [0; MAX_SEATS],
            points: f.points,
            bids: [0; MAX_SEATS],
            all_points: 0,
            hand_size: i64::from(f.total_tricks),
        };
        for p in 0..MAX_SEATS {
            x.tricks[p] = i64::from(f.tricks_won[p]);
            x.bids[p] = f.undertaking(p as u8).map(i64::from).unwrap_or(0);
        }
        if let Some(t) = g.table() {
            let cards = g.rules.variant.cards.len().min(t.points.len());
            let deck: i64 = t.points[..cards].iter().map(|&p| i64::from(p)).sum();
            x.all_points = deck + if t.counts_points { i64::from(t.last_trick) } else { 0 };
        }
        x
    }
}

/// Credits every active position his own score; gives the sum credited.
#[inline(never)] // only contracts with `own`
pub(super) fn settle(g: &Game, f: &Finished, own: &IntExpr, pay: &mut Pay) -> i64 {
    let facts = Facts::of(g, f);
    let mut sum = 0i64;
    for p in 0..facts.n {
        let v = score(own, &facts, p);
        pay.credit(g.seat_at(p), v);
        sum = sum.saturating_add(v);
    }
    sum
}

/// Position `me`'s own score.
pub(super) fn score(own: &IntExpr, facts: &Facts, me: u8) -> i64 {
    let mut ev = Eval {
        facts,
        me,
        vars: [0; MAX_DEPTH],
        depth: 0,
    };
    ev.int(own)
}

struct Eval<'a> {
    facts: &'a Facts,
    me: u8,
    /// The seats the quantifiers around the current node stand on, outermost first.
    vars: [u8; MAX_DEPTH],
    depth: usize,
}

impl Eval<'_> {
    fn seat(&self, who: ExprSeat) -> usize {
        let p = match who {
            ExprSeat::Me => self.me,
            // the builder binds every variable; an unbound one (never built) reads `me`
            ExprSeat::Var(i) if (i as usize) < self.depth => self.vars[i as usize],
            ExprSeat::Var(_) => self.me,
        };
        p as usize & (MAX_SEATS - 1)
    }

    fn int(&mut self, e: &IntExpr) -> i64 {
        match e {
            IntExpr::Const(n) => *n,
            IntExpr::Read(r, who) => {
                let p = self.seat(*who);
                match r {
                    Reading::Tricks => self.facts.tricks[p],
                    Reading::CardPoints => self.facts.points[p],
                    Reading::Bid => self.facts.bids[p],
                    Reading::AllPoints => self.facts.all_points,
                    Reading::HandSize => self.facts.hand_size,
                }
            }
            IntExpr::Add(a, b) => self.int(a).saturating_add(self.int(b)),
            IntExpr::Sub(a, b) => self.int(a).saturating_sub(self.int(b)),
            IntExpr::Mul(a, b) => self.int(a).saturating_mul(self.int(b)),
            IntExpr::Neg(a) => self.int(a).saturating_neg(),
            IntExpr::If(c, a, b) => {
                if self.bool(c) {
                    self.int(a)
                } else {
                    self.int(b)
                }
            }
            IntExpr::Sum(side, body) => {
                let mut sum = 0i64;
                for p in self.members(*side) {
                    let v = self.bound(p, |ev| ev.int(body));
                    sum = sum.saturating_add(v);
                }
                sum
            }
        }
    }

    fn bool(&mut self, e: &BoolExpr) -> bool {
        match e {
            BoolExpr::Or(v) => v.iter().any(|c| self.bool(c)),
            BoolExpr::And(v) => v.iter().all(|c| self.bool(c)),
            BoolExpr::Not(c) => !self.bool(c),
            BoolExpr::Cmp(a, cmp, b) => {
                let (a, b) = (self.int(a), self.int(b));
                cmp.holds(a, b)
            }
            BoolExpr::Any(side, c) => self.members(*side).any(|p| self.bound(p, |ev| ev.bool(c))),
            BoolExpr::All(side, c) => self.members(*side).all(|p| self.bound(p, |ev| ev.bool(c))),
        }
    }

    /// The positions of a side: every active one, or all but `me`.
    fn members(&self, side: SideName) -> impl Iterator<Item = u8> {
        let me = self.me;
        (0..self.facts.n).filter(move |&p| side == SideName::Seats || p != me)
    }

    /// Evaluates `f` with the next quantifier variable standing on position `p`.
    fn bound<T>(&mut self, p: u8, f: impl FnOnce(&mut Self) -> T) -> T {
        if self.depth < MAX_DEPTH {
            self.vars[self.depth] = p;
        }
        self.depth += 1;
        let out = f(self);
        self.depth -= 1;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::Cmp;

    fn facts() -> Facts {
        let mut x = Facts {
            n: 4,
            tricks: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            bids: [0; MAX_SEATS],
            all_points: 26,
            hand_size: 13,
        };
        x.tricks[..4].copy_from_slice(&[5, 3, 4, 1]);
        x.points[..4].copy_from_slice(&[0, 26, 0, 0]);
        x.bids[..4].copy_from_slice(&[5, 2, 4, 3]);
        x
    }

    fn b<T>(x: T) -> Box<T> {
        Box::new(x)
    }

    fn read(r: Reading, who: ExprSeat) -> IntExpr {
        IntExpr::Read(r, who)
    }

    #[test]
    fn saturates_instead_of_overflowing() {
        let x = facts();
        let big = IntExpr::Mul(b(IntExpr::Const(i64::MAX)), b(read(Reading::Tricks, ExprSeat::Me)));
        assert_eq!(score(&big, &x, 0), i64::MAX);
        let low = IntExpr::Sub(b(IntExpr::Const(i64::MIN)), b(IntExpr::Const(1)));
        assert_eq!(score(&low, &x, 0), i64::MIN);
        assert_eq!(score(&IntExpr::Neg(b(IntExpr::Const(i64::MIN))), &x, 0), i64::MAX);
        let sum = IntExpr::Sum(SideName::Seats, b(IntExpr::Const(i64::MAX / 2)));
        assert_eq!(score(&sum, &x, 0), i64::MAX);
    }

    #[test]
    fn nested_if_takes_the_branch_its_conditions_choose() {
        // if tricks exactly bid then (if tricks more-than 4 then 100 else 10) else -1
        let exact = BoolExpr::Cmp(
            b(read(Reading::Tricks, ExprSeat::Me)),
            Cmp::Exactly,
            b(read(Reading::Bid, ExprSeat::Me)),
        );
        let many = BoolExpr::Cmp(
            b(read(Reading::Tricks, ExprSeat::Me)),
            Cmp::MoreThan,
            b(IntExpr::Const(4)),
        );
        let e = IntExpr::If(
            b(exact),
            b(IntExpr::If(b(many), b(IntExpr::Const(100)), b(IntExpr::Const(10)))),
            b(IntExpr::Const(-1)),
        );
        let x = facts();
        assert_eq!([0, 1, 2, 3].map(|p| score(&e, &x, p)), [100, -1, 10, -1]);
    }

    #[test]
    fn others_leaves_me_out_and_seats_does_not() {
        let x = facts();
        let tricks_of_s = || b(read(Reading::Tricks, ExprSeat::Var(0)));
        let others = IntExpr::Sum(SideName::Others, tricks_of_s());
        let seats = IntExpr::Sum(SideName::Seats, tricks_of_s());
        assert_eq!([0, 1, 2, 3].map(|p| score(&others, &x, p)), [8, 10, 9, 12]);
        assert_eq!([0, 1, 2, 3].map(|p| score(&seats, &x, p)), [13; 4]);
        // any other player took all the points: true for all but the one who took them
        let shot = BoolExpr::Any(
            SideName::Others,
            b(BoolExpr::Cmp(
                b(read(Reading::CardPoints, ExprSeat::Var(0))),
                Cmp::Exactly,
                b(read(Reading::AllPoints, ExprSeat::Me)),
            )),
        );
        let e = IntExpr::If(b(shot), b(IntExpr::Const(1)), b(IntExpr::Const(0)));
        assert_eq!([0, 1, 2, 3].map(|p| score(&e, &x, p)), [1, 0, 1, 1]);
    }

    #[test]
    fn nested_quantifiers_read_their_own_variables() {
        // sum(s in seats: sum(t in others: if tricks of s more-than tricks of t then 1 else 0)):
        // others is all but `me` (position 0), whatever s is
        let x = facts();
        let more = BoolExpr::Cmp(
            b(read(Reading::Tricks, ExprSeat::Var(0))),
            Cmp::MoreThan,
            b(read(Reading::Tricks, ExprSeat::Var(1))),
        );
        let inner = IntExpr::Sum(
            SideName::Others,
            b(IntExpr::If(b(more), b(IntExpr::Const(1)), b(IntExpr::Const(0)))),
        );
        let e = IntExpr::Sum(SideName::Seats, b(inner));
        // t over positions 1..4 (tricks 3, 4, 1); s over all: 5 beats 3; 3 beats 1; 4 beats 3,1; 1 none
        // s=0 (5): 3 (beats 3,4,1); s=1 (3): 1; s=2 (4): 2; s=3 (1): 0
        assert_eq!(score(&e, &x, 0), 6);
    }
}
