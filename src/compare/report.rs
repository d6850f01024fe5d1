//! The `--report` page of a comparison: takes the results and the payment histograms, gives one
//! self-contained HTML page (inline SVG charts drawn with plotters, no external file, viewable
//! offline): declarer success per contract A vs B and its difference with 95% intervals, the
//! payment distributions, the figure rates, and the measures as a table.

use super::measures::{Histogram, Results};
use super::Tally;
use crate::stats::Difference;
use plotters::coord::ranged1d::{IntoSegmentedCoord, SegmentValue};
use plotters::prelude::*;
use std::fmt::Write as _;

const COLOR_A: RGBColor = RGBColor(60, 105, 180);
const COLOR_B: RGBColor = RGBColor(225, 130, 30);
const WIDTH: u32 = 860;
const HEIGHT: u32 = 360;

/// The most labels on an x axis (more would run into each other).
const MAX_LABELS: usize = 14;

/// The segments of an x axis for `n` labels: plotters' segmented range `0..k` has k + 1
/// segments, and one label needs two (the second stays empty).
fn segments(n: usize) -> usize {
    n.max(2)
}

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
         <style>body{{font-family:sans-serif;max-width:900px;margin:1em auto;color:#222}}\
         table{{border-collapse:collapse}}td,th{{padding:2px 8px;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}tr:nth-child(even){{background:#f2f2f2}}\
         .a{{color:rgb(60,105,180)}}.b{{color:rgb(225,130,30)}}</style></head><body>\n\
         <h1>Compare: <span class=\"a\">A</span> vs <span class=\"b\">B</span></h1>\n\
         <p><span class=\"a\">A</span>: {a}<br><span class=\"b\">B</span>: {b}<br>\
         {hands} hands, seed {seed}, bots {bots}; {how}; play differed in {diff} of {played} hands.</p>\n",
        a = esc(h.a),
        b = esc(h.b),
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
    let played: Vec<usize> = (0..all.contracts.len())
        .filter(|c| all.contracts[*c].declarer_success.diff.is_some())
        .collect();
    let names = |idx: &[usize]| idx.iter().map(|c| all.contracts[*c].name.clone()).collect::<Vec<_>>();
    let success: Vec<&Difference> = played.iter().map(|c| &all.contracts[*c].declarer_success).collect();
    o.push_str("<h2>Declarer (side) success per contract</h2>\n");
    let sides: Vec<_> = played
        .iter()
        .map(|c| t.all.success.get(*c).map(|m| m.side_wilson()).unwrap_or_default())
        .collect();
    o.push_str(&bars(
        "declarer success, A vs B, with 95% intervals",
        &names(&played),
        &success,
        &sides,
        1.0,
    )?);
    o.push_str(
        "<p>The bars' intervals are each rule set's alone; the interval of the difference B - A \
         below is paired hand by hand when the deals are the same, and so narrower.</p>\n",
    );
    o.push_str(&intervals(
        "success B - A with 95% interval",
        &names(&played),
        &success,
    )?);
    o.push_str("<h2>Payment distributions (every seat, every hand)</h2>\n");
    o.push_str(&payments(&t.histogram)?);
    let figs: Vec<usize> = (0..all.figures.len())
        .filter(|f| all.figures[*f].announced.a.unwrap_or(0.0) + all.figures[*f].announced.b.unwrap_or(0.0) > 0.0)
        .collect();
    let fig_names: Vec<String> = figs.iter().map(|f| all.figures[*f].name.clone()).collect();
    if !figs.is_empty() {
        let ann: Vec<&Difference> = figs.iter().map(|f| &all.figures[*f].announced).collect();
        let won: Vec<&Difference> = figs.iter().map(|f| &all.figures[*f].success).collect();
        let top = ann.iter().flat_map(|d| [d.a, d.b]).flatten().fold(0.0, f64::max);
        o.push_str("<h2>Figures</h2>\n");
        let sides = |v: &[crate::stats::Moments]| -> Vec<Sides> {
            figs.iter()
                .map(|f| v.get(*f).map(|m| m.side_wilson()).unwrap_or_default())
                .collect()
        };
        o.push_str(&bars(
            "announced per hand, A vs B, with 95% intervals",
            &fig_names,
            &ann,
            &sides(&t.all.announced),
            top.max(1e-3) * 1.3,
        )?);
        o.push_str(&bars(
            "success of the announced, A vs B, with 95% intervals",
            &fig_names,
            &won,
            &sides(&t.all.figure_won),
            1.0,
        )?);
    }
    o.push_str("<h2>All measures</h2>\n");
    table(&mut o, &all);
    let _ = writeln!(o, "<h2>Hands played differently ({})</h2>", t.play_differing);
    table(&mut o, &differing);
    o.push_str("</body></html>\n");
    Ok(o)
}

/// Text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn num(v: Option<f64>) -> String {
    v.map(|x| format!("{x:.4}")).unwrap_or_else(|| "-".into())
}

/// A table row of one measure.
fn row(o: &mut String, name: &str, d: &Difference) {
    let _ = writeln!(
        o,
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>[{}, {}]</td><td>{}</td></tr>",
        esc(name),
        num(d.a),
        num(d.b),
        num(d.diff),
        num(d.low),
        num(d.high),
        if d.significant { "*" } else { "" }
    );
}

fn table(o: &mut String, r: &Results) {
    o.push_str("<table><tr><th>measure</th><th>A</th><th>B</th><th>B - A</th><th>95% interval</th><th></th></tr>\n");
    for c in &r.contracts {
        row(o, &format!("share {}", c.name), &c.share);
        row(o, &format!("success {}", c.name), &c.declarer_success);
    }
    row(o, "declarer success", &r.declarer_success);
    row(o, "thrown in", &r.thrown_in);
    for f in r
        .figures
        .iter()
        .filter(|f| f.announced.a.unwrap_or(0.0) + f.announced.b.unwrap_or(0.0) > 0.0)
    {
        row(o, &format!("announced {}", f.name), &f.announced);
        row(o, &format!("success {}", f.name), &f.success);
    }
    row(o, "doubled", &r.doubled);
    for p in &r.payments {
        row(o, &format!("payment seat {}", p.seat), &p.mean);
    }
    for p in &r.payments {
        row(o, &format!("payment variance seat {}", p.seat), &p.variance);
    }
    row(o, "cards played", &r.cards_played);
    row(o, "actions", &r.actions);
    o.push_str("</table>\n");
}

/// A's and B's 95% intervals of one label's value, each alone.
type Sides = [Option<(f64, f64)>; 2];

/// Two bars per label, A's and B's value (a missing value draws no bar), with the interval of
/// each where `sides` gives it.
fn bars(title: &str, labels: &[String], values: &[&Difference], sides: &[Sides], top: f64) -> Result<String, String> {
    let mut svg = String::new();
    let n = labels.len().max(1);
    let seg = (WIDTH - 70) / segments(n) as u32;
    // names too long for their place under the bars: numbers there, and a key below the chart
    let numbered = labels.iter().any(|l| l.chars().count() as u32 * LABEL_CHAR_WIDTH > seg);
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0..segments(n) - 1).into_segmented(), 0.0..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n.min(MAX_LABELS))
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) if numbered => (i + 1).to_string(),
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => labels.get(*i).cloned().unwrap_or_default(),
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(|e| e.to_string())?;
        // each bar takes about a third of its segment, A on the left, B on the right
        for (side, color) in [(0, COLOR_A), (1, COLOR_B)] {
            let rects = values.iter().enumerate().filter_map(|(i, d)| {
                let v = if side == 0 { d.a } else { d.b }?;
                let mut r = Rectangle::new(
                    [(SegmentValue::Exact(i), 0.0), (SegmentValue::Exact(i + 1), v)],
                    color.filled(),
                );
                let (l, rt) = if side == 0 {
                    (seg / 6, seg / 2)
                } else {
                    (seg / 2, seg / 6)
                };
                r.set_margin(0, 0, l, rt);
                Some(r)
            });
            chart
                .draw_series(rects)
                .map_err(|e| e.to_string())?
                .label(if side == 0 { "A" } else { "B" })
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled()));
        }
        // an interval is a 2-pixel line at its bar's centre (a third or two thirds into the
        // segment) with 10-pixel caps: rectangles placed by their margins, as the bars are
        let mut marks = Vec::new();
        for (i, pair) in sides.iter().enumerate() {
            for (side, range) in pair.iter().enumerate() {
                let Some((low, high)) = range else { continue };
                let (low, high) = (low.max(0.0), high.min(top));
                let centre = seg * (side as u32 + 1) / 3;
                let cap = top * 0.003;
                for (from, to, half) in [(low, high, 1), (low - cap, low + cap, 5), (high - cap, high + cap, 5)] {
                    let mut r = Rectangle::new(
                        [(SegmentValue::Exact(i), from), (SegmentValue::Exact(i + 1), to)],
                        BLACK.filled(),
                    );
                    r.set_margin(0, 0, centre.saturating_sub(half), seg.saturating_sub(centre + half));
                    marks.push(r);
                }
            }
        }
        chart.draw_series(marks).map_err(|e| e.to_string())?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    svg.push('\n');
    if numbered {
        svg.push_str(&key(labels));
    }
    Ok(svg)
}

