//! The no-effect checks of the front half of a hand in the general model: takes the model of
//! unranked suits, level auctions, the contract chosen after the auction, the blind talon draw
//! and trumps named after the exchange; gives a `kartya::no-effect` error where a statement asks
//! for something the engine could not do as `explain` prints it.

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    unranked_suits(v, out);
    level_auction(v, out);
}

/// Holding and the forced last player need a round that goes on until all but one have passed;
/// a contract chosen at or above the bid needs a ladder of contracts to choose from.
fn level_auction(v: &Variant, out: &mut Out) {
    for r in &v.bidding.rounds {
        let RoundShape::Ascending {
            ladder,
            until_pass,
            hold_by_priority,
            forced_last,
            ..
        } = r.shape
        else {
            continue;
        };
        let number = r.number.to_string();
        for (on, word) in [(hold_by_priority, "hold-by-priority"), (forced_last, "forced-last")] {
            if on && !until_pass {
                out.at_word(
                    &["bidding", "round", &number],
                    word,
                    format!("`{word}` in round {number} needs turns until all but one have passed, but the round gives one turn each"),
                    "needs `until-pass`",
                    format!("write `until-pass` instead of `one-turn-each` in round {number}, or take out `{word}`"),
                );
            }
        }
        if v.bidding.contract_choice == ContractChoice::AtLeastBid {
            let suits = v
                .bid_ladders
                .get(ladder)
                .is_some_and(|l| l.entries.iter().any(|e| matches!(e, BidEntry::Suit(_))));
            if suits {
                out.at(
                    &["bidding", "contract-choice"],
                    "`contract-choice at-least-bid` names a contract of the ladder, but the ladder bids suits"
                        .to_string(),
                    "a ladder of suits",
                    "keep `contract-choice bid` for a suit auction, or bid a ladder of contracts".to_string(),
                );
            }
        }
    }
    let ascending = v
        .bidding
        .rounds
        .iter()
        .any(|r| matches!(r.shape, RoundShape::Ascending { .. }));
    if v.bidding.contract_choice == ContractChoice::AtLeastBid && !ascending {
        out.at(
            &["bidding", "contract-choice"],
            "`contract-choice at-least-bid` chooses over the ladder of an ascending round, but the bidding has none"
                .to_string(),
            "no ladder to choose from",
            "add a `round N ascending LADDER until-pass` round, or take out `contract-choice`".to_string(),
        );
    }
}

/// Sequences tied by suit rank compare suits: every suit needs a bidding rank.
fn unranked_suits(v: &Variant, out: &mut Out) {
    if !v.melds.ties_by_suit_rank || v.melds.sequences.is_empty() {
        return;
    }
    if let Some(s) = v.suits.iter().find(|s| s.bid_rank.is_none()) {
        out.at(
            &["melds", "sequence-ties"],
            format!(
                "`sequence-ties suit-rank` compares the suits of equal sequences, but suit `{}` has no bidding rank",
                s.name
            ),
            "compares suits",
            format!(
                "give suit `{}` a rank in `deck` (`suit NAME CODE RANK`), or break ties with `trump-else-void`",
                s.name
            ),
        );
    }
}
