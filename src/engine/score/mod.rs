//! Scoring a finished hand: takes the `Finished` hand (tricks, points, melds, captures, sides)
//! and the `Game`'s items (contract, announcements and their levels, calls, seats), and gives the itemized `Score`: card points and melds per seat, the game item by its `Win` and
//! `Tie`, every announced figure judged by its `Cond`, and zero-sum payments per table seat.

pub(in crate::engine) mod finished;
pub(in crate::engine) mod goal_sequence;
pub(in crate::engine) mod goals;
pub(in crate::engine) mod minimums;
pub(in crate::engine) mod score_most;

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::deal::bit;
use crate::engine::core::game::{Game, Item};
use crate::engine::score::finished::Finished;
use crate::model::{Cond, ContractId, FigureId, Prim, SuitId, Tie, Win};
use crate::syntax::ast::Comparison;
use goals::HandSides;

mod bonuses;

/// One scored item.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScoreItem {
    pub item: Item,
    /// The figure, for a figure item.
    pub figure: Option<FigureId>,
    /// The table seat that owns the item (the declarer for the game; none in a contract without one).
    pub by: Option<u8>,
    /// The base value (front value for a figure announced front).
    pub base: i64,
    pub front: bool,
    /// Added to the base before doubling (overtricks).
    pub extra: i64,
    /// Subtracted after doubling (`deduct value unmultiplied`).
    pub deducted: i64,
    /// The product of the doubling levels said on it.
    pub multiplier: i64,
    /// Added after the multiplier by levels that add (`adds`, `additive_doubling.rs`).
    #[serde(skip_serializing_if = "is_zero")]
    pub added: i64,
    pub value: i64,
    /// A figure made without being announced (`unannounced V`): not an announcement's item.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unannounced: bool,
    /// Won by its owner; `None` when nobody wins (a tie that pays nobody).
    pub won: Option<bool>,
    /// Payment per table seat (positive = receives).
    pub pay: [i64; MAX_SEATS],
}

/// The itemized score sheet of a hand.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Score {
    /// The hand was thrown in (all passed, redeal).
    pub redeal: bool,
    pub contract: Option<ContractId>,
    pub trump: Option<SuitId>,
    pub declarer: Option<u8>,
    /// Per table seat: card points in tricks (with the last trick), meld points, tricks won.
    pub card_points: [i64; MAX_SEATS],
    pub meld_points: [i64; MAX_SEATS],
    pub tricks: [u8; MAX_SEATS],
    pub items: Vec<ScoreItem>,
    /// Total payment per table seat; sums to zero, except with `each-scores`, where each
    /// player's score is his own (the sum is what the bids and tricks give).
    pub payments: [i64; MAX_SEATS],
    /// The claim or concession of the hand, if one was made (`claims.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<crate::engine::play::claims::ClaimNote>,
    /// What the players scored for themselves (`each-scores`), summed: the payments sum to
    /// this (zero without `each-scores`); everything else is paid from seat to seat.
    pub own_scores: i64,
}

struct Ctx<'a> {
    g: &'a Game,
    /// The finished hand the conditions judge.
    f: &'a Finished<'a>,
    /// The game from the declarer's side: won, lost, or nobody (a tie that pays nobody).
    game_won: Option<bool>,
}

impl Score {
    /// A sheet with nothing on it (to be filled by `score_into`).
    pub(in crate::engine) fn empty() -> Score {
        Score {
            redeal: false,
            contract: None,
            trump: None,
            declarer: None,
            card_points: [0; MAX_SEATS],
            meld_points: [0; MAX_SEATS],
            tricks: [0; MAX_SEATS],
            items: Vec::new(),
            payments: [0; MAX_SEATS],
            claim: None,
            own_scores: 0,
        }
    }
}

