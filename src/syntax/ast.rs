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
