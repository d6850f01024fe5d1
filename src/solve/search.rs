//! The search: takes a play position, its play table and an `Objective`, gives the value of the
//! rest by fail-soft alpha-beta over the equivalence classes of the legal cards (`moves.rs`),
//! with bounds kept at trick starts (`tt.rs`) and a node budget beyond which it gives up.

use super::moves::{moves, same_move, Moves};
use super::objective::{Count, Objective};
use super::tt::{Key, Table, NONE};
use crate::engine::play::TrickDone;
use crate::engine::tables::{PlayTable, MAX_CARDS, MAX_SEATS};
use crate::engine::Play;

/// Beyond every value: card points and tricks stay far below it, so `alpha - gain` never wraps.
const INF: i32 = 1 << 20;

/// The node budget ran out before the answer was known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverBudget;

/// One node: the play, the side as far as it is known, and while a partner is still to be
/// decided by a trick, what each other position has taken since the root (it counts for the
/// side if he becomes the partner). The search walks one node in place (`Play::unplace`).
#[derive(Clone)]
struct Node {
    play: Play,
    side: u16,
    pending: [i32; MAX_SEATS],
    /// What the cards still out (in hands and in the trick) can add at least and at most: the
    /// value of the rest lies in `lo..=hi` once the side is decided.
    lo: i32,
    hi: i32,
}

/// A double-dummy solver; keep one and reuse it (its table is allocated once, in `new`).
pub struct Solver {
    tt: Table,
    nodes: u64,
    /// The nodes at a trick start (what the yardstick counts).
    trick_nodes: u64,
    /// Whether some card or the last-trick bonus has negative points in this query's table.
    signed: bool,
    budget: u64,
    over: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with no node budget (it searches to the end).
    pub fn new() -> Solver {
        Solver {
            tt: Table::new(),
            nodes: 0,
            trick_nodes: 0,
            signed: false,
            budget: u64::MAX,
            over: false,
        }
    }

    /// Gives up (`OverBudget`) after this many nodes in one query.
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// The nodes the last query visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The nodes of the last query that start a trick.
    pub fn trick_nodes(&self) -> u64 {
        self.trick_nodes
    }

    fn start(&mut self, t: &PlayTable) {
        self.tt.clear();
        self.nodes = 0;
        self.trick_nodes = 0;
        self.over = false;
        self.signed = t.last_trick < 0 || t.points.iter().any(|&v| v < 0);
    }

    fn root(t: &PlayTable, p: &Play, obj: &Objective) -> Node {
        let mut out = p.trick_mask();
        for h in p.hands.iter().take(p.n as usize) {
            out |= h;
        }
        let (lo, hi) = match obj.count {
            Count::Tricks => (0, (p.total_tricks - p.tricks_played.min(p.total_tricks)) as i32),
            Count::Points => {
                let (lo, hi) = signed_points(t, out);
                if p.is_over() {
                    (lo, hi)
                } else {
                    (lo + t.last_trick.min(0), hi + t.last_trick.max(0))
                }
            }
        };
        Node {
            play: p.clone(),
            side: obj.side,
            pending: [0; MAX_SEATS],
            lo,
            hi,
        }
    }

    /// The exact value for the declarer's side of the tricks still to be completed (the trick
    /// in progress included), both sides playing their best.
    pub fn value(&mut self, t: &PlayTable, p: &Play, obj: &Objective) -> Result<i32, OverBudget> {
        self.start(t);
        let v = self.search(t, obj, &mut Solver::root(t, p, obj), -INF, INF);
        if self.over {
            Err(OverBudget)
        } else {
            Ok(v)
        }
    }

    /// Whether the value is at least `threshold`: one null-window search, which cuts off far
    /// more than the exact value's.
    pub fn at_least(&mut self, t: &PlayTable, p: &Play, obj: &Objective, threshold: i32) -> Result<bool, OverBudget> {
        self.start(t);
        let v = self.search(t, obj, &mut Solver::root(t, p, obj), threshold - 1, threshold);
        if self.over {
            Err(OverBudget)
        } else {
            Ok(v >= threshold)
        }
    }

