//! A recorded position to solve: takes a hand record and an action index (default: the first
//! card of the play), gives the `Game` replayed up to just before that action, or diagnostics
//! pointing into the record when there is no card turn there (no play, an index beyond the
//! record, or an action that is not a card).

use super::json_spans::Spans;
use super::{notation, replay};
use crate::diag::{Code, Diag};
use crate::engine::{Action, Game};
use crate::source::{FileId, SourceSet};

/// The position before action `from` of a record, or why there is none.
pub struct Position {
    pub game: Option<Game>,
    /// The index of the action the position is before.
    pub from: usize,
    pub diags: Vec<Diag>,
}

/// The record's game replayed up to (not including) action `from`, a card turn of the play.
pub fn position(sources: &mut SourceSet, file: FileId, from: Option<usize>) -> Position {
    let r = replay(sources, file);
    let mut diags = r.diags;
    let fail = |diags: Vec<Diag>, from| Position {
        game: None,
        from,
        diags,
    };
    let Some(full) = r.game.filter(|_| !diags.iter().any(Diag::is_error)) else {
        return fail(diags, from.unwrap_or(0));
    };
    let spans = Spans::scan(sources.text(file));
    let history = full.history();
    let cards: Vec<usize> = (0..history.len())
        .filter(|&i| matches!(history.get(i), Some((_, Action::Play(_)))))
        .collect();
    let (Some(&first), Some(&last)) = (cards.first(), cards.last()) else {
        diags.push(
            Diag::new(Code::SolvePosition, file, "the record has no card play to solve")
                .label(spans.key("actions"), "no card is played in these actions")
                .help("solve a record of a hand that was played: one whose actions reach the first lead"),
        );
        return fail(diags, from.unwrap_or(0));
    };
    let from = from.unwrap_or(first);
    let range = format!("the card turns of this record are among actions {first} to {last}");
    if from >= history.len() {
        diags.push(
            Diag::new(
                Code::SolvePosition,
                file,
                format!(
                    "action {from} is beyond the record: its actions are 0 to {}",
                    history.len() - 1
                ),
            )
            .label(spans.element("actions", history.len() - 1), "the last action")
            .help(format!("give `--from` a card turn: {range}")),
        );
        return fail(diags, from);
    }
    let mut g = Game::from_deal(full.rules_arc(), full.dealer(), full.deal().clone());
    for (_, a) in history.iter().take(from) {
        if g.apply(*a).is_err() {
            // the full replay applied the same actions: only a broken engine gets here
            break;
        }
    }
    // a card turn of the play: in trick 1 announcements may go with the cards, which the
    // solver leaves aside (it solves the cards)
    let card_turn =
        crate::solve::Objective::of_game(&g).is_some() && g.play_table().is_some_and(|t| g.play_state().legal(t) != 0);
    if !card_turn {
        let text = history
            .get(from)
            .map(|(_, a)| notation::action_text(&g, *a))
            .unwrap_or_default();
        diags.push(
            Diag::new(
                Code::SolvePosition,
                file,
                format!("action {from} (`{text}`) is not a card turn with a declarer's side to solve for"),
            )
            .label(spans.element("actions", from), "not a card turn")
            .help(format!("give `--from` a card turn: {range}")),
        );
        return fail(diags, from);
    }
    Position {
        game: Some(g),
        from,
        diags,
    }
}
