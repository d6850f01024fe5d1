//! Takes nothing and gives `StmtSpec`, the shape of one row of the statement table in
//! `stmt_kind.rs`: everything about a statement that is not its meaning (where it may stand, its
//! lead keyword, its address within its block, whether its words are a set, its syntax-error
//! phrase, its syntax line and section in docs/language.md). Resolve, describe and the generated
//! reference all read these rows, so a statement is declared once instead of in string tables.

use super::StmtKind;
use std::borrow::Cow;

/// How many leading words of a statement form its key within its block (after the block's own
/// address): the rest of the words are its value, which a house rule replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The first N words: `players` (1), `suit makk` (2), `contract adu` (a block, 2).
    Words(usize),
    /// `when NAME: ...` and `cards M: ...` are keyed by the name before the colon; without a
    /// colon only the keyword is the key.
    NameBeforeColon,
    /// A fixed key shared with another statement, the whole statement being the value:
    /// `redeal-when-all-pass` replaces `all-pass CONTRACT` (both say what follows all passes).
    Fixed(&'static str),
}

/// One statement of the language, one row of `stmt_kind.rs`'s table.
#[derive(Debug, Clone, Copy)]
pub struct StmtSpec {
    pub kind: StmtKind,
    /// The blocks it may stand in; empty for a statement of the top level.
    pub parents: &'static [StmtKind],
    /// The keyword it starts with; empty for a row that starts with a name (`plain A 11 ...`).
    pub lead: &'static str,
    /// Its syntax in the reference's notation: keywords as written, NAME, N, CODE, CARD, [optional],
    /// (a|b) for one of, `...` for more of the same.
    pub syntax: &'static str,
    /// A block (`NAME { ... }`) rather than a line.
    pub block: bool,
    /// A header line of the file (`variant`, `house-rules`, `source`): not an addressed rule.
    pub header: bool,
    pub key: Key,
    /// Its words are a set: their order does not change the rule (nor a conflict).
    pub set_valued: bool,
    /// A block whose statements are addressed by position (`step 1`, ...) and which a house rule
    /// replaces whole: the deal's steps are one recipe, not separate rules.
    pub steps: bool,
    /// What a syntax error says was expected; empty: the lead keyword in backticks.
    pub phrase: &'static str,
    /// Its section in docs/language.md (an anchor); empty: the section of its first block.
    pub doc: &'static str,
}

impl StmtSpec {
    /// A row with the defaults: one key word, not set-valued, a line, a plain phrase.
    pub const fn new(
        kind: StmtKind,
        parents: &'static [StmtKind],
        lead: &'static str,
        syntax: &'static str,
    ) -> StmtSpec {
        StmtSpec {
            kind,
            parents,
            lead,
            syntax,
            block: false,
            header: false,
            key: Key::Words(1),
            set_valued: false,
            steps: false,
            phrase: "",
            doc: "",
        }
    }

    /// A section of the file (a block or line of the top level, not the header).
    pub fn is_section(&self) -> bool {
        self.parents.is_empty() && !self.header
    }

    /// What a syntax error says was expected here (`` `players` ``).
    pub fn phrase(&self) -> Cow<'static, str> {
        if self.phrase.is_empty() {
            Cow::Owned(format!("`{}`", self.lead))
        } else {
            Cow::Borrowed(self.phrase)
        }
    }

    /// The number of words of the key when the statement has no colon after its second word (the
    /// block's own address for a block).
    pub fn key_words(&self, colon_at_2: bool) -> usize {
        match self.key {
            Key::Words(n) => n,
            Key::NameBeforeColon if colon_at_2 => 2,
            Key::NameBeforeColon | Key::Fixed(_) => 1,
        }
    }

    /// The anchor of its section in docs/language.md.
    pub fn doc_anchor(&self) -> &'static str {
        if !self.doc.is_empty() {
            return self.doc;
        }
        self.parents.first().map(|p| p.spec().doc).unwrap_or("")
    }
}
