//! The builder's part for marriages of every suit and the minimums they set: takes a contract's
//! `minimum-by-melds M V ...` line as read by `build.rs`, gives its (meld points, minimum) rows,
//! and reports rows that say one meld total twice. Whether the contract's goal can read them is
//! checked on the whole variant (`no_effect.rs`).

use super::Builder;
use crate::diag::Code;
use crate::resolve::Entry;

impl Builder<'_> {
    /// `minimum-by-melds M V M V ...`: rows sorted by meld points; a meld total given twice is an
    /// error (the first row stays).
    pub(super) fn minimum_by_melds(&mut self, e: &Entry) -> Vec<(i64, i64)> {
        let mut rows: Vec<(i64, i64)> = Vec::new();
        let mut i = 1;
        while i + 1 < e.stmt.words.len() {
            let melds = self.int(e, i, 0, 1_000_000, "meld points").unwrap_or(0);
            let minimum = self.int(e, i + 1, 0, 1_000_000, "a minimum total").unwrap_or(0);
            if rows.iter().any(|r| r.0 == melds) {
                let span = e
                    .stmt
                    .words
                    .get(i)
                    .map(|w| w.span)
                    .unwrap_or_else(|| e.stmt.head_span());
                self.err(
                    Code::Conflict,
                    e,
                    span,
                    format!("`minimum-by-melds` gives the minimum for {melds} meld points twice"),
                    "given again",
                    "give each total of meld points one minimum",
                );
            } else {
                rows.push((melds, minimum));
            }
            i += 2;
        }
        rows.sort_by_key(|r| r.0);
        rows
    }
}
