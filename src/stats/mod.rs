//! Paired statistics for comparing two rule sets on the same deals: takes integer sums over
//! hands (`Moments`, mergeable in any order), gives the two values, their difference and its 95%
//! confidence interval (`Difference`). Every measure is a ratio of per-hand sums, y over x (a mean
//! is a ratio with x = 1 on every hand), and the interval is the delta method's: the per-hand
//! residuals of the two ratios, paired hand by hand (or unpaired, when the deals differ).
//!
//! A rate (a proportion: y and x are 0 or 1 on every hand) is compared by `rate_difference`
//! instead: Wilson's interval for each side and Newcombe's hybrid score interval for B - A
//! (`proportion`), so that its interval stays within 0-100%.
//!
//! Only integer sums are kept, so that shards and threads merged in any order give the same
//! bits, and the memory does not grow with the number of hands.

mod difference;
pub mod proportion;
mod rates;

pub use difference::{correct, Difference};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.96;

/// The normal quantile of 80% power: a difference of (Z95 + Z_POWER) standard errors is found
/// significant (before any correction) four times in five.
pub const Z_POWER: f64 = 0.8416;

/// Under this many hands (or trials of a rate) a measure says "too few hands" and is not tested.
pub const MIN_HANDS: u64 = 30;

/// The per-hand variables of one measure: y and x under rule set A, y and x under B.
pub const VARS: usize = 4;
const YA: usize = 0;
const XA: usize = 1;
const YB: usize = 2;
const XB: usize = 3;

/// Sums over hands of (yA, xA, yB, xB) and of every product of two of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Moments {
    pub n: u64,
    pub sum: [i64; VARS],
    /// `prod[i][j]` = the sum of v_i * v_j (symmetric; all kept for simple merging).
    pub prod: [[i64; VARS]; VARS],
}

impl Moments {
    /// Adds one hand: y and x under A, y and x under B. Sums saturate rather than wrap (they
    /// cannot reach i64's bound for any count of hands kartya plays).
    pub fn add(&mut self, ya: i64, xa: i64, yb: i64, xb: i64) {
        let v = [ya, xa, yb, xb];
        self.n += 1;
        for i in 0..VARS {
            self.sum[i] = self.sum[i].saturating_add(v[i]);
            for j in 0..VARS {
                self.prod[i][j] = self.prod[i][j].saturating_add(v[i].saturating_mul(v[j]));
            }
        }
    }

    /// Adds a hand of a mean (x = 1 under both).
    pub fn add_mean(&mut self, a: i64, b: i64) {
        self.add(a, 1, b, 1);
    }

