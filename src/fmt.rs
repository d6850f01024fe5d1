//! Canonical formatting of a rules file from its syntax tree: two-space indentation, single
//! spaces between words, at most one blank line, every comment kept. Formatting twice changes
//! nothing (tested on every bundled file).

use crate::resolve::words_text;
use crate::syntax::ast::{Comment, FileAst, Stmt};

/// Formats a parsed file. `text` is the original source, used only to keep blank lines.
pub fn format(ast: &FileAst, text: &str) -> String {
    let mut out = String::new();
    let mut prev_end: Option<usize> = None;
    write_list(&mut out, &ast.stmts, text, 0, &mut prev_end);
    if !ast.closing.is_empty() {
        if blank_before(text, prev_end, ast.closing.first().map(|c| c.span.start)) {
            out.push('\n');
        }
        for c in &ast.closing {
            comment_line(&mut out, c, 0);
        }
    }
    out
}

fn blank_before(text: &str, prev_end: Option<usize>, start: Option<usize>) -> bool {
    match (prev_end, start) {
        (Some(a), Some(b)) if a < b => text.get(a..b).is_some_and(|gap| gap.matches('\n').count() >= 2),
        _ => false,
    }
}

/// The end of a statement without its final newline and spaces.
fn trimmed_end(text: &str, start: usize, end: usize) -> usize {
    text.get(start..end).map(|t| start + t.trim_end().len()).unwrap_or(end)
}

fn comment_line(out: &mut String, c: &Comment, indent: usize) {
    out.push_str(&"  ".repeat(indent));
    out.push('#');
    out.push_str(&c.text);
    out.push('\n');
}

fn write_list(out: &mut String, stmts: &[Stmt], text: &str, indent: usize, prev_end: &mut Option<usize>) {
    for s in stmts {
        let first_start = s.leading.first().map(|c| c.span.start).unwrap_or(s.span.start);
        if blank_before(text, *prev_end, Some(first_start)) {
            out.push('\n');
        }
        let mut last = None;
        for c in &s.leading {
            if blank_before(text, last, Some(c.span.start)) {
                out.push('\n');
            }
            comment_line(out, c, indent);
            last = Some(trimmed_end(text, c.span.start, c.span.end));
        }
        if blank_before(text, last, Some(s.span.start)) {
            out.push('\n');
        }
        out.push_str(&"  ".repeat(indent));
        match &s.expr {
            // an expression prints in its canonical form: single spaces, only the parentheses
            // that precedence needs
            Some(e) => {
                out.push_str(s.keyword());
                out.push(' ');
                out.push_str(&e.to_string());
            }
            None => out.push_str(&words_text(&s.words)),
        }
        match &s.body {
            Some(body) => {
                out.push_str(" {");
                if let Some(c) = &s.trailing {
                    out.push_str("  #");
                    out.push_str(&c.text);
                }
                out.push('\n');
                let mut inner_prev = Some(s.head_span().end);
                write_list(out, body, text, indent + 1, &mut inner_prev);
                let mut last = inner_prev;
                for c in &s.closing {
                    if blank_before(text, last, Some(c.span.start)) {
                        out.push('\n');
                    }
                    comment_line(out, c, indent + 1);
                    last = Some(c.span.end);
                }
                out.push_str(&"  ".repeat(indent));
                out.push('}');
                if let Some(c) = &s.end_comment {
                    out.push_str("  #");
                    out.push_str(&c.text);
                }
                out.push('\n');
            }
            None => {
                if let Some(c) = &s.trailing {
                    out.push_str("  #");
                    out.push_str(&c.text);
                }
                out.push('\n');
            }
        }
        *prev_end = Some(trimmed_end(text, s.span.start, s.span.end));
    }
}
