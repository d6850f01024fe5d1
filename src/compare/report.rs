//! The `--report` page of a comparison: takes the tally, gives one self-contained HTML page
//! (inline SVG charts drawn by `chart`, no external file, viewable offline) that answers first:
//! the summary's sentences (`summary`, the terminal's words), then the declarer's success per
//! contract under A and B and its difference, the payments on a log scale (the tails where a
//! doubling acts), the figure rates, and every measure as a table, in percent.

use super::chart::{self, esc, Bar, Change, Pair};
use super::measures::{Histogram, Results};
use super::summary;
use super::text::{flag, hands_of};
use super::Tally;
use crate::stats::{Difference, Moments};
use std::fmt::Write as _;

/// What the page says of the two rule sets and the run.
pub struct Heading<'a> {
    pub a: &'a str,
    pub b: &'a str,
    pub bots: &'a str,
    pub hands: u64,
    pub seed: u64,
}

/// The charts of a page, in its order, each a whole SVG document (what `--report` also writes
/// as `chart-N.svg`).
pub fn charts(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find("<svg") {
        let Some(len) = rest[start..].find("</svg>") else { break };
        let end = start + len + "</svg>".len();
        let svg = &rest[start..end];
        // a file of its own names the SVG namespace, which the page's inline SVG may leave out
        out.push(if svg.contains("xmlns=") {
            svg.to_string()
        } else {
            svg.replacen("<svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"", 1)
        });
        rest = &rest[end..];
    }
    out
}

/// The page, or why a chart could not be drawn.
pub fn page(h: &Heading, t: &Tally) -> Result<String, String> {
    let (all, differing) = t.results();
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>kartya compare: {a} vs {b}</title>\n\
         <style>body{{font-family:sans-serif;font-size:16px;max-width:900px;margin:1em auto;color:#222;line-height:1.4}}\
         table{{border-collapse:collapse;font-size:15px}}td,th{{padding:2px 8px;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}tr:nth-child(even){{background:#f2f2f2}}\
         .a{{color:{ca}}}.b{{color:{cb}}}ul.answers li{{margin:0.4em 0}}</style></head><body>\n\
         <h1>Compare: <span class=\"a\">A</span> vs <span class=\"b\">B</span></h1>\n\
         <p><span class=\"a\">A</span>: {a}<br><span class=\"b\">B</span>: {b}<br>\
         {hands} hands, seed {seed}, bots {bots}; {how}; play differed in {diff} of {played} hands.</p>\n",
        a = esc(h.a),
        b = esc(h.b),
        ca = chart::COLOR_A,
        cb = chart::COLOR_B,
        bots = esc(h.bots),
        hands = h.hands,
        seed = h.seed,
        how = if t.paired() {
            "the same deals under both (paired)"
        } else {
            "the deals differ (unpaired intervals)"
        },
        diff = t.play_differing,
        played = t.hands,
    );
    o.push_str("<h2>Answers</h2>\n<ul class=\"answers\">\n");
    for s in summary::sentences(t) {
        let _ = writeln!(o, "<li>{}</li>", esc(&s));
    }
    o.push_str(
        "</ul>\n<p>Rates are in percent, their differences in percentage points (\"points\"); \
        each bar shows its 95% Wilson interval and the hands (n) it rests on.</p>\n",
    );
    let played: Vec<usize> = (0..all.contracts.len())
        .filter(|c| all.contracts[*c].declarer_success.a.is_some() || all.contracts[*c].declarer_success.b.is_some())
        .collect();
    o.push_str("<h2>Who wins</h2>\n");
    let pairs: Vec<Pair> = played
        .iter()
        .map(|c| {
            pair(
                &all.contracts[*c].name,
                &all.contracts[*c].declarer_success,
                t.all.success.get(*c),
            )
        })
        .chain([pair("all contracts", &all.declarer_success, Some(&t.all.success_all))])
        .collect();
    o.push_str(&chart::bars(
        "Declarer's side wins, by contract",
        "games won by the declarer's side (%), with 95% intervals",
        &pairs,
        1.0,
    ));
    let rows: Vec<Change> = played
        .iter()
        .map(|c| change(&all.contracts[*c].name, &all.contracts[*c].declarer_success))
        .chain([change("all contracts", &all.declarer_success)])
        .collect();
    o.push_str(&chart::changes(
        "Declarer's success, B - A",
        "B - A (percentage points), with 95% intervals; * significant after Holm's correction",
        &rows,
    ));
    o.push_str("<h2>Payments</h2>\n");
    o.push_str(&payments(&t.histogram));
    let figs: Vec<usize> = (0..all.figures.len())
        .filter(|f| all.figures[*f].announced.a.unwrap_or(0.0) + all.figures[*f].announced.b.unwrap_or(0.0) > 0.0)
        .collect();
    if !figs.is_empty() {
        o.push_str("<h2>Figures</h2>\n");
        let ann: Vec<Pair> = figs
            .iter()
            .map(|f| {
                pair(
                    &all.figures[*f].name,
                    &all.figures[*f].announced,
                    t.all.announced.get(*f),
                )
            })
            .collect();
        let top = ann
            .iter()
            .flat_map(|p| p.sides.iter().flatten().map(|b| b.interval.map_or(b.value, |i| i.1)))
            .fold(0.0, f64::max);
        o.push_str(&chart::bars(
            "Figures announced",
            "hands with the figure announced (%), with 95% intervals",
            &ann,
            (top * 1.15).clamp(0.01, 1.0),
        ));
        let won: Vec<Pair> = figs
            .iter()
            .map(|f| {
                pair(
                    &all.figures[*f].name,
                    &all.figures[*f].success,
                    t.all.figure_won.get(*f),
                )
            })
            .collect();
        o.push_str(&chart::bars(
            "Figures won, of those announced",
            "announced figures made (%), with 95% intervals",
            &won,
            1.0,
        ));
    }
    o.push_str("<h2>Every measure, all hands</h2>\n");
    table(&mut o, &all);
    let _ = writeln!(o, "<h2>Hands played differently ({})</h2>", t.play_differing);
    table(&mut o, &differing);
    o.push_str("</body></html>\n");
    Ok(o)
}

/// A category of a bar chart from a measure and its sums (for the Wilson intervals).
fn pair(name: &str, d: &Difference, m: Option<&Moments>) -> Pair {
    let wilson = m.map(|m| m.side_wilson()).unwrap_or_default();
    let side = |v: Option<f64>, n: u64, i: Option<(f64, f64)>| v.map(|value| Bar { value, interval: i, n });
    Pair {
        name: name.to_string(),
        sides: [side(d.a, d.n_a, wilson[0]), side(d.b, d.n_b, wilson[1])],
    }
}

fn change(name: &str, d: &Difference) -> Change {
    Change {
        name: name.to_string(),
        diff: d.diff.unwrap_or(0.0),
        interval: d.low.zip(d.high),
        significant: d.significant,
        n: hands_of(d),
    }
}

/// A rate in percent, or a mean with three decimals.
fn num(v: Option<f64>, rate: bool) -> String {
    match v {
        None => "-".into(),
        Some(x) if rate => summary::percent(x),
        Some(x) => format!("{x:.3}"),
    }
}

fn signed(v: Option<f64>, rate: bool) -> String {
    match v {
        None => "-".into(),
        Some(x) if rate => format!("{:+.1}", 100.0 * x),
        Some(x) => format!("{x:+.3}"),
    }
}

/// A table row of one measure: n, A, B, B - A (points for a rate), the interval, the flag.
fn row(o: &mut String, name: &str, d: &Difference, rate: bool) {
    let _ = writeln!(
        o,
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>[{}, {}]</td><td>{}</td></tr>",
        esc(name),
        hands_of(d),
        num(d.a, rate),
        num(d.b, rate),
        signed(d.diff, rate),
        signed(d.low, rate),
        signed(d.high, rate),
        flag(d)
    );
}

fn table(o: &mut String, r: &Results) {
    o.push_str(
        "<table><tr><th>measure</th><th>n</th><th>A</th><th>B</th><th>B - A</th>\
         <th>95% interval</th><th></th></tr>\n",
    );
    for c in &r.contracts {
        row(o, &format!("{} chosen (% of hands)", c.name), &c.share, true);
        row(o, &format!("{} won (% of games)", c.name), &c.declarer_success, true);
    }
    row(o, "declarer's side wins (% of games)", &r.declarer_success, true);
    row(o, "thrown in (% of hands)", &r.thrown_in, true);
    for f in r
        .figures
        .iter()
        .filter(|f| f.announced.a.unwrap_or(0.0) + f.announced.b.unwrap_or(0.0) > 0.0)
    {
        row(o, &format!("{} announced (% of hands)", f.name), &f.announced, true);
        row(o, &format!("{} won (% of announced)", f.name), &f.success, true);
    }
    row(o, "doubled (% of hands)", &r.doubled, true);
    for p in &r.payments {
        row(o, &format!("mean payment, seat {}", p.seat), &p.mean, false);
    }
    for p in &r.payments {
        row(o, &format!("payment variance, seat {}", p.seat), &p.variance, false);
    }
    row(o, "cards played", &r.cards_played, false);
    row(o, "actions", &r.actions, false);
    o.push_str("</table>\n");
    let _ = writeln!(
        o,
        "<p>{} measures tested; * = significant at 5% after Holm's correction over them; a rate's \
         B - A and interval are in percentage points; n = hands (for a success, games under A/B); \
         under 30, \"too few hands\".</p>",
        r.tested
    );
}

/// The payments under A and B over their whole range, at most 60 bins, on a log scale; the
/// largest payments and what lies beyond the histogram's bound said below.
fn payments(h: &[Histogram; 2]) -> String {
    let mut pooled = Histogram::default();
    pooled.merge(&h[0]);
    pooled.merge(&h[1]);
    let (Some(lo), Some(hi)) = (
        pooled.counts.keys().next().copied(),
        pooled.counts.keys().last().copied(),
    ) else {
        return "<p>no payments</p>\n".into();
    };
    let bins = ((hi - lo + 1) as usize).min(60);
    let width = ((hi - lo + 1) as f64 / bins as f64).ceil() as i64;
    let bins = ((hi - lo + 1) as f64 / width as f64).ceil() as usize;
    let total = |x: &Histogram| x.counts.values().sum::<u64>() + x.below + x.above;
    let share = |x: &Histogram| {
        let mut b = vec![0.0; bins];
        for (v, n) in &x.counts {
            let at = (((v - lo) / width) as usize).min(bins - 1);
            b[at] += *n as f64 / total(x).max(1) as f64;
        }
        b
    };
    let (a, b) = (share(&h[0]), share(&h[1]));
    let rows: Vec<(i64, i64, f64, f64)> = (0..bins)
        .map(|i| {
            let from = lo + i as i64 * width;
            (from, from + width - 1, a[i], b[i])
        })
        .collect();
    let mut o = chart::payments(
        "Payments per seat and hand: every value, log scale",
        &rows,
        [total(&h[0]), total(&h[1])],
    );
    let extreme = |x: &Histogram| {
        let low = x.counts.keys().next().map_or("-".into(), |v| v.to_string());
        let high = x.counts.keys().last().map_or("-".into(), |v| v.to_string());
        format!("{low} to {high}")
    };
    let _ = writeln!(
        o,
        "<p>The scale is logarithmic so that the rare large payments (where a doubling acts) show \
         beside the common ones. Payments under A: {}; under B: {}.{}</p>",
        extreme(&h[0]),
        extreme(&h[1]),
        if h.iter().any(|x| x.below + x.above > 0) {
            format!(
                " Beyond ±{}: A {} payments, B {}.",
                super::measures::HISTOGRAM_BOUND,
                h[0].below + h[0].above,
                h[1].below + h[1].above
            )
        } else {
            String::new()
        }
    );
    o
}
