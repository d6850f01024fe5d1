//! Pest's error (a position and the grammar rules it tried there) to one syntax diagnostic that
//! names the mistake: an empty file or a missing header, a block left open, a stray `}`, text in
//! quotes left open, a statement missing its value, an unknown word in a block, text after a
//! finished statement. Each kind has its own message and help; the wording lives here and in
//! `describe.rs`.

use super::{describe, tokenize, Rule};
use crate::diag::{Code, Diag};
use crate::source::FileId;
use crate::syntax::ast::{Span, WordKind};

/// The block open at some point of the text: its header words and the offset of its `{`.
struct OpenBlock {
    name: String,
    brace: usize,
}

/// What the text holds at the error position, read outside strings and comments.
struct Scan {
    /// The block whose `{` is still open at the position (blocks do not nest).
    open: Option<OpenBlock>,
}

/// Walks the text up to `pos` the way the grammar reads it: `#` starts a comment, `"` quotes
/// on one line, `{` opens a block and `}` closes it.
fn scan(text: &str, pos: usize) -> Scan {
    let mut open = None;
    let mut in_string = false;
    let mut in_comment = false;
    let mut line_start = 0;
    for (i, ch) in text.char_indices() {
        if i >= pos {
            break;
        }
        match ch {
            '\n' | '\r' => {
                in_comment = false;
                in_string = false;
                line_start = i + 1;
            }
            _ if in_comment => {}
            '"' => in_string = !in_string,
            '#' if !in_string => in_comment = true,
            '{' if !in_string => {
                let head = text.get(line_start..i).unwrap_or("");
                let name = tokenize(head, line_start)
                    .iter()
                    .filter(|w| w.kind == WordKind::Bare)
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                open = Some(OpenBlock { name, brace: i });
            }
            '}' if !in_string => open = None,
            _ => {}
        }
    }
    Scan { open }
}

/// The line around a byte offset: its start and its text up to the end of the line.
fn line_at(text: &str, pos: usize) -> (usize, &str) {
    let start = text
        .get(..pos)
        .and_then(|b| b.rfind(['\n', '\r']))
        .map(|i| i + 1)
        .unwrap_or(0);
    let rest = text.get(start..).unwrap_or("");
    let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
    (start, rest.get(..end).unwrap_or(""))
}

/// The first word of a line (the statement's keyword), if any.
fn first_word(line: &str) -> Option<&str> {
    line.split_whitespace().next().filter(|w| !w.starts_with('#'))
}

/// Describes the text at a byte offset in user words: `` `foo` ``, the end of the line, or the end of the file.
pub(super) fn found_at(text: &str, pos: usize) -> String {
    let rest = text.get(pos..).unwrap_or("");
    match rest.chars().next() {
        None => "end of file".into(),
        Some('\n') | Some('\r') => "end of line".into(),
        Some(_) => format!("`{}`", word_at(text, pos)),
    }
}

fn word_at(text: &str, pos: usize) -> String {
    let rest = text.get(pos..).unwrap_or("");
    rest.chars().take_while(|c| !c.is_whitespace()).take(24).collect()
}

/// Statements the language no longer has, by their lead word, with where their rule is
/// written now (a file of an older kartya then says what to change).
const MOVED: &[(&str, &str)] = &[
    (
        "pickup",
        "the pickup is a stage now: `stages` in the `game` block lists it in its place: \
         `stages pickup front-round ...` for the pickup after the bidding, `stages ... partner-call pickup ...` \
         after the partner call; without `stages`, the pickup comes after the front round",
    ),
    (
        "made-after",
        "the exchange is a stage now: `stages` in the `game` block lists it in its place, such as \
         `stages front-round pickup back-round exchange tricks` for the exchange after the back round",
    ),
];