/// Scores the hand onto the sheet `s`, in place: every field is written, and the item list keeps
/// its capacity (a reused `Game` scores each hand on the same sheet).
pub(in crate::engine) fn score_into(g: &Game, s: &mut Score) {
    let Score {
        redeal,
        contract,
        trump,
        declarer,
        card_points,
        meld_points,
        tricks,
        items,
        payments,
        claim,
        own_scores,
    } = s;
    *redeal = g.redeal;
    *contract = g.contract;
    *trump = g.trump;
    *declarer = g.declarer_seat();
    *card_points = [0; MAX_SEATS];
    *meld_points = [0; MAX_SEATS];
    *tricks = [0; MAX_SEATS];
    items.clear();
    *payments = [0; MAX_SEATS];
    *claim = if g.claims.made.is_some() { g.claim_note() } else { None };
    *own_scores = 0;
    let v = &g.rules.variant;
    let Some(contract) = g.contract.and_then(|c| v.contracts.get(c)) else {
        return;
    };
    if g.redeal {
        return;
    }
    let n = g.n as usize;
    // the hand's facts, built once here where its play has ended
    let mut f = Finished::played(g, contract);
    f.count_melds(g, contract);
    let mut ctx = Ctx {
        g,
        f: &f,
        game_won: None,
    };
    let base = match contract.point_difference_value {
        // the totals' difference, side against side (`minimums.rs`)
        Some(per_point) => per_point.saturating_mul(crate::engine::score::minimums::point_difference(&f, contract)),
        None => goals::contract_value(&f, contract),
    };
    let mult = g.game_factor();
    let hand_sides = f.sides;
    match (contract.win, f.declarer) {
        (Win::MoreThanEach { with_melds }, Some(d)) => {
            let total = |p: usize| f.points[p] + if with_melds { f.melds[p] } else { 0 };
            let mut dt = total(d as usize);
            if hand_sides.declarer != 1 << d {
                // the declarer and his partner are one side: their totals together
                dt = positions(hand_sides.declarer).map(total).sum();
            }
            let mut best = i64::MIN;
            for p in 0..n.min(MAX_SEATS) {
                if p != d as usize {
                    best = best.max(total(p));
                }
            }
            if hand_sides.pooled {
                // the defence is one side: its totals together
                best = positions(hand_sides.defence).map(total).sum();
            }
            ctx.game_won = if dt > best {
                Some(true)
            } else if dt == best && contract.tie == Tie::Nobody {
                None
            } else {
                Some(false)
            };
            if !contract.minimum_by_melds.is_empty() {
                ctx.game_won = crate::engine::score::minimums::game_won(&f, contract, with_melds).or(ctx.game_won);
            }
        }
        (Win::NoTricks, Some(_)) => ctx.game_won = Some(goals::tricks_of(&f, hand_sides.declarer) == 0),
        (Win::Goal, Some(d)) => {
            ctx.game_won = Some(
                contract
                    .goal
                    .as_ref()
                    .is_some_and(|c| eval(&ctx, c, d, hand_sides.declarer)),
            )
        }
        _ => {}
    }
    if let Some(w) = g.conceded(Item::Game) {
        ctx.game_won = Some(w);
    }
    // `lost-value N`: a lost game is worth its own value (a lost betli that pays double)
    let base = match (ctx.game_won, contract.value_lost) {
        (Some(false), Some(lost)) => lost,
        _ => base,
    };
    // overtricks for whichever side won, and the undoubled deduction of a declarer's win
    let (mut extra, mut deducted) = (0, 0);
    if let Some(w) = ctx.game_won {
        if let Some(o) = &contract.overtricks {
            extra = goals::overtrick_value(&f, o, w, base);
        }
        if let (true, Some(c), Some(d)) = (w, &contract.deduct, f.declarer) {
            if eval(&ctx, c, d, hand_sides.declarer) {
                deducted = base;
            }
        }
    }
    let added = g.levels_added(Item::Game);
    let mut game_value = base
        .saturating_add(extra)
        .saturating_mul(mult)
        .saturating_sub(deducted)
        .saturating_add(added);
    // a figure that replaces the game is settled: the game's amount is taken off (`bonuses.rs`)
    if g.rules.figures.replaces_game != 0 && bonuses::game_replaced(&ctx) {
        deducted = deducted.saturating_add(game_value);
        game_value = 0;
    }
    let sides = Sides::of(g, &hand_sides);
    // each item goes on the sheet with no payment, then its payments are written in place and
    // added to the totals at once (`Pay`)
    s.items.push(ScoreItem {
        item: Item::Game,
        figure: None,
        by: sides.declarer,
        base,
        front: false,
        extra,
        deducted,
        multiplier: mult,
        added,
        value: game_value,
        won: ctx.game_won,
        pay: [0; MAX_SEATS],
        unannounced: false,
    });
    if let Some(item) = s.items.last_mut() {
        let mut pay = Pay {
            item: &mut item.pay,
            total: &mut s.payments,
        };
        if contract.win.is_everyone_for_himself() {
            crate::engine::score::score_most::most_pays(g, &f, contract.win, contract.tie, game_value, &mut pay);
        }
        if let (true, Some(won)) = (f.declarer.is_some(), ctx.game_won) {
            pay_side(&sides, true, won, game_value, &mut pay);
        }
        // `each-scores`: every player judged by the goal over his own tricks, scored for himself
        if let (Some(each), Some(goal)) = (&contract.each_scores, &contract.goal) {
            s.own_scores += each_scores(&ctx, each, goal, &mut pay);
        }
    }
    if !g.anns.is_empty() {
        score_figures(&ctx, &sides, s);
    }
    if g.rules.figures.unannounced != 0 {
        bonuses::score_unannounced(&ctx, &sides, s);
    }
    for p in 0..n.min(MAX_SEATS) {
        let seat = g.seat_at(p as u8) as usize;
        if let (Some(cp), Some(mp), Some(tr)) = (
            s.card_points.get_mut(seat),
            s.meld_points.get_mut(seat),
            s.tricks.get_mut(seat),
        ) {
            *cp = f.points[p];
            *mp = f.melds[p];
            *tr = f.tricks_won[p];
        }
    }
    // a contract two players hold at once settles by its own table (`joint.rs`)
    if g.joint.is_some() {
        crate::engine::auction::joint::settle(g, s);
    }
}

