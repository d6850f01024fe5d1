//! The moves searched at a node: takes the play position and the legal cards, gives one card
//! for each class of equivalent cards, best guesses first (win the trick cheaply, give points
//! to a partner who wins it, else discard the cheapest), in a fixed array: nothing allocated.

use crate::engine::tables::{PlayTable, MAX_CARDS, MAX_SEATS};
use crate::engine::Play;

/// The cards to try at one node, in the order to try them.
pub(super) struct Moves {
    pub cards: [u8; MAX_CARDS],
    pub len: usize,
}

#[inline]
fn bit(c: u8) -> u64 {
    1u64 << (c as usize & (MAX_CARDS - 1))
}

/// The card winning the trick in progress and its position (the leader's when none is played).
pub(super) fn trick_winner(t: &PlayTable, p: &Play) -> (u8, u8) {
    let n = p.n.max(1);
    let mut card = p.trick[0];
    let mut pos = p.leader;
    for i in 1..(p.trick_len as usize).min(MAX_SEATS) {
        let c = p.trick[i];
        if t.beats[card as usize & (MAX_CARDS - 1)] & bit(c) != 0 {
            card = c;
            pos = (p.leader + i as u8) % n;
        }
    }
    (card, pos)
}

/// Whether `a` and `b`, both in the mover's hand, are the same move: one suit, equal points,
/// both kept or neither, and no card between them in the trick order that another player holds
/// or that lies in the trick (`loose`: the cards in other hands or on the table).
#[inline]
fn equivalent(t: &PlayTable, kept: u64, loose: u64, a: u8, b: u8) -> bool {
    let (ia, ib) = (a as usize & (MAX_CARDS - 1), b as usize & (MAX_CARDS - 1));
    if t.suit_masks[ia] != t.suit_masks[ib] || t.points[ia] != t.points[ib] {
        return false;
    }
    if (kept & bit(a) == 0) != (kept & bit(b) == 0) {
        return false;
    }
    let suit = t.suit_masks[ia];
    let (lo, hi) = if t.beats[ia] & bit(b) != 0 {
        (ia, ib)
    } else if t.beats[ib] & bit(a) != 0 {
        (ib, ia)
    } else {
        // equal strength: the same card to everything else when beaten by the same cards
        return t.beats[ia] == t.beats[ib];
    };
    let between = t.beats[lo] & suit & !t.beats[hi] & !(1u64 << hi);
    between & loose == 0
}

/// Whether cards `a` and `b` of the position to play are the same move (`equivalent`, with its
/// hand's kept cards and the cards outside it).
pub(super) fn same_move(t: &PlayTable, p: &Play, a: u8, b: u8) -> bool {
    let me = p.to_play as usize & (MAX_SEATS - 1);
    let mut loose = p.trick_mask();
    for (q, h) in p.hands.iter().enumerate().take(p.n as usize) {
        if q != me {
            loose |= h;
        }
    }
    equivalent(t, p.keep[me], loose, a, b)
}

/// The moves of the position to play: `legal` collapsed into classes and ordered.
pub(super) fn moves(t: &PlayTable, p: &Play, legal: u64, side: u16) -> Moves {
    let mut out = Moves {
        cards: [0; MAX_CARDS],
        len: 0,
    };
    let me = p.to_play as usize & (MAX_SEATS - 1);
    let mut others = 0u64;
    for (q, h) in p.hands.iter().enumerate().take(p.n as usize) {
        if q != me {
            others |= h;
        }
    }
    let loose = others | p.trick_mask();
    let kept = p.keep[me];
    let mut scores = [0i32; MAX_CARDS];
    let (win_card, win_pos) = trick_winner(t, p);
    let my_team = side & (1 << me) != 0;
    let partner_winning = p.trick_len > 0 && (side & (1 << (win_pos as usize & (MAX_SEATS - 1))) != 0) == my_team;
    let last = p.trick_len + 1 >= p.n;
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        if out.cards[..out.len].iter().any(|&r| equivalent(t, kept, loose, c, r)) {
            continue;
        }
        let ci = c as usize & (MAX_CARDS - 1);
        let pts = t.points[ci];
        let beaten_by = (t.beats[ci] & others).count_ones() as i32;
        let score = if p.trick_len == 0 {
            // a card nobody can beat takes its trick for sure; else lead what risks least
            if beaten_by == 0 {
                1000 + pts
            } else {
                500 - 8 * beaten_by - pts
            }
        } else {
            let takes = t.beats[win_card as usize & (MAX_CARDS - 1)] & bit(c) != 0;
            match (partner_winning, takes) {
                (true, false) => 600 + pts,
                (true, true) => 100 + pts,
                // the last to play wins with his cheapest winner; earlier, with one that holds
                (false, true) if last => 900 + pts - (t.beats[ci].count_ones() as i32 >> 2),
                (false, true) => 800 + pts - 8 * beaten_by,
                (false, false) => 300 - 4 * pts - (64 - t.beats[ci].count_ones() as i32),
            }
        };
        // insertion into the ordered list: a handful of cards
        let mut i = out.len;
        while i > 0 && scores[i - 1] < score {
            out.cards[i] = out.cards[i - 1];
            scores[i] = scores[i - 1];
            i -= 1;
        }
        out.cards[i] = c;
        scores[i] = score;
        out.len += 1;
    }
    out
}
