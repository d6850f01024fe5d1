//! The heuristic bot's card play: takes a seat's `View` and its legal cards, gives the card to
//! play by the play table alone (`beats`, trumps, card points): win a trick with the cheapest
//! card that wins it, smear points onto a trick the side holds safely, throw the least card
//! when the trick is lost, lead sure winners (trumps first for the declarer's side) or a low
//! card of the longest suit; in a contract where a side wants no tricks, the mirror of that.

use super::strength::Aim;
use super::View;
use crate::engine::PlayTable;

const fn bit(c: u8) -> u64 {
    1u64 << (c & 63)
}

/// How weak a card is in table `t`: the number of cards that would take the trick from it.
#[inline]
fn weakness(t: &PlayTable, c: u8) -> u32 {
    t.beats[c as usize & 63].count_ones()
}

#[inline]
fn points(t: &PlayTable, c: u8) -> i32 {
    t.points[c as usize & 63]
}

/// The card of `m` with the smallest `key` (ties to the lowest id); 64 when `m` is empty.
#[inline]
fn min_by(mut m: u64, key: impl Fn(u8) -> i64) -> u8 {
    let mut best = 64u8;
    let mut best_key = i64::MAX;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        let k = key(c);
        if k < best_key {
            best_key = k;
            best = c;
        }
    }
    best
}

/// The least card to throw: few points, not a trump, and the weakest.
pub(super) fn lowest(t: &PlayTable, m: u64) -> u8 {
    min_by(m, |c| {
        let trump = (t.trump_mask & bit(c) != 0) as i64;
        trump * 100_000 + points(t, c) as i64 * 100 - weakness(t, c) as i64
    })
}

/// The cheapest card that wins: the weakest of them, then the fewest points.
fn cheapest(t: &PlayTable, m: u64) -> u8 {
    min_by(m, |c| -(weakness(t, c) as i64) * 1000 + points(t, c) as i64)
}

/// The strongest card: the one fewest cards beat, then the most points.
fn strongest(t: &PlayTable, m: u64) -> u8 {
    min_by(m, |c| weakness(t, c) as i64 * 1000 - points(t, c) as i64)
}

/// The card with the most points, not a trump if it can be helped, then the weakest.
fn richest(t: &PlayTable, m: u64) -> u8 {
    min_by(m, |c| {
        let trump = (t.trump_mask & bit(c) != 0) as i64;
        trump * 100_000 - points(t, c) as i64 * 100 - weakness(t, c) as i64
    })
}

/// The card this seat plays from `legal` (not empty); `aim` is what the contract asks of the
/// declarer's side, `declarer_side` whether the seat knows it is on that side.
pub fn choose_card(v: &View<'_>, t: &PlayTable, legal: u64, aim: Aim, declarer_side: bool) -> u8 {
    if legal.count_ones() == 1 {
        return legal.trailing_zeros() as u8;
    }
    let n = v.active().max(1);
    let (leader, trick) = v.trick();
    let hand = v.hand();
    // the cards another seat (or the talon) may still hold
    let unseen = v.rules().tables.all & !hand & !v.played();
    let avoid = match aim {
        Aim::EveryoneAvoids => true,
        Aim::NoTricks => declarer_side,
        Aim::Share(_) => false,
    };
    // the defence against a declarer who wants no tricks: make him take one
    let push = matches!(aim, Aim::NoTricks) && !declarer_side;
    let Some(&first) = trick.first() else {
        return lead(t, legal, hand, unseen, avoid || push, declarer_side);
    };
    let mut winner = first;
    let mut winner_at = 0usize;
    for (i, &c) in trick.iter().enumerate().skip(1) {
        if t.beats[winner as usize & 63] & bit(c) != 0 {
            winner = c;
            winner_at = i;
        }
    }
    let winner_pos = (leader.0 as usize + winner_at) % n as usize;
    let after_me = n as usize - 1 - trick.len();
    let beaters = legal & t.beats[winner as usize & 63];
    let others = legal & !beaters;
    if avoid {
        // under the winning card with the highest card that stays under, else win as late as
        // possible: last to play, with the strongest (it is gone for later)
        if others != 0 {
            return strongest(t, others);
        }
        return if after_me == 0 {
            strongest(t, beaters)
        } else {
            cheapest(t, beaters)
        };
    }
    if push {
        let declarer_pos = v.declarer().and_then(|s| v.pos_of(s));
        let declarer_to_come = declarer_pos
            .is_some_and(|d| (0..after_me).any(|k| (v.to_act().0 as usize + 1 + k) % n as usize == d.0 as usize));
        let declarer_winning = declarer_pos.is_some_and(|d| d.0 as usize == winner_pos);
        if declarer_winning || declarer_to_come {
            // stay under so that his card takes the trick
            return if others != 0 {
                strongest(t, others)
            } else {
                cheapest(t, beaters)
            };
        }
        // the trick is the defence's anyway: get rid of a high card
        return strongest(t, legal);
    }
    let ours = v.side() & (1 << winner_pos) != 0;
    if ours {
        let safe = after_me == 0 || t.beats[winner as usize & 63] & unseen == 0;
        if safe {
            return if others != 0 {
                richest(t, others)
            } else {
                richest(t, legal)
            };
        }
        return if others != 0 {
            lowest(t, others)
        } else {
            cheapest(t, beaters)
        };
    }
    if beaters != 0 {
        if after_me == 0 {
            return cheapest(t, beaters);
        }
        // a card nothing unseen beats wins for sure
        let mut sure = 0;
        let mut m = beaters;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if t.beats[c as usize & 63] & unseen == 0 {
                sure |= bit(c);
            }
        }
        if sure != 0 {
            return cheapest(t, sure);
        }
        let on_table: i32 = trick.iter().map(|&c| points(t, c)).sum();
        if on_table > 0 || !t.counts_points {
            return cheapest(t, beaters);
        }
    }
    lowest(t, others | if others == 0 { legal } else { 0 })
}

/// A lead: sure winners first (a top trump first for the declarer's side while trumps are out),
/// else a low card of the longest plain suit; when the seat wants its opponents to take the
/// tricks (`low`), its weakest card.
fn lead(t: &PlayTable, legal: u64, hand: u64, unseen: u64, low: bool, declarer_side: bool) -> u8 {
    if low {
        return min_by(legal, |c| -(weakness(t, c) as i64) * 1000 - points(t, c) as i64);
    }
    let mut top = 0;
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        let ci = c as usize & 63;
        let own = if t.trump_mask & bit(c) != 0 {
            t.trump_mask
        } else {
            t.suit_masks[ci]
        };
        if t.beats[ci] & own & unseen == 0 {
            top |= bit(c);
        }
    }
    let trumps_out = unseen & t.trump_mask != 0;
    let top_trumps = top & t.trump_mask;
    if declarer_side && trumps_out && top_trumps != 0 {
        return strongest(t, top_trumps);
    }
    // a plain top card is sure while the others cannot trump it
    let plain_top = top & !t.trump_mask;
    if plain_top != 0 && (!trumps_out || declarer_side) {
        return richest(t, plain_top);
    }
    if top_trumps != 0 && declarer_side {
        return strongest(t, top_trumps);
    }
    // the longest plain suit, its weakest card
    let plain = legal & !t.trump_mask;
    let pool = if plain != 0 { plain } else { legal };
    min_by(pool, |c| {
        let len = (hand & t.suit_masks[c as usize & 63]).count_ones() as i64;
        -len * 10_000 - weakness(t, c) as i64 * 10 + points(t, c) as i64
    })
}