/// About the width of a label's character, in pixels (plotters' default label font).
const LABEL_CHAR_WIDTH: u32 = 7;

/// The names behind the numbers of a chart's axis.
fn key(labels: &[String]) -> String {
    let items: Vec<String> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{} {}", i + 1, esc(l)))
        .collect();
    format!("<p>{}</p>\n", items.join(", "))
}

/// B - A per label with its 95% interval as an error bar, about a line at zero.
fn intervals(title: &str, labels: &[String], values: &[&Difference]) -> Result<String, String> {
    let spread = values
        .iter()
        .flat_map(|d| [d.low, d.high, d.diff])
        .flatten()
        .map(f64::abs)
        .fold(0.0, f64::max)
        .max(1e-3)
        * 1.1;
    let mut svg = String::new();
    let n = labels.len().max(1);
    let numbered = labels
        .iter()
        .any(|l| l.chars().count() as u32 * LABEL_CHAR_WIDTH > (WIDTH - 80) / segments(n) as u32);
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((0..segments(n) - 1).into_segmented(), -spread..spread)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n.min(MAX_LABELS))
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) if numbered => (i + 1).to_string(),
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => labels.get(*i).cloned().unwrap_or_default(),
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(SegmentValue::Exact(0), 0.0), (SegmentValue::Last, 0.0)],
                BLACK.mix(0.5),
            )))
            .map_err(|e| e.to_string())?;
        let bars = values.iter().enumerate().filter_map(|(i, d)| {
            let (low, mid, high) = (d.low?, d.diff?, d.high?);
            let color = if d.significant { COLOR_B } else { BLACK };
            Some(ErrorBar::new_vertical(
                SegmentValue::CenterOf(i),
                low,
                mid,
                high,
                color.stroke_width(2),
                12,
            ))
        });
        chart.draw_series(bars).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    svg.push('\n');
    if numbered {
        svg.push_str(&key(labels));
    }
    Ok(svg)
}

