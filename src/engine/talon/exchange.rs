//! The talon exchange (a trump card given for the turned-up one) as part of `Game`: takes the
//! contract's `Exchange` (exchanger ranks, what else is taken, which cards qualify, whether
//! trumps may be discarded), the trump suit and the bidding round that fixed it, the deal's
//! indicator and talon, and the hands after the pickup; gives the exchange phase before the
//! first lead: every position asked in turn from forehand, the holder of the exchanger card
//! `exchange` or `pass`, the others `pass`, the cards taken, the discards back to the hand size
//! (`discard CARD`), and the cards that count for nobody (talon, indicator, the exchanger card,
//! discards).

use crate::engine::compile::tables::MAX_CARDS;
use crate::engine::core::deal::bit;
use crate::engine::core::game::{Action, Game};
use crate::engine::core::stage::{ExchangeTurn, Stage};

/// `ExchangeTurn::holder` when nobody holds the exchanger card (it lies in the talon).
const NOBODY: u8 = u8::MAX;
use crate::model::cond::SuitSel;
use crate::model::{Exchange, Take};

/// The exchange of one hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct ExchangeState {
    /// Whether the holder has exchanged.
    pub exchanged: bool,
    /// The position that exchanged (once `exchanged`), for `requires exchanged at-least N`.
    pub by: Option<u8>,
    /// Cards taken into the hand: the indicator and any talon cards.
    pub taken: u64,
    /// The exchanger card, now in the talon in place of the indicator.
    pub given: u64,
    /// Hidden talon cards turned face up by a chain and not taken.
    pub revealed: u64,
    /// Cards taken that only the exchanger saw: those he took looking through the whole talon
    /// (`take whole-talon`); the others were face up when taken (the indicator, the top card, a
    /// chain's cards), and every seat saw them go into his hand.
    pub taken_unseen: u64,
    /// Cards discarded face down.
    pub discarded: u64,
}

impl Game {
    fn exchange_rule(&self) -> Option<&Exchange> {
        let v = &self.rules.variant;
        let c = v.contracts.get(self.contract?)?;
        let x = v.exchanges.get(c.exchange?)?;
        if x.from_round.is_some() && x.from_round != self.won_round {
            return None;
        }
        Some(x)
    }

    /// The exchange stage (`stages`: after the pickup, or after the back round): opens the
    /// exchange if the contract has one, it applies to the round the trump suit was fixed in, and
    /// an exchanger card is not face up. The exchanger ranks are tried in order: each later one
    /// only when every earlier one is face up (the indicator or a face-up talon card). What is
    /// face up everyone sees; who holds the card nobody else does, so every position is asked in
    /// turn, the card in the talon too (issue 28.2: [000] §11 lets the holder exchange, silently
    /// at a table; a turn only he had would show him). Returns whether the exchange phase started.
    pub(in crate::engine) fn start_exchange(&mut self) -> bool {
        let Some(x) = self.exchange_rule() else {
            return false;
        };
        let (Some(trump), Some(ind)) = (self.trump, self.deal.indicator) else {
            return false;
        };
        // `fallback-when indicator`: a face-up top card does not let a later rank stand in
        let face_up = if x.fallback_on_indicator_only {
            bit(ind)
        } else {
            bit(ind) | self.deal.talon_face_up
        };
        let tb = &self.rules.tables;
        let mut exchanger = None;
        for r in &x.exchangers {
            let Some(c) = tb.card(trump, *r) else {
                return false;
            };
            if face_up & bit(c) == 0 {
                exchanger = Some(c);
                break;
            }
        }
        let Some(card) = exchanger else { return false };
        // a card lying face up on the talon is nobody's to give: everyone sees that
        if self.deal.talon_face_up & bit(card) != 0 {
            return false;
        }
        let holder = (0..self.n)
            .find(|p| self.hands.get(*p as usize).is_some_and(|h| h & bit(card) != 0))
            .unwrap_or(NOBODY);
        let keep = self
            .hands
            .get(holder as usize)
            .map(|h| h.count_ones())
            .unwrap_or(0)
            .min(u8::MAX as u32) as u8;
        self.ex = ExchangeState::default();
        self.stage = Stage::Exchange(ExchangeTurn {
            holder,
            asking: 0,
            card,
            keep,
        });
        true
    }

    /// Whether the position asked now holds the exchanger card and has not yet answered: the one
    /// turn of the exchange with a choice (the others may only pass).
    pub(crate) fn exchange_choice_open(&self) -> bool {
        self.exchange_turn()
            .is_some_and(|t| t.asking == t.holder && !self.ex.exchanged)
    }

