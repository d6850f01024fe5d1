//! Combinations the engine cannot honour: takes a built model and its rule tree, gives a
//! `kartya::no-effect` error on the statement for each rule that `explain` would print but
//! that could never happen in a hand (an early end that is not a loss, trumps without a bid
//! suit, a front round that is never held, ...). Each check says what to write instead.

use super::*;
use crate::diag::{Code, Diag};
use crate::resolve::{Entry, RuleTree};

mod claims;
mod contract_rules;
mod front;
mod most;
mod own;
mod raise;
mod session;
mod sides;
mod stages;
mod undertakings;

pub(super) fn check(v: &Variant, tree: &RuleTree, diags: &mut Vec<Diag>) {
    let mut out = Out { tree, diags };
    contracts(v, &mut out);
    bidding(v, &mut out);
    deal(v, &mut out);
    game(v, &mut out);
    stages::check(v, &mut out);
    if v.announcing.closes_with_first_trick && !v.announcing.back_with_first_trick {
        out.at(
            &["announcing", "end"],
            "`end with-first-trick` closes a back round held with trick 1, but the back round is held before the first lead".into(),
            "no round with trick 1",
            "write `back-round with-first-trick`, or `end two-passes`".into(),
        );
    }
    figures(v, &mut out);
    requires_exchanged(v, &mut out);
    calling(v, &mut out);
    doubling_on_game(v, &mut out);
    front::check(v, &mut out);
    most::check(v, &mut out);
    claims::check(v, &mut out);
    contract_rules::check(v, &mut out);
    raise::check(v, &mut out);
    session::check(v, &mut out);
    sides::check(v, &mut out);
    undertakings::check(v, &mut out);
    own::check(v, &mut out);
}

struct Out<'a> {
    tree: &'a RuleTree,
    diags: &'a mut Vec<Diag>,
}

impl Out<'_> {
    fn entry(&self, addr: &[&str]) -> Option<&Entry> {
        self.tree.entries.get(&crate::resolve::AddressRef(addr))
    }

    /// An error on the statement at `addr` (or on its block when the statement is a default).
    fn at(&mut self, addr: &[&str], msg: String, label: &str, help: String) {
        let found = (0..addr.len()).rev().find_map(|n| self.entry(&addr[..=n]));
        let (file, span) = found
            .map(|e| (e.file, e.stmt.head_span()))
            .unwrap_or((self.tree.files.first().copied().unwrap_or(FileId(0)), Span::default()));
        self.diags
            .push(Diag::new(Code::NoEffect, file, msg).label(span, label).help(help));
    }

    /// An error of another code than `no-effect` on the statement at `addr`.
    fn at_code(&mut self, code: Code, addr: &[&str], msg: String, label: &str, help: String) {
        let before = self.diags.len();
        self.at(addr, msg, label, help);
        if let Some(d) = self.diags.get_mut(before) {
            d.code = code;
        }
    }

    /// An error on one word of the statement at `addr` (a name in a ladder).
    fn at_word(&mut self, addr: &[&str], word: &str, msg: String, label: &str, help: String) {
        let Some(e) = self.entry(addr) else {
            return self.at(addr, msg, label, help);
        };
        let span = e
            .stmt
            .words
            .iter()
            .skip(1)
            .find(|w| w.text == word)
            .map(|w| w.span)
            .unwrap_or(e.stmt.head_span());
        let file = e.file;
        self.diags
            .push(Diag::new(Code::NoEffect, file, msg).label(span, label).help(help));
    }
}

/// `called-with-game` keeps a figure's own call out: it means something only where figures are
/// called (`scope any-figure`), and only for a figure a call on the game doubles.
fn calling(v: &Variant, out: &mut Out) {
    let Some(c) = &v.calling else { return };
    if c.called_with_game.is_empty() {
        return;
    }
    let addr = ["calling", c.name.as_str(), "called-with-game"];
    if c.scope != CallScope::AnyFigure {
        out.at(
            &addr,
            "`called-with-game` keeps figures from being called on their own, but no figure is called: the scope is not `any-figure`".into(),
            "no figure is called",
            "write `scope any-figure`, or leave the line out".into(),
        );
        return;
    }
    for f in &c.called_with_game {
        if !c.game_includes.contains(f) {
            let name = v.figures.get(*f).map(|x| x.name.as_str()).unwrap_or("?");
            out.at_word(
                &addr,
                name,
                format!("`{name}` is called only with the game, but a call on the game does not double it: no call would ever reach it"),
                "not in `game-includes`",
                format!("add `{name}` to `game-includes`, or leave it out of this line"),
            );
        }
    }
}