/// Every announced figure on the sheet: judged by its condition (or its concession), valued with
/// its doubling, paid side against side.
#[inline(never)] // a hand with announcements only, and the figure loop kept out of the game item's code
fn score_figures(ctx: &Ctx, sides: &Sides, s: &mut Score) {
    let (g, f) = (ctx.g, ctx.f);
    let v = &g.rules.variant;
    let hand_sides = f.sides;
    for (i, a) in g.anns.iter().enumerate() {
        let Some(fig) = v.figures.get(a.figure) else { continue };
        if fig.multiplies_game {
            continue;
        }
        let mut base = match (a.front, f.trump, fig.back_no_trumps) {
            (false, None, Some(v)) => v,
            (true, ..) => fig.front.unwrap_or(0),
            _ => fig.back.unwrap_or(0),
        };
        let owner_decl = hand_sides.declarer & seat_bit(a.by) != 0;
        // `settle side`: a partner's repeat of his side's announcement is not settled again
        if fig.settle_by_side
            && g.anns[..i]
                .iter()
                .any(|b| b.figure == a.figure && (hand_sides.declarer & seat_bit(b.by) != 0) == owner_decl)
        {
            continue;
        }
        let side = side_mask(f, a.by, fig.fulfil_by_side);
        let won = match g.conceded(Item::Figure(i as u16)) {
            Some(declarer_won) => declarer_won == owner_decl,
            None => g
                .contract
                .and_then(|c| fig.condition_in(c))
                .is_some_and(|c| eval(ctx, c, a.by, side)),
        };
        // a won figure whose upgrade condition holds too scores the upgraded value (doubled as
        // the value is); a lost one keeps its value
        if let (true, Some((up, c))) = (won, &fig.upgrade) {
            if eval(ctx, c, a.by, side) {
                base = *up;
            }
        }
        let factor = g.figure_factor(i);
        let added = g.levels_added(Item::Figure(i as u16));
        let value = base.saturating_mul(factor).saturating_add(added);
        s.items.push(ScoreItem {
            item: Item::Figure(i as u16),
            figure: Some(a.figure),
            by: Some(g.seat_at(a.by)),
            base,
            front: a.front,
            extra: 0,
            deducted: 0,
            multiplier: factor,
            added,
            value,
            won: Some(won),
            pay: [0; MAX_SEATS],
            unannounced: false,
        });
        if let Some(item) = s.items.last_mut() {
            let mut pay = Pay {
                item: &mut item.pay,
                total: &mut s.payments,
            };
            pay_side(sides, owner_decl, won, value, &mut pay);
        }
    }
}

