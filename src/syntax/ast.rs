//! The spanned syntax tree: what a rules file says, word by word, with byte spans and comments.
//! Built by `syntax::parse`; read by `resolve`, `fmt` and the model builder. Holds no pest types.

use serde::Serialize;

/// A byte range in one source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What kind of token a word is; fmt and the model builder need to know quoted text from names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum WordKind {
    /// A name, code, keyword or card.
    Bare,
    /// Text in double quotes (the quotes are not part of `text`).
    Quoted,
    /// Punctuation that structures a statement: `{ } ( ) :`.
    Punct,
}

/// One word of a statement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Word {
    pub text: String,
    pub kind: WordKind,
    pub span: Span,
}

/// A `#` comment, without the `#`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Comment {
    pub text: String,
    pub span: Span,
}

/// One statement: a line of words, or a block header with its body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stmt {
    /// The grammar rule that recognised it (e.g. `suit_row`); its row of the statement table
    /// says where it stands and how it is addressed.
    pub kind: super::StmtKind,
    /// The words of the line or block header (without `{` and comments).
    pub words: Vec<Word>,
    /// The statements of a block, if this is one.
    pub body: Option<Vec<Stmt>>,
    /// Comments on the lines just above, in order.
    pub leading: Vec<Comment>,
    /// A comment at the end of the same line (of the header line for a block).
    pub trailing: Option<Comment>,
    /// Comments after the last statement of a block, before its `}`.
    pub closing: Vec<Comment>,
    /// A comment after a block's `}` on the same line.
    pub end_comment: Option<Comment>,
    /// The figure condition, for `when` statements.
    pub condition: Option<Cond>,
    /// The expression of a computed score (`own EXPR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expr: Option<Expr>,
    /// The whole statement, header to closing brace.
    pub span: Span,
}

impl Stmt {
    /// Which grammar rule recognised the statement, as the model builder matches it (always
    /// `Some`: the builder's matches take an `Option` so that their shape did not change).
    pub fn kind(&self) -> Option<super::StmtKind> {
        Some(self.kind)
    }

    /// The first word: the statement's keyword (or, for table rows, the row's name).
    pub fn keyword(&self) -> &str {
        self.words.first().map(|w| w.text.as_str()).unwrap_or("")
    }
    /// The span of the first line (header), for labels that should not cover a whole block.
    pub fn head_span(&self) -> Span {
        match (self.words.first(), self.words.last()) {
            (Some(a), Some(b)) => Span::new(a.span.start, b.span.end),
            _ => self.span,
        }
    }
}

/// A parsed rules file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileAst {
    pub stmts: Vec<Stmt>,
    /// Comments after the last statement of the file.
    pub closing: Vec<Comment>,
}

/// A figure condition: the closed predicate language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Cond {
    Or(Vec<Cond>),
    And(Vec<Cond>),
    Not(Box<Cond>),
    Prim(Prim),
}

/// A card as written in a condition: `trump.7`, `tök.A`, `any.A`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardRef {
    pub suit: String,
    pub rank: String,
    pub span: Span,
}

impl CardRef {
    /// A card as written in one word, `suit.rank` (a word without a dot gives an empty rank,
    /// which the model builder reports as not in the deck).
    pub fn from_text(text: &str, span: Span) -> CardRef {
        let (suit, rank) = text.split_once('.').unwrap_or((text, ""));
        CardRef {
            suit: suit.to_string(),
            rank: rank.to_string(),
            span,
        }
    }
}

/// `at-least` or `more-than`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Comparison {
    AtLeast,
    MoreThan,
}

/// A trick as written: `3`, `last`, `last-1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TrickRef {
    Number(u32),
    FromLast(u32),
}

