//! The `pimc` bot: takes a seat's `View` and the hand's stream, gives the heuristic bot's action
//! for every decision but the card, and for the card the one `crate::pimc` chooses by sampling
//! the hidden cards and solving each world double dummy (`PimcOptions`: worlds and node budget).

use super::heuristic::HeuristicBot;
use super::{Bot, View};
use crate::engine::rng::HandRng;
use crate::engine::Action;
use crate::pimc::{choose_card, PimcOptions};

/// The heuristic bot's bidding, announcing and doubling, with pimc's cards.
#[derive(Default)]
pub struct PimcBot {
    heuristic: HeuristicBot,
    pub options: PimcOptions,
    buf: Vec<Action>,
}

impl PimcBot {
    /// A pimc bot that thinks as hard as `options` say.
    pub fn with_options(options: PimcOptions) -> PimcBot {
        PimcBot {
            heuristic: HeuristicBot::default(),
            options,
            buf: Vec::new(),
        }
    }
}

impl Bot for PimcBot {
    fn name(&self) -> &'static str {
        "pimc"
    }

    fn act(&mut self, view: &View<'_>, rng: &mut HandRng) -> Action {
        // the heuristic bot decides whether to play a card at all (a claim, a trick-1
        // announcement or meld beside the card stays its choice); a card is pimc's
        let action = self.heuristic.act(view, rng);
        if !matches!(action, Action::Play(_)) {
            return action;
        }
        view.legal_actions_into(&mut self.buf);
        match choose_card(view.sampler_game(), view.seat(), &self.options, rng) {
            Some(card) if self.buf.contains(&Action::Play(card)) => Action::Play(card),
            _ => action,
        }
    }

    fn start_hand(&mut self) {
        self.heuristic.start_hand();
    }

    fn needs_history(&self) -> bool {
        true
    }
}
