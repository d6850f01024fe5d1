//! Source files by id: the text of every rules file in play, its display name and origin.
//! The library never reads the disk: the CLI (or a test) adds files, and the bundled library
//! is embedded at build time.

use serde::Serialize;

/// Index of a file in a `SourceSet`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct FileId(pub u32);

/// Where a file came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Origin {
    /// Embedded in the binary from `variants/`.
    Bundled,
    /// Given by the user (a path, or text in a hand record).
    User,
    /// Not a file: command-line arguments and other synthetic sources.
    Synthetic,
}

#[derive(Debug, Clone)]
struct SourceFile {
    name: String,
    text: String,
    origin: Origin,
}

/// Every source in play.
#[derive(Debug, Clone, Default)]
pub struct SourceSet {
    files: Vec<SourceFile>,
}

impl SourceSet {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>, origin: Origin) -> FileId {
        let name = name.into();
        if let Some(i) = self.files.iter().position(|f| f.name == name) {
            return FileId(i as u32);
        }
        self.files.push(SourceFile {
            name,
            text: text.into(),
            origin,
        });
        FileId((self.files.len() - 1) as u32)
    }
    /// Every file id, in the order added.
    pub fn ids(&self) -> impl Iterator<Item = FileId> {
        (0..self.files.len()).map(|i| FileId(i as u32))
    }
    pub fn name(&self, id: FileId) -> &str {
        self.files
            .get(id.0 as usize)
            .map(|f| f.name.as_str())
            .unwrap_or("<unknown>")
    }
    pub fn text(&self, id: FileId) -> &str {
        self.files.get(id.0 as usize).map(|f| f.text.as_str()).unwrap_or("")
    }
    pub fn origin(&self, id: FileId) -> Origin {
        self.files
            .get(id.0 as usize)
            .map(|f| f.origin)
            .unwrap_or(Origin::Synthetic)
    }
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        let text = self.text(id);
        let offset = offset.min(text.len());
        let before = text.get(..offset).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
        (line, col)
    }
}
