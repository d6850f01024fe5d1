//! The terminal table of a comparison: takes the results (all hands, and the hands played
//! differently), gives the summary's sentences (`summary`) and aligned text in the rule sets'
//! own contract and figure names: n, A, B, B - A, the 95% interval, and `*` where the difference
//! is significant after Holm's correction over the table ("too few hands" under 30). No timing:
//! the same seed gives the same text.

use super::measures::Results;
use super::report::Heading;
use super::Tally;
use crate::stats::Difference;
use std::fmt::Write as _;

/// How a measure's numbers are written.
#[derive(Clone, Copy)]
enum Unit {
    /// A rate, as a percentage.
    Rate,
    /// A mean, with three decimals.
    Mean,
}

fn value(v: Option<f64>, unit: Unit) -> String {
    match (v, unit) {
        (None, _) => "-".into(),
        (Some(x), Unit::Rate) => format!("{:.1}%", 100.0 * x),
        (Some(x), Unit::Mean) => format!("{x:.3}"),
    }
}

fn signed(v: Option<f64>, unit: Unit) -> String {
    match (v, unit) {
        (None, _) => "-".into(),
        (Some(x), Unit::Rate) => format!("{:+.1}%", 100.0 * x),
        (Some(x), Unit::Mean) => format!("{x:+.3}"),
    }
}

/// The whole table.
pub fn table(h: &Heading, t: &Tally) -> String {
    let (all, differing) = t.results();
    let mut o = String::new();
    let _ = writeln!(o, "A: {}\nB: {}", h.a, h.b);
    let _ = writeln!(o, "{} hands, seed {}, bots {}", h.hands, h.seed, h.bots);
    if t.paired() {
        let _ = writeln!(o, "the same deals under both (paired intervals)");
    } else if !t.same_deck {
        let _ = writeln!(o, "the decks differ: the deals are not the same (unpaired intervals)");
    } else {
        let _ = writeln!(
            o,
            "the deals differ in {} hands (unpaired intervals)",
            t.deals_differing
        );
    }
    let share = if t.hands > 0 {
        format!(" ({:.1}%)", 100.0 * t.play_differing as f64 / t.hands as f64)
    } else {
        String::new()
    };
    let _ = writeln!(o, "play differed in {} of {} hands{share}", t.play_differing, t.hands);
    let _ = writeln!(o, "\nsummary:");
    for s in super::summary::sentences(t) {
        let _ = writeln!(o, "- {s}");
    }
    let width = width(&all);
    section_table(&mut o, &all, width);
    if t.play_differing > 0 && t.play_differing < t.hands {
        let _ = writeln!(o, "\nin the {} hands played differently:", t.play_differing);
        section_table(&mut o, &differing, width);
    }
    o
}

/// The hands (or games) a measure rests on: one number, or A's and B's where they differ.
pub fn hands_of(d: &Difference) -> String {
    if d.n_a == d.n_b {
        d.n_a.to_string()
    } else {
        format!("{}/{}", d.n_a, d.n_b)
    }
}

/// The flag of a measure: `*` significant after the correction, or why it was not tested
/// (a rate with no games under one rule set has nothing to compare with, however many under the
/// other: a figure only one of them has).
pub fn flag(d: &Difference) -> &'static str {
    if d.significant {
        "*"
    } else if d.a.is_none() && d.b.is_some() && d.n_a == 0 {
        "only under B"
    } else if d.b.is_none() && d.a.is_some() && d.n_b == 0 {
        "only under A"
    } else if d.too_few && (d.a.is_some() || d.b.is_some()) {
        "too few hands"
    } else {
        ""
    }
}

/// The width of the names column: the longest name, indented, or the longest heading.
fn width(r: &Results) -> usize {
    r.contracts
        .iter()
        .map(|c| c.name.chars().count())
        .chain(r.figures.iter().map(|f| f.name.chars().count()))
        .map(|n| n + 2)
        .chain([24])
        .max()
        .unwrap_or(24)
}

