//! Hand records: a hand as JSON (variant and house rules, dealer, the deal, the actions in the
//! variant's own words), read leniently with warnings, written canonically, and replayed through
//! the engine into a score sheet. Errors name the action's index, the seat and the rule broken,
//! with a span into the JSON text.

pub mod action_error;
mod json_error;
mod json_spans;
pub mod legal;
pub mod notation;
pub mod position;
pub mod sheet;

pub use action_error::ActionError;

use crate::diag::{Code, Diag};
use crate::engine::{deal, Game, Rules};
use crate::model::{DealStep, Variant};
use crate::source::{FileId, Origin, SourceSet};
use crate::syntax::ast::Span;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The format tag written in every record.
pub const FORMAT: &str = "kartya-record/1";

/// A house rule in a record: a bundled name, or the text of a rules file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesRef {
    Name(String),
    Inline { text: String },
}

/// The deal: the shuffled deck, top first, or the hands (forehand first) and the talon, each in
/// the order the plan deals them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DealRecord {
    Deck {
        deck: Vec<String>,
    },
    Hands {
        hands: Vec<Vec<String>>,
        talon: Vec<String>,
    },
}

/// One hand, as stored in a `.json` record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    #[serde(default)]
    pub format: Option<String>,
    /// The base variant: a bundled name, or rules-file text.
    pub variant: RulesRef,
    #[serde(default)]
    pub house_rules: Vec<RulesRef>,
    /// The digest of the rules the hand was played under (`Rules::digest`): replay refuses the
    /// record under rules of another digest. Optional: absent from records written by hand and
    /// before it existed, and removed to replay a record under changed rules on purpose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_digest: Option<String>,
    /// The dealer's table seat (0-based).
    pub dealer: u8,
    pub deal: DealRecord,
    /// The actions in order, in the variant's words: `pass`, `accept`, `bid tök`, `claim`,
    /// `announce abszolút`, `kontra game`, `kontra abszolút`, `play piros.7`, ...
    pub actions: Vec<String>,
    /// The simulation seed and hand index a simulated hand was played from (`simulate
    /// --records`): `kartya simulate` with that seed plays it again as its hand `hand`. Optional:
    /// absent from hands recorded at a table and from records written before they existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<u64>,
    /// Free text (a note on where the hand comes from); ignored by replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A replayed record.
pub struct Replayed {
    pub game: Option<Game>,
    pub variant_names: Vec<String>,
    pub diags: Vec<Diag>,
}

/// Loads the rule set a record names. Inline texts become sources named after the record.
fn load_rules(
    sources: &mut SourceSet,
    file: FileId,
    rec: &Record,
    spans: &json_spans::Spans,
) -> (Option<Arc<Rules>>, Vec<String>, Vec<Diag>) {
    let mut ids = Vec::new();
    let mut names = Vec::new();
    let mut diags = Vec::new();
    let record_name = sources.name(file).to_string();
    for (i, r) in std::iter::once(&rec.variant).chain(rec.house_rules.iter()).enumerate() {
        match r {
            RulesRef::Name(n) => match crate::bundled::find(n) {
                Some(b) => {
                    ids.push(sources.add(crate::bundled::display_path(&b), b.text, Origin::Bundled));
                    names.push(n.clone());
                }
                None => {
                    let span = if i == 0 {
                        spans.key("variant")
                    } else {
                        spans.element("house_rules", i - 1)
                    };
                    diags.push(crate::resolve::unknown_variant(file, span, n));
                }
            },
            RulesRef::Inline { text } => {
                let id = sources.add(format!("{record_name}#rules{i}"), text.clone(), Origin::User);
                ids.push(id);
                names.push(format!("inline rules {i}"));
            }
        }
    }
    if !diags.is_empty() {
        return (None, names, diags);
    }
    let Some((&base, extras)) = ids.split_first() else {
        return (None, names, diags);
    };
    let loaded = crate::load::load(sources, base, extras);
    diags.extend(loaded.diags.iter().filter(|d| d.is_error()).cloned());
    let Some(v) = loaded.variant else {
        return (None, names, diags);
    };
    match Rules::new(v) {
        Ok(r) => (Some(r), names, diags),
        Err(e) => {
            diags.push(
                Diag::new(Code::BadRecord, file, format!("the rules cannot be played: {e}"))
                    .label(spans.key("variant"), "these rules")
                    .help("check the variant with `kartya check`"),
            );
            (None, names, diags)
        }
    }
}