/// `on game` keeps the doubling off announced figures: it means something only where a figure
/// may be announced at all.
fn doubling_on_game(v: &Variant, out: &mut Out) {
    for d in v.doublings.iter().filter(|d| d.game_only) {
        if v.figures.is_empty() {
            out.at(
                &["doubling", d.name.as_str(), "on"],
                "`on game` keeps the doubling off announced figures, but these rules have no figure".into(),
                "no figure to keep it off",
                "leave the line out".into(),
            );
        }
    }
}

/// `settle side` folds two announcements of one side into one: it needs a figure that two
/// players of a side may announce (`announce-by anyone`), judged for the side (`fulfil side`),
/// and an item of its own (not `effect multiply-game`).
fn settle_by_side(v: &Variant, out: &mut Out) {
    for f in v.figures.iter().filter(|f| f.settle_by_side) {
        let why = if f.declarer_only {
            "only the declarer announces it (`announce-by declarer`)"
        } else if !f.fulfil_by_side {
            "each announcer is judged on his own (`fulfil announcer`)"
        } else if f.multiplies_game {
            "it multiplies the game (`effect multiply-game`) and is no item of its own"
        } else {
            continue;
        };
        out.at(
            &["figure", &f.name, "settle"],
            format!("`settle side` settles figure `{}` once for a side, but {why}", f.name),
            "nothing to settle once",
            "leave the line out, or write `announce-by anyone` and `fulfil side`".into(),
        );
    }
}

/// `requires exchanged at-least N` is met only by a player who took cards in an exchange: it
/// needs a contract of the figure with an `exchange`, and a moment to announce it after the
/// exchange (a back value, where the front round comes before the exchange).
fn requires_exchanged(v: &Variant, out: &mut Out) {
    use crate::model::HandStage;
    for f in v.figures.iter().filter(|f| f.requires_exchanged.is_some()) {
        let with_exchange = f
            .contracts
            .iter()
            .any(|&c| v.contracts.get(c).is_some_and(|c| c.exchange.is_some()));
        let front_first =
            v.announcing.front_round && HandStage::comes_before(&v.stages, HandStage::FrontRound, HandStage::Exchange);
        let why = if !with_exchange {
            "none of its contracts (`in`) has an `exchange`"
        } else if f.back.is_none() && front_first {
            "it is announced only front (`back none`), before the exchange"
        } else {
            continue;
        };
        out.at(
            &["figure", &f.name, "requires"],
            format!(
                "figure `{}` may be announced only after taking cards in the exchange, but {why}: nobody could announce it",
                f.name
            ),
            "never met",
            "leave the line out, or give the figure a contract with an exchange and a back value".into(),
        );
    }
}

fn contract_name(v: &Variant, c: ContractId) -> &str {
    v.contracts.get(c).map(|c| c.name.as_str()).unwrap_or("?")
}

