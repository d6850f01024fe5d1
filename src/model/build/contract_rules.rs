//! The builder's part for two contract statements that tie a contract to the hand: takes a
//! contract's `requires same-suit RANK ...` (who may bid it) and `order-if-called RANK ORDER`
//! (the card order a called card's rank selects) as read by `build.rs`, gives their model fields.
//! Combinations that could never apply are checked on the whole variant (`no_effect/contract_rules.rs`).

use super::{Builder, Names};
use crate::model::{OrderId, Rank, RankId};
use crate::resolve::Entry;

impl Builder<'_> {
    /// The ranks of `requires same-suit RANK ...` (from word 2 on), each dealt.
    pub(super) fn bid_requires(&mut self, e: &Entry, ranks: &[Rank]) -> Vec<RankId> {
        let mut out = Vec::new();
        for word in e.stmt.words.iter().skip(2) {
            if let Some(r) = self.dealt_rank_of(e, word, ranks) {
                if !out.contains(&r) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// `order-if-called RANK ORDER`.
    pub(super) fn order_if_called(&mut self, e: &Entry, ranks: &[Rank], names: &Names) -> Option<(RankId, OrderId)> {
        let word = e.stmt.words.get(1)?;
        let rank = self.dealt_rank_of(e, word, ranks)?;
        let order = self.lookup(e, 2, "order", &names.orders)?;
        Some((rank, order))
    }
}
