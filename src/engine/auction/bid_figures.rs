//! Bidding with figures (an ascending round with `with_figures`) and figure requirements, as
//! part of `Game`: takes the bid ladder, the contracts' values and the figures' front values and
//! `requires`, gives the figures a bidder may attach before his bid, the comparison of bids with
//! figures (both kept in the round's `BidState`), the attached figures of the final bid as front
//! announcements (handed over when the round ends), and the mask of figures
//! a position may not announce for want of the required cards.
//!
//! Rule choices (A21, the sources give only an example):
//! - a bidder first says the figures he attaches (`Announce`), then bids (`Bid`) or passes (a
//!   pass drops them); each attached figure must be played, front, in the bid's contract;
//! - a bid's total is its contract's value plus the front values of its figures; a bid beats the
//!   highest so far if its total is higher, or equal and it stands higher on the ladder (so
//!   without figures the plain ladder order holds);
//! - a figure whose condition or requirement names the trump suit's cards in `holds`, or names
//!   the trump suit, cannot be attached: the trump is not fixed yet (alsos.md §18.3);
//! - the figures of an overcalled bid are cancelled; the final bid's figures are front
//!   announcements of its bidder, made in the front round (ladder rules apply to them);
//! - the round does not end early at the top of the ladder: a higher total is always possible.

use crate::engine::compile::tables::{MAX_SEATS, MAX_SUITS};
use crate::engine::core::game::{Action, Announced, Game, Levels};
use crate::engine::core::stage::BidState;
use crate::model::{BidEntry, CardSel, ContractId, Figure, Prim, RoundShape, SuitSel};

fn names_trump(sels: &[CardSel]) -> bool {
    sels.iter().any(|s| s.suit == SuitSel::Trump)
}

/// Whether a figure's announcement depends on knowing the trump suit.
fn needs_trump(f: &Figure) -> bool {
    if names_trump(&f.requires) {
        return true;
    }
    let mut found = false;
    for (_, c) in &f.conditions {
        c.prims(&mut |p| match p {
            Prim::Holds(sels) if names_trump(sels) => found = true,
            Prim::TrumpIs(_) => found = true,
            _ => {}
        });
    }
    found
}

fn front_value(f: &Figure) -> i64 {
    f.front.unwrap_or(0)
}

impl Game {
    /// Whether the bidding round in progress takes figures with its bids.
    pub(in crate::engine) fn round_with_figures(&self, bid: &BidState) -> bool {
        matches!(
            self.rules.variant.bidding.rounds.get(bid.round).map(|r| &r.shape),
            Some(RoundShape::Ascending { with_figures: true, .. })
        )
    }

    fn entry_contract(&self, ladder: usize, i: u8) -> Option<ContractId> {
        let v = &self.rules.variant;
        match v.bid_ladders.get(ladder)?.entries.get(i as usize)? {
            BidEntry::Suit(_) => Some(v.bidding.suit_contract),
            BidEntry::Contract(c) => Some(*c),
        }
    }

    fn bid_total(&self, ladder: usize, i: u8, figures: u64) -> i64 {
        let v = &self.rules.variant;
        let base = self
            .entry_contract(ladder, i)
            .and_then(|c| v.contracts.get(c))
            .map(|c| c.value)
            .unwrap_or(0);
        v.figures
            .iter()
            .enumerate()
            .filter(|(f, _)| *f < 64 && figures & (1u64 << f) != 0)
            .fold(base, |s, (_, f)| s.saturating_add(front_value(f)))
    }