/// A record whose `rules_digest` is not the digest of the rules it names now: written under
/// other rules (another variant's name written in, or the files changed since).
fn other_rules(file: FileId, spans: &json_spans::Spans, names: &[String]) -> Diag {
    Diag::new(
        Code::BadRecord,
        file,
        format!(
            "this hand was played under other rules than `{}`: its `rules_digest` is not theirs",
            names.join(" + ")
        ),
    )
    .label(spans.key("rules_digest"), "the rules it was played under")
    .label(spans.key("variant"), "not these rules")
    .help("replay the record with the rules it names as they were when it was written; to replay it under these rules on purpose, remove its `rules_digest`")
}

/// The deck order a record's deal stands for, or diagnostics naming the bad card.
fn deck_order(
    v: &Variant,
    rec: &Record,
    file: FileId,
    spans: &json_spans::Spans,
    diags: &mut Vec<Diag>,
) -> Option<Vec<u8>> {
    let mut seen = vec![false; v.cards.len()];
    let mut parse = |text: &str, span: Span, diags: &mut Vec<Diag>| -> Option<u8> {
        match notation::parse_card(v, text) {
            Some((c, canonical)) => {
                if !canonical {
                    diags.push(
                        Diag::new(
                            Code::RecordWarning,
                            file,
                            format!(
                                "card `{text}` is written canonically as `{}`",
                                notation::card_name(v, c)
                            ),
                        )
                        .label(span, "accepted")
                        .help("`kartya replay --canonical` writes the record in canonical form"),
                    );
                }
                if seen.get(c as usize).copied().unwrap_or(true) {
                    diags.push(
                        Diag::new(
                            Code::BadRecord,
                            file,
                            format!("the deal gives `{}` twice", notation::card_name(v, c)),
                        )
                        .label(span, "dealt again here")
                        .help("every card of the deck is dealt exactly once"),
                    );
                    return None;
                }
                if let Some(s) = seen.get_mut(c as usize) {
                    *s = true;
                }
                Some(c)
            }
            None => {
                diags.push(
                    Diag::new(Code::BadRecord, file, format!("`{text}` is not a card of this deck"))
                        .label(span, "unknown card")
                        .help("write a card as `SUIT.RANK` with the variant's suit names and rank codes"),
                );
                None
            }
        }
    };
    let before = diags.iter().filter(|d| d.is_error()).count();
    let order: Vec<u8> = match &rec.deal {
        DealRecord::Deck { deck } => deck
            .iter()
            .enumerate()
            .filter_map(|(i, t)| parse(t, spans.nested(&["deal", "deck"], &[i]), diags))
            .collect(),
        DealRecord::Hands { hands, .. } if hands.len() != v.active as usize => {
            diags.push(
                Diag::new(
                    Code::BadRecord,
                    file,
                    format!(
                        "the deal has {} hands, but these rules deal to {} players",
                        hands.len(),
                        v.active
                    ),
                )
                .label(spans.nested(&["deal", "hands"], &[]), "these hands")
                .help("replay the record with the rules it was played under: a deal has one hand per player"),
            );
            return None;
        }
        DealRecord::Hands { hands, talon } => {
            let mut hand_cards: Vec<Vec<u8>> = Vec::new();
            for (h, cards) in hands.iter().enumerate() {
                hand_cards.push(
                    cards
                        .iter()
                        .enumerate()
                        .filter_map(|(i, t)| parse(t, spans.nested(&["deal", "hands"], &[h, i]), diags))
                        .collect(),
                );
            }
            let talon_cards: Vec<u8> = talon
                .iter()
                .enumerate()
                .filter_map(|(i, t)| parse(t, spans.nested(&["deal", "talon"], &[i]), diags))
                .collect();
            plan_order(&v.deal, v.active, &hand_cards, &talon_cards)
        }
    };
    if diags.iter().filter(|d| d.is_error()).count() > before {
        return None;
    }
    let missing: Vec<String> = (0..v.cards.len())
        .filter(|c| !seen[*c])
        .map(|c| format!("`{}`", notation::card_name(v, c as u8)))
        .collect();
    let plan = deal::plan_size(&v.deal, v.active) as usize;
    if !missing.is_empty() || order.len() != plan {
        let span = spans.key("deal");
        let msg = if missing.is_empty() {
            format!("the deal holds {} cards; the plan deals {plan}", order.len())
        } else {
            format!("the deal leaves out {}", missing.join(", "))
        };
        diags.push(
            Diag::new(Code::BadRecord, file, msg)
                .label(span, "this deal")
                .help("a deal lists every card of the deck exactly once, in the order the plan deals them"),
        );
        return None;
    }
    Some(order)
}

