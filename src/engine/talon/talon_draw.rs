//! The declarer's blind talon draw and the trumps he names after it, as part of `Game`: takes
//! the contract's `talon-draw [up-to] N`, `discards face-up` and `trumps chosen [or-none]`, the
//! deal's talon and the declarer's hand once the contract is known; gives the draw phase
//! (`draw K` when he chooses how many, then `discard CARD` until the talon holds its size
//! again), the talon's order after it (the discards on top of the untaken rest), and the
//! naming phase (`trumps SUIT` or `no-trumps`) before the announcements and the play.

use crate::engine::compile::tables::MAX_CARDS;
use crate::engine::core::deal::bit;
use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::Stage;
use crate::engine::views::observation::PileCard;
use crate::model::{ChosenTrumps, TalonDraw};

/// The most talon cards one draw takes (the model bounds `talon-draw N` by it).
pub const MAX_DRAW: usize = 32;

/// What the talon draw of a hand leaves behind (all empty when the contract has none): the
/// cards taken and the discards, which the exchange's view and the discard points read after
/// the draw. The draw's turn (how many he may take, whether he has) lives in `Stage::Draw`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct TalonDrawState {
    /// Whether the contract's draw is held in this hand.
    pub active: bool,
    /// The talon cards taken into the declarer's hand: the top `taken_count` of the deal's talon.
    pub taken: u64,
    pub taken_count: u8,
    /// The discards in the order laid, the last on top.
    pub discards: [u8; MAX_DRAW],
    pub discard_count: u8,
    /// `discards face-up`: everyone sees the discards at once.
    pub face_up: bool,
    /// A doubling level (`shows-talon`) turned the talon face up for every seat: each seat saw it, and
    /// remembers it after it is turned face down again.
    pub shown: bool,
}

impl TalonDrawState {
    /// The discards as a mask.
    pub fn discarded(&self) -> u64 {
        self.discards
            .iter()
            .take(self.discard_count as usize)
            .fold(0, |m, c| m | bit(*c))
    }
}

/// The talon as it lies: its cards bottom first, and which of them are discards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TalonNow {
    cards: [u8; MAX_CARDS],
    len: u8,
    /// The cards laid on the talon by the declarer's discards (the top ones).
    pub discards: u64,
}

impl TalonNow {
    /// The talon's cards, bottom first.
    pub fn cards(&self) -> &[u8] {
        self.cards.get(..self.len as usize).unwrap_or(&[])
    }
}

impl Game {
    fn talon_draw_rule(&self) -> Option<TalonDraw> {
        self.contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .and_then(|c| c.talon_draw)
    }

    fn chosen_trumps_rule(&self) -> Option<ChosenTrumps> {
        self.contract
            .and_then(|c| self.rules.variant.contracts.get(c))
            .filter(|c| c.trumps)
            .and_then(|c| c.chosen_trumps)
    }

    /// The trump naming, if the contract's trumps are chosen by the declarer and not fixed yet
    /// (a suit an equal bid fixed, `equal_bids.rs`, is not named again); true if it waits.
    pub(in crate::engine) fn start_name_trumps(&mut self) -> bool {
        if let (Some(_), Some(declarer), None) = (self.chosen_trumps_rule(), self.declarer, self.trump) {
            self.stage = Stage::NameTrumps { declarer };
            return true;
        }
        false
    }

    /// Opens the draw if the contract has one that can take a card and there is a declarer;
    /// without `up-to` the declarer takes his cards at once. Returns whether the phase started.
    pub(in crate::engine) fn start_talon_draw(&mut self) -> bool {
        let Some(d) = self.talon_draw_rule() else {
            return false;
        };
        let max = d.count.min(self.deal.talon_len).min(MAX_DRAW as u8);
        let Some(declarer) = self.declarer.filter(|_| max > 0) else {
            return false;
        };
        self.draw = TalonDrawState {
            active: true,
            face_up: self
                .contract
                .and_then(|c| self.rules.variant.contracts.get(c))
                .is_some_and(|c| c.discards_face_up),
            // a level said before the draw showed the talon already
            shown: self.draw.shown,
            ..TalonDrawState::default()
        };
        self.stage = Stage::Draw {
            declarer,
            max,
            drawn: false,
        };
        if !d.up_to {
            self.take_from_talon(max);
        }
        true
    }

