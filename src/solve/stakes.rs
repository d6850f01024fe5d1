//! What the score sheet pays for the declarer's count: takes a `Game` in its play phase and its
//! `Objective`, gives the bounds on the count where the payment changes (the contract's win,
//! and each announced figure whose condition is one bound on the same count) with what each is
//! worth at the levels said, and the value a search should rank a card by: the payment first,
//! the count only between cards that pay the same.
//!
//! A bound the count cannot read (a trick won by a card, an exact number of tricks) is left
//! out: there the count alone decides. "More than each" of several opponents is read as its
//! sure bound: more than one opponent holding all the rest.

use super::objective::{Count, Objective};
use crate::engine::Game;
use crate::model::{Cond, Prim, SidesKind, Win};
use crate::syntax::ast::{Comparison, TrickCount};

/// A bound on one count over the whole play: `at_least` (else at most) `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    pub count: Count,
    pub at_least: bool,
    pub n: i32,
}

impl Need {
    /// Whether a count of `v` meets the bound.
    pub fn met(&self, v: i32) -> bool {
        if self.at_least {
            v >= self.n
        } else {
            v <= self.n
        }
    }

    /// The same bound read on the other side's count, where the two add up to `whole`.
    fn mirrored(self, whole: i32) -> Need {
        Need {
            at_least: !self.at_least,
            n: whole - self.n,
            ..self
        }
    }
}

/// The bound a condition sets on its side's count, where it is one: `total` is the card points
/// of the whole play, `tricks` its tricks, `melds` the side's meld points where they count.
pub fn need_of(c: &Cond, total: i32, tricks: i32, melds: i64) -> Option<Need> {
    let tricks_need = |at_least, n| {
        Some(Need {
            count: Count::Tricks,
            at_least,
            n,
        })
    };
    match c {
        Cond::Prim(Prim::AllTricks) => tricks_need(true, tricks),
        Cond::Prim(Prim::NoTricks) => tricks_need(false, 0),
        Cond::Prim(Prim::Tricks { cmp, n }) => match cmp {
            TrickCount::AtLeast => tricks_need(true, i32::try_from(*n).ok()?),
            TrickCount::AtMost => tricks_need(false, i32::try_from(*n).ok()?),
            TrickCount::Exactly => None,
        },
        Cond::Prim(Prim::Points {
            with_melds,
            cmp,
            threshold,
        }) => {
            let own = if *with_melds { melds } else { 0 };
            let n = *threshold - own + i64::from(*cmp == Comparison::MoreThan);
            Some(Need {
                count: Count::Points,
                at_least: true,
                n: i32::try_from(n).ok()?,
            })
        }
        // all the tricks and a number of points that all the tricks give: the tricks decide
        Cond::And(parts) => {
            let needs: Vec<Need> = parts
                .iter()
                .map(|p| need_of(p, total, tricks, melds))
                .collect::<Option<_>>()?;
            let all = needs
                .iter()
                .find(|n| n.count == Count::Tricks && n.at_least && n.n == tricks)?;
            needs
                .iter()
                .all(|n| n.count == Count::Tricks || (n.at_least && n.n <= total))
                .then_some(*all)
        }
        _ => None,
    }
}

/// The card points of the play still to come and already taken: every card in the hands, the
/// trick and the tricks, and the last trick's bonus.
fn whole_points(g: &Game) -> i32 {
    let Some(t) = g.play_table() else { return 0 };
    let p = g.play_state();
    let n = p.n as usize;
    let cards = p
        .hands
        .iter()
        .take(n)
        .chain(p.captured.iter().take(n))
        .fold(0u64, |a, h| a | h)
        | p.trick_mask();
    t.mask_points(cards) + if t.counts_points { t.last_trick } else { 0 }
}

/// One bound on the declarer's count and what meeting it is worth to the declarer's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    need: Need,
    worth: i64,
}

/// What the sheet pays for the declarer's count in the hand being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stakes {
    steps: Vec<Step>,
    /// One more than the largest count: a unit of payment outweighs any count.
    scale: i64,
    count: Count,
}

