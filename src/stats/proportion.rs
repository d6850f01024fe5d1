//! Intervals and tests for rates and for a family of measures: takes counts (successes of
//! trials; for a difference, the correlation of the two estimates), gives Wilson's score interval
//! of one proportion, Newcombe's hybrid score interval of a difference of two (MOVER: each side's
//! Wilson interval, squared and added with the estimates' correlation), the two-sided p-value of
//! an interval (the level at which it first touches zero), and Holm's step-down correction.
//!
//! References: Wilson (1927); Newcombe, Stat. Med. 17 (1998) 857-872 (independent proportions,
//! method 10) and 2635-2650 (paired proportions, method 10: the correlation phi with its
//! continuity correction); Holm, Scand. J. Stat. 6 (1979) 65-70.

/// Wilson's score interval of k successes in n trials at the normal quantile z (None for n = 0).
pub fn wilson(k: f64, n: f64, z: f64) -> Option<(f64, f64)> {
    if n <= 0.0 {
        return None;
    }
    let p = k / n;
    let z2 = z * z;
    let d = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / d;
    let half = z / d * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).max(0.0).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// One side of a difference: k successes of n trials.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub k: f64,
    pub n: f64,
}

/// The interval of B - A at quantile z by Newcombe's square-and-add (MOVER) from the Wilson
/// intervals of A and B and the correlation `r` of the two estimates (0: independent), kept in
/// [-1, 1]. None where a side has no trials.
pub fn newcombe(a: Rate, b: Rate, r: f64, z: f64) -> Option<(f64, f64)> {
    let (la, ua) = wilson(a.k, a.n, z)?;
    let (lb, ub) = wilson(b.k, b.n, z)?;
    let (pa, pb) = (a.k / a.n, b.k / b.n);
    let d = pb - pa;
    let r = r.clamp(-1.0, 1.0);
    let square = |x: f64, y: f64| (x * x + y * y - 2.0 * r * x * y).max(0.0).sqrt();
    let low = d - square(pb - lb, ua - pa);
    let high = d + square(ub - pb, pa - la);
    Some((low.max(-1.0), high.min(1.0)))
}

/// Newcombe's corrected phi of a paired 2x2 table of per-hand indicators (method 10): `both`
/// hands with the indicator under A and B, `only_a`, `only_b`, `neither`. 0 when a margin is 0;
/// a positive association is reduced by n/2 (not below 0), a negative one is kept.
pub fn paired_phi(both: f64, only_a: f64, only_b: f64, neither: f64) -> f64 {
    let n = both + only_a + only_b + neither;
    let margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither);
    if margins <= 0.0 {
        return 0.0;
    }
    let a = both * neither - only_a * only_b;
    let corrected = if a > n / 2.0 {
        a - n / 2.0
    } else if a >= 0.0 {
        0.0
    } else {
        a
    };
    corrected / margins.sqrt()
}