/// One primitive of the predicate language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prim {
    pub kind: PrimKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum PrimKind {
    /// `card-points CMP N` (melds excluded) or `with-melds CMP N`.
    Points {
        with_melds: bool,
        cmp: Comparison,
        threshold: i64,
    },
    Captures(Vec<CardRef>),
    WinsTrick {
        trick: TrickRef,
        card: CardRef,
    },
    AllTricks,
    NoTricks,
    Game {
        won: bool,
    },
    Holds(Vec<CardRef>),
    TrumpIs {
        suit: String,
        span: Span,
    },
    /// `tricks at-least|exactly|at-most N`: the side's tricks together.
    Tricks {
        cmp: TrickCount,
        n: u32,
    },
    /// `tricks at-least|exactly|at-most bid`: the player's tricks against his own undertaking.
    TricksBid {
        cmp: TrickCount,
    },
    /// `an-opponent wins no-tricks`.
    OpponentNoTricks,
    /// `wins last-tricks N`.
    LastTricks(u32),
    /// `wins first-tricks N [alone]`.
    FirstTricks {
        n: u32,
        alone: bool,
    },
    /// `no-trump-in last-tricks N`.
    NoTrumpInLast(u32),
}

/// How a trick count is compared: `at-least`, `exactly`, `at-most`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TrickCount {
    AtLeast,
    Exactly,
    AtMost,
}

/// An expression of a computed score (docs/scores.md 1.5), as written: untyped; the model
/// builder types and resolves it. Parentheses are not kept: `Display` prints the canonical form,
/// with only the parentheses that precedence needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ExprKind {
    Int(i64),
    /// `tricks`, `card-points of s`, ...: a reading, of the subject or of the seat named.
    Reading {
        reading: Reading,
        of: Option<Who>,
    },
    /// `if C then A else B`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Or(Vec<Expr>),
    And(Vec<Expr>),
    Not(Box<Expr>),
    Cmp(Box<Expr>, Cmp, Box<Expr>),
    /// `A + B` (`plus` true) or `A - B`.
    Add(Box<Expr>, bool, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    /// `any(s in seats: C)`, `all(...)`, `sum(...)`.
    Quant {
        kind: Quant,
        var: String,
        var_span: Span,
        side: SideName,
        body: Box<Expr>,
    },
}

/// What a reading reads from the finished hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Reading {
    Tricks,
    CardPoints,
    Bid,
    AllPoints,
    HandSize,
}

impl Reading {
    pub fn word(self) -> &'static str {
        match self {
            Reading::Tricks => "tricks",
            Reading::CardPoints => "card-points",
            Reading::Bid => "bid",
            Reading::AllPoints => "all-points",
            Reading::HandSize => "hand-size",
        }
    }
}

/// The `X` of `of X`: `me`, a side's name, or a quantifier's variable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Who {
    pub name: WhoName,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum WhoName {
    Me,
    Side(SideName),
    Var(String),
}

/// The seats a quantifier runs over: `seats` (every active player), `others` (all but `me`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum SideName {
    Seats,
    Others,
}

impl SideName {
    pub fn word(self) -> &'static str {
        match self {
            SideName::Seats => "seats",
            SideName::Others => "others",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Quant {
    Any,
    All,
    Sum,
}

impl Quant {
    pub fn word(self) -> &'static str {
        match self {
            Quant::Any => "any",
            Quant::All => "all",
            Quant::Sum => "sum",
        }
    }
}

/// A comparison of two numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Cmp {
    AtLeast,
    AtMost,
    MoreThan,
    LessThan,
    Exactly,
}

impl Cmp {
    pub fn word(self) -> &'static str {
        match self {
            Cmp::AtLeast => "at-least",
            Cmp::AtMost => "at-most",
            Cmp::MoreThan => "more-than",
            Cmp::LessThan => "less-than",
            Cmp::Exactly => "exactly",
        }
    }

    pub fn of_word(w: &str) -> Option<Cmp> {
        [Cmp::AtLeast, Cmp::AtMost, Cmp::MoreThan, Cmp::LessThan, Cmp::Exactly]
            .into_iter()
            .find(|c| c.word() == w)
    }

    /// Whether `a CMP b` holds.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::AtLeast => a >= b,
            Cmp::AtMost => a <= b,
            Cmp::MoreThan => a > b,
            Cmp::LessThan => a < b,
            Cmp::Exactly => a == b,
        }
    }
}