/// Rebuilds the deck order from hands and talon by walking the dealing plan.
fn plan_order(steps: &[DealStep], active: u8, hands: &[Vec<u8>], talon: &[u8]) -> Vec<u8> {
    let mut next = vec![0usize; hands.len()];
    let mut t = 0usize;
    let mut order = Vec::new();
    for step in steps {
        match *step {
            DealStep::Packet { size, .. } => {
                for p in 0..active as usize {
                    for _ in 0..size {
                        if let Some(c) = hands.get(p).and_then(|h| h.get(next[p])) {
                            order.push(*c);
                        }
                        if let Some(n) = next.get_mut(p) {
                            *n += 1;
                        }
                    }
                }
            }
            DealStep::Indicator => {
                order.extend(talon.get(t).copied());
                t += 1;
            }
            DealStep::Talon { size, .. } => {
                for _ in 0..size {
                    order.extend(talon.get(t).copied());
                    t += 1;
                }
            }
        }
    }
    order
}

/// Replays a record held in `sources` under `file`.
pub fn replay(sources: &mut SourceSet, file: FileId) -> Replayed {
    replay_actions(sources, file, false)
}

/// Replays a record's actions, as `replay` does; `unfinished` accepts a record that stops before
/// the hand is over (`legal::legal_at` asks what may follow it).
fn replay_actions(sources: &mut SourceSet, file: FileId, unfinished: bool) -> Replayed {
    let text = sources.text(file).to_string();
    let spans = json_spans::Spans::scan(&text);
    let rec: Record = match serde_json::from_str(&text) {
        Ok(r) => r,
        Err(e) => {
            return Replayed {
                game: None,
                variant_names: Vec::new(),
                diags: vec![json_error::diagnose(file, &text, &e)],
            };
        }
    };
    let mut diags = Vec::new();
    if let Some(f) = &rec.format {
        if f != FORMAT {
            diags.push(
                Diag::new(
                    Code::RecordWarning,
                    file,
                    format!("unknown format `{f}`; reading it as {FORMAT}"),
                )
                .label(spans.key("format"), "format")
                .help(format!("write `\"format\": \"{FORMAT}\"`")),
            );
        }
    }
    let (rules, names, mut more) = load_rules(sources, file, &rec, &spans);
    diags.append(&mut more);
    let Some(rules) = rules else {
        return Replayed {
            game: None,
            variant_names: names,
            diags,
        };
    };
    if rec.rules_digest.as_deref().is_some_and(|d| d != rules.digest()) {
        diags.push(other_rules(file, &spans, &names));
        return Replayed {
            game: None,
            variant_names: names,
            diags,
        };
    }
    let v = &rules.variant;
    if rec.dealer >= v.players {
        diags.push(
            Diag::new(
                Code::BadRecord,
                file,
                format!(
                    "dealer {} does not exist: the table has seats 0 to {}",
                    rec.dealer,
                    v.players - 1
                ),
            )
            .label(spans.key("dealer"), "no such seat")
            .help("seats are numbered from 0"),
        );
        return Replayed {
            game: None,
            variant_names: names,
            diags,
        };
    }
    let Some(order) = deck_order(v, &rec, file, &spans, &mut diags) else {
        return Replayed {
            game: None,
            variant_names: names,
            diags,
        };
    };
    let dealt = match deal::deal_order(&rules.tables, &v.deal, v.active, &order) {
        Ok(d) => d,
        Err(e) => {
            diags.push(
                Diag::new(Code::BadRecord, file, format!("the deal cannot be dealt: {e}"))
                    .label(spans.key("deal"), "this deal")
                    .help("a deal lists every card of the deck exactly once"),
            );
            return Replayed {
                game: None,
                variant_names: names,
                diags,
            };
        }
    };
    let mut game = Game::from_deal(rules.clone(), crate::engine::Seat(rec.dealer), dealt);
    for (i, text) in rec.actions.iter().enumerate() {
        let span = spans.element("actions", i);
        if game.is_over() {
            diags.push(
                Diag::new(
                    Code::BadRecord,
                    file,
                    format!("action {i} (`{text}`) comes after the end of the hand"),
                )
                .label(span, "the hand is already over")
                .help("remove the actions after the last one that ends the hand"),
            );
            break;
        }
        let seat = game.to_act_seat();
        let action = match notation::parse_action(&game, text) {
            Ok(a) => a,
            Err(why) => {
                diags.push(
                    Diag::new(
                        Code::IllegalAction,
                        file,
                        format!("action {i} by seat {seat} (`{text}`): {why}"),
                    )
                    .label(span, why.to_string())
                    .help(legal_help(&game)),
                );
                break;
            }
        };
        if let Err(e) = game.apply(action) {
            diags.push(
                Diag::new(
                    Code::IllegalAction,
                    file,
                    format!("action {i} by seat {seat} (`{text}`) breaks a rule: {}", e.rule),
                )
                .label(span, e.rule)
                .help(legal_help(&game)),
            );
            break;
        }
    }
    if !unfinished && !game.is_over() && !diags.iter().any(Diag::is_error) {
        let seat = game.to_act_seat();
        diags.push(
            Diag::new(
                Code::BadRecord,
                file,
                format!(
                    "the record stops before the hand is over: seat {seat} is to act after action {}",
                    rec.actions.len().saturating_sub(1)
                ),
            )
            .label(spans.key("actions"), "the actions end here")
            .help(legal_help(&game)),
        );
    }
    Replayed {
        game: Some(game),
        variant_names: names,
        diags,
    }
}

