//! Own scores the engine could not honour: takes each contract's `own` line, gives an error
//! where a declarer plays the contract (the `own` slot scores every player for himself: a
//! contract with a declarer settles by its game, and the two would be scored together), where
//! `each-scores` settles the same contract too (one settlement), where a `win` goal, `sides`
//! with a partner or `lost-value` stands beside it unread, and where `own` reads `bid` but no
//! `each-bids` or `highest-bids` round gives anyone a bid.

use super::*;
use crate::syntax::ast::Reading;

pub(super) fn check(v: &Variant, out: &mut Out) {
    for (i, c) in v.contracts.iter().enumerate() {
        let Some(own) = &c.own else { continue };
        let n = c.name.as_str();
        if c.each_scores.is_some() {
            out.at(
                &["contract", n, "own"],
                format!("contract `{n}` scores each player both by `each-scores` and by `own`: a hand has one settlement"),
                "a second settlement",
                "keep one of the two lines: `each-scores MADE per-bid B per-trick-off P` is `own if GOAL then MADE + B * bid else P * ...` (docs/scores.md 4.2)".to_string(),
            );
        } else if has_declarer(v, c) {
            out.at(
                &["contract", n, "own"],
                format!("contract `{n}` has a declarer, but `own` scores every player for himself: the game's settlement would pay beside it"),
                "a contract with a declarer",
                format!("play `{n}` without a declarer (`round N each-bids {n} ...`, `no-auction {n}` or `all-pass {n}`), or drop this line"),
            );
        }
        // `own` is the whole settlement: a goal, a partner or a lost game's value beside it is
        // never read
        let unread = [
            (c.win == Win::Goal && c.each_scores.is_none(), "win", "a goal"),
            (c.sides.with_partner(), "sides", "a partner"),
            (c.value_lost.is_some(), "lost-value", "a lost game's value"),
        ];
        for (_, line, what) in unread.iter().filter(|(hit, _, _)| *hit) {
            out.at(
                &["contract", n, line],
                format!("contract `{n}` is scored by `own`, each player for himself, so its `{line}` line ({what}) is never read"),
                "never read beside `own`",
                format!("write what `{line}` says inside the `own` expression, or drop the line"),
            );
        }
        let bids = v.bidding.rounds.iter().any(|r| match r.shape {
            RoundShape::EachBids { contract, .. } | RoundShape::HighestBids { contract, .. } => contract == i,
            _ => false,
        });
        if !bids && own.reads(Reading::Bid) {
            out.at(
                &["contract", n, "own"],
                format!("contract `{n}` reads `bid` in `own`, but no `each-bids` or `highest-bids` round leads to it: nobody has a bid"),
                "no bid to read",
                format!("lead a numeric round to `{n}` (`round 1 each-bids {n} 0 hand`), or read something else"),
            );
        }
    }
}
