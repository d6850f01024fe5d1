//! Hand strength read from the rules' tables: takes a hand (a card mask) and a contract with
//! its trump suit, gives the tricks the hand may expect to take (`expected_tricks`), what the
//! contract asks of the declarer's side (`Aim`), and from both the chance that the declarer's
//! side makes it (`success`). Nothing here knows a game: a card's worth is its place in the
//! play table's order (`beats`), the trump mask and the card points.

use crate::engine::tables::cards;
use crate::engine::{PlayTable, Rules};
use crate::model::cond::{Cond, Prim};
use crate::model::{ContractId, FigureId, Win};
use crate::syntax::ast::{Comparison, TrickCount};

/// What a contract asks of its declarer's side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Aim {
    /// At least this share (0..=1) of the tricks (or of the card points, as tricks).
    Share(f32),
    /// No trick at all.
    NoTricks,
    /// Nobody declares and everyone avoids card points (the one with the most pays).
    EveryoneAvoids,
}

/// The aim of contract `c` under `rules`, for the card play (a goal the bot cannot read counts
/// as half the tricks: the cards must be played all the same).
pub fn aim(rules: &Rules, c: ContractId) -> Aim {
    aim_known(rules, c).unwrap_or(Aim::Share(0.5))
}

/// The aim of contract `c` when the estimate can read its goal: a primitive it reads, or an
/// `and` of such (the strictest); None for a goal with `or`, `not`, first or last tricks, a trick
/// won with a card, or anything else it cannot estimate (the heuristic bot does not bid it).
pub fn aim_known(rules: &Rules, c: ContractId) -> Option<Aim> {
    let k = rules.variant.contracts.get(c)?;
    Some(match k.win {
        Win::NoTricks => Aim::NoTricks,
        Win::MostCardPoints => Aim::EveryoneAvoids,
        // more than each opponent: a little above an even share of a seat
        Win::MoreThanEach { .. } | Win::MostTricks => Aim::Share(1.0 / rules.variant.active.max(1) as f32 + 0.08),
        Win::Goal => match k.goal.as_ref()? {
            Cond::Prim(p) => prim_aim_known(rules, p)?,
            Cond::And(all) => all.iter().try_fold(Aim::Share(0.0), |a, c| match c {
                Cond::Prim(p) => prim_aim_known(rules, p).map(|b| stricter(a, b)),
                _ => None,
            })?,
            _ => return None,
        },
    })
}

/// The harder of two aims.
fn stricter(a: Aim, b: Aim) -> Aim {
    match (a, b) {
        (Aim::Share(x), Aim::Share(y)) => Aim::Share(x.max(y)),
        (Aim::Share(_), other) => other,
        (other, _) => other,
    }
}

/// The aim a condition's primitive states, if it is one the estimate can read.
fn prim_aim_known(rules: &Rules, p: &Prim) -> Option<Aim> {
    let tricks = (rules.tables.n_cards as f32 / rules.variant.active.max(1) as f32).max(1.0);
    Some(match *p {
        Prim::NoTricks => Aim::NoTricks,
        Prim::AllTricks => Aim::Share(1.0),
        Prim::Tricks { cmp, n } => match cmp {
            TrickCount::AtLeast | TrickCount::Exactly => Aim::Share((n as f32 / tricks).min(1.0)),
            TrickCount::AtMost if n == 0 => Aim::NoTricks,
            TrickCount::AtMost => Aim::Share(0.0),
        },
        Prim::Points { cmp, threshold, .. } => {
            let total = total_points(rules).max(1) as f32;
            let extra = if cmp == Comparison::MoreThan { 1.0 } else { 0.0 };
            Aim::Share(((threshold as f32 + extra) / total).clamp(0.0, 1.0))
        }
        _ => return None,
    })
}

/// The chance that the declarer's side, the declarer holding `hand`, fulfils the condition
/// of figure `f` in contract `c` under table `t`; None when the condition is one the estimate
/// cannot read (a figure the bot then never announces). Holding is certain or impossible;
/// capturing cards one holds is likely (each a trick to win), others' cards unlikely.
pub fn figure_success(rules: &Rules, f: FigureId, c: ContractId, t: &PlayTable, hand: u64) -> Option<f32> {
    let fig = rules.variant.figures.get(f)?;
    let (_, cond) = fig.conditions.iter().find(|(k, _)| k.is_none_or(|k| k == c))?;
    cond_success(rules, c, t, hand, cond)
}