fn contracts(v: &Variant, out: &mut Out) {
    for c in &v.contracts {
        let n = c.name.as_str();
        // the engine ends play when the declarer takes a trick: a loss only in a no-tricks game
        if c.early_end_when_lost && c.win != Win::NoTricks {
            out.at(
                &["contract", n, "early-end"],
                format!("`early-end when-lost` in contract `{n}` would end play as soon as the declarer takes a trick, which loses only a `win no-tricks` contract"),
                "only for `win no-tricks`",
                format!("take `early-end` out of contract `{n}`: its tricks are all played"),
            );
        }
        // a tie rule is read by one win shape only; written for another, it is never used
        // (`most-pay-fewer` in a declarer game would silently be a declarer loss)
        let tie_written = out.entry(&["contract", n, "tie"]).is_some();
        let (fits, allowed) = match c.win {
            Win::MoreThanEach { .. } => (
                matches!(c.tie, Tie::DeclarerLoses | Tie::Nobody),
                "`tie declarer-loses` or `tie nobody`",
            ),
            Win::MostTricks | Win::MostCardPoints => (
                c.tie != Tie::DeclarerLoses,
                "`tie most-pay-fewer`, `tie most-pay N ...` or `tie nobody`",
            ),
            Win::NoTricks => (c.tie == Tie::DeclarerLoses, "no `tie` (a no-tricks game has no tie)"),
            Win::Goal => (c.tie == Tie::DeclarerLoses, "no `tie` (a goal is made or missed)"),
        };
        if tie_written && !fits {
            out.at(
                &["contract", n, "tie"],
                format!("this `tie` has no meaning in contract `{n}`, whose `win` never gives that kind of tie"),
                "does not fit the contract's `win`",
                format!("for this `win` write {allowed}, or leave the line out"),
            );
        }
        if c.melds.sequence && (v.melds.sequence_order.is_none() || v.melds.sequences.is_empty()) {
            let what = if v.melds.sequences.is_empty() {
                "no `sequence NAME LENGTH VALUE` rows"
            } else {
                "no `sequence-order`"
            };
            out.at(
                &["contract", n, "melds"],
                format!("contract `{n}` counts sequences, but `melds` has {what}: no sequence is ever found"),
                "sequences never found",
                "add `sequence-order ORDER` and the sequence rows to `melds`, or drop `sequence` from the contract's `melds`"
                    .to_string(),
            );
        }
        // a difference of totals needs a point game between two sides
        if c.point_difference_value.is_some()
            && (!matches!(c.win, Win::MoreThanEach { .. }) || c.sides == SidesKind::DeclarerVsEach)
        {
            out.at(
                &["contract", n, "point-difference-value"],
                format!("contract `{n}` is not won by two sides' totals, so there is no difference of points to pay"),
                "needs `win more-than-each` and two sides",
                format!("give contract `{n}` `win more-than-each card-points[+melds]` and a partner or `sides declarer-vs-defence`, or write `value N`"),
            );
        }
        // the minimums are read by the totals of card points and melds, side against side
        if !c.minimum_by_melds.is_empty() && c.win != (Win::MoreThanEach { with_melds: true }) {
            out.at(
                &["contract", n, "minimum-by-melds"],
                format!(
                    "contract `{n}` is not won by totals of card points and melds, so `minimum-by-melds` is never read"
                ),
                "needs `win more-than-each card-points+melds`",
                format!("write `win more-than-each card-points+melds` in contract `{n}`, or drop `minimum-by-melds`"),
            );
        }
    }
}