    /// Whether a card qualifies under the exchange's `qualify` line: a trump with `trumps`, or a
    /// card its selectors name (`trump.A`, `any.A`, `SUIT.A`).
    fn qualifies(&self, x: &Exchange, c: u8) -> bool {
        let tb = &self.rules.tables;
        let suit = tb.suit(c);
        let rank = tb.rank_of[c as usize & (MAX_CARDS - 1)];
        (x.qualify_trumps && Some(suit) == self.trump)
            || x.qualify_cards.iter().any(|sel| {
                sel.rank == rank
                    && match sel.suit {
                        SuitSel::Any => true,
                        SuitSel::Trump => Some(suit) == self.trump,
                        SuitSel::Suit(s) => s == suit,
                    }
            })
    }

    /// The exchange in progress (none outside `Phase::Exchange`).
    fn exchange_turn(&self) -> Option<ExchangeTurn> {
        match self.stage {
            Stage::Exchange(turn) => Some(turn),
            _ => None,
        }
    }

    /// The exchanger's hand while he is asked (empty otherwise).
    fn holder_hand(&self) -> u64 {
        self.exchange_turn()
            .filter(|t| t.asking == t.holder)
            .and_then(|t| self.hands.get(t.holder as usize))
            .map_or(0, |h| *h)
    }

    fn trump_mask(&self) -> u64 {
        self.trump
            .and_then(|s| self.rules.tables.suit_mask.get(s as usize).copied())
            .unwrap_or(0)
    }

    /// Discards still owed by the holder.
    fn owed(&self) -> u32 {
        let keep = self.exchange_turn().map_or(0, |t| t.keep);
        self.holder_hand().count_ones().saturating_sub(keep as u32)
    }

    /// The cards the holder may discard: any card of his hand; with `discard no-trumps` no trump
    /// while he holds another card (the sources do not say what a hand of only trumps does; it
    /// discards trumps).
    pub(crate) fn discardable(&self) -> u64 {
        let hand = self.holder_hand();
        let may_discard_trumps = self.exchange_rule().is_some_and(|x| x.discard_trumps);
        let plain = hand & !self.trump_mask();
        if may_discard_trumps || plain == 0 {
            hand
        } else {
            plain
        }
    }

    pub(in crate::engine) fn exchange_actions(&self, out: &mut Vec<Action>) {
        if self.exchange_choice_open() {
            out.extend([Action::Exchange, Action::Pass]);
            return;
        }
        if self.owed() == 0 {
            out.push(Action::Pass);
            return;
        }
        let mut m = self.discardable();
        while m != 0 {
            out.push(Action::Discard(m.trailing_zeros() as u8));
            m &= m - 1;
        }
    }

