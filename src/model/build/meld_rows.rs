//! The builder's part for the melds block: sequence, set and marriage rows and their orders and ties, and a contract's `melds` kinds: takes the rule tree's entries of those sections, gives their
//! model values, and reports what is unknown, duplicate or malformed in them (moved out of
//! `build.rs` unchanged).

use super::*;

impl Builder<'_> {
    pub(super) fn melds(&mut self, names: &Names, ranks: &[Rank]) -> Melds {
        let mut m = Melds {
            sequence_order: None,
            sequences: Vec::new(),
            ties_by_suit_rank: false,
            one_per_length: false,
            sets: Vec::new(),
            marriages: Vec::new(),
        };
        let mut set_orders = Vec::new();
        for e in self.block(&["melds"]) {
            match e.stmt.kind() {
                Some(K::sequence_order_stmt) => m.sequence_order = self.lookup(e, 1, "order", &names.orders),
                Some(K::sequence_row) => {
                    let name = text(e, 1).to_string();
                    let length = self.int(e, 2, 2, 64, "a sequence length").unwrap_or(3) as u32;
                    let value = self.int(e, 3, 0, 1_000_000, "a meld value").unwrap_or(0);
                    if m.sequences.iter().any(|s| s.length == length) {
                        let span = e.stmt.head_span();
                        self.err(
                            Code::DuplicateName,
                            e,
                            span,
                            format!("two sequences of length {length}"),
                            "a second row for this length",
                            "give each length one row",
                        );
                    }
                    m.sequences.push(SequenceRow { name, length, value });
                }
                Some(K::sequence_ties_stmt) => {
                    m.ties_by_suit_rank = self.word(e, 1) == Some(words::SequenceTies::SuitRank);
                }
                Some(K::sequence_scoring_stmt) => {
                    m.one_per_length = self.word(e, 1) == Some(words::SequenceScoring::OnePerLength);
                }
                Some(K::set_row) => {
                    let name = text(e, 1).to_string();
                    let count = self.int(e, 2, 2, 64, "a set's card count").unwrap_or(4) as u32;
                    let value = self.int(e, 3, 0, 1_000_000, "a meld value").unwrap_or(0);
                    let ranks = if at(e, 5, Flag::All) {
                        (0..ranks.len() as RankId).collect()
                    } else {
                        let words: Vec<Word> = e.stmt.words.iter().skip(5).cloned().collect();
                        words.iter().filter_map(|wd| self.dealt_rank_of(e, wd, ranks)).collect()
                    };
                    if self.new_meld_row(e, &m, &name, m.sets.len()) {
                        m.sets.push(SetRow {
                            name,
                            count,
                            value,
                            ranks,
                            trump_order: None,
                            plain_order: None,
                        });
                    }
                }
                Some(K::set_order_stmt) => set_orders.push(e),
                Some(K::marriage_row) => {
                    let name = text(e, 1).to_string();
                    let words: Vec<Word> = e.stmt.words.iter().skip(3).take(2).cloned().collect();
                    let rs: Vec<RankId> = words.iter().filter_map(|wd| self.dealt_rank_of(e, wd, ranks)).collect();
                    // `trump A B V`, or `every-suit A B trump V plain V declare HOW [counts-with-a-trick]`
                    let every = at(e, 2, Flag::EverySuit);
                    let value = self
                        .int(e, if every { 6 } else { 5 }, 0, 1_000_000, "a meld value")
                        .unwrap_or(0);
                    let every_suit = match every {
                        true => Some(EverySuitMarriage {
                            plain_value: self.int(e, 8, 0, 1_000_000, "a meld value").unwrap_or(0),
                            declare: match self.word(e, 10) {
                                Some(words::MarriageDeclareWord::Shown) => MarriageDeclare::Shown,
                                Some(words::MarriageDeclareWord::ByLead) => MarriageDeclare::ByLead,
                                Some(words::MarriageDeclareWord::Announced) | None => MarriageDeclare::Announced,
                            },
                            with_a_trick: at(e, 11, Flag::CountsWithATrick),
                        }),
                        false => None,
                    };
                    if let (&[a, b], true) = (&rs[..], self.new_meld_row(e, &m, &name, m.marriages.len())) {
                        m.marriages.push(MarriageRow {
                            name,
                            ranks: (a, b),
                            value,
                            every_suit,
                        });
                    }
                }
                other => self.unread(e, other),
            }
        }
        m.sequences.sort_by_key(|s| s.length);
        // `set-order NAME ...` after every set row, so that the order of lines does not matter
        for e in set_orders {
            let known: Vec<String> = m.sets.iter().map(|s| s.name.clone()).collect();
            let Some(i) = self.lookup(e, 1, "set", &known) else {
                continue;
            };
            let trump = self.lookup(e, 2, "order", &names.orders);
            let plain = self.lookup(e, 3, "order", &names.orders);
            if let Some(set) = m.sets.get_mut(i) {
                set.trump_order = trump;
                set.plain_order = plain;
            }
        }
        m
    }

    /// Whether a `set` or `marriage` row may join the melds: its name is not yet a pattern's
    /// (a contract's `melds` line names them) and its kind has room (`MAX_MELD_ROWS`).
    pub(super) fn new_meld_row(&mut self, e: &Entry, m: &Melds, name: &str, rows_of_kind: usize) -> bool {
        let span = e.stmt.head_span();
        if m.pattern_named(name).is_some() {
            self.err(
                Code::DuplicateName,
                e,
                span,
                format!("two meld patterns named `{name}`"),
                "a second pattern of this name",
                "give each set and marriage its own name (and none is called `sequence`)",
            );
            return false;
        }
        if rows_of_kind >= MAX_MELD_ROWS {
            self.err(
                Code::OutOfRange,
                e,
                span,
                format!("more than {MAX_MELD_ROWS} meld rows of this kind"),
                "one row too many",
                format!("a variant has at most {MAX_MELD_ROWS} set rows and {MAX_MELD_ROWS} marriage rows"),
            );
            return false;
        }
        true
    }

    /// A contract's `melds` line: the patterns it counts, each name resolved against the
    /// `melds` block (an unknown name is an error with the closest known name).
    pub(super) fn meld_kinds(&mut self, e: &Entry, melds: &Melds) -> MeldKinds {
        let mut kinds = MeldKinds::default();
        let known: Vec<String> = std::iter::once("sequence".to_string())
            .chain(melds.sets.iter().map(|s| s.name.clone()))
            .chain(melds.marriages.iter().map(|m| m.name.clone()))
            .collect();
        for (i, word) in e.stmt.words.iter().enumerate().skip(1) {
            match (word.text.as_str(), melds.pattern_named(&word.text)) {
                ("none", _) => {}
                (_, Some(MeldPattern::Run)) => kinds.sequence = true,
                (_, Some(MeldPattern::Set(s))) => kinds.sets |= 1 << s,
                (_, Some(MeldPattern::Marriage(m))) => kinds.marriages |= 1 << m,
                (_, None) => {
                    let _ = self.lookup(e, i, "meld pattern", &known);
                }
            }
        }
        kinds
    }
}
