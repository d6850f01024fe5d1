//! Takes a transcript's shown output and the command's real output (as lines); gives whether they
//! match (with the `...` and `[..]` elisions), a line diff for the failure message, and the shown
//! text rewritten to the real output with the elisions kept (for `KARTYA_BLESS_DOCS=1`).

/// A line of its own that stands for any number of lines (none too).
pub const ANY_LINES: &str = "...";
/// Within a line, stands for any text (what changes from run to run, such as timing).
pub const ANY_TEXT: &str = "[..]";

/// One line against a shown line that may hold `[..]`.
pub fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split(ANY_TEXT).collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    // The middle parts in order, each as early as it fits: the earliest fit leaves the most room.
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// The whole output against the shown lines.
pub fn matches(shown: &[String], real: &[String]) -> bool {
    // at[j]: shown[..i] matches real[..j], row by row over i.
    let mut at = vec![false; real.len() + 1];
    at[0] = true;
    for pattern in shown {
        let mut next = vec![false; real.len() + 1];
        for j in 0..=real.len() {
            next[j] = if pattern == ANY_LINES {
                at[j] || (j > 0 && next[j - 1])
            } else {
                j > 0 && at[j - 1] && line_matches(pattern, &real[j - 1])
            };
        }
        at = next;
    }
    at[real.len()]
}

enum Op {
    Same(usize),
    Shown(usize),
    Real(usize),
}

/// The longest common subsequence of the two, `...` lines matching nothing: the alignment both
/// the diff and the rewrite walk.
fn align(shown: &[String], real: &[String]) -> Vec<Op> {
    let same = |i: usize, j: usize| shown[i] != ANY_LINES && line_matches(&shown[i], &real[j]);
    let (n, m) = (shown.len(), real.len());
    let mut len = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[i][j] = if same(i, j) {
                len[i + 1][j + 1] + 1
            } else {
                len[i + 1][j].max(len[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut ops) = (0, 0, Vec::new());
    while i < n || j < m {
        if i < n && j < m && same(i, j) {
            ops.push(Op::Same(i));
            (i, j) = (i + 1, j + 1);
        } else if i < n && (j == m || len[i + 1][j] >= len[i][j + 1]) {
            ops.push(Op::Shown(i));
            i += 1;
        } else {
            ops.push(Op::Real(j));
            j += 1;
        }
    }
    ops
}

/// A unified-style diff: ` ` both, `-` shown in the doc only, `+` printed by the tool only; real
/// lines that a `...` covers are left out, as they match.
pub fn diff(shown: &[String], real: &[String]) -> String {
    let mut out = String::from("--- shown in the doc\n+++ printed by kartya\n");
    let mut gap: Vec<String> = Vec::new();
    let mut elided = false;
    let flush = |out: &mut String, gap: &mut Vec<String>, elided: &mut bool| {
        for line in gap.drain(..) {
            if !(*elided && line.starts_with('+')) {
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        *elided = false;
    };
    for op in align(shown, real) {
        match op {
            Op::Same(i) => {
                flush(&mut out, &mut gap, &mut elided);
                out.push_str(format!(" {}", shown[i]).trim_end());
                out.push('\n');
            }
            Op::Shown(i) if shown[i] == ANY_LINES => {
                elided = true;
                gap.push(format!(" {ANY_LINES}"));
            }
            Op::Shown(i) => gap.push(format!("-{}", shown[i])),
            Op::Real(j) => gap.push(format!("+{}", real[j])),
        }
    }
    flush(&mut out, &mut gap, &mut elided);
    out
}

/// The shown lines rewritten to match the real output: lines that still match are kept as they
/// are (with their `[..]`), a gap between them that held a `...` stays elided, and any other gap
/// becomes the real lines. The result always matches; whether it still reads well is for the
/// reviewer of the doc's diff.
pub fn bless(shown: &[String], real: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut gap: Vec<String> = Vec::new();
    let mut elided = false;
    let flush = |out: &mut Vec<String>, gap: &mut Vec<String>, elided: &mut bool| {
        if *elided {
            out.push(ANY_LINES.to_string());
            gap.clear();
        } else {
            out.append(gap);
        }
        *elided = false;
    };
    for op in align(shown, real) {
        match op {
            Op::Same(i) => {
                flush(&mut out, &mut gap, &mut elided);
                out.push(shown[i].clone());
            }
            Op::Shown(i) => elided |= shown[i] == ANY_LINES,
            Op::Real(j) => gap.push(real[j].clone()),
        }
    }
    flush(&mut out, &mut gap, &mut elided);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(str::to_string).collect()
    }

    #[test]
    fn elisions_match_what_they_say() {
        assert!(line_matches(
            "timing: [..] s, [..] hands/s",
            "timing: 0.16 s, 625198 hands/s"
        ));
        assert!(!line_matches("timing: [..] s", "timing: 0.16 ms"));
        assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
        assert!(matches(&lines("a\n...\nb"), &lines("a\nb")));
        assert!(!matches(&lines("a\nd"), &lines("a\nb\nd")));
        assert!(!matches(&lines("a\n...\nd"), &lines("a\nb\nc")));
    }

    #[test]
    fn bless_keeps_elisions_and_takes_the_rest() {
        let shown = lines("head\n...\nold\ntail\ntiming [..]");
        let real = lines("head\nx\ny\nnew\ntail\ntiming 3");
        let blessed = bless(&shown, &real);
        assert!(matches(&blessed, &real), "{blessed:?}");
        assert_eq!(blessed, lines("head\n...\ntail\ntiming [..]"));
        let blessed = bless(&lines("a\nold\nb"), &lines("a\nnew\nb"));
        assert_eq!(blessed, lines("a\nnew\nb"));
    }
}