impl ExprKind {
    /// The precedence level of the form (lower binds more loosely), as the grammar layers it.
    fn level(&self) -> u8 {
        match self {
            ExprKind::If(..) => 0,
            ExprKind::Or(_) => 1,
            ExprKind::And(_) => 2,
            ExprKind::Not(_) => 3,
            ExprKind::Cmp(..) => 4,
            ExprKind::Add(..) => 5,
            ExprKind::Mul(..) => 6,
            ExprKind::Neg(_) => 7,
            ExprKind::Int(_) | ExprKind::Reading { .. } | ExprKind::Quant { .. } => 8,
        }
    }
}

impl Expr {
    /// Writes `e`, in parentheses when its form binds more loosely than `min`.
    fn write_at(&self, f: &mut std::fmt::Formatter<'_>, min: u8) -> std::fmt::Result {
        if self.kind.level() < min {
            write!(f, "(")?;
            self.write_at(f, 0)?;
            return write!(f, ")");
        }
        match &self.kind {
            ExprKind::Int(n) => write!(f, "{n}"),
            ExprKind::Reading { reading, of } => {
                write!(f, "{}", reading.word())?;
                match of.as_ref().map(|w| &w.name) {
                    None => Ok(()),
                    Some(WhoName::Me) => write!(f, " of me"),
                    Some(WhoName::Side(s)) => write!(f, " of {}", s.word()),
                    Some(WhoName::Var(v)) => write!(f, " of {v}"),
                }
            }
            // an `if` in the condition or the `then` branch is bracketed for the reader; one in
            // the `else` branch chains (`else if ...`)
            ExprKind::If(c, a, b) => {
                write!(f, "if ")?;
                c.write_at(f, 1)?;
                write!(f, " then ")?;
                a.write_at(f, 1)?;
                write!(f, " else ")?;
                b.write_at(f, 0)
            }
            ExprKind::Or(v) | ExprKind::And(v) => {
                let (word, level) = if matches!(self.kind, ExprKind::Or(_)) {
                    ("or", 2)
                } else {
                    ("and", 3)
                };
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        write!(f, " {word} ")?;
                    }
                    x.write_at(f, level)?;
                }
                Ok(())
            }
            ExprKind::Not(x) => {
                write!(f, "not ")?;
                x.write_at(f, 3)
            }
            // a comparison does not chain: both operands are sums or tighter
            ExprKind::Cmp(a, c, b) => {
                a.write_at(f, 5)?;
                write!(f, " {} ", c.word())?;
                b.write_at(f, 5)
            }
            // left-associative: the right operand binds tighter
            ExprKind::Add(a, plus, b) => {
                a.write_at(f, 5)?;
                write!(f, " {} ", if *plus { "+" } else { "-" })?;
                b.write_at(f, 6)
            }
            ExprKind::Mul(a, b) => {
                a.write_at(f, 6)?;
                write!(f, " * ")?;
                b.write_at(f, 7)
            }
            ExprKind::Neg(x) => {
                write!(f, "-")?;
                // `-3` would read back as the number -3, `--x` as a name: parenthesise those
                if matches!(x.kind, ExprKind::Int(_) | ExprKind::Neg(_)) {
                    write!(f, "(")?;
                    x.write_at(f, 0)?;
                    write!(f, ")")
                } else {
                    x.write_at(f, 7)
                }
            }
            ExprKind::Quant {
                kind, var, side, body, ..
            } => {
                write!(f, "{}({var} in {}: ", kind.word(), side.word())?;
                body.write_at(f, 0)?;
                write!(f, ")")
            }
        }
    }
}

impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_at(f, 0)
    }
}
