//! What a seat knows of the hidden cards: takes a `Game` (in its play phase for `of`, at any
//! decision for `at`) and a seat, gives the cards it cannot see, each other position's hand size, the cards it knows a
//! position holds or nobody holds, and the cards each position cannot hold (its play duties read
//! backwards from the tricks: a suit not followed, a trump not played, a trick not headed).

use crate::engine::deal::bit;
use crate::engine::tables::MAX_SEATS;
use crate::engine::{Action, Game, Phase, Play, Seat};
use crate::model::SidesKind;

/// Why a seat's knowledge could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InfoError {
    /// The hand is not in its trick play (or has no contract).
    NotInPlay,
    /// The seat sits out this hand.
    NotActive,
    /// Cards were played but the game keeps no history (`Game::set_keep_history(false)`): the
    /// order of the cards, and so the voids, cannot be read.
    NoHistory,
}

/// The seat's knowledge, by active position.
#[derive(Debug, Clone)]
pub struct InfoSet {
    /// The observer's position.
    pub me: u8,
    /// Active positions.
    pub n: u8,
    /// The cards the observer cannot place: not his, not played, not known to lie anywhere.
    pub pool: u64,
    /// Cards each position is known to hold (laid open, shown, picked up face up).
    pub known: [u64; MAX_SEATS],
    /// Cards each position cannot hold (its duties read from the tricks).
    pub excluded: [u64; MAX_SEATS],
    /// Each position's hand size now.
    pub sizes: [u8; MAX_SEATS],
    /// Cards known to lie with nobody (the talon, discards) that are not played.
    pub known_nobody: u64,
    /// How many pool cards lie with nobody.
    pub nobody_size: u8,
    /// The card played by each position so far, in order: (position, card).
    pub played: Vec<(u8, u8)>,
    /// The position that led the first trick.
    pub first_leader: u8,
    /// The cards laid face down with the bid (played first in trick 1, exempt from the duties)
    /// that the seat knows: its own, and those already played (turned up). Another seat's card
    /// still face down is not known: only that the seat has one (`Observation::face_down`).
    pub committed: u64,
    /// The card called for a partner (`sides called-card`), when its holder decides the side.
    pub called: Option<u8>,
    /// The called card's holder when the observer knows it (his partner shown, or himself).
    pub called_holder: Option<u8>,
}

impl InfoSet {
    /// What `seat` knows now, in the trick play (`NotInPlay` elsewhere: pimc's cards).
    pub fn of(g: &Game, seat: Seat) -> Result<InfoSet, InfoError> {
        if g.phase() != Phase::Play || g.play_table().is_none() {
            return Err(InfoError::NotInPlay);
        }
        InfoSet::at(g, seat)
    }

    /// What `seat` knows now, at any decision of the hand (the auction, the talon, the partner
    /// call, the announcements, the kontras, claims, the play): the same knowledge as `of`, with
    /// the hand sizes of the stage and, before the pickup, the seat's own hidden packet among the
    /// cards it cannot place (room for `sizes[me] - known[me]` of them in its own hand). The play
    /// duties are read only once cards have been played.
    pub fn at(g: &Game, seat: Seat) -> Result<InfoSet, InfoError> {
        let me = g.pos_of(seat).ok_or(InfoError::NotActive)?.0;
        let obs = g.observation(seat);
        let play = g.play_state();
        let now = g.hands_now();
        let n = play.n.min(MAX_SEATS as u8);
        let played_cards = g.cards_played() as usize;
        // the play's cards in order: the last ones played (a play started again after a late
        // exchange leaves earlier cards in the history)
        let cards: Vec<(Seat, u8)> = obs
            .history
            .iter()
            .filter_map(|&(s, a)| match a {
                Action::Play(c) => Some((s, c)),
                _ => None,
            })
            .collect();
        if cards.len() < played_cards {
            return Err(InfoError::NoHistory);
        }
        let played: Vec<(u8, u8)> = cards
            .get(cards.len() - played_cards..)
            .unwrap_or(&[])
            .iter()
            .filter_map(|&(s, c)| g.pos_of(s).map(|p| (p.0, c)))
            .collect();
        let first_leader = played.first().map_or(play.leader, |&(p, _)| p);
        let played_mask = played.iter().fold(0u64, |m, &(_, c)| m | bit(c));

        let own = g.hand_of(seat);
        let mut sizes = [0u8; MAX_SEATS];
        let mut known = [0u64; MAX_SEATS];
        for (size, h) in sizes.iter_mut().zip(now).take(n as usize) {
            *size = h.count_ones() as u8;
        }
        // cards laid open: the defence's hands, the claimer's, shown marriages (their holders
        // are public: each showed his own)
        for p in 0..n {
            let s = g.seat_of(crate::engine::Pos(p)).0 as usize;
            known[p as usize] |= obs.open_hands.get(s).copied().unwrap_or(0);
            known[p as usize] |= obs.shown & now[p as usize];
        }
        if let Some(d) = obs.declarer.and_then(|d| g.pos_of(d)) {
            known[d.0 as usize] |= obs.open_hand;
        }
        // cards this seat saw face up: where they went was seen too (taken openly, or left)
        let nobody = g.nobody_cards();
        let seen_up = obs.talon_face_up | obs.talon_seen | obs.indicator.map(bit).unwrap_or(0);
        let mut known_nobody = seen_up & nobody;
        for (k, h) in known.iter_mut().zip(now).take(n as usize) {
            *k |= seen_up & h;
        }
        // discards the observation shows (a face-down talon draw's are left out of it), and
        // the exchanger card given for the indicator: the rule names that card, so the exchange
        // shows where it went
        for &(by, a) in &obs.history {
            match a {
                Action::Discard(c) => known_nobody |= bit(c) & nobody,
                Action::Exchange => {
                    known_nobody |= g.exchange_state().given & nobody;
                    // the exchanger who looked through the whole talon saw what he left there
                    if by == seat {
                        known_nobody |= g.talon_looked_through_by(seat) & nobody;
                    }
                }
                _ => {}
            }
        }

        // the called partner: his card decides the side until it is played
        let sides = g
            .contract()
            .and_then(|c| g.rules().variant.contracts.get(c))
            .map(|c| c.sides);
        let called = match sides {
            Some(SidesKind::CalledCard { .. }) => obs.history.iter().rev().find_map(|&(_, a)| match a {
                Action::CallCard(c) => Some(c),
                _ => None,
            }),
            _ => None,
        };
        let mut called_holder = None;
        if let Some(c) = called {
            if let Some(&(p, _)) = played.iter().find(|&&(_, x)| x == c) {
                called_holder = Some(p);
            } else if own & bit(c) != 0 {
                called_holder = Some(me);
            } else if let Some(p) = obs.partner.and_then(|s| g.pos_of(s)) {
                // a partner known to this seat holds the card
                known[p.0 as usize] |= bit(c) & !played_mask;
                called_holder = Some(p.0);
            }
        }

        known[me as usize] = own;
        for (p, k) in known.iter_mut().enumerate().take(n as usize) {
            *k &= !played_mask;
            if p != me as usize {
                *k &= !own;
            }
        }
        let placed = known.iter().fold(0u64, |m, &k| m | k) | known_nobody;
        let all = g.rules().tables.all;
        let pool = all & !played_mask & !placed & !own;
        // the room left in every hand, the seat's own hidden packet (before the pickup) too
        let in_hands: u32 = (0..n as usize)
            .map(|p| u32::from(sizes[p]) - known[p].count_ones().min(u32::from(sizes[p])))
            .sum();
        let nobody_size = pool.count_ones().saturating_sub(in_hands) as u8;

        let committed = play.committed & (own | played_mask);
        let excluded = match g.play_table() {
            Some(table) if !played.is_empty() => duty_exclusions(table, play, committed, &played, first_leader, pool),
            _ => [0u64; MAX_SEATS],
        };
        Ok(InfoSet {
            me,
            n,
            pool,
            known,
            excluded,
            sizes,
            known_nobody,
            nobody_size,
            played,
            first_leader,
            committed,
            called,
            called_holder,
        })
    }
}

