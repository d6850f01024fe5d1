//! Computed scores in the model: takes nothing, gives the typed, resolved expressions of
//! docs/scores.md (the slice built so far: the `own EXPR` slot) and their wording for `explain`.
//! The builder (`build/expr.rs`) types the syntax tree's `Expr` into these; the engine
//! (`engine/score/own.rs`) evaluates them once per seat after the last trick.
//!
//! Every expression is total: no division, bounded quantifiers over at most 8 seats, and the
//! engine's arithmetic saturates, so no hand can fail to score. The interval analysis of
//! docs/scores.md 1.8 (each expression's proven range) is not built yet.

use crate::syntax::ast::{Cmp, Reading, SideName};
use serde::Serialize;

/// Whose reading: the slot's subject (`me`, or a bare reading), or a quantifier's variable,
/// numbered from the outermost quantifier (0) inwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ExprSeat {
    Me,
    Var(u8),
}

/// A number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum IntExpr {
    Const(i64),
    /// A reading of a seat (`tricks`, `card-points`, `bid`) or of the hand (`all-points`,
    /// `hand-size`: their seat is `Me` and unread).
    Read(Reading, ExprSeat),
    Add(Box<IntExpr>, Box<IntExpr>),
    Sub(Box<IntExpr>, Box<IntExpr>),
    Mul(Box<IntExpr>, Box<IntExpr>),
    Neg(Box<IntExpr>),
    If(Box<BoolExpr>, Box<IntExpr>, Box<IntExpr>),
    /// `sum(s in SIDE: E)`: `E` for each seat of the side, added.
    Sum(SideName, Box<IntExpr>),
}

/// A condition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum BoolExpr {
    Or(Vec<BoolExpr>),
    And(Vec<BoolExpr>),
    Not(Box<BoolExpr>),
    Cmp(Box<IntExpr>, Cmp, Box<IntExpr>),
    /// `any(s in SIDE: C)`, `all(s in SIDE: C)`.
    Any(SideName, Box<BoolExpr>),
    All(SideName, Box<BoolExpr>),
}

impl IntExpr {
    /// Whether the expression reads `bid` anywhere (it needs a round that gives bids).
    pub fn reads(&self, r: Reading) -> bool {
        match self {
            IntExpr::Const(_) => false,
            IntExpr::Read(x, _) => *x == r,
            IntExpr::Add(a, b) | IntExpr::Sub(a, b) | IntExpr::Mul(a, b) => a.reads(r) || b.reads(r),
            IntExpr::Neg(a) | IntExpr::Sum(_, a) => a.reads(r),
            IntExpr::If(c, a, b) => c.reads(r) || a.reads(r) || b.reads(r),
        }
    }

    /// The expression in words, for `explain`: `tricks + (10 if tricks exactly bid, else 0)`.
    pub fn describe(&self) -> String {
        self.words(&mut Vec::new())
    }

    fn words(&self, vars: &mut Vec<String>) -> String {
        let sub = |x: &IntExpr, vars: &mut Vec<String>| match x {
            IntExpr::Const(_) | IntExpr::Read(..) | IntExpr::Sum(..) => x.words(vars),
            IntExpr::Neg(_) => x.words(vars),
            _ => format!("({})", x.words(vars)),
        };
        match self {
            IntExpr::Const(n) => n.to_string(),
            IntExpr::Read(r, who) => match (r, who) {
                (Reading::AllPoints, _) => "all the hand's card points".into(),
                (Reading::HandSize, _) => "the hand's tricks".into(),
                (_, ExprSeat::Me) => r.word().into(),
                (_, ExprSeat::Var(i)) => format!("{} of {}", r.word(), var_name(vars, *i)),
            },
            IntExpr::Add(a, b) => format!("{} + {}", a.words(vars), sub(b, vars)),
            IntExpr::Sub(a, b) => format!("{} - {}", a.words(vars), sub(b, vars)),
            IntExpr::Mul(a, b) => format!("{} × {}", sub(a, vars), sub(b, vars)),
            IntExpr::Neg(a) => format!("-{}", sub(a, vars)),
            // a `then` branch that is itself an `if` is bracketed: `(A if C, else B) if D, else E`
            IntExpr::If(c, a, b) => {
                let then = match **a {
                    IntExpr::If(..) => format!("({})", a.words(vars)),
                    _ => a.words(vars),
                };
                format!("{then} if {}, else {}", c.words(vars), b.words(vars))
            }
            IntExpr::Sum(side, body) => quantified(vars, "the sum over", *side, |vars| body.words(vars)),
        }
    }
}

impl BoolExpr {
    fn reads(&self, r: Reading) -> bool {
        match self {
            BoolExpr::Or(v) | BoolExpr::And(v) => v.iter().any(|c| c.reads(r)),
            BoolExpr::Not(c) | BoolExpr::Any(_, c) | BoolExpr::All(_, c) => c.reads(r),
            BoolExpr::Cmp(a, _, b) => a.reads(r) || b.reads(r),
        }
    }

    fn words(&self, vars: &mut Vec<String>) -> String {
        let sub = |x: &BoolExpr, vars: &mut Vec<String>| match x {
            BoolExpr::Or(_) | BoolExpr::And(_) => format!("({})", x.words(vars)),
            _ => x.words(vars),
        };
        match self {
            BoolExpr::Or(v) => v.iter().map(|c| sub(c, vars)).collect::<Vec<_>>().join(" or "),
            BoolExpr::And(v) => v.iter().map(|c| sub(c, vars)).collect::<Vec<_>>().join(" and "),
            BoolExpr::Not(c) => format!("not {}", sub(c, vars)),
            BoolExpr::Cmp(a, cmp, b) => format!("{} {} {}", a.words(vars), cmp.word(), b.words(vars)),
            BoolExpr::Any(side, c) => quantified(vars, "some", *side, |vars| c.words(vars)),
            BoolExpr::All(side, c) => quantified(vars, "every", *side, |vars| c.words(vars)),
        }
    }
}

/// A quantifier's variable in words: `s`, then `t`, ... by depth (the model keeps no names).
fn var_name(vars: &[String], i: u8) -> String {
    vars.get(i as usize).cloned().unwrap_or_else(|| "?".into())
}

fn quantified(
    vars: &mut Vec<String>,
    lead: &str,
    side: SideName,
    body: impl FnOnce(&mut Vec<String>) -> String,
) -> String {
    let name = ["s", "t", "u", "v", "w", "x", "y", "z"]
        .get(vars.len())
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("s{}", vars.len()));
    let who = match side {
        SideName::Seats => "player",
        SideName::Others => "other player",
    };
    vars.push(name.clone());
    let text = body(vars);
    vars.pop();
    format!("({lead} {who} {name}: {text})")
}
