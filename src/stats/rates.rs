//! A rate compared (`Moments::rate_difference`, `Moments::side_wilson`): takes the sums of a
//! measure whose y and x are 0 or 1 on every hand, gives Wilson's interval of each side and
//! Newcombe's hybrid score interval of B - A (`proportion`) with its p-value.

use super::proportion::{self, Rate};
use super::{Difference, Moments, XA, XB, YA, YB, Z95};

impl Moments {
    /// A rate's values (y and x 0 or 1 on every hand: successes of trials), B - A, and its 95%
    /// interval by Newcombe's hybrid score method, which stays within -100%..+100%: each side's
    /// Wilson interval, squared and added with the correlation of the two estimates. For a
    /// per-hand rate (x = 1 on every hand), paired, that correlation is Newcombe's corrected phi
    /// of the 2x2 table of hands (his method 10 for paired proportions); for a rate of some hands
    /// (success of a contract played) it is the delta method's correlation of the two ratios;
    /// unpaired it is 0 (method 10 for independent proportions). The p-value is the level at
    /// which that interval reaches zero.
    pub fn rate_difference(&self, paired: bool) -> Difference {
        let (a, b) = self.ratios();
        let (ka, na, kb, nb) = (self.sum[YA], self.sum[XA], self.sum[YB], self.sum[XB]);
        let mut d = Difference::empty(na.max(0) as u64, nb.max(0) as u64);
        (d.a, d.b) = (a, b);
        d.identical = self.identical();
        let (Some(ra), Some(rb)) = (a, b) else {
            return d;
        };
        d.diff = Some(rb - ra);
        let n = self.n as f64;
        let per_hand = na as u64 == self.n && nb as u64 == self.n;
        let r = if !paired || self.n < 2 {
            0.0
        } else if per_hand {
            let both = self.prod[YA][YB] as f64;
            let (sa, sb) = (ka as f64, kb as f64);
            proportion::paired_phi(both, sa - both, sb - both, n - sa - sb + both)
        } else {
            let zz_a = self.residual_squares(YA, XA, ra);
            let zz_b = self.residual_squares(YB, XB, rb);
            let (xa, xb) = (na as f64 / n, nb as f64 / n);
            let p = |i: usize, j: usize| self.prod[i][j] as f64;
            let zz_ab = (p(YA, YB) - (rb * p(YA, XB) + ra * p(XA, YB)) + ra * rb * p(XA, XB)) / (xa * xb);
            if zz_a > 0.0 && zz_b > 0.0 {
                zz_ab / (zz_a * zz_b).sqrt()
            } else {
                0.0
            }
        };
        let (sa, sb) = (
            Rate {
                k: ka as f64,
                n: na as f64,
            },
            Rate {
                k: kb as f64,
                n: nb as f64,
            },
        );
        let at = |z: f64| proportion::newcombe(sa, sb, r, z);
        if let Some((low, high)) = at(Z95) {
            d.low = Some(low);
            d.high = Some(high);
            d.se = Some((high - low) / (2.0 * Z95));
        }
        d.p = if d.identical {
            Some(1.0)
        } else {
            proportion::p_of_interval(rb - ra, at)
        };
        d.finish();
        d
    }

    /// Wilson's 95% interval of A's rate and of B's, each alone (the charts' bars).
    pub fn side_wilson(&self) -> [Option<(f64, f64)>; 2] {
        let one = |y: usize, x: usize| proportion::wilson(self.sum[y] as f64, self.sum[x] as f64, Z95);
        [one(YA, XA), one(YB, XB)]
    }
}
