//! The answers of a comparison in sentences: takes the tally, gives one sentence per question
//! (does the rule change the play, who wins, what is bid, announced and doubled, the stakes, and
//! whether the run could show an effect at all), the same words in the terminal's summary and
//! at the top of the report. Rates in percent and differences in percentage points ("points").

use super::measures::Results;
use super::Tally;
use crate::stats::{proportion, Difference, MIN_HANDS, Z95};

/// A percentage of a rate (0.123 -> "12.3%"), finer under 0.1%.
pub fn percent(x: f64) -> String {
    let p = 100.0 * x;
    if p != 0.0 && p.abs() < 0.1 {
        format!("{p:.3}%")
    } else {
        format!("{p:.1}%")
    }
}

/// A difference of rates in points, signed (0.002 -> "+0.2"), finer under 0.1.
fn points(x: f64) -> String {
    points_in(x, decimals(&[x]))
}

/// The decimals that show the largest of `xs` (rates) in points: 1, or 2 when all are under 0.1.
fn decimals(xs: &[f64]) -> usize {
    if xs.iter().all(|x| (100.0 * x).abs() < 0.1) && xs.iter().any(|x| *x != 0.0) {
        2
    } else {
        1
    }
}

fn points_in(x: f64, dec: usize) -> String {
    format!("{:+.dec$}", 100.0 * x)
}

/// A mean's difference, signed, three decimals.
fn mean(x: f64) -> String {
    format!("{x:+.3}")
}

/// "[low, high]" of a difference of rates, in points.
fn rate_interval(d: &Difference) -> String {
    match (d.low, d.high) {
        (Some(l), Some(h)) => {
            let dec = decimals(&[l, h, d.diff.unwrap_or(0.0)]);
            format!("[{}, {}]", points_in(l, dec), points_in(h, dec))
        }
        _ => "[-]".into(),
    }
}

fn mean_interval(d: &Difference) -> String {
    match (d.low, d.high) {
        (Some(l), Some(h)) => format!("[{}, {}]", mean(l), mean(h)),
        _ => "[-]".into(),
    }
}

/// What the test says of a measure, in words.
pub fn verdict(d: &Difference) -> &'static str {
    if d.too_few {
        "too few hands to tell"
    } else if d.identical {
        "the same in every hand"
    } else if d.significant {
        "significant after Holm's correction"
    } else {
        "not significant"
    }
}

/// The sentences, one per question, in order.
pub fn sentences(t: &Tally) -> Vec<String> {
    let (all, differing) = t.results();
    let mut out = vec![play(t)];
    out.push(winning(t, &all, &differing));
    out.push(choices(&all));
    out.push(stakes(&all));
    out.push(power(t, &all));
    out
}

/// Does the rule change the play?
fn play(t: &Tally) -> String {
    let (k, n) = (t.play_differing, t.hands);
    if n == 0 {
        return "No hands were played.".into();
    }
    let (low, high) = proportion::wilson(k as f64, n as f64, Z95).unwrap_or((0.0, 1.0));
    let deals = if t.paired() {
        ""
    } else {
        " (the deals differ, so hands differ for that alone)"
    };
    if k == 0 {
        format!(
            "The rule changes the play or the result in none of the {n} hands (so in at most {} of hands, 95% interval){deals}.",
            percent(high)
        )
    } else {
        format!(
            "The rule changes the play or the result in {} of hands [{}, {}] ({k} of {n}){deals}.",
            percent(k as f64 / n as f64),
            percent(low),
            percent(high)
        )
    }
}

/// "0.2 points more often (49.9% under A, 50.1% under B) [+0.1, +0.2], significant ..."
fn rate_change(d: &Difference) -> String {
    let (Some(a), Some(b), Some(x)) = (d.a, d.b, d.diff) else {
        return "cannot be compared (not played under both)".into();
    };
    let how = if x > 0.0 {
        format!("{} points more often", &points(x)[1..])
    } else if x < 0.0 {
        format!("{} points less often", &points(x)[1..])
    } else {
        "as often".into()
    };
    format!(
        "{how} under B ({} under A, {} under B) {}, {}",
        percent(a),
        percent(b),
        rate_interval(d),
        verdict(d)
    )
}

/// Does the rule change who wins?
fn winning(t: &Tally, all: &Results, differing: &Results) -> String {
    let mut s = format!("The declarer's side wins {}", rate_change(&all.declarer_success));
    if t.play_differing > 0 && t.play_differing < t.hands {
        let d = &differing.declarer_success;
        if let Some(x) = d.diff {
            s.push_str(&format!(
                "; in the {} hands played differently, {} points {}, {}",
                t.play_differing,
                points(x),
                rate_interval(d),
                verdict(d)
            ));
        }
    }
    s.push('.');
    s
}

