//! Gyerünk (calling) as part of `Game`: takes `variant.calling` (scope, the figures that still
//! allow a call, the multiplier, the raise ladder, call-back), gives the calling round after trick
//! 1, the offers and answers (give up, play on, raise, call back) with their checks, and the
//! factors and concessions `score/` reads. Also holds `Ext`, the engine state of calling, the
//! switch (`switch.rs`) and bidding with figures (`bid_figures.rs`).
//!
//! The flow, all from the model:
//! - the round opens after trick 1 (and the announcements that go on with it) in a contract with
//!   announcements and a declarer, when every announced figure is in `allowed_with` (or
//!   `allowed_with_any`); each position gets one turn, from the leader of trick 2, to `Call` an
//!   item (the game; with `any-figure` also an announced figure) or `Pass`;
//! - a call offers to multiply the item by `multiplier`; the other side answers `GiveUp` (the
//!   calling side wins the item at the stake before the offer; the game given up ends the hand),
//!   `PlayOn` (the stake is multiplied) or `Raise` (the next level of `calling.ladder`, up to its
//!   top): without call-back a raise accepts and offers once more, to be answered by the other
//!   side; with call-back it is a plain doubling (accept and multiply twice), after which the
//!   raising side may `CallBack` (a new offer) or `PlayOn` (stop);
//! - a side of two answers in turn from the declarer's right, and the more aggressive answer wins
//!   (give up < play on < raise / call back), §14.3: the second may not answer less than the first.

use crate::engine::compile::tables::MAX_SEATS;
use crate::engine::core::game::{next_pos, Action, Game, Item, Phase};
use crate::engine::core::stage::Stage;
use crate::model::{Announcements, CallScope, Calling, FigureId};

/// Engine state of calling (the calls of the hand; the round itself lives in `Stage::Call`) and
/// whether the contract was switched (`switch.rs`).
#[derive(Debug, Clone, Default)]
pub(in crate::engine) struct Ext {
    pub calls: Vec<Called>,
    /// The contract was switched: nothing more is announced or doubled.
    pub switched: bool,
}

/// A called item: its stake (the product of the accepted doublings of the call) and, when given
/// up, which side won it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Called {
    pub item: Item,
    pub stake: i64,
    /// Given up: whether the declarer's side won the item.
    pub conceded_to_declarer: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::engine) struct CallRound {
    next: u8,
    turns_left: u8,
    live: Option<Live>,
}

impl CallRound {
    /// The position to act: the answerer in turn while a call is answered, else the next caller.
    pub(in crate::engine) fn to_act(self) -> u8 {
        match self.live {
            Some(l) => l.answerers.get(l.at as usize).copied().unwrap_or(0),
            None => self.next,
        }
    }
}

/// A call being answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Live {
    call: usize,
    /// The side whose offer is pending (true = the declarer's).
    offer_by_declarer: bool,
    /// The side speaking now.
    speaking_declarer: bool,
    /// After a raise with call-back: the raising side may call back or stop.
    after_raise: bool,
    /// Ladder levels said so far on this call.
    level: usize,
    answerers: [u8; MAX_SEATS],
    count: u8,
    at: u8,
    best: u8,
}

/// How aggressive an answer is: the more aggressive answer of a side wins.
fn rank(a: Action) -> u8 {
    match a {
        Action::GiveUp => 1,
        Action::PlayOn => 2,
        Action::Raise | Action::CallBack => 3,
        _ => 0,
    }
}

impl Game {
    fn calling_rule(&self) -> Option<&Calling> {
        self.rules
            .variant
            .calling
            .as_ref()
            .filter(|c| c.scope != CallScope::Off)
    }

    /// The calls of the hand so far.
    pub fn calls(&self) -> &[Called] {
        &self.ext.calls
    }

    /// While a call is answered: the item, its value if given up now and its value if played on.
    pub fn call_offer(&self) -> Option<(Item, i64, i64)> {
        let live = self.call_round()?.live?;
        let c = self.ext.calls.get(live.call)?;
        let m = self.calling_rule().map(|r| r.multiplier).unwrap_or(1);
        let base = self.item_value_before_call(c.item)?;
        if live.after_raise {
            return Some((c.item, base.saturating_mul(c.stake), base.saturating_mul(c.stake)));
        }
        Some((
            c.item,
            base.saturating_mul(c.stake),
            base.saturating_mul(c.stake).saturating_mul(m),
        ))
    }