    /// Whether bid `i` (with the figures attached now) beats the highest bid so far.
    pub(in crate::engine) fn outbids(&self, bid: &BidState, ladder: usize, i: u8) -> Result<(), &'static str> {
        if !self.round_with_figures(bid) {
            return match bid.high {
                Some((_, h)) if i <= h => Err("a bid must be higher than the last bid"),
                _ => Ok(()),
            };
        }
        let figs = bid.bid_figures;
        if let Some(c) = self.entry_contract(ladder, i) {
            let v = &self.rules.variant;
            let outside = v
                .figures
                .iter()
                .enumerate()
                .any(|(f, fig)| f < 64 && figs & (1u64 << f) != 0 && !fig.contracts.contains(&c));
            if outside {
                return Err("a figure attached to the bid is not played in the bid's contract");
            }
        }
        let Some((_, h)) = bid.high else { return Ok(()) };
        let (mine, theirs) = (
            self.bid_total(ladder, i, figs),
            self.bid_total(ladder, h, bid.high_figures),
        );
        if mine > theirs || (mine == theirs && i > h) {
            Ok(())
        } else {
            Err("a bid must be higher than the last bid, counting its figures")
        }
    }

    /// Whether figure `f` may be attached to the bid the speaker is about to make.
    pub(in crate::engine) fn check_bid_figure(
        &self,
        bid: &BidState,
        ladder: usize,
        f: usize,
    ) -> Result<(), &'static str> {
        let v = &self.rules.variant;
        let fig = v.figures.get(f).filter(|_| f < 64).ok_or("no such figure")?;
        if fig.front.is_none() {
            return Err("the figure may not be announced front");
        }
        if needs_trump(fig) {
            return Err("the figure cannot go with a bid: the trump suit is not fixed yet");
        }
        let figs = bid.bid_figures;
        let bit = 1u64 << f;
        if figs & bit != 0 {
            return Err("the figure is attached already");
        }
        let ft = &self.rules.figures;
        if ft.not_after.get(f).is_some_and(|m| m & figs & !bit != 0)
            || ft.not_same_round.get(f).is_some_and(|m| m & figs != 0)
        {
            return Err("a figure of a ladder may not go with a higher one or share a round with it");
        }
        if self.unmet_requirements(bid.turn) & bit != 0 {
            return Err(unmet_reason(fig));
        }
        let n = v
            .bid_ladders
            .get(ladder)
            .map(|l| l.entries.len().min(u8::MAX as usize) as u8)
            .unwrap_or(0);
        let somewhere = (0..n).filter_map(|i| self.entry_contract(ladder, i)).any(|c| {
            fig.contracts.contains(&c)
                && v.contracts
                    .get(c)
                    .is_some_and(|k| k.announcements == crate::model::Announcements::All)
        });
        if !somewhere {
            return Err("the figure is played in no contract of this round");
        }
        Ok(())
    }

    #[inline(never)] // off the common path: keeps the hot code small
    pub(in crate::engine) fn bid_figure_actions(&self, bid: &BidState, ladder: usize, out: &mut Vec<Action>) {
        for f in 0..self.rules.variant.figures.len().min(64) {
            if self.check_bid_figure(bid, ladder, f).is_ok() {
                out.push(Action::announce(f));
            }
        }
    }

    /// The round ended with the declarer's bid: its figures `figs`, handed over from the
    /// round's `BidState` as it ends, become his front announcements.
    #[inline(never)] // off the common path: keeps the hot code small
    pub(in crate::engine) fn take_bid_figures(&mut self, figs: u64, pos: u8) {
        for f in 0..self.rules.variant.figures.len().min(64) {
            if figs & (1u64 << f) == 0 {
                continue;
            }
            self.anns.push(Announced {
                figure: f,
                by: pos,
                front: true,
                levels: Levels::default(),
            });
            self.ann_round.push(1);
            if let Some(s) = self.said_front.get_mut(pos as usize % MAX_SEATS) {
                *s |= 1u64 << f;
            }
        }
    }

    /// The cards a position holds and may look at now.
    fn visible_hand(&self, pos: u8) -> u64 {
        let p = pos as usize;
        // once the play is set up its hands are the live ones: a back round after trick 1 checks
        // what is still held, not the hand before the play (issue 28.6)
        if self.play_ready {
            return self.play.hands.get(p).copied().unwrap_or(0);
        }
        let h = self.hands.get(p).copied().unwrap_or(0);
        if self.picked_up {
            h
        } else {
            h & !self.deal.hidden.get(p).copied().unwrap_or(0)
        }
    }

    /// Figures (as a mask) whose `requires` the position does not meet with the cards it sees
    /// (a card of the trump suit cannot be held while the trump is not fixed), or with the cards
    /// it took in the exchange (none before the exchange, or when another position exchanged).
    pub(in crate::engine) fn unmet_requirements(&self, pos: u8) -> u64 {
        let v = &self.rules.variant;
        let ft = &self.rules.figures;
        let mut with = ft.requires;
        if with == 0 {
            return 0;
        }
        let hand = self.visible_hand(pos);
        // a declarer-only requirement binds the declarer, or a bidder while none is fixed
        let binds_declarer = self.declarer.is_none_or(|d| d == pos);
        let state = self.trump.map_or(MAX_SUITS, |s| (s as usize).min(MAX_SUITS));
        let mut out = 0u64;
        while with != 0 {
            let f = with.trailing_zeros() as usize;
            with &= with - 1;
            let Some(fig) = v.figures.get(f) else { continue };
            if fig.requires_declarer_only && !binds_declarer {
                continue;
            }
            if let Some(n) = fig.requires_exchanged {
                let took = if self.ex.by == Some(pos) {
                    self.ex.taken.count_ones()
                } else {
                    0
                };
                if took < n {
                    out |= 1u64 << f;
                }
                continue;
            }
            // the compiled cards of its selectors (`FigureTables::requires_cards`)
            let cards = ft.requires_cards.get(f).and_then(|row| row[state]);
            if cards.is_none_or(|m| hand & m != m) {
                out |= 1u64 << f;
            }
        }
        out
    }
}

