//! The builder's part for contract statements that tie a contract to the hand: takes a
//! contract's `requires same-suit RANK ...` (who may bid it), `order-if-called RANK ORDER` (the
//! card order a called card's rank selects) and `open-hands defence after-trick N` (when the
//! defence's hands are laid open) and `raise-by partner in-first-trick to C...` (the contracts the
//! partner may raise to) as read by `build.rs`, gives their model fields.
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

    /// `joint both-win A one-wins B both-lose C`: three amounts of at least 1.
    pub(super) fn joint_settle(&mut self, e: &Entry) -> Option<crate::model::JointSettle> {
        let both_win = self.int(e, 2, 1, 1_000_000, "what each joint bidder wins when both make it")?;
        let one_wins = self.int(e, 4, 1, 1_000_000, "what the one who fails pays the one who makes it")?;
        let both_lose = self.int(e, 6, 1, 1_000_000, "what each joint bidder pays when both fail")?;
        Some(crate::model::JointSettle {
            both_win,
            one_wins,
            both_lose,
        })
    }

    /// The trick of `open-hands defence after-trick N`, which a hand must have.
    pub(super) fn open_hands_after(&mut self, e: &Entry) -> Option<u8> {
        let most = self.tricks_per_hand().max(1) as i64;
        self.int(e, 3, 1, most, "the trick after which the hands are open")
            .map(|n| n as u8)
    }

    /// `order-if-called RANK ORDER`.
    pub(super) fn order_if_called(&mut self, e: &Entry, ranks: &[Rank], names: &Names) -> Option<(RankId, OrderId)> {
        let word = e.stmt.words.get(1)?;
        let rank = self.dealt_rank_of(e, word, ranks)?;
        let order = self.lookup(e, 2, "order", &names.orders)?;
        Some((rank, order))
    }

    /// The contracts of `raise-by partner in-first-trick to C...` (words 4 on), each known and
    /// named once.
    pub(super) fn raise_targets(&mut self, e: &Entry, contracts: &[String]) -> Vec<usize> {
        let mut to = Vec::new();
        for i in 4..e.stmt.words.len() {
            if let Some(c) = self.lookup(e, i, "contract", contracts) {
                if !to.contains(&c) {
                    to.push(c);
                }
            }
        }
        to
    }
}
