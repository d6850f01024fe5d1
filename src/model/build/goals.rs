//! The builder's checks for the back half of a hand: takes a doubling ladder's
//! `not-same-player` rows and a contract's goal, overtricks and deduction as read by `build.rs`,
//! gives the level pairs and the diagnostics for combinations the engine could not honour.

use super::{w, Builder};
use crate::diag::Code;
use crate::model::{Contract, Doubling, Figure};
use crate::resolve::Entry;
use crate::syntax::ast::Word;

/// Most levels a ladder may have when `not-same-player` tracks who said each (4 bits a level).
pub(crate) const MAX_TRACKED_LEVELS: usize = 16;

impl Builder<'_> {
    /// `not-same-player A B` rows: both names must be levels of the ladder, `A` below `B`.
    pub(super) fn not_same_player(&mut self, d: &mut Doubling, pairs: &[(Word, Word, &Entry)]) {
        for (a, b, e) in pairs {
            let find = |x: &Word| d.levels.iter().position(|l| *l == x.text);
            let (ia, ib) = (find(a), find(b));
            let levels = d.levels.clone();
            for (word, i) in [(a, ia), (b, ib)] {
                if i.is_none() {
                    self.unknown(e, word, "level", &levels);
                }
            }
            let (Some(ia), Some(ib)) = (ia, ib) else { continue };
            if ia >= ib || ib >= MAX_TRACKED_LEVELS {
                let span = w(e, 1).map(|x| x.span).unwrap_or_default();
                self.err(
                    Code::BadDoublingLadder,
                    e,
                    span,
                    format!(
                        "ladder `{}`: `not-same-player {} {}` needs the first level below the second",
                        d.name, a.text, b.text
                    ),
                    "not a level pair of this ladder",
                    format!(
                        "name a lower level first (a ladder of at most {MAX_TRACKED_LEVELS} levels), e.g. `not-same-player {} {}`",
                        b.text, a.text
                    ),
                );
                continue;
            }
            d.not_same_player.push((ia, ib));
        }
    }

    /// `overtricks` counts the winning side's tricks above a number: it needs a goal over
    /// tricks (`win tricks ...`); `deduct` needs a goal the declarer can win.
    pub(super) fn check_goal(&mut self, c: &Contract) {
        let counts_tricks = c.goal.as_ref().is_some_and(|g| {
            let mut t = false;
            g.prims(&mut |p| t |= matches!(p, crate::model::Prim::Tricks { .. }));
            t
        });
        let bad = [
            ("overtricks", c.overtricks.is_some() && !counts_tricks),
            ("deduct", c.deduct.is_some() && c.win.is_everyone_for_himself()),
        ];
        for (key, wrong) in bad {
            if !wrong {
                continue;
            }
            let Some(e) = self.get(&["contract", &c.name, key]) else {
                continue;
            };
            let span = e.stmt.head_span();
            self.err(
                Code::NoEffect,
                e,
                span,
                format!(
                    "contract `{}` has `{key}`, but its goal is not a number of tricks the declarer's side must take",
                    c.name
                ),
                "nothing for this to count",
                "give the contract a goal such as `win tricks at-least 6`, or drop this line",
            );
        }
    }

    /// `upgrade` raises a won figure's value: a figure that multiplies the game is never won
    /// on its own, so its upgrade could never apply.
    pub(super) fn check_upgrade(&mut self, f: &Figure) {
        if !(f.multiplies_game && f.upgrade.is_some()) {
            return;
        }
        let Some(e) = self.get(&["figure", &f.name, "upgrade"]) else {
            return;
        };
        let span = e.stmt.head_span();
        self.err(
            Code::NoEffect,
            e,
            span,
            format!(
                "figure `{}` multiplies the game, so it is never won on its own and its `upgrade` never applies",
                f.name
            ),
            "never applies",
            "drop `upgrade`, or make the figure an item of its own (`effect item`)",
        );
    }
}
