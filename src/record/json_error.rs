//! A serde_json error on a record's text to a diagnostic in the record's terms: the file ends
//! in the middle of the JSON, a record is a JSON object, a field is missing or unknown, a value
//! has the wrong type, a `,` is missing. serde's own wording ("EOF while parsing", "invalid
//! type: sequence, expected struct Record") never reaches the user.

use crate::diag::{Code, Diag};
use crate::source::FileId;
use crate::syntax::ast::Span;
use serde_json::error::Category;

/// The fields of a record, for "did you mean" and the help lines.
const FIELDS: &[&str] = &[
    "format",
    "variant",
    "house_rules",
    "dealer",
    "deal",
    "actions",
    "note",
    "seed",
    "hand",
];

const SHAPE_HELP: &str =
    "a record is a JSON object with `variant`, `dealer`, `deal` and `actions`; see docs/records.md";

/// The diagnostic for a record that serde_json could not read.
pub fn diagnose(file: FileId, text: &str, e: &serde_json::Error) -> Diag {
    let at = offset_of(text, e.line(), e.column());
    let raw = e.to_string();
    // serde's message without its " at line L column C": the position is in the label
    let msg = raw.split(" at line ").next().unwrap_or(&raw);
    let here = Span::new(at, at);
    let first = text.trim_start().chars().next();
    let first_at = text.len() - text.trim_start().len();
    if first.is_none() {
        return Diag::new(Code::BadRecord, file, "the record file is empty")
            .label(here, "nothing here")
            .help(SHAPE_HELP);
    }
    // whatever the top-level value is (a list, text, a rules file), it is not a record
    if first != Some('{') {
        return Diag::new(Code::BadRecord, file, "a record is a JSON object, in `{ }`")
            .label(
                Span::new(first_at, first_at + first.map_or(0, char::len_utf8)),
                "this value is not an object",
            )
            .help(SHAPE_HELP);
    }
    match e.classify() {
        Category::Eof => eof(file, text),
        Category::Syntax => syntax(file, msg, here),
        Category::Data => data(file, text, msg, at),
        Category::Io => Diag::new(Code::BadRecord, file, "the record could not be read")
            .label(here, "here")
            .help(SHAPE_HELP),
    }
}

/// The file stops inside a string, an object or a list: point at what is still open.
fn eof(file: FileId, text: &str) -> Diag {
    // miette draws no label past the last line: the end is shown where the last text ends
    let end = Span::new(text.trim_end().len(), text.trim_end().len());
    let mut open: Vec<(usize, char)> = Vec::new();
    let mut in_string: Option<usize> = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if let Some(_s) = in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = None,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = Some(i),
            '{' | '[' => open.push((i, c)),
            '}' | ']' => {
                open.pop();
            }
            _ => {}
        }
    }
    let d = Diag::new(Code::BadRecord, file, "the file ends in the middle of the JSON");
    match (in_string, open.last()) {
        (Some(s), _) => d
            .label(Span::new(s, s + 1), "this text in quotes is not closed")
            .label(end, "the file ends here")
            .help("end the text with `\"`; the record may have been cut short when it was saved"),
        (None, Some(&(i, c))) => {
            let close = if c == '{' { '}' } else { ']' };
            d.label(Span::new(i, i + 1), format!("this `{c}` is not closed"))
                .label(end, "the file ends here")
                .help(format!(
                    "close it with `{close}`; the record may have been cut short when it was saved"
                ))
        }
        (None, None) => d.label(end, "the file ends here").help(SHAPE_HELP),
    }
}

/// Malformed JSON: a missing `,`, a comma too many, a key without quotes, text after the end.
fn syntax(file: FileId, msg: &str, here: Span) -> Diag {
    let (message, label, help) = match msg {
        "expected `,` or `}`" => (
            "a `,` is missing between two fields of the object",
            "expected `,` or `}` before this",
            "separate the fields of an object with `,`",
        ),
        "expected `,` or `]`" => (
            "a `,` is missing between two elements of the list",
            "expected `,` or `]` before this",
            "separate the elements of a list with `,`",
        ),
        "trailing comma" => (
            "a `,` stands before the closing bracket",
            "nothing follows this `,`",
            "remove the last `,`: JSON allows no comma after the last element",
        ),
        "trailing characters" => (
            "text follows the end of the record",
            "the record's object ended before this",
            "a record file holds one JSON object; remove what follows its closing `}`",
        ),
        "key must be a string" => (
            "a field name is not in double quotes",
            "expected `\"`",
            "write each field name in double quotes: `\"dealer\": 0`",
        ),
        "expected `:`" => (
            "a `:` is missing after a field name",
            "expected `:`",
            "write each field as `\"name\": value`",
        ),
        "expected value" | "expected ident" => (
            "a JSON value is expected here",
            "not a JSON value",
            "a value is text in double quotes, a number, `true`, `false`, `null`, a list `[ ]` or an object `{ }`",
        ),
        "invalid escape" | "invalid unicode code point" => (
            "text in quotes holds an invalid escape",
            "after this `\\`",
            "a `\\` in JSON text starts an escape such as `\\\"` or `\\\\`",
        ),
        _ if msg.starts_with("control character") => (
            "text in quotes runs to the end of the line",
            "the line ends inside the quotes",
            "end the text with `\"` on the same line",
        ),
        _ => (
            "this is not valid JSON",
            "here",
            "check the JSON near here; a record is a JSON object with `variant`, `dealer`, `deal` and `actions`",
        ),
    };
    Diag::new(Code::BadRecord, file, message).label(here, label).help(help)
}

