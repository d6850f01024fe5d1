//! Figure conditions in the model: the closed predicate language with cards resolved to
//! suit and rank ids, and its rendering in words for `explain`.

use super::{RankId, SuitId, Variant};
use crate::syntax::ast::{Comparison, TrickCount, TrickRef};
use serde::Serialize;

/// Which suit a card reference means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SuitSel {
    /// The trump suit of the hand.
    Trump,
    /// Every suit (`any.A` = all four aces).
    Any,
    Suit(SuitId),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardSel {
    pub suit: SuitSel,
    pub rank: RankId,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Cond {
    Or(Vec<Cond>),
    And(Vec<Cond>),
    Not(Box<Cond>),
    Prim(Prim),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Prim {
    Points {
        with_melds: bool,
        cmp: Comparison,
        threshold: i64,
    },
    Captures(Vec<CardSel>),
    WinsTrick {
        trick: TrickRef,
        card: CardSel,
    },
    AllTricks,
    NoTricks,
    Game {
        won: bool,
    },
    Holds(Vec<CardSel>),
    TrumpIs(SuitId),
    /// The side's tricks together, compared with a number.
    Tricks {
        cmp: TrickCount,
        n: u32,
    },
    /// The side's tricks compared with the undertaking of the player judged (`tricks exactly bid`).
    TricksBid {
        cmp: TrickCount,
    },
    /// One member of the opposing side took no trick.
    OpponentNoTricks,
    /// The side won each of the last N tricks.
    LastTricks(u32),
    /// The side (with `alone`, the player judged himself) won each of the first N tricks.
    FirstTricks {
        n: u32,
        alone: bool,
    },
    /// None of the last N tricks holds a trump card (true without trumps).
    NoTrumpInLast(u32),
}

impl Cond {
    /// Visits every primitive.
    pub fn prims(&self, f: &mut impl FnMut(&Prim)) {
        match self {
            Cond::Or(v) | Cond::And(v) => v.iter().for_each(|c| c.prims(f)),
            Cond::Not(c) => c.prims(f),
            Cond::Prim(p) => f(p),
        }
    }

    /// The condition in words, for `explain`.
    pub fn describe(&self, v: &Variant) -> String {
        match self {
            Cond::Or(parts) => parts.iter().map(|c| paren(c, v)).collect::<Vec<_>>().join(" or "),
            Cond::And(parts) => parts.iter().map(|c| paren(c, v)).collect::<Vec<_>>().join(" and "),
            Cond::Not(c) => format!("not {}", paren(c, v)),
            Cond::Prim(p) => p.describe(v),
        }
    }
}

fn paren(c: &Cond, v: &Variant) -> String {
    match c {
        Cond::Prim(_) | Cond::Not(_) => c.describe(v),
        _ => format!("({})", c.describe(v)),
    }
}

/// `trump 7`, `ace of tök`, `every ász`.
pub fn card_words(c: &CardSel, v: &Variant) -> String {
    let rank = v.ranks.get(c.rank as usize).map(|r| r.code.as_str()).unwrap_or("?");
    match c.suit {
        SuitSel::Trump => format!("trump {rank}"),
        SuitSel::Any => format!("every {rank}"),
        SuitSel::Suit(s) => format!(
            "{} {rank}",
            v.suits.get(s as usize).map(|s| s.name.as_str()).unwrap_or("?")
        ),
    }
}

fn cards_words(cs: &[CardSel], v: &Variant) -> String {
    cs.iter().map(|c| card_words(c, v)).collect::<Vec<_>>().join(", ")
}

/// `at-least`, `exactly`, `at-most` in words.
fn count_words(cmp: TrickCount) -> &'static str {
    match cmp {
        TrickCount::AtLeast => "at least",
        TrickCount::Exactly => "exactly",
        TrickCount::AtMost => "at most",
    }
}

pub fn trick_words(t: TrickRef) -> String {
    match t {
        TrickRef::Number(n) => format!("trick {n}"),
        TrickRef::FromLast(0) => "the last trick".into(),
        TrickRef::FromLast(1) => "the trick before the last".into(),
        TrickRef::FromLast(k) => format!("the trick {k} before the last"),
    }
}

impl Prim {
    pub fn describe(&self, v: &Variant) -> String {
        match self {
            Prim::Points {
                with_melds,
                cmp,
                threshold,
            } => format!(
                "{} {} {threshold}",
                if *with_melds {
                    "card points with melds"
                } else {
                    "card points (tricks and last trick, no melds)"
                },
                super::comparison_text(*cmp)
            ),
            Prim::Captures(cs) => format!("captures {}", cards_words(cs, v)),
            Prim::WinsTrick { trick, card } => format!("wins {} with the {}", trick_words(*trick), card_words(card, v)),
            Prim::AllTricks => "wins every trick".into(),
            Prim::NoTricks => "wins no trick".into(),
            Prim::Game { won } => format!("the game is {}", if *won { "won" } else { "lost" }),
            Prim::Holds(cs) => format!("one hand holds {} when play starts", cards_words(cs, v)),
            Prim::Tricks { cmp, n } => format!("takes {} {n} tricks (the side together)", count_words(*cmp)),
            Prim::TricksBid { cmp } => {
                format!("takes {} as many tricks as he bid (his undertaking)", count_words(*cmp))
            }
            Prim::OpponentNoTricks => "one player of the other side takes no trick".into(),
            Prim::LastTricks(n) => format!("wins each of the last {n} tricks"),
            Prim::FirstTricks { n, alone: false } => format!("wins each of the first {n} tricks (the side together)"),
            Prim::FirstTricks { n, alone: true } => format!("wins each of the first {n} tricks, each one taken by the player judged himself (the declarer, not his partner)"),
            Prim::NoTrumpInLast(n) => format!("none of the last {n} tricks holds a trump card"),
            Prim::TrumpIs(s) => format!(
                "trumps are {}",
                v.suits.get(*s as usize).map(|s| s.name.as_str()).unwrap_or("?")
            ),
        }
    }
}

impl Variant {
    /// Whether some condition asks whether tricks hold a trump (`no-trump-in last-tricks N`), in
    /// a figure or a contract: the only place `claim-trumps` is read.
    pub fn judges_trump_free_tricks(&self) -> bool {
        let mut found = false;
        let mut look = |c: &Cond| c.prims(&mut |p| found |= matches!(p, Prim::NoTrumpInLast(_)));
        for f in &self.figures {
            f.conditions.iter().for_each(|(_, c)| look(c));
            if let Some((_, c)) = &f.upgrade {
                look(c);
            }
        }
        for c in &self.contracts {
            c.goal.iter().chain(c.deduct.iter()).for_each(&mut look);
        }
        found
    }
}
