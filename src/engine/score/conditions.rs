//! A figure's or a goal's condition judged on the finished hand: takes the scoring context (the
//! `Finished` hand, the `Game`, whether the game was won) and a `Cond` of the condition language,
//! gives whether it holds for a player and his side: card points, captures, a trick won by a
//! card, all or no tricks, the game, cards held, the trump suit, trick counts against a number
//! or the player's undertaking, the first or last tricks.

use crate::engine::core::deal::bit;
use crate::engine::score::goals;
use crate::engine::score::payments::{positions, seat_bit};
use crate::engine::score::Ctx;
use crate::model::{Cond, Prim};
use crate::syntax::ast::Comparison;

fn cmp(c: Comparison, v: i64, t: i64) -> bool {
    match c {
        Comparison::AtLeast => v >= t,
        Comparison::MoreThan => v > t,
    }
}

/// A figure's condition: a primitive is tested at once; `and`, `or` and `not` go by `eval_tree`.
#[inline]
pub(super) fn eval(ctx: &Ctx, c: &Cond, by: u8, side: u16) -> bool {
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
