//! The report's charts as SVG text, drawn by hand so that every size is known: takes labelled
//! values (A's and B's rates with their intervals and the hands they rest on, differences with
//! intervals, a payment histogram), gives one `<svg>` each with a title, category names on the
//! axis, axis titles with units, n beside each bar, and text no smaller than `MIN_FONT` pixels.

use std::fmt::Write as _;

/// Rule set A's colour and B's (the page's text uses the same).
pub const COLOR_A: &str = "rgb(60,105,180)";
pub const COLOR_B: &str = "rgb(225,130,30)";
/// The charts' width in pixels (the page is 900 wide).
pub const WIDTH: f64 = 860.0;
/// The smallest text on a chart, in pixels: tick labels and the n beside a bar.
pub const MIN_FONT: f64 = 13.0;
const TITLE_FONT: f64 = 17.0;
const AXIS_FONT: f64 = 14.0;
/// About the width of a character of `MIN_FONT` sans-serif, in pixels.
const CHAR: f64 = 7.8;

/// An SVG document being written.
struct Svg {
    body: String,
    height: f64,
}

impl Svg {
    fn new(height: f64) -> Svg {
        Svg {
            body: String::new(),
            height,
        }
    }

    fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, s: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" text-anchor=\"{anchor}\" fill=\"#222\">{}</text>",
            esc(s)
        );
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, title: &str) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\"><title>{}</title></rect>",
            w.max(0.0),
            h.max(0.0),
            esc(title)
        );
    }

    fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>"
        );
    }

    fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h:.0}\" viewBox=\"0 0 {w} {h:.0}\" font-family=\"sans-serif\" role=\"img\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{}</svg>\n",
            self.body,
            w = WIDTH,
            h = self.height
        )
    }

    /// The title at the top and a key of A's and B's colours under it.
    fn head(&mut self, title: &str, key: bool) {
        self.text(WIDTH / 2.0, 22.0, TITLE_FONT, "middle", title);
        if key {
            for (i, (name, color)) in [("A", COLOR_A), ("B", COLOR_B)].iter().enumerate() {
                let x = WIDTH / 2.0 - 40.0 + 50.0 * i as f64;
                self.rect(x, 34.0, 14.0, 14.0, color, name);
                self.text(x + 19.0, 46.0, AXIS_FONT, "start", name);
            }
        }
    }
}

/// Text for SVG and HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One category of a bar chart: its name, and A's and B's value (a rate, 0..1), 95% interval
/// and the hands (or games) it rests on; None where a side has no value.
pub struct Pair {
    pub name: String,
    pub sides: [Option<Bar>; 2],
}

#[derive(Clone, Copy)]
pub struct Bar {
    pub value: f64,
    pub interval: Option<(f64, f64)>,
    pub n: u64,
}

/// The space for category names at the left of a horizontal chart.
fn name_width<'a>(names: impl Iterator<Item = &'a str>) -> f64 {
    let longest = names.map(|n| n.chars().count()).max().unwrap_or(4) as f64;
    (longest * CHAR + 16.0).clamp(80.0, 280.0)
}

/// Round ticks over 0..top (a rate): every 10, 20 or 25 percent, or finer for small tops.
fn rate_ticks(top: f64, most: f64) -> Vec<f64> {
    let pct = top * 100.0;
    let step = [0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 25.0]
        .into_iter()
        .find(|s| pct / s <= most)
        .unwrap_or(25.0);
    (0..=(pct / step).floor() as usize)
        .map(|i| i as f64 * step / 100.0)
        .collect()
}

/// A percentage label of a tick or value.
fn pct(x: f64) -> String {
    let p = 100.0 * x;
    if p != 0.0 && p.abs() < 1.0 {
        format!("{p:.2}%")
    } else {
        format!("{p:.1}%")
    }
}

