//! Scoring a finished hand: takes the `Finished` hand (tricks, points, melds, captures, sides)
//! and the `Game`'s items (contract, announcements and their levels, calls, seats), and gives
//! the itemized `Score`: card points and melds per seat, the game item by its `Win` and `Tie`,
//! every announced figure judged by its `Cond` (`conditions.rs`), and zero-sum payments per
//! table seat (`payments.rs`). Beside it: the finished hand as a value (`finished.rs`), goals
//! and trick counts (`goals.rs`, `goal_sequence.rs`), minimums, the most pays, bonuses.
//!
//! The room owns no field of `Game`: the sheet it writes (`score_into`) is kept in the core
//! (`sheet`, `scored`). It reads the `Finished` value, and beside it the `Game`'s announcements,
//! calls, claims, joint contract, dealer and seats.

mod conditions;
pub(in crate::engine) mod finished;
pub(in crate::engine) mod goal_sequence;
pub(in crate::engine) mod goals;
pub(in crate::engine) mod minimums;
pub(in crate::engine) mod payments;
pub(in crate::engine) mod score_most;

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{Game, Item};
use crate::engine::score::finished::Finished;
use crate::model::{Cond, ContractId, FigureId, SuitId, Tie, Win};
use conditions::eval;
use payments::{pay_side, positions, seat_bit, Pay, Sides};

mod bonuses;
mod own;

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
        // `own`: every player's own score, the expression read with him as `me`
        if let Some(e) = &contract.own {
            s.own_scores = s.own_scores.saturating_add(own::settle(g, &f, e, &mut pay));
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

/// For serde: an amount that is not there is not written.
fn is_zero(n: &i64) -> bool {
    *n == 0
}
