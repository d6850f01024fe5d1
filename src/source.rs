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
    /// 1-based line and column (in characters) of a byte offset: see [`line_col`].
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        line_col(self.text(id), offset)
    }
}

/// 1-based line and column of a byte offset, the column counted in characters. The one place
/// that turns offsets into positions: the `file:line:col` header and the box drawn under it
/// (`diag::Rendered`'s source) both use it, so they cannot disagree on accented lines. A line
/// ends at `\n`, `\r\n` or a lone `\r`, as in the grammar's `NEWLINE`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = text.get(..offset).unwrap_or("");
    let mut line = 1;
    let mut col = 1;
    let mut chars = before.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                line += 1;
                col = 1;
            }
            _ => col += 1,
        }
    }
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn columns_count_characters_not_bytes() {
        // `é` and `ő` are two bytes each: the `x` is the 5th character of its line
        let text = "a\néőé x";
        let x = text.find('x').unwrap_or(0);
        assert_eq!(line_col(text, x), (2, 5));
    }

    #[test]
    fn lines_end_as_in_the_grammar() {
        assert_eq!(line_col("a\r\nb", 3), (2, 1));
        assert_eq!(line_col("a\rb", 2), (2, 1));
        // an offset inside a character counts from that character's start
        assert_eq!(line_col("é", 1), (1, 1));
    }
}
