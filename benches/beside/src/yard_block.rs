//! Shared by both harnesses: takes the yardstick's tables, stream and dealer, gives one block of
//! its own loop (`sim single`: deal, a random trump suit, random play) timed in ns, and quartiles.

use alsos_yardstick as yard;
use std::time::Instant;

/// The yardstick's state across blocks.
pub struct Yardstick {
    tables: yard::Tables,
    rng: yard::Rng,
    dealer: yard::Dealer,
    leader: usize,
    /// A sum of the points, so the play cannot be optimised away.
    pub check: u64,
}

impl Yardstick {
    pub fn new() -> Yardstick {
        Yardstick {
            tables: yard::Tables::new(),
            rng: yard::Rng::new(1),
            dealer: yard::Dealer::new(),
            leader: 0,
            check: 0,
        }
    }

    /// Plays `hands` hands; gives the time taken in ns.
    pub fn block(&mut self, hands: u64) -> f64 {
        let t = Instant::now();
        for _ in 0..hands {
            let deal = self.dealer.deal(&mut self.rng);
            let trump = self.rng.below(4) as usize;
            let points =
                yard::play_random::<{ yard::RULE_STANDARD }>(&self.tables, &mut self.rng, &deal, trump, self.leader);
            self.check = self.check.wrapping_add(points[0] as u64);
            self.leader = yard::next_player(self.leader);
        }
        t.elapsed().as_nanos() as f64
    }
}

/// First quartile, median and third quartile.
pub fn quartiles(v: &mut [f64]) -> [f64; 3] {
    v.sort_by(f64::total_cmp);
    let at = |q: usize| v.get(v.len() * q / 4).copied().unwrap_or(f64::NAN);
    [at(1), at(2), at(3)]
}

/// Quartiles as `q1 / median / q3` with `digits` decimals.
pub fn show(q: [f64; 3], digits: usize) -> String {
    format!("{:.*} / {:.*} / {:.*}", digits, q[0], digits, q[1], digits, q[2])
}
