//! The no-effect checks of partnerships: takes the model's contracts with a partner (`sides
//! called-card`, `trick-winner`, `fixed`) and the scoring; gives a `kartya::no-effect` error
//! where the partner could never count as `explain` says (paid as an opponent, or a contract
//! whose `win` has no declarer's side, or each player scored for himself), or trumps are taken
//! from a call never made.

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    // trumps from the called card need a call: a contract whose declarer calls no card
    for (ci, c) in v.contracts.iter().enumerate().filter(|(_, c)| c.called_suit_trumps) {
        let n = c.name.as_str();
        if v.bidding.suit_contract == ci as ContractId && v.bids_suits() {
            out.at(
                &["contract", n, "trumps"],
                format!("bid suits make contract `{n}`, whose trumps come from the called card: the bid suit would be ignored"),
                "trumps from the call",
                format!("write `trumps bid` in contract `{n}`, or give it a bidding without suits"),
            );
        }
        if !matches!(c.sides, SidesKind::CalledCard { .. }) {
            out.at(
                &["contract", n, "trumps"],
                format!("contract `{n}` takes its trumps from the called card, but its declarer calls no card"),
                "no card is called",
                format!("give contract `{n}` `sides called-card CARD ...`, or another `trumps` line"),
            );
        }
    }
    for c in v.contracts.iter().filter(|c| c.sides.with_partner()) {
        let n = c.name.as_str();
        // the declarer against each opponent would make the partner pay or be paid by him
        if !v.scoring.side_vs_side {
            out.at(
                &["contract", n, "sides"],
                format!("contract `{n}` gives the declarer a partner, but items are paid between the declarer and each opponent, the partner among them"),
                "a partner needs side-against-side payments",
                "write `payments side-vs-side` in `scoring`".to_string(),
            );
        }
        // each player scored for himself by his own tricks and bid: no side is ever counted
        if c.each_scores.is_some() && !c.win.is_everyone_for_himself() {
            out.at(
                &["contract", n, "sides"],
                format!("contract `{n}` scores each player for himself (`each-scores`), by his own tricks and bid, so its sides never count"),
                "no side is scored",
                format!("take `sides` out of contract `{n}`; a partnership bid needs a game for a side"),
            );
        }
        // most tricks pays player against player: there is no declarer's side to join
        if c.win.is_everyone_for_himself() {
            out.at(
                &["contract", n, "sides"],
                format!(
                    "contract `{n}` is won by `most-tricks`, each player for himself, so its partner is never counted"
                ),
                "no side to join",
                format!(
                    "give contract `{n}` a goal for the declarer's side (`win tricks at-least 7`), or take out `sides`"
                ),
            );
        }
    }
}
