//! The measures of a comparison: takes the paired `Outcome`s of each hand (A and B), keeps the
//! integer sums of every measure (`Measures`: contract mix, declarer success per contract,
//! figure rates, doublings, payments per seat, hand length) and a bounded payment histogram,
//! and gives them as values, differences and 95% intervals (`Results`, the `--json` shape):
//! rates by Wilson and Newcombe (within 0-100%), means by the delta method, every measure of a
//! table tested together under Holm's correction.

use super::outcome::{Names, Outcome};
use crate::stats::{correct, Difference, Moments};
use std::collections::BTreeMap;

/// Sums of every measure over a set of hands (all hands, or the hands played differently).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Measures {
    pub hands: u64,
    /// Per contract: played (over hands) and declarer's side won (over its hands with a result).
    pub share: Vec<Moments>,
    pub success: Vec<Moments>,
    pub success_all: Moments,
    pub thrown_in: Moments,
    /// Per figure: announced (over hands) and won (over its announcements).
    pub announced: Vec<Moments>,
    pub figure_won: Vec<Moments>,
    pub doubled: Moments,
    /// Per table seat.
    pub payment: Vec<Moments>,
    /// Per table seat, (payment, payment²) under A and B: the variance and its interval.
    #[serde(default)]
    pub payment_square: Vec<Moments>,
    pub cards: Moments,
    pub actions: Moments,
}

impl Measures {
    pub fn new(names: &Names) -> Measures {
        let (c, f) = (names.contracts.len(), names.figures.len());
        Measures {
            share: vec![Moments::default(); c],
            success: vec![Moments::default(); c],
            announced: vec![Moments::default(); f],
            figure_won: vec![Moments::default(); f],
            payment: vec![Moments::default(); names.seats as usize],
            payment_square: vec![Moments::default(); names.seats as usize],
            ..Default::default()
        }
    }

    pub fn add(&mut self, a: &Outcome, b: &Outcome) {
        let i = |x: bool| x as i64;
        self.hands += 1;
        for (c, (share, success)) in self.share.iter_mut().zip(self.success.iter_mut()).enumerate() {
            let (pa, pb) = (a.contract == Some(c), b.contract == Some(c));
            share.add_mean(i(pa), i(pb));
            let counted = |o: &Outcome, p: bool| i(p && o.won.is_some());
            success.add(
                i(pa && a.won == Some(true)),
                counted(a, pa),
                i(pb && b.won == Some(true)),
                counted(b, pb),
            );
        }
        self.success_all.add(
            i(a.won == Some(true)),
            i(a.won.is_some()),
            i(b.won == Some(true)),
            i(b.won.is_some()),
        );
        self.thrown_in.add_mean(i(a.thrown_in), i(b.thrown_in));
        for (f, (ann, won)) in self.announced.iter_mut().zip(self.figure_won.iter_mut()).enumerate() {
            let bit = |m: u128| i(m >> f & 1 == 1);
            ann.add_mean(bit(a.announced), bit(b.announced));
            won.add(
                bit(a.figures_won),
                bit(a.announced),
                bit(b.figures_won),
                bit(b.announced),
            );
        }
        self.doubled.add_mean(i(a.doubled), i(b.doubled));
        for (s, p) in self.payment.iter_mut().enumerate() {
            let pay = |o: &Outcome| o.payments.get(s).copied().unwrap_or(0);
            p.add_mean(pay(a), pay(b));
            if let Some(q) = self.payment_square.get_mut(s) {
                let (x, y) = (pay(a), pay(b));
                q.add(x, x.saturating_mul(x), y, y.saturating_mul(y));
            }
        }
        self.cards.add_mean(a.cards as i64, b.cards as i64);
        self.actions.add_mean(a.actions as i64, b.actions as i64);
    }

    pub fn merge(&mut self, o: &Measures) {
        self.hands += o.hands;
        let all = |x: &mut Vec<Moments>, y: &Vec<Moments>| {
            for (p, q) in x.iter_mut().zip(y) {
                p.merge(q);
            }
        };
        all(&mut self.share, &o.share);
        all(&mut self.success, &o.success);
        all(&mut self.announced, &o.announced);
        all(&mut self.figure_won, &o.figure_won);
        all(&mut self.payment, &o.payment);
        all(&mut self.payment_square, &o.payment_square);
        for (p, q) in [
            (&mut self.success_all, &o.success_all),
            (&mut self.thrown_in, &o.thrown_in),
            (&mut self.doubled, &o.doubled),
            (&mut self.cards, &o.cards),
            (&mut self.actions, &o.actions),
        ] {
            p.merge(q);
        }
    }

