//! The no-effect checks of `requires same-suit`, `order-if-called`, `open-hands` and `commits`:
//! takes the model's contracts, gives a `kartya::no-effect` error where a holding requirement is
//! never checked or no card is laid face down with the bid (the contract is never bid from a
//! ladder), an order by the called card never applies
//! (no card is called, or the contract has trumps, whose order the line does not change), or
//! open hands of a defence a contract without a declarer does not have, or whose closed hands
//! would show a called partner before his card, or a joint contract with a partner its
//! settlement ignores; and an unannounced figure in a contract without a declarer.

use super::*;

pub(super) fn check(v: &Variant, out: &mut Out) {
    for (ci, c) in v.contracts.iter().enumerate() {
        let n = c.name.as_str();
        // a lost game's value needs a declarer's game that can be lost
        if c.value_lost.is_some() && (c.win.is_everyone_for_himself() || c.each_scores.is_some()) {
            out.at(
                &["contract", n, "lost-value"],
                format!("contract `{n}` has no declarer's game to lose: `lost-value` never applies"),
                "never applies",
                "leave the line out".into(),
            );
        }
        let on_ladder = v
            .bid_ladders
            .iter()
            .any(|l| l.entries.contains(&BidEntry::Contract(ci as ContractId)));
        if !c.bid_requires_same_suit.is_empty() && !on_ladder {
            out.at(
                &["contract", n, "requires"],
                format!("contract `{n}` is never bid from a ladder, so what its bidder must hold is never checked"),
                "never bid",
                format!("put `{n}` on a ladder an `ascending` round uses, or take out `requires`"),
            );
        }
        // two holders and two others settle by the table; each holder is judged by his own tricks
        if c.joint.is_some() && (v.active != 4 || c.win != Win::NoTricks || !on_ladder) {
            out.at(
                &["contract", n, "joint"],
                format!("contract `{n}` has `joint`, which the engine plays only for a `win no-tricks` contract bid from a ladder by four active players"),
                "cannot be played",
                format!("take `joint` out of contract `{n}`, or give it `win no-tricks` in a game of four"),
            );
        }
        // the joint settlement judges each holder alone: a partner beside them would change
        // nothing on the sheet (`joint.rs` pays the table by the holders' own tricks)
        if c.joint.is_some() && !matches!(c.sides, SidesKind::DeclarerVsDefence | SidesKind::DeclarerVsEach) {
            out.at(
                &["contract", n, "sides"],
                format!("contract `{n}` has `joint`, whose holders are each judged alone, but its sides give the declarer a partner"),
                "a partner the settlement ignores",
                format!("give contract `{n}` `sides declarer-vs-defence`, or take out `joint`"),
            );
        }
        // an unannounced figure is paid to the side that made it, beside the declarer's game
        if !has_declarer(v, c) || c.win.is_everyone_for_himself() {
            for f in v
                .figures
                .iter()
                .filter(|f| f.unannounced.is_some() && f.contracts.contains(&(ci as ContractId)))
            {
                let fname = f.name.as_str();
                out.at(
                    &["figure", fname, "unannounced"],
                    format!("figure `{fname}` scores unannounced in contract `{n}`, which has no declarer: it is never paid there"),
                    "no declarer's side to pay",
                    format!("take `{n}` out of the figure's `in` line, or leave out `unannounced`"),
                );
            }
        }
        // the card is laid with the bid: a contract nobody bids never has one
        if c.commits_face_down && !on_ladder {
            out.at(
                &["contract", n, "commits"],
                format!("contract `{n}` is never bid from a ladder, so no card is ever laid face down with its bid"),
                "never bid",
                format!("put `{n}` on a ladder an `ascending` round uses, or take out `commits`"),
            );
        }
        // without a declarer there is no defence to lay its hands open
        if (c.defence_open_after.is_some() || c.declarer_open_after.is_some()) && c.win.is_everyone_for_himself() {
            out.at(
                &["contract", n, "open-hands"],
                format!("contract `{n}` has no declarer, so it has no defence to lay its hands open"),
                "no defence",
                format!("take `open-hands` out of contract `{n}`"),
            );
        }
        // the seats left closed would name the called partner to everyone before his card
        // is played (`Game::observation`'s `open_hands` follows the declarer's side)
        if c.defence_open_after.is_some() && matches!(c.sides, SidesKind::CalledCard { .. }) {
            out.at(
                &["contract", n, "open-hands"],
                format!(
                    "contract `{n}` calls a hidden partner, but the defence's open hands would show everyone who he is"
                ),
                "reveals the partner",
                format!("take `open-hands` out of contract `{n}`, or give it sides that are known from the start"),
            );
        }
        if c.order_if_called.is_some() && !matches!(c.sides, SidesKind::CalledCard { .. }) {
            out.at(
                &["contract", n, "order-if-called"],
                format!("contract `{n}` orders its cards by the called card, but its declarer calls no card"),
                "no card is called",
                format!("give contract `{n}` `sides called-card CARD ...`, or take out `order-if-called`"),
            );
        } else if c.order_if_called.is_some() && (c.trumps || !c.trump_cards.is_empty()) {
            out.at(
                &["contract", n, "order-if-called"],
                format!(
                    "contract `{n}` has trumps, but `order-if-called` changes the order of a contract without them"
                ),
                "only without trumps",
                format!("give contract `{n}` `trumps none`, or take out `order-if-called`"),
            );
        }
    }
}
