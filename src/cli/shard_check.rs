//! What makes a shard's output one that `merge` can trust: its `stamp` (the build that wrote it,
//! whether its rules are zero-sum, and a checksum of the output's own text) written by `seal`
//! and checked by `check_stamp`, and the checks that a shard's results hold together (`summary`,
//! `tally`): no count above what counts it, arrays as long as the names, payments summing to zero.

use kartya::bots::sim::Summary;
use kartya::compare::{measures::Measures, Tally};
use kartya::diag::Diag;
use kartya::stats::Moments;
use serde_json::{json, Value};

/// FNV-1a of 64 bits, each piece followed by a zero byte.
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub fn eat(&mut self, bytes: &[u8]) {
        for b in bytes.iter().chain(&[0]) {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// The build of this binary: a hash of its sources (build.rs), not the package version.
pub const BUILD: &str = env!("KARTYA_BUILD");

/// What the checksum stands in for while the text is hashed.
const BLANK: &str = "0000000000000000";

/// The checksum of a shard's text: its FNV with the checksum's own value blanked.
fn checksum_of(text: &str) -> Option<String> {
    let key = "\"checksum\": \"";
    let at = text.find(key)? + key.len();
    let value = text.get(at..at + BLANK.len())?;
    let mut h = Fnv::new();
    h.eat(&text.as_bytes()[..at]);
    h.eat(BLANK.as_bytes());
    h.eat(text[at + value.len()..].trim_end().as_bytes());
    Some(h.hex())
}

/// The shard's output as text, with its `stamp`: this build, whether its rules are zero-sum and
/// the checksum of the text itself.
pub fn seal(mut out: Value, zero_sum: bool) -> String {
    if let Some(o) = out.as_object_mut() {
        o.insert(
            "stamp".into(),
            json!({ "build": BUILD, "checksum": BLANK, "zero_sum": zero_sum }),
        );
    }
    let text = serde_json::to_string_pretty(&out).unwrap_or_default();
    match checksum_of(&text) {
        Some(sum) => text.replacen(
            &format!("\"checksum\": \"{BLANK}\""),
            &format!("\"checksum\": \"{sum}\""),
            1,
        ),
        None => text,
    }
}

/// Checks a shard's `stamp`: written by this build, and the text unchanged since. Gives whether
/// its rules are zero-sum.
pub fn check_stamp(v: &Value, text: &str, not_a_shard: &dyn Fn(String, &str) -> Diag) -> Result<bool, Diag> {
    let stamp = v
        .get("stamp")
        .ok_or_else(|| not_a_shard("it has no `stamp` (build and checksum)".into(), "shard"))?;
    let word = |k: &str| stamp.get(k).and_then(Value::as_str);
    let (Some(build), Some(sum), Some(zero_sum)) = (
        word("build"),
        word("checksum"),
        stamp.get("zero_sum").and_then(Value::as_bool),
    ) else {
        return Err(not_a_shard(
            "its `stamp` lacks the build, checksum or zero_sum".into(),
            "stamp",
        ));
    };
    if checksum_of(text).as_deref() != Some(sum) {
        return Err(not_a_shard(
            "its checksum does not match its text: the file was changed after the shard wrote it".into(),
            "checksum",
        ));
    }
    if build != BUILD {
        return Err(not_a_shard(
            format!("it was written by another build of kartya ({build}; this one is {BUILD})"),
            "build",
        ));
    }
    Ok(zero_sum)
}

/// Whether the rules' every hand pays out to zero (no contract where each scores for himself).
pub fn zero_sum(rules: &kartya::engine::Rules) -> bool {
    rules.variant.contracts.iter().all(|c| c.each_scores.is_none())
}

/// The first of `checks` that fails, in words.
fn first_failing(checks: &[(bool, String)]) -> Option<String> {
    checks.iter().find(|(ok, _)| !ok).map(|(_, why)| why.clone())
}

/// A simulation's results hold together.
pub fn summary(s: &Summary, zero_sum: bool) -> Option<String> {
    let n = s.hands;
    let played: u64 = s.contracts.iter().fold(0u64, |a, c| a.saturating_add(c.played));
    let seats = s.total_payment.len();
    let mut checks = vec![
        (seats > 0, "no seat's payments".to_string()),
        (
            s.paper_total.len() == seats && s.mean_payment.len() == seats,
            "the per-seat arrays are of other lengths".into(),
        ),
        (
            played.saturating_add(s.redeals) <= n,
            format!("{played} contracts played and {} thrown in over {n} hands", s.redeals),
        ),
        (
            s.non_zero_sum <= n && s.illegal <= n && s.robbers <= n,
            format!("more hands counted than the {n} played"),
        ),
    ];
    for c in &s.contracts {
        checks.push((
            c.declarer_won.saturating_add(c.declarer_lost) <= c.played
                && c.declarer_alone.is_none_or(|a| a <= c.played),
            format!("`{}` won or lost more often than played", c.name),
        ));
    }
    for f in &s.figures {
        checks.push((
            f.won <= f.announced,
            format!("`{}` made more often than announced", f.name),
        ));
    }
    let total = s.total_payment.iter().try_fold(0i64, |a, p| a.checked_add(*p));
    checks.push((total.is_some(), "the payments overflow".into()));
    if zero_sum && s.non_zero_sum == 0 {
        checks.push((total == Some(0), "the payments do not sum to zero".into()));
    }
    first_failing(&checks)
}

/// A measure of one's or nothing: each sum of a 0/1 value at most its count.
fn is_share(m: &Moments) -> bool {
    m.sum[0] >= 0 && m.sum[2] >= 0 && m.sum[0] as u64 <= m.n && m.sum[2] as u64 <= m.n
}

/// A rate: won at most counted, under A and B.
fn is_rate(m: &Moments) -> bool {
    (0..=m.sum[1]).contains(&m.sum[0]) && (0..=m.sum[3]).contains(&m.sum[2])
}

fn measures(m: &Measures, t: &Tally, zero_sum: bool) -> Vec<(bool, String)> {
    let (c, f, seats) = (t.names.contracts.len(), t.names.figures.len(), t.names.seats as usize);
    let shares = m.share.iter().chain(&m.announced).chain([&m.thrown_in, &m.doubled]);
    let rates = m.success.iter().chain(&m.figure_won).chain([&m.success_all]);
    let pay = |i: usize| m.payment.iter().try_fold(0i64, |a, p| a.checked_add(p.sum[i]));
    let mut checks = vec![
        (
            m.share.len() == c && m.success.len() == c && m.announced.len() == f && m.figure_won.len() == f,
            "arrays of other lengths than the contracts and figures".to_string(),
        ),
        (
            m.payment.len() == seats && m.payment_square.len() == seats,
            "arrays of other lengths than the seats".into(),
        ),
        (m.hands <= t.hands, format!("{} hands measured of {}", m.hands, t.hands)),
        (
            shares.clone().all(|s| s.n == m.hands && is_share(s)),
            "a share above its hands".into(),
        ),
        (rates.clone().all(is_rate), "a rate above what it counts".into()),
        (pay(0).is_some() && pay(2).is_some(), "the payments overflow".into()),
    ];
    if zero_sum {
        checks.push((
            pay(0) == Some(0) && pay(2) == Some(0),
            "the payments do not sum to zero".into(),
        ));
    }
    checks
}

/// A comparison's sums hold together.
pub fn tally(t: &Tally, zero_sum: bool) -> Option<String> {
    let seats = u64::from(t.names.seats);
    let mut checks = vec![
        (
            t.all.hands == t.hands,
            "the measures count other hands than the sums".to_string(),
        ),
        (
            t.deals_differing <= t.hands && t.play_differing <= t.hands && t.differing.hands == t.play_differing,
            format!("more hands differing than the {} played", t.hands),
        ),
    ];
    for h in &t.histogram {
        let counted = h
            .counts
            .values()
            .chain([&h.below, &h.above])
            .try_fold(0u64, |a, c| a.checked_add(*c));
        checks.push((
            counted == t.hands.checked_mul(seats),
            "the payment histogram counts other payments than the hands".into(),
        ));
    }
    checks.extend(measures(&t.all, t, zero_sum));
    checks.extend(measures(&t.differing, t, zero_sum));
    first_failing(&checks)
}
