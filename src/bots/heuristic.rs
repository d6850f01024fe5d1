//! The `heuristic` bot: takes a seat's `View`, gives an action by rules of thumb read from the
//! rules' tables. It bids the contract whose estimated chance (`strength::success`) times its
//! value pays best, and passes when none pays; doubles the game when its own cards make the
//! declarer's success unlikely (or, as declarer, likely); calls every meld it may, exchanges
//! and draws what the talon offers, discards its least cards, names the trump suit it is
//! longest and strongest in, calls a partner's card it does not hold, disputes claims, plays
//! on when offered a call; announces a figure of its side when its estimated chance
//! (`strength::figure_success`) is high; and plays cards as `cardplay.rs` says.
//! It never allocates per decision beyond its reused action buffer.

use super::cardplay::{choose_card, lowest};
use super::strength::{aim, aim_known, expected_tricks, figure_success, success};
use super::{Bot, View};
use crate::engine::game::Item;
use crate::engine::rng::HandRng;
use crate::engine::{Action, Phase, PlayTable, Rules};
use crate::model::{BidEntry, ContractId, RoundShape, SuitId};

#[derive(Default)]
pub struct HeuristicBot {
    buf: Vec<Action>,
}

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn act(&mut self, view: &View<'_>, _rng: &mut HandRng) -> Action {
        if let (Some(m), Some(t)) = (view.legal_cards().filter(|m| *m != 0), view.play_table()) {
            return Action::Play(play(view, t, m));
        }
        view.legal_actions_into(&mut self.buf);
        let list = &self.buf[..];
        match list {
            [] => return Action::Pass,
            [only] => return *only,
            _ => {}
        }
        // a meld it may call is one it holds: always worth calling
        if let Some(m) = list.iter().find(|a| matches!(a, Action::Meld(_))) {
            return *m;
        }
        if let Some(k) = list.iter().find(|a| matches!(a, Action::Kontra(Item::Game))) {
            if doubling_pays(view) {
                return *k;
            }
        }
        if let Some(a) = announcement(view, list) {
            return a;
        }
        match view.phase() {
            Phase::Bidding => bid(view, list),
            Phase::Choose => best_of(list, |a| match a {
                Action::Choose(i) => view.choice_entry(*i).map_or(-1.0, |e| entry_value(view, e)),
                _ => f32::MIN,
            }),
            Phase::Exchange | Phase::Draw => exchange(view, list),
            Phase::NameTrumps => name_trumps(view, list),
            Phase::PartnerCall => {
                let hand = view.hand();
                first(list, |a| matches!(a, Action::CallCard(c) if hand >> (c & 63) & 1 == 0))
            }
            Phase::Claim => first(list, |a| *a == Action::DisputeClaim),
            Phase::Call => first(list, |a| *a == Action::PlayOn).or_else(|| first(list, |a| *a == Action::Pass)),
            _ => None,
        }
        .or_else(|| cards_of(view, list))
        .or_else(|| first(list, |a| matches!(a, Action::Pass)))
        .or_else(|| first(list, |a| !matches!(a, Action::ClaimRest | Action::ConcedeRest)))
        .unwrap_or(list[0])
    }
}

/// The first action of `list` that `pred` takes.
fn first(list: &[Action], pred: impl Fn(&Action) -> bool) -> Option<Action> {
    list.iter().find(|a| pred(a)).copied()
}

/// The action of `list` with the highest `value` (the first of equals).
fn best_of(list: &[Action], value: impl Fn(&Action) -> f32) -> Option<Action> {
    let mut best: Option<(Action, f32)> = None;
    for a in list {
        let v = value(a);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((*a, v));
        }
    }
    best.map(|(a, _)| a)
}

/// The heuristic card among the cards of `list` (a list that offers cards beside other actions),
/// for the sampled bot, which values the cards as one option.
pub(crate) fn card_among(view: &View<'_>, list: &[Action]) -> Option<Action> {
    cards_of(view, list)
}

/// A card from a list that offers cards beside other actions (trick 1 with its calls).
fn cards_of(view: &View<'_>, list: &[Action]) -> Option<Action> {
    let t = view.play_table()?;
    let m = list.iter().fold(0u64, |m, a| match a {
        Action::Play(c) => m | 1u64 << (c & 63),
        _ => m,
    });
    (m != 0).then(|| Action::Play(play(view, t, m)))
}

fn play(view: &View<'_>, t: &PlayTable, legal: u64) -> u8 {
    let aim = view
        .contract()
        .map_or(super::strength::Aim::Share(0.5), |c| aim(view.rules(), c));
    let declarer_side = view
        .declarer()
        .and_then(|d| view.pos_of(d))
        .is_some_and(|d| view.side() & (1 << d.0) != 0);
    // an announced figure won by a trick with a card: that card in its trick, and not before
    let fig = super::figure_aims::figure_cards(view);
    if legal & fig.now != 0 {
        return choose_card(view, t, legal & fig.now, aim, declarer_side);
    }
    let spare = legal & !fig.keep;
    choose_card(view, t, if spare != 0 { spare } else { legal }, aim, declarer_side)
}