fn bidding(v: &Variant, out: &mut Out) {
    // a contract with fixed trumps, or trumps the declarer names, has them without a bid suit
    let trumps = |c: ContractId| {
        v.contracts
            .get(c)
            .is_some_and(|c| c.trumps && c.fixed_trump.is_none() && c.chosen_trumps.is_none() && !c.called_suit_trumps)
    };
    let has_indicator = v.deal.iter().any(|s| matches!(s, DealStep::Indicator));
    let no_suit_help = |c: &str| {
        format!("bid a suit to reach `{c}` (the ladder's suits or `accept-indicator`), or give `{c}` `trumps none`")
    };
    for r in &v.bidding.rounds {
        let num = r.number.to_string();
        let addr = ["bidding", "round", num.as_str()];
        match r.shape {
            RoundShape::FirstClaim { contract } if trumps(contract) => {
                let c = contract_name(v, contract);
                out.at(
                    &addr,
                    format!("round {num} claims `{c}`, a trumps contract, without a suit: it would be played without trumps"),
                    "no bid suit",
                    no_suit_help(c),
                );
            }
            // numbers are bid, never a suit; each-bids has no declarer to name one either
            RoundShape::EachBids { contract, .. } | RoundShape::HighestBids { contract, .. }
                if !(v.bids_suits() && v.bidding.suit_contract == contract)
                    && v.contracts.get(contract).is_some_and(|c| {
                        trumps(contract)
                            || (matches!(r.shape, RoundShape::EachBids { .. })
                                && c.chosen_trumps.is_some()
                                && c.fixed_trump.is_none())
                    }) =>
            {
                let c = contract_name(v, contract);
                let how = if v.contracts.get(contract).is_some_and(|c| c.chosen_trumps.is_some()) {
                    "chosen"
                } else {
                    "bid"
                };
                let kind = match r.shape {
                    RoundShape::EachBids { .. } => "each-bids",
                    _ => "highest-bids",
                };
                out.at(
                    &["contract", c, "trumps"],
                    format!("round {num} (`{kind}`) bids numbers of tricks, never a suit, and reaches contract `{c}`, whose `trumps {how}` would then play without trumps"),
                    "no suit is ever won or named",
                    "write `trumps fixed SUIT` for a fixed trump suit, or `trumps none`".to_string(),
                );
            }
            RoundShape::AcceptIndicator if !has_indicator => out.at(
                &addr,
                format!(
                    "round {num} accepts the indicator, but the deal turns up no indicator: the round is never held"
                ),
                "no indicator",
                "add `indicator` to the deal, or remove the round".to_string(),
            ),
            RoundShape::Ascending { no_indicator: true, .. } if !has_indicator => out.at(
                &addr,
                format!("round {num} bars the indicator's suit, but the deal turns up no indicator"),
                "no indicator",
                "take `no-indicator` out of the round, or add `indicator` to the deal".to_string(),
            ),
            _ => {}
        }
    }
    for l in &v.bid_ladders {
        for e in &l.entries {
            if let BidEntry::Contract(c) = *e {
                if trumps(c) {
                    let cn = contract_name(v, c);
                    out.at_word(
                        &["ladder", &l.name],
                        cn,
                        format!("ladder `{}` bids `{cn}`, a trumps contract, without a suit: it would be played without trumps", l.name),
                        "no bid suit",
                        no_suit_help(cn),
                    );
                }
            }
        }
    }
    if let AllPass::Contract(c) = v.bidding.all_pass {
        let cn = contract_name(v, c);
        // `own` is a settlement without a declarer (docs/scores.md 3.2)
        if v.contracts
            .get(c)
            .is_some_and(|c| !c.win.is_everyone_for_himself() && c.own.is_none())
        {
            out.at(
                &["bidding", "all-pass"],
                format!("when all pass nobody declares, but contract `{cn}` is won or lost by a declarer: nothing would be paid"),
                "needs a contract without a declarer",
                "name a `win most-tricks` contract in `all-pass`, or write `redeal-when-all-pass`".to_string(),
            );
        } else if trumps(c) {
            out.at(
                &["bidding", "all-pass"],
                format!(
                    "when all pass no suit is bid, but contract `{cn}` has trumps: it would be played without them"
                ),
                "no bid suit",
                format!("give `{cn}` `trumps none`, or name another contract"),
            );
        }
    }
    if let Some(na) = v.bidding.no_auction.as_ref().filter(|na| !na.forehand_declares) {
        let c = na.contracts.first().copied().unwrap_or(0);
        let cn = contract_name(v, c);
        if v.contracts
            .get(c)
            .is_some_and(|c| !c.win.is_everyone_for_himself() && c.own.is_none())
        {
            out.at(
                &["bidding", "no-auction"],
                format!("without an auction nobody declares, but contract `{cn}` is won or lost by a declarer: nothing would be paid"),
                "needs a declarer or a contract without one",
                format!("write `no-auction {cn} declarer forehand`, or name a `win most-tricks` contract"),
            );
        }
    }
    if let Some(sw) = v.bidding.switch.filter(|s| trumps(s.to)) {
        let cn = contract_name(v, sw.to);
        out.at(
            &["bidding", "switch", cn],
            format!("the switch to `{cn}` names no suit, but `{cn}` has trumps: it would be played without them"),
            "no bid suit",
            "switch to a contract with `trumps none`".to_string(),
        );
    }
}

