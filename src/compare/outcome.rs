//! What one played hand gives a comparison: takes a finished `Game` and the union of the two
//! rule sets' contract and figure names (`Names`), gives an `Outcome` (contract, declarer,
//! success, figures announced and won, a doubling said, payments, length), small and `Copy`, so
//! that a batch of hands' rows costs no allocation per hand.

use crate::engine::game::{Action, Game};
use crate::engine::tables::MAX_SEATS;
use crate::engine::Rules;

/// The contract and figure names of both rule sets, A's first, then B's that A lacks: a
/// measure is compared by name, so that a contract or figure that only one side has is counted
/// as never played on the other.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Names {
    pub contracts: Vec<String>,
    pub figures: Vec<String>,
    pub seats: u8,
    /// Per rule set (A, B): its contract id -> index in `contracts`, and the same for figures.
    #[serde(skip)]
    pub(crate) contract_of: [Vec<usize>; 2],
    #[serde(skip)]
    pub(crate) figure_of: [Vec<usize>; 2],
}

/// The most figures of both rule sets together (the masks of `Outcome` are 128 bits); the
/// engine plays at most 64 figures per rule set.
pub const MAX_FIGURES: usize = 128;

impl Names {
    pub fn new(a: &Rules, b: &Rules) -> Names {
        let mut n = Names {
            seats: a.variant.players,
            ..Default::default()
        };
        for (side, r) in [a, b].into_iter().enumerate() {
            for c in &r.variant.contracts {
                let at = index_of(&mut n.contracts, &c.name);
                n.contract_of[side].push(at);
            }
            for f in &r.variant.figures {
                let at = index_of(&mut n.figures, &f.name);
                n.figure_of[side].push(at);
            }
        }
        n.figures.truncate(MAX_FIGURES);
        n
    }
}

/// The index of `name` in `list`, added at the end when new.
fn index_of(list: &mut Vec<String>, name: &str) -> usize {
    match list.iter().position(|x| x == name) {
        Some(i) => i,
        None => {
            list.push(name.to_string());
            list.len() - 1
        }
    }
}

/// One hand under one rule set, as the comparison counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Thrown in (all passed).
    pub thrown_in: bool,
    /// Index in `Names::contracts`.
    pub contract: Option<usize>,
    /// The declarer's table seat.
    pub declarer: Option<u8>,
    /// The game item's result for the declarer's side (None without a declarer, or a tie).
    pub won: Option<bool>,
    /// Figures announced and figures announced and won, by index in `Names::figures`.
    pub announced: u128,
    pub figures_won: u128,
    /// A doubling level (kontra and its ladder) was said in the hand.
    pub doubled: bool,
    pub payments: [i64; MAX_SEATS],
    pub cards: u32,
    pub actions: u32,
}

impl Outcome {
    /// The outcome of the finished hand `g` of rule set `side` (0: A, 1: B; another side counts
    /// no contract or figure). The doubling is read from the history, which a comparison keeps.
    pub fn of(g: &Game, names: &Names, side: usize) -> Outcome {
        let mut o = Outcome {
            thrown_in: false,
            contract: None,
            declarer: None,
            won: None,
            announced: 0,
            figures_won: 0,
            doubled: g.history().iter().any(|(_, a)| matches!(a, Action::Kontra(_))),
            payments: [0; MAX_SEATS],
            cards: g.cards_played(),
            actions: g.actions_taken() as u32,
        };
        let Some(s) = g.result() else { return o };
        o.thrown_in = s.redeal;
        if s.redeal {
            return o;
        }
        let (contract_of, figure_of) = match (names.contract_of.get(side), names.figure_of.get(side)) {
            (Some(c), Some(f)) => (c, f),
            _ => return o,
        };
        o.contract = s.contract.and_then(|c| contract_of.get(c).copied());
        o.declarer = s.declarer;
        o.won = s.declarer.and(s.items.first().and_then(|i| i.won));
        // figures made unannounced are not announcements (as in `simulate`)
        for item in s.items.iter().skip(1).filter(|i| !i.unannounced) {
            let Some(f) = item.figure.and_then(|f| figure_of.get(f)) else {
                continue;
            };
            if *f < MAX_FIGURES {
                o.announced |= 1 << f;
                o.figures_won |= ((item.won == Some(true)) as u128) << f;
            }
        }
        o.payments = s.payments;
        o
    }
}
