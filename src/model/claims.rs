//! Reading a contract's claim statements (`claims`, `conceded-to`, `concession-disputed`,
//! `concession-confirmed`, `claim-trumps`):
//! takes their entries in any order, gives the contract's `Claims` (none without `claims`).

use super::build::words::{ClaimKind, ClaimTrumps, ConcededTo, ConcessionConfirmed, ConcessionDisputed, Words};
use super::{Claims, DisputedConcession, Seat};
use crate::resolve::Entry;
use crate::syntax::ast::Word;
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
    /// `concession-confirmed as-played`.
    confirmed_as_played: bool,
    /// `claim-trumps always`.
    claim_trumps_always: bool,
}

/// A word of a statement that is not among the keywords the builder knows for its place.
pub(super) struct NotAKeyword {
    pub word: Word,
    /// The keyword enum's name and words, for the internal error.
    pub what: &'static str,
    pub words: &'static [&'static str],
}

impl NotAKeyword {
    pub(super) fn of<T: Words>(word: &Word) -> NotAKeyword {
        NotAKeyword {
            word: word.clone(),
            what: T::WHAT,
            words: T::WORDS,
        }
    }
}

/// Word `word` as one of the keywords `T`.
fn keyword<T: Words>(word: &Word) -> Result<T, NotAKeyword> {
    T::from_word(&word.text).ok_or_else(|| NotAKeyword::of::<T>(word))
}

impl ClaimRules {
    /// Takes one of the three statements; a word the builder does not know is an internal
    /// error for the caller to report, not a default.
    pub(super) fn read(&mut self, e: &Entry) -> Result<(), NotAKeyword> {
        let words = e.stmt.words.iter().skip(1);
        match e.stmt.kind {
            StmtKind::claims_stmt => {
                self.on = true;
                for w in words {
                    match keyword(w)? {
                        ClaimKind::Claim => self.claim = true,
                        ClaimKind::Concede => self.concede = true,
                    }
                }
            }
            StmtKind::conceded_to_stmt => {
                let mut with_tricks = false;
                let mut seat = Seat::DeclarerLeft;
                for w in words {
                    match keyword(w)? {
                        ConcededTo::OpponentWithTricks => with_tricks = true,
                        ConcededTo::DeclarerRight => seat = Seat::DeclarerRight,
                        ConcededTo::DeclarerLeft => seat = Seat::DeclarerLeft,
                    }
                }
                self.conceded_to = Some((with_tricks, seat));
            }
            StmtKind::concession_disputed_stmt => {
                let word = e.stmt.words.get(1);
                self.disputed = Some(match word.map(keyword).transpose()? {
                    Some(ConcessionDisputed::AsPlayed) => DisputedConcession::AsPlayed,
                    // the grammar asks for the word: a missing one is what was always meant
                    Some(ConcessionDisputed::Stands) | None => DisputedConcession::Stands,
                });
            }
            StmtKind::concession_confirmed_stmt => {
                let word = e.stmt.words.get(1);
                self.confirmed_as_played =
                    matches!(word.map(keyword).transpose()?, Some(ConcessionConfirmed::AsPlayed));
            }
            StmtKind::claim_trumps_stmt => {
                let word = e.stmt.words.get(1);
                self.claim_trumps_always = matches!(word.map(keyword).transpose()?, Some(ClaimTrumps::Always));
            }
            // the builder hands only the claim statements to this reader
            _ => {}
        }
        Ok(())
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
            confirmed_as_played: self.confirmed_as_played,
            claim_trumps_always: self.claim_trumps_always,
        })
    }
}
