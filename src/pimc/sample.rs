//! Sampling worlds: takes a seat's `InfoSet`, gives deals of its hidden cards to the other
//! positions and to nobody (the talon, the discards) drawn uniformly from every deal consistent
//! with what it knows, and checks a world against the tricks played.
//!
//! Uniform by counting, not by rejection: the number of ways to finish a deal from each card on
//! with the room left in each hand is counted once per decision (memoised on the card's index and
//! the room), and each card goes to a hand with the probability of the deals that go on from
//! there. So a consistent information set never fails to give a world, and an inconsistent one
//! is an error at once, not a loop.

use super::info::{duties_in_force, replay_start, start_hands, InfoSet};
use crate::engine::deal::bit;
use crate::engine::rng::HandRng;
use crate::engine::tables::MAX_SEATS;
use crate::engine::{Play, PlayTable};
use rand::RngCore;
use std::collections::HashMap;

/// Places to deal to: every position, and nobody (the last).
const SLOTS: usize = MAX_SEATS + 1;
const NOBODY: usize = MAX_SEATS;

/// No deal fits what the seat knows (the sizes do not add up, or the voids leave a card no
/// hand may hold).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsatisfiable;

/// Why no world can be drawn: none fits, or counting them would take more than `MAX_COUNTED`
/// states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoWorld {
    Unsatisfiable,
    TooLarge,
}

impl From<Unsatisfiable> for NoWorld {
    fn from(_: Unsatisfiable) -> Self {
        NoWorld::Unsatisfiable
    }
}

/// The most states (a card's index and the room left in each hand) the count keeps: the memory
/// and the work of one decision's count are bounded by it (some 10 MiB). A bundled file needs
/// far fewer (4 players and a 54-card pack: some 50,000); 7 hidden hands of 8 cards (8 players,
/// 64 cards) need millions early in the hand, and the decision falls back until the cards left
/// fit.
pub const MAX_COUNTED: usize = 1 << 18;

/// One deal of the hidden cards: every active position's hand now, and nobody's cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct World {
    pub hands: [u64; MAX_SEATS],
    pub nobody: u64,
}

/// Draws worlds for one information set (the count is kept between draws).
pub struct Sampler<'a> {
    info: &'a InfoSet,
    cards: Vec<u8>,
    /// For each card of `cards`, the places it may go to, as bits of `SLOTS`.
    allowed: Vec<u16>,
    room: [u8; SLOTS],
    memo: HashMap<(u8, [u8; SLOTS]), f64>,
    total: f64,
}