    /// The declarer takes the top `k` talon cards into his hand.
    fn take_from_talon(&mut self, k: u8) {
        let talon = self.deal.talon_cards();
        let from = talon.len().saturating_sub(k as usize);
        let taken = talon.get(from..).unwrap_or(&[]).iter().fold(0u64, |m, c| m | bit(*c));
        if let Some(h) = self.declarer.and_then(|p| self.hands.get_mut(p as usize)) {
            *h |= taken;
        }
        self.draw.taken = taken;
        self.draw.taken_count = k;
        // called only in the draw's own stage (its start, and a `Draw` action)
        if let Stage::Draw { drawn, .. } = &mut self.stage {
            *drawn = true;
        }
    }

    fn declarer_hand(&self) -> u64 {
        self.declarer
            .and_then(|p| self.hands.get(p as usize).copied())
            .unwrap_or(0)
    }

    pub(in crate::engine) fn draw_actions(&self, out: &mut Vec<Action>) {
        let Stage::Draw { max, drawn, .. } = self.stage else {
            return;
        };
        if !drawn {
            out.extend((0..=max).map(Action::Draw));
            return;
        }
        let mut m = self.declarer_hand();
        while m != 0 {
            out.push(Action::Discard(m.trailing_zeros() as u8));
            m &= m - 1;
        }
    }

    pub(in crate::engine) fn check_draw(&self, action: Action) -> Result<(), &'static str> {
        let Stage::Draw { max, drawn, .. } = self.stage else {
            return Err("not an action of this phase");
        };
        match (drawn, action) {
            (false, Action::Draw(k)) if k <= max => Ok(()),
            (false, Action::Draw(_)) => {
                Err("the declarer may not take more talon cards than the contract's talon draw")
            }
            (false, _) => Err("the declarer says how many talon cards he takes first"),
            (true, Action::Discard(c)) if self.declarer_hand() & bit(c) != 0 => Ok(()),
            (true, Action::Discard(_)) => Err("the card is not in the declarer's hand"),
            (true, _) => Err("the declarer discards as many cards as he took from the talon"),
        }
    }

    /// Applies a draw action known to be legal; moves on when the talon holds its size again.
    pub(in crate::engine) fn apply_draw(&mut self, action: Action) {
        match action {
            Action::Draw(k) => self.take_from_talon(k),
            Action::Discard(c) => {
                if let Some(h) = self.declarer.and_then(|p| self.hands.get_mut(p as usize)) {
                    *h &= !bit(c);
                }
                if let Some(slot) = self.draw.discards.get_mut(self.draw.discard_count as usize) {
                    *slot = c;
                    self.draw.discard_count += 1;
                }
            }
            _ => return,
        }
        if self.draw.discard_count >= self.draw.taken_count {
            self.advance();
        }
    }

    pub(in crate::engine) fn name_trumps_actions(&self, out: &mut Vec<Action>) {
        let Some(ch) = self.chosen_trumps_rule() else { return };
        let suits = self.rules.variant.suits.len().min(u8::MAX as usize) as u8;
        out.extend((0..suits).map(Action::NameTrumps));
        if ch.or_none {
            out.push(Action::NoTrumps);
        }
    }

    pub(in crate::engine) fn check_name_trumps(&self, action: Action) -> Result<(), &'static str> {
        let ch = self
            .chosen_trumps_rule()
            .ok_or("the contract's trumps are not named by the declarer")?;
        match action {
            Action::NameTrumps(s) if (s as usize) < self.rules.variant.suits.len() => Ok(()),
            Action::NameTrumps(_) => Err("there is no such suit"),
            Action::NoTrumps if ch.or_none => Ok(()),
            Action::NoTrumps => Err("the contract is played with a trump suit: the declarer must name one"),
            _ => Err("the declarer names the trump suit now"),
        }
    }

    /// Applies a trump naming known to be legal, and goes on to the announcements and play.
    pub(in crate::engine) fn apply_name_trumps(&mut self, action: Action) {
        self.trump = match action {
            Action::NameTrumps(s) => Some(s),
            _ => None,
        };
        self.advance();
    }

    /// The talon draw of this hand (all empty when there was none).
    pub fn talon_draw_state(&self) -> &TalonDrawState {
        &self.draw
    }

    /// The talon as it lies now: the deal's talon less the cards the declarer took, with his
    /// discards on top in the order laid. (The indicator exchange's cards are not shown here.)
    pub fn talon_now(&self) -> TalonNow {
        let mut t = TalonNow {
            cards: [0; MAX_CARDS],
            len: 0,
            discards: self.draw.discarded(),
        };
        let rest = self
            .deal
            .talon_cards()
            .iter()
            .filter(|c| self.draw.taken & bit(**c) == 0);
        let discards = self.draw.discards.iter().take(self.draw.discard_count as usize);
        for c in rest.chain(discards) {
            if let Some(slot) = t.cards.get_mut(t.len as usize) {
                *slot = *c;
                t.len += 1;
            }
        }
        t
    }

    /// Whether the hand is played with a trump suit (false for a contract without trumps, and
    /// when the declarer named no trumps).
    pub fn has_trumps(&self) -> bool {
        self.trump.is_some()
    }

    /// What `seat` may see of the draw: the declarer his discards, the others only face-up ones.
    pub(in crate::engine) fn draw_seen_by(&self, seat: u8) -> u64 {
        if self.draw.face_up || self.declarer_seat() == Some(seat) {
            self.draw.discarded()
        } else {
            0
        }
    }

    /// Whether the talon draw's discards lie face up for every seat (`discards face-up`).
    pub(in crate::engine) fn draw_discards_face_up(&self) -> bool {
        self.draw.active && self.draw.face_up
    }
}