/// "the legal actions here are: ..." for a help line.
fn legal_help(game: &Game) -> String {
    let legal: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| notation::action_text(game, *a))
        .collect();
    if legal.is_empty() {
        "nothing can be done here: the hand is over".into()
    } else {
        format!("the legal actions here are: {}", legal.join(", "))
    }
}

/// Writes a played hand as a canonical record.
pub fn export(game: &Game, variant: RulesRef, house_rules: Vec<RulesRef>) -> Record {
    let v = &game.rules().variant;
    let deck = game.deal_order().iter().map(|c| notation::card_name(v, *c)).collect();
    let actions = game.history_texts();
    Record {
        format: Some(FORMAT.to_string()),
        variant,
        house_rules,
        rules_digest: Some(game.rules().digest().to_string()),
        dealer: game.dealer().0,
        deal: DealRecord::Deck { deck },
        actions,
        seed: None,
        hand: None,
        note: None,
    }
}

/// A record as canonical, pretty JSON.
pub fn to_json(rec: &Record) -> String {
    serde_json::to_string_pretty(rec).unwrap_or_default()
}

impl Game {
    /// The actions so far in the variant's words (replaying them from the deal gives this game).
    pub fn history_texts(&self) -> Vec<String> {
        notation::history_texts(self)
    }

    /// The deck order this game was dealt from (top first).
    pub fn deal_order(&self) -> Vec<u8> {
        deal_order_of(self.deal(), &self.rules().variant)
    }
}

/// A deck order that deals exactly this deal: walks the plan, taking each packet's cards from
/// the position's face-up or face-down pool (lowest card id first) and the talon in order.
fn deal_order_of(d: &deal::Deal, v: &Variant) -> Vec<u8> {
    let cards_of = |mut m: u64| {
        let mut out = Vec::new();
        while m != 0 {
            out.push(m.trailing_zeros() as u8);
            m &= m - 1;
        }
        out
    };
    let n = v.active as usize;
    let mut open: Vec<std::vec::IntoIter<u8>> = (0..n)
        .map(|p| cards_of(d.hands[p] & !d.hidden[p]).into_iter())
        .collect();
    let mut hidden: Vec<std::vec::IntoIter<u8>> = (0..n).map(|p| cards_of(d.hidden[p]).into_iter()).collect();
    let mut talon = d.talon_cards().iter().copied();
    let mut order = Vec::new();
    for step in &v.deal {
        match *step {
            DealStep::Packet { size, hidden: h } => {
                for p in 0..n {
                    let pool = if h { hidden.get_mut(p) } else { open.get_mut(p) };
                    if let Some(pool) = pool {
                        order.extend(pool.by_ref().take(size as usize));
                    }
                }
            }
            DealStep::Indicator => order.extend(d.indicator),
            // a talon step lies as one packet, first card on top: dealt top first
            DealStep::Talon { size, .. } => {
                let packet: Vec<u8> = talon.by_ref().take(size as usize).collect();
                order.extend(packet.iter().rev());
            }
        }
    }
    order
}
