//! The no-effect checks of the front half of a hand in the general model: takes the model of
//! unranked suits, level auctions, the contract chosen after the auction, the blind talon draw
//! and trumps named after the exchange; gives a `kartya::no-effect` error where a statement asks
//! for something the engine could not do as `explain` prints it.

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    unranked_suits(v, out);
    level_auction(v, out);
    for (ci, c) in v.contracts.iter().enumerate() {
        talon_draw(v, c, out);
        chosen_trumps(v, ci, c, out);
    }
}

/// The talon draw takes from the talon and stacks the discards on its rest: it needs a talon
/// of that many cards, and a contract whose talon no indicator exchange takes as well.
fn talon_draw(v: &Variant, c: &Contract, out: &mut Out) {
    let n = c.name.as_str();
    discard_points(c, out);
    let Some(d) = c.talon_draw.filter(|d| d.count > 0 || d.up_to) else {
        if c.discards_face_up {
            out.at(
                &["contract", n, "discards"],
                format!("contract `{n}` shows the talon draw's discards, but its declarer draws nothing"),
                "no discards",
                "take out `discards face-up`, or give the contract `talon-draw N`".to_string(),
            );
        }
        return;
    };
    let talon: u32 = v
        .deal
        .iter()
        .map(|s| match s {
            DealStep::Talon { size, .. } => *size,
            DealStep::Packet { .. } | DealStep::Indicator => 0,
        })
        .sum();
    if u32::from(d.count) > talon {
        out.at(
            &["contract", n, "talon-draw"],
            format!(
                "contract `{n}` draws {} talon cards, but the deal lays a talon of {talon}",
                d.count
            ),
            "more than the talon holds",
            format!("draw at most {talon}, or lay a larger talon in `deal`"),
        );
    }
    if c.exchange.is_some() {
        out.at(
            &["contract", n, "talon-draw"],
            format!("contract `{n}` has both a talon draw and a talon exchange: the talon can go to one of them"),
            "and an `exchange`",
            "keep `talon-draw` or the contract's `exchange` line, not both".to_string(),
        );
    }
}

/// Trumps named by the declarer: no bid suit to take them from, and no indicator exchange,
/// which exchanges for a trump suit known at the end of the bidding.
fn chosen_trumps(v: &Variant, ci: ContractId, c: &Contract, out: &mut Out) {
    let n = c.name.as_str();
    if c.chosen_trumps.is_none() {
        return;
    }
    let suits_bid = v.bidding.rounds.iter().any(|r| match r.shape {
        RoundShape::Ascending { ladder, .. } => v
            .bid_ladders
            .get(ladder)
            .is_some_and(|l| l.entries.iter().any(|e| matches!(e, BidEntry::Suit(_)))),
        RoundShape::AcceptIndicator
        | RoundShape::FirstClaim { .. }
        | RoundShape::EachBids { .. }
        | RoundShape::HighestBids { .. } => false,
    });
    if v.bidding.suit_contract == ci && suits_bid {
        out.at(
            &["contract", n, "trumps"],
            format!(
                "bid suits make contract `{n}`, whose declarer names the trumps later: the bid suit would be ignored"
            ),
            "named after the talon",
            format!("write `trumps bid` in contract `{n}`, or bid a ladder of contracts"),
        );
    }
    if v.bidding.all_pass == AllPass::Contract(ci) {
        out.at(
            &["contract", n, "trumps"],
            format!("contract `{n}` is played when all pass, without a declarer to name its trumps"),
            "named by the declarer",
            format!("give `{n}` fixed trumps or `trumps none`, or play another contract when all pass"),
        );
    }
    if c.exchange.is_some() {
        out.at(
            &["contract", n, "trumps"],
            format!(
                "contract `{n}` exchanges for the trump suit's card, but its trumps are named only after the talon"
            ),
            "named after the talon",
            "take the `exchange` line out of the contract, or write `trumps bid`".to_string(),
        );
    }
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
            ties_by_suit,
            with_figures,
            ..
        } = r.shape
        else {
            continue;
        };
        let number = r.number.to_string();
        // an equal bid is settled by the suits' bidding ranks, and not with figures in the bids
        if ties_by_suit && (with_figures || hold_by_priority || v.suits.iter().any(|s| s.bid_rank.is_none())) {
            out.at_word(
                &["bidding", "round", &number],
                "ties-by-suit",
                format!("`ties-by-suit` in round {number} compares the suits' bidding ranks, but some suit has none, or the round holds or carries figures"),
                "cannot settle an equal bid",
                "give every suit a bidding rank in `deck` (`suit NAME CODE RANK`), and take out `hold-by-priority` and `with-figures`".to_string(),
            );
        }
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
    forced_bid(v, out);
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

/// `forced-bid lowest` fixes the contract of a forced last player whose bid is the contract: it
/// needs a `forced-last` round, and no contract named after the auction (where the forced
/// player names any contract whatever he bid).
fn forced_bid(v: &Variant, out: &mut Out) {
    if v.bidding.forced_bid != ForcedBid::Lowest {
        return;
    }
    let forced = v
        .bidding
        .rounds
        .iter()
        .any(|r| matches!(r.shape, RoundShape::Ascending { forced_last: true, .. }));
    if !forced {
        out.at(
            &["bidding", "forced-bid"],
            "`forced-bid lowest` says what a forced last player bids, but no round has `forced-last`".to_string(),
            "nobody is forced",
            "add `forced-last` to an `ascending ... until-pass` round, or leave the line out".to_string(),
        );
    } else if v.bidding.contract_choice == ContractChoice::AtLeastBid {
        out.at(
            &["bidding", "forced-bid"],
            "`forced-bid lowest` fixes the forced player's bid, but with `contract-choice at-least-bid` he names any contract after the auction all the same".to_string(),
            "the contract is named after the auction",
            "leave the line out, or write `contract-choice bid`".to_string(),
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

/// `discard-points` needs discards to count, and for the opponents a defence that pools its
/// points (against each opponent separately, no one of them would be theirs).
fn discard_points(c: &Contract, out: &mut Out) {
    let n = c.name.as_str();
    let Some(to) = c.discard_points else { return };
    if !c.talon_draw.is_some_and(|d| d.count > 0 || d.up_to) {
        out.at(
            &["contract", n, "discard-points"],
            format!("contract `{n}` counts the talon draw's discards, but its declarer draws nothing"),
            "no discards",
            "take out `discard-points`, or give the contract `talon-draw N`".to_string(),
        );
    } else if to == DiscardPoints::Opponents && c.sides == SidesKind::DeclarerVsEach {
        out.at(
            &["contract", n, "discard-points"],
            format!("contract `{n}` counts the discards for the opponents, but they play each for himself"),
            "no side to count them for",
            "give the contract `sides declarer-vs-defence` (or a partner), or take out `discard-points opponents`"
                .to_string(),
        );
    }
}