/// `each-scores`: every player with an undertaking judged by the goal over his own tricks and
/// credited for himself; gives the sum credited.
#[inline(never)] // only contracts where each scores for himself
fn each_scores(ctx: &Ctx, each: &crate::model::EachScores, goal: &Cond, pay: &mut Pay) -> i64 {
    let (g, f) = (ctx.g, ctx.f);
    let mut sum = 0i64;
    for p in 0..(f.n as usize).min(MAX_SEATS) as u8 {
        let Some(bid) = f.undertaking(p) else { continue };
        let met = eval(ctx, goal, p, seat_bit(p));
        let tricks = f.tricks_won.get(p as usize).copied().unwrap_or(0);
        let own = each.score(met, bid, tricks);
        pay.credit(g.seat_at(p), own);
        sum = sum.saturating_add(own);
    }
    sum
}

/// Who pays whom for an item: the declarer's table seat and the opponents' table seats as a
/// mask (the active non-declarers, and the dealer sitting out if the variant says so), worked
/// out once per hand. A mask rather than a list: the loops stay short and are not unrolled into
/// the hot code for every possible seat.
struct Sides {
    declarer: Option<u8>,
    /// The table seats of the declarer's side (the declarer and his partner, if any).
    team: u16,
    opponents: u16,
    /// `payments side-vs-side`: each member of the winning side receives from each loser.
    side_vs_side: bool,
    /// `payments pairwise`: each member of the larger side settles once, with one of the
    /// smaller side's members in turn.
    pairwise: bool,
}

impl Sides {
    fn of(g: &Game, hand: &HandSides) -> Sides {
        // masks, not a test per position: which position declares changes from hand to hand
        let mut active = 0u16;
        let mut team = 0u16;
        for p in 0..g.n.min(MAX_SEATS as u8) {
            let seat = seat_bit(g.seat_at(p));
            active |= seat;
            if hand.declarer & seat_bit(p) != 0 {
                team |= seat;
            }
        }
        let declarer = g.declarer_seat();
        let mut opponents = active & !team;
        if g.rules.variant.scoring.sitting_out_with_opponents && active & seat_bit(g.dealer) == 0 {
            opponents |= seat_bit(g.dealer);
        }
        Sides {
            declarer,
            team,
            opponents,
            side_vs_side: g.rules.variant.scoring.side_vs_side,
            pairwise: g.rules.variant.scoring.pairwise,
        }
    }
}

/// A table seat (or an active position) as a bit of a `u16` mask.
#[inline]
pub(in crate::engine) fn seat_bit(seat: u8) -> u16 {
    1u16 << (seat as usize & (MAX_SEATS - 1))
}

/// The payments of one item, written into the item and the sheet's totals together, one seat at
/// a time (the totals are not summed from the items afterwards: reading an item's payments
/// right after writing them would stall on the stores).
pub(in crate::engine) struct Pay<'a> {
    pub(in crate::engine) item: &'a mut [i64; MAX_SEATS],
    pub(in crate::engine) total: &'a mut [i64; MAX_SEATS],
}

impl Pay<'_> {
    /// Seat `from` pays `amount` to seat `to`.
    #[inline]
    pub(in crate::engine) fn transfer(&mut self, from: u8, to: u8, amount: i64) {
        let (from, to) = (from as usize, to as usize);
        if let (Some(f), Some(t)) = (self.item.get_mut(from), self.total.get_mut(from)) {
            *f = f.saturating_sub(amount);
            *t = t.saturating_sub(amount);
        }
        if let (Some(f), Some(t)) = (self.item.get_mut(to), self.total.get_mut(to)) {
            *f = f.saturating_add(amount);
            *t = t.saturating_add(amount);
        }
    }
}

