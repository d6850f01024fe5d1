//! Text to spanned syntax tree. The only module that touches pest: it runs the grammar in
//! `grammar/kartya.pest`, guards against oversized or over-nested input, and turns pest's
//! errors into syntax diagnostics worded in the language's own terms.

pub mod ast;
mod describe;
mod error;
pub mod spec;
mod stmt_kind;
pub use stmt_kind::{StmtKind, SPECS};
pub(crate) mod keywords;

use crate::diag::{Code, Diag};
use crate::source::FileId;
use ast::*;
use pest::iterators::Pair;
use pest::Parser as _;
use std::num::NonZeroUsize;
use std::sync::Once;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/kartya.pest"]
struct KartyaParser;

pub use self::Rule as GrammarRule;

/// Largest rules file accepted, in bytes. The bundled files are a few KiB.
pub const MAX_FILE_BYTES: usize = 256 * 1024;
/// Deepest parenthesis nesting accepted in a figure condition.
pub const MAX_NESTING: usize = 32;
/// Pest's call limit: bounds the work on hostile input.
const PEST_CALL_LIMIT: usize = 5_000_000;

static SET_LIMIT: Once = Once::new();

/// Parses one rules file. On failure returns every syntax diagnostic found (pest stops at the
/// first error, so that is usually one).
pub fn parse(file: FileId, text: &str) -> Result<FileAst, Vec<Diag>> {
    SET_LIMIT.call_once(|| pest::set_call_limit(NonZeroUsize::new(PEST_CALL_LIMIT)));
    precheck(file, text)?;
    let mut pairs = KartyaParser::parse(Rule::file, text).map_err(|e| vec![syntax_diag(file, text, e)])?;
    let Some(root) = pairs.next() else {
        return Err(vec![Diag::new(Code::Syntax, file, "the file is empty")
            .label(Span::new(0, 0), "expected `variant` or `house-rules` here")
            .help(describe::HEADER_HELP)]);
    };
    let mut builder = Builder::default();
    let stmts = builder.body(root);
    Ok(FileAst {
        stmts,
        closing: builder.take_pending(),
    })
}

/// Rejects input that is too large or nested too deep before pest sees it, so that the
/// recursive parts of the grammar cannot exhaust the stack.
fn precheck(file: FileId, text: &str) -> Result<(), Vec<Diag>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![Diag::new(
            Code::TooLarge,
            file,
            format!(
                "the file is {} bytes; rules files may be at most {} bytes",
                text.len(),
                MAX_FILE_BYTES
            ),
        )
        .label(
            Span::new(MAX_FILE_BYTES.min(text.len()), MAX_FILE_BYTES.min(text.len())),
            "the limit is reached here",
        )
        .help("split the rules into a variant and house-rules files")]);
    }
    let mut depth = 0usize;
    let mut in_string = false;
    let mut in_comment = false;
    for (i, ch) in text.char_indices() {
        match ch {
            '\n' => {
                in_comment = false;
                in_string = false;
            }
            _ if in_comment => {}
            '"' => in_string = !in_string,
            '#' if !in_string => in_comment = true,
            '(' | '{' if !in_string => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(vec![Diag::new(
                        Code::TooDeep,
                        file,
                        format!("brackets are nested more than {MAX_NESTING} deep"),
                    )
                    .label(Span::new(i, i + 1), "this bracket is too deep")
                    .help(
                        "a figure condition needs only a few levels of parentheses; check for a missing `)` or `}`",
                    )]);
                }
            }
            ')' | '}' if !in_string => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

fn syntax_diag(file: FileId, text: &str, e: pest::error::Error<Rule>) -> Diag {
    use pest::error::{ErrorVariant, InputLocation};
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((a, b)) => (a, b),
    };
    match e.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives: _,
        } => error::parsing_error(file, text, start, end, &positives),
        ErrorVariant::CustomError { message } => {
            let (message, help) = if message.contains("call limit") {
                (
                    "the file is too complex to parse".to_string(),
                    "the parser gave up after too many steps; simplify or split the file".to_string(),
                )
            } else {
                (message, "see docs/language.md for the syntax".to_string())
            };
            Diag::new(Code::Syntax, file, message)
                .label(Span::new(start, end.max(start)), "here")
                .help(help)
        }
    }
}