    /// The value and the legal cards that keep it (every one of them, equivalent cards too).
    pub fn best_cards(&mut self, t: &PlayTable, p: &Play, obj: &Objective) -> Result<(i32, u64), OverBudget> {
        let v = self.value(t, p, obj)?;
        let root = Solver::root(t, p, obj);
        let maximizing = self.maximizing(obj, &root);
        let mut best = 0u64;
        let mut m = p.legal(t);
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let mut child = root.clone();
            let done = child.play.place(t, c);
            let gain = self.gain(t, obj, &mut child, done, p.trick_mask() | 1u64 << c);
            // a null window at the value: the card keeps it or it does not
            let (alpha, beta) = if maximizing { (v - 1, v) } else { (v, v + 1) };
            let cv = gain + self.search(t, obj, &mut child, alpha - gain, beta - gain);
            if self.over {
                return Err(OverBudget);
            }
            if (maximizing && cv >= v) || (!maximizing && cv <= v) {
                best |= 1u64 << c;
            }
        }
        Ok((v, best))
    }

    /// The exact value of each legal card: playing it, then both sides their best (what a
    /// sampling player averages over its worlds). Writes `values[c]` for every card `c` of the
    /// returned mask of legal cards; a card equivalent to one searched (`moves.rs`) takes its
    /// value, and one table serves every card, so later cards search less.
    pub fn card_values(
        &mut self,
        t: &PlayTable,
        p: &Play,
        obj: &Objective,
        values: &mut [i32; MAX_CARDS],
    ) -> Result<u64, OverBudget> {
        self.start(t);
        let root = Solver::root(t, p, obj);
        let legal = p.legal(t);
        let mut searched = 0u64;
        let mut m = legal;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let mut same = searched;
            let mut twin = None;
            while same != 0 {
                let r = same.trailing_zeros() as u8;
                same &= same - 1;
                if same_move(t, p, c, r) {
                    twin = Some(r);
                    break;
                }
            }
            let v = match twin.and_then(|r| values.get(r as usize).copied()) {
                Some(v) => v,
                None => {
                    let mut child = root.clone();
                    let done = child.play.place(t, c);
                    let gain = self.gain(t, obj, &mut child, done, p.trick_mask() | 1u64 << c);
                    let v = gain + self.search(t, obj, &mut child, -INF, INF);
                    if self.over {
                        return Err(OverBudget);
                    }
                    searched |= 1u64 << c;
                    v
                }
            };
            if let Some(slot) = values.get_mut(c as usize) {
                *slot = v;
            }
        }
        Ok(legal)
    }

    /// Whether the position to play wants the value high.
    #[inline]
    fn maximizing(&self, obj: &Objective, n: &Node) -> bool {
        let mover = n.play.to_play as usize & (MAX_SEATS - 1);
        (n.side & (1 << mover) != 0) == obj.side_maximizes
    }

    /// What a completed trick adds to the value, and the side it fixes (`sides trick-winner`);
    /// its cards (`cards`) leave the bounds of what is still out.
    #[inline]
    fn gain(&self, t: &PlayTable, obj: &Objective, n: &mut Node, done: Option<TrickDone>, cards: u64) -> i32 {
        let Some(d) = done else { return 0 };
        let unit = match obj.count {
            Count::Points => {
                if self.signed {
                    let (mut lo, mut hi) = signed_points(t, cards);
                    if n.play.tricks_played >= n.play.total_tricks {
                        lo += t.last_trick.min(0);
                        hi += t.last_trick.max(0);
                    }
                    n.lo -= lo;
                    n.hi -= hi;
                } else {
                    n.hi -= d.points;
                }
                d.points
            }
            Count::Tricks => {
                n.hi -= 1;
                1
            }
        };
        let w = d.winner as usize & (MAX_SEATS - 1);
        if n.side & (1 << w) != 0 {
            return unit;
        }
        match obj.partner_trick {
            Some(k) if n.play.tricks_played == k + 1 => {
                // he joins the side, with what he took before
                n.side |= 1 << w;
                let before = n.pending[w];
                n.pending = [0; MAX_SEATS];
                unit + before
            }
            Some(k) if n.play.tricks_played <= k => {
                n.pending[w] += unit;
                0
            }
            _ => 0,
        }
    }

    fn search(&mut self, t: &PlayTable, obj: &Objective, n: &mut Node, alpha: i32, beta: i32) -> i32 {
        let p = &n.play;
        if p.is_over() || self.over {
            return 0;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.over = true;
            return 0;
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let decided = obj.partner_trick.is_none_or(|k| p.tricks_played > k);
        if decided {
            // what is still out bounds the rest: a window beyond it is answered at once
            if n.hi <= alpha || n.lo == n.hi {
                return n.hi;
            }
            if n.lo >= beta {
                return n.lo;
            }
            alpha = alpha.max(n.lo - 1);
            beta = beta.min(n.hi);
        }
        if p.trick_len == 0 {
            self.trick_nodes += 1;
        }
        // the last trick is forced: searching it costs less than a probe
        let keyed = p.trick_len == 0 && decided && p.tricks_played + 1 < p.total_tricks;
        let key = keyed.then(|| Key::of(&p.hands, p.n, p.leader, p.tricks_played, n.side));
        let mut hint = NONE;
        if let Some(k) = key {
            if let Some((lo, hi, best)) = self.tt.probe(k) {
                hint = best;
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let legal = p.legal(t);
        if legal == 0 {
            return 0;
        }
        let maximizing = self.maximizing(obj, n);
        let mut mv = if legal & (legal - 1) == 0 {
            // one legal card: nothing to collapse or order
            let mut one = Moves {
                cards: [0; MAX_CARDS],
                len: 1,
            };
            one.cards[0] = legal.trailing_zeros() as u8;
            one
        } else {
            moves(t, p, legal, n.side)
        };
        if hint != NONE {
            // the card that gave the stored bound first, the others in their order
            if let Some(i) = mv.cards.iter().take(mv.len).position(|&c| c == hint) {
                mv.cards[..=i].rotate_right(1);
            }
        }
        let trick = p.trick_mask();
        let mut best = if maximizing { -INF } else { INF };
        let mut best_card = NONE;
        for &c in mv.cards.iter().take(mv.len) {
            // the card is played in place and taken back after: no copy of the position
            let undo = n.play.undo_point();
            let (side, lo, hi) = (n.side, n.lo, n.hi);
            let pending = n.pending;
            let done = n.play.place(t, c);
            let gain = self.gain(t, obj, n, done, trick | 1u64 << c);
            let v = gain + self.search(t, obj, n, alpha - gain, beta - gain);
            n.play.unplace(c, &undo, done);
            (n.side, n.lo, n.hi) = (side, lo, hi);
            n.pending = pending;
            if self.over {
                return 0;
            }
            if (maximizing && v > best) || (!maximizing && v < best) {
                best = v;
                best_card = c;
            }
            if maximizing {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            if best <= alpha0 {
                self.tt.store(k, -INF, best, best_card);
            } else if best >= beta0 {
                self.tt.store(k, best, INF, best_card);
            } else {
                self.tt.store(k, best, best, best_card);
            }
        }
        best
    }
}

/// The sums of the negative and of the positive card points of the cards of a mask.
fn signed_points(t: &PlayTable, mut m: u64) -> (i32, i32) {
    let (mut lo, mut hi) = (0, 0);
    while m != 0 {
        let v = t.points[m.trailing_zeros() as usize & (MAX_CARDS - 1)];
        m &= m - 1;
        if v < 0 {
            lo += v;
        } else {
            hi += v;
        }
    }
    (lo, hi)
}