/// The value of a contract to its declarer: what a win brings (a loss costs as much).
fn contract_value(rules: &Rules, c: ContractId, trump: Option<SuitId>) -> f32 {
    rules
        .variant
        .contracts
        .get(c)
        .map_or(0.0, |k| match (trump, k.value_no_trumps) {
            (None, Some(v)) if k.trumps => v as f32,
            _ => k.value as f32,
        })
}

/// The best (chance, trump) of contract `c` for this hand: over the suits it may be played in.
fn best_chance(view: &View<'_>, c: ContractId, fixed: Option<SuitId>) -> (f32, Option<SuitId>) {
    let rules = view.rules();
    let hand = view.hand();
    let Some(k) = rules.variant.contracts.get(c) else {
        return (0.0, None);
    };
    let chance = |s: Option<SuitId>| rules.tables.table(c, s).map_or(0.0, |t| success(rules, c, t, hand));
    if !k.trumps {
        return (chance(None), None);
    }
    if let Some(s) = fixed.or(k.fixed_trump) {
        return (chance(Some(s)), Some(s));
    }
    let mut best = (chance(None), None);
    for s in 0..rules.tables.n_suits as SuitId {
        let p = chance(Some(s));
        if p > best.0 {
            best = (p, Some(s));
        }
    }
    best
}

/// What bidding a contract whose goal the estimate cannot read is worth: below every other
/// bid and pass, so that it is bid only when nothing else is allowed.
const UNREADABLE: f32 = -1.0e6;

/// What bidding an entry of a ladder is worth: value times the margin of success over failure
/// (`UNREADABLE` for a goal the estimate cannot read: not bid rather than guessed).
fn entry_value(view: &View<'_>, e: BidEntry) -> f32 {
    let rules = view.rules();
    let (c, fixed) = match e {
        BidEntry::Suit(s) => (rules.variant.bidding.suit_contract, Some(s)),
        BidEntry::Contract(c) => (c, None),
    };
    if aim_known(rules, c).is_none() {
        return UNREADABLE;
    }
    let (p, trump) = best_chance(view, c, fixed);
    contract_value(rules, c, trump) * (2.0 * p - 1.0)
}

/// The entry of the ladder that `Bid(i)` names: the current round's ladder, or after the
/// auction the last ladder round's.
fn ladder_entry(view: &View<'_>, i: u8) -> Option<BidEntry> {
    let rounds = &view.rules().variant.bidding.rounds;
    let round = match view.bid_round() {
        Some(r) => rounds.get(r),
        None => rounds
            .iter()
            .rev()
            .find(|r| matches!(r.shape, RoundShape::Ascending { .. })),
    }?;
    let RoundShape::Ascending { ladder, .. } = round.shape else {
        return None;
    };
    view.rules()
        .variant
        .bid_ladders
        .get(ladder)?
        .entries
        .get(i as usize)
        .copied()
}

/// A bidding turn: the bid worth most if it pays, else pass (or the least bad when a bid is forced).
fn bid(view: &View<'_>, list: &[Action]) -> Option<Action> {
    let rules = view.rules();
    let round = view.bid_round().and_then(|r| rules.variant.bidding.rounds.get(r));
    let shape_contract = match round.map(|r| r.shape) {
        Some(RoundShape::FirstClaim { contract }) => Some(contract),
        Some(RoundShape::EachBids { contract, .. }) | Some(RoundShape::HighestBids { contract, .. }) => Some(contract),
        _ => None,
    };
    let readable = shape_contract.is_none_or(|c| aim_known(rules, c).is_some());
    let (strong, _) = shape_contract.map_or((0.0, None), |c| best_chance(view, c, None));
    let expected = shape_contract
        .and_then(|c| {
            let (_, trump) = best_chance(view, c, None);
            rules.tables.table(c, trump)
        })
        .map_or(0.0, |t| expected_tricks(t, view.hand(), rules.variant.active));
    let has_pass = list.contains(&Action::Pass);
    let value = |a: &Action| -> f32 {
        match *a {
            Action::Pass => 0.0,
            Action::Bid(i) => ladder_entry(view, i).map_or(-1.0, |e| entry_value(view, e)),
            Action::Choose(i) => view.choice_entry(i).map_or(-1.0, |e| entry_value(view, e)),
            Action::Claim if !readable => UNREADABLE,
            Action::Claim => 2.0 * strong - 1.0,
            Action::Accept => view.indicator().map_or(-1.0, |c| {
                let s = rules.tables.suit(c);
                entry_value(view, BidEntry::Suit(s))
            }),
            // to hold a standing bid it must be strong in some suit
            Action::Hold => {
                let (p, _) = best_chance(view, rules.variant.bidding.suit_contract, None);
                2.0 * p - 1.2
            }
            // an undertaking as near the tricks it expects as it may
            Action::BidNumber(k) => {
                let off = (k as f32 - expected).abs();
                if has_pass {
                    -(k as f32 - expected).max(0.0) - 0.5
                } else {
                    -off
                }
            }
            Action::LayFaceDown(_) | Action::Join => -0.5,
            _ => -2.0,
        }
    };
    let choice = best_of(list, value)?;
    if let Action::LayFaceDown(_) = choice {
        return lay_face_down(view, list);
    }
    Some(choice)
}

