//! The static bound on a hand's largest item: takes a checked `Variant` and its rule tree, gives a
//! `kartya::out-of-range` diagnostic where some item (the game of a contract, or a figure) could
//! score more than `MAX_ITEM` in the worst hand: its largest value (with overtricks or a value per
//! card point), times its doubling ladder's top level, times every figure that multiplies the game
//! announced by every player, times the call's stake with every raise (and call-back) its ladder
//! allows, twice for a figure that rides with the game's call. Each factor alone is bounded by the
//! builder (values, ladders, the call's multiplier); this bounds their product, so that no hand's
//! sums can overflow (`engine/score/` still saturates where a total of many hands is kept).

use super::*;
use crate::diag::{Code, Diag};
use crate::resolve::RuleTree;

/// The most one item of a hand may score: with at most 64 figures and the game, each paid by up
/// to 7 players, a hand's sums stay below `i64::MAX` (9.2 x 10^18) with room to spare.
pub const MAX_ITEM: i128 = 1_000_000_000_000_000;

/// One factor of the product: its value and the statement (address) that sets it.
struct Factor {
    what: String,
    value: i128,
    addr: Vec<String>,
}

fn mul(a: i128, b: i128) -> i128 {
    a.saturating_mul(b)
}

fn pow(b: i128, e: u32) -> i128 {
    (0..e).fold(1i128, |m, _| mul(m, b))
}

/// The largest top-level multiplier of any doubling ladder, and the ladder.
fn ladder(v: &Variant) -> Option<Factor> {
    v.doublings
        .iter()
        .map(|d| {
            let levels = (d.top + 1).min(d.levels.len()).max(1) as u32;
            let per = i128::from(d.front.max(d.back).max(1));
            let key = if d.front == d.back {
                "factor"
            } else if d.front >= d.back {
                "front"
            } else {
                "back"
            };
            Factor {
                what: format!("ladder `{}`", d.name),
                value: pow(per, levels),
                addr: vec!["doubling".into(), d.name.clone(), key.into()],
            }
        })
        .max_by_key(|f| f.value)
}

/// The most a call multiplies an item by: its multiplier, again for every raise its ladder
/// allows (squared with call-back); and whether figures are called on their own.
fn stake(v: &Variant) -> Option<(Factor, bool)> {
    let c = v.calling.as_ref().filter(|c| c.scope != CallScope::Off)?;
    let raises = c
        .ladder
        .and_then(|d| v.doublings.get(d))
        .map_or(0, |d| (d.top + 1).min(d.levels.len()) as u32);
    let per_raise = if c.call_back { 2 } else { 1 };
    let m = i128::from(c.multiplier.max(1));
    let e = 1 + raises * per_raise;
    let factor = Factor {
        what: format!("call `{}` with {raises} raise(s)", c.name),
        value: pow(m, e),
        addr: vec!["calling".into(), c.name.clone(), "multiplier".into()],
    };
    Some((factor, c.scope == CallScope::AnyFigure))
}

/// Every figure that multiplies the game, announced by every active player.
fn game_multipliers(v: &Variant) -> Vec<Factor> {
    v.figures
        .iter()
        .filter(|f| f.multiplies_game)
        .map(|f| {
            let per = i128::from(f.front.unwrap_or(1).max(f.back.unwrap_or(1)).max(1));
            Factor {
                what: format!("figure `{}` said by {} players", f.name, v.active),
                value: pow(per, u32::from(v.active.max(1))),
                addr: vec!["figure".into(), f.name.clone(), "value".into()],
            }
        })
        .collect()
}

/// The largest game value of a contract: its value (or without trumps), its overtricks at every
/// trick, or its value per card point over every point of the pack.
fn game_value(v: &Variant, c: &Contract) -> i128 {
    let value = i128::from(
        c.value
            .max(c.value_no_trumps.unwrap_or(0))
            .max(c.value_lost.unwrap_or(0)),
    );
    let tricks = i128::from(v.hand_size());
    let over = c
        .overtricks
        .as_ref()
        .map_or(0, |o| mul(i128::from(o.each.unwrap_or(c.value).max(0)), tricks));
    let pack: i128 = v
        .points
        .iter()
        .map(|t| t.by_rank.iter().map(|p| i128::from(p.unsigned_abs())).sum::<i128>())
        .sum::<i128>()
        .saturating_mul(v.suits.len().max(1) as i128)
        .saturating_add(i128::from(v.last_trick.unsigned_abs()));
    let per_point = c.point_difference_value.map_or(0, |p| mul(i128::from(p), pack));
    value.saturating_add(over).max(per_point)
}

