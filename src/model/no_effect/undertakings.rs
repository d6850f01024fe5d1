//! Undertakings the engine could not honour: takes the numeric bidding rounds (`each-bids`,
//! `highest-bids`), the goals that read a bid (`tricks CMP bid`) and `each-scores`, gives an
//! error for a bid range the hand cannot hold, a goal reading a bid that no round makes, and
//! per-player scoring without the round that gives every player his bid.

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    let hand = v.hand_size();
    // per contract: whether a round gives its declarer a bid, whether one gives every player one
    let mut declarer_bids = vec![false; v.contracts.len()];
    let mut each_bids = vec![false; v.contracts.len()];
    for r in &v.bidding.rounds {
        let (contract, min, max, each) = match r.shape {
            RoundShape::EachBids { contract, min, max, .. } => (contract, min, max, true),
            RoundShape::HighestBids { contract, min, max } => (contract, min, max, false),
            _ => continue,
        };
        let flags = if each { &mut each_bids } else { &mut declarer_bids };
        if let Some(f) = flags.get_mut(contract) {
            *f = true;
        }
        let top = max.map(u32::from).unwrap_or(hand);
        if top > hand || u32::from(min) > top {
            let num = r.number.to_string();
            out.at_code(
                Code::OutOfRange,
                &["bidding", "round", num.as_str()],
                if top > hand {
                    format!("round {num} bids up to {top} tricks, but a hand holds {hand} cards: no player can take more than {hand} tricks")
                } else {
                    format!("round {num} bids from {min} to {top} tricks: the lowest bid is above the highest")
                },
                "bid range",
                format!("write a range within 0 to {hand}, or `hand` for the hand size"),
            );
        }
        if each
            && v.contracts
                .get(contract)
                .is_some_and(|c| c.each_scores.is_none() && c.own.is_none())
        {
            let num = r.number.to_string();
            out.at(
                &["bidding", "round", num.as_str()],
                format!(
                    "round {num} has every player bid, but contract `{}` has no `each-scores`: nobody declares, so nothing would score the bids",
                    contract_name(v, contract)
                ),
                "nothing scores these bids",
                "add `each-scores MADE per-bid N per-trick-off N` to the contract".to_string(),
            );
        }
    }
    for (i, c) in v.contracts.iter().enumerate() {
        let n = c.name.as_str();
        let bids = declarer_bids.get(i).copied().unwrap_or(false) || each_bids.get(i).copied().unwrap_or(false);
        for (key, cond) in [("win", &c.goal), ("deduct", &c.deduct)] {
            if !bids && cond.as_ref().is_some_and(reads_bid) {
                out.at(
                    &["contract", n, key],
                    format!("contract `{n}` compares tricks with a bid (`tricks ... bid`), but no `each-bids` or `highest-bids` round leads to it: nobody has a bid"),
                    "no bid to compare with",
                    format!("lead a numeric round to `{n}` (`round 1 highest-bids {n} 7 13`), or compare with a number"),
                );
            }
        }
        if c.each_scores.is_some() {
            let goal = c.win == Win::Goal && c.goal.is_some();
            if !goal || !each_bids.get(i).copied().unwrap_or(false) {
                out.at(
                    &["contract", n, "each-scores"],
                    format!("contract `{n}` has `each-scores`, but {}: no player would be scored by it",
                        if goal { "no `each-bids` round gives every player a bid in it" } else { "it has no goal (`win CONDITION`) to judge each player by" }),
                    "never scores",
                    format!("write `round 1 each-bids {n} 0 hand` in `bidding` and a goal such as `win tricks exactly bid`, or drop this line"),
                );
            }
        }
    }
    for f in &v.figures {
        let on_bid_contract = f
            .contracts
            .iter()
            .any(|&c| declarer_bids.get(c).copied().unwrap_or(false) || each_bids.get(c).copied().unwrap_or(false));
        if !on_bid_contract && f.conditions_read_bid() {
            out.at(
                &["figure", f.name.as_str(), "when"],
                format!("figure `{}` compares tricks with a bid (`tricks ... bid`), but none of its contracts is reached by a numeric round: nobody has a bid", f.name),
                "no bid to compare with",
                "compare with a number, or play the figure in a contract with a numeric round".to_string(),
            );
        }
    }
}

/// Whether a condition compares tricks with a bid.
fn reads_bid(c: &Cond) -> bool {
    let mut found = false;
    c.prims(&mut |p| found |= matches!(p, Prim::TricksBid { .. }));
    found
}

impl Figure {
    /// Whether any of the figure's conditions compares tricks with a bid.
    fn conditions_read_bid(&self) -> bool {
        self.contracts
            .iter()
            .any(|&c| self.condition_in(c).is_some_and(reads_bid))
    }
}