/// The card to lay face down with a bid: its least card by the first play table.
fn lay_face_down(view: &View<'_>, list: &[Action]) -> Option<Action> {
    let t = view.rules().tables.play.first()?;
    let m = list.iter().fold(0u64, |m, a| match a {
        Action::LayFaceDown(c) => m | 1u64 << (c & 63),
        _ => m,
    });
    (m != 0).then(|| Action::LayFaceDown(lowest(t, m)))
}

/// The talon: exchange and draw as much as allowed, then discard the least cards of the contract.
fn exchange(view: &View<'_>, list: &[Action]) -> Option<Action> {
    if let Some(a) = first(list, |a| *a == Action::Exchange) {
        return Some(a);
    }
    if let Some(a) = best_of(list, |a| match a {
        Action::Draw(k) => *k as f32,
        _ => -1.0,
    })
    .filter(|a| matches!(a, Action::Draw(_)))
    {
        return Some(a);
    }
    let m = list.iter().fold(0u64, |m, a| match a {
        Action::Discard(c) => m | 1u64 << (c & 63),
        _ => m,
    });
    if m == 0 {
        return None;
    }
    let rules = view.rules();
    let t = view
        .contract()
        .and_then(|c| rules.tables.table(c, view.trump()))
        .or_else(|| rules.tables.play.first())?;
    Some(Action::Discard(lowest(t, m)))
}

/// Names the trump suit it expects most tricks in (or none when that is better).
fn name_trumps(view: &View<'_>, list: &[Action]) -> Option<Action> {
    let rules = view.rules();
    let c = view.contract()?;
    let hand = view.hand();
    let tricks = |s: Option<SuitId>| {
        rules
            .tables
            .table(c, s)
            .map_or(-1.0, |t| expected_tricks(t, hand, rules.variant.active))
    };
    best_of(list, |a| match *a {
        Action::NameTrumps(s) => tricks(Some(s as SuitId)),
        Action::NoTrumps => tricks(None),
        _ => -2.0,
    })
}

/// Whether saying the next doubling level on the game pays: for the declarer's side when it
/// is likely to make the contract, for a defender when his own cards make that unlikely; each
/// level already said asks more (a level doubles what a mistake costs): the declarer's chance
/// above 0.8 with none said, 0.06 more a level (at most 0.97), the defender's tricks 1.6 times
/// a seat's share, 0.3 more a level.
fn doubling_pays(view: &View<'_>) -> bool {
    let said = f32::from(view.game_levels().said);
    let rules = view.rules();
    let (Some(c), Some(d)) = (view.contract(), view.declarer().and_then(|d| view.pos_of(d))) else {
        return false;
    };
    let Some(t) = view.play_table().or_else(|| rules.tables.table(c, view.trump())) else {
        return false;
    };
    let hand = view.hand();
    if view.side() & (1 << d.0) != 0 {
        return success(rules, c, t, hand) > (0.8 + 0.06 * said).min(0.97);
    }
    let n = rules.variant.active.max(1) as f32;
    let tricks = (rules.tables.n_cards as f32 / n).floor();
    matches!(aim_known(rules, c), Some(super::strength::Aim::Share(_)))
        && expected_tricks(t, hand, rules.variant.active) >= (1.6 + 0.3 * said) * tricks / n
}

/// The chance from which a figure is worth announcing: a failed figure costs its value, and
/// the estimate is rough, so only a likely one is announced.
const ANNOUNCE_FROM: f32 = 0.75;

/// A figure worth announcing now, for the declarer's side: the likeliest of those the estimate
/// can read, if likely enough.
fn announcement(view: &View<'_>, list: &[Action]) -> Option<Action> {
    let rules = view.rules();
    let (c, d) = (view.contract()?, view.declarer().and_then(|d| view.pos_of(d))?);
    if view.side() & (1 << d.0) == 0 {
        return None;
    }
    let t = view.play_table().or_else(|| rules.tables.table(c, view.trump()))?;
    let hand = view.hand();
    let mut best: Option<(Action, f32)> = None;
    for a in list {
        let Action::Announce(f) = *a else { continue };
        let Some(p) = figure_success(rules, f as usize, c, t, hand) else {
            continue;
        };
        if p >= ANNOUNCE_FROM && best.is_none_or(|(_, q)| p > q) {
            best = Some((*a, p));
        }
    }
    best.map(|(a, _)| a)
}