    /// The sums of both.
    pub fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        for i in 0..VARS {
            self.sum[i] = self.sum[i].saturating_add(o.sum[i]);
            for j in 0..VARS {
                self.prod[i][j] = self.prod[i][j].saturating_add(o.prod[i][j]);
            }
        }
    }

    /// The ratio under A and under B (None where its x never counted).
    fn ratios(&self) -> (Option<f64>, Option<f64>) {
        let r = |y: usize, x: usize| (self.sum[x] != 0).then(|| self.sum[y] as f64 / self.sum[x] as f64);
        (r(YA, XA), r(YB, XB))
    }

    /// A's and B's values, B - A, and the 95% interval of B - A: paired (hand by hand) or not.
    pub fn difference(&self, paired: bool) -> Difference {
        let (a, b) = self.ratios();
        let mut d = Difference::empty(self.n, self.n);
        (d.a, d.b) = (a, b);
        d.identical = self.identical();
        let (Some(ra), Some(rb)) = (a, b) else {
            return d;
        };
        d.diff = Some(rb - ra);
        let n = self.n as f64;
        if self.n < 2 {
            return d;
        }
        let p = |i: usize, j: usize| self.prod[i][j] as f64;
        let (xa, xb) = (self.sum[XA] as f64 / n, self.sum[XB] as f64 / n);
        let (zz_a, zz_b) = (self.residual_squares(YA, XA, ra), self.residual_squares(YB, XB, rb));
        let zz_ab = if paired {
            // grouped as in zz_a and zz_b (2 r s there is r s + r s here, exactly), so that
            // where A and B agree on every hand the three are the same bits and the variance 0
            (p(YA, YB) - (rb * p(YA, XB) + ra * p(XA, YB)) + ra * rb * p(XA, XB)) / (xa * xb)
        } else {
            0.0
        };
        // each residual sums to zero, so these are (n - 1) times the sample (co)variances
        let var = ((zz_a + zz_b - 2.0 * zz_ab) / (n - 1.0)).max(0.0);
        let half = Z95 * (var / n).sqrt();
        d.low = Some(rb - ra - half);
        d.high = Some(rb - ra + half);
        d.se = Some(half / Z95);
        // rounding leaves a tiny half-width where the two agree on every hand: no difference
        d.p = Some(if d.identical || (rb - ra).abs() <= 1e-12 {
            1.0
        } else if half > 0.0 {
            proportion::two_sided((rb - ra) / (half / Z95))
        } else {
            0.0
        });
        d.finish();
        d
    }

    /// A and B agree on every hand (y and x alike): the sums of the squared per-hand
    /// differences are 0, exactly.
    fn identical(&self) -> bool {
        let sq = |i: usize, j: usize| {
            self.prod[i][i]
                .saturating_sub(self.prod[i][j].saturating_mul(2))
                .saturating_add(self.prod[j][j])
        };
        sq(YA, YB) == 0 && sq(XA, XB) == 0
    }

    /// The sum of squares of the residuals z = (y - R x) / mean(x) of the ratio R = y / x (n >= 1).
    fn residual_squares(&self, y: usize, x: usize, r: f64) -> f64 {
        let p = |i: usize, j: usize| self.prod[i][j] as f64;
        let m = self.sum[x] as f64 / self.n as f64;
        (p(y, y) - 2.0 * r * p(y, x) + r * r * p(x, x)) / (m * m)
    }

    /// The 95% interval of A's value and of B's, each alone (the charts' bars; the interval of
    /// the difference is `difference`'s). None where the value is undefined or under 2 hands.
    pub fn side_intervals(&self) -> [Option<(f64, f64)>; 2] {
        let (a, b) = self.ratios();
        let n = self.n as f64;
        let one = |r: Option<f64>, y: usize, x: usize| {
            let r = r.filter(|_| self.n >= 2)?;
            let half = Z95 * (self.residual_squares(y, x, r).max(0.0) / (n - 1.0) / n).sqrt();
            Some((r - half, r + half))
        };
        [one(a, YA, XA), one(b, YB, XB)]
    }

    /// With the variables (a, a², b, b²) of each hand (`add(a, a * a, b, b * b)`): the sample
    /// variances of a under A and of b under B, B - A, and the 95% interval of B - A by the
    /// delta method (the variance is E[v²] - E[v]², so its linear residual per hand is
    /// (v - mean)² - variance; the two are paired hand by hand, or not). None under 2 hands.
    pub fn variance_difference(&self, paired: bool) -> Difference {
        let mut d = Difference::empty(self.n, self.n);
        d.identical = self.identical();
        if self.n < 2 {
            return d;
        }
        let n = self.n as f64;
        let s = |i: usize| self.sum[i] as f64 / n;
        let p = |i: usize, j: usize| self.prod[i][j] as f64 / n;
        let (ma, mb) = (s(YA), s(YB));
        // population variances for the residuals, sample ones (n - 1) for the values shown
        let (va, vb) = (s(XA) - ma * ma, s(XB) - mb * mb);
        let (sa, sb) = (va * n / (n - 1.0), vb * n / (n - 1.0));
        d.a = Some(sa.max(0.0));
        d.b = Some(sb.max(0.0));
        d.diff = Some(sb - sa);
        // E[(v - m)^4] from raw moments: E[v^4] - 4m E[v^3] + 6m² E[v²] - 3m^4
        let fourth =
            |v: usize, v2: usize, m: f64| p(v2, v2) - 4.0 * m * p(v, v2) + 6.0 * m * m * s(v2) - 3.0 * m.powi(4);
        // E[(a - ma)²(b - mb)²] from the cross moments
        let cross = p(XA, XB) - 2.0 * mb * p(XA, YB) - 2.0 * ma * p(YA, XB)
            + mb * mb * s(XA)
            + ma * ma * s(XB)
            + 4.0 * ma * mb * p(YA, YB)
            - 3.0 * ma * ma * mb * mb;
        let (ua, ub) = (fourth(YA, XA, ma) - va * va, fourth(YB, XB, mb) - vb * vb);
        let uab = if paired { cross - va * vb } else { 0.0 };
        let var = (ua + ub - 2.0 * uab).max(0.0) * n / (n - 1.0);
        let half = Z95 * (var / n).sqrt();
        d.low = Some(sb - sa - half);
        d.high = Some(sb - sa + half);
        d.se = Some(half / Z95);
        d.p = Some(if d.identical || (sb - sa).abs() <= 1e-9 {
            1.0
        } else if half > 0.0 {
            proportion::two_sided((sb - sa) / (half / Z95))
        } else {
            0.0
        });
        d.finish();
        d
    }

    /// The sample variance of yA and of yB (a mean's variable), None under 2 hands.
    pub fn variances(&self) -> (Option<f64>, Option<f64>) {
        if self.n < 2 {
            return (None, None);
        }
        let n = self.n as f64;
        let var = |i: usize| {
            let m = self.sum[i] as f64 / n;
            ((self.prod[i][i] as f64 - n * m * m) / (n - 1.0)).max(0.0)
        };
        (Some(var(YA)), Some(var(YB)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The variance interval by its definition: the per-hand residuals
    /// ((b - mb)² - vb) - ((a - ma)² - va), their sample variance over n.
    fn variance_interval_directly(a: &[i64], b: &[i64]) -> (f64, f64) {
        let n = a.len() as f64;
        let mean = |v: &[i64]| v.iter().sum::<i64>() as f64 / n;
        let (ma, mb) = (mean(a), mean(b));
        let pvar = |v: &[i64], m: f64| v.iter().map(|x| (*x as f64 - m).powi(2)).sum::<f64>() / n;
        let (va, vb) = (pvar(a, ma), pvar(b, mb));
        let r: Vec<f64> = a
            .iter()
            .zip(b)
            .map(|(x, y)| ((*y as f64 - mb).powi(2) - vb) - ((*x as f64 - ma).powi(2) - va))
            .collect();
        let var = r.iter().map(|x| x * x).sum::<f64>() / (n - 1.0);
        let diff = (vb - va) * n / (n - 1.0);
        (diff, Z95 * (var / n).sqrt())
    }

    fn squares(a: &[i64], b: &[i64]) -> Moments {
        let mut m = Moments::default();
        for (x, y) in a.iter().zip(b) {
            m.add(*x, x * x, *y, y * y);
        }
        m
    }

    #[test]
    fn the_variance_interval_is_the_residuals_of_its_definition() {
        let a = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8];
        let b = [2, -7, 1, 8, 2, -8, 1, 8, 2, -8, 4, 5];
        let d = squares(&a, &b).variance_difference(true);
        let (diff, half) = variance_interval_directly(&a, &b);
        close(d.diff, diff);
        close(d.low, diff - half);
        close(d.high, diff + half);
        // the values are the sample variances `variances` gives
        let (va, vb) = squares(&a, &b).variances();
        close(d.a, va.unwrap_or(f64::NAN));
        close(d.b, vb.unwrap_or(f64::NAN));
    }

    #[test]
    fn the_same_payments_have_the_same_variance_and_no_interval() {
        let a = [2, -1, -1, 4, -2, -2];
        let d = squares(&a, &a).variance_difference(true);
        close(d.diff, 0.0);
        assert!(!d.significant);
        assert!(d.high.unwrap_or(1.0) - d.low.unwrap_or(0.0) < 1e-9, "{d:?}");
        // doubling every payment quadruples the variance: far outside the interval
        let b: Vec<i64> = a.iter().map(|x| 2 * x).collect();
        let d = squares(&a, &b).variance_difference(true);
        close(d.diff, 3.0 * d.a.unwrap_or(0.0));
        assert!(d.p.unwrap_or(1.0) < 0.05, "{d:?}");
    }

    fn close(a: Option<f64>, b: f64) {
        let a = a.unwrap_or(f64::NAN);
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    fn means(a: &[i64], b: &[i64]) -> Moments {
        let mut m = Moments::default();
        for (x, y) in a.iter().zip(b) {
            m.add_mean(*x, *y);
        }
        m
    }

    #[test]
    fn a_paired_mean_is_the_mean_of_the_differences_with_its_t_interval() {
        // differences 1, 1, 4: mean 2, sample variance ((-1)^2 + (-1)^2 + 2^2) / 2 = 3, se 1
        let d = means(&[2, 4, 6], &[3, 5, 10]).difference(true);
        close(d.a, 4.0);
        close(d.b, 6.0);
        close(d.diff, 2.0);
        close(d.low, 2.0 - 1.96);
        close(d.high, 2.0 + 1.96);
        // z = 2: p = 0.0455; three hands are too few to be tested
        assert!((d.p.unwrap_or(1.0) - 0.0455).abs() < 1e-4, "{d:?}");
        assert!(d.too_few && !d.tested && !d.significant);
    }

    #[test]
    fn a_rate_difference_is_the_paired_difference_of_indicators() {
        // indicator differences 0, 1, 0, -1: mean 0, variance 2/3, se sqrt(1/6)
        let d = means(&[1, 0, 1, 1], &[1, 1, 1, 0]).difference(true);
        close(d.diff, 0.0);
        let half = 1.96 * (1.0f64 / 6.0).sqrt();
        close(d.low, -half);
        close(d.high, half);
        assert!(!d.significant);
    }

    #[test]
    fn each_side_alone_has_the_interval_of_its_mean() {
        // A: 2, 4, 6: mean 4, variance 4, se sqrt(4/3); B: 3, 5, 10: mean 6, variance 13
        let [a, b] = means(&[2, 4, 6], &[3, 5, 10]).side_intervals();
        let (ha, hb) = (1.96 * (4.0f64 / 3.0).sqrt(), 1.96 * (13.0f64 / 3.0).sqrt());
        close(a.map(|x| x.0), 4.0 - ha);
        close(a.map(|x| x.1), 4.0 + ha);
        close(b.map(|x| x.1), 6.0 + hb);
        assert_eq!(means(&[1], &[1]).side_intervals(), [None, None]);
    }

    #[test]
    fn unpaired_the_variances_add() {
        // A: 2, 4, 6 (variance 4); B: 3, 5, 10 (variance 13): se sqrt(4/3 + 13/3)
        let d = means(&[2, 4, 6], &[3, 5, 10]).difference(false);
        let half = 1.96 * (17.0f64 / 3.0).sqrt();
        close(d.high, 2.0 + half);
        assert!(!d.significant);
    }

    #[test]
    fn the_same_values_on_every_hand_differ_by_nothing() {
        let d = means(&[3, -1, 7, 0], &[3, -1, 7, 0]).difference(true);
        close(d.diff, 0.0);
        close(d.low, 0.0);
        close(d.high, 0.0);
        assert!(!d.significant);
    }

    #[test]
    fn a_ratio_the_same_under_both_on_every_hand_has_an_interval_of_nothing() {
        // rounding must not leave a tiny width: the residuals' sums are grouped alike
        let mut m = Moments::default();
        for (y, x) in [(1, 1), (0, 1), (0, 0), (1, 1), (0, 1), (0, 1), (1, 1)] {
            m.add(y, x, y, x);
        }
        let d = m.difference(true);
        close(d.a, 3.0 / 6.0);
        assert_eq!((d.low, d.high), (Some(0.0), Some(0.0)));
    }

    #[test]
    fn a_ratio_by_the_delta_method() {
        // success among hands played: A wins 1 of 2, B wins 2 of 2, over 3 hands
        let mut m = Moments::default();
        m.add(1, 1, 1, 1);
        m.add(0, 1, 1, 1);
        m.add(0, 0, 0, 0);
        let d = m.difference(true);
        close(d.a, 0.5);
        close(d.b, 1.0);
        close(d.diff, 0.5);
        // mean x 2/3 each; residuals zA = (y - x/2) * 3/2: 3/4, -3/4, 0; zB = 0, 0, 0;
        // var = (9/16 + 9/16) / 2 = 9/16, se = sqrt(9/16 / 3) = sqrt(3)/4
        let half = 1.96 * 3.0f64.sqrt() / 4.0;
        close(d.low, 0.5 - half);
        close(d.high, 0.5 + half);
    }

    #[test]
    fn a_ratio_without_its_denominator_is_undefined_and_merging_is_adding() {
        let mut m = Moments::default();
        m.add(0, 0, 1, 1);
        let d = m.difference(true);
        assert_eq!((d.a, d.diff), (None, None));
        let mut whole = means(&[2, 4, 6, 1], &[3, 5, 10, 1]);
        let mut parts = means(&[2, 4], &[3, 5]);
        parts.merge(&means(&[6, 1], &[10, 1]));
        assert_eq!(parts, whole);
        whole.merge(&Moments::default());
        assert_eq!(parts, whole);
        let (va, vb) = means(&[2, 4, 6], &[3, 5, 10]).variances();
        close(va, 4.0);
        close(vb, 13.0);
    }
}
