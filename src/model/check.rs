//! Whole-variant checks on a built model: the deal adds up, figure conditions are reachable and
//! fit their contracts, every contract can be reached by bidding (or a raise from one), and every definition is used.

use super::*;
use crate::diag::{Code, Diag};
use crate::resolve::{Entry, RuleTree};

pub(super) fn entry<'a>(tree: &'a RuleTree, addr: &[&str]) -> Option<&'a Entry> {
    tree.entries.get(&crate::resolve::AddressRef(addr))
}

pub(super) fn at(tree: &RuleTree, addr: &[&str]) -> (FileId, Span) {
    entry(tree, addr)
        .map(|e| (e.file, e.stmt.head_span()))
        .unwrap_or((tree.files.first().copied().unwrap_or(FileId(0)), Span::default()))
}

pub(super) fn check(v: &Variant, tree: &RuleTree, prov: &Provenance, diags: &mut Vec<Diag>) {
    deal_adds_up(v, tree, diags);
    figures_fit(v, tree, prov, diags);
    contracts_reachable(v, tree, prov, diags);
    exchanges_can_happen(v, tree, diags);
    super::no_effect::check(v, tree, diags);
    super::value_bound::check(v, tree, diags);
    unused(v, tree, diags);
}

fn deal_adds_up(v: &Variant, tree: &RuleTree, diags: &mut Vec<Diag>) {
    if v.deal.is_empty() || v.cards.is_empty() {
        return;
    }
    let hands = v.hand_size() * v.active as u32;
    let talon = v.talon_size();
    let deck = v.cards.len() as u32;
    if hands + talon != deck {
        let (file, span) = at(tree, &["deal"]);
        diags.push(
            Diag::new(Code::DealMismatch, file, format!("the deal hands out {hands} cards ({} to each of {} players) and leaves {talon} on the table: {} in all, but the deck has {deck}", v.hand_size(), v.active, hands + talon))
                .label(span, format!("{} cards dealt", hands + talon))
                .help(if hands + talon > deck { format!("remove {} cards from the packets or the talon", hands + talon - deck) } else { format!("{} cards are left over: add them to a packet or the talon", deck - hands - talon) }),
        );
    }
    if !v.deal.iter().any(|s| matches!(s, DealStep::Indicator)) {
        if let Some(x) = v.exchanges.first() {
            let (file, span) = at(tree, &["exchange", &x.name]);
            diags.push(
                Diag::new(
                    Code::Missing,
                    file,
                    format!(
                        "exchange `{}` swaps cards for the indicator, but the deal turns up no indicator",
                        x.name
                    ),
                )
                .label(span, "needs an indicator")
                .help("add `indicator` to the deal, or remove the exchange"),
            );
        }
    }
}

/// Whether a figure's `requires` or `keep` card names the trump suit: without trumps nobody
/// could announce it (or keep the card).
fn figure_needs_trump(f: &Figure) -> bool {
    f.requires.iter().any(|c| c.suit == SuitSel::Trump)
        || f.keep.as_ref().is_some_and(|(c, _)| c.suit == SuitSel::Trump)
}

/// Where a figure's statement is written (the figure's head if it is not).
fn fig_at(tree: &RuleTree, f: &Figure, key: &str, head: (FileId, Span)) -> (FileId, Span) {
    entry(tree, &["figure", &f.name, key])
        .map(|e| (e.file, e.stmt.head_span()))
        .unwrap_or(head)
}

fn mentions_trump(c: &Cond) -> bool {
    let mut found = false;
    c.prims(&mut |p| match p {
        Prim::Captures(cs) | Prim::Holds(cs) => found |= cs.iter().any(|c| c.suit == SuitSel::Trump),
        Prim::WinsTrick { card, .. } => found |= card.suit == SuitSel::Trump,
        Prim::TrumpIs(_) => found = true,
        _ => {}
    });
    found
}

