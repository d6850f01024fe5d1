//! The search: takes a play position, its play table and an `Objective`, gives the value of the
//! rest by fail-soft alpha-beta over the equivalence classes of the legal cards (`moves.rs`),
//! with bounds kept at trick starts (`tt.rs`) and a node budget beyond which it gives up.

use super::moves::{moves, same_move};
use super::objective::{Count, Objective};
use super::tt::{Key, Table};
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
/// side if he becomes the partner).
#[derive(Clone)]
struct Node {
    play: Play,
    side: u16,
    pending: [i32; MAX_SEATS],
}

/// A double-dummy solver; keep one and reuse it (its table is allocated once, in `new`).
pub struct Solver {
    tt: Table,
    nodes: u64,
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

    fn start(&mut self) {
        self.tt.clear();
        self.nodes = 0;
        self.over = false;
    }

    fn root(p: &Play, obj: &Objective) -> Node {
        Node {
            play: p.clone(),
            side: obj.side,
            pending: [0; MAX_SEATS],
        }
    }

    /// The exact value for the declarer's side of the tricks still to be completed (the trick
    /// in progress included), both sides playing their best.
    pub fn value(&mut self, t: &PlayTable, p: &Play, obj: &Objective) -> Result<i32, OverBudget> {
        self.start();
        let v = self.search(t, obj, &Solver::root(p, obj), -INF, INF);
        if self.over {
            Err(OverBudget)
        } else {
            Ok(v)
        }
    }

    /// Whether the value is at least `threshold`: one null-window search, which cuts off far
    /// more than the exact value's.
    pub fn at_least(&mut self, t: &PlayTable, p: &Play, obj: &Objective, threshold: i32) -> Result<bool, OverBudget> {
        self.start();
        let v = self.search(t, obj, &Solver::root(p, obj), threshold - 1, threshold);
        if self.over {
            Err(OverBudget)
        } else {
            Ok(v >= threshold)
        }
    }

    /// The value and the legal cards that keep it (every one of them, equivalent cards too).
    pub fn best_cards(&mut self, t: &PlayTable, p: &Play, obj: &Objective) -> Result<(i32, u64), OverBudget> {
        let v = self.value(t, p, obj)?;
        let root = Solver::root(p, obj);
        let maximizing = self.maximizing(obj, &root);
        let mut best = 0u64;
        let mut m = p.legal(t);
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let mut child = root.clone();
            let done = child.play.place(t, c);
            let gain = Solver::gain(obj, &mut child, done);
            // a null window at the value: the card keeps it or it does not
            let (alpha, beta) = if maximizing { (v - 1, v) } else { (v, v + 1) };
            let cv = gain + self.search(t, obj, &child, alpha - gain, beta - gain);
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
        self.start();
        let root = Solver::root(p, obj);
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
                    let gain = Solver::gain(obj, &mut child, done);
                    let v = gain + self.search(t, obj, &child, -INF, INF);
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

    /// What a completed trick adds to the value, and the side it fixes (`sides trick-winner`).
    #[inline]
    fn gain(obj: &Objective, n: &mut Node, done: Option<TrickDone>) -> i32 {
        let Some(d) = done else { return 0 };
        let unit = match obj.count {
            Count::Points => d.points,
            Count::Tricks => 1,
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

    fn search(&mut self, t: &PlayTable, obj: &Objective, n: &Node, alpha: i32, beta: i32) -> i32 {
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
        let key = (p.trick_len == 0 && decided).then(|| Key::of(&p.hands, p.n, p.leader, p.tricks_played, n.side));
        if let Some(k) = key {
            if let Some((lo, hi)) = self.tt.probe(k) {
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
        let mv = moves(t, p, legal, n.side);
        let mut best = if maximizing { -INF } else { INF };
        for &c in mv.cards.iter().take(mv.len) {
            let mut child = n.clone();
            let done = child.play.place(t, c);
            let gain = Solver::gain(obj, &mut child, done);
            let v = gain + self.search(t, obj, &child, alpha - gain, beta - gain);
            if self.over {
                return 0;
            }
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            if best <= alpha0 {
                self.tt.store(k, -INF, best);
            } else if best >= beta0 {
                self.tt.store(k, best, INF);
            } else {
                self.tt.store(k, best, best);
            }
        }
        best
    }
}
