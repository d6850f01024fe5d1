//! Whole-hand worlds at any decision: takes a `Game` and the seat to decide (at any stage: the
//! auction, the talon, the partner call, the announcements, the kontras, claims, the play) and
//! a stream, gives `Game`s at the same decision, each a deal consistent with what the seat has
//! seen with the hand's history replayed on it.
//!
//! A world is drawn in two steps. First where each card the seat cannot place lies now (each
//! position's hand, or nobody: the talon, the discards), uniformly over every placement that fits
//! the seat's knowledge (`InfoSet::at`, by counting: `Sampler`). Then the hand's past on those
//! cards: each hidden card of the real hand has a role (where it was dealt: a hand, the seat's
//! own hidden packet, a place in the talon; and the index of the hidden action that moved it:
//! another seat's face-down discard or card laid with a bid), and the world's cards of each place take
//! the roles of the real cards of that place, in an order drawn from the stream. The world's
//! deal is the real deal with every hidden card replaced by the world card of its role, and its
//! history the real one with the hidden discards and face-down cards replaced the same way;
//! replayed with the checked `apply`, the engine recomputes everything else. Another hand's
//! hidden packet is drawn afresh among the world's cards of that hand (which of its cards were
//! dealt face down the seat cannot know, even of those it has seen since). Two real hands that
//! differ only in cards the seat never saw give the same worlds (the roles are taken in the
//! order of their keys, not of the cards), which tests/secrecy_noninterference.rs checks.
//!
//! A public action the replay refuses (a meld the world's hand does not hold, a discard the
//! world's hand may not make) drops the world: the caller draws a bounded number of worlds and
//! counts the dropped ones; nothing loops.

use super::info::{InfoError, InfoSet};
use super::sample::{Sampler, Unsatisfiable, World};
use crate::engine::deal::bit;
use crate::engine::rng::HandRng;
use crate::engine::tables::{MAX_CARDS, MAX_SEATS};
use crate::engine::{Action, Game, Seat};
use rand::RngCore;

/// How well a policy explains an action of another seat on a world's cards: (the world just
/// before the action, the seat, the action) to a factor of the world's weight.
pub type Likelihood<'a> = dyn FnMut(&Game, Seat, Action) -> f64 + 'a;

/// Why no world could be drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorldError {
    Info(InfoError),
    Unsatisfiable,
    /// The count of the possible deals is past pimc's bound (`sample::NoWorld::TooLarge`).
    TooLarge,
}

impl From<super::sample::NoWorld> for WorldError {
    fn from(e: super::sample::NoWorld) -> Self {
        match e {
            super::sample::NoWorld::Unsatisfiable => WorldError::Unsatisfiable,
            super::sample::NoWorld::TooLarge => WorldError::TooLarge,
        }
    }
}

impl From<InfoError> for WorldError {
    fn from(e: InfoError) -> Self {
        WorldError::Info(e)
    }
}

impl From<Unsatisfiable> for WorldError {
    fn from(_: Unsatisfiable) -> Self {
        WorldError::Unsatisfiable
    }
}

/// The worlds of one decision: the seat's knowledge and the roles of the hidden cards.
pub struct Worlds<'g> {
    g: &'g Game,
    seat: Seat,
    info: InfoSet,
    /// Per place (each position, then nobody), the real hidden cards of that place in the order
    /// of their roles.
    roles: [Vec<u8>; MAX_SEATS + 1],
}

/// Where a card lies now: a position, or `MAX_SEATS` for nobody.
fn place_of(now: &[u64; MAX_SEATS], n: u8, c: u8) -> usize {
    (0..n as usize).find(|&p| now[p] & bit(c) != 0).unwrap_or(MAX_SEATS)
}

impl<'g> Worlds<'g> {
    /// The worlds of `seat` at `g` now (the game must keep its history).
    pub fn new(g: &'g Game, seat: Seat) -> Result<Worlds<'g>, WorldError> {
        let info = InfoSet::at(g, seat)?;
        let now = g.hands_now();
        let deal = g.deal();
        // a role's key: where the card was dealt, and the hidden action that moved it
        // (another hand's hidden packet is no role: the world deals it afresh, `game_of`)
        let mut dealt = [u16::MAX; MAX_CARDS];
        for p in 0..deal.n as usize {
            let (h, hid) = (deal.hands[p], deal.hidden[p]);
            let own = p as u8 == info.me;
            for (c, d) in dealt.iter_mut().enumerate() {
                if h & bit(c as u8) != 0 {
                    *d = 2 * p as u16 + u16::from(own && hid & bit(c as u8) != 0);
                }
            }
        }
        for (i, &c) in deal.talon_cards().iter().enumerate() {
            if let Some(d) = dealt.get_mut(c as usize) {
                *d = 100 + i as u16;
            }
        }
        let mut moved = [u32::MAX; MAX_CARDS];
        for (i, &(by, a)) in g.history().iter().enumerate() {
            if by == seat {
                continue;
            }
            if let Action::Discard(c) | Action::LayFaceDown(c) = a {
                if let Some(m) = moved.get_mut(c as usize) {
                    if *m == u32::MAX {
                        *m = i as u32;
                    }
                }
            }
        }
        let mut roles: [Vec<u8>; MAX_SEATS + 1] = Default::default();
        let mut m = info.pool;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            roles[place_of(&now, info.n, c)].push(c);
        }
        for r in roles.iter_mut() {
            r.sort_by_key(|&c| (dealt[c as usize & 63], moved[c as usize & 63], c));
        }
        Ok(Worlds { g, seat, info, roles })
    }

    /// The seat's knowledge.
    pub fn info(&self) -> &InfoSet {
        &self.info
    }