    pub(in crate::engine) fn check_exchange(&self, action: Action) -> Result<(), &'static str> {
        if !self.exchange_choice_open() && self.owed() == 0 {
            return match action {
                Action::Pass => Ok(()),
                _ => Err("only the holder of the exchanger card may exchange: pass"),
            };
        }
        match (self.ex.exchanged, action) {
            (false, Action::Exchange | Action::Pass) => Ok(()),
            (false, Action::Discard(_)) => Err("nothing to discard before exchanging"),
            (true, Action::Discard(c)) => {
                if self.holder_hand() & bit(c) == 0 {
                    Err("the card is not in the player's hand")
                } else if self.discardable() & bit(c) == 0 {
                    Err("trumps may not be discarded")
                } else {
                    Ok(())
                }
            }
            (true, _) => Err("the exchanger must discard back to his hand size"),
            _ => Err("not an action of the exchange"),
        }
    }

    /// Applies an exchange action known to be legal: an exchange and its discards keep the turn
    /// with the holder until he has discarded back; a pass, or the last discard, asks the next
    /// position, and the exchange is over when every position has been asked.
    pub(in crate::engine) fn apply_exchange(&mut self, action: Action) {
        match action {
            Action::Exchange => {
                self.do_exchange();
                if self.owed() > 0 {
                    return;
                }
            }
            Action::Discard(c) => {
                if let Some(h) = self.exchange_turn().and_then(|t| self.hands.get_mut(t.holder as usize)) {
                    *h &= !bit(c);
                }
                self.ex.discarded |= bit(c);
                if self.owed() > 0 {
                    return;
                }
            }
            _ => {}
        }
        self.ask_next();
    }

    /// The next position is asked, or the exchange ends when every one has been.
    fn ask_next(&mut self) {
        let Some(mut t) = self.exchange_turn() else { return };
        t.asking += 1;
        if t.asking >= self.n {
            self.end_exchange();
        } else {
            self.stage = Stage::Exchange(t);
        }
    }

    fn end_exchange(&mut self) {
        // after a back round the play is set up again from the hands the exchange left, which
        // the melds and figures are judged on (`hand_flow.rs`)
        self.advance();
    }

    /// The exchanger card goes in place of the indicator; the face-up top card comes too if it
    /// qualifies; with both face-up cards taken, the chains and the whole talon as the rule says.
    /// `top-chain bottom-chain` together run the top chain first: each chain stops at the first
    /// card that does not qualify, which would stop the other one too, so the order does not
    /// change what is taken (the sources do not give it, A26).
    fn do_exchange(&mut self) {
        let Some((card, taken, revealed, unseen)) = self.exchange_take() else {
            return;
        };
        let holder = self.exchange_turn().map(|t| t.holder);
        if let Some(h) = holder.and_then(|p| self.hands.get_mut(p as usize)) {
            *h = (*h & !bit(card)) | taken;
        }
        self.ex.by = holder;
        self.ex.taken = taken;
        self.ex.given = bit(card);
        self.ex.revealed = revealed & !taken;
        self.ex.taken_unseen = unseen;
        self.ex.exchanged = true;
    }

    /// What an exchange gives: the exchanger card, the cards taken, the cards turned face up, and
    /// the cards taken that only the exchanger saw.
    fn exchange_take(&self) -> Option<(u8, u64, u64, u64)> {
        let x = self.exchange_rule()?;
        let (Some(turn), Some(ind)) = (self.exchange_turn(), self.deal.indicator) else {
            return None;
        };
        let card = turn.card;
        let talon = self.deal.talon_cards();
        let face_up = self.deal.talon_face_up;
        let mut taken = bit(ind);
        let mut revealed = 0u64;
        // the cards the whole-talon look adds: the exchanger alone sees them
        let mut unseen = 0u64;
        // the face-up top card
        let top = talon.last().copied().filter(|c| face_up & bit(*c) != 0);
        let both = match top {
            Some(t) if x.take.contains(&Take::TopCard) && self.qualifies(x, t) => {
                taken |= bit(t);
                true
            }
            _ => false,
        };
        if both {
            let hidden = |c: &u8| face_up & bit(*c) == 0;
            if x.take.contains(&Take::TopChain) {
                for c in talon.iter().rev().filter(|c| hidden(c)) {
                    if taken & bit(*c) != 0 {
                        continue;
                    }
                    if !self.qualifies(x, *c) {
                        revealed |= bit(*c);
                        break;
                    }
                    taken |= bit(*c);
                }
            }
            if x.take.contains(&Take::BottomChain) {
                for c in talon.iter().filter(|c| hidden(c)) {
                    if taken & bit(*c) != 0 {
                        continue;
                    }
                    if revealed & bit(*c) != 0 || !self.qualifies(x, *c) {
                        revealed |= bit(*c);
                        break;
                    }
                    taken |= bit(*c);
                }
            }
            if x.take.contains(&Take::WholeTalon) {
                unseen = !taken;
                for c in talon.iter().filter(|c| hidden(c)) {
                    if self.qualifies(x, *c) {
                        taken |= bit(*c);
                    }
                }
            }
        }
        Some((card, taken, revealed, taken & unseen))
    }

    /// The cards that count for nobody: the talon and the indicator less what was taken, the
    /// exchanger card given for the indicator, and the discards.
    pub fn nobody_cards(&self) -> u64 {
        let laid = self.deal.talon_mask() | self.deal.indicator.map(bit).unwrap_or(0);
        (laid & !self.ex.taken & !self.draw.taken) | self.ex.given | self.ex.discarded | self.draw.discarded()
    }

    /// The talon cards `seat` saw when, as the exchanger, he looked through the whole talon
    /// (`take whole-talon`, once both face-up cards were taken) and left there: what he knows
    /// lies with nobody (the world sampler, `crate::pimc::info`, reads it for the seat's own
    /// knowledge; `Observation` does not list them). Zero for every other seat.
    pub fn talon_looked_through_by(&self, seat: crate::engine::Seat) -> u64 {
        let exchanger = self.history.iter().any(|&(by, a)| by == seat && a == Action::Exchange);
        let looked = exchanger
            && self.ex.exchanged
            && self.exchange_rule().is_some_and(|x| x.take.contains(&Take::WholeTalon))
            && self
                .deal
                .talon_cards()
                .last()
                .is_some_and(|t| self.deal.talon_face_up & self.ex.taken & bit(*t) != 0);
        if looked {
            self.deal.talon_mask() & !self.ex.taken
        } else {
            0
        }
    }

    /// The exchange of this hand (all empty when nobody exchanged).
    pub fn exchange_state(&self) -> &ExchangeState {
        &self.ex
    }
}