impl Game {
    /// The talon shown to every seat because a level was said (`shows-talon until trick N`,
    /// Asszorti §8.3): all its cards as they lie now, from the first level said on any item
    /// until N tricks have been played; 0 otherwise.
    pub(in crate::engine) fn talon_shown_by_doubling(&self) -> u64 {
        let Some(until) = self.rules.variant.doublings.first().and_then(|d| d.shows_talon_until) else {
            return 0;
        };
        let said = self.game_levels.said > 0 || self.anns.iter().any(|a| a.levels.said > 0);
        if !said || u32::from(self.play.tricks_played) >= until {
            return 0;
        }
        let t = self.talon_now();
        t.cards().iter().fold(0u64, |m, &c| m | bit(c))
    }

    /// The talon cards every seat knows lie in the talon because a doubling level showed them: the talon
    /// while it is shown, and after it is turned face down again (nobody takes from it in the
    /// play, so it lies as it was shown).
    pub(in crate::engine) fn talon_seen_by_doubling(&self) -> u64 {
        if !self.draw.shown {
            return 0;
        }
        let t = self.talon_now();
        t.cards().iter().fold(0u64, |m, &c| m | bit(c))
    }

    /// The talon shown to every seat (`talon_shown_by_doubling`) in the order it lies, bottom
    /// first, the declarer's discards marked; empty while it is not shown.
    pub(in crate::engine) fn talon_pile_shown(&self) -> Vec<PileCard> {
        if self.talon_shown_by_doubling() == 0 {
            return Vec::new();
        }
        let t = self.talon_now();
        t.cards()
            .iter()
            .map(|&card| PileCard {
                card,
                discard: t.discards & bit(card) != 0,
            })
            .collect()
    }
}
