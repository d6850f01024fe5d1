//! Rule tree to model: reads each section's statements, binds names (suits, ranks, orders,
//! contracts, figures, ladders) and reports every unknown, duplicate or malformed item.
//! Cross-section checks (reachability, totals, unused definitions) are in `check`.

use super::claims::{ClaimRules, NotAKeyword};
use super::*;
use crate::diag::{Code, Diag};
use crate::names::suggest;
use crate::resolve::{Entry, RuleTree};
use crate::syntax::ast::{self, Word};
use crate::syntax::StmtKind as K;

mod contract_rules;
mod goals;
mod marriages;
mod most;
mod sides;
mod undertakings;
pub(super) mod words;

use words::{Flag, Words};

/// Builds and checks the model. Returns it only when there is no error (warnings are returned
/// either way).
pub fn build(tree: &RuleTree) -> (Option<(Variant, Provenance)>, Vec<Diag>) {
    let mut by_kind: indexmap::IndexMap<&str, Vec<_>> = indexmap::IndexMap::new();
    for (a, e) in &tree.entries {
        if let Some(k) = a.first() {
            by_kind.entry(k.as_str()).or_default().push((a, e));
        }
    }
    let mut b = Builder {
        tree,
        by_kind,
        diags: Vec::new(),
        prov: Provenance::default(),
        deck_cards: None,
    };
    let variant = b.variant();
    let mut diags = b.diags;
    // Whole-variant checks only make sense on a variant whose parts are sound: after an error
    // they would mostly repeat it in other words.
    if let Some(v) = variant.as_ref().filter(|_| !diags.iter().any(Diag::is_error)) {
        super::check::check(v, tree, &b.prov, &mut diags);
    }
    let failed = diags.iter().any(Diag::is_error);
    (if failed { None } else { variant.map(|v| (v, b.prov)) }, diags)
}

pub(super) struct Builder<'a> {
    pub tree: &'a RuleTree,
    pub diags: Vec<Diag>,
    pub prov: Provenance,
    /// The tree's entries grouped by their first address word (`contract`, `deck`, ...), in
    /// tree order: a block's statements are found without scanning the whole tree.
    by_kind: indexmap::IndexMap<&'a str, Vec<(&'a std::sync::Arc<crate::resolve::Address>, &'a Entry)>>,
    /// The deck's cards once the deck is read: a reference to a card or rank that no `cards` row
    /// deals is an error where it is written (a figure that needs it could never succeed).
    deck_cards: Option<Vec<Card>>,
}

/// Names defined in the tree, collected before anything is built so that sections may refer
/// to each other in any order.
struct Names {
    orders: Vec<String>,
    points: Vec<String>,
    contracts: Vec<String>,
    figures: Vec<String>,
    doublings: Vec<String>,
    exchanges: Vec<String>,
    ladders: Vec<String>,
}

fn w(e: &Entry, i: usize) -> Option<&Word> {
    e.stmt.words.get(i)
}

/// `duties follow [trump-when-void] [overtrump] [head always|trump-lead]`: the words as written.
fn duties_of(e: &Entry) -> Duties {
    Duties {
        trump_when_void: has(e, Flag::TrumpWhenVoid),
        overtrump: has(e, Flag::Overtrump),
        head: if has(e, Flag::Always) {
            Head::Always
        } else if has(e, Flag::TrumpLead) {
            Head::TrumpLead
        } else {
            Head::Never
        },
    }
}

fn text(e: &Entry, i: usize) -> &str {
    w(e, i).map(|w| w.text.as_str()).unwrap_or("")
}

/// Whether word `i` is the optional keyword `flag` (the place may also hold a name or number).
fn at(e: &Entry, i: usize, flag: Flag) -> bool {
    text(e, i) == flag.word()
}

/// Whether the optional keyword `flag` is among the statement's words.
fn has(e: &Entry, flag: Flag) -> bool {
    e.stmt.words.iter().any(|w| w.text == flag.word())
}

impl<'a> Builder<'a> {
    fn file(&self) -> FileId {
        self.tree.files.first().copied().unwrap_or(FileId(0))
    }