/// The most meld points one hand can score in a contract (a generous bound, for reachability).
fn meld_bound(v: &Variant, c: &Contract) -> i64 {
    let hand = v.hand_size() as i64 + v.talon_size() as i64;
    let mut bound = 0;
    if c.melds.sequence {
        let best = v.melds.sequences.iter().map(|s| s.value).max().unwrap_or(0);
        let shortest = v
            .melds
            .sequences
            .iter()
            .map(|s| s.length as i64)
            .min()
            .unwrap_or(1)
            .max(1);
        bound += best * (hand / shortest);
    }
    for (i, set) in v.melds.sets.iter().enumerate() {
        if c.melds.sets & (1 << i) != 0 {
            bound += set.value * (hand / set.count.max(1) as i64);
        }
    }
    for (i, marriage) in v.melds.marriages.iter().enumerate() {
        if c.melds.marriages & (1 << i) != 0 {
            // a marriage of every suit: the trump one and one in each other suit
            let others = v.suits.len().saturating_sub(1) as i64;
            bound += marriage.value + marriage.every_suit.map(|e| e.plain_value * others).unwrap_or(0);
        }
    }
    bound
}

fn figures_fit(v: &Variant, tree: &RuleTree, prov: &Provenance, diags: &mut Vec<Diag>) {
    let totals: Vec<i64> = v.contracts.iter().map(|c| v.total_points(c)).collect();
    for f in &v.figures {
        let (ffile, fspan) = prov.get(f.prov).unwrap_or((FileId(0), Span::default()));
        for &ci in &f.contracts {
            let Some(c) = v.contracts.get(ci) else {
                continue;
            };
            // a game multiplier's condition is never tested (no_effect.rs)
            let cond = f.condition_in(ci).filter(|_| !f.multiplies_game);
            let cond_at = {
                let per = entry(tree, &["figure", &f.name, "when", &c.name]);
                let all = entry(tree, &["figure", &f.name, "when"]);
                per.or(all)
                    .map(|e| (e.file, e.stmt.head_span()))
                    .unwrap_or((ffile, fspan))
            };
            // `requires` and `keep` of a trump card: nobody could ever announce or keep it
            let by_cond = cond.is_some_and(mentions_trump);
            if !c.trumps && (by_cond || figure_needs_trump(f)) {
                let (at_, label) = if by_cond {
                    (cond_at, "this condition names the trump suit")
                } else if f.requires.iter().any(|c| c.suit == SuitSel::Trump) {
                    (fig_at(tree, f, "requires", (ffile, fspan)), "this needs a trump card")
                } else {
                    (fig_at(tree, f, "keep", (ffile, fspan)), "this keeps a trump card")
                };
                diags.push(
                    Diag::new(
                        Code::TrumpWithoutTrumps,
                        at_.0,
                        format!("figure `{}` needs trumps, but contract `{}` has none", f.name, c.name),
                    )
                    .label(at_.1, label)
                    .help(if by_cond {
                        format!(
                            "take `{}` out of the figure's `in` line, or give it a condition for `{}` without trumps",
                            c.name, c.name
                        )
                    } else {
                        format!("take `{}` out of the figure's `in` line", c.name)
                    }),
                );
            }
            let total = totals.get(ci).copied().unwrap_or(0);
            let melds = meld_bound(v, c);
            cond.into_iter().for_each(|cond| {
                cond.prims(&mut |p| {
                    if let Prim::Points {
                        with_melds,
                        cmp,
                        threshold,
                    } = p
                    {
                        let max = total + if *with_melds { melds } else { 0 };
                        let reachable = match cmp {
                            Comparison::AtLeast => *threshold <= max,
                            Comparison::MoreThan => *threshold < max,
                        };
                        if !reachable {
                            let why = if *with_melds && melds == 0 {
                                format!("contract `{}` has {total} card points and counts no melds", c.name)
                            } else if *with_melds {
                                format!(
                                    "contract `{}` has {total} card points and at most {melds} in melds",
                                    c.name
                                )
                            } else {
                                format!("contract `{}` has only {total} card points in all", c.name)
                            };
                            diags.push(
                                Diag::new(
                                    Code::UnreachableThreshold,
                                    cond_at.0,
                                    format!(
                                        "figure `{}` can never succeed in `{}`: it needs {} {threshold}, but {why}",
                                        f.name,
                                        c.name,
                                        comparison_text(*cmp)
                                    ),
                                )
                                .label(cond_at.1, "unreachable threshold")
                                .help(format!(
                                    "lower the threshold to at most {max}, or take `{}` out of the figure's `in` line",
                                    c.name
                                )),
                            );
                        }
                    }
                })
            });
            if c.announcements != Announcements::All {
                diags.push(
                    Diag::new(
                        Code::FigureNowhere,
                        ffile,
                        format!(
                            "figure `{}` is allowed in `{}`, where no figures may be announced",
                            f.name, c.name
                        ),
                    )
                    .label(fspan, "this figure")
                    .help(format!("take `{}` out of the figure's `in` line", c.name)),
                );
            }
        }
    }
}