/// Walks pest's tree into `Stmt`s. Comments seen before a statement become its leading comments.
#[derive(Default)]
struct Builder {
    pending: Vec<Comment>,
}

impl Builder {
    fn take_pending(&mut self) -> Vec<Comment> {
        std::mem::take(&mut self.pending)
    }

    /// Collects the statements among a container's children (file, header or block).
    fn body(&mut self, container: Pair<'_, Rule>) -> Vec<Stmt> {
        let mut out: Vec<Stmt> = Vec::new();
        for child in container.into_inner() {
            let rule = child.as_rule();
            if rule == Rule::comment {
                self.pending.push(comment_of(&child));
            } else if rule == Rule::header {
                let inner = self.body(child);
                out.extend(inner);
            } else if let Some(kind) = StmtKind::of(rule) {
                let stmt = self.statement(child, kind);
                out.push(stmt);
            }
        }
        out
    }

    fn statement(&mut self, pair: Pair<'_, Rule>, kind: StmtKind) -> Stmt {
        let input = pair.get_input();
        let span = Span::new(pair.as_span().start(), pair.as_span().end());
        let leading = self.take_pending();
        let is_block = kind.spec().block;
        let text = pair.as_str();
        let head_len = if is_block { head_length(text) } else { text.len() };
        let words = tokenize(&text[..head_len], span.start);
        let mut stmt = Stmt {
            kind,
            words,
            body: None,
            leading,
            trailing: None,
            closing: Vec::new(),
            end_comment: None,
            condition: None,
            expr: None,
            span,
        };
        if is_block {
            let brace_line_end = line_end(input, span.start + head_len);
            let mut header_comment = None;
            let mut inner_pairs = Vec::new();
            for child in pair.into_inner() {
                if child.as_rule() == Rule::comment
                    && header_comment.is_none()
                    && child.as_span().start() < brace_line_end
                {
                    header_comment = Some(comment_of(&child));
                } else {
                    inner_pairs.push(child);
                }
            }
            stmt.trailing = header_comment;
            let mut body = Vec::new();
            let mut saved = self.take_pending();
            for child in inner_pairs {
                match child.as_rule() {
                    Rule::comment => {
                        let c = comment_of(&child);
                        // a comment after the closing brace on the same line trails the block
                        if c.span.start > span.start + text.rfind('}').unwrap_or(text.len()) {
                            stmt.end_comment = Some(c);
                        } else {
                            self.pending.push(c);
                        }
                    }
                    r => {
                        if let Some(kind) = StmtKind::of(r) {
                            body.push(self.statement(child, kind));
                        }
                    }
                }
            }
            stmt.closing = self.take_pending();
            self.pending.append(&mut saved);
            stmt.body = Some(body);
        } else {
            for child in pair.into_inner() {
                match child.as_rule() {
                    Rule::comment => stmt.trailing = Some(comment_of(&child)),
                    Rule::condition => stmt.condition = Some(condition(child)),
                    Rule::expr => stmt.expr = Some(expr(child)),
                    _ => {}
                }
            }
        }
        stmt
    }
}

fn line_end(input: &str, from: usize) -> usize {
    input
        .get(from..)
        .and_then(|r| r.find('\n'))
        .map(|i| from + i)
        .unwrap_or(input.len())
}

fn comment_of(pair: &Pair<'_, Rule>) -> Comment {
    let text = pair
        .as_str()
        .strip_prefix('#')
        .unwrap_or(pair.as_str())
        .trim_end()
        .to_string();
    Comment {
        text,
        span: Span::new(pair.as_span().start(), pair.as_span().end()),
    }
}

/// Length of a block's header: the text before its `{` (outside quotes).
fn head_length(text: &str) -> usize {
    let mut in_string = false;
    for (i, ch) in text.char_indices() {
        match ch {
            '"' => in_string = !in_string,
            '{' if !in_string => return i,
            _ => {}
        }
    }
    text.len()
}

