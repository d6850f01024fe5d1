//! Byte spans of the parts of a JSON record (top-level keys, array elements), so that record
//! diagnostics point at the action or card they are about. A small scanner, not a parser:
//! serde_json has already accepted the text when spans are needed.

use crate::syntax::ast::Span;

/// One JSON value's span and, for objects and arrays, its children.
#[derive(Debug, Clone, Default)]
struct Node {
    span: Span,
    /// (key, value) for objects; ("", value) for arrays.
    children: Vec<(String, Node)>,
}

/// The spans of a record's text.
#[derive(Debug, Clone, Default)]
pub struct Spans {
    root: Node,
}

impl Spans {
    pub fn scan(text: &str) -> Spans {
        let bytes = text.as_bytes();
        let mut pos = 0;
        let root = value(bytes, &mut pos, 0).unwrap_or_default();
        Spans { root }
    }

    fn find(&self, path: &[&str], indices: &[usize]) -> Option<Span> {
        let mut node = &self.root;
        for key in path {
            node = &node.children.iter().find(|(k, _)| k == key)?.1;
        }
        for &i in indices {
            node = &node.children.get(i)?.1;
        }
        Some(node.span)
    }

    /// The value of a top-level key (or the start of the text).
    pub fn key(&self, key: &str) -> Span {
        self.find(&[key], &[]).unwrap_or_default()
    }

    /// Element `i` of a top-level array (or the array, or the start of the text).
    pub fn element(&self, key: &str, i: usize) -> Span {
        self.find(&[key], &[i]).unwrap_or_else(|| self.key(key))
    }

    /// An element of a nested array: `nested(&["deal", "hands"], &[1, 3])`.
    pub fn nested(&self, path: &[&str], indices: &[usize]) -> Span {
        self.find(path, indices)
            .or_else(|| self.find(path, &[]))
            .unwrap_or_default()
    }
}

const MAX_DEPTH: usize = 64;

fn skip_ws(b: &[u8], pos: &mut usize) {
    while *pos < b.len() && matches!(b[*pos], b' ' | b'\t' | b'\n' | b'\r') {
        *pos += 1;
    }
}

fn string(b: &[u8], pos: &mut usize) -> Option<String> {
    let start = *pos;
    *pos += 1;
    while *pos < b.len() {
        match b[*pos] {
            b'\\' => *pos += 2,
            b'"' => {
                *pos += 1;
                let inner = b.get(start + 1..*pos - 1)?;
                return Some(String::from_utf8_lossy(inner).to_string());
            }
            _ => *pos += 1,
        }
    }
    None
}

fn value(b: &[u8], pos: &mut usize, depth: usize) -> Option<Node> {
    if depth > MAX_DEPTH {
        return None;
    }
    skip_ws(b, pos);
    let start = *pos;
    let mut node = Node::default();
    match *b.get(*pos)? {
        b'{' => {
            *pos += 1;
            loop {
                skip_ws(b, pos);
                match *b.get(*pos)? {
                    b'}' => {
                        *pos += 1;
                        break;
                    }
                    b',' => *pos += 1,
                    b'"' => {
                        let key = string(b, pos)?;
                        skip_ws(b, pos);
                        if b.get(*pos) == Some(&b':') {
                            *pos += 1;
                        }
                        let v = value(b, pos, depth + 1)?;
                        node.children.push((key, v));
                    }
                    _ => return None,
                }
            }
        }
        b'[' => {
            *pos += 1;
            loop {
                skip_ws(b, pos);
                match *b.get(*pos)? {
                    b']' => {
                        *pos += 1;
                        break;
                    }
                    b',' => *pos += 1,
                    _ => {
                        let v = value(b, pos, depth + 1)?;
                        node.children.push((String::new(), v));
                    }
                }
            }
        }
        b'"' => {
            string(b, pos)?;
        }
        _ => {
            while *pos < b.len() && !matches!(b[*pos], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                *pos += 1;
            }
            // a `}` where an array wants a value is no value: without this the array's loop
            // would push empty values at the same place without end (a fuzz finding)
            if *pos == start {
                return None;
            }
        }
    }
    node.span = Span::new(start, *pos);
    Some(node)
}