    /// The values, differences and intervals of every measure.
    pub fn results(&self, names: &Names, paired: bool) -> Results {
        let d = |m: &Moments| m.difference(paired);
        let rate = |m: &Moments| m.rate_difference(paired);
        // sums read back from a shard's file may be short of the names: count the rest as none
        let at = |v: &[Moments], i: usize| v.get(i).copied().unwrap_or_default();
        let mut r = Results {
            hands: self.hands,
            tested: 0,
            correction: CORRECTION,
            contracts: names
                .contracts
                .iter()
                .enumerate()
                .map(|(c, name)| ContractResult {
                    name: name.clone(),
                    share: rate(&at(&self.share, c)),
                    declarer_success: rate(&at(&self.success, c)),
                })
                .collect(),
            declarer_success: rate(&self.success_all),
            thrown_in: rate(&self.thrown_in),
            figures: names
                .figures
                .iter()
                .enumerate()
                .map(|(f, name)| FigureResult {
                    name: name.clone(),
                    announced: rate(&at(&self.announced, f)),
                    success: rate(&at(&self.figure_won, f)),
                })
                .collect(),
            doubled: rate(&self.doubled),
            payments: self
                .payment
                .iter()
                .enumerate()
                .map(|(seat, m)| PaymentResult {
                    seat: seat as u8,
                    mean: d(m),
                    variance: at(&self.payment_square, seat).variance_difference(paired),
                })
                .collect(),
            cards_played: d(&self.cards),
            actions: d(&self.actions),
        };
        r.tested = correct(&mut r.measures_mut());
        r
    }
}

/// The correction for multiple measures, as the output names it.
pub const CORRECTION: &str = "holm";

/// Every measure compared (see docs/simulate.md, "Compare two rule sets", for the fields).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Results {
    pub hands: u64,
    /// How many measures were tested (not alike on every hand, not too few hands) together.
    pub tested: usize,
    /// The correction of their p-values: Holm's step-down.
    pub correction: &'static str,
    pub contracts: Vec<ContractResult>,
    pub declarer_success: Difference,
    pub thrown_in: Difference,
    pub figures: Vec<FigureResult>,
    pub doubled: Difference,
    pub payments: Vec<PaymentResult>,
    pub cards_played: Difference,
    pub actions: Difference,
}

impl Results {
    /// Every measure of the table, in its order (the family Holm's correction is over).
    pub fn measures_mut(&mut self) -> Vec<&mut Difference> {
        let mut v = Vec::new();
        for c in &mut self.contracts {
            v.push(&mut c.share);
            v.push(&mut c.declarer_success);
        }
        v.push(&mut self.thrown_in);
        v.push(&mut self.declarer_success);
        for f in &mut self.figures {
            v.push(&mut f.announced);
            v.push(&mut f.success);
        }
        v.push(&mut self.doubled);
        for p in &mut self.payments {
            v.push(&mut p.mean);
            v.push(&mut p.variance);
        }
        v.push(&mut self.cards_played);
        v.push(&mut self.actions);
        v
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ContractResult {
    pub name: String,
    pub share: Difference,
    pub declarer_success: Difference,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct FigureResult {
    pub name: String,
    pub announced: Difference,
    pub success: Difference,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PaymentResult {
    pub seat: u8,
    pub mean: Difference,
    /// The payment's variance under A and B, B - A and its interval (`Moments::variance_difference`).
    pub variance: Difference,
}

/// Payments are counted exactly from -`HISTOGRAM_BOUND` to +`HISTOGRAM_BOUND`; beyond, only
/// how many fell below and above, so the histogram stays bounded whatever the hands.
pub const HISTOGRAM_BOUND: i64 = 1000;

/// The payments of every seat of every hand under one rule set, as counts per value.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Histogram {
    pub counts: BTreeMap<i64, u64>,
    pub below: u64,
    pub above: u64,
}

impl Histogram {
    pub fn add(&mut self, o: &Outcome, seats: usize) {
        for p in o.payments.iter().take(seats) {
            match *p {
                p if p < -HISTOGRAM_BOUND => self.below += 1,
                p if p > HISTOGRAM_BOUND => self.above += 1,
                p => *self.counts.entry(p).or_default() += 1,
            }
        }
    }

    pub fn merge(&mut self, o: &Histogram) {
        self.below += o.below;
        self.above += o.above;
        for (v, n) in &o.counts {
            *self.counts.entry(*v).or_default() += n;
        }
    }
}
