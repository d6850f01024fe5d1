//! The legal actions at a point of a hand record (`kartya replay --legal`): takes a record (one
//! that stops before the hand is over too) and a number of its actions N (default: all of them),
//! gives the game after its first N actions, whose seat is to act in which phase, and the legal
//! actions in the record's notation; or the record's diagnostics, as `replay` gives them.

use super::json_spans::Spans;
use super::{notation, replay_actions};
use crate::diag::{Code, Diag};
use crate::engine::{Game, Phase, Seat};
use crate::source::{FileId, SourceSet};

/// What may be done after the first `at` actions of a record, or why it cannot be told.
pub struct LegalAt {
    /// The hand after those actions (None when the record does not replay).
    pub game: Option<Game>,
    /// How many of the record's actions are taken.
    pub at: usize,
    pub diags: Vec<Diag>,
}

impl LegalAt {
    /// The seat to act (None once the hand is over).
    pub fn seat(&self) -> Option<Seat> {
        self.game.as_ref().filter(|g| !g.is_over()).map(Game::to_act_seat)
    }

    /// The legal actions in the record's notation, in the engine's order (empty once over).
    pub fn legal(&self) -> Vec<String> {
        let Some(g) = &self.game else {
            return Vec::new();
        };
        g.legal_actions().iter().map(|a| notation::action_text(g, *a)).collect()
    }

    /// The phase's name in the docs' words (`bidding`, `play`, `over`, ...).
    pub fn phase(&self) -> Option<&'static str> {
        self.game.as_ref().map(|g| phase_name(g.phase()))
    }
}

/// A phase's name as `--legal --json` writes it.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Bidding => "bidding",
        Phase::Choose => "choose",
        Phase::Front => "front",
        Phase::Back => "back",
        Phase::Exchange => "exchange",
        Phase::Switch => "switch",
        Phase::Draw => "draw",
        Phase::NameTrumps => "name-trumps",
        Phase::PartnerCall => "partner-call",
        Phase::Play => "play",
        Phase::Call => "call",
        Phase::Claim => "claim",
        Phase::Over => "over",
    }
}

/// The record's hand after its first `at` actions (all of them when None). Every action of the
/// record must replay, as `replay` asks; the record may stop before the hand is over.
pub fn legal_at(sources: &mut SourceSet, file: FileId, at: Option<usize>) -> LegalAt {
    let r = replay_actions(sources, file, true);
    let mut diags = r.diags;
    let Some(full) = r.game.filter(|_| !diags.iter().any(Diag::is_error)) else {
        return LegalAt {
            game: None,
            at: at.unwrap_or(0),
            diags,
        };
    };
    let history = full.history();
    let at = at.unwrap_or(history.len());
    if at > history.len() {
        let spans = Spans::scan(sources.text(file));
        let span = match history.len() {
            0 => spans.key("actions"),
            n => spans.element("actions", n - 1),
        };
        diags.push(
            Diag::new(
                Code::OutOfRange,
                file,
                format!(
                    "the record has {} actions: there is no point after {at} of them",
                    history.len()
                ),
            )
            .label(span, "the last action")
            .help(format!("give `--at` a number from 0 to {}", history.len())),
        );
        return LegalAt { game: None, at, diags };
    }
    if at == history.len() {
        return LegalAt {
            game: Some(full),
            at,
            diags,
        };
    }
    let mut g = Game::from_deal(full.rules_arc(), full.dealer(), full.deal().clone());
    for (_, a) in history.iter().take(at) {
        if g.apply(*a).is_err() {
            // the full replay applied the same actions: only a broken engine gets here
            break;
        }
    }
    LegalAt {
        game: Some(g),
        at,
        diags,
    }
}
