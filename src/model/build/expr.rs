//! The builder's part for computed scores: takes the syntax tree's `Expr` of an `own` line,
//! gives the typed `IntExpr` of `model::expr`, and a diagnostic at the operand for a condition
//! where a number is needed (or the reverse), `of` on something that is not a seat, and a
//! quantifier's variable that no quantifier around it binds.

use super::Builder;
use crate::diag::Code;
use crate::model::expr::{BoolExpr, ExprSeat, IntExpr};
use crate::resolve::Entry;
use crate::syntax::ast::{self, Expr, ExprKind, Quant, Reading, WhoName, Word, WordKind};

/// An expression with its type found.
enum Typed {
    Int(IntExpr),
    Bool(BoolExpr),
}

impl Builder<'_> {
    /// `own EXPR`: a number, read with `me` as the subject.
    pub(super) fn own_expr(&mut self, e: &Entry, x: &Expr) -> Option<IntExpr> {
        let mut scope = Vec::new();
        self.int_expr(e, x, &mut scope)
    }

    fn int_expr(&mut self, e: &Entry, x: &Expr, scope: &mut Vec<String>) -> Option<IntExpr> {
        match self.typed(e, x, scope)? {
            Typed::Int(i) => Some(i),
            Typed::Bool(_) => {
                self.type_error(
                    e,
                    x,
                    "a number",
                    "a condition",
                    "write a number here; a condition becomes one by `if CONDITION then A else B`",
                );
                None
            }
        }
    }

    fn bool_expr(&mut self, e: &Entry, x: &Expr, scope: &mut Vec<String>) -> Option<BoolExpr> {
        match self.typed(e, x, scope)? {
            Typed::Bool(b) => Some(b),
            Typed::Int(_) => {
                self.type_error(
                    e,
                    x,
                    "a condition",
                    "a number",
                    "compare the number: `tricks exactly 3`, `card-points at-least 10`",
                );
                None
            }
        }
    }

    fn type_error(&mut self, e: &Entry, x: &Expr, want: &str, found: &str, help: &str) {
        self.err(
            Code::ScoreType,
            e,
            x.span,
            format!("{want} is needed here, but this is {found}"),
            format!("{found}, not {want}"),
            help,
        );
    }

    fn typed(&mut self, e: &Entry, x: &Expr, scope: &mut Vec<String>) -> Option<Typed> {
        Some(match &x.kind {
            ExprKind::Int(n) => Typed::Int(IntExpr::Const(*n)),
            ExprKind::Reading { reading, of } => {
                Typed::Int(IntExpr::Read(*reading, self.who(e, *reading, of.as_ref(), scope)?))
            }
            ExprKind::If(c, t, f) => {
                let c = self.bool_expr(e, c, scope);
                let (t, f) = (self.typed(e, t, scope), self.typed(e, f, scope));
                match (c?, t?, f?) {
                    (c, Typed::Int(t), Typed::Int(f)) => Typed::Int(IntExpr::If(Box::new(c), Box::new(t), Box::new(f))),
                    (c, Typed::Bool(t), Typed::Bool(f)) => Typed::Bool(BoolExpr::Or(vec![
                        BoolExpr::And(vec![c.clone(), t]),
                        BoolExpr::And(vec![BoolExpr::Not(Box::new(c)), f]),
                    ])),
                    (_, Typed::Int(_), Typed::Bool(_)) | (_, Typed::Bool(_), Typed::Int(_)) => {
                        let (then, other) = match &x.kind {
                            ExprKind::If(_, t, f) => (t, f),
                            _ => return None,
                        };
                        self.err(
                            Code::ScoreType,
                            e,
                            other.span,
                            "the two branches of `if` must be of one type".to_string(),
                            "this branch is not of the `then` branch's type",
                            format!("`then {then}` and `else {other}`: give both a number, or both a condition"),
                        );
                        return None;
                    }
                }
            }
            ExprKind::Or(v) | ExprKind::And(v) => {
                let parts: Vec<Option<BoolExpr>> = v.iter().map(|y| self.bool_expr(e, y, scope)).collect();
                let parts = parts.into_iter().collect::<Option<Vec<_>>>()?;
                Typed::Bool(if matches!(x.kind, ExprKind::Or(_)) {
                    BoolExpr::Or(parts)
                } else {
                    BoolExpr::And(parts)
                })
            }
            ExprKind::Not(y) => Typed::Bool(BoolExpr::Not(Box::new(self.bool_expr(e, y, scope)?))),
            ExprKind::Cmp(l, cmp, r) => {
                let (l, r) = (self.int_expr(e, l, scope), self.int_expr(e, r, scope));
                Typed::Bool(BoolExpr::Cmp(Box::new(l?), *cmp, Box::new(r?)))
            }
            ExprKind::Add(l, plus, r) => {
                let (l, r) = (self.int_expr(e, l, scope), self.int_expr(e, r, scope));
                let (l, r) = (Box::new(l?), Box::new(r?));
                Typed::Int(if *plus { IntExpr::Add(l, r) } else { IntExpr::Sub(l, r) })
            }
            ExprKind::Mul(l, r) => {
                let (l, r) = (self.int_expr(e, l, scope), self.int_expr(e, r, scope));
                Typed::Int(IntExpr::Mul(Box::new(l?), Box::new(r?)))
            }
            ExprKind::Neg(y) => Typed::Int(IntExpr::Neg(Box::new(self.int_expr(e, y, scope)?))),
            ExprKind::Quant {
                kind,
                var,
                var_span,
                side,
                body,
            } => {
                // `of me` always reads the player scored: a variable of that name could never be read
                if var == "me" {
                    self.err(
                        Code::DuplicateName,
                        e,
                        *var_span,
                        "a quantifier's seat may not be called `me`: `of me` reads the player scored",
                        "`me` is taken",
                        "name the seat another way, such as `s`: `any(s in seats: ... of s)`",
                    );
                    return None;
                }
                scope.push(var.clone());
                let out = match kind {
                    Quant::Sum => self
                        .int_expr(e, body, scope)
                        .map(|i| Typed::Int(IntExpr::Sum(*side, Box::new(i)))),
                    Quant::Any => self
                        .bool_expr(e, body, scope)
                        .map(|c| Typed::Bool(BoolExpr::Any(*side, Box::new(c)))),
                    Quant::All => self
                        .bool_expr(e, body, scope)
                        .map(|c| Typed::Bool(BoolExpr::All(*side, Box::new(c)))),
                };
                scope.pop();
                out?
            }
        })
    }

    /// The seat of `reading of X`: the subject without `of`, `me`, or the innermost quantifier
    /// variable of that name.
    fn who(&mut self, e: &Entry, reading: Reading, of: Option<&ast::Who>, scope: &[String]) -> Option<ExprSeat> {
        let Some(of) = of else { return Some(ExprSeat::Me) };
        if matches!(reading, Reading::AllPoints | Reading::HandSize) {
            self.err(
                Code::ScoreType,
                e,
                of.span,
                format!("`{}` is the hand's, not a player's: it takes no `of`", reading.word()),
                "not read of a seat",
                format!("write `{}` alone", reading.word()),
            );
            return None;
        }
        match &of.name {
            WhoName::Me => Some(ExprSeat::Me),
            WhoName::Side(side) => {
                self.err(
                    Code::ScoreType,
                    e,
                    of.span,
                    format!(
                        "`{} of {}` reads a side, but `of` takes a seat here",
                        reading.word(),
                        side.word()
                    ),
                    "a side, not a seat",
                    format!("add the seats up: `sum(s in {}: {} of s)`", side.word(), reading.word()),
                );
                None
            }
            WhoName::Var(name) => match scope.iter().rposition(|v| v == name) {
                Some(i) => Some(ExprSeat::Var(u8::try_from(i).unwrap_or(u8::MAX))),
                None => {
                    let mut known = vec!["me".to_string()];
                    known.extend(scope.iter().cloned());
                    let word = Word {
                        text: name.clone(),
                        kind: WordKind::Bare,
                        span: of.span,
                    };
                    self.unknown(e, &word, "seat", &known);
                    None
                }
            },
        }
    }
}
