//! The `random` bot behind the `Bot` trait: takes a seat's `View`, gives a random legal action
//! with the odds of the engine's random bots (`sim.rs`): cards uniformly, a meld or the
//! exchange with probability 7/8, in a turn that may talk the quiet choice with probability
//! 3/4. A set made only of random bots plays the engine's fast path instead
//! (`Bot::is_fast_random`); this one plays beside other kinds, as in a duplicate match.

use super::{Bot, View};
use crate::engine::rng::{below, random_card, HandRng};
use crate::engine::Action;

#[derive(Default)]
pub struct RandomBot {
    buf: Vec<Action>,
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn is_fast_random(&self) -> bool {
        true
    }

    fn act(&mut self, view: &View<'_>, rng: &mut HandRng) -> Action {
        if let Some(m) = view.legal_cards().filter(|m| *m != 0) {
            return Action::Play(random_card(rng, m));
        }
        random_of_list(view, rng, &mut self.buf)
    }
}

/// A random action of the legal list, with the odds the module comment gives.
pub(super) fn random_of_list(view: &View<'_>, rng: &mut HandRng, buf: &mut Vec<Action>) -> Action {
    view.legal_actions_into(buf);
    // a position asked in the exchange that does not hold the card: its pass is forced and
    // draws nothing, as in the engine's random hands (`sim.rs` `exchange_step`)
    if view.phase() == crate::engine::Phase::Exchange && buf.as_slice() == [Action::Pass] {
        return Action::Pass;
    }
    if let Some(m) = buf
        .iter()
        .find(|a| matches!(a, Action::Meld(_) | Action::Exchange))
        .copied()
    {
        if below(rng, 8) != 0 {
            return m;
        }
        if m == Action::Exchange && buf.contains(&Action::Pass) {
            return Action::Pass;
        }
        buf.retain(|a| !matches!(a, Action::Meld(_) | Action::Exchange));
    }
    if buf.is_empty() {
        return Action::Pass;
    }
    let choice = crate::bots::sim::listed_choice(buf, view.phase(), rng);
    choice.unwrap_or(Action::Pass)
}