/// The upper tail of the standard normal twice: the two-sided p-value of |z|.
pub fn two_sided(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// The complementary error function (Numerical Recipes' erfcc: fractional error under 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The two-sided p-value of an interval method: the p at whose level (1 - p) the interval
/// `at(z)` first reaches zero, found by bisection on z (the interval widens as z grows). 1 for a
/// difference of 0; None where the interval is undefined.
pub fn p_of_interval(diff: f64, at: impl Fn(f64) -> Option<(f64, f64)>) -> Option<f64> {
    if diff == 0.0 {
        return Some(1.0);
    }
    let touches = |z: f64| -> Option<bool> {
        let (low, high) = at(z)?;
        Some(if diff > 0.0 { low <= 0.0 } else { high >= 0.0 })
    };
    let (mut lo, mut hi) = (0.0f64, 37.0f64);
    if !touches(hi)? {
        return Some(two_sided(hi));
    }
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if touches(mid)? {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(two_sided(0.5 * (lo + hi)))
}

/// Holm's step-down adjusted p-values of a family, in the family's order: the i-th smallest
/// times (m - i + 1), made non-decreasing, at most 1.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut out = vec![1.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        out[i] = running;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(x: f64, y: f64, tol: f64) {
        assert!((x - y).abs() <= tol, "{x} != {y} (within {tol})");
    }

    #[test]
    fn wilson_matches_newcombes_published_examples() {
        // Newcombe, Stat. Med. 17 (1998) 857-872, Table II: 81/263 -> 0.2553 to 0.3662;
        // 15/148 -> 0.0624 to 0.1605; 0/20 -> 0 to 0.1611; 1/29 -> 0.0061 to 0.1718
        for (k, n, low, high) in [
            (81.0, 263.0, 0.2553, 0.3662),
            (15.0, 148.0, 0.0624, 0.1605),
            (0.0, 20.0, 0.0, 0.1611),
            (1.0, 29.0, 0.0061, 0.1718),
        ] {
            let (l, h) = wilson(k, n, 1.96).unwrap_or_default();
            near(l, low, 5e-5);
            near(h, high, 5e-5);
        }
        // by hand, n = 1: p = 1, d = 1 + 1.96^2 = 4.8416, centre = (1 + 1.9208) / d = 0.60327,
        // half = 1.96 / d * sqrt(0 + 0.9604) = 0.39673: [0.2065, 1]
        let (l, h) = wilson(1.0, 1.0, 1.96).unwrap_or_default();
        near(l, 0.206_54, 5e-5);
        near(h, 1.0, 1e-12);
        assert_eq!(wilson(0.0, 0.0, 1.96), None);
    }

    #[test]
    fn an_independent_difference_is_newcombes_method_10() {
        // Newcombe (1998, 857-872), Table II, method 10: 56/70 - 48/80 = 0.2000, 0.0524 to
        // 0.3339; 9/10 - 3/10 = 0.6, 0.1705 to 0.8090 (A is the second proportion here)
        let (l, h) = newcombe(Rate { k: 48.0, n: 80.0 }, Rate { k: 56.0, n: 70.0 }, 0.0, 1.96).unwrap_or_default();
        near(l, 0.0524, 5e-5);
        near(h, 0.3339, 5e-5);
        let (l, h) = newcombe(Rate { k: 3.0, n: 10.0 }, Rate { k: 9.0, n: 10.0 }, 0.0, 1.96).unwrap_or_default();
        near(l, 0.1705, 5e-5);
        near(h, 0.8090, 5e-5);
    }

    #[test]
    fn a_paired_difference_is_newcombes_method_10() {
        // Fagerland, Lydersen & Laake, Statistical Analysis of Contingency Tables (2017), ch. 8,
        // complete response before and after consolidation (Cavo et al. 2012): the table
        // 59 6 / 16 80, the row proportion minus the column one: -0.0621, -0.1186 to -0.0046
        // (the R package contingencytables, Newcombe_square_and_add_CI_paired_2x2). Here B is
        // the row (59 + 6 of 161), A the column (59 + 16).
        let phi = paired_phi(59.0, 16.0, 6.0, 80.0);
        let (a, b) = (Rate { k: 75.0, n: 161.0 }, Rate { k: 65.0, n: 161.0 });
        let (l, h) = newcombe(a, b, phi, 1.96).unwrap_or_default();
        near(65.0 / 161.0 - 75.0 / 161.0, -0.0621, 5e-5);
        near(l, -0.1186, 5e-5);
        near(h, -0.0046, 5e-5);
        // every margin but one empty: phi 0
        assert_eq!(paired_phi(0.0, 0.0, 0.0, 10.0), 0.0);
    }

    use crate::stats::{correct, Moments};

    /// Per-hand indicators: `both` hands (1, 1), `only_a` (1, 0), `only_b` (0, 1), `neither`.
    fn table(both: u32, only_a: u32, only_b: u32, neither: u32) -> Moments {
        let mut m = Moments::default();
        for (k, (a, b)) in [(both, (1, 1)), (only_a, (1, 0)), (only_b, (0, 1)), (neither, (0, 0))] {
            for _ in 0..k {
                m.add_mean(a, b);
            }
        }
        m
    }

    #[test]
    fn a_per_hand_rate_compared_on_the_same_hands_is_newcombes_paired_interval() {
        // the Cavo et al. table above, as hands: B - A = -10/161, -0.1186 to -0.0046
        let d = table(59, 16, 6, 80).rate_difference(true);
        near(d.diff.unwrap_or(0.0), -10.0 / 161.0, 1e-12);
        near(d.low.unwrap_or(0.0), -0.1186, 5e-5);
        near(d.high.unwrap_or(0.0), -0.0046, 5e-5);
        assert_eq!((d.n_a, d.n_b), (161, 161));
        assert!(d.tested && !d.too_few && !d.identical);
        // the interval leaves 0 out, so p < 0.05; at p the interval's high end is 0
        let p = d.p.unwrap_or(1.0);
        assert!(p < 0.05 && p > 0.01, "{p}");
        // unpaired: the independent method 10, wider
        let u = table(59, 16, 6, 80).rate_difference(false);
        assert!(u.low.unwrap_or(0.0) < d.low.unwrap_or(0.0) && u.high.unwrap_or(0.0) > d.high.unwrap_or(0.0));
    }

    #[test]
    fn a_difference_of_two_fixed_rates_stays_within_its_bounds() {
        // every hand: 1 under B, 0 under A (100% - 0%): the interval ends at +100% and the
        // Wald interval of the old method (0 width) does not; one hand alone is too few
        let d = table(0, 0, 40, 0).rate_difference(true);
        near(d.diff.unwrap_or(0.0), 1.0, 1e-12);
        assert!(d.high.unwrap_or(2.0) <= 1.0 && d.low.unwrap_or(-1.0) > 0.8, "{d:?}");
        let one = table(0, 0, 1, 0).rate_difference(true);
        assert_eq!((one.a, one.b, one.n_a), (Some(0.0), Some(1.0), 1));
        assert!(one.too_few && !one.tested, "{one:?}");
        // Wilson for 1 of 1 and 0 of 1: [0.2065, 1] and [0, 0.7935]: B - A in [-1, 1]
        let (l, h) = (one.low.unwrap_or(-9.0), one.high.unwrap_or(9.0));
        assert!(
            (-1.0..=1.0).contains(&l) && (-1.0..=1.0).contains(&h) && l < 0.3,
            "{one:?}"
        );
    }

    #[test]
    fn a_rate_alike_on_every_hand_is_not_tested() {
        let d = table(10, 0, 0, 90).rate_difference(true);
        assert_eq!(d.diff, Some(0.0));
        assert!(d.identical && !d.tested && d.p == Some(1.0));
        assert!(d.low.unwrap_or(1.0) <= 0.0 && d.high.unwrap_or(-1.0) >= 0.0);
    }

    #[test]
    fn the_correction_flags_after_holm() {
        // two measures of p about 0.03 (the interval leaves 0 out) and one of p = 1: alone each
        // would be significant; Holm over the two tested ones multiplies the smaller by 2
        let mut x = table(59, 16, 6, 80).rate_difference(true);
        let mut y = x;
        let mut z = table(10, 0, 0, 90).rate_difference(true);
        let p = x.p.unwrap_or(1.0);
        let tested = correct(&mut [&mut x, &mut y, &mut z]);
        assert_eq!(tested, 2);
        near(x.p_holm.unwrap_or(0.0), (2.0 * p).min(1.0), 1e-12);
        assert_eq!(x.significant, 2.0 * p < 0.05);
        assert_eq!((z.p_holm, z.significant), (None, false));
    }

    #[test]
    fn holm_on_a_known_family() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
        let adj = holm(&[0.01, 0.04, 0.03, 0.005]);
        for (x, y) in adj.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            near(*x, y, 1e-12);
        }
        assert!(holm(&[]).is_empty());
        assert_eq!(holm(&[0.7, 0.9]), vec![1.0, 1.0]);
    }

    #[test]
    fn the_p_value_of_a_normal_interval_is_the_normal_ones() {
        near(two_sided(1.96), 0.05, 1e-4);
        near(two_sided(0.0), 1.0, 1e-7);
        // an interval diff +- z * se with diff / se = 2.5: p = 0.01242
        let p = p_of_interval(0.5, |z| Some((0.5 - z * 0.2, 0.5 + z * 0.2))).unwrap_or(0.0);
        near(p, 0.012_419, 1e-5);
        assert_eq!(p_of_interval(0.0, |_| None), Some(1.0));
    }
}