    fn block(&self, prefix: &[&str]) -> Vec<&'a Entry> {
        let Some(first) = prefix.first() else { return Vec::new() };
        self.by_kind
            .get(first)
            .map(|list| {
                list.iter()
                    .filter(|(a, _)| a.len() > prefix.len() && a.iter().zip(prefix).all(|(x, y)| x == y))
                    .map(|(_, e)| *e)
                    .collect()
            })
            .unwrap_or_default()
    }

    fn get(&self, addr: &[&str]) -> Option<&'a Entry> {
        self.tree.entries.get(&crate::resolve::AddressRef(addr))
    }

    /// Block names of a kind (`contract`), in order of first appearance.
    fn names_of(&self, kind: &str) -> Vec<String> {
        self.by_kind
            .get(kind)
            .map(|list| {
                list.iter()
                    .filter(|(a, e)| a.len() == 2 && e.stmt.kind.spec().parents.is_empty())
                    .map(|(a, _)| a[1].clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn err(
        &mut self,
        code: Code,
        e: &Entry,
        span: ast::Span,
        msg: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.diags
            .push(Diag::new(code, e.file, msg).label(span, label).help(help));
    }

    /// Word `i` as one of the keywords `T` declares. The grammar admits only those words there,
    /// so a miss means grammar and model builder disagree: an error, never a silent default.
    fn word<T: Words>(&mut self, e: &Entry, i: usize) -> Option<T> {
        match w(e, i) {
            Some(word) => self.keyword(e, word),
            None => {
                let word = Word {
                    text: String::new(),
                    kind: ast::WordKind::Bare,
                    span: e.stmt.head_span(),
                };
                self.keyword(e, &word)
            }
        }
    }

    fn keyword<T: Words>(&mut self, e: &Entry, word: &Word) -> Option<T> {
        let found = T::from_word(&word.text);
        if found.is_none() {
            self.not_a_keyword(e, &NotAKeyword::of::<T>(word));
        }
        found
    }

    /// A word the grammar admits where the model builder knows no such keyword: the grammar and
    /// `words.rs` disagree.
    fn not_a_keyword(&mut self, e: &Entry, bad: &NotAKeyword) {
        self.err(
            Code::Syntax,
            e,
            bad.word.span,
            format!(
                "internal error: `{}` is not one of the {} words the model builder knows ({})",
                bad.word.text,
                bad.what,
                bad.words.join(", ")
            ),
            "the grammar admits a word here that the model does not read",
            "this is a bug in kartya: grammar/kartya.pest and src/model/build/words.rs disagree",
        );
    }

    /// A statement that reached the reader of a block it cannot stand in. The grammar puts each
    /// statement in the blocks its row of the statement table names, and each block's reader
    /// has an arm for every one of them: this is a bug in kartya, reported instead of ignored.
    fn unread(&mut self, e: &Entry, kind: Option<K>) {
        let name = kind.map(K::name).unwrap_or("?");
        let span = e.stmt.head_span();
        self.err(
            Code::Syntax,
            e,
            span,
            format!("internal error: the model builder has no reader for `{name}` here"),
            "the grammar admits a statement here that the model does not read",
            "this is a bug in kartya: grammar/kartya.pest and src/model/build.rs disagree",
        );
    }

    fn int(&mut self, e: &Entry, i: usize, min: i64, max: i64, what: &str) -> Option<i64> {
        let word = w(e, i)?;
        match word.text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Some(n),
            Ok(_) | Err(_) => {
                let span = word.span;
                self.err(
                    Code::OutOfRange,
                    e,
                    span,
                    format!("{what} must be between {min} and {max}, not {}", word.text),
                    "out of range",
                    format!("write a whole number from {min} to {max}"),
                );
                None
            }
        }
    }

    fn unknown(&mut self, e: &Entry, word: &Word, kind: &str, known: &[String]) {
        let hint = suggest(&word.text, known.iter().map(String::as_str));
        let help = match hint {
            Some(h) => format!("did you mean `{h}`?"),
            None if known.is_empty() => format!("no {kind} is defined"),
            None => format!(
                "known: {}",
                known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        self.err(
            Code::UnknownName,
            e,
            word.span,
            format!("unknown {kind} `{}`", word.text),
            format!("not {article} {kind} of this variant"),
            help,
        );
    }

    fn lookup(&mut self, e: &Entry, i: usize, kind: &str, known: &[String]) -> Option<usize> {
        let word = w(e, i)?.clone();
        match known.iter().position(|k| *k == word.text) {
            Some(p) => Some(p),
            None => {
                self.unknown(e, &word, kind, known);
                None
            }
        }
    }

    fn missing(&mut self, what: &str, help: &str) {
        let file = self.file();
        let span = ast::Span::new(0, 0);
        self.diags.push(
            Diag::new(Code::Missing, file, format!("the variant has no {what}"))
                .label(span, "in this variant or the files it extends")
                .help(help.to_string()),
        );
    }

    fn variant(&mut self) -> Option<Variant> {
        let (name, description) = self
            .tree
            .layers
            .last()
            .map(|(n, d, _)| (n.clone(), d.clone()))
            .unwrap_or_default();
        let names = Names {
            orders: self
                .block(&["orders"])
                .iter()
                .map(|e| text(e, 0).to_string())
                .filter(|n| !n.is_empty())
                .collect(),
            points: self
                .block(&["points"])
                .iter()
                .filter(|e| e.stmt.kind() == Some(K::points_row))
                .map(|e| text(e, 0).to_string())
                .collect(),
            contracts: self.names_of("contract"),
            figures: self.names_of("figure"),
            doublings: self.names_of("doubling"),
            exchanges: self.names_of("exchange"),
            ladders: self.names_of("ladder"),
        };
        let (players, active, seating, sits_out_dealer) = self.game();
        let (suits, ranks, cards) = self.deck();
        self.deck_cards = Some(cards.clone());
        let orders = self.orders(&ranks);
        let (points, last_trick) = self.points(&ranks);
        let (deal, pickup) = self.deal();
        let melds = self.melds(&names, &ranks);
        let contracts = self.contracts(&names, &suits, &ranks, &melds);
        let bid_ladders = self.bid_ladders(&names, &suits);
        let bidding = self.bidding(&names, &contracts, &bid_ladders);
        let mut announcing = self.announcing();
        // unless written, a front round is held only when there is a moment for it: after the
        // bidding, before the hidden packets are taken up (so explain says what the engine does)
        let hidden = deal.iter().any(|s| matches!(s, DealStep::Packet { hidden: true, .. }));
        if self.get(&["announcing", "front-round"]).is_none() && (!hidden || pickup != Pickup::AfterFrontRound) {
            announcing.front_round = false;
        }
        let doublings = self.doublings();
        let figures = self.figures(&names, &suits, &ranks, &contracts);
        let figure_ladders = self.figure_ladders(&names);
        let calling = self.calling(&names);
        let exchanges = self.exchanges(&suits, &ranks);
        let scoring = self.scoring();
        let bidding = bidding?;
        let layers = self
            .tree
            .layers
            .iter()
            .map(|(n, d, _)| (n.clone(), d.clone()))
            .collect();
        Some(Variant {
            name,
            description,
            layers,
            sources: self.tree.sources.clone(),
            players,
            active,
            seating,
            sits_out_dealer,
            suits,
            ranks,
            cards,
            orders,
            points,
            last_trick,
            deal,
            pickup,
            bidding,
            bid_ladders,
            contracts,
            announcing,
            melds,
            figures,
            figure_ladders,
            doublings,
            calling,
            exchanges,
            scoring,
        })
    }

    fn game(&mut self) -> (u8, u8, Seating, bool) {
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

    fn deck(&mut self) -> (Vec<Suit>, Vec<Rank>, Vec<Card>) {
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
    fn card_dealt(&mut self, e: &Entry, c: &ast::CardRef, sel: CardSel) {
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
    fn rank_dealt(&mut self, e: &Entry, word: &Word, rank: RankId) {
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
    fn dealt_rank_of(&mut self, e: &Entry, word: &Word, ranks: &[Rank]) -> Option<RankId> {
        let r = self.rank_of(e, word, ranks)?;
        self.rank_dealt(e, word, r);
        Some(r)
    }

    fn rank_of(&mut self, e: &Entry, word: &Word, ranks: &[Rank]) -> Option<RankId> {
        match ranks.iter().position(|r| r.code == word.text) {
            Some(r) => Some(r as RankId),
            None => {
                let codes: Vec<String> = ranks.iter().map(|r| r.code.clone()).collect();
                self.unknown(e, word, "rank", &codes);
                None
            }
        }
    }

    fn orders(&mut self, ranks: &[Rank]) -> Vec<Order> {
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

    fn points(&mut self, ranks: &[Rank]) -> (Vec<PointsTable>, i32) {
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

    fn deal(&mut self) -> (Vec<DealStep>, Pickup) {
        let mut steps = Vec::new();
        let mut pickup = Pickup::AfterFrontRound;
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
                Some(K::pickup_stmt) => {
                    pickup = match self.word(e, 1) {
                        Some(words::PickupTime::Bidding) => Pickup::AfterBidding,
                        Some(words::PickupTime::PartnerCall) => Pickup::AfterPartnerCall,
                        Some(words::PickupTime::FrontRound) | None => Pickup::AfterFrontRound,
                    }
                }
                other => self.unread(e, other),
            }
        }
        if steps.is_empty() {
            self.missing("dealing plan", "add a `deal { ... }` block with `packet N each` steps");
        }
        (steps, pickup)
    }

    fn contracts(&mut self, names: &Names, suits: &[Suit], ranks: &[Rank], melds: &Melds) -> Vec<Contract> {
        let mut out = Vec::new();
        for name in names.contracts.clone() {
            let Some(head) = self.get(&["contract", &name]) else {
                continue;
            };
            let prov = self.prov.add(head.file, head.stmt.head_span());
            let title = head.stmt.words.get(2).map(|w| w.text.clone()).unwrap_or_default();
            let mut c = Contract {
                name: name.clone(),
                title,
                value: 0,
                trumps: false,
                trump_order: None,
                plain_order: 0,
                trump_points: None,
                plain_points: None,
                first_lead: Seat::Forehand,
                win: Win::MoreThanEach { with_melds: true },
                tie: Tie::DeclarerLoses,
                melds: MeldKinds::default(),
                early_end_when_lost: false,
                announcements: Announcements::All,
                exchange: None,
                fixed_trump: None,
                trump_cards: Vec::new(),
                duties: Duties::default(),
                sides: SidesKind::DeclarerVsEach,
                callable: Vec::new(),
                goal: None,
                value_no_trumps: None,
                overtricks: None,
                deduct: None,
                chosen_trumps: None,
                called_suit_trumps: false,
                talon_draw: None,
                discards_face_up: false,
                discard_points: None,
                claims: None,
                each_scores: None,
                partner_after_sweep: false,
                bid_requires_same_suit: Vec::new(),
                order_if_called: None,
                defence_open_after: None,
                minimum_by_melds: Vec::new(),
                point_difference_value: None,
                commits_face_down: false,
                joint: None,
                raise_to: Vec::new(),
                prov,
            };
            let mut claim_rules = ClaimRules::default();
            let mut seen_order = false;
            let mut seen_value = false;
            for e in self.block(&["contract", &name]) {
                match e.stmt.kind() {
                    Some(K::value_stmt) => {
                        seen_value = true;
                        c.value = self.int(e, 1, 0, 1_000_000, "a contract value").unwrap_or(0);
                        if at(e, 2, Flag::NoTrumps) && e.stmt.words.len() == 4 {
                            c.value_no_trumps = self.int(e, 3, 0, 1_000_000, "a contract value");
                        } else if e.stmt.words.len() > 2 {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::OutOfRange,
                                e,
                                span,
                                format!("contract `{name}` has a front value, but only figures are announced front"),
                                "`front`/`back` are for figures",
                                "write `value N` alone; front kontras are set in the doubling ladder",
                            );
                        }
                    }
                    Some(K::trumps_stmt) => {
                        let trumps = self.word(e, 1);
                        c.trumps = trumps != Some(words::Trumps::None);
                        c.called_suit_trumps = trumps == Some(words::Trumps::CalledSuit);
                        match trumps {
                            Some(words::Trumps::Chosen) => {
                                c.chosen_trumps = Some(ChosenTrumps {
                                    or_none: at(e, 2, Flag::OrNone),
                                });
                            }
                            Some(words::Trumps::Fixed) => {
                                let known: Vec<String> = suits.iter().map(|s| s.name.clone()).collect();
                                c.fixed_trump = self.lookup(e, 2, "suit", &known).map(|s| s as SuitId);
                            }
                            Some(words::Trumps::Bid | words::Trumps::None | words::Trumps::CalledSuit) | None => {}
                        }
                    }
                    Some(K::duties_stmt) => c.duties = duties_of(e),
                    Some(K::talon_draw_stmt) => {
                        let up_to = at(e, 1, Flag::UpTo);
                        let at = if up_to { 2 } else { 1 };
                        let count = self.int(e, at, 0, 32, "a number of talon cards").unwrap_or(0) as u8;
                        c.talon_draw = Some(TalonDraw { count, up_to });
                    }
                    Some(K::discard_points_stmt) => {
                        c.discard_points = self.word(e, 1).map(|w| match w {
                            words::DiscardPointsTo::Declarer => DiscardPoints::Declarer,
                            words::DiscardPointsTo::Opponents => DiscardPoints::Opponents,
                        });
                    }
                    Some(K::discards_stmt) => {
                        c.discards_face_up = self.word(e, 1) == Some(words::Discards::FaceUp);
                    }
                    Some(K::trump_cards_stmt) => c.trump_cards = self.trump_cards(e, &name, suits, ranks),
                    Some(K::trick_order_stmt) => {
                        seen_order = true;
                        let first = self.lookup(e, 1, "order", &names.orders);
                        if e.stmt.words.len() > 2 {
                            c.trump_order = first;
                            c.plain_order = self.lookup(e, 2, "order", &names.orders).unwrap_or(0);
                        } else {
                            c.plain_order = first.unwrap_or(0);
                        }
                    }
                    Some(K::count_stmt) => {
                        if at(e, 1, Flag::None) {
                            continue;
                        }
                        let first = self.lookup(e, 1, "points table", &names.points);
                        if e.stmt.words.len() > 2 {
                            c.trump_points = first;
                            c.plain_points = self.lookup(e, 2, "points table", &names.points);
                        } else {
                            c.plain_points = first;
                        }
                    }
                    Some(K::first_lead_stmt) => {
                        c.first_lead = match self.word(e, 1) {
                            Some(words::FirstLead::DeclarerLeft) => Seat::DeclarerLeft,
                            Some(words::FirstLead::DeclarerRight) => Seat::DeclarerRight,
                            Some(words::FirstLead::Declarer) => Seat::Declarer,
                            Some(words::FirstLead::NonDealer) => Seat::NonDealer,
                            Some(words::FirstLead::Forehand) | None => Seat::Forehand,
                        }
                    }
                    Some(K::win_stmt) if e.stmt.condition.is_some() => {
                        c.win = Win::Goal;
                        c.goal = e.stmt.condition.as_ref().and_then(|x| self.cond(e, x, suits, ranks));
                    }
                    Some(K::sides_stmt) => self.sides(e, &mut c, suits, ranks),
                    Some(K::overtricks_stmt) => {
                        let above = self.int(e, 2, 0, 64, "a number of tricks").unwrap_or(0) as u32;
                        let each = if self.word(e, 3) == Some(words::OvertrickValue::Each) {
                            Some(self.int(e, 4, 0, 1_000_000, "an overtrick value").unwrap_or(0))
                        } else {
                            None
                        };
                        c.overtricks = Some(Overtricks { above, each });
                    }
                    Some(K::each_scores_stmt) => c.each_scores = Some(self.each_scores(e)),
                    Some(K::bid_requires_stmt) => c.bid_requires_same_suit = self.bid_requires(e, ranks),
                    Some(K::order_if_called_stmt) => c.order_if_called = self.order_if_called(e, ranks, names),
                    Some(K::open_hands_stmt) => c.defence_open_after = self.open_hands_after(e),
                    Some(K::commits_stmt) => c.commits_face_down = true,
                    Some(K::joint_stmt) => c.joint = self.joint_settle(e),
                    Some(K::raise_stmt) => c.raise_to = self.raise_targets(e, &names.contracts),
                    Some(K::deduct_stmt) => {
                        c.deduct = e.stmt.condition.as_ref().and_then(|x| self.cond(e, x, suits, ranks));
                    }
                    Some(K::win_stmt) => {
                        c.win = match self.word(e, 1) {
                            Some(words::WinShape::NoTricks) => Win::NoTricks,
                            Some(words::WinShape::MostTricks) => Win::MostTricks,
                            Some(words::WinShape::MostCardPoints) => Win::MostCardPoints,
                            Some(words::WinShape::MoreThanEach) | None => Win::MoreThanEach {
                                with_melds: self.word(e, 2) == Some(words::WinPoints::CardPointsMelds),
                            },
                        }
                    }
                    Some(K::minimum_by_melds_stmt) => c.minimum_by_melds = self.minimum_by_melds(e),
                    Some(K::point_difference_value_stmt) => {
                        c.point_difference_value = self.int(e, 1, 1, 1_000_000, "a value per point");
                    }
                    Some(K::tie_stmt) => {
                        c.tie = match self.word(e, 1) {
                            Some(words::Tie::MostPayFewer) => Tie::MostPayFewer,
                            Some(words::Tie::Nobody) => Tie::Nobody,
                            Some(words::Tie::MostPay) => self.most_pay_times(e),
                            Some(words::Tie::DeclarerLoses) | None => Tie::DeclarerLoses,
                        }
                    }
                    Some(K::melds_in_stmt) => c.melds = self.meld_kinds(e, melds),
                    Some(K::early_end_stmt) => c.early_end_when_lost = true,
                    Some(K::announcements_stmt) => {
                        c.announcements = match self.word(e, 1) {
                            Some(words::Announcements::None) => Announcements::None,
                            Some(words::Announcements::GameOnly) | None => Announcements::GameOnly,
                        }
                    }
                    Some(K::exchange_in_stmt) => c.exchange = self.lookup(e, 1, "exchange", &names.exchanges),
                    Some(K::claims_stmt | K::conceded_to_stmt | K::concession_disputed_stmt) => {
                        if let Err(bad) = claim_rules.read(e) {
                            self.not_a_keyword(e, &bad);
                        }
                    }
                    other => self.unread(e, other),
                }
            }
            c.claims = claim_rules.claims();
            // without a `tie` line a most-tricks game does what the engine does for it: the
            // players with the most tricks pay those with fewer (`declarer-loses` has no declarer)
            if c.win.is_everyone_for_himself() && self.get(&["contract", &name, "tie"]).is_none() {
                c.tie = Tie::MostPayFewer;
            }
            if !seen_order || !seen_value {
                let span = head.stmt.head_span();
                let what = if !seen_value { "`value`" } else { "`trick-order`" };
                self.err(
                    Code::Missing,
                    head,
                    span,
                    format!("contract `{name}` has no {what}"),
                    "this contract",
                    format!("add {what} to the contract"),
                );
            }
            if c.trumps && c.trump_order.is_none() {
                let span = head.stmt.head_span();
                self.err(
                    Code::Missing,
                    head,
                    span,
                    format!("contract `{name}` has trumps but no trump order"),
                    "`trumps bid` needs two orders",
                    "write `trick-order TRUMP-ORDER PLAIN-ORDER`",
                );
            }
            self.duties_need_trumps(&c);
            // a marriage of every suit also counts without trumps (at its plain value)
            let trump_only = melds
                .marriages
                .iter()
                .enumerate()
                .filter(|(_, m)| m.every_suit.is_none())
                .fold(0u8, |mask, (i, _)| mask | 1u8.checked_shl(i as u32).unwrap_or(0));
            if let (Some(m), false) = (first_of(c.melds.marriages & trump_only, &melds.marriages), c.trumps) {
                let span = head.stmt.head_span();
                self.err(
                    Code::TrumpWithoutTrumps,
                    head,
                    span,
                    format!("contract `{name}` counts `{}` but has no trumps", m.name),
                    format!("`{}` is a marriage in the trump suit", m.name),
                    format!("drop `{}` from `melds`, or give the contract `trumps bid`", m.name),
                );
            }
            self.check_goal(&c);
            out.push(c);
        }
        if out.is_empty() {
            self.missing("contracts", "add at least one `contract NAME { ... }`");
        }
        out
    }

    /// The words of a `duties` line that only mean something with trumps, in a contract without
    /// any: `kartya::no-effect` on each.
    fn duties_need_trumps(&mut self, c: &Contract) {
        if c.trumps || !c.trump_cards.is_empty() {
            return;
        }
        let Some(e) = self.get(&["contract", &c.name, "duties"]) else {
            return;
        };
        for word in e
            .stmt
            .words
            .iter()
            .filter(|w| ["trump-when-void", "overtrump", "trump-lead"].contains(&w.text.as_str()))
        {
            self.err(
                Code::NoEffect,
                e,
                word.span,
                format!("contract `{}` has no trumps, so `{}` never applies", c.name, word.text),
                "needs trumps",
                "remove the word, or give the contract `trumps bid`, `trumps fixed SUIT` or `trump-cards`",
            );
        }
    }

    /// `trump-cards CARD...`: each a card of one suit, dealt, and named once.
    fn trump_cards(&mut self, e: &Entry, contract: &str, suits: &[Suit], ranks: &[Rank]) -> Vec<Card> {
        let mut out: Vec<Card> = Vec::new();
        for word in e.stmt.words.iter().skip(1) {
            let c = ast::CardRef::from_text(&word.text, word.span);
            let Some(sel) = self.card_sel(e, &c, suits, ranks) else {
                continue;
            };
            let SuitSel::Suit(suit) = sel.suit else {
                self.err(
                    Code::OutOfRange,
                    e,
                    word.span,
                    format!("contract `{contract}`: trump card `{}` names no one card", word.text),
                    "`trump` and `any` are not one card",
                    "name each trump card by its suit, highest first: `SUIT.RANK`",
                );
                continue;
            };
            let card = Card { suit, rank: sel.rank };
            if out.contains(&card) {
                self.err(
                    Code::DuplicateName,
                    e,
                    word.span,
                    format!("contract `{contract}` names trump card `{}` twice", word.text),
                    "named before",
                    "name each trump card once, highest first",
                );
                continue;
            }
            out.push(card);
        }
        out
    }

    fn bid_ladders(&mut self, names: &Names, suits: &[Suit]) -> Vec<BidLadder> {
        let mut out = Vec::new();
        for name in names.ladders.clone() {
            let Some(e) = self.get(&["ladder", &name]) else {
                continue;
            };
            let mut entries: Vec<BidEntry> = Vec::new();
            for word in e.stmt.words.iter().skip(2) {
                let entry = if let Some(s) = suits.iter().position(|s| s.name == word.text) {
                    BidEntry::Suit(s as SuitId)
                } else if let Some(c) = names.contracts.iter().position(|c| *c == word.text) {
                    BidEntry::Contract(c)
                } else {
                    let mut known: Vec<String> = suits.iter().map(|s| s.name.clone()).collect();
                    known.extend(names.contracts.iter().cloned());
                    self.unknown(e, word, "suit or contract", &known);
                    continue;
                };
                if entries.contains(&entry) {
                    let span = word.span;
                    self.err(
                        Code::BadBiddingLadder,
                        e,
                        span,
                        format!("ladder `{name}` lists `{}` twice", word.text),
                        "repeated bid",
                        "each bid appears once, lowest first",
                    );
                    continue;
                }
                if let (BidEntry::Suit(s), Some(BidEntry::Suit(prev))) =
                    (entry, entries.iter().rev().find(|x| matches!(x, BidEntry::Suit(_))))
                {
                    let (a, b) = (&suits[*prev as usize], &suits[s as usize]);
                    if let Some(unranked) = [a, b].into_iter().find(|x| x.bid_rank.is_none()) {
                        let span = word.span;
                        self.err(
                            Code::BadBiddingLadder,
                            e,
                            span,
                            format!(
                                "ladder `{name}` compares suits, but suit `{}` has no bidding rank",
                                unranked.name
                            ),
                            "an unranked suit in a ladder of suits",
                            "give every suit of the ladder a bidding rank in `deck` (`suit NAME CODE RANK`)",
                        );
                    } else if a.bid_rank >= b.bid_rank {
                        let span = word.span;
                        self.err(Code::BadBiddingLadder, e, span, format!("ladder `{name}` puts `{}` above `{}`, but the deck ranks it lower for bidding ({} < {})", b.name, a.name, b.bid_rank.unwrap_or(0), a.bid_rank.unwrap_or(0)), "out of order", "list bids from lowest to highest, following the suits' bidding ranks");
                    }
                }
                if matches!(entries.last(), Some(BidEntry::Contract(_))) && matches!(entry, BidEntry::Suit(_)) {
                    let span = word.span;
                    self.err(
                        Code::BadBiddingLadder,
                        e,
                        span,
                        format!("ladder `{name}` puts a suit above a contract bid"),
                        "out of order",
                        "contract bids such as no-trump come after the suits",
                    );
                }
                entries.push(entry);
            }
            out.push(BidLadder { name, entries });
        }
        out
    }

    fn bidding(&mut self, names: &Names, contracts: &[Contract], ladders: &[BidLadder]) -> Option<Bidding> {
        let entries = self.block(&["bidding"]);
        if entries.is_empty() {
            self.missing("`bidding`", "add a `bidding { ... }` block");
            return None;
        }
        let mut suit_contract = None;
        let mut rounds = Vec::new();
        let mut all_pass = AllPass::Redeal;
        let mut switch = None;
        let mut no_auction = None;
        let mut contract_choice = ContractChoice::Bid;
        for e in entries {
            match e.stmt.kind() {
                Some(K::no_auction_stmt) => {
                    no_auction = self
                        .lookup(e, 1, "contract", &names.contracts)
                        .map(|contract| NoAuction {
                            contract,
                            forehand_declares: e.stmt.words.len() > 2,
                        });
                }
                Some(K::suit_contract_stmt) => {
                    suit_contract = self.lookup(e, 1, "contract", &names.contracts);
                    if let Some(c) = suit_contract.and_then(|c| contracts.get(c)) {
                        if !c.trumps {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::TrumpWithoutTrumps,
                                e,
                                span,
                                format!("bid suits make contract `{}`, which has no trumps", c.name),
                                "a suit bid names trumps",
                                "point `suit-contract` at a contract with `trumps bid`",
                            );
                        } else if c.fixed_trump.is_some() {
                            let span = e.stmt.head_span();
                            self.err(
                                Code::NoEffect,
                                e,
                                span,
                                format!("bid suits make contract `{}`, whose trumps are fixed: the bid suit would be ignored", c.name),
                                "a suit bid names trumps",
                                "point `suit-contract` at a contract with `trumps bid`",
                            );
                        }
                    }
                }
                Some(K::round_row) => {
                    let number = self.int(e, 1, 1, 20, "a round number").unwrap_or(1) as u32;
                    let shape = match self.word(e, 2) {
                        Some(words::RoundShape::AcceptIndicator) => RoundShape::AcceptIndicator,
                        Some(words::RoundShape::Ascending) => {
                            let ladder = self.lookup(e, 3, "ladder", &names.ladders).unwrap_or(0);
                            RoundShape::Ascending {
                                ladder,
                                until_pass: has(e, Flag::UntilPass),
                                no_indicator: has(e, Flag::NoIndicator),
                                with_figures: has(e, Flag::WithFigures),
                                single_step: has(e, Flag::SingleStep),
                                hold_by_priority: has(e, Flag::HoldByPriority),
                                forced_last: has(e, Flag::ForcedLast),
                                ties_by_suit: has(e, Flag::TiesBySuit),
                            }
                        }
                        Some(words::RoundShape::EachBids | words::RoundShape::HighestBids) => {
                            self.numeric_round(e, names)
                        }
                        Some(words::RoundShape::FirstClaim) | None => RoundShape::FirstClaim {
                            contract: self.lookup(e, 3, "contract", &names.contracts).unwrap_or(0),
                        },
                    };
                    rounds.push(BidRound { number, shape });
                }
                Some(K::all_pass_stmt) => {
                    all_pass = AllPass::Contract(self.lookup(e, 1, "contract", &names.contracts).unwrap_or(0));
                }
                Some(K::redeal_stmt) => all_pass = AllPass::Redeal,
                Some(K::contract_choice_stmt) => {
                    contract_choice = match self.word(e, 1) {
                        Some(words::ContractChoice::AtLeastBid) => ContractChoice::AtLeastBid,
                        Some(words::ContractChoice::Bid) | None => ContractChoice::Bid,
                    }
                }
                Some(K::switch_row) => {
                    let to = self.lookup(e, 1, "contract", &names.contracts);
                    let at_most = self.int(e, 3, 0, 1_000_000, "a switch limit");
                    if let (Some(to), Some(at_most)) = (to, at_most) {
                        switch = Some(Switch { to, at_most });
                    }
                }
                other => self.unread(e, other),
            }
        }
        rounds.sort_by_key(|r| r.number);
        // only a round that can make a bid suit trumps needs to know its contract
        let bids_suits = rounds.iter().any(|r| match r.shape {
            RoundShape::AcceptIndicator => true,
            RoundShape::Ascending { ladder, .. } => ladders
                .get(ladder)
                .is_some_and(|l| l.entries.iter().any(|e| matches!(e, BidEntry::Suit(_)))),
            RoundShape::FirstClaim { .. } | RoundShape::EachBids { .. } | RoundShape::HighestBids { .. } => false,
        });
        if no_auction.is_some() {
            self.no_auction_alone();
        } else if suit_contract.is_none() && bids_suits {
            self.missing(
                "`suit-contract` in `bidding`",
                "add `suit-contract NAME` naming the trump contract",
            );
        }
        Some(Bidding {
            suit_contract: suit_contract.unwrap_or(0),
            rounds,
            all_pass,
            switch,
            no_auction,
            contract_choice,
        })
    }

    /// With `no-auction`, nothing else of `bidding` is ever used: each such line is an error.
    fn no_auction_alone(&mut self) {
        for e in self.block(&["bidding"]) {
            if e.stmt.kind() == Some(K::no_auction_stmt) || e.stmt.kind() == Some(K::suit_contract_stmt) {
                continue;
            }
            let span = e.stmt.head_span();
            self.err(
                Code::NoEffect,
                e,
                span,
                format!("`{}` in a game without an auction is never used", text(e, 0)),
                "no bidding is held",
                "remove the line, or `no-auction` to hold an auction",
            );
        }
    }

    fn announcing(&mut self) -> Announcing {
        let mut a = Announcing {
            front_round: true,
            back_with_first_trick: true,
            back_declarer_first: false,
            all_speak_first: false,
            closes_with_first_trick: false,
        };
        for e in self.block(&["announcing"]) {
            match e.stmt.kind() {
                Some(K::front_round_stmt) => a.front_round = self.word(e, 1) != Some(words::FrontRound::None),
                Some(K::back_round_stmt) => {
                    a.back_with_first_trick = self.word(e, 1) == Some(words::BackRound::WithFirstTrick);
                    a.back_declarer_first = e.stmt.words.len() > 2;
                }
                Some(K::round_end_stmt) => {
                    let end = self.word(e, 1);
                    a.all_speak_first = end == Some(words::RoundEnd::AllSpokeThenTwoPasses);
                    a.closes_with_first_trick = end == Some(words::RoundEnd::WithFirstTrick);
                }
                other => self.unread(e, other),
            }
        }
        a
    }

    fn melds(&mut self, names: &Names, ranks: &[Rank]) -> Melds {
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
    fn new_meld_row(&mut self, e: &Entry, m: &Melds, name: &str, rows_of_kind: usize) -> bool {
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
    fn meld_kinds(&mut self, e: &Entry, melds: &Melds) -> MeldKinds {
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

    fn doublings(&mut self) -> Vec<Doubling> {
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
                adds: 0,
            };
            let mut top_word: Option<(Word, &Entry)> = None;
            let mut pairs: Vec<(Word, Word, &Entry)> = Vec::new();
            // `factor N`: every level multiplies by N whenever it is said; it stands over a
            // `front`/`back` pair (a house rule need not remove the base's pair)
            let mut factor = None;
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
            self.not_same_player(&mut d, &pairs);
            out.push(d);
        }
        out
    }

    fn card_sel(&mut self, e: &Entry, c: &ast::CardRef, suits: &[Suit], ranks: &[Rank]) -> Option<CardSel> {
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

    fn cond(&mut self, e: &Entry, c: &ast::Cond, suits: &[Suit], ranks: &[Rank]) -> Option<Cond> {
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

    fn figures(&mut self, names: &Names, suits: &[Suit], ranks: &[Rank], contracts: &[Contract]) -> Vec<Figure> {
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
                keep: None,
                multiplies_game: false,
                requires: Vec::new(),
                requires_declarer_only: false,
                back_no_trumps: None,
                upgrade: None,
                unannounced: None,
                replaces_game: false,
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
                    Some(K::unannounced_stmt) => f.unannounced = self.int(e, 1, 0, 1_000_000, "a figure value"),
                    Some(K::replaces_game_stmt) => f.replaces_game = true,
                    Some(K::effect_stmt) => f.multiplies_game = self.word(e, 1) == Some(words::Effect::MultiplyGame),
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
    fn check_tricks(&mut self, f: &Figure) {
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
    fn tricks_per_hand(&self) -> u32 {
        self.block(&["deal"])
            .iter()
            .filter(|e| e.stmt.kind() == Some(K::packet_stmt))
            .filter_map(|e| text(e, 1).parse::<u32>().ok())
            .sum()
    }

    fn figure_ladders(&mut self, names: &Names) -> Vec<FigureLadder> {
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

    fn calling(&mut self, names: &Names) -> Option<Calling> {
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
                Some(K::multiplier_stmt) => {
                    c.multiplier = self.int(e, 1, 1, 1000, "a multiplier").unwrap_or(2);
                }
                Some(K::call_ladder_stmt) => c.ladder = self.lookup(e, 1, "doubling ladder", &names.doublings),
                Some(K::call_back_stmt) => c.call_back = self.word(e, 1) == Some(words::CallBack::On),
                other => self.unread(e, other),
            }
        }
        Some(c)
    }

    fn exchanges(&mut self, suits: &[Suit], ranks: &[Rank]) -> Vec<Exchange> {
        let mut out = Vec::new();
        for name in self.names_of("exchange") {
            let mut x = Exchange {
                name: name.clone(),
                from_round: None,
                exchangers: Vec::new(),
                fallback_on_indicator_only: false,
                after_back_round: false,
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
                    Some(K::made_after_stmt) => {
                        x.after_back_round = self.word(e, 1) == Some(words::MadeAfter::BackRound)
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
    fn check_take(&mut self, e: &Entry, take: &[Take]) {
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
    fn check_qualify(&mut self, x: &Exchange, take_at: Option<&Entry>, qualify_at: Option<&Entry>) {
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

    fn scoring(&mut self) -> Scoring {
        let mut s = Scoring {
            side_vs_side: false,
            pairwise: false,
            sitting_out_with_opponents: false,
            paper_plus_minus: false,
            robber: None,
            unit: None,
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

/// The first row of `rows` in a `MeldKinds` mask.
fn first_of<T>(mask: u8, rows: &[T]) -> Option<&T> {
    rows.get(mask.trailing_zeros() as usize)
}