    /// An item's value with everything but the call.
    fn item_value_before_call(&self, item: Item) -> Option<i64> {
        let v = &self.rules.variant;
        match item {
            Item::Game => {
                let c = v.contracts.get(self.contract?)?;
                Some(c.value.saturating_mul(self.kontra_game_factor()))
            }
            Item::Figure(i) => {
                let a = self.anns.get(i as usize)?;
                let f = v.figures.get(a.figure)?;
                Some(
                    if a.front { f.front } else { f.back }
                        .unwrap_or(0)
                        .saturating_mul(a.levels.multiplier),
                )
            }
        }
    }

    /// The game's multiplier from its kontras and the figures that multiply the game.
    pub(in crate::engine) fn kontra_game_factor(&self) -> i64 {
        let v = &self.rules.variant;
        let mut m = self.game_levels.multiplier;
        for a in self.anns.iter().filter(|a| self.is_game_multiplier(a.figure)) {
            if let Some(f) = v.figures.get(a.figure) {
                m = m.saturating_mul(if a.front { f.front } else { f.back }.unwrap_or(1));
            }
        }
        m
    }

    fn stake_of(&self, item: Item) -> i64 {
        self.ext
            .calls
            .iter()
            .filter(|c| c.item == item)
            .fold(1i64, |m, c| m.saturating_mul(c.stake))
    }

    /// The game's whole multiplier: kontras, game-multiplying figures and the call.
    pub(in crate::engine) fn game_factor(&self) -> i64 {
        self.kontra_game_factor().saturating_mul(self.stake_of(Item::Game))
    }

    /// A figure's whole multiplier: its kontras, its own call, and the game's call when the
    /// figure rides with the game (`game-includes`).
    pub(in crate::engine) fn figure_factor(&self, i: usize) -> i64 {
        let Some(a) = self.anns.get(i) else { return 1 };
        let with_game = a.figure < 64 && self.rules.figures.game_includes & (1u64 << a.figure) != 0;
        let game = if with_game { self.stake_of(Item::Game) } else { 1 };
        a.levels
            .multiplier
            .saturating_mul(self.stake_of(Item::Figure(i.min(u16::MAX as usize) as u16)))
            .saturating_mul(game)
    }

    /// A given-up item: whether the declarer's side won it.
    pub(in crate::engine) fn conceded(&self, item: Item) -> Option<bool> {
        self.ext
            .calls
            .iter()
            .find(|c| c.item == item)
            .and_then(|c| c.conceded_to_declarer)
    }

    /// Whether a figure multiplies the game instead of being an item.
    pub(in crate::engine) fn is_game_multiplier(&self, f: FigureId) -> bool {
        f < 64 && self.rules.figures.game_multipliers & (1u64 << f) != 0
    }

    /// After trick 1 (and its announcements): opens the calling round if the rules allow one.
    pub(in crate::engine) fn start_calling(&mut self) {
        if self.phase() != Phase::Play || self.play.tricks_played != 1 || self.play.is_over() {
            return;
        }
        let Some(c) = self.calling_rule() else { return };
        if self.contract_announcements() == Announcements::None || self.declarer.is_none() {
            return;
        }
        if !c.allowed_with_any && !self.anns.iter().all(|a| c.allowed_with.contains(&a.figure)) {
            return;
        }
        self.stage = Stage::Call(CallRound {
            next: self.play.to_play,
            turns_left: self.n,
            live: None,
        });
    }

