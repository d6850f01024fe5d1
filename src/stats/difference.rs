//! One measure compared (`Difference`: the values, B - A, its interval, the hands it rests on,
//! its p-value and flags) and Holm's correction over a table's measures (`correct`).

use super::{proportion, MIN_HANDS, Z95, Z_POWER};

/// One measure compared: the value under A and B, B - A, its 95% interval, the hands (or
/// trials) each value rests on, its p-value, and whether it is significant after the table's
/// Holm correction (`correct`). None where a value is undefined (no hand counted for it).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Difference {
    pub a: Option<f64>,
    pub b: Option<f64>,
    pub diff: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    /// The hands (for a rate of some hands, its trials) A's and B's value rest on.
    pub n_a: u64,
    pub n_b: u64,
    /// The standard error of B - A (for a rate, the interval's width over 2 x 1.96).
    #[serde(skip)]
    pub se: Option<f64>,
    /// The two-sided p-value of B - A = 0 (1 where A and B agree on every hand).
    pub p: Option<f64>,
    /// A and B agree on every hand: nothing to test.
    pub identical: bool,
    /// Fewer than `MIN_HANDS` hands (or trials) under A or B: not tested.
    pub too_few: bool,
    /// In its table's family of tests (not identical, not too few, a p-value).
    pub tested: bool,
    /// Holm's adjusted p-value within the table's family (None when not tested).
    pub p_holm: Option<f64>,
    /// Tested and the Holm-adjusted p-value under 0.05.
    pub significant: bool,
}

impl Difference {
    /// No value yet, resting on `n_a` and `n_b` hands.
    pub fn empty(n_a: u64, n_b: u64) -> Difference {
        Difference {
            a: None,
            b: None,
            diff: None,
            low: None,
            high: None,
            n_a,
            n_b,
            se: None,
            p: None,
            identical: false,
            too_few: n_a.min(n_b) < MIN_HANDS,
            tested: false,
            p_holm: None,
            significant: false,
        }
    }

    /// Sets `tested` from the rest (significance waits for the family's correction).
    pub(super) fn finish(&mut self) {
        self.too_few = self.n_a.min(self.n_b) < MIN_HANDS;
        self.tested = !self.identical && !self.too_few && self.p.is_some() && self.diff.is_some();
    }

    /// The smallest difference the run would find significant four times in five (80% power,
    /// 5% two-sided, before a correction), from the standard error: (1.96 + 0.84) se.
    pub fn detectable(&self) -> Option<f64> {
        self.se.map(|s| (Z95 + Z_POWER) * s)
    }
}

/// Holm's correction over a family of measures: each tested one gets its adjusted p-value and is
/// significant when it is under 0.05. Gives the size of the family.
pub fn correct(family: &mut [&mut Difference]) -> usize {
    let tested: Vec<usize> = (0..family.len()).filter(|i| family[*i].tested).collect();
    let p: Vec<f64> = tested.iter().map(|i| family[*i].p.unwrap_or(1.0)).collect();
    let adjusted = proportion::holm(&p);
    for d in family.iter_mut() {
        d.p_holm = None;
        d.significant = false;
    }
    for (i, q) in tested.iter().zip(adjusted) {
        family[*i].p_holm = Some(q);
        family[*i].significant = q < 0.05;
    }
    tested.len()
}
