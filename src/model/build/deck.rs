//! The builder's part for the game, deck, orders, points and deal sections: seats and seating, suits, ranks and cards, trick orders, card points, deal steps and pickup: takes the rule tree's entries of those sections, gives their
//! model values, and reports what is unknown, duplicate or malformed in them (moved out of
//! `build.rs` unchanged).

use super::*;

impl Builder<'_> {
    pub(super) fn game(&mut self) -> (u8, u8, Seating, bool) {
        let mut players = 0;
        let mut active = None;
        let mut seating = Seating::CounterClockwise;
        let mut sits_out = false;
        for e in self.block(&["game"]) {
            match e.stmt.kind() {
                Some(K::players_stmt) => players = self.int(e, 1, 2, 8, "the number of players").unwrap_or(0) as u8,
                Some(K::active_stmt) => {
                    active = Some(self.int(e, 1, 2, 8, "the number of active players").unwrap_or(0) as u8)
                }
                Some(K::seating_stmt) => {
                    seating = match self.word(e, 1) {
                        Some(words::Seating::Clockwise) => Seating::Clockwise,
                        Some(words::Seating::CounterClockwise) | None => Seating::CounterClockwise,
                    }
                }
                Some(K::sits_out_stmt) => sits_out = true,
                Some(K::stages_stmt) => {} // `stages`
                other => self.unread(e, other),
            }
        }
        if players == 0 && self.get(&["game", "players"]).is_none() {
            self.missing("`players` in `game`", "add `game {\n  players 3\n}`");
        }
        let active = active.unwrap_or(players);
        if active > players {
            if let Some(e) = self.get(&["game", "active"]) {
                let span = e.stmt.head_span();
                self.err(
                    Code::OutOfRange,
                    e,
                    span,
                    format!("{active} active players but only {players} at the table"),
                    "more than `players`",
                    "`active` counts the players who take part in a hand; it cannot exceed `players`",
                );
            }
        }
        if active < players && !sits_out {
            if let Some(e) = self.get(&["game", "active"]) {
                let span = e.stmt.head_span();
                self.err(
                    Code::Missing,
                    e,
                    span,
                    "some players sit out, but the variant does not say who",
                    "fewer active players than players",
                    "add `sits-out dealer` to `game`",
                );
            }
        }
        (players, active, seating, sits_out)
    }

    pub(super) fn deck(&mut self) -> (Vec<Suit>, Vec<Rank>, Vec<Card>) {
        let mut suits: Vec<Suit> = Vec::new();
        let mut ranks: Vec<Rank> = Vec::new();
        let entries = self.block(&["deck"]);
        for e in &entries {
            match e.stmt.kind() {
                Some(K::suit_row) => {
                    let (n, c) = (text(e, 1).to_string(), text(e, 2).to_string());
                    let dup = suits.iter().any(|s| s.name == n || s.code == c);
                    if dup {
                        let span = e.stmt.head_span();
                        self.err(
                            Code::DuplicateName,
                            e,
                            span,
                            format!("suit `{n}` (code `{c}`) is defined twice"),
                            "a suit with this name or code exists already",
                            "give every suit its own name and code",
                        );
                    }
                    // no rank written: the suit is never compared (a statement that compares it says so)
                    let bid = if w(e, 3).is_some() {
                        Some(self.int(e, 3, -1000, 1000, "a bidding rank").unwrap_or(0))
                    } else {
                        None
                    };
                    suits.push(Suit {
                        name: n,
                        code: c,
                        bid_rank: bid,
                    });
                }
                Some(K::rank_row) => {
                    let (n, c) = (text(e, 1).to_string(), text(e, 2).to_string());
                    if ranks.iter().any(|r| r.name == n || r.code == c) {
                        let span = e.stmt.head_span();
                        self.err(
                            Code::DuplicateName,
                            e,
                            span,
                            format!("rank `{n}` (code `{c}`) is defined twice"),
                            "a rank with this name or code exists already",
                            "give every rank its own name and code",
                        );
                    }
                    ranks.push(Rank { name: n, code: c });
                }
                // read below, once every suit and rank is known
                Some(K::cards_stmt) => {}
                other => self.unread(e, other),
            }
        }
        if suits.is_empty() {
            self.missing("suits", "add `suit NAME CODE BID-RANK` rows to `deck`");
        }
        if ranks.is_empty() {
            self.missing("ranks", "add `rank NAME CODE` rows to `deck`");
        }
        let mut cards = Vec::new();
        let mut any_cards = false;
        for e in &entries {
            if e.stmt.kind() != Some(K::cards_stmt) {
                continue;
            }
            any_cards = true;
            if at(e, 1, Flag::All) {
                for s in 0..suits.len() {
                    for r in 0..ranks.len() {
                        cards.push(Card {
                            suit: s as SuitId,
                            rank: r as RankId,
                        });
                    }
                }
            } else {
                let code = text(e, 1);
                let Some(s) = suits.iter().position(|s| s.code == code) else {
                    if let Some(word) = w(e, 1).cloned() {
                        let codes: Vec<String> = suits.iter().map(|s| s.code.clone()).collect();
                        self.unknown(e, &word, "suit code", &codes);
                    }
                    continue;
                };
                for word in e.stmt.words.iter().skip(3) {
                    match ranks.iter().position(|r| r.code == word.text) {
                        Some(r) => cards.push(Card {
                            suit: s as SuitId,
                            rank: r as RankId,
                        }),
                        None => {
                            let codes: Vec<String> = ranks.iter().map(|r| r.code.clone()).collect();
                            self.unknown(e, word, "rank code", &codes);
                        }
                    }
                }
            }
        }
        if !any_cards {
            self.missing("`cards`", "add `cards all` to `deck`");
        }
        cards.sort_by_key(|c| (c.suit, c.rank));
        cards.dedup();
        if cards.len() > 64 {
            if let Some(e) = entries.first() {
                let span = e.stmt.head_span();
                self.err(
                    Code::OutOfRange,
                    e,
                    span,
                    format!("the deck has {} cards; kartya handles at most 64", cards.len()),
                    "too many cards",
                    "use fewer suits or ranks",
                );
            }
        }
        (suits, ranks, cards)
    }

    /// Whether the deck deals a card of this selection (any suit for `trump` and `any`); an
    /// error at the card's words if not.
    pub(super) fn card_dealt(&mut self, e: &Entry, c: &ast::CardRef, sel: CardSel) {
        let Some(cards) = &self.deck_cards else { return };
        let dealt = cards.iter().any(|d| {
            d.rank == sel.rank
                && match sel.suit {
                    SuitSel::Suit(s) => d.suit == s,
                    SuitSel::Trump | SuitSel::Any => true,
                }
        });
        if dealt {
            return;
        }
        let what = match sel.suit {
            SuitSel::Suit(_) => "this card".to_string(),
            SuitSel::Trump | SuitSel::Any => format!("a card of rank `{}`", c.rank),
        };
        self.err(
            Code::CardNotInDeck,
            e,
            c.span,
            format!(
                "`{}.{}` needs {what}, but the deck's `cards` rows deal none",
                c.suit, c.rank
            ),
            "not in the deck",
            format!("add it to the deck's `cards` rows, or take `{}.{}` out", c.suit, c.rank),
        );
    }

    /// A rank named where its cards are used (exchangers, meld ranks): an error at the word if the
    /// deck deals no card of it.
    pub(super) fn rank_dealt(&mut self, e: &Entry, word: &Word, rank: RankId) {
        let Some(cards) = &self.deck_cards else { return };
        if cards.iter().any(|d| d.rank == rank) {
            return;
        }
        let span = word.span;
        self.err(
            Code::CardNotInDeck,
            e,
            span,
            format!(
                "rank `{}` is named here, but the deck's `cards` rows deal no card of it",
                word.text
            ),
            "no such cards",
            format!(
                "add the {}s to the deck's `cards` rows, or take `{}` out",
                word.text, word.text
            ),
        );
    }

    /// `rank_of` for a rank whose cards are used: also `rank_dealt`.
    pub(super) fn dealt_rank_of(&mut self, e: &Entry, word: &Word, ranks: &[Rank]) -> Option<RankId> {
        let r = self.rank_of(e, word, ranks)?;
        self.rank_dealt(e, word, r);
        Some(r)
    }

    pub(super) fn rank_of(&mut self, e: &Entry, word: &Word, ranks: &[Rank]) -> Option<RankId> {
        match ranks.iter().position(|r| r.code == word.text) {
            Some(r) => Some(r as RankId),
            None => {
                let codes: Vec<String> = ranks.iter().map(|r| r.code.clone()).collect();
                self.unknown(e, word, "rank", &codes);
                None
            }
        }
    }

    pub(super) fn orders(&mut self, ranks: &[Rank]) -> Vec<Order> {
        let mut out: Vec<Order> = Vec::new();
        for e in self.block(&["orders"]) {
            let name = text(e, 0).to_string();
            let mut list = Vec::new();
            let mut bad = false;
            for word in e.stmt.words.iter().skip(1) {
                match self.rank_of(e, word, ranks) {
                    Some(r) if list.contains(&r) => {
                        let span = word.span;
                        self.err(
                            Code::NotAPermutation,
                            e,
                            span,
                            format!("order `{name}` lists `{}` twice", word.text),
                            "repeated",
                            "an order lists every rank exactly once, highest first",
                        );
                        bad = true;
                    }
                    Some(r) => list.push(r),
                    None => bad = true,
                }
            }
            if !bad && list.len() != ranks.len() {
                let missing: Vec<String> = (0..ranks.len() as RankId)
                    .filter(|r| !list.contains(r))
                    .map(|r| format!("`{}`", ranks[r as usize].code))
                    .collect();
                let span = e.stmt.head_span();
                self.err(
                    Code::NotAPermutation,
                    e,
                    span,
                    format!(
                        "order `{name}` is not an order of the deck's ranks: it leaves out {}",
                        missing.join(", ")
                    ),
                    "some ranks are missing",
                    "an order lists every rank exactly once, highest first",
                );
            }
            out.push(Order { name, ranks: list });
        }
        out
    }

    pub(super) fn points(&mut self, ranks: &[Rank]) -> (Vec<PointsTable>, i32) {
        let mut out = Vec::new();
        let mut last = 0;
        for e in self.block(&["points"]) {
            if e.stmt.kind() == Some(K::last_trick_stmt) {
                last = self.int(e, 1, 0, 10_000, "the last-trick bonus").unwrap_or(0) as i32;
                continue;
            }
            let name = text(e, 0).to_string();
            let mut by_rank = vec![0i32; ranks.len()];
            let mut given = vec![false; ranks.len()];
            let words: Vec<Word> = e.stmt.words.iter().skip(1).cloned().collect();
            for pair in words.chunks(2) {
                let [rank, pts] = pair else { continue };
                let Some(r) = ranks.iter().position(|r| r.code == rank.text) else {
                    let span = rank.span;
                    self.err(
                        Code::PointsMismatch,
                        e,
                        span,
                        format!(
                            "points table `{name}` gives points to `{}`, which is not a rank of the deck",
                            rank.text
                        ),
                        "unknown rank",
                        format!(
                            "the ranks are {}",
                            ranks
                                .iter()
                                .map(|r| format!("`{}`", r.code))
                                .collect::<Vec<_>>()
                                .join(" ")
                        ),
                    );
                    continue;
                };
                if given[r] {
                    let span = rank.span;
                    self.err(
                        Code::PointsMismatch,
                        e,
                        span,
                        format!("points table `{name}` gives points to `{}` twice", rank.text),
                        "repeated",
                        "give each rank its points once",
                    );
                }
                given[r] = true;
                match pts.text.parse::<i32>() {
                    Ok(p) if (0..=10_000).contains(&p) => by_rank[r] = p,
                    Ok(_) | Err(_) => {
                        let span = pts.span;
                        self.err(
                            Code::OutOfRange,
                            e,
                            span,
                            format!("card points must be between 0 and 10000, not {}", pts.text),
                            "out of range",
                            "write a whole number of card points",
                        );
                    }
                }
            }
            let missing: Vec<String> = (0..ranks.len())
                .filter(|r| !given[*r])
                .map(|r| format!("`{}`", ranks[r].code))
                .collect();
            if !missing.is_empty() {
                let span = e.stmt.head_span();
                self.err(
                    Code::PointsMismatch,
                    e,
                    span,
                    format!("points table `{name}` gives no points to {}", missing.join(", ")),
                    "incomplete table",
                    "give every rank its points, `0` included",
                );
            }
            out.push(PointsTable { name, by_rank });
        }
        (out, last)
    }

    pub(super) fn deal(&mut self) -> Vec<DealStep> {
        let mut steps = Vec::new();
        for e in self.block(&["deal"]) {
            match e.stmt.kind() {
                Some(K::packet_stmt) => {
                    let size = self.int(e, 1, 1, 64, "a packet size").unwrap_or(1) as u32;
                    steps.push(DealStep::Packet {
                        size,
                        hidden: has(e, Flag::Hidden),
                    });
                }
                Some(K::indicator_stmt) => steps.push(DealStep::Indicator),
                Some(K::talon_stmt) => {
                    let size = self.int(e, 1, 1, 64, "a talon size").unwrap_or(1) as u32;
                    steps.push(DealStep::Talon {
                        size,
                        face_up: has(e, Flag::FaceUp),
                    });
                }
                other => self.unread(e, other),
            }
        }
        if steps.is_empty() {
            self.missing("dealing plan", "add a `deal { ... }` block with `packet N each` steps");
        }
        steps
    }

    /// `stages ...` in `game`: the stages after the auction, each once, `tricks` last (unless
    /// written, `HandStage::DEFAULT_ORDER`).
    pub(super) fn stages(&mut self) -> Vec<HandStage> {
        let Some(e) = self.get(&["game", "stages"]) else {
            return HandStage::DEFAULT_ORDER.to_vec();
        };
        let mut stages: Vec<HandStage> = Vec::new();
        for word in e.stmt.words.iter().skip(1) {
            let Some(k) = self.keyword::<words::HandStage>(e, word) else {
                continue;
            };
            let stage = k.stage();
            if stages.contains(&stage) {
                self.err(
                    Code::Conflict,
                    e,
                    word.span,
                    format!("`{}` is listed twice", word.text),
                    "listed again",
                    "list each stage once: a hand goes through every stage at most once",
                );
                continue;
            }
            stages.push(stage);
        }
        if stages.last() != Some(&HandStage::Tricks) {
            let span = e.stmt.head_span();
            self.err(
                Code::Conflict,
                e,
                span,
                "the stages do not end with `tricks`",
                "`tricks` not last",
                "end the list with `tricks`: the hand is scored when its tricks are played",
            );
        }
        stages
    }
}