/// Splits a statement's text into words. The grammar has already accepted the text, so this
/// only has to separate words, quoted text and punctuation, and stop at a comment.
pub(crate) fn tokenize(text: &str, offset: usize) -> Vec<Word> {
    let mut words = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, ch)) = chars.peek() {
        if ch.is_whitespace() {
            chars.next();
        } else if ch == '#' {
            break;
        } else if ch == '"' {
            chars.next();
            let mut end = text.len();
            let mut close = text.len();
            for (j, c) in chars.by_ref() {
                if c == '"' {
                    close = j;
                    end = j + 1;
                    break;
                }
            }
            let inner = text.get(i + 1..close).unwrap_or("").to_string();
            words.push(Word {
                text: inner,
                kind: WordKind::Quoted,
                span: Span::new(offset + i, offset + end),
            });
        } else if matches!(ch, '{' | '}' | '(' | ')' | ':') {
            chars.next();
            words.push(Word {
                text: ch.to_string(),
                kind: WordKind::Punct,
                span: Span::new(offset + i, offset + i + 1),
            });
        } else {
            let mut end = i;
            while let Some(&(j, c)) = chars.peek() {
                if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ':' | '#' | '"') {
                    break;
                }
                end = j + c.len_utf8();
                chars.next();
            }
            words.push(Word {
                text: text[i..end].to_string(),
                kind: WordKind::Bare,
                span: Span::new(offset + i, offset + end),
            });
        }
    }
    words
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    Span::new(pair.as_span().start(), pair.as_span().end())
}

fn condition(pair: Pair<'_, Rule>) -> Cond {
    match pair.as_rule() {
        Rule::condition => {
            let mut parts: Vec<Cond> = pair.into_inner().filter(is_condition_part).map(condition).collect();
            if parts.len() == 1 {
                parts.remove(0)
            } else {
                Cond::Or(parts)
            }
        }
        Rule::disjunct => {
            let mut parts: Vec<Cond> = pair.into_inner().filter(is_condition_part).map(condition).collect();
            if parts.len() == 1 {
                parts.remove(0)
            } else {
                Cond::And(parts)
            }
        }
        Rule::negated => {
            let inner = pair
                .into_inner()
                .find(is_condition_part)
                .map(condition)
                .unwrap_or(Cond::And(Vec::new()));
            Cond::Not(Box::new(inner))
        }
        Rule::primitive => match pair.into_inner().next() {
            Some(p) => Cond::Prim(primitive(p)),
            None => Cond::And(Vec::new()),
        },
        _ => Cond::And(Vec::new()),
    }
}

/// The parts of a condition that carry meaning (keywords such as `and` are pairs too).
fn is_condition_part(pair: &Pair<'_, Rule>) -> bool {
    matches!(
        pair.as_rule(),
        Rule::condition | Rule::disjunct | Rule::negated | Rule::primitive
    )
}

fn card_ref(pair: &Pair<'_, Rule>) -> CardRef {
    CardRef::from_text(pair.as_str(), span_of(pair))
}

fn trick_ref(text: &str) -> TrickRef {
    match text {
        "last" => TrickRef::FromLast(0),
        "last-1" => TrickRef::FromLast(1),
        n => TrickRef::Number(n.parse().unwrap_or(0)),
    }
}

