//! The builder's part for the doubling blocks, card selections and conditions, the figure blocks and figure ladders, and the calling block: takes the rule tree's entries of those sections, gives their
//! model values, and reports what is unknown, duplicate or malformed in them (moved out of
//! `build.rs` unchanged).

use super::*;

/// The most a doubling ladder may multiply an item by: its multiplier per level to the power of
/// the levels up to its top (Asszorti's `factor 2` over five levels: 32). With values at most
/// 1,000,000 and a call's multiplier at most `MAX_CALL_MULTIPLIER`, a hand's largest product
/// stays far below `i64::MAX` (docs/language.md, "Bounds"); the scoring saturates beyond.
pub const MAX_LADDER_MULTIPLIER: i64 = 1024;

/// The most a calling block's `multiplier` may be (the call and its raise multiply twice).
pub const MAX_CALL_MULTIPLIER: i64 = 16;

impl Builder<'_> {
    pub(super) fn doublings(&mut self) -> Vec<Doubling> {
        let mut out = Vec::new();
        for name in self.names_of("doubling") {
            let mut d = Doubling {
                name: name.clone(),
                levels: Vec::new(),
                front: 1,
                back: 1,
                top: 0,
                not_same_player: Vec::new(),
                shows_talon_until: None,
                game_only: false,
                adds: 0,
            };
            let mut top_word: Option<(Word, &Entry)> = None;
            let mut pairs: Vec<(Word, Word, &Entry)> = Vec::new();
            // `factor N`: every level multiplies by N whenever it is said; it stands over a
            // `front`/`back` pair (a house rule need not remove the base's pair)
            let mut factor = None;
            // the multiplier statement with the largest value, for the ladder's bound
            let mut largest: Option<(i64, &Entry)> = None;
            for e in self.block(&["doubling", &name]) {
                match e.stmt.kind() {
                    Some(K::levels_stmt) => {
                        d.levels.clear();
                        for word in e.stmt.words.iter().skip(1) {
                            if d.levels.contains(&word.text) {
                                let span = word.span;
                                self.err(
                                    Code::DuplicateName,
                                    e,
                                    span,
                                    format!("ladder `{name}` names level `{}` twice", word.text),
                                    "repeated level",
                                    "each level appears once, lowest first",
                                );
                            }
                            d.levels.push(word.text.clone());
                        }
                    }
                    Some(K::not_same_player_stmt) => {
                        if let (Some(a), Some(b)) = (w(e, 1), w(e, 2)) {
                            pairs.push((a.clone(), b.clone(), e));
                        }
                    }
                    Some(K::front_stmt | K::back_stmt | K::factor_stmt) => {
                        let v = self.int(e, 1, i64::MIN / 2, i64::MAX / 2, "a multiplier").unwrap_or(1);
                        if v < 1 {
                            let span = w(e, 1).map(|w| w.span).unwrap_or_default();
                            self.err(
                                Code::BadDoublingLadder,
                                e,
                                span,
                                format!("ladder `{name}` multiplies by {v}"),
                                "a multiplier must be at least 1",
                                "kontra doubles or quadruples: write 2 or 4",
                            );
                        }
                        if largest.is_none_or(|(m, _)| v >= m) {
                            largest = Some((v, e));
                        }
                        if e.stmt.kind() == Some(K::factor_stmt) {
                            factor = Some(v);
                        } else if e.stmt.kind() == Some(K::front_stmt) {
                            d.front = v;
                        } else {
                            d.back = v;
                        }
                    }
                    Some(K::top_stmt) => top_word = w(e, 1).cloned().map(|wd| (wd, e)),
                    Some(K::adds_stmt) => d.adds = self.int(e, 1, 1, 1_000_000, "a value added").unwrap_or(0),
                    Some(K::on_game_stmt) => d.game_only = true,
                    Some(K::shows_talon_stmt) => {
                        d.shows_talon_until = self.int(e, 3, 1, 32, "a trick number").map(|n| n as u32);
                    }
                    other => self.unread(e, other),
                }
            }
            match top_word {
                Some((word, e)) => match d.levels.iter().position(|l| *l == word.text) {
                    Some(t) => {
                        d.top = t;
                        if t + 1 < d.levels.len() {
                            let above: Vec<String> = d.levels[t + 1..].iter().map(|l| format!("`{l}`")).collect();
                            let span = word.span;
                            self.err(
                                Code::BadDoublingLadder,
                                e,
                                span,
                                format!(
                                    "ladder `{name}` has {} above its top level `{}`",
                                    above.join(", "),
                                    word.text
                                ),
                                "the top is not the last level",
                                format!(
                                    "raise `top` to `{}` or drop the levels above it",
                                    d.levels.last().cloned().unwrap_or_default()
                                ),
                            );
                        }
                    }
                    None => {
                        let levels = d.levels.clone();
                        self.unknown(e, &word, "level", &levels);
                    }
                },
                None => d.top = d.levels.len().saturating_sub(1),
            }
            if let Some(f) = factor {
                d.front = f;
                d.back = f;
            }
            self.ladder_bound(&d, largest);
            self.not_same_player(&mut d, &pairs);
            out.push(d);
        }
        out
    }

    /// A ladder whose top level would multiply an item by more than `MAX_LADDER_MULTIPLIER`
    /// (`kartya::out-of-range` at the multiplier statement with the largest value).
    fn ladder_bound(&mut self, d: &Doubling, largest: Option<(i64, &Entry)>) {
        let Some((_, e)) = largest else { return };
        let per_level = d.front.max(d.back);
        let levels = (d.top + 1).min(d.levels.len()).max(1);
        let most = (0..levels).fold(1i64, |m, _| m.saturating_mul(per_level));
        if per_level < 1 || most <= MAX_LADDER_MULTIPLIER {
            return;
        }
        let span = w(e, 1).map(|w| w.span).unwrap_or_default();
        self.err(
            Code::OutOfRange,
            e,
            span,
            format!(
                "ladder `{}` multiplies by up to {per_level} per level over {levels} level(s): {}, above the bound {MAX_LADDER_MULTIPLIER}",
                d.name,
                if most == i64::MAX { "more than i64 holds".to_string() } else { most.to_string() }
            ),
            "too large a multiplier",
            format!(
                "a ladder multiplies an item by at most {MAX_LADDER_MULTIPLIER} at its top level, so that no hand's score can overflow"
            ),
        );
    }

    pub(super) fn card_sel(&mut self, e: &Entry, c: &ast::CardRef, suits: &[Suit], ranks: &[Rank]) -> Option<CardSel> {
        let s = c.suit.as_str();
        let suit = match words::SuitWord::from_word(s) {
            Some(words::SuitWord::Trump) => SuitSel::Trump,
            Some(words::SuitWord::Any) => SuitSel::Any,
            None => match suits.iter().position(|x| x.name == s || x.code == s) {
                Some(i) => SuitSel::Suit(i as SuitId),
                None => {
                    let known: Vec<String> = suits
                        .iter()
                        .map(|s| s.name.clone())
                        .chain(["trump".to_string(), "any".to_string()])
                        .collect();
                    let hint = suggest(s, known.iter().map(String::as_str))
                        .map(|h| format!("did you mean `{h}`? "))
                        .unwrap_or_default();
                    self.err(
                        Code::CardNotInDeck,
                        e,
                        c.span,
                        format!(
                            "`{}.{}` names suit `{s}`, which this deck does not have",
                            c.suit, c.rank
                        ),
                        "unknown suit",
                        format!("{hint}a card is `SUIT.RANK` with a suit of the deck, `trump` or `any`"),
                    );
                    return None;
                }
            },
        };
        match ranks.iter().position(|r| r.code == c.rank) {
            Some(r) => {
                let sel = CardSel {
                    suit,
                    rank: r as RankId,
                };
                self.card_dealt(e, c, sel);
                Some(sel)
            }
            None => {
                let codes = ranks
                    .iter()
                    .map(|r| format!("`{}`", r.code))
                    .collect::<Vec<_>>()
                    .join(" ");
                self.err(
                    Code::CardNotInDeck,
                    e,
                    c.span,
                    format!(
                        "`{}.{}` needs a {} rank, but this deck has no such rank",
                        c.suit, c.rank, c.rank
                    ),
                    "not in the deck",
                    match suggest(&c.rank, ranks.iter().map(|r| r.code.as_str())) {
                        Some(h) => format!("did you mean `{h}`? the deck's ranks are {codes}"),
                        None => format!("the deck's ranks are {codes}"),
                    },
                );
                None
            }
        }
    }

    pub(super) fn cond(&mut self, e: &Entry, c: &ast::Cond, suits: &[Suit], ranks: &[Rank]) -> Option<Cond> {
        Some(match c {
            ast::Cond::Or(v) => Cond::Or(
                v.iter()
                    .map(|x| self.cond(e, x, suits, ranks))
                    .collect::<Option<Vec<_>>>()?,
            ),
            ast::Cond::And(v) => Cond::And(
                v.iter()
                    .map(|x| self.cond(e, x, suits, ranks))
                    .collect::<Option<Vec<_>>>()?,
            ),
            ast::Cond::Not(x) => Cond::Not(Box::new(self.cond(e, x, suits, ranks)?)),
            ast::Cond::Prim(p) => Cond::Prim(match &p.kind {
                ast::PrimKind::Points {
                    with_melds,
                    cmp,
                    threshold,
                } => Prim::Points {
                    with_melds: *with_melds,
                    cmp: *cmp,
                    threshold: *threshold,
                },
                ast::PrimKind::Captures(cs) => Prim::Captures(
                    cs.iter()
                        .map(|x| self.card_sel(e, x, suits, ranks))
                        .collect::<Option<Vec<_>>>()?,
                ),
                ast::PrimKind::Holds(cs) => Prim::Holds(
                    cs.iter()
                        .map(|x| self.card_sel(e, x, suits, ranks))
                        .collect::<Option<Vec<_>>>()?,
                ),
                ast::PrimKind::WinsTrick { trick, card } => Prim::WinsTrick {
                    trick: *trick,
                    card: self.card_sel(e, card, suits, ranks)?,
                },
                ast::PrimKind::AllTricks => Prim::AllTricks,
                ast::PrimKind::NoTricks => Prim::NoTricks,
                ast::PrimKind::Game { won } => Prim::Game { won: *won },
                ast::PrimKind::Tricks { cmp, n } => Prim::Tricks { cmp: *cmp, n: *n },
                ast::PrimKind::TricksBid { cmp } => Prim::TricksBid { cmp: *cmp },
                ast::PrimKind::OpponentNoTricks => Prim::OpponentNoTricks,
                ast::PrimKind::LastTricks(n) => Prim::LastTricks(*n),
                ast::PrimKind::FirstTricks { n, alone } => Prim::FirstTricks { n: *n, alone: *alone },
                ast::PrimKind::NoTrumpInLast(n) => Prim::NoTrumpInLast(*n),
                ast::PrimKind::TrumpIs { suit, span } => match suits.iter().position(|s| s.name == *suit) {
                    Some(s) => Prim::TrumpIs(s as SuitId),
                    None => {
                        let known: Vec<String> = suits.iter().map(|s| s.name.clone()).collect();
                        let word = Word {
                            text: suit.clone(),
                            kind: ast::WordKind::Bare,
                            span: *span,
                        };
                        self.unknown(e, &word, "suit", &known);
                        return None;
                    }
                },
            }),
        })
    }

    pub(super) fn figures(
        &mut self,
        names: &Names,
        suits: &[Suit],
        ranks: &[Rank],
        contracts: &[Contract],
    ) -> Vec<Figure> {
        let mut out = Vec::new();
        for name in names.figures.clone() {
            let Some(head) = self.get(&["figure", &name]) else {
                continue;
            };
            let prov = self.prov.add(head.file, head.stmt.head_span());
            let mut f = Figure {
                name: name.clone(),
                title: head.stmt.words.get(2).map(|w| w.text.clone()).unwrap_or_default(),
                back: None,
                front: None,
                contracts: Vec::new(),
                conditions: Vec::new(),
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
                prov,
            };
            let mut has_value = false;
            // an `in` or `when` line already reported: the checks below would repeat it
            let mut follow_on = false;
            for e in self.block(&["figure", &name]) {
                match e.stmt.kind() {
                    Some(K::value_stmt) => {
                        has_value = true;
                        let back = self.int(e, 1, 0, 1_000_000, "a figure value");
                        f.back = back;
                        f.front = back.map(|b| b * 2);
                        let mut i = 2;
                        while i < e.stmt.words.len() {
                            match self.word(e, i) {
                                Some(words::FigureValuePart::Front) if at(e, i + 1, Flag::None) => f.front = None,
                                Some(words::FigureValuePart::Front) => {
                                    f.front = self.int(e, i + 1, 0, 1_000_000, "a front value");
                                }
                                Some(words::FigureValuePart::Back) => f.back = None,
                                Some(words::FigureValuePart::NoTrumps) => {
                                    f.back_no_trumps = self.int(e, i + 1, 0, 1_000_000, "a figure value");
                                }
                                None => {}
                            }
                            i += 2;
                        }
                        if f.front.is_none() && f.back.is_none() {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::FigureNowhere,
                                e,
                                span,
                                format!("figure `{name}` may be announced neither front nor back"),
                                "no announcement left",
                                "drop `front none` or `back none`",
                            );
                        }
                    }
                    Some(K::in_stmt) => {
                        f.contracts.clear();
                        for i in 1..e.stmt.words.len() {
                            match self.lookup(e, i, "contract", &names.contracts) {
                                Some(c) => f.contracts.push(c),
                                None => follow_on = true,
                            }
                        }
                    }
                    Some(K::when_stmt) => {
                        let per = e.stmt.words.get(2).is_some_and(|w| w.text == ":");
                        let contract = if per {
                            self.lookup(e, 1, "contract", &names.contracts)
                        } else {
                            None
                        };
                        if per && contract.is_none() {
                            follow_on = true;
                            continue;
                        }
                        match e.stmt.condition.as_ref().and_then(|c| self.cond(e, c, suits, ranks)) {
                            Some(c) => f.conditions.push((contract, c)),
                            None => follow_on = true,
                        }
                    }
                    Some(K::upgrade_stmt) => {
                        let value = self.int(e, 1, 0, 1_000_000, "a figure value").unwrap_or(0);
                        match e.stmt.condition.as_ref().and_then(|c| self.cond(e, c, suits, ranks)) {
                            Some(c) => f.upgrade = Some((value, c)),
                            None => follow_on = true,
                        }
                    }
                    Some(K::alias_stmt) => {
                        if let Some(c) = self.lookup(e, 1, "contract", &names.contracts) {
                            f.aliases.push((c, text(e, 2).to_string()));
                        }
                    }
                    Some(K::fulfil_stmt) => f.fulfil_by_side = self.word(e, 1) == Some(words::Fulfil::Side),
                    Some(K::unannounced_stmt) => {
                        f.unannounced = self.int(e, 1, 0, 1_000_000, "a figure value");
                        f.unannounced_unless_any =
                            w(e, 3).is_some() && self.word(e, 3) == Some(words::UnlessAnnouncedBy::AnySide);
                    }
                    Some(K::replaces_game_stmt) => f.replaces_game = true,
                    Some(K::settle_stmt) => f.settle_by_side = self.word(e, 1) == Some(words::Settle::Side),
                    Some(K::effect_stmt) => f.multiplies_game = self.word(e, 1) == Some(words::Effect::MultiplyGame),
                    Some(K::requires_stmt) if has(e, Flag::Exchanged) => {
                        // `requires [declarer] exchanged at-least N`
                        let at = if at(e, 1, Flag::Declarer) { 2 } else { 1 };
                        f.requires_declarer_only = at == 2;
                        f.requires_exchanged = self.int(e, at + 2, 1, 64, "a number of cards").map(|n| n as u32);
                    }
                    Some(K::requires_stmt) => {
                        // `requires [declarer] holds CARD...`: the cards follow `holds`
                        let holds_at = e
                            .stmt
                            .words
                            .iter()
                            .position(|w| w.text == Flag::Holds.word())
                            .unwrap_or(1);
                        f.requires_declarer_only = holds_at == 2;
                        let cards: Vec<ast::CardRef> = e
                            .stmt
                            .words
                            .iter()
                            .skip(holds_at + 1)
                            .map(|w| ast::CardRef::from_text(&w.text, w.span))
                            .collect();
                        f.requires = cards.iter().filter_map(|c| self.card_sel(e, c, suits, ranks)).collect();
                    }
                    Some(K::announce_by_stmt) => f.declarer_only = self.word(e, 1) == Some(words::AnnounceBy::Declarer),
                    Some(K::announce_turn_stmt) => {
                        f.first_turn_only = self.word(e, 1) == Some(words::AnnounceTurn::First)
                    }
                    Some(K::keep_stmt) => {
                        let card = e.stmt.words.get(1).map(|w| ast::CardRef::from_text(&w.text, w.span));
                        let trick = e.stmt.words.get(3).and_then(|w| crate::syntax::parse_trick(&w.text));
                        if let (Some(card), Some(trick)) = (card, trick) {
                            if let Some(sel) = self.card_sel(e, &card, suits, ranks) {
                                f.keep = Some((sel, trick));
                            }
                        }
                    }
                    other => self.unread(e, other),
                }
            }
            if !has_value {
                let span = head.stmt.head_span();
                self.err(
                    Code::Missing,
                    head,
                    span,
                    format!("figure `{name}` has no `value`"),
                    "this figure",
                    "add `value BACK front FRONT`",
                );
            }
            if f.contracts.is_empty() && !follow_on {
                let span = head.stmt.head_span();
                self.err(
                    Code::FigureNowhere,
                    head,
                    span,
                    format!("figure `{name}` may be announced in no contract"),
                    "no `in` line, or an empty one",
                    format!("add `in CONTRACT...`; the contracts are {}", names.contracts.join(", ")),
                );
            }
            for &c in &f.contracts {
                // a game multiplier needs no condition: it is never tested (no_effect.rs)
                if f.condition_in(c).is_none() && !follow_on && !f.multiplies_game {
                    let span = head.stmt.head_span();
                    let cname = contracts.get(c).map(|c| c.name.clone()).unwrap_or_default();
                    self.err(
                        Code::Missing,
                        head,
                        span,
                        format!("figure `{name}` has no condition for contract `{cname}`"),
                        "this figure",
                        format!("add `when {cname}: CONDITION` or a `when CONDITION` for every contract"),
                    );
                }
            }
            // A plain `when` that every contract of the figure overrides with its own is dead:
            // most likely a house rule meant to change the per-contract conditions.
            let shadowed = f.conditions.iter().any(|(c, _)| c.is_none())
                && !f.contracts.is_empty()
                && f.contracts
                    .iter()
                    .all(|c| f.conditions.iter().any(|(x, _)| *x == Some(*c)));
            if let (true, Some(e)) = (shadowed, self.get(&["figure", &name, "when"])) {
                let span = e.stmt.head_span();
                self.diags.push(
                    Diag::new(Code::Unused, e.file, format!("this condition of figure `{name}` applies to no contract: each of its contracts has a `when CONTRACT:` of its own"))
                        .label(span, "never used")
                        .help("write `when CONTRACT: ...` for each contract you mean to change"),
                );
            }
            self.check_tricks(&f);
            self.check_upgrade(&f);
            out.push(f);
        }
        out
    }

    /// Trick numbers in conditions and `keep` must exist in a hand of this variant.
    pub(super) fn check_tricks(&mut self, f: &Figure) {
        let tricks = self.tricks_per_hand();
        if tricks == 0 {
            return;
        }
        let mut bad = Vec::new();
        let mut visit = |t: &ast::TrickRef| match t {
            ast::TrickRef::Number(n) if *n == 0 || *n > tricks => bad.push(format!("trick {n}")),
            ast::TrickRef::FromLast(k) if *k >= tricks => bad.push(format!("last-{k}")),
            ast::TrickRef::Number(_) | ast::TrickRef::FromLast(_) => {}
        };
        for (_, c) in &f.conditions {
            c.prims(&mut |p| {
                if let Prim::WinsTrick { trick, .. } = p {
                    visit(trick);
                }
            });
        }
        if let Some((_, t)) = &f.keep {
            visit(t);
        }
        if let (Some(first), Some(head)) = (bad.first(), self.get(&["figure", &f.name])) {
            let span = head.stmt.head_span();
            self.err(
                Code::OutOfRange,
                head,
                span,
                format!("figure `{}` names {first}, but a hand has only {tricks} tricks", f.name),
                "this figure",
                format!("trick numbers run from 1 to {tricks}; `last` and `last-1` count from the end"),
            );
        }
    }

    /// Cards per active hand = tricks per hand (from the dealing plan).
    pub(super) fn tricks_per_hand(&self) -> u32 {
        self.block(&["deal"])
            .iter()
            .filter(|e| e.stmt.kind() == Some(K::packet_stmt))
            .filter_map(|e| text(e, 1).parse::<u32>().ok())
            .sum()
    }

    pub(super) fn figure_ladders(&mut self, names: &Names) -> Vec<FigureLadder> {
        let mut out = Vec::new();
        for name in self.names_of("figure-ladder") {
            let Some(e) = self.get(&["figure-ladder", &name]) else {
                continue;
            };
            let mut figs = Vec::new();
            let mut forbidden = false;
            let mut i = 2;
            while i < e.stmt.words.len() {
                if at(e, i, Flag::SameRound) {
                    forbidden = self.word(e, i + 1) == Some(words::SameRound::Forbidden);
                    break;
                }
                if let Some(f) = self.lookup(e, i, "figure", &names.figures) {
                    figs.push(f);
                }
                i += 1;
            }
            out.push(FigureLadder {
                name,
                figures: figs,
                same_round_forbidden: forbidden,
            });
        }
        out
    }

    pub(super) fn calling(&mut self, names: &Names) -> Option<Calling> {
        let all = self.names_of("calling");
        if let (Some(second), Some(first)) = (all.get(1), all.first()) {
            if let Some(e) = self.get(&["calling", second]) {
                let span = e.stmt.head_span();
                self.err(
                    Code::DuplicateName,
                    e,
                    span,
                    format!("a second calling, `{second}`, beside `{first}`"),
                    "a variant has one calling rule",
                    format!("change `calling {first}` instead, or `remove calling {first}` first"),
                );
            }
        }
        let name = all.into_iter().next()?;
        let mut c = Calling {
            name: name.clone(),
            scope: CallScope::Game,
            allowed_with: Vec::new(),
            allowed_with_any: false,
            game_includes: Vec::new(),
            called_with_game: Vec::new(),
            figure_calls_any_side: false,
            given_up_plays_on: false,
            call_round_reopens: false,
            multiplier: 2,
            ladder: None,
            call_back: false,
        };
        for e in self.block(&["calling", &name]) {
            match e.stmt.kind() {
                Some(K::scope_stmt) => {
                    c.scope = match self.word(e, 1) {
                        Some(words::CallScope::Off) => CallScope::Off,
                        Some(words::CallScope::AnyFigure) => CallScope::AnyFigure,
                        Some(words::CallScope::Game) | None => CallScope::Game,
                    }
                }
                Some(K::allowed_with_stmt) => {
                    c.allowed_with_any = at(e, 1, Flag::Any);
                    c.allowed_with = if c.allowed_with_any {
                        Vec::new()
                    } else {
                        (1..e.stmt.words.len())
                            .filter_map(|i| self.lookup(e, i, "figure", &names.figures))
                            .collect()
                    };
                }
                Some(K::figure_calls_stmt) => {
                    c.figure_calls_any_side = self.word(e, 1) == Some(words::FigureCalls::AnySide);
                }
                Some(K::call_round_stmt) => c.call_round_reopens = self.word(e, 1) == Some(words::CallRound::Reopens),
                Some(K::game_given_up_stmt) => {
                    c.given_up_plays_on = self.word(e, 1) == Some(words::GameGivenUp::PlaysOn)
                }
                Some(K::game_includes_stmt) => {
                    c.game_includes = (1..e.stmt.words.len())
                        .filter_map(|i| self.lookup(e, i, "figure", &names.figures))
                        .collect();
                }
                Some(K::called_with_game_stmt) => {
                    c.called_with_game = (1..e.stmt.words.len())
                        .filter_map(|i| self.lookup(e, i, "figure", &names.figures))
                        .collect();
                }
                Some(K::multiplier_stmt) => {
                    c.multiplier = self
                        .int(e, 1, 1, MAX_CALL_MULTIPLIER, "a call's multiplier")
                        .unwrap_or(2);
                }
                Some(K::call_ladder_stmt) => c.ladder = self.lookup(e, 1, "doubling ladder", &names.doublings),
                Some(K::call_back_stmt) => c.call_back = self.word(e, 1) == Some(words::CallBack::On),
                other => self.unread(e, other),
            }
        }
        Some(c)
    }
}