/// Horizontal grouped bars, A over B per category: the category names on the left axis, the
/// rate in percent on the bottom axis (0 to `top`), each bar with its 95% interval and, at its
/// end, the value and n.
pub fn bars(title: &str, axis: &str, pairs: &[Pair], top: f64) -> String {
    let left = name_width(pairs.iter().map(|p| p.name.as_str()));
    let right = 170.0;
    let (x0, x1) = (left, WIDTH - right);
    let (bar, gap) = (16.0, 14.0);
    let row = 2.0 * bar + gap;
    let y0 = 62.0;
    let height = y0 + row * pairs.len().max(1) as f64 + 58.0;
    let mut svg = Svg::new(height);
    svg.head(title, true);
    let top = top.max(1e-4);
    let x = |v: f64| x0 + (x1 - x0) * (v / top).clamp(0.0, 1.0);
    let y_axis = y0 + row * pairs.len().max(1) as f64;
    for t in rate_ticks(top, 6.0) {
        svg.line((x(t), y0 - 4.0), (x(t), y_axis), "#ddd", 1.0);
        svg.text(x(t), y_axis + 18.0, MIN_FONT, "middle", &pct(t));
    }
    svg.line((x0, y0 - 4.0), (x0, y_axis), "#222", 1.0);
    svg.line((x0, y_axis), (x1, y_axis), "#222", 1.0);
    svg.text((x0 + x1) / 2.0, y_axis + 42.0, AXIS_FONT, "middle", axis);
    for (i, p) in pairs.iter().enumerate() {
        let top_y = y0 + row * i as f64 + gap / 2.0;
        svg.text(x0 - 8.0, top_y + bar + 5.0, AXIS_FONT, "end", &p.name);
        for (side, color) in [(0, COLOR_A), (1, COLOR_B)] {
            let by = top_y + bar * side as f64;
            let label = ["A", "B"][side];
            let Some(b) = p.sides[side] else {
                svg.text(
                    x0 + 6.0,
                    by + bar - 3.0,
                    MIN_FONT,
                    "start",
                    &format!("{label}: not played"),
                );
                continue;
            };
            let tip = format!("{} {label}: {} of {}", p.name, pct(b.value), b.n);
            svg.rect(x0, by + 1.0, x(b.value) - x0, bar - 2.0, color, &tip);
            let mut end = x(b.value);
            if let Some((lo, hi)) = b.interval {
                let mid = by + bar / 2.0;
                svg.line((x(lo), mid), (x(hi), mid), "#222", 1.5);
                svg.line((x(lo), mid - 4.0), (x(lo), mid + 4.0), "#222", 1.5);
                svg.line((x(hi), mid - 4.0), (x(hi), mid + 4.0), "#222", 1.5);
                end = end.max(x(hi));
            }
            svg.text(
                end + 6.0,
                by + bar - 3.0,
                MIN_FONT,
                "start",
                &format!("{} n={}", pct(b.value), b.n),
            );
        }
    }
    svg.finish()
}

/// One row of a difference chart: a name, B - A with its 95% interval, whether it is
/// significant after the correction, and the hands it rests on.
pub struct Change {
    pub name: String,
    pub diff: f64,
    pub interval: Option<(f64, f64)>,
    pub significant: bool,
    pub n: String,
}

/// B - A per category in percentage points, a dot and its interval about a line at zero; the
/// names on the left axis, the value, interval and n on the right.
pub fn changes(title: &str, axis: &str, rows: &[Change]) -> String {
    let left = name_width(rows.iter().map(|r| r.name.as_str()));
    let right = 250.0;
    let (x0, x1) = (left, WIDTH - right);
    let row = 30.0;
    let y0 = 44.0;
    let y_axis = y0 + row * rows.len().max(1) as f64;
    let height = y_axis + 58.0;
    let spread = rows
        .iter()
        .flat_map(|r| [Some(r.diff), r.interval.map(|i| i.0), r.interval.map(|i| i.1)])
        .flatten()
        .map(f64::abs)
        .fold(0.0, f64::max)
        .max(1e-4)
        * 1.1;
    let mut svg = Svg::new(height);
    svg.head(title, false);
    let x = |v: f64| x0 + (x1 - x0) * ((v + spread) / (2.0 * spread)).clamp(0.0, 1.0);
    let ticks = rate_ticks(spread, 4.0);
    let fine = spread * 100.0 < 1.0;
    for t in ticks.iter().skip(1).flat_map(|t| [-t, *t]).chain([0.0]) {
        svg.line((x(t), y0 - 4.0), (x(t), y_axis), "#eee", 1.0);
        let label = match (t == 0.0, fine) {
            (true, _) => "0".to_string(),
            (false, true) => format!("{:+.2}", 100.0 * t),
            (false, false) => format!("{:+.1}", 100.0 * t),
        };
        svg.text(x(t), y_axis + 18.0, MIN_FONT, "middle", &label);
    }
    svg.line((x(0.0), y0 - 4.0), (x(0.0), y_axis), "#888", 1.0);
    svg.line((x0, y_axis), (x1, y_axis), "#222", 1.0);
    svg.text((x0 + x1) / 2.0, y_axis + 42.0, AXIS_FONT, "middle", axis);
    for (i, r) in rows.iter().enumerate() {
        let y = y0 + row * i as f64 + row / 2.0;
        svg.text(x0 - 8.0, y + 5.0, AXIS_FONT, "end", &r.name);
        let color = if r.significant { COLOR_B } else { "#222" };
        if let Some((lo, hi)) = r.interval {
            svg.line((x(lo), y), (x(hi), y), color, 2.0);
            svg.line((x(lo), y - 6.0), (x(lo), y + 6.0), color, 2.0);
            svg.line((x(hi), y - 6.0), (x(hi), y + 6.0), color, 2.0);
        }
        let _ = writeln!(
            svg.body,
            "<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"4.5\" fill=\"{color}\"/>",
            x(r.diff)
        );
        let interval = r
            .interval
            .map(|(l, h)| format!(" [{:+.1}, {:+.1}]", 100.0 * l, 100.0 * h))
            .unwrap_or_default();
        let star = if r.significant { " *" } else { "" };
        svg.text(
            x1 + 10.0,
            y + 5.0,
            MIN_FONT,
            "start",
            &format!("{:+.1}{interval} n={}{star}", 100.0 * r.diff, r.n),
        );
    }
    svg.finish()
}