impl Stakes {
    /// The stakes of the hand `g` is playing, read for `obj` (the declarer's side and its count).
    pub fn of_game(g: &Game, obj: &Objective) -> Stakes {
        let p = g.play_state();
        let total = whole_points(g);
        let tricks = i32::from(p.total_tricks);
        let whole = match obj.count {
            Count::Points => total,
            Count::Tricks => tricks,
        };
        let mut stakes = Stakes {
            steps: Vec::new(),
            scale: i64::from(whole.max(0)) + 1,
            count: obj.count,
        };
        // the side is decided by a trick still to come: what it has taken is not yet known
        if obj.partner_trick.is_some() {
            return stakes;
        }
        let rules = g.rules();
        let Some(cid) = g.contract() else { return stakes };
        let Some(contract) = rules.variant.contracts.get(cid) else {
            return stakes;
        };
        let melds = |mask: u16| -> i64 {
            g.melds_declared().map_or(0, |m| {
                m.iter()
                    .filter(|(s, _)| g.pos_of(*s).is_some_and(|p| mask & (1 << p.0) != 0))
                    .map(|(_, v)| v)
                    .sum()
            })
        };
        let active = ((1u32 << p.n) - 1) as u16;
        let side = obj.side & active;
        let game_worth = contract.value.saturating_mul(g.game_levels().multiplier);
        let win = match contract.win {
            Win::NoTricks => need_of(&Cond::Prim(Prim::NoTricks), total, tricks, 0),
            Win::Goal => contract
                .goal
                .as_ref()
                .and_then(|c| need_of(c, total, tricks, melds(side))),
            Win::MoreThanEach { with_melds } => {
                let opposed = active & !side;
                let each = matches!(contract.sides, SidesKind::DeclarerVsEach) && opposed.count_ones() > 1;
                let own = if with_melds { melds(side) } else { 0 };
                // one opposing side: v + own > total - v + its melds. Each of several beaten:
                // the count cannot tell how they share the rest, so the bound is the sure one,
                // an opponent holding all of it (v + own > total - v + his melds)
                let other = match (with_melds, each) {
                    (false, _) => 0,
                    (true, false) => melds(opposed),
                    (true, true) => (0..p.n)
                        .filter(|q| opposed & (1 << q) != 0)
                        .map(|q| melds(1 << q))
                        .max()
                        .unwrap_or(0),
                };
                let least = (i64::from(total) + other - own).div_euclid(2) + 1;
                (obj.count == Count::Points).then(|| Need {
                    count: Count::Points,
                    at_least: true,
                    n: i32::try_from(least.max(0)).unwrap_or(i32::MAX),
                })
            }
            Win::MostTricks | Win::MostCardPoints => None,
        };
        if let Some(need) = win {
            stakes.push(need, game_worth);
        }
        for a in g.announcements() {
            let Some(fig) = rules.variant.figures.get(a.figure) else {
                continue;
            };
            let Some(cond) = fig.condition_in(cid) else { continue };
            let by_side = side & (1 << a.by) != 0;
            let mask = if by_side { side } else { active & !side };
            // a figure one player must fulfil alone is not his side's count
            if !fig.fulfil_by_side && mask.count_ones() > 1 {
                continue;
            }
            let value = if a.front { fig.front } else { fig.back }.unwrap_or(0);
            let worth = value.saturating_mul(a.levels.multiplier);
            let Some(need) = need_of(cond, total, tricks, melds(mask)) else {
                continue;
            };
            if by_side {
                stakes.push(need, worth);
            } else {
                stakes.push(need.mirrored(whole), -worth);
            }
        }
        stakes
    }

    fn push(&mut self, need: Need, worth: i64) {
        if need.count == self.count && worth != 0 {
            self.steps.push(Step { need, worth });
        }
    }

    /// The bounds read and what meeting each is worth to the declarer's side, the contract's
    /// win first (where it is read); without any, a card is ranked by the count alone.
    pub fn needs(&self) -> impl Iterator<Item = (Need, i64)> + '_ {
        self.steps.iter().map(|s| (s.need, s.worth))
    }

    /// What the declarer's side makes of a final count `v` (taken before and from here on): the
    /// payment of every bound met, scaled above the count, and the count itself the way the
    /// side wants it (`side_maximizes`), which ranks cards of equal payment.
    pub fn utility(&self, v: i32, side_maximizes: bool) -> i64 {
        let paid: i64 = self.steps.iter().filter(|s| s.need.met(v)).map(|s| s.worth).sum();
        let count = i64::from(if side_maximizes { v } else { -v });
        paid.saturating_mul(self.scale).saturating_add(count)
    }
}

/// What the positions of `side` have taken so far, in the objective's count.
pub fn taken(g: &Game, side: u16, count: Count) -> i32 {
    let p = g.play_state();
    (0..p.n as usize)
        .filter(|&q| side & (1 << q) != 0)
        .map(|q| match count {
            Count::Points => p.points[q],
            Count::Tricks => i32::from(p.tricks_won[q]),
        })
        .sum()
}