fn line(o: &mut String, name: &str, d: &Difference, unit: Unit, width: usize) {
    let interval = match (d.low, d.high) {
        (Some(l), Some(h)) => format!("[{}, {}]", signed(Some(l), unit), signed(Some(h), unit)),
        _ => "-".into(),
    };
    let text = format!(
        "{name:<width$} {:>13} {:>9} {:>9} {:>9}  {:<22} {}",
        hands_of(d),
        value(d.a, unit),
        value(d.b, unit),
        signed(d.diff, unit),
        interval,
        flag(d)
    );
    let _ = writeln!(o, "{}", text.trim_end());
}

fn section_table(o: &mut String, r: &Results, width: usize) {
    let head = format!(
        "{:<width$} {:>13} {:>9} {:>9} {:>9}  {}",
        "measure", "n", "A", "B", "B - A", "95% interval"
    );
    let _ = writeln!(o, "\n{head}");
    let _ = writeln!(o, "contract mix");
    for c in &r.contracts {
        line(o, &format!("  {}", c.name), &c.share, Unit::Rate, width);
    }
    line(o, "  thrown in", &r.thrown_in, Unit::Rate, width);
    let _ = writeln!(o, "declarer (side) success");
    for c in r.contracts.iter().filter(|c| c.declarer_success.diff.is_some()) {
        line(o, &format!("  {}", c.name), &c.declarer_success, Unit::Rate, width);
    }
    line(o, "  all contracts", &r.declarer_success, Unit::Rate, width);
    let announced: Vec<_> = r
        .figures
        .iter()
        .filter(|f| f.announced.a.unwrap_or(0.0) + f.announced.b.unwrap_or(0.0) > 0.0)
        .collect();
    if !announced.is_empty() {
        let _ = writeln!(o, "figures announced (per hand)");
        for f in &announced {
            line(o, &format!("  {}", f.name), &f.announced, Unit::Rate, width);
        }
        let _ = writeln!(o, "figure success (of those announced)");
        for f in &announced {
            line(o, &format!("  {}", f.name), &f.success, Unit::Rate, width);
        }
    }
    line(o, "doubled (a level said)", &r.doubled, Unit::Rate, width);
    let _ = writeln!(o, "mean payment per hand");
    for p in &r.payments {
        line(o, &format!("  seat {}", p.seat), &p.mean, Unit::Mean, width);
    }
    let _ = writeln!(o, "payment variance");
    for p in &r.payments {
        line(o, &format!("  seat {}", p.seat), &p.variance, Unit::Mean, width);
    }
    let _ = writeln!(o, "hand length");
    line(o, "  cards played", &r.cards_played, Unit::Mean, width);
    line(o, "  actions", &r.actions, Unit::Mean, width);
    let _ = writeln!(
        o,
        "{} measures tested; * = significant at 5% after Holm's correction over them; n = hands (for a success, games under A/B)",
        r.tested
    );
}

#[cfg(test)]
mod tests {
    use super::flag;
    use crate::stats::Difference;

    fn rate(a: Option<f64>, b: Option<f64>, n_a: u64, n_b: u64) -> Difference {
        Difference {
            a,
            b,
            ..Difference::empty(n_a, n_b)
        }
    }

    #[test]
    fn a_rate_of_one_rule_set_only_says_so_not_too_few() {
        // uhu's success: 111 games under B, none under A (A has no uhu)
        assert_eq!(flag(&rate(None, Some(0.514), 0, 111)), "only under B");
        assert_eq!(flag(&rate(Some(0.5), None, 40, 0)), "only under A");
        // 29 and 30 games under each: the boundary of `MIN_HANDS`
        assert_eq!(flag(&rate(Some(0.5), Some(0.6), 29, 40)), "too few hands");
        assert_eq!(flag(&rate(Some(0.5), Some(0.6), 30, 40)), "");
        // neither has any: nothing to say
        assert_eq!(flag(&rate(None, None, 0, 0)), "");
    }
}