/// Why a figure's `requires` is not met, in the words of a refused action.
pub(in crate::engine) fn unmet_reason(fig: &crate::model::Figure) -> &'static str {
    if fig.requires_exchanged.is_some() {
        "the player has not taken the cards in the exchange that the figure requires"
    } else {
        "the player does not hold the cards the figure requires"
    }
}

/// A call of a with-figures round `bid`: an attached figure stays with the speaker; a bid takes
/// the attached figures, a pass drops them.
#[inline(never)] // off the common path: keeps the hot code small
pub(in crate::engine) fn note_bid_call(bid: &mut BidState, action: Action) {
    match action {
        Action::Announce(f) if f < 64 => bid.bid_figures |= 1u64 << f,
        Action::Bid(_) => {
            bid.high_figures = bid.bid_figures;
            bid.bid_figures = 0;
        }
        _ => bid.bid_figures = 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cond;

    #[test]
    fn a_holds_condition_on_trump_cards_needs_the_trump() {
        let sel = CardSel {
            suit: SuitSel::Trump,
            rank: 0,
        };
        let f = Figure {
            name: "x".into(),
            title: String::new(),
            back: Some(1),
            front: Some(2),
            contracts: vec![0],
            conditions: vec![(None, Cond::Prim(Prim::Holds(vec![sel])))],
            aliases: Vec::new(),
            fulfil_by_side: false,
            declarer_only: false,
            first_turn_only: false,
            keep: None,
            multiplies_game: false,
            requires: Vec::new(),
            requires_declarer_only: false,
            requires_exchanged: None,
            back_no_trumps: None,
            upgrade: None,
            unannounced: None,
            unannounced_unless_any: false,
            replaces_game: false,
            settle_by_side: false,
            prov: Default::default(),
        };
        assert!(needs_trump(&f));
        let g = Figure {
            conditions: vec![(None, Cond::Prim(Prim::Captures(vec![sel])))],
            ..f
        };
        assert!(!needs_trump(&g));
    }
}
