//! Diagnostics: every user error and warning, with a stable code, spans into the rules files
//! and help. All wording of codes lives here (one place), and `Diag::render` turns a diagnostic
//! into a miette report for the CLI and the snapshot tests.

use crate::source::{FileId, SourceSet};
use crate::syntax::ast::Span;
use serde::Serialize;
use std::fmt;

/// Every diagnostic code. The string form (`kartya::...`) is stable: tests, docs and users rely on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Code {
    Syntax,
    TooLarge,
    TooDeep,
    Unreadable,
    NotAPath,
    UnknownVariant,
    UnknownName,
    DuplicateName,
    NotAPermutation,
    PointsMismatch,
    DealMismatch,
    CardNotInDeck,
    TrumpWithoutTrumps,
    UnreachableThreshold,
    FigureNowhere,
    UnreachableContract,
    BadBiddingLadder,
    BadDoublingLadder,
    Conflict,
    RemoveConflict,
    ExtendsCycle,
    Missing,
    OutOfRange,
    NotHouseRules,
    Unused,
    BadRecord,
    RecordWarning,
    IllegalAction,
    /// `kartya solve`: the record has no card turn at the position asked for.
    SolvePosition,
    NoEffect,
    /// `kartya merge`: a file that is not what `simulate --shard i/n --json` wrote.
    NotAShard,
    /// `kartya merge`: shards of different runs, or a shard missing or given twice.
    ShardMismatch,
    /// `kartya compare`: two rule sets that cannot be compared (other numbers of seats).
    Incomparable,
    /// An output file or folder that exists (or holds files) and would be overwritten without `--force`.
    OutputExists,
    /// An output path that cannot be written safely: empty, a symbolic link, a folder where a
    /// file is asked, in a folder that does not exist or takes no files.
    BadOutput,
    /// A record of a `--records` run that did not finish (its manifest is not complete).
    IncompleteRun,
    /// A computed score's operand of the wrong type (a condition where a number is needed, or
    /// `of` on something that is not a seat).
    ScoreType,
}

impl Code {
    /// Every code, for the test that demands a fixture per code.
    pub const ALL: &'static [Code] = &[
        Code::Syntax,
        Code::TooLarge,
        Code::TooDeep,
        Code::Unreadable,
        Code::NotAPath,
        Code::UnknownVariant,
        Code::UnknownName,
        Code::DuplicateName,
        Code::NotAPermutation,
        Code::PointsMismatch,
        Code::DealMismatch,
        Code::CardNotInDeck,
        Code::TrumpWithoutTrumps,
        Code::UnreachableThreshold,
        Code::FigureNowhere,
        Code::UnreachableContract,
        Code::BadBiddingLadder,
        Code::BadDoublingLadder,
        Code::Conflict,
        Code::RemoveConflict,
        Code::ExtendsCycle,
        Code::Missing,
        Code::OutOfRange,
        Code::NotHouseRules,
        Code::Unused,
        Code::BadRecord,
        Code::RecordWarning,
        Code::IllegalAction,
        Code::SolvePosition,
        Code::NoEffect,
        Code::NotAShard,
        Code::ShardMismatch,
        Code::Incomparable,
        Code::OutputExists,
        Code::BadOutput,
        Code::IncompleteRun,
        Code::ScoreType,
    ];

    /// The stable code string.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Syntax => "kartya::syntax",
            Code::TooLarge => "kartya::too-large",
            Code::TooDeep => "kartya::too-deep",
            Code::Unreadable => "kartya::unreadable",
            Code::NotAPath => "kartya::not-a-path",
            Code::UnknownVariant => "kartya::unknown-variant",
            Code::UnknownName => "kartya::unknown-name",
            Code::DuplicateName => "kartya::duplicate-name",
            Code::NotAPermutation => "kartya::order-not-permutation",
            Code::PointsMismatch => "kartya::points-mismatch",
            Code::DealMismatch => "kartya::deal-mismatch",
            Code::CardNotInDeck => "kartya::card-not-in-deck",
            Code::TrumpWithoutTrumps => "kartya::trump-without-trumps",
            Code::UnreachableThreshold => "kartya::unreachable-threshold",
            Code::FigureNowhere => "kartya::figure-nowhere",
            Code::UnreachableContract => "kartya::unreachable-contract",
            Code::BadBiddingLadder => "kartya::bad-bidding-ladder",
            Code::BadDoublingLadder => "kartya::bad-doubling-ladder",
            Code::Conflict => "kartya::conflict",
            Code::RemoveConflict => "kartya::remove-conflict",
            Code::ExtendsCycle => "kartya::extends-cycle",
            Code::Missing => "kartya::missing",
            Code::OutOfRange => "kartya::out-of-range",
            Code::NotHouseRules => "kartya::not-house-rules",
            Code::Unused => "kartya::unused",
            Code::BadRecord => "kartya::bad-record",
            Code::RecordWarning => "kartya::record-lenient",
            Code::IllegalAction => "kartya::illegal-action",
            Code::SolvePosition => "kartya::solve-position",
            Code::NoEffect => "kartya::no-effect",
            Code::NotAShard => "kartya::not-a-shard",
            Code::ShardMismatch => "kartya::shard-mismatch",
            Code::Incomparable => "kartya::incomparable",
            Code::OutputExists => "kartya::output-exists",
            Code::BadOutput => "kartya::bad-output",
            Code::IncompleteRun => "kartya::incomplete-run",
            Code::ScoreType => "kartya::score-type",
        }
    }

    /// Warnings do not fail `check`.
    pub fn is_warning(self) -> bool {
        matches!(self, Code::Unused | Code::RecordWarning)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A labelled span in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    pub file: FileId,
    pub span: Span,
    pub text: String,
}