/// Does the rule change what is bid, announced and doubled? The significant changes, the
/// strongest first (at most four).
fn choices(all: &Results) -> String {
    let mut list: Vec<(String, &Difference)> = Vec::new();
    for c in &all.contracts {
        list.push((format!("{} chosen", c.name), &c.share));
    }
    list.push(("thrown in".into(), &all.thrown_in));
    for f in &all.figures {
        list.push((format!("{} announced", f.name), &f.announced));
    }
    list.push(("a doubling said".into(), &all.doubled));
    if list.iter().all(|(_, d)| d.identical) {
        return "What is bid, announced and doubled is the same in every hand.".into();
    }
    let mut found: Vec<&(String, &Difference)> = list.iter().filter(|(_, d)| d.significant).collect();
    if found.is_empty() {
        return "What is bid, announced and doubled does not change significantly.".into();
    }
    // the strongest first: the most standard errors from zero (p-values underflow alike)
    let z = |d: &Difference| match (d.diff, d.se) {
        (Some(x), Some(s)) if s > 0.0 => (x / s).abs(),
        _ => 0.0,
    };
    found.sort_by(|x, y| z(y.1).total_cmp(&z(x.1)));
    let more = found.len().saturating_sub(4);
    let items: Vec<String> = found
        .iter()
        .take(4)
        .map(|(name, d)| format!("{name} {} points {}", points(d.diff.unwrap_or(0.0)), rate_interval(d)))
        .collect();
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!(
        "What is bid, announced and doubled changes (significant after Holm's correction): {}{tail}.",
        items.join("; ")
    )
}

/// Does the rule change the stakes? The mean payments and their spread (variance) per seat.
fn stakes(all: &Results) -> String {
    let seats = all.payments.len();
    let part = |pick: fn(&super::measures::PaymentResult) -> &Difference| {
        let ds: Vec<&Difference> = all.payments.iter().map(pick).collect();
        if ds.iter().all(|d| d.identical) {
            return "is the same in every hand".to_string();
        }
        let sig: Vec<String> = all
            .payments
            .iter()
            .filter(|p| pick(p).significant)
            .map(|p| {
                format!(
                    "seat {} {} {}",
                    p.seat,
                    mean(pick(p).diff.unwrap_or(0.0)),
                    mean_interval(pick(p))
                )
            })
            .collect();
        let range = {
            let xs: Vec<f64> = ds.iter().filter_map(|d| d.diff).collect();
            let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if xs.is_empty() {
                String::new()
            } else {
                format!(" (B - A from {} to {})", mean(lo), mean(hi))
            }
        };
        if sig.is_empty() {
            format!("does not change significantly for any of the {seats} seats{range}")
        } else {
            format!(
                "changes significantly for {} of {seats} seats: {}",
                sig.len(),
                sig.join(", ")
            )
        }
    };
    format!(
        "Stakes: the mean payment per hand {}; the payments' variance (their spread, where a doubling acts) {}.",
        part(|p| &p.mean),
        part(|p| &p.variance)
    )
}

/// Could the run show an effect? How many measures were tested, and the smallest change in the
/// declarer's success and in a seat's mean payment it would find four times in five.
fn power(t: &Tally, all: &Results) -> String {
    let mut s = format!(
        "{} measures were tested together; * marks a difference significant at 5% after Holm's correction; under {MIN_HANDS} hands a measure says \"too few hands\".",
        all.tested
    );
    // an interval of a measure alike on every hand says nothing of what could be detected
    let detectable = |d: &Difference| d.detectable().filter(|x| *x > 0.0 && !d.identical);
    let success = detectable(&all.declarer_success);
    let payment = all
        .payments
        .iter()
        .filter_map(|p| detectable(&p.mean))
        .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m: f64| m.max(x))));
    let mut parts = Vec::new();
    if let Some(x) = success {
        parts.push(format!("{} points in the declarer's success", &points(x)[1..]));
    }
    if let Some(x) = payment {
        parts.push(format!("{x:.3} in a seat's mean payment"));
    }
    if !parts.is_empty() {
        s.push_str(&format!(
            " With {} hands this run finds (80% power, 5% level) a change of about {}; a smaller effect can go unseen.",
            t.hands,
            parts.join(" or ")
        ));
    }
    let (k, n) = (t.play_differing, t.hands);
    let games = all.declarer_success.n_a.min(all.declarer_success.n_b);
    if !t.paired() || n == 0 {
        return s;
    }
    if k == 0 {
        s.push_str(
            " The rule changed no hand in this run, so no effect can show: play more hands, or with other bots.",
        );
    } else if k < MIN_HANDS {
        // hands for about MIN_HANDS played differently, two significant digits, rounded up
        let want = (MIN_HANDS as f64 * n as f64 / k as f64).ceil();
        let step = 10f64.powi((want.log10().floor() as i32 - 1).max(0));
        s.push_str(&format!(
            " Over the hands played differently the run is too small: the rule changed the play or the result of only {k} hands, under the {MIN_HANDS} a measure needs; play about {} hands.",
            (want / step).ceil() * step
        ));
    } else if let Some(x) = success.filter(|x| games > 0 && *x > k as f64 / games as f64) {
        // the success moves only by the games played differently: by at most their share
        s.push_str(&format!(
            " The run is too small to show an effect of the size the rule could have: it changed the play or the result of {k} hands, so the declarer's success can move by at most {} points, less than the {} points the run can detect; play more hands.",
            &points(k as f64 / games as f64)[1..],
            &points(x)[1..]
        ));
    }
    s
}