/// The payments under A and B, in at most 40 bins over the values paid (the tails beyond the
/// histogram's bound are said in a line below).
fn payments(h: &[Histogram; 2]) -> Result<String, String> {
    // the range shown: the central 99% of the payments of both (a few extreme payments would
    // squeeze the rest into one bar); what falls outside is said below the chart
    let mut pooled = Histogram::default();
    pooled.merge(&h[0]);
    pooled.merge(&h[1]);
    let total: u64 = pooled.counts.values().sum();
    let mut cum = 0;
    let mut lo = None;
    let mut hi = None;
    for (v, n) in &pooled.counts {
        cum += n;
        if lo.is_none() && cum * 200 > total {
            lo = Some(*v);
        }
        if hi.is_none() && cum * 200 >= total * 199 {
            hi = Some(*v);
        }
    }
    let (Some(lo), Some(hi)) = (lo, hi) else {
        return Ok("<p>no payments</p>\n".into());
    };
    let bins = ((hi - lo + 1) as usize).min(40);
    let width = ((hi - lo + 1) as f64 / bins as f64).ceil() as i64;
    let share = |x: &Histogram| {
        let total: u64 = x.counts.values().sum::<u64>() + x.below + x.above;
        let mut b = vec![0.0; bins];
        for (v, n) in x.counts.range(lo..=hi) {
            let at = (((v - lo) / width.max(1)) as usize).min(bins - 1);
            b[at] += *n as f64 / total.max(1) as f64;
        }
        b
    };
    let (a, b) = (share(&h[0]), share(&h[1]));
    let labels: Vec<String> = (0..bins)
        .map(|i| {
            let from = lo + i as i64 * width;
            if width == 1 {
                from.to_string()
            } else {
                format!("{from}..{}", from + width - 1)
            }
        })
        .collect();
    let diffs: Vec<Difference> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| Difference {
            a: Some(*x),
            b: Some(*y),
            diff: Some(y - x),
            ..Difference::empty(0, 0)
        })
        .collect();
    let top = a.iter().chain(&b).copied().fold(0.0, f64::max).max(1e-3) * 1.3;
    let refs: Vec<&Difference> = diffs.iter().collect();
    let mut o = bars("share of payments by value, A vs B", &labels, &refs, &[], top)?;
    let outside = |x: &Histogram| {
        let all = x.counts.values().sum::<u64>() + x.below + x.above;
        let shown: u64 = x.counts.range(lo..=hi).map(|(_, n)| n).sum();
        100.0 * (all - shown) as f64 / all.max(1) as f64
    };
    let _ = writeln!(
        o,
        "<p>payments from {lo} to {hi} shown; outside: A {:.2}%, B {:.2}%</p>",
        outside(&h[0]),
        outside(&h[1])
    );
    Ok(o)
}