/// Well-formed JSON that is not a record: a missing or unknown field, a value of the wrong kind.
fn data(file: FileId, text: &str, msg: &str, at: usize) -> Diag {
    let here = Span::new(at, at);
    let quoted = msg.split('`').nth(1).unwrap_or("");
    if msg.starts_with("missing field") {
        return Diag::new(Code::BadRecord, file, format!("the record has no `{quoted}`"))
            .label(here, format!("the object ends without `{quoted}`"))
            .help(SHAPE_HELP);
    }
    if msg.starts_with("unknown field") {
        let key = format!("\"{quoted}\"");
        let span = text
            // serde points at the key's closing quote
            .get(..(at + 1).min(text.len()))
            .and_then(|b| b.rfind(&key))
            .map(|i| Span::new(i, i + key.len()))
            .unwrap_or(here);
        let help = match crate::names::suggest(quoted, FIELDS.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "a record's fields are {}",
                FIELDS.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        return Diag::new(Code::BadRecord, file, format!("`{quoted}` is not a field of a record"))
            .label(span, "unknown field")
            .help(help);
    }
    let (message, help) = if msg.contains("untagged enum RulesRef") {
        (
            "the rules are a bundled name or an object `{ \"text\": \"...\" }`".to_string(),
            "write `\"variant\": \"NAME\"` with a name from `kartya list`, or the rules file's text as `{ \"text\": \"...\" }`".to_string(),
        )
    } else if msg.contains("untagged enum DealRecord") {
        (
            "the deal is `{ \"deck\": [...] }` or `{ \"hands\": [[...], ...], \"talon\": [...] }`".to_string(),
            "give the shuffled deck top first, or every hand and the talon, each card as `suit.rank`".to_string(),
        )
    } else if let Some(rest) = msg
        .strip_prefix("invalid type: ")
        .or_else(|| msg.strip_prefix("invalid value: "))
    {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, "another value"));
        (
            format!(
                "this value is {}, where the record needs {}",
                kind(found),
                kind(expected)
            ),
            SHAPE_HELP.to_string(),
        )
    } else {
        ("this is not a hand record".to_string(), SHAPE_HELP.to_string())
    };
    Diag::new(Code::BadRecord, file, message)
        .label(value_span(text, at), "this value")
        .help(help)
}

/// serde's names of JSON kinds and Rust types, in the record's words.
fn kind(serde: &str) -> String {
    let s = serde.trim();
    let word = s.split(' ').next().unwrap_or(s);
    match word {
        "a" if s == "a sequence" => "a list `[ ]`".into(),
        "sequence" => "a list".into(),
        "map" => "an object".into(),
        "a" if s == "a string" => "text in double quotes".into(),
        "string" => "text".into(),
        "u8" => "a seat number from 0 to 255".into(),
        "integer" | "floating" => format!("the number {}", s.split('`').nth(1).unwrap_or("")),
        "struct" => "an object `{ }`".into(),
        "boolean" => "`true` or `false`".into(),
        "null" => "`null`".into(),
        _ => s.to_string(),
    }
}

/// serde reports a wrong value at its last character: the span of the value that ends there.
fn value_span(text: &str, at: usize) -> Span {
    let before = text.get(..at).unwrap_or("");
    let start = before.rfind([':', ',', '[', '{']).map(|i| i + 1).unwrap_or(0);
    let lead = before.get(start..).map_or(0, |v| v.len() - v.trim_start().len());
    Span::new(start + lead, at.max(start + lead))
}

/// Byte offset of serde_json's 1-based line and column. serde counts the column in bytes, so
/// this is byte arithmetic; positions shown to the user go through `source::line_col`.
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return (off + column.saturating_sub(1)).min(text.len());
        }
        off += l.len();
    }
    text.len()
}