fn deal(v: &Variant, out: &mut Out) {
    // the tree numbers every statement of the deal block (`step N`), in order
    let steps: Vec<String> = (1..=v.deal.len()).map(|k| format!("step {k}")).collect();
    let step = |i: usize| steps.get(i).map(|k| k.to_string()).unwrap_or_default();
    let mut indicators = v
        .deal
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s, DealStep::Indicator));
    if let (Some(_), Some((i, _))) = (indicators.next(), indicators.next()) {
        out.at(
            &["deal", &step(i)],
            "a second `indicator`: the original suit is the first indicator's, this card is only laid on the table"
                .into(),
            "second indicator",
            "keep one `indicator`; lay other cards with `talon N`".into(),
        );
    }
    let last_talon = v.deal.iter().rposition(|s| matches!(s, DealStep::Talon { .. }));
    for (i, s) in v.deal.iter().enumerate() {
        if matches!(s, DealStep::Talon { face_up: true, .. }) && Some(i) != last_talon {
            out.at(
                &["deal", &step(i)],
                "a face-up talon card is laid before more talon cards: it is not on top, where the exchange looks for it".into(),
                "covered by a later `talon`",
                "make the face-up talon the last talon step".into(),
            );
        }
    }
    if !v.announcing.front_round {
        return;
    }
    if !v.has_hidden_packets() {
        out.at(
            &["announcing", "front-round"],
            "the front round is held before the hidden packets are taken up, but the deal has no `hidden` packet: it is never held".into(),
            "never held",
            "write `front-round none` in `announcing`, or deal a packet `hidden`".into(),
        );
    }
}

fn game(v: &Variant, out: &mut Out) {
    if v.sits_out_dealer && v.active >= v.players {
        out.at(
            &["game", "sits-out"],
            format!(
                "every one of the {} players takes part, so the dealer never sits out",
                v.players
            ),
            "nobody sits out",
            "take `sits-out dealer` out, or set `active` below `players`".into(),
        );
    }
}

fn figures(v: &Variant, out: &mut Out) {
    settle_by_side(v, out);
    let layer = |f: FileId| out.tree.files.iter().position(|x| *x == f);
    for f in &v.figures {
        if !f.multiplies_game {
            continue;
        }
        // a game multiplier has no condition of its own; a base's `when` is overridden by a
        // later `effect multiply-game`, but a `when` written with or after it is a mistake
        let Some(effect_layer) = out.entry(&["figure", &f.name, "effect"]).and_then(|e| layer(e.file)) else {
            continue;
        };
        let whens: Vec<Vec<String>> = out
            .tree
            .entries
            .iter()
            .filter(|(a, e)| {
                a.len() >= 3
                    && a[0] == "figure"
                    && a[1] == f.name
                    && a[2] == "when"
                    && layer(e.file) >= Some(effect_layer)
            })
            .map(|(a, _)| a.to_vec())
            .collect();
        for a in whens {
            let addr: Vec<&str> = a.iter().map(String::as_str).collect();
            out.at(
                &addr,
                format!(
                    "figure `{}` multiplies the game (`effect multiply-game`): its condition is never tested",
                    f.name
                ),
                "never tested",
                "take the `when` line out: the game's own result decides who is paid".into(),
            );
        }
    }
}

/// Whether a hand of `c` can have a declarer: a bidding round other than `each-bids` (where
/// every player bids for himself) leads to it, or it is the contract of a game without an
/// auction whose forehand declares (the contract of `all-pass` alone, or of `no-auction` without
/// `declarer forehand`, has everyone play for himself).
fn has_declarer(v: &Variant, c: &Contract) -> bool {
    let Some(id) = v.contracts.iter().position(|x| x.name == c.name) else {
        return true;
    };
    if let Some(na) = &v.bidding.no_auction {
        return na.contracts.contains(&id) && na.forehand_declares;
    }
    v.bidding
        .rounds
        .iter()
        .filter(|r| !matches!(r.shape, RoundShape::EachBids { .. }))
        .any(|r| super::check::round_contracts(v, r).into_iter().any(|x| x == id))
}