/// The hands each position held at the start of the play, given its hand now (the real one
/// or a sample's) and the cards it played.
pub fn start_hands(now: &[u64; MAX_SEATS], played: &[(u8, u8)]) -> [u64; MAX_SEATS] {
    let mut h = *now;
    for &(p, c) in played {
        if let Some(x) = h.get_mut(p as usize) {
            *x |= bit(c);
        }
    }
    h
}

/// A play at its first lead with these hands, carrying what the play keeps beside the cards
/// (kept cards, the early end) from `like`, and the face-down cards the seat knows
/// (`InfoSet::committed`: not `like`'s, which holds the other seats' unseen cards).
pub fn replay_start(like: &Play, hands: &[u64; MAX_SEATS], leader: u8, committed: u64) -> Play {
    let mut q = Play::new(like.n, hands, leader);
    q.keep_until = like.keep_until;
    q.early_end = like.early_end;
    q.committed = committed;
    duties_in_force(&mut q, like, 0);
    q
}

/// Sets the kept cards of `q`, a replay of `like` after `placed` cards, to those in force then:
/// a keep binds only the plays made from its announcement on (`Play::keep_from`).
pub fn duties_in_force(q: &mut Play, like: &Play, placed: usize) {
    for p in 0..MAX_SEATS {
        q.keep[p] = if placed >= usize::from(like.keep_from[p]) {
            like.keep[p]
        } else {
            0
        };
    }
}

/// The cards of `pool` each position cannot hold: a card played is legal from a hand exactly
/// when it is legal beside each other card of that hand alone (the duties rank the cards in
/// tiers: follow, then trump, then beat), so `x` is excluded when the card played would have
/// been illegal from the two cards {played, x}. The tricks are replayed on the real hands for
/// their state (the led suit, the card winning), which the cards played fix.
fn duty_exclusions(
    t: &crate::engine::PlayTable,
    play: &Play,
    committed: u64,
    played: &[(u8, u8)],
    first_leader: u8,
    pool: u64,
) -> [u64; MAX_SEATS] {
    let mut excluded = [0u64; MAX_SEATS];
    let hands = start_hands(&play.hands, played);
    let mut q = replay_start(play, &hands, first_leader, committed);
    for (i, &(p, c)) in played.iter().enumerate() {
        duties_in_force(&mut q, play, i);
        let pi = p as usize & (MAX_SEATS - 1);
        let mut m = pool & !excluded[pi];
        while m != 0 {
            let x = m.trailing_zeros() as u8;
            m &= m - 1;
            let mut probe = q.clone();
            probe.hands[pi] = bit(c) | bit(x);
            if probe.legal(t) & bit(c) == 0 {
                excluded[pi] |= bit(x);
            }
        }
        q.place(t, c);
    }
    excluded
}