fn cond_success(rules: &Rules, c: ContractId, t: &PlayTable, hand: u64, cond: &Cond) -> Option<f32> {
    match cond {
        Cond::And(all) => all
            .iter()
            .try_fold(1.0, |p, k| cond_success(rules, c, t, hand, k).map(|q| p * q)),
        Cond::Or(any) => any
            .iter()
            .try_fold(0.0f32, |p, k| cond_success(rules, c, t, hand, k).map(|q| p.max(q))),
        Cond::Not(_) => None,
        Cond::Prim(p) => match p {
            Prim::Holds(sels) => {
                let m = sels.iter().fold(0, |m, s| m | rules.tables.sel_mask(s, t.trump));
                Some(if m & !hand == 0 { 1.0 } else { 0.0 })
            }
            Prim::Captures(sels) => {
                let m = sels.iter().fold(0, |m, s| m | rules.tables.sel_mask(s, t.trump));
                Some(if m & !hand == 0 {
                    0.9f32.powi(m.count_ones() as i32)
                } else {
                    0.05
                })
            }
            Prim::Game { won: true } => Some(success(rules, c, t, hand)),
            other => prim_aim_known(rules, other).map(|a| success_of(rules, c, t, hand, a)),
        },
    }
}

/// Card points of the whole deck in the first play table (with the last trick's bonus).
fn total_points(rules: &Rules) -> i64 {
    rules
        .tables
        .play
        .first()
        .map_or(0, |t| (t.mask_points(rules.tables.all) + t.last_trick) as i64)
}

/// The tricks `hand` may expect to take under table `t`: a card counts by how few cards of
/// its own suit outrank it (the top card nearly a trick, the second a half with a guard), a
/// trump more since it also takes the other suits, and a long trump suit its length beyond
/// the others' share.
pub fn expected_tricks(t: &PlayTable, hand: u64, players: u8) -> f32 {
    let mut sum = 0.0;
    let trumps = hand & t.trump_mask;
    for c in cards(hand) {
        let ci = c as usize & 63;
        let own_suit = if t.trump_mask >> ci & 1 == 1 {
            t.trump_mask
        } else {
            t.suit_masks[ci]
        };
        let above = (t.beats[ci] & own_suit).count_ones();
        let held = (hand & own_suit).count_ones();
        let is_trump = own_suit == t.trump_mask && t.trump_mask != 0;
        sum += match (is_trump, above) {
            (true, 0) => 1.0,
            (true, 1) => 0.8,
            (true, 2) => 0.6,
            (true, _) => 0.35,
            (false, 0) => 0.9,
            (false, 1) if held >= 2 => 0.5,
            (false, 2) if held >= 3 => 0.2,
            _ => 0.0,
        };
    }
    let fair_trumps = t.trump_mask.count_ones() as f32 / players.max(1) as f32;
    sum + (trumps.count_ones() as f32 - fair_trumps - 1.0).max(0.0) * 0.5
}

/// The chance (0..1) that the declarer's side makes contract `c` under table `t` when the
/// declarer holds `hand`, by the tricks it may expect against what the contract asks: a
/// partner (called or fixed) brings his fair share of the rest.
pub fn success(rules: &Rules, c: ContractId, t: &PlayTable, hand: u64) -> f32 {
    success_of(rules, c, t, hand, aim(rules, c))
}

/// `success` for an aim of the declarer's side in contract `c` (the contract's own, or a figure's).
fn success_of(rules: &Rules, c: ContractId, t: &PlayTable, hand: u64, aim: Aim) -> f32 {
    let n = rules.variant.active.max(1);
    let tricks = (rules.tables.n_cards as f32 / n as f32).floor().max(1.0);
    match aim {
        Aim::Share(share) => {
            let mine = expected_tricks(t, hand, n);
            let partner = rules.variant.contracts.get(c).is_some_and(|k| k.sides.with_partner());
            let side = if partner {
                mine + (tricks - mine).max(0.0) / (n - 1).max(1) as f32
            } else {
                mine
            };
            // one trick more than needed makes it likely; the scale is about a trick
            let uncounted = UNCOUNTED_SHARE * tricks * (1.0 - share);
            logistic((side + uncounted - share * tricks) / 0.7)
        }
        Aim::NoTricks => {
            // a card is a danger by how many cards of its suit it outranks
            let mut danger = 0.0;
            for card in cards(hand) {
                let ci = card as usize & 63;
                let suit = t.suit_masks[ci];
                let below = (suit & !t.beats[ci] & !(1u64 << ci)).count_ones() as f32;
                let held_below = (hand & suit & !t.beats[ci] & !(1u64 << ci)).count_ones() as f32;
                danger += ((below - held_below) - 2.0).max(0.0) * 0.25;
            }
            (-danger).exp()
        }
        Aim::EveryoneAvoids => 0.5,
    }
}

/// The tricks a hand takes beyond what `expected_tricks` counts (low cards that win late,
/// the talon, the opponents' mistakes), as a share of the hand's tricks that the contract
/// leaves to spare (none in an all-tricks contract): set where duplicate matches against the
/// random bots paid best (alsos-3p and asszorti, 400 deals each; about 2.5 of 9 tricks).
const UNCOUNTED_SHARE: f32 = 0.45;

fn logistic(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