/// The contracts a bidding round can end in.
pub(super) fn round_contracts(v: &Variant, r: &BidRound) -> Vec<ContractId> {
    match &r.shape {
        RoundShape::AcceptIndicator => vec![v.bidding.suit_contract],
        RoundShape::Ascending { ladder, .. } => v
            .bid_ladders
            .get(*ladder)
            .map(|l| l.entries.as_slice())
            .unwrap_or(&[])
            .iter()
            .map(|e| match e {
                BidEntry::Suit(_) => v.bidding.suit_contract,
                BidEntry::Contract(c) => *c,
            })
            .collect(),
        RoundShape::FirstClaim { contract }
        | RoundShape::EachBids { contract, .. }
        | RoundShape::HighestBids { contract, .. } => vec![*contract],
    }
}

/// An exchange used by a contract must be able to happen: it names an exchanger rank, its
/// contract has trumps (the exchanger is a trump card), and its `from-round` is a round that can
/// end in that contract. Otherwise nobody ever exchanges, whatever `explain` lists.
fn exchanges_can_happen(v: &Variant, tree: &RuleTree, diags: &mut Vec<Diag>) {
    for (ci, c) in v.contracts.iter().enumerate() {
        let Some(x) = c.exchange.and_then(|x| v.exchanges.get(x)) else {
            continue;
        };
        let mut no_effect = |addr: &[&str], msg: String, label: &str, help: String| {
            let (file, span) = at(tree, addr);
            diags.push(Diag::new(Code::NoEffect, file, msg).label(span, label).help(help));
        };
        if x.exchangers.is_empty() {
            no_effect(
                &["exchange", &x.name],
                format!("exchange `{}` names no exchanger: nobody can ever exchange", x.name),
                "no `exchangers` line",
                "add `exchangers RANK ...` (e.g. `exchangers 7`)".to_string(),
            );
        }
        if !c.trumps {
            no_effect(
                &["contract", &c.name, "exchange"],
                format!(
                    "contract `{}` has no trumps, so exchange `{}` (a trump card for the indicator) never happens",
                    c.name, x.name
                ),
                "needs trumps",
                format!("take the `exchange` line out of contract `{}`", c.name),
            );
        }
        if let Some(n) = x.from_round {
            let ends_here = v
                .bidding
                .rounds
                .iter()
                .filter(|r| r.number == n)
                .any(|r| round_contracts(v, r).contains(&ci));
            if !ends_here {
                no_effect(
                    &["exchange", &x.name, "from-round"],
                    format!(
                        "exchange `{}` applies only from bidding round {n}, which never ends in contract `{}`",
                        x.name, c.name
                    ),
                    "no such round for this contract",
                    "name a bidding round that can end in the contract, or remove `from-round`".to_string(),
                );
            }
        }
    }
}

fn contracts_reachable(v: &Variant, tree: &RuleTree, prov: &Provenance, diags: &mut Vec<Diag>) {
    let mut reachable = vec![false; v.contracts.len()];
    let mut mark = |c: ContractId| {
        if let Some(r) = reachable.get_mut(c) {
            *r = true;
        }
    };
    for r in &v.bidding.rounds {
        for c in round_contracts(v, r) {
            mark(c);
        }
    }
    if let AllPass::Contract(c) = v.bidding.all_pass {
        mark(c);
    }
    if let Some(na) = &v.bidding.no_auction {
        for &c in &na.contracts {
            mark(c);
        }
    }
    // a raise in trick 1 (`raise-by`) reaches its targets from a reachable contract, and a
    // raised-to contract may be raised again: to a fixed point
    let mut grew = true;
    while grew {
        grew = false;
        for (i, c) in v.contracts.iter().enumerate() {
            if !reachable.get(i).copied().unwrap_or(false) {
                continue;
            }
            for &t in &c.raise_to {
                if let Some(r) = reachable.get_mut(t).filter(|r| !**r) {
                    *r = true;
                    grew = true;
                }
            }
        }
    }
    let _ = tree;
    for (i, c) in v.contracts.iter().enumerate() {
        if !reachable[i] {
            let (file, span) = prov.get(c.prov).unwrap_or((FileId(0), Span::default()));
            diags.push(
                Diag::new(
                    Code::UnreachableContract,
                    file,
                    format!(
                        "contract `{}` can never be played: no bidding round leads to it",
                        c.name
                    ),
                )
                .label(span, "unreachable contract")
                .help(format!(
                    "add `{}` to a bidding ladder, a `first-claim` round or `all-pass`, or remove it",
                    c.name
                )),
            );
        }
    }
}