/// The diagnostic for a pest parsing error at `start..end` after trying `positives`.
pub(super) fn parsing_error(file: FileId, text: &str, start: usize, end: usize, positives: &[Rule]) -> Diag {
    let found = found_at(text, start);
    let expected = describe::expected_list(positives, found == "end of file");
    let here = Span::new(start, end.max(start));
    let (line_start, line) = line_at(text, start);
    let at_line_start = text.get(line_start..start).is_some_and(|b| b.trim().is_empty());
    let rest_of_line = text.get(start..line_start + line.len()).unwrap_or("");
    let scan = scan(text, start);

    // nothing before the error but blank lines and comments: the header is missing, and the
    // help says what a rules file starts with (pest may report nothing tried on an empty file)
    let no_header_yet = text
        .get(..start)
        .unwrap_or("")
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
    if describe::expects_header(positives)
        || (no_header_yet && !text.trim_start().starts_with("variant") && !text.trim_start().starts_with("house-rules"))
    {
        let message = if text
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
        {
            "the file holds no rules".to_string()
        } else {
            format!("a rules file starts with `variant` or `house-rules`, not {found}")
        };
        let word = word_at(text, start);
        let help = match crate::names::suggest(&word, ["variant", "house-rules"]) {
            Some(k) => format!("did you mean `{k}`? {}", describe::HEADER_HELP),
            None => describe::HEADER_HELP.to_string(),
        };
        // a file without rules is pointed at from its start
        let here = if found == "end of file" { Span::new(0, 0) } else { here };
        return Diag::new(Code::Syntax, file, message)
            .label(here, "expected `variant` or `house-rules` here")
            .help(help);
    }

    // a block still open where a new section starts or the file ends: the cause is the `{`
    let starts_section = at_line_start && first_word(line).is_some_and(describe::is_section_keyword);
    if let Some(open) = &scan.open {
        if found == "end of file" || starts_section {
            let name = if open.name.is_empty() {
                "block".to_string()
            } else {
                open.name.clone()
            };
            // miette draws no label past the last line: the end of the file is shown where
            // its last text ends
            let here = if found == "end of file" {
                let end = text.trim_end().len().max(open.brace + 1);
                Span::new(end, end)
            } else {
                here
            };
            let gave_up = if found == "end of file" {
                "the file ends inside it".to_string()
            } else {
                format!("the next section starts here, still inside `{name}`")
            };
            return Diag::new(
                Code::Syntax,
                file,
                format!("the block `{name}` opened here is not closed"),
            )
            .label(Span::new(open.brace, open.brace + 1), format!("`{name}` opens here"))
            .label(here, gave_up)
            .help(format!(
                "close `{name}` with a `}}` on a line of its own after its last statement"
            ));
        }
    }

    // a `}` where no block is open
    if rest_of_line.starts_with('}') && scan.open.is_none() {
        return Diag::new(Code::Syntax, file, "this `}` closes no block")
            .label(Span::new(start, start + 1), "no block is open here")
            .help("remove the `}`, or add the block's header line (`contract NAME {`) before its statements");
    }

    // text in quotes that the line does not close
    if rest_of_line.starts_with('"') && !rest_of_line.get(1..).unwrap_or("").contains('"') {
        return Diag::new(Code::Syntax, file, "the text in double quotes is not closed")
            .label(
                Span::new(start, line_start + line.len()),
                "this text has no closing `\"`",
            )
            .help("end the text with `\"` on the same line: quoted text stays on one line");
    }

    let statement = first_word(line).filter(|_| !at_line_start).map(str::to_string);
    let mut d = Diag::new(
        Code::Syntax,
        file,
        if expected.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("unexpected {found}; expected {expected}")
        },
    )
    .label(
        here,
        format!(
            "expected {}",
            if expected.is_empty() {
                "something else"
            } else {
                expected.as_str()
            }
        ),
    );
    let word = word_at(text, start);

    // the line ends before the statement has its value
    if found == "end of line" || found == "end of file" {
        let what = statement
            .map(|s| format!("`{s}`"))
            .unwrap_or_else(|| "the statement".into());
        d.message = format!("{what} is missing {expected} at the end of the line");
        return d.help(format!("write {expected} after {what}, on the same line"));
    }

    // a `}` on a statement's line
    if word.starts_with('}') && scan.open.is_some() {
        return d.help("a block's `}` stands on a line of its own: move it to the next line");
    }

    // a statement on the line of its block's `{`
    let after_brace = scan.open.as_ref().is_some_and(|o| o.brace >= line_start);
    if after_brace {
        return d.help("a block's statements start on the line after its `{`, one statement per line");
    }

    // a statement that moved: where its rule is written now
    if let Some((_, help)) = MOVED.iter().find(|(w, _)| at_line_start && *w == word) {
        return d.help(*help);
    }

    // `tricks-bid`: one name, where a subtraction was meant (a binary minus has spaces)
    if let Some((a, b)) = word.split_once('-') {
        let readings = ["tricks", "card-points", "bid", "all-points", "hand-size"];
        if readings.contains(&a) || word.starts_with("card-points-") || word.starts_with("all-points-") {
            let (a, b) = match word
                .strip_prefix("card-points-")
                .or_else(|| word.strip_prefix("all-points-"))
            {
                Some(rest) => (&word[..word.len() - rest.len() - 1], rest),
                None => (a, b),
            };
            return d.help(format!(
                "`{word}` is one name: for a subtraction write `{a} - {b}` (a binary minus has spaces around it)"
            ));
        }
    }

    // a misspelt keyword: the nearest of the words allowed here
    if let Some(k) = describe::closest_keyword(&word, positives) {
        return d.help(format!("did you mean `{k}`?"));
    }

    if at_line_start {
        // an unknown statement: list what the block (or the file) holds
        let help = match &scan.open {
            Some(open) => {
                let kind = open.name.split(' ').next().unwrap_or("block");
                format!(
                    "`{word}` is not a statement of a `{kind}` block, which holds {}",
                    describe::expected_all(positives)
                )
            }
            None => match describe::closest_section(&word) {
                Some(k) => format!("did you mean `{k}`?"),
                None => format!(
                    "`{word}` does not start a section; each section starts a new line: {}",
                    describe::sections()
                ),
            },
        };
        return d.help(help);
    }

    // a word after the statement is complete, or a wrong word in it
    let help = match (statement, describe::expects_end_of_statement(positives)) {
        (Some(s), true) => {
            format!("`{s}` is complete before `{word}`: one statement per line, and a comment starts with `#`")
        }
        (Some(s), false) => format!("`{s}` takes {} here", describe::expected_all(positives)),
        (None, _) => describe::help_for(positives),
    };
    d.help(help)
}