fn primitive(pair: Pair<'_, Rule>) -> Prim {
    let span = span_of(&pair);
    let text = pair.as_str();
    let kind = match pair.as_rule() {
        Rule::points_pred => {
            let with_melds = text.starts_with("with-melds");
            let mut cmp = Comparison::AtLeast;
            let mut threshold = 0;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::comparison => {
                        cmp = if p.as_str().starts_with("more") {
                            Comparison::MoreThan
                        } else {
                            Comparison::AtLeast
                        }
                    }
                    Rule::int => threshold = p.as_str().parse().unwrap_or(i64::MAX),
                    _ => {}
                }
            }
            PrimKind::Points {
                with_melds,
                cmp,
                threshold,
            }
        }
        Rule::captures_pred => PrimKind::Captures(
            pair.into_inner()
                .filter(|p| p.as_rule() == Rule::card)
                .map(|p| card_ref(&p))
                .collect(),
        ),
        Rule::holds_pred => PrimKind::Holds(
            pair.into_inner()
                .filter(|p| p.as_rule() == Rule::card)
                .map(|p| card_ref(&p))
                .collect(),
        ),
        Rule::wins_trick_pred => {
            let mut trick = TrickRef::Number(0);
            let mut card = CardRef {
                suit: String::new(),
                rank: String::new(),
                span,
            };
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::trick => trick = trick_ref(p.as_str()),
                    Rule::card => card = card_ref(&p),
                    _ => {}
                }
            }
            PrimKind::WinsTrick { trick, card }
        }
        Rule::all_tricks_pred => PrimKind::AllTricks,
        Rule::no_tricks_pred => PrimKind::NoTricks,
        Rule::game_pred => PrimKind::Game {
            won: text.trim_end().ends_with("won"),
        },
        Rule::trump_is_pred => {
            let name = pair.into_inner().find(|p| p.as_rule() == Rule::name);
            match name {
                Some(n) => PrimKind::TrumpIs {
                    suit: n.as_str().to_string(),
                    span: span_of(&n),
                },
                None => PrimKind::TrumpIs {
                    suit: String::new(),
                    span,
                },
            }
        }
        Rule::tricks_pred => {
            let mut cmp = TrickCount::AtLeast;
            let mut n = 0;
            let mut bid = false;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::trick_count_cmp => {
                        cmp = match p.as_str().trim() {
                            "exactly" => TrickCount::Exactly,
                            "at-most" => TrickCount::AtMost,
                            _ => TrickCount::AtLeast,
                        }
                    }
                    Rule::int => n = p.as_str().parse().unwrap_or(u32::MAX),
                    Rule::kw_bid => bid = true,
                    _ => {}
                }
            }
            if bid {
                PrimKind::TricksBid { cmp }
            } else {
                PrimKind::Tricks { cmp, n }
            }
        }
        Rule::opponent_no_tricks_pred => PrimKind::OpponentNoTricks,
        Rule::first_tricks_pred => {
            let mut n = u32::MAX;
            let mut alone = false;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::int => n = p.as_str().parse().unwrap_or(u32::MAX),
                    Rule::kw_alone => alone = true,
                    _ => {}
                }
            }
            PrimKind::FirstTricks { n, alone }
        }
        Rule::last_tricks_pred | Rule::no_trump_in_pred => {
            let last = pair.as_rule() == Rule::last_tricks_pred;
            let n = pair
                .into_inner()
                .find(|p| p.as_rule() == Rule::int)
                .and_then(|p| p.as_str().parse().ok())
                .unwrap_or(u32::MAX);
            if last {
                PrimKind::LastTricks(n)
            } else {
                PrimKind::NoTrumpInLast(n)
            }
        }
        _ => PrimKind::AllTricks,
    };
    Prim { kind, span }
}