impl Pay<'_> {
    /// Seat `to` scores `amount` for himself, from nobody (`each-scores`: not zero-sum).
    fn credit(&mut self, to: u8, amount: i64) {
        if let (Some(f), Some(t)) = (self.item.get_mut(to as usize), self.total.get_mut(to as usize)) {
            *f = f.saturating_add(amount);
            *t = t.saturating_add(amount);
        }
    }
}

/// The declarer against each opponent: an item of the declarer's side (or of the opponents')
/// won or lost.
fn pay_side(sides: &Sides, owner_is_declarer: bool, won: bool, value: i64, pay: &mut Pay) {
    let Some(d) = sides.declarer else { return };
    if sides.side_vs_side {
        side_vs_side(sides, owner_is_declarer == won, value, pay);
        return;
    }
    let per = if owner_is_declarer == won {
        value
    } else {
        value.saturating_neg()
    };
    for o in positions(sides.opponents) {
        pay.transfer(o as u8, d, per);
    }
}

/// Side against side: each member of the losing side pays `value` to each member of the
/// winning one (the declarer's side won when `declarer_side_won`), so 2 against 2 and 1
/// against 3 are both zero-sum.
#[inline(never)] // only side-against-side payments: off the path of a declarer who pays each opponent
fn side_vs_side(sides: &Sides, declarer_side_won: bool, value: i64, pay: &mut Pay) {
    let (winners, losers) = if declarer_side_won {
        (sides.team, sides.opponents)
    } else {
        (sides.opponents, sides.team)
    };
    if sides.pairwise {
        pairwise(winners, losers, value, pay);
        return;
    }
    for l in positions(losers) {
        for w in positions(winners) {
            pay.transfer(l as u8, w as u8, value);
        }
    }
}

/// Pairwise: every member of the larger side pays (or receives) `value` once, from one member
/// of the smaller side in turn, so 2 against 2 each loser pays one winner and 1 against 3 the
/// lone player settles with each of the three.
fn pairwise(winners: u16, losers: u16, value: i64, pay: &mut Pay) {
    let (larger, smaller, larger_won) = if winners.count_ones() >= losers.count_ones() {
        (winners, losers, true)
    } else {
        (losers, winners, false)
    };
    if smaller == 0 {
        return;
    }
    let mut rest = 0u16;
    for m in positions(larger) {
        // the smaller side's members in turn, from the lowest again when all had one
        if rest == 0 {
            rest = smaller;
        }
        let o = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if larger_won {
            pay.transfer(o as u8, m as u8, value);
        } else {
            pay.transfer(m as u8, o as u8, value);
        }
    }
}

/// The positions that fulfil a figure: the announcer, or his whole side (the declarer's side,
/// or the defence; everybody in a contract without a declarer).
fn side_mask(f: &Finished, by: u8, by_side: bool) -> u16 {
    let own = seat_bit(by);
    if !by_side {
        return own;
    }
    match f.declarer {
        Some(_) if f.sides.declarer & own != 0 => f.sides.declarer,
        Some(_) => f.sides.defence,
        None => f.active(),
    }
}

/// The positions whose bits are set in `mask`, lowest first.
pub(in crate::engine) fn positions(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let q = m.trailing_zeros() as usize & (MAX_SEATS - 1);
        m &= m - 1;
        Some(q)
    })
}

fn cmp(c: Comparison, v: i64, t: i64) -> bool {
    match c {
        Comparison::AtLeast => v >= t,
        Comparison::MoreThan => v > t,
    }
}

/// A figure's condition: a primitive is tested at once; `and`, `or` and `not` go by `eval_tree`.
#[inline]
fn eval(ctx: &Ctx, c: &Cond, by: u8, side: u16) -> bool {
    match c {
        Cond::Prim(p) => prim(ctx, p, by, side),
        _ => eval_tree(ctx, c, by, side),
    }
}

