//! Figures that score unannounced and figures that replace the game (`unannounced V`,
//! `replaces-game`; digest koenigrufen-family.md §2.7.3, §10.14): takes the finished hand, the
//! announcements and the figures of the contract, gives whether the game's amount is replaced
//! (a replacing figure announced, made or missed, or made unannounced by the side that won the
//! game) and the items of the figures a side made without announcing them, paid to that side
//! (`unless-announced-by`: whether the other side's announcement takes them away).
//! Nothing here runs for a contract whose figures have neither statement.

use super::conditions::eval;
use super::payments::{pay_side, seat_bit, Pay, Sides};
use super::{side_mask, Ctx, Item, Score, ScoreItem};
use crate::engine::compile::tables::MAX_SEATS;

/// The sides that made figure `fi` without one of their players announcing it (without anyone,
/// with `unless-announced-by any-side`): the position that stands for
/// the side on the sheet and the side's mask, for the declarer's side and then the defence (a
/// `fulfil announcer` figure only for the declarer himself).
fn made_unannounced(ctx: &Ctx, fi: usize) -> [Option<(u8, u16)>; 2] {
    let g = ctx.g;
    let f = ctx.f;
    let mut out = [None, None];
    let (Some(fig), Some(c), Some(d)) = (g.rules.variant.figures.get(fi), g.contract, f.declarer) else {
        return out;
    };
    if fig.unannounced.is_none() || !fig.contracts.contains(&c) {
        return out;
    }
    // who announced the figure: a side with an announcer of its own does not score it
    // unannounced; with `unless-announced-by any-side`, neither side does
    let announcers = g
        .anns
        .iter()
        .filter(|a| a.figure == fi)
        .fold(0u16, |m, a| m | seat_bit(a.by));
    if fig.unannounced_unless_any && announcers != 0 {
        return out;
    }
    let Some(cond) = fig.condition_in(c) else { return out };
    let defender = (0..f.n.min(MAX_SEATS as u8)).find(|&p| f.sides.declarer & (1 << p) == 0);
    let sides = [Some(d), defender.filter(|_| fig.fulfil_by_side)];
    // a replacing amount stands in for the game's, which only the side that won the game is
    // paid: made by the side that lost it, it scores nothing (koenigrufen-family.md §2.7.3)
    let winners = [Some(true), Some(false)];
    for ((slot, by), won) in out.iter_mut().zip(sides).zip(winners) {
        if fig.replaces_game && ctx.game_won != won {
            continue;
        }
        if let Some(by) = by {
            let side = side_mask(f, by, fig.fulfil_by_side);
            if side & announcers == 0 && eval(ctx, cond, by, side) {
                *slot = Some((by, side));
            }
        }
    }
    out
}

/// Whether a replacing figure is settled in this hand, so the game's amount is not paid.
#[inline(never)] // only variants with a figure that replaces the game
pub(in crate::engine) fn game_replaced(ctx: &Ctx) -> bool {
    let figs = &ctx.g.rules.variant.figures;
    let announced = ctx.g.anns.iter().any(|a| {
        figs.get(a.figure)
            .is_some_and(|f| f.replaces_game && !f.multiplies_game)
    });
    announced
        || figs
            .iter()
            .enumerate()
            .filter(|(_, f)| f.replaces_game)
            .any(|(i, _)| made_unannounced(ctx, i).iter().any(Option::is_some))
}

/// The items of the figures made unannounced, each paid to the side that made it.
#[inline(never)] // only variants with unannounced figures
pub(in crate::engine) fn score_unannounced(ctx: &Ctx, sides: &Sides, s: &mut Score) {
    let g = ctx.g;
    for (i, fig) in g.rules.variant.figures.iter().enumerate() {
        let Some(value) = fig.unannounced else { continue };
        for (by, _) in made_unannounced(ctx, i).into_iter().flatten() {
            let owner_decl = ctx.f.sides.declarer & (1 << by) != 0;
            s.items.push(ScoreItem {
                // no announcement stands behind it: not an index into the announcements
                item: Item::Figure(u16::MAX),
                figure: Some(i),
                by: Some(g.seat_at(by)),
                base: value,
                front: false,
                extra: 0,
                deducted: 0,
                multiplier: 1,
                added: 0,
                value,
                won: Some(true),
                pay: [0; MAX_SEATS],
                unannounced: true,
            });
            if let Some(item) = s.items.last_mut() {
                let mut pay = Pay {
                    item: &mut item.pay,
                    total: &mut s.payments,
                };
                pay_side(sides, owner_decl, true, value, &mut pay);
            }
        }
    }
}