    /// A sampler of the placements (count once, draw many).
    pub fn sampler(&self) -> Result<Sampler<'_>, WorldError> {
        Ok(Sampler::new(&self.info)?)
    }

    /// One world as a `Game` at the same decision, or None when its replay is refused (the world
    /// is dropped). Draws from `rng` only.
    pub fn draw(&self, sampler: &mut Sampler<'_>, rng: &mut HandRng) -> Option<Game> {
        let w = sampler.draw(rng);
        self.game_of(&w, rng, None).map(|(g, _)| g)
    }

    /// `draw` with the world's weight: the product over the other seats' actions of
    /// `likelihood(world before the action, seat, action)`, how well a policy explains each of
    /// them on the world's cards (inference from the others' calls).
    pub fn draw_weighted(
        &self,
        sampler: &mut Sampler<'_>,
        rng: &mut HandRng,
        likelihood: &mut Likelihood<'_>,
    ) -> Option<(Game, f64)> {
        let w = sampler.draw(rng);
        self.game_of(&w, rng, Some(likelihood))
    }

    /// The `Game` of placement `w`: the roles of each place dealt to its world cards in an order
    /// drawn from `rng`, the deal and the history mapped, the history replayed.
    pub fn game_of(
        &self,
        w: &World,
        rng: &mut HandRng,
        mut likelihood: Option<&mut Likelihood<'_>>,
    ) -> Option<(Game, f64)> {
        let mut map: [u8; MAX_CARDS] = std::array::from_fn(|c| c as u8);
        for (place, real) in self.roles.iter().enumerate() {
            let cards = if place == MAX_SEATS {
                w.nobody
            } else {
                w.hands.get(place).copied().unwrap_or(0)
            } & self.info.pool;
            let mut world: Vec<u8> = (0..64u8).filter(|&c| cards & bit(c) != 0).collect();
            if world.len() != real.len() {
                return None;
            }
            // a uniform order (Fisher-Yates)
            for i in (1..world.len()).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                world.swap(i, j);
            }
            for (&r, &x) in real.iter().zip(&world) {
                if let Some(m) = map.get_mut(r as usize) {
                    *m = x;
                }
            }
        }
        let f = |c: u8| map.get(c as usize).copied().unwrap_or(c);
        let fm = |m: u64| {
            let mut out = 0;
            let mut m = m;
            while m != 0 {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                out |= bit(f(c));
            }
            out
        };
        let g = self.g;
        let mut deal = g.deal().clone();
        for p in 0..MAX_SEATS {
            deal.hands[p] = fm(deal.hands[p]);
            if p == self.info.me as usize {
                deal.hidden[p] = fm(deal.hidden[p]);
                continue;
            }
            // which of another hand's cards were its hidden packet the seat cannot know (a card
            // it played, or gave in an exchange, may have been among them): as many as the plan
            // deals, drawn among the world's cards of that hand
            let k = deal.hidden[p].count_ones() as usize;
            if k == 0 {
                continue;
            }
            let mut cards: Vec<u8> = (0..64u8).filter(|&c| deal.hands[p] & bit(c) != 0).collect();
            let mut hidden = 0;
            for i in 0..k.min(cards.len()) {
                let j = i + (rng.next_u64() % (cards.len() - i) as u64) as usize;
                cards.swap(i, j);
                hidden |= bit(cards[i]);
            }
            deal.hidden[p] = hidden;
        }
        let len = deal.talon_len as usize;
        for c in deal.talon.iter_mut().take(len) {
            *c = f(*c);
        }
        deal.talon_face_up = fm(deal.talon_face_up);
        let mut world = Game::from_deal(g.rules_arc(), g.dealer(), deal);
        world.set_keep_history(true);
        let mut weight = 1.0;
        for &(by, a) in g.history() {
            let a = match a {
                Action::Discard(c) if by != self.seat => Action::Discard(f(c)),
                Action::LayFaceDown(c) if by != self.seat => Action::LayFaceDown(f(c)),
                other => other,
            };
            if world.to_act_seat() != by {
                return None;
            }
            if by != self.seat {
                if let Some(f) = likelihood.as_mut() {
                    weight *= f(&world, by, a);
                }
            }
            if world.apply(a).is_ok() {
                continue;
            }
            // another seat's hidden discard or face-down card the world's hand may not give:
            // drawn again among those it may (cards the seat cannot place)
            let hidden = matches!(a, Action::Discard(_) | Action::LayFaceDown(_)) && by != self.seat;
            let again = hidden.then(|| redraw(&world, a, self.info.pool, rng)).flatten();
            match again {
                Some(b) if world.apply(b).is_ok() => {}
                _ => return None,
            }
        }
        // the world must show the seat exactly what it saw (an exchange that takes the cards
        // that qualify, a meld, a side told by a kontra: what the placement cannot express)
        let same = world.phase() == g.phase()
            && world.to_act_seat() == g.to_act_seat()
            && world.observation(self.seat) == g.observation(self.seat);
        same.then_some((world, weight))
    }
}

/// Another action of the kind of `a` (a discard, a card laid face down) the world allows, of a
/// card the seat cannot place, uniformly from `rng`.
fn redraw(world: &Game, a: Action, pool: u64, rng: &mut HandRng) -> Option<Action> {
    let options: Vec<Action> = world
        .legal_actions()
        .into_iter()
        .filter(|b| match (a, *b) {
            (Action::Discard(_), Action::Discard(c)) | (Action::LayFaceDown(_), Action::LayFaceDown(c)) => {
                pool & bit(c) != 0
            }
            _ => false,
        })
        .collect();
    (!options.is_empty()).then(|| options[(rng.next_u64() % options.len() as u64) as usize])
}