impl<'a> Sampler<'a> {
    /// A sampler for `info`, or `Unsatisfiable` when no deal fits it, or `TooLarge` when
    /// counting the deals would keep more than `MAX_COUNTED` states.
    pub fn new(info: &'a InfoSet) -> Result<Sampler<'a>, NoWorld> {
        let n = info.n as usize;
        let mut room = [0u8; SLOTS];
        // every hand's room: the observer's own is its hidden packet before the pickup (none
        // once it holds every card it has)
        for (p, r) in room.iter_mut().enumerate().take(n) {
            let k = info.known[p].count_ones() as u8;
            *r = info.sizes[p].checked_sub(k).ok_or(Unsatisfiable)?;
        }
        room[NOBODY] = info.nobody_size;
        let cards: Vec<u8> = (0..64u8).filter(|&c| info.pool & bit(c) != 0).collect();
        if room.iter().map(|&r| r as usize).sum::<usize>() != cards.len() {
            return Err(NoWorld::Unsatisfiable);
        }
        let allowed = cards
            .iter()
            .map(|&c| {
                let mut m = 1u16 << NOBODY;
                for (p, (&r, &x)) in room.iter().zip(&info.excluded).enumerate().take(n) {
                    if r > 0 && x & bit(c) == 0 {
                        m |= 1 << p;
                    }
                }
                m
            })
            .collect();
        let mut s = Sampler {
            info,
            cards,
            allowed,
            room,
            memo: HashMap::new(),
            total: 0.0,
        };
        s.total = s.count(0, room);
        if s.memo.len() > MAX_COUNTED {
            return Err(NoWorld::TooLarge);
        }
        if s.total <= 0.0 {
            return Err(NoWorld::Unsatisfiable);
        }
        Ok(s)
    }

    /// How many consistent deals there are (as a float: it can exceed `u64`).
    pub fn deals(&self) -> f64 {
        self.total
    }

    /// The number of ways to deal cards `i..` into `room`.
    fn count(&mut self, i: usize, room: [u8; SLOTS]) -> f64 {
        let Some(&allowed) = self.allowed.get(i) else {
            return 1.0; // every card dealt, and the room adds up, so every hand is full
        };
        if let Some(&v) = self.memo.get(&(i as u8, room)) {
            return v;
        }
        // over the bound the count is given up (`new` says so); unwinding stops at once
        if self.memo.len() > MAX_COUNTED {
            return 0.0;
        }
        let mut total = 0.0;
        for s in 0..SLOTS {
            if allowed & (1 << s) != 0 && room[s] > 0 {
                let mut r = room;
                r[s] -= 1;
                total += self.count(i + 1, r);
            }
        }
        self.memo.insert((i as u8, room), total);
        total
    }

    /// One world, uniform over the consistent deals.
    pub fn draw(&mut self, rng: &mut HandRng) -> World {
        // the known cards of every position (the observer's hand among them); the rest is dealt
        let mut hands = self.info.known;
        let mut nobody = self.info.known_nobody;
        let mut room = self.room;
        for i in 0..self.cards.len() {
            let (c, allowed) = (self.cards[i], self.allowed[i]);
            let mut weights = [0f64; SLOTS];
            let mut sum = 0.0;
            for s in 0..SLOTS {
                if allowed & (1 << s) != 0 && room[s] > 0 {
                    let mut r = room;
                    r[s] -= 1;
                    weights[s] = self.count(i + 1, r);
                    sum += weights[s];
                }
            }
            // 53 random bits: a float in [0, sum)
            let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * sum;
            let mut to = NOBODY;
            let mut last = NOBODY;
            for (s, &w) in weights.iter().enumerate() {
                if w > 0.0 {
                    last = s;
                    if x < w {
                        to = s;
                        break;
                    }
                    x -= w;
                }
            }
            // rounding at the very end of the range: the last place with room
            if weights[to] <= 0.0 {
                to = last;
            }
            room[to] = room[to].saturating_sub(1);
            if to == NOBODY {
                nobody |= bit(c);
            } else {
                hands[to] |= bit(c);
            }
        }
        World { hands, nobody }
    }
}

/// Whether `w` could be the real deal for the seat of `info`: its own hand and every known card
/// in place, the hand sizes right, and every card played legal from the hands it implies.
pub fn consistent(info: &InfoSet, t: &PlayTable, play: &Play, w: &World) -> bool {
    let n = info.n as usize;
    let me = info.me as usize;
    if w.hands[me] & info.known[me] != info.known[me] {
        return false;
    }
    let mut seen = w.nobody;
    let mut count = w.nobody.count_ones();
    for p in 0..n {
        if w.hands[p].count_ones() != u32::from(info.sizes[p]) || w.hands[p] & info.known[p] != info.known[p] {
            return false;
        }
        seen |= w.hands[p];
        count += w.hands[p].count_ones();
    }
    if count != seen.count_ones() || w.nobody & info.known_nobody != info.known_nobody {
        return false;
    }
    let mut q = replay_start(
        play,
        &start_hands(&w.hands, &info.played),
        info.first_leader,
        info.committed,
    );
    for (i, &(p, c)) in info.played.iter().enumerate() {
        duties_in_force(&mut q, play, i);
        if q.to_play != p || q.legal(t) & bit(c) == 0 {
            return false;
        }
        q.place(t, c);
    }
    true
}

/// The play position of world `w`: the real play with the other hands replaced. A card laid
/// face down for trick 1 binds only when it is the observer's own: another's is not known, and
/// the world may have dealt it elsewhere.
pub fn world_play(info: &InfoSet, play: &Play, w: &World) -> Play {
    let mut q = play.clone();
    q.hands = w.hands;
    q.committed &= w.hands[info.me as usize & (MAX_SEATS - 1)];
    q
}