fn eval_tree(ctx: &Ctx, c: &Cond, by: u8, side: u16) -> bool {
    match c {
        Cond::Or(v) => v.iter().any(|c| eval(ctx, c, by, side)),
        Cond::And(v) => v.iter().all(|c| eval(ctx, c, by, side)),
        Cond::Not(c) => !eval(ctx, c, by, side),
        Cond::Prim(p) => prim(ctx, p, by, side),
    }
}

fn prim(ctx: &Ctx, p: &Prim, by: u8, side: u16) -> bool {
    let f = ctx.f;
    let tb = &ctx.g.rules.tables;
    // the positions of the side, as a mask: loops over its bits stay short
    let members = side & f.active();
    let side_tricks = || positions(members).map(|q| f.tricks_won[q] as u32).sum::<u32>();
    let sels = |cs: &[crate::model::CardSel]| -> Option<u64> {
        let mut m = 0u64;
        for c in cs {
            let x = tb.sel_mask(c, f.trump);
            if x == 0 {
                return None;
            }
            m |= x;
        }
        Some(m)
    };
    match p {
        Prim::Points {
            with_melds,
            cmp: c,
            threshold,
        } => {
            // the side's points together, as `captures` takes the side's cards (`fulfil side`;
            // for `fulfil announcer` the side is the announcer alone)
            let _ = by;
            let v: i64 = positions(members)
                .map(|q| {
                    f.points.get(q).copied().unwrap_or(0)
                        + if *with_melds {
                            f.melds.get(q).copied().unwrap_or(0)
                        } else {
                            0
                        }
                })
                .sum();
            cmp(*c, v, *threshold)
        }
        Prim::Captures(cs) => {
            let mut captured = 0u64;
            for q in positions(members) {
                captured |= f.captured[q];
            }
            sels(cs).is_some_and(|m| captured & m == m)
        }
        Prim::WinsTrick { trick, card } => {
            let Some(k) = f.trick_index(*trick) else {
                return false;
            };
            if k >= f.tricks_played as usize {
                return false;
            }
            let winner = f.trick_winner.get(k).copied().unwrap_or(u8::MAX);
            let wc = f.trick_card.get(k).copied().unwrap_or(u8::MAX);
            side & 1u16.checked_shl(winner as u32).unwrap_or(0) != 0 && tb.sel_mask(card, f.trump) & bit(wc) != 0
        }
        Prim::AllTricks => !f.ended_early && side_tricks() == f.total_tricks as u32,
        Prim::NoTricks => side_tricks() == 0,
        Prim::Game { won } => {
            let side_is_declarer = f.declarer.is_some_and(|d| side & (1 << d) != 0);
            match ctx.game_won {
                Some(w) => (w == side_is_declarer) == *won,
                None => false,
            }
        }
        Prim::Holds(cs) => {
            let Some(m) = sels(cs) else { return false };
            positions(members).any(|q| f.start_hands[q] & m == m)
        }
        Prim::TrumpIs(s) => f.trump == Some(*s),
        Prim::Tricks { cmp: c, n } => goals::tricks_cmp(f, members, *c, *n),
        // the undertaking of the player judged (the declarer for the game, each player for
        // `each-scores`); no bid, no goal met
        Prim::TricksBid { cmp: c } => f
            .undertaking(by)
            .is_some_and(|b| goals::tricks_cmp(f, members, *c, b as u32)),
        Prim::OpponentNoTricks => goals::an_opponent_without_tricks(f, members),
        Prim::LastTricks(n) => goals::wins_last_tricks(f, members, *n),
        Prim::FirstTricks { n, alone } => {
            let who = if *alone { seat_bit(by) } else { members };
            crate::engine::score::goal_sequence::wins_first_tricks(f, who, *n)
        }
        Prim::NoTrumpInLast(n) => goals::no_trump_in_last(f, *n),
    }
}

/// For serde: an amount that is not there is not written.
fn is_zero(n: &i64) -> bool {
    *n == 0
}
