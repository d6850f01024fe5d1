//! The builder's part for the exchange blocks (take and qualify) and the scoring block: takes the rule tree's entries of those sections, gives their
//! model values, and reports what is unknown, duplicate or malformed in them (moved out of
//! `build.rs` unchanged).

use super::*;

impl Builder<'_> {
    pub(super) fn exchanges(&mut self, suits: &[Suit], ranks: &[Rank]) -> Vec<Exchange> {
        let mut out = Vec::new();
        for name in self.names_of("exchange") {
            let mut x = Exchange {
                name: name.clone(),
                from_round: None,
                exchangers: Vec::new(),
                fallback_on_indicator_only: false,
                take: Vec::new(),
                qualify_trumps: false,
                qualify_cards: Vec::new(),
                discard_trumps: false,
            };
            let (mut take_at, mut qualify_at) = (None, None);
            for e in self.block(&["exchange", &name]) {
                match e.stmt.kind() {
                    Some(K::from_round_stmt) => {
                        x.from_round = self.int(e, 1, 1, 20, "a round number").map(|n| n as u32)
                    }
                    Some(K::exchangers_stmt) => {
                        let words: Vec<Word> = e.stmt.words.iter().skip(1).cloned().collect();
                        x.exchangers = words.iter().filter_map(|wd| self.dealt_rank_of(e, wd, ranks)).collect();
                    }
                    Some(K::fallback_when_stmt) => {
                        x.fallback_on_indicator_only = self.word(e, 1) == Some(words::FallbackWhen::Indicator);
                    }
                    Some(K::take_stmt) => {
                        // `take none` or one or more kinds.
                        let kinds: Vec<Word> = e
                            .stmt
                            .words
                            .iter()
                            .skip(1)
                            .filter(|w| w.text != Flag::None.word())
                            .cloned()
                            .collect();
                        x.take = kinds
                            .iter()
                            .filter_map(|w| self.keyword(e, w))
                            .map(|kind| match kind {
                                words::Take::TopCard => Take::TopCard,
                                words::Take::TopChain => Take::TopChain,
                                words::Take::BottomChain => Take::BottomChain,
                                words::Take::WholeTalon => Take::WholeTalon,
                            })
                            .collect();
                        self.check_take(e, &x.take);
                        take_at = Some(e);
                    }
                    Some(K::qualify_stmt) => {
                        qualify_at = Some(e);
                        x.qualify_trumps = has(e, Flag::Trumps);
                        let cards: Vec<ast::CardRef> = e
                            .stmt
                            .words
                            .iter()
                            .skip(1)
                            .filter(|w| w.text != Flag::Trumps.word())
                            .map(|w| ast::CardRef::from_text(&w.text, w.span))
                            .collect();
                        x.qualify_cards = cards.iter().filter_map(|c| self.card_sel(e, c, suits, ranks)).collect();
                    }
                    Some(K::discard_stmt) => x.discard_trumps = self.word(e, 1) == Some(words::Discard::Any),
                    other => self.unread(e, other),
                }
            }
            self.check_qualify(&x, take_at, qualify_at);
            out.push(x);
        }
        out
    }

    /// The talon chains and the whole-talon look start after both face-up cards are taken
    /// (§11.4.4, §18.6 of the digest): without `top-card` in the same list the engine takes none
    /// of them, so the list says what it cannot do.
    pub(super) fn check_take(&mut self, e: &Entry, take: &[Take]) {
        if take.contains(&Take::TopCard) {
            return;
        }
        let Some(word) = e
            .stmt
            .words
            .iter()
            .skip(1)
            .find(|w| matches!(w.text.as_str(), "top-chain" | "bottom-chain" | "whole-talon"))
            .cloned()
        else {
            return;
        };
        self.err(
            Code::NoEffect,
            e,
            word.span,
            format!("`{}` needs `top-card` in the same `take` list", word.text),
            "would take nothing",
            format!(
                "the chains and the whole talon are taken only after both face-up cards: write `take top-card {}`",
                e.stmt
                    .words
                    .iter()
                    .skip(1)
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        );
    }

    /// `take` and `qualify` only work together: cards beyond the indicator are taken when the
    /// list names them and they qualify. A list without a qualifying kind takes nothing (an
    /// error); a qualify line without a list is never consulted (a warning).
    pub(super) fn check_qualify(&mut self, x: &Exchange, take_at: Option<&Entry>, qualify_at: Option<&Entry>) {
        let qualifies = x.qualify_trumps || !x.qualify_cards.is_empty();
        match (take_at, qualify_at) {
            (Some(e), _) if !x.take.is_empty() && !qualifies => {
                let span = e.stmt.head_span();
                self.err(
                    Code::NoEffect,
                    e,
                    span,
                    format!("exchange `{}` takes cards that qualify, but no card qualifies", x.name),
                    "would take nothing",
                    "add `qualify trumps`, `qualify` with cards such as `any.A`, or both, to the exchange, or write `take none`",
                );
            }
            // a house rule's `take none` over a base's qualify line is what it says: only a
            // file that writes both (or a qualify line alone) is told
            (t, Some(e)) if x.take.is_empty() && qualifies && t.is_none_or(|t| t.file == e.file) => {
                let span = e.stmt.head_span();
                self.err(
                    Code::Unused,
                    e,
                    span,
                    format!(
                        "exchange `{}` takes only the indicator, so `qualify` is never used",
                        x.name
                    ),
                    "never consulted",
                    "add a `take` list (e.g. `take top-card`), or remove the `qualify` line",
                );
            }
            _ => {}
        }
    }

    pub(super) fn scoring(&mut self) -> Scoring {
        let mut s = Scoring {
            side_vs_side: false,
            pairwise: false,
            sitting_out_with_opponents: false,
            paper_plus_minus: false,
            robber: None,
            unit: None,
            session: None,
        };
        for e in self.block(&["scoring"]) {
            match e.stmt.kind() {
                Some(K::payments_stmt) => {
                    let payments = self.word(e, 1);
                    s.side_vs_side = matches!(payments, Some(words::Payments::SideVsSide | words::Payments::Pairwise));
                    s.pairwise = payments == Some(words::Payments::Pairwise);
                }
                Some(K::sitting_out_stmt) => {
                    s.sitting_out_with_opponents = self.word(e, 1) == Some(words::SittingOut::WithOpponents);
                }
                Some(K::unit_stmt) => s.unit = Some(text(e, 1).to_string()),
                Some(K::session_stmt) => {
                    // `session start N each ends WORD`: the number is word 2, the end word 5
                    let start = self.int(e, 2, 0, 1_000_000, "a session's starting balance");
                    let ends = match self.word(e, 5) {
                        Some(words::SessionEnds::WhenOneCannotPay) => SessionEnd::WhenOneCannotPay,
                        Some(words::SessionEnds::ByAgreement) | None => SessionEnd::ByAgreement,
                    };
                    s.session = start.map(|start| Session { start, ends });
                }
                Some(K::paper_stmt) => s.paper_plus_minus = self.word(e, 1) == Some(words::Paper::PlusMinus),
                Some(K::robber_stmt) => {
                    let target = self.int(e, 1, 1, 1_000_000, "a robber target").unwrap_or(20);
                    let bonus = self.int(e, 3, 0, 1_000_000, "a robber bonus").unwrap_or(0);
                    s.robber = Some(Robber {
                        target,
                        bonus,
                        escalate: has(e, Flag::Escalate),
                    });
                }
                other => self.unread(e, other),
            }
        }
        s
    }
}