/// The parts of an expression's pair that carry meaning (keywords such as `and` are pairs too).
fn expr_parts(pair: Pair<'_, Rule>) -> Vec<Pair<'_, Rule>> {
    pair.into_inner()
        .filter(|p| {
            matches!(
                p.as_rule(),
                Rule::expr
                    | Rule::if_expr
                    | Rule::or_expr
                    | Rule::and_expr
                    | Rule::not_expr
                    | Rule::cmp_expr
                    | Rule::add_expr
                    | Rule::mul_expr
                    | Rule::unary_expr
                    | Rule::reading
                    | Rule::quantifier
                    | Rule::int
            )
        })
        .collect()
}

/// An expression pair as the tree's `Expr`. The grammar has accepted it, so a missing part (which
/// cannot happen) becomes the number 0 rather than a panic.
fn expr(pair: Pair<'_, Rule>) -> Expr {
    let span = span_of(&pair);
    let zero = |span| Expr {
        kind: ExprKind::Int(0),
        span,
    };
    let boxed = |p: Option<Pair<'_, Rule>>| Box::new(p.map(expr).unwrap_or_else(|| zero(span)));
    let kind = match pair.as_rule() {
        // one-child layers: the child is the expression
        Rule::expr | Rule::not_expr | Rule::cmp_expr | Rule::unary_expr | Rule::or_expr | Rule::and_expr
            if expr_parts(pair.clone()).len() == 1
                && !pair
                    .clone()
                    .into_inner()
                    .any(|p| matches!(p.as_rule(), Rule::kw_not | Rule::neg_op)) =>
        {
            return expr_parts(pair)
                .into_iter()
                .next()
                .map(expr)
                .unwrap_or_else(|| zero(span));
        }
        Rule::mul_expr | Rule::add_expr if expr_parts(pair.clone()).len() == 1 => {
            return expr_parts(pair)
                .into_iter()
                .next()
                .map(expr)
                .unwrap_or_else(|| zero(span));
        }
        Rule::not_expr => ExprKind::Not(boxed(expr_parts(pair).into_iter().next())),
        Rule::unary_expr => ExprKind::Neg(boxed(expr_parts(pair).into_iter().next())),
        Rule::if_expr => {
            let mut parts = expr_parts(pair).into_iter();
            ExprKind::If(boxed(parts.next()), boxed(parts.next()), boxed(parts.next()))
        }
        Rule::or_expr => ExprKind::Or(expr_parts(pair).into_iter().map(expr).collect()),
        Rule::and_expr => ExprKind::And(expr_parts(pair).into_iter().map(expr).collect()),
        Rule::cmp_expr => {
            let cmp = pair
                .clone()
                .into_inner()
                .find(|p| p.as_rule() == Rule::cmp_op)
                .and_then(|p| Cmp::of_word(p.as_str().trim()))
                .unwrap_or(Cmp::Exactly);
            let mut parts = expr_parts(pair).into_iter();
            ExprKind::Cmp(boxed(parts.next()), cmp, boxed(parts.next()))
        }
        // left-associative chains: `a - b + c` is `(a - b) + c`
        Rule::add_expr | Rule::mul_expr => {
            let mut operands = Vec::new();
            // `Some(plus)` for `+` and ` - `, `None` for `*`
            let mut ops = Vec::new();
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::add_op => ops.push(Some(p.as_str().trim() == "+")),
                    Rule::mul_op => ops.push(None),
                    _ => operands.push(expr(p)),
                }
            }
            let mut it = operands.into_iter();
            let mut acc = it.next().unwrap_or_else(|| zero(span));
            for (op, right) in ops.into_iter().zip(it) {
                let span = Span::new(acc.span.start, right.span.end);
                let kind = match op {
                    Some(plus) => ExprKind::Add(Box::new(acc), plus, Box::new(right)),
                    None => ExprKind::Mul(Box::new(acc), Box::new(right)),
                };
                acc = Expr { kind, span };
            }
            return acc;
        }
        Rule::int => ExprKind::Int(pair.as_str().parse().unwrap_or(if pair.as_str().starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        })),
        Rule::reading => {
            let mut reading = Reading::Tricks;
            let mut of = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::reading_kind => {
                        reading = match p.as_str().trim() {
                            "card-points" => Reading::CardPoints,
                            "bid" => Reading::Bid,
                            "all-points" => Reading::AllPoints,
                            "hand-size" => Reading::HandSize,
                            _ => Reading::Tricks,
                        }
                    }
                    Rule::expr_who => {
                        let name = match p.as_str().trim() {
                            "me" => WhoName::Me,
                            "seats" => WhoName::Side(SideName::Seats),
                            "others" => WhoName::Side(SideName::Others),
                            v => WhoName::Var(v.to_string()),
                        };
                        of = Some(Who {
                            name,
                            span: span_of(&p),
                        });
                    }
                    _ => {}
                }
            }
            ExprKind::Reading { reading, of }
        }
        Rule::quantifier => {
            let mut kind = Quant::Any;
            let mut var = (String::new(), span);
            let mut side = SideName::Seats;
            let mut body = None;
            for p in pair.into_inner() {
                match p.as_rule() {
                    Rule::quantifier_kind => {
                        kind = match p.as_str().trim() {
                            "all" => Quant::All,
                            "sum" => Quant::Sum,
                            _ => Quant::Any,
                        }
                    }
                    Rule::name => var = (p.as_str().to_string(), span_of(&p)),
                    Rule::expr_side => {
                        side = if p.as_str().trim() == "others" {
                            SideName::Others
                        } else {
                            SideName::Seats
                        }
                    }
                    Rule::expr => body = Some(p),
                    _ => {}
                }
            }
            ExprKind::Quant {
                kind,
                var: var.0,
                var_span: var.1,
                side,
                body: boxed(body),
            }
        }
        _ => ExprKind::Int(0),
    };
    Expr { kind, span }
}

/// Parses a trick reference the same way the grammar's `trick` rule does (for the model builder).
pub fn parse_trick(text: &str) -> Option<TrickRef> {
    match text {
        "last" => Some(TrickRef::FromLast(0)),
        "last-1" => Some(TrickRef::FromLast(1)),
        n => n.parse().ok().map(TrickRef::Number),
    }
}
