//! Marriages registered by a lead (`marriage NAME every-suit ... declare by-lead`, Anrufen's
//! "registering a marriage"): takes the variant's marriage rows and the compiled deck, gives
//! `LeadMarriages` (which cards can register a pair, and the other card of each pair) and the
//! `Game` hook that records the pair, as a declared marriage of its suit (`marriages.rs`), for a
//! player who leads one card of it while holding the other. `marriages.rs` scores it like the
//! marriages called in trick 1, so his side's totals and `with-melds` goals count it.

use crate::engine::compile::tables::{Tables, MAX_CARDS};
use crate::engine::core::deal::bit;
use crate::engine::core::game::Game;
use crate::model::{MarriageDeclare, Variant};

/// The pairs a lead can register, compiled once per `Rules`.
#[derive(Debug, Clone)]
pub struct LeadMarriages {
    /// Every card whose lead can register a pair; 0 in a variant without such rows, so that
    /// the play tests one mask and nothing more.
    pub lead_mask: u64,
    /// Per card of `lead_mask`: the row (an index into `Melds::marriages`) and the pair's other card.
    pair_of: [(u8, u8); MAX_CARDS],
}

impl LeadMarriages {
    pub(in crate::engine) fn compile(v: &Variant, tb: &Tables) -> LeadMarriages {
        let mut lm = LeadMarriages {
            lead_mask: 0,
            pair_of: [(0, 0); MAX_CARDS],
        };
        let by_lead =
            |m: &&crate::model::MarriageRow| m.every_suit.is_some_and(|e| e.declare == MarriageDeclare::ByLead);
        for (i, row) in v.melds.marriages.iter().enumerate().filter(|(_, m)| by_lead(m)) {
            let Ok(row_id) = u8::try_from(i) else { continue };
            // every suit is compiled: the trump is known only at the lead
            for s in 0..tb.n_suits {
                if let (Some(a), Some(b)) = (tb.card(s, row.ranks.0), tb.card(s, row.ranks.1)) {
                    for (c, other) in [(a, b), (b, a)] {
                        lm.lead_mask |= bit(c);
                        if let Some(slot) = lm.pair_of.get_mut(c as usize) {
                            *slot = (row_id, other);
                        }
                    }
                }
            }
        }
        lm
    }
}

impl Game {
    /// Called before a card is placed: a lead of one card of a pair whose other card the leader
    /// still holds registers the pair for him, when the contract counts its row. Inlined: the
    /// common case is one mask test.
    #[inline]
    pub(in crate::engine) fn note_marriage_lead(&mut self, card: u8) {
        if self.play.trick_len == 0 && self.rules.marriage_leads.lead_mask & bit(card) != 0 {
            self.register_marriage_lead(card);
        }
    }

    #[inline(never)]
    fn register_marriage_lead(&mut self, card: u8) {
        let rules = &self.rules;
        let Some(contract) = self.contract.and_then(|c| rules.variant.contracts.get(c)) else {
            return;
        };
        let Some(&(row_id, other)) = rules.marriage_leads.pair_of.get(card as usize) else {
            return;
        };
        let leader = self.play.to_play as usize;
        let holds_other = self.play.hands.get(leader).is_some_and(|h| h & bit(other) != 0);
        if contract.melds.marriages & (1 << row_id) == 0 || !holds_other {
            return;
        }
        let suit = rules.tables.suit(card);
        self.marriages.declare(leader, row_id as usize, suit);
    }
}
