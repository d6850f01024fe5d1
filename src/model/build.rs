//! Rule tree to model: reads each section's statements, binds names (suits, ranks, orders,
//! contracts, figures, ladders) and reports every unknown, duplicate or malformed item. This file
//! holds the shared readers and the order of the sections; each group of sections has its file
//! under `build/`. Cross-section checks (reachability, totals, unused definitions) are in `check`.

use super::claims::{ClaimRules, NotAKeyword};
use super::*;
use crate::diag::{Code, Diag};
use crate::names::suggest;
use crate::resolve::{Entry, RuleTree};
use crate::syntax::ast::{self, Word};
use crate::syntax::StmtKind as K;

mod auction;
mod contract_rules;
mod contracts;
mod deck;
mod exchange;
mod expr;
mod figures;
mod goals;
mod marriages;
mod meld_rows;
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
        let deal = self.deal();
        let stages = self.stages();
        let melds = self.melds(&names, &ranks);
        let contracts = self.contracts(&names, &suits, &ranks, &melds);
        let bid_ladders = self.bid_ladders(&names, &suits);
        let bidding = self.bidding(&names, &contracts, &bid_ladders);
        let mut announcing = self.announcing();
        // unless written, a front round is held only when there is a moment for it: after the
        // bidding, before the hidden packets are taken up (so explain says what the engine does)
        let hidden = crate::model::has_hidden_packets(&deal);
        let before_pickup = HandStage::comes_before(&stages, HandStage::FrontRound, HandStage::Pickup);
        if self.get(&["announcing", "front-round"]).is_none() && (!hidden || !before_pickup) {
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
            stages,
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
}

/// The first row of `rows` in a `MeldKinds` mask.
fn first_of<T>(mask: u8, rows: &[T]) -> Option<&T> {
    rows.get(mask.trailing_zeros() as usize)
}