/// The payments' distribution under A and B on a log scale, so that the tails (where a
/// doubling acts) show beside the common values: `bins` of (from, to, share under A, share
/// under B), the shares of all payments.
pub fn payments(title: &str, bins: &[(i64, i64, f64, f64)], n: [u64; 2]) -> String {
    let (x0, x1) = (90.0, WIDTH - 20.0);
    let (y0, y1) = (62.0, 330.0);
    let height = y1 + 62.0;
    let mut svg = Svg::new(height);
    svg.head(title, true);
    let smallest = bins
        .iter()
        .flat_map(|b| [b.2, b.3])
        .filter(|s| *s > 0.0)
        .fold(1.0, f64::min);
    // decades from under the smallest share to 100%
    let low_exp = smallest.log10().floor().min(-1.0) as i32;
    let y = |s: f64| {
        let e = s.max(10f64.powi(low_exp)).log10();
        y1 - (y1 - y0) * (e - low_exp as f64) / (-low_exp as f64)
    };
    for e in low_exp..=0 {
        let v = 10f64.powi(e);
        svg.line((x0, y(v)), (x1, y(v)), "#ddd", 1.0);
        // 100%, 10%, 1%, 0.1%, ... (e-notation only past a millionth of a percent)
        let label = match e {
            -2..=0 => format!("{:.0}%", 100.0 * v),
            -8..=-3 => format!("{:.*}%", (-e - 2) as usize, 100.0 * v),
            _ => format!("{:.0e}%", 100.0 * v),
        };
        svg.text(x0 - 8.0, y(v) + 5.0, MIN_FONT, "end", &label);
    }
    let k = bins.len().max(1) as f64;
    let w = (x1 - x0) / k;
    for (i, (from, to, a, b)) in bins.iter().enumerate() {
        let left = x0 + w * i as f64;
        let range = if from == to {
            from.to_string()
        } else {
            format!("{from} to {to}")
        };
        for (side, (share, color)) in [(*a, COLOR_A), (*b, COLOR_B)].iter().enumerate() {
            if *share > 0.0 {
                let tip = format!("payment {range}, {}: {} of payments", ["A", "B"][side], pct(*share));
                svg.rect(
                    left + w * side as f64 / 2.0,
                    y(*share),
                    w / 2.0,
                    y1 - y(*share),
                    color,
                    &tip,
                );
            }
        }
    }
    // ticks at about ten round payments along the axis
    let (lo, hi) = (bins.first().map_or(0, |b| b.0), bins.last().map_or(0, |b| b.1));
    let span = (hi - lo).max(1) as f64;
    let bin_width = bins.first().map_or(1, |b| b.1 - b.0 + 1);
    let total = k * bin_width as f64;
    let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000]
        .into_iter()
        .find(|s| span / *s as f64 <= 10.0)
        .unwrap_or(10_000);
    let first = (lo as f64 / step as f64).ceil() as i64 * step;
    let xv = |v: f64| x0 + (x1 - x0) * (v - lo as f64 + 0.5) / total;
    let mut v = first;
    while v <= hi {
        svg.line((xv(v as f64), y1), (xv(v as f64), y1 + 5.0), "#222", 1.0);
        svg.text(xv(v as f64), y1 + 20.0, MIN_FONT, "middle", &v.to_string());
        v += step;
    }
    svg.line((x0, y0 - 4.0), (x0, y1), "#222", 1.0);
    svg.line((x0, y1), (x1, y1), "#222", 1.0);
    svg.text(
        (x0 + x1) / 2.0,
        y1 + 44.0,
        AXIS_FONT,
        "middle",
        &format!(
            "payment per seat and hand (points); n = {} under A, {} under B",
            n[0], n[1]
        ),
    );
    let _ = writeln!(
        svg.body,
        "<text x=\"18\" y=\"{:.1}\" font-size=\"{AXIS_FONT}\" text-anchor=\"middle\" fill=\"#222\" transform=\"rotate(-90 18 {:.1})\">share of payments (%, log scale)</text>",
        (y0 + y1) / 2.0,
        (y0 + y1) / 2.0
    );
    svg.finish()
}