fn unused(v: &Variant, tree: &RuleTree, diags: &mut Vec<Diag>) {
    // a declared rank that no `cards` row deals: every mention of it was an error already, but
    // an unmentioned one is only dead weight in the deck
    for (r, rank) in v.ranks.iter().enumerate() {
        if !v.cards.iter().any(|c| c.rank as usize == r) {
            let (file, span) = at(tree, &["deck", "rank", &rank.name]);
            diags.push(
                Diag::new(
                    Code::Unused,
                    file,
                    format!(
                        "rank `{}` ({}) has no cards: the deck's `cards` rows deal none",
                        rank.name, rank.code
                    ),
                )
                .label(span, "declared here")
                .help(format!(
                    "add the {}s to the `cards` rows, or remove the rank",
                    rank.code
                )),
            );
        }
    }
    let mut warn = |addr: &[&str], what: String, help: String| {
        let (file, span) = at(tree, addr);
        diags.push(
            Diag::new(Code::Unused, file, format!("{what} is never used"))
                .label(span, "defined here")
                .help(help),
        );
    };
    let mut orders_used = vec![false; v.orders.len()];
    let mut points_used = vec![false; v.points.len()];
    for c in &v.contracts {
        for o in c.trump_order.into_iter().chain([c.plain_order]) {
            if let Some(u) = orders_used.get_mut(o) {
                *u = true;
            }
        }
        for p in c.trump_points.into_iter().chain(c.plain_points) {
            if let Some(u) = points_used.get_mut(p) {
                *u = true;
            }
        }
    }
    for o in v.melds.sequence_order.into_iter().chain(
        v.melds
            .sets
            .iter()
            .flat_map(|s| s.trump_order.into_iter().chain(s.plain_order)),
    ) {
        if let Some(u) = orders_used.get_mut(o) {
            *u = true;
        }
    }
    for (o, used) in v.orders.iter().zip(&orders_used) {
        if !used {
            warn(
                &["orders", &o.name],
                format!("order `{}`", o.name),
                "name it in a contract's `trick-order` or in `melds`, or remove it".into(),
            );
        }
    }
    for (p, used) in v.points.iter().zip(&points_used) {
        if !used {
            warn(
                &["points", &p.name],
                format!("points table `{}`", p.name),
                "name it in a contract's `count`, or remove it".into(),
            );
        }
    }
    for (i, x) in v.exchanges.iter().enumerate() {
        if !v.contracts.iter().any(|c| c.exchange == Some(i)) {
            warn(
                &["exchange", &x.name],
                format!("exchange `{}`", x.name),
                "name it in a contract with `exchange NAME`, or remove it".into(),
            );
        }
    }
    for (i, l) in v.bid_ladders.iter().enumerate() {
        if !v
            .bidding
            .rounds
            .iter()
            .any(|r| matches!(r.shape, RoundShape::Ascending { ladder, .. } if ladder == i))
        {
            warn(
                &["ladder", &l.name],
                format!("bidding ladder `{}`", l.name),
                "use it in an `ascending` bidding round, or remove it".into(),
            );
        }
    }
    for (i, d) in v.doublings.iter().enumerate().skip(1) {
        if v.calling.as_ref().and_then(|c| c.ladder) != Some(i) {
            warn(
                &["doubling", &d.name],
                format!("doubling ladder `{}`", d.name),
                "the first doubling ladder applies to every item; a second one is only used by `calling`".into(),
            );
        }
    }
}
