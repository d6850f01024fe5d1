//! Reading a contract's claim statements (`claims`, `conceded-to`, `concession-disputed`):
//! takes their entries in any order, gives the contract's `Claims` (none without `claims`).

use super::{Claims, DisputedConcession, Seat};
use crate::resolve::Entry;
use crate::syntax::StmtKind;

/// What a contract's claim statements said, gathered until the block is read.
#[derive(Debug, Default)]
pub(super) struct ClaimRules {
    claim: bool,
    concede: bool,
    /// `claims` was written (with at least one kind: the grammar asks for one).
    on: bool,
    /// `conceded-to`: (opponent with tricks first, the neighbour).
    conceded_to: Option<(bool, Seat)>,
    disputed: Option<DisputedConcession>,
}

impl ClaimRules {
    /// Takes one of the three statements.
    pub(super) fn read(&mut self, e: &Entry) {
        let words = || e.stmt.words.iter().skip(1).map(|w| w.text.as_str());
        match e.stmt.kind {
            StmtKind::claims_stmt => {
                self.on = true;
                for w in words() {
                    match w {
                        "claim" => self.claim = true,
                        "concede" => self.concede = true,
                        // the grammar allows no other word
                        _ => {}
                    }
                }
            }
            StmtKind::conceded_to_stmt => {
                let mut with_tricks = false;
                let mut seat = Seat::DeclarerLeft;
                for w in words() {
                    match w {
                        "opponent-with-tricks" => with_tricks = true,
                        "declarer-right" => seat = Seat::DeclarerRight,
                        "declarer-left" => seat = Seat::DeclarerLeft,
                        _ => {}
                    }
                }
                self.conceded_to = Some((with_tricks, seat));
            }
            StmtKind::concession_disputed_stmt => {
                self.disputed = Some(match words().next() {
                    Some("as-played") => DisputedConcession::AsPlayed,
                    _ => DisputedConcession::Stands,
                });
            }
            _ => {}
        }
    }

    /// The contract's claims; the defaults without `conceded-to` and `concession-disputed` are
    /// `conceded-to opponent-with-tricks declarer-left` and `concession-disputed stands`.
    pub(super) fn claims(&self) -> Option<Claims> {
        if !self.on {
            return None;
        }
        let (to_opponent_with_tricks, conceded_to) = self.conceded_to.unwrap_or((true, Seat::DeclarerLeft));
        Some(Claims {
            claim: self.claim,
            concede: self.concede,
            to_opponent_with_tricks,
            conceded_to,
            disputed_concession: self.disputed.unwrap_or(DisputedConcession::Stands),
        })
    }
}
