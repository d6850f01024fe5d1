//! The builder's `sides` statement: takes a contract's `sides` line as read by `build.rs`, gives
//! its `SidesKind` (and the callable cards of `called-card`), with diagnostics for a partnership
//! the engine could not honour (a seat named twice, beyond the players or on no side, a trick a
//! hand does not have).

use super::words::{self, Flag, Words};
use super::{text, w, Builder};
use crate::diag::Code;
use crate::model::{Contract, Rank, SidesKind, Suit};
use crate::resolve::Entry;
use crate::syntax::ast::{self, TrickRef};
use crate::syntax::StmtKind as K;

impl Builder<'_> {
    /// `sides declarer-vs-each | declarer-vs-defence | called-card CARD... [alone-if-own] |
    /// trick-winner N | fixed SEATS SEATS`.
    pub(super) fn sides(&mut self, e: &Entry, c: &mut Contract, suits: &[Suit], ranks: &[Rank]) {
        c.sides = match self.word(e, 1) {
            Some(words::Sides::DeclarerVsDefence) => SidesKind::DeclarerVsDefence,
            Some(words::Sides::CalledCard) => {
                let mut alone_if_own = false;
                for word in e.stmt.words.iter().skip(2) {
                    if word.text == Flag::AloneIfOwn.word() {
                        alone_if_own = true;
                        continue;
                    }
                    let card = ast::CardRef::from_text(&word.text, word.span);
                    if let Some(sel) = self.card_sel(e, &card, suits, ranks) {
                        c.callable.push(sel);
                    }
                }
                SidesKind::CalledCard { alone_if_own }
            }
            Some(words::Sides::TrickWinner) => {
                c.partner_after_sweep = e
                    .stmt
                    .words
                    .iter()
                    .skip(3)
                    .any(|w| w.text == Flag::IfDeclarerWonBefore.word());
                SidesKind::TrickWinner(self.partner_trick(e))
            }
            Some(words::Sides::Fixed) => SidesKind::Fixed(self.fixed_sides(e)),
            Some(words::Sides::DeclarerVsEach) | None => SidesKind::DeclarerVsEach,
        }
    }

    /// The trick of `trick-winner N`, which a hand must have.
    fn partner_trick(&mut self, e: &Entry) -> TrickRef {
        let trick = crate::syntax::parse_trick(text(e, 2)).unwrap_or(TrickRef::Number(1));
        let tricks = self.tricks_per_hand();
        let exists = match trick {
            TrickRef::Number(n) => n >= 1 && n <= tricks,
            TrickRef::FromLast(k) => k < tricks,
        };
        if tricks > 0 && !exists {
            let span = w(e, 2).map(|x| x.span).unwrap_or_default();
            self.err(
                Code::OutOfRange,
                e,
                span,
                format!("`sides trick-winner` names a trick a hand does not have: it has {tricks} tricks"),
                "no such trick",
                format!("name a trick from 1 to {tricks}, `last` or `last-1`"),
            );
        }
        trick
    }

    /// The two seat groups of `fixed 0+2 1+3`: every seat of the table on exactly one side.
    fn fixed_sides(&mut self, e: &Entry) -> [u16; 2] {
        let players = self.players();
        let mut groups = [0u16; 2];
        // a seat left out because it was misnamed is reported once, as misnamed
        let mut misnamed = false;
        for (g, i) in [(0usize, 2usize), (1, 3)] {
            let Some(word) = w(e, i) else { continue };
            for part in word.text.split('+') {
                let seat = part.parse::<u32>().unwrap_or(u32::MAX);
                if seat >= players.max(1) || seat >= 16 {
                    self.err(
                        Code::OutOfRange,
                        e,
                        word.span,
                        format!(
                            "`sides fixed` names seat {part}, but the table has {players} seats (0 to {})",
                            players.saturating_sub(1)
                        ),
                        "no such seat",
                        "table seats count from 0 (the first dealer) in seating order",
                    );
                    misnamed = true;
                    continue;
                }
                let bit = 1u16 << seat;
                if (groups[0] | groups[1]) & bit != 0 {
                    self.err(
                        Code::DuplicateName,
                        e,
                        word.span,
                        format!("`sides fixed` puts seat {seat} on a side twice"),
                        "named before",
                        "name each seat once: `fixed 0+2 1+3`",
                    );
                    misnamed = true;
                    continue;
                }
                if let Some(x) = groups.get_mut(g) {
                    *x |= bit;
                }
            }
        }
        let all = (1u32 << players.min(16)) - 1;
        let missing = all as u16 & !(groups[0] | groups[1]);
        if missing != 0 && players <= 16 && !misnamed {
            let span = w(e, 1).map(|x| x.span).unwrap_or_default();
            self.err(
                Code::OutOfRange,
                e,
                span,
                format!("`sides fixed` leaves seat {} on no side", missing.trailing_zeros()),
                "every seat belongs to one side",
                format!("put each of the {players} seats in one of the two groups"),
            );
        }
        groups
    }

    /// The number of players of the `game` block (0 when unset: reported elsewhere).
    fn players(&self) -> u32 {
        self.block(&["game"])
            .iter()
            .filter(|e| e.stmt.kind() == Some(K::players_stmt))
            .filter_map(|e| text(e, 1).parse::<u32>().ok())
            .next_back()
            .unwrap_or(0)
    }
}