    fn callable(&self, by: u8, item: Item) -> Result<(), &'static str> {
        let c = self.calling_rule().ok_or("calling is not played")?;
        if self.ext.calls.iter().any(|x| x.item == item) {
            return Err("the item has been called already");
        }
        match item {
            Item::Game => Ok(()),
            Item::Figure(i) => {
                if c.scope != CallScope::AnyFigure {
                    return Err("only the game may be called");
                }
                let a = self.anns.get(i as usize).ok_or("no such announced item")?;
                if self.is_game_multiplier(a.figure) {
                    return Err("the figure multiplies the game: call the game");
                }
                if c.called_with_game.contains(&a.figure) {
                    return Err("the figure is called only with the game: call the game");
                }
                let same_side = (a.by == by) || (Some(a.by) != self.declarer && Some(by) != self.declarer);
                if !c.figure_calls_any_side && !same_side {
                    return Err("a figure is called only by its announcer's side");
                }
                Ok(())
            }
        }
    }

    fn raise_open(&self, level: usize) -> bool {
        let v = &self.rules.variant;
        self.calling_rule()
            .and_then(|c| c.ladder)
            .and_then(|d| v.doublings.get(d))
            .is_some_and(|d| level < d.levels.len() && level <= d.top)
    }

    /// The calling round in progress (none outside `Phase::Call`).
    fn call_round(&self) -> Option<CallRound> {
        match self.stage {
            Stage::Call(r) => Some(r),
            _ => None,
        }
    }

    pub(in crate::engine) fn call_actions(&self, out: &mut Vec<Action>) {
        let Some(r) = self.call_round() else { return };
        match r.live {
            None => {
                out.push(Action::Pass);
                let by = r.to_act();
                if self.callable(by, Item::Game).is_ok() {
                    out.push(Action::Call(Item::Game));
                }
                for i in 0..self.anns.len().min(u16::MAX as usize) {
                    if self.callable(by, Item::Figure(i as u16)).is_ok() {
                        out.push(Action::Call(Item::Figure(i as u16)));
                    }
                }
            }
            Some(_) => {
                for a in [Action::GiveUp, Action::PlayOn, Action::Raise, Action::CallBack] {
                    if self.check_answer(a).is_ok() {
                        out.push(a);
                    }
                }
            }
        }
    }

    fn check_answer(&self, a: Action) -> Result<(), &'static str> {
        let live = self.call_round().and_then(|r| r.live).ok_or("no call to answer")?;
        if rank(a) < live.best {
            return Err("the partner gave a stronger answer: only as strong or stronger may follow");
        }
        match (a, live.after_raise) {
            (Action::PlayOn, _) => Ok(()),
            (Action::CallBack, true) => Ok(()),
            (Action::CallBack, false) => Err("only the side that raised the call may call back, right after the raise"),
            (Action::GiveUp | Action::Raise, true) => Err("after raising, the side may only call back or play on"),
            (Action::GiveUp, false) => Ok(()),
            (Action::Raise, false) if self.raise_open(live.level) => Ok(()),
            (Action::Raise, false) => Err("the calling ladder is at its top"),
            _ => Err("not an answer to a call"),
        }
    }

    pub(in crate::engine) fn check_call(&self, action: Action) -> Result<(), &'static str> {
        let Some(r) = self.call_round() else {
            return Err("no calling round");
        };
        match (r.live, action) {
            (None, Action::Pass) => Ok(()),
            (None, Action::Call(item)) => self.callable(r.to_act(), item),
            (None, _) => Err("call an item or pass"),
            (Some(_), Action::Pass | Action::Call(_)) => Err("a call is being answered: give up, play on or raise"),
            (Some(_), a) => self.check_answer(a),
        }
    }

    /// The positions that speak for a side: the declarer, or the opponents from his right.
    fn side_speakers(&self, declarer_side: bool) -> ([u8; MAX_SEATS], u8) {
        let mut out = [0u8; MAX_SEATS];
        let d = self.declarer.unwrap_or(0);
        let n = self.n.max(1);
        if declarer_side {
            out[0] = d;
            return (out, 1);
        }
        let mut k = 0u8;
        for step in 1..n {
            if let Some(slot) = out.get_mut(k as usize) {
                *slot = (d + step) % n;
                k += 1;
            }
        }
        (out, k)
    }

    fn live_for(
        &self,
        call: usize,
        offer_by_declarer: bool,
        speaking_declarer: bool,
        after_raise: bool,
        level: usize,
    ) -> Live {
        let (answerers, count) = self.side_speakers(speaking_declarer);
        Live {
            call,
            offer_by_declarer,
            speaking_declarer,
            after_raise,
            level,
            answerers,
            count,
            at: 0,
            best: 0,
        }
    }

    #[inline(never)] // off the common path: keeps the hot code small
    pub(in crate::engine) fn apply_call(&mut self, action: Action) {
        let Some(mut r) = self.call_round() else { return };
        match (r.live, action) {
            (None, Action::Call(item)) => {
                let pos = r.next;
                let side = Some(pos) == self.declarer;
                self.ext.calls.push(Called {
                    item,
                    stake: 1,
                    conceded_to_declarer: None,
                });
                r.live = Some(self.live_for(self.ext.calls.len() - 1, side, !side, false, 0));
                r.turns_left = r.turns_left.saturating_sub(1);
                r.next = next_pos(pos, self.n);
                self.stage = Stage::Call(r);
            }
            (None, _) => {
                r.turns_left = r.turns_left.saturating_sub(1);
                r.next = next_pos(r.next, self.n);
                self.stage = Stage::Call(r);
                if r.turns_left == 0 {
                    self.end_calling();
                }
            }
            (Some(mut live), a) => {
                live.best = live.best.max(rank(a));
                if live.best < 3 && live.at + 1 < live.count {
                    live.at += 1;
                    r.live = Some(live);
                    self.stage = Stage::Call(r);
                    return;
                }
                r.live = self.resolve(live);
                if self.phase() != Phase::Call {
                    return;
                }
                if r.live.is_none() && self.calling_rule().is_some_and(|c| c.call_round_reopens) {
                    // a settled call opens the round again: each item is called once at most,
                    // so the round still ends
                    r.turns_left = self.n;
                }
                self.stage = Stage::Call(r);
                if r.live.is_none() && r.turns_left == 0 {
                    self.end_calling();
                }
            }
        }
    }

    /// A side has answered (its most aggressive answer is `live.best`): the next step of the call.
    #[inline(never)] // off the common path: keeps the hot code small
    fn resolve(&mut self, live: Live) -> Option<Live> {
        let rule = self.calling_rule()?;
        let (m, call_back) = (rule.multiplier, rule.call_back);
        let idx = live.call;
        let mul = |g: &mut Game, k: i64| {
            if let Some(c) = g.ext.calls.get_mut(idx) {
                c.stake = c.stake.saturating_mul(k);
            }
        };
        match (live.after_raise, live.best) {
            (true, 3) => Some(self.live_for(idx, live.speaking_declarer, !live.speaking_declarer, false, live.level)),
            (true, _) => None,
            (false, 1) => {
                self.concede(idx, live.offer_by_declarer);
                None
            }
            (false, 2) => {
                mul(self, m);
                None
            }
            (false, _) if call_back => {
                mul(self, m.saturating_mul(m));
                Some(self.live_for(
                    idx,
                    live.speaking_declarer,
                    live.speaking_declarer,
                    true,
                    live.level + 1,
                ))
            }
            (false, _) => {
                mul(self, m);
                Some(self.live_for(
                    idx,
                    live.speaking_declarer,
                    !live.speaking_declarer,
                    false,
                    live.level + 1,
                ))
            }
        }
    }

    /// The answering side gives up: the offering side wins the item at the current stake. The
    /// game given up ends the hand; a figure given up frees its announcer from keeping cards.
    #[inline(never)] // off the common path: keeps the hot code small
    fn concede(&mut self, idx: usize, to_declarer: bool) {
        let Some(c) = self.ext.calls.get_mut(idx) else { return };
        c.conceded_to_declarer = Some(to_declarer);
        match c.item {
            Item::Game => {
                let plays_on = self.calling_rule().is_some_and(|c| c.given_up_plays_on);
                let undecided = self.anns.iter().enumerate().any(|(j, a)| {
                    !self.is_game_multiplier(a.figure)
                        && self.conceded(Item::Figure(j.min(u16::MAX as usize) as u16)).is_none()
                });
                // played on, the game is a settled call like any other: the calling round goes
                // on as `call-round` says, and the cards are then played for the figures
                if !(plays_on && undecided) {
                    self.play.ended_early = true;
                    self.finish();
                }
            }
            Item::Figure(i) => {
                let Some(by) = self.anns.get(i as usize).map(|a| a.by) else {
                    return;
                };
                let p = by as usize;
                if let (Some(k), Some(u)) = (self.play.keep.get_mut(p), self.play.keep_until.get_mut(p)) {
                    *k = 0;
                    *u = 0;
                }
                for j in 0..self.anns.len() {
                    let held = self.anns.get(j).is_some_and(|a| a.by == by);
                    if held && self.conceded(Item::Figure(j.min(u16::MAX as usize) as u16)).is_none() {
                        self.apply_keep(j);
                    }
                }
            }
        }
    }

    #[inline(never)] // off the common path: keeps the hot code small
    fn end_calling(&mut self) {
        if let Stage::Call(_) = self.stage {
            self.stage = Stage::Play(None);
        }
    }
}