fn figure_value(f: &Figure) -> i128 {
    [
        f.back,
        f.front,
        f.back_no_trumps,
        f.upgrade.as_ref().map(|u| u.0),
        f.unannounced,
    ]
    .into_iter()
    .flatten()
    .map(i128::from)
    .max()
    .unwrap_or(0)
}

pub(super) fn check(v: &Variant, tree: &RuleTree, diags: &mut Vec<Diag>) {
    let ladder = ladder(v);
    let (stake, figures_called) = match stake(v) {
        Some((f, any)) => (Some(f), any),
        None => (None, false),
    };
    let calling = v.calling.as_ref();
    let rides = |f: FigureId| calling.is_some_and(|c| c.game_includes.contains(&f));
    let own_call = |f: FigureId| figures_called && calling.is_some_and(|c| !c.called_with_game.contains(&f));
    let mut items: Vec<(String, Factor, Vec<&Factor>)> = Vec::new();
    let multipliers = game_multipliers(v);
    for c in &v.contracts {
        let base = Factor {
            what: "value".into(),
            value: game_value(v, c),
            addr: vec!["contract".into(), c.name.clone(), "value".into()],
        };
        let mut by: Vec<&Factor> = ladder.iter().chain(multipliers.iter()).chain(stake.iter()).collect();
        by.retain(|f| f.value > 1);
        items.push((format!("the game of contract `{}`", c.name), base, by));
    }
    for (i, f) in v.figures.iter().enumerate().filter(|(_, f)| !f.multiplies_game) {
        let base = Factor {
            what: "value".into(),
            value: figure_value(f),
            addr: vec!["figure".into(), f.name.clone(), "value".into()],
        };
        let mut by: Vec<&Factor> = ladder.iter().collect();
        if own_call(i as FigureId) {
            by.extend(stake.iter());
        }
        if rides(i as FigureId) {
            by.extend(stake.iter());
        }
        by.retain(|f| f.value > 1);
        items.push((format!("figure `{}`", f.name), base, by));
    }
    for (item, base, by) in items {
        let worst = by.iter().fold(base.value, |m, f| mul(m, f.value));
        if worst <= MAX_ITEM || base.value <= 0 {
            continue;
        }
        // the statement of the largest factor carries the error; the others are labelled beside it
        let all: Vec<&Factor> = std::iter::once(&base).chain(by.iter().copied()).collect();
        let Some(top) = all.iter().max_by_key(|f| f.value) else {
            continue;
        };
        let (file, span) = at(tree, &top.addr);
        let shown = if worst == i128::MAX {
            "more than i128 holds".to_string()
        } else {
            worst.to_string()
        };
        let product: Vec<String> = all.iter().map(|f| format!("{} {}", f.what, f.value)).collect();
        let mut d = Diag::new(
            Code::OutOfRange,
            file,
            format!(
                "{item} can score up to {shown} in one hand, above the bound {MAX_ITEM}: {}",
                product.join(" x ")
            ),
        )
        .label(span, "the largest factor");
        for f in all.iter().filter(|f| f.addr != top.addr) {
            let (ff, fs) = at(tree, &f.addr);
            if fs != Span::default() {
                d = d.label_in(ff, fs, "a factor");
            }
        }
        diags.push(d.help(format!(
            "make a value, a ladder's factor or the call's multiplier smaller: an item may score at most {MAX_ITEM} (10^15) in a hand, so that no hand's sums can overflow"
        )));
    }
}

/// The statement at this address (its head), else at the block's, else the base file's start.
fn at(tree: &RuleTree, addr: &[String]) -> (FileId, Span) {
    let words: Vec<&str> = addr.iter().map(String::as_str).collect();
    match super::check::entry(tree, &words) {
        Some(_) => super::check::at(tree, &words),
        None => super::check::at(tree, &words[..words.len().saturating_sub(1)]),
    }
}