/// One diagnostic. `file` is where the primary label points; `labels` may point into other
/// files (a conflict names both house-rules files).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diag {
    pub code: Code,
    pub file: FileId,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Diag {
    pub fn new(code: Code, file: FileId, message: impl Into<String>) -> Self {
        Diag {
            code,
            file,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }
    /// Adds a label in the diagnostic's own file.
    pub fn label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            file: self.file,
            span,
            text: text.into(),
        });
        self
    }
    /// Adds a label in another file.
    pub fn label_in(mut self, file: FileId, span: Span, text: impl Into<String>) -> Self {
        self.labels.push(Label {
            file,
            span,
            text: text.into(),
        });
        self
    }
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
    pub fn is_error(&self) -> bool {
        !self.code.is_warning()
    }

    /// `file:line:column` of the primary label (or the file start).
    pub fn location(&self, sources: &SourceSet) -> String {
        let span = self
            .labels
            .iter()
            .find(|l| l.file == self.file)
            .map(|l| l.span)
            .unwrap_or_default();
        let (line, col) = sources.line_col(self.file, span.start);
        format!("{}:{}:{}", sources.name(self.file), line, col)
    }

    /// Turns the diagnostic into a self-contained miette report (labels in other files become
    /// related reports, each with its own source).
    pub fn render(&self, sources: &SourceSet) -> Rendered {
        let own: Vec<&Label> = self.labels.iter().filter(|l| l.file == self.file).collect();
        let mut related = Vec::new();
        let mut others: Vec<FileId> = Vec::new();
        for l in &self.labels {
            if l.file != self.file && !others.contains(&l.file) {
                others.push(l.file);
            }
        }
        for f in others {
            let labels = self
                .labels
                .iter()
                .filter(|l| l.file == f)
                .map(|l| to_labeled(sources, l))
                .collect();
            related.push(Rendered {
                message: format!("the other side of it, in {}", sources.name(f)),
                code: None,
                // a second place of the same diagnostic, not a second error: miette heads it
                // "Advice" rather than "Error"
                severity: miette::Severity::Advice,
                help: None,
                source: miette::NamedSource::new(sources.name(f), CharColumns(sources.text(f).to_string())),
                labels,
                related: Vec::new(),
            });
        }
        Rendered {
            message: self.message.clone(),
            code: Some(self.code.as_str()),
            severity: if self.code.is_warning() {
                miette::Severity::Warning
            } else {
                miette::Severity::Error
            },
            help: self.help.clone(),
            source: miette::NamedSource::new(
                sources.name(self.file),
                CharColumns(sources.text(self.file).to_string()),
            ),
            labels: own.into_iter().map(|l| to_labeled(sources, l)).collect(),
            related,
        }
    }
}

fn to_labeled(sources: &SourceSet, l: &Label) -> miette::LabeledSpan {
    let len = sources.text(l.file).len();
    let start = l.span.start.min(len);
    let end = l.span.end.clamp(start, len);
    miette::LabeledSpan::new(Some(l.text.clone()), start, end - start)
}

/// A file's text for miette, whose box header (`[file:line:col]`) would count the column in
/// bytes: on a line with accented letters it then disagrees with `Diag::location`. The column is
/// taken from `source::line_col` instead, so both count characters.
#[derive(Debug, Clone)]
pub struct CharColumns(String);

impl miette::SourceCode for CharColumns {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = <str as miette::SourceCode>::read_span(&self.0, span, context_lines_before, context_lines_after)?;
        // with context lines miette starts at a line start (column 0): only the bare span's
        // column, the one the header shows, is counted in bytes
        let column = if context_lines_before == 0 {
            crate::source::line_col(&self.0, span.offset()).1.saturating_sub(1)
        } else {
            inner.column()
        };
        Ok(Box::new(miette::MietteSpanContents::new(
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

/// A diagnostic ready for miette's report handlers.
#[derive(Debug, Clone)]
pub struct Rendered {
    message: String,
    code: Option<&'static str>,
    severity: miette::Severity,
    help: Option<String>,
    source: miette::NamedSource<CharColumns>,
    labels: Vec<miette::LabeledSpan>,
    related: Vec<Rendered>,
}

impl fmt::Display for Rendered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Rendered {}

impl miette::Diagnostic for Rendered {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code.map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)))
        }
    }
}

/// Puts diagnostics in reading order: by file (in the order the files were added), then by the
/// position of the primary label. The checks run section by section, not line by line, so
/// without this a file's errors come out of order. The sort is stable: diagnostics at one
/// position keep the order they were found in.
pub fn sort_by_position(diags: &mut [Diag]) {
    diags.sort_by_key(|d| {
        let start = d.labels.iter().find(|l| l.file == d.file).map_or(0, |l| l.span.start);
        (d.file, start)
    });
}

/// Renders diagnostics as plain text (no colour, fixed width): the form the snapshot tests record.
pub fn render_plain(diags: &[Diag], sources: &SourceSet, width: usize) -> String {
    let handler = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(width)
        .with_links(false);
    let mut out = String::new();
    for d in diags {
        out.push_str(&format!("{}\n", d.location(sources)));
        let r = d.render(sources);
        if handler.render_report(&mut out, &r).is_err() {
            out.push_str(&format!("{}: {}\n", d.code, d.message));
        }
        out.push('\n');
    }
    out
}
