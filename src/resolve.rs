//! Rules files to one resolved rule tree: follows `extends` chains (with cycle detection),
//! applies overlays by address, and reports conflicts between house-rules files combined side
//! by side. Input: parsed files; output: a `RuleTree` of addressed entries, each remembering the
//! file and span that set it (its provenance).

use crate::bundled;
use crate::diag::{Code, Diag};
use crate::source::{FileId, Origin, SourceSet};
use crate::syntax::ast::{FileAst, Span, Stmt, Word, WordKind};
use crate::syntax::spec::Key;
use crate::syntax::StmtKind;
use indexmap::IndexMap;
use std::collections::BTreeMap;

mod blame;
mod cascade;
mod conflicts;
mod overlay;
pub mod parent;
pub use blame::to_user_lines;
pub use cascade::{cascade, group_leftovers};

/// A rule's address: block keyword, block name, statement key, e.g. `contract betli value`.
pub type Address = Vec<String>;

/// FNV-1a: a small, fast, deterministic hasher for the rule tree's short string addresses
/// (no random state: the tree behaves the same in every run).
#[derive(Default, Clone, Copy)]
pub struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The rule tree's map type.
/// Keys are shared (`Arc`): overlaying a file, or reusing a resolved base, copies no address.
pub type AddressMap<V> = IndexMap<std::sync::Arc<Address>, V, std::hash::BuildHasherDefault<Fnv>>;

/// A borrowed address for lookups that allocate nothing; hashes like `Address`.
#[derive(Hash)]
pub struct AddressRef<'a>(pub &'a [&'a str]);

impl indexmap::Equivalent<std::sync::Arc<Address>> for AddressRef<'_> {
    fn equivalent(&self, key: &std::sync::Arc<Address>) -> bool {
        key.len() == self.0.len() && key.iter().zip(self.0).all(|(a, b)| a == b)
    }
}

/// Renders an address the way diagnostics and `explain` print it: `contract betli: value`.
pub fn address_text(a: &Address, split: usize) -> String {
    let (head, tail) = a.split_at(split.min(a.len()));
    if tail.is_empty() {
        head.join(" ")
    } else if head.is_empty() {
        tail.join(" ")
    } else {
        format!("{}: {}", head.join(" "), tail.join(" "))
    }
}

/// One addressed rule: the statement that set it last, and where.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Shared with the parsed file: applying an overlay copies no statement.
    pub stmt: std::sync::Arc<Stmt>,
    pub file: FileId,
    /// How many words of the address belong to the block (for printing `block: key`).
    pub block_len: usize,
}

impl Entry {
    /// The value: the words after the key, as written canonically.
    pub fn value_text(&self, key_len: usize) -> String {
        words_text(self.stmt.words.get(key_len..).unwrap_or(&[]))
    }
}

/// Joins words canonically: single spaces, quotes restored, no space inside parentheses or before `:`.
pub fn words_text(words: &[Word]) -> String {
    let mut out = String::new();
    let mut prev_open = true;
    for w in words {
        let glue = matches!(w.text.as_str(), ")" | ":") && w.kind == WordKind::Punct;
        if !prev_open && !glue {
            out.push(' ');
        }
        match w.kind {
            WordKind::Quoted => {
                out.push('"');
                out.push_str(&w.text);
                out.push('"');
            }
            _ => out.push_str(&w.text),
        }
        prev_open = w.kind == WordKind::Punct && w.text == "(";
    }
    out
}

/// The header of a file.
#[derive(Debug, Clone)]
pub struct Header {
    pub kind: FileKind,
    pub name: String,
    pub description: String,
    pub extends: Option<(String, Span)>,
    pub sources: Vec<String>,
    pub name_span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Variant,
    HouseRules,
}

/// A parsed file with its header.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub file: FileId,
    pub header: Header,
    pub ast: std::sync::Arc<FileAst>,
    /// The file's addressed statements, computed once.
    pub entries: std::sync::Arc<FileEntries>,
}

/// The result of resolution: every rule by address, plus where each file sits.
#[derive(Debug, Clone, Default)]
pub struct RuleTree {
    pub entries: AddressMap<Entry>,
    /// The files applied, base first.
    pub files: Vec<FileId>,
    /// The name and description of the base variant and of each house-rules file applied.
    pub layers: Vec<(String, String, FileKind)>,
    pub sources: Vec<String>,
    /// The `remove` lines of the house rules applied: what, and where.
    pub removes: Vec<Removal>,
}

/// One `remove` line: `remove contract szanzadu` at the top level takes out a named block,
/// `remove open-hands` inside `contract betli { ... }` the block's statements of that key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removal {
    /// What it takes out: a block's address (`contract szanzadu`), or a block's and a
    /// statement key's (`contract betli open-hands`, `bidding round 3`), every address under it.
    pub addr: Address,
    pub file: FileId,
    /// The `remove` line's words.
    pub span: Span,
    /// How many words of `addr` are the block's, for a `remove` inside a block; 0 for a
    /// `remove KIND NAME` of the top level.
    pub block_len: usize,
}

impl Removal {
    /// A `remove` inside a block: it takes statements out, not a block.
    pub fn is_statement(&self) -> bool {
        self.block_len > 0
    }

    /// What it takes out, as a diagnostic names it: `contract szanzadu`, `contract betli: open-hands`.
    pub fn text(&self) -> String {
        address_text(&self.addr, self.block_len)
    }

    /// The words after `remove`, as the file says them: `contract szanzadu`, `open-hands`.
    pub fn written(&self) -> String {
        self.addr[self.block_len.min(self.addr.len())..].join(" ")
    }
}

/// The tree as text, one `address = value  (file)` line per rule: the resolve stage's snapshot.
pub fn dump(tree: &RuleTree, sources: &SourceSet) -> String {
    let mut out = String::new();
    for (addr, e) in &tree.entries {
        let value = value_of(addr, e);
        let file = sources.name(e.file);
        let file = file.rsplit('/').next().unwrap_or(file);
        out.push_str(&format!(
            "{} = {}  ({})\n",
            address_text(addr, e.block_len),
            value,
            file
        ));
    }
    out
}

/// Reads the header statements of a parsed file.
pub fn header_of(file: FileId, ast: &FileAst) -> Option<Header> {
    let first = ast.stmts.first()?;
    let kind = match first.kind {
        StmtKind::variant_line => FileKind::Variant,
        StmtKind::house_rules_line => FileKind::HouseRules,
        _ => return None,
    };
    let _ = file;
    let name = first.words.get(1)?;
    let description = first.words.get(2).map(|w| w.text.clone()).unwrap_or_default();
    let extends = first.words.get(4).map(|w| (w.text.clone(), w.span));
    let sources = ast
        .stmts
        .iter()
        .filter(|s| s.kind == StmtKind::source_line)
        .filter_map(|s| s.words.get(1))
        .map(|w| w.text.clone())
        .collect();
    Some(Header {
        kind,
        name: name.text.clone(),
        description,
        extends,
        sources,
        name_span: name.span,
    })
}

/// How many leading words of a statement form its key within its block (the statement table's
/// `key`: `suit makk`, `when NAME:`, one row per restricted level of `not-same-player`).
fn key_len(stmt: &Stmt) -> usize {
    let colon_at_2 = stmt
        .words
        .get(2)
        .is_some_and(|w| w.text == ":" && w.kind == WordKind::Punct);
    stmt.kind.spec().key_words(colon_at_2)
}

/// The key of a statement within its block. A fixed key is shared with another statement:
/// `redeal-when-all-pass` has the address of `all-pass CONTRACT`, both say what follows all passes.
fn statement_key(stmt: &Stmt) -> Vec<String> {
    if let Key::Fixed(key) = stmt.kind.spec().key {
        return vec![key.to_string()];
    }
    stmt.words.iter().take(key_len(stmt)).map(|w| w.text.clone()).collect()
}

/// Statements whose words are a set: their order does not change the rule.
fn is_set_valued(stmt: &Stmt) -> bool {
    stmt.kind.spec().set_valued
}

/// Length of a block's own address: `game` or `contract adu`.
fn block_key_len(stmt: &Stmt) -> usize {
    stmt.kind.spec().key_words(false)
}

/// The address and statement list of one file, in file order.
#[derive(Debug)]
/// What one file says: its addressed statements, its `remove` lines, and the blocks it replaces whole.
pub struct FileEntries {
    pub entries: Vec<(std::sync::Arc<Address>, Entry)>,
    pub removes: Vec<Removal>,
    pub replaced: Vec<Address>,
}

pub fn entries_of(file: FileId, ast: &FileAst) -> FileEntries {
    let mut out = Vec::new();
    let mut removes = Vec::new();
    let mut replaced_blocks = Vec::new();
    for stmt in &ast.stmts {
        match stmt.kind {
            _ if stmt.kind.spec().header => {}
            StmtKind::remove_line => {
                let addr: Address = stmt.words.iter().skip(1).map(|w| w.text.clone()).collect();
                removes.push(Removal {
                    addr,
                    file,
                    span: stmt.head_span(),
                    block_len: 0,
                });
            }
            _ if stmt.body.is_some() => {
                let bl = block_key_len(stmt);
                let block: Address = stmt.words.iter().take(bl).map(|w| w.text.clone()).collect();
                if stmt.kind.spec().steps {
                    replaced_blocks.push(block.clone());
                }
                let mut head = stmt.clone();
                head.body = None;
                out.push((
                    std::sync::Arc::new(block.clone()),
                    Entry {
                        stmt: std::sync::Arc::new(head),
                        file,
                        block_len: bl,
                    },
                ));
                for (i, child) in stmt.body.iter().flatten().enumerate() {
                    if child.kind == StmtKind::remove_stmt {
                        removes.push(statement_removal(file, &block, child));
                        continue;
                    }
                    let mut addr = block.clone();
                    if stmt.kind.spec().steps {
                        addr.push(format!("step {}", i + 1));
                    } else {
                        addr.extend(statement_key(child));
                    }
                    out.push((
                        std::sync::Arc::new(addr),
                        Entry {
                            stmt: std::sync::Arc::new(child.clone()),
                            file,
                            block_len: bl,
                        },
                    ));
                }
            }
            _ => {
                let addr: Address = stmt.words.iter().take(key_len(stmt)).map(|w| w.text.clone()).collect();
                out.push((
                    std::sync::Arc::new(addr),
                    Entry {
                        stmt: std::sync::Arc::new(stmt.clone()),
                        file,
                        block_len: 0,
                    },
                ));
            }
        }
    }
    FileEntries {
        entries: out,
        removes,
        replaced: replaced_blocks,
    }
}

/// `remove KEY [NAME]` inside a block: the block's address and the key words after `remove`
/// (a `:` after a row's name, `remove when szanzadu:`, is left out: the address has none).
/// `remove all-pass` takes out what follows all passes, `redeal-when-all-pass` too: the
/// statements that share an address are removed by it.
fn statement_removal(file: FileId, block: &Address, stmt: &Stmt) -> Removal {
    let mut addr = block.clone();
    addr.extend(
        stmt.words
            .iter()
            .skip(1)
            .filter(|w| w.kind != WordKind::Punct)
            .map(|w| w.text.clone()),
    );
    Removal {
        addr,
        file,
        span: stmt.head_span(),
        block_len: block.len(),
    }
}

fn starts_with(a: &Address, prefix: &Address) -> bool {
    a.len() >= prefix.len() && a[..prefix.len()] == prefix[..]
}

/// The value a statement sets, for conflict comparison (key words excluded; a set-valued
/// statement's words sorted, so that `take top-card top-chain` and `take top-chain top-card` agree).
fn value_of(addr: &Address, e: &Entry) -> String {
    value_text_of(addr, e, true)
}

/// The value as `value_of`, in the file's own word order when `as_set` is false: what a message
/// quotes, so that the user recognises the line they wrote.
fn value_text_of(addr: &Address, e: &Entry, as_set: bool) -> String {
    if addr.last().is_some_and(|k| k.starts_with("step ")) {
        // a dealing step is identified by its position: its value is the whole statement
        return e.value_text(0);
    }
    if e.stmt.body.is_none() && e.block_len > 0 && addr.len() == e.block_len {
        // a block header: its value is its description
        return e.value_text(e.block_len);
    }
    if matches!(e.stmt.kind.spec().key, Key::Fixed(_)) {
        // the key is not among its words: the whole statement is the value
        return e.value_text(0);
    }
    let mut words: Vec<&Word> = e.stmt.words.iter().skip(key_len(&e.stmt)).collect();
    if words
        .first()
        .is_some_and(|w| w.kind == WordKind::Punct && w.text == ":")
    {
        words.remove(0);
    }
    if as_set && is_set_valued(&e.stmt) {
        words.sort_by(|a, b| a.text.cmp(&b.text));
    }
    let owned: Vec<Word> = words.into_iter().cloned().collect();
    words_text(&owned)
}

/// Where to look up names in `extends` and on the command line.
pub struct Resolver<'a> {
    pub sources: &'a mut SourceSet,
    /// Parsed files, each with the diagnostics its parse found (given again on every use).
    parsed: BTreeMap<FileId, (Option<Parsed>, Vec<Diag>)>,
    /// Resolved entries of each chain (base first) seen so far.
    /// with the overlay misses (`overlay::misses`) found when the chain's last file was applied.
    trees: BTreeMap<Vec<FileId>, (AddressMap<Entry>, Vec<Diag>)>,
    pub diags: Vec<Diag>,
}

impl<'a> Resolver<'a> {
    pub fn new(sources: &'a mut SourceSet) -> Self {
        Resolver {
            sources,
            parsed: BTreeMap::new(),
            trees: BTreeMap::new(),
            diags: Vec::new(),
        }
    }

    /// Parses a file once (syntax errors are recorded).
    pub fn parse(&mut self, file: FileId) -> Option<Parsed> {
        if let Some((p, d)) = self.parsed.get(&file) {
            self.diags.extend(d.iter().cloned());
            return p.clone();
        }
        let text = self.sources.text(file);
        let (parsed, diags) = match crate::syntax::parse(file, text) {
            Ok(ast) => match header_of(file, &ast) {
                Some(header) => {
                    let entries = std::sync::Arc::new(entries_of(file, &ast));
                    let p = Parsed {
                        file,
                        header,
                        ast: std::sync::Arc::new(ast),
                        entries,
                    };
                    let d = duplicates(&p);
                    (Some(p), d)
                }
                None => (None, Vec::new()),
            },
            Err(d) => (None, d),
        };
        self.diags.extend(diags.iter().cloned());
        self.parsed.insert(file, (parsed.clone(), diags));
        parsed
    }
}

/// One file may set an address only once: a second `contract adu` block, or a second `value`
/// in one block, is a mistake (across files, later files override).
fn duplicates(p: &Parsed) -> Vec<Diag> {
    let mut out = Vec::new();
    let mut seen: IndexMap<&Address, Span> = IndexMap::new();
    for (addr, e) in &p.entries.entries {
        let addr: &Address = addr;
        let span = e.stmt.head_span();
        match seen.get(addr) {
            Some(first) => {
                let what = address_text(addr, e.block_len);
                out.push(
                    Diag::new(
                        Code::DuplicateName,
                        p.file,
                        format!("`{what}` is set twice in this file"),
                    )
                    .label(span, "set again here")
                    .label(*first, "first set here")
                    .help("keep one of the two; to change a rule of the base, write it once in the house-rules file"),
                );
            }
            None => {
                seen.insert(addr, span);
            }
        }
    }
    out
}

impl<'a> Resolver<'a> {
    /// Finds what `from` extends: a local file (by its path relative to `from`, or `NAME.kartya`
    /// beside it, which the CLI has read in), else a file already loaded whose header has that
    /// name (for a path: the path's file name), else a bundled file (never for a path).
    pub fn lookup(&mut self, from: FileId, name: &str) -> Option<FileId> {
        let want = parent::parent_path(self.sources.name(from), name);
        let local = (self.sources.origin(from) == Origin::User)
            .then(|| {
                self.sources.ids().find(|&id| {
                    self.sources.origin(id) == Origin::User && parent::normalize(self.sources.name(id)) == want
                })
            })
            .flatten()
            .filter(|&id| id != from);
        if local.is_some() {
            return local;
        }
        // a path not found there (rules inline in a hand record have no folder): a file given
        // whose header has the path's file name, `szerda` for `../szerda.kartya`
        let path = parent::is_path(name);
        let name = if path {
            let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
            file.strip_suffix(".kartya").unwrap_or(file)
        } else {
            name
        };
        let loaded: Vec<FileId> = self.sources.ids().collect();
        for id in loaded {
            if self.sources.origin(id) != Origin::User {
                continue;
            }
            // Only files that parse are candidates; other user files (a hand record, a file
            // with a syntax error already reported) are not rules to look names up in.
            let text = self.sources.text(id);
            let header = crate::syntax::parse(id, text).ok().and_then(|ast| header_of(id, &ast));
            if header.is_some_and(|h| h.name == name) {
                return Some(id);
            }
        }
        if path {
            return None;
        }
        let b = bundled::find(name)?;
        Some(self.sources.add(bundled::display_path(&b), b.text, Origin::Bundled))
    }

    /// The chain from the root variant down to `file` (root first).
    fn chain(&mut self, file: FileId) -> Option<Vec<Parsed>> {
        let mut chain: Vec<Parsed> = Vec::new();
        let mut current = self.parse(file)?;
        loop {
            if chain.iter().any(|c| c.file == current.file) {
                let names: Vec<String> = chain.iter().map(|c| c.header.name.clone()).collect();
                let last = chain
                    .last()
                    .map(|c| (c.file, c.header.extends.clone()))
                    .unwrap_or((file, None));
                let span = last.1.map(|e| e.1).unwrap_or_default();
                self.diags.push(
                    Diag::new(Code::ExtendsCycle, last.0, format!("`extends` goes round in a circle: {} -> {}", names.join(" -> "), current.header.name))
                        .label(span, "this `extends` leads back to a file already in the chain")
                        .help("a house-rules file must extend a variant, directly or through other house rules, without coming back to itself"),
                );
                return None;
            }
            let next = current.header.extends.clone();
            let kind = current.header.kind;
            chain.push(current);
            match (kind, next) {
                (FileKind::Variant, _) => break,
                (FileKind::HouseRules, None) => {
                    let last = chain
                        .last()
                        .map(|c| (c.file, c.header.name_span))
                        .unwrap_or((file, Span::default()));
                    self.diags.push(
                        Diag::new(Code::NotHouseRules, last.0, "this house-rules file names no base, and no base was given before it")
                            .label(last.1, "add `extends BASE` to this header")
                            .help("write `house-rules NAME \"description\" extends BASE`, BASE being a variant's name (`kartya list` shows the bundled ones), or give the base first: `kartya check BASE FILE`"),
                    );
                    return None;
                }
                (FileKind::HouseRules, Some((base, span))) => {
                    let from = chain.last().map(|c| c.file).unwrap_or(file);
                    match self.lookup(from, &base) {
                        Some(id) => match self.parse(id) {
                            Some(p) => current = p,
                            None => return None,
                        },
                        None if parent::is_path(&base) => {
                            let looked = parent::parent_path(self.sources.name(from), &base);
                            self.diags.push(unknown_parent_file(from, span, &base, &looked));
                            return None;
                        }
                        None => {
                            self.diags.push(unknown_variant(from, span, &base));
                            return None;
                        }
                    }
                }
            }
        }
        chain.reverse();
        Some(chain)
    }

    /// The entries of a chain applied in order, reusing the trees of chains already resolved
    /// (every house rule of one base shares the base's tree).
    fn chain_tree(&mut self, chain: &[Parsed]) -> RuleTree {
        let mut tree = RuleTree::default();
        let mut key: Vec<FileId> = Vec::new();
        for p in chain {
            key.push(p.file);
            match self.trees.get(&key) {
                Some((t, misses)) => {
                    tree.entries = t.clone();
                    self.diags.extend(misses.iter().cloned());
                }
                None => {
                    let misses = misses_of(&tree.entries, p);
                    self.diags.extend(misses.iter().cloned());
                    apply(&mut tree, p);
                    self.trees.insert(key.clone(), (tree.entries.clone(), misses));
                }
            }
        }
        tree
    }

    /// Resolves a base and house rules combined on it. Each file given brings its `extends`
    /// chain; a file that is in another's chain is overridden by it silently. The files left are
    /// side by side: their chains are applied one after the other, and they must agree.
    pub fn resolve(&mut self, base: FileId, extras: &[FileId]) -> Option<RuleTree> {
        let chain = self.chain(base)?;
        let chain_names: Vec<String> = chain.iter().map(|p| p.header.name.clone()).collect();
        let mut chains: Vec<Vec<Parsed>> = vec![chain.clone()];
        let mut ok = true;
        for &x in extras {
            let Some(p) = self.parse(x) else {
                ok = false;
                continue;
            };
            if p.header.kind == FileKind::Variant && chain.iter().any(|q| q.file == x) {
                continue; // the base itself, given again (a record lists a local base with its child)
            }
            if p.header.kind == FileKind::Variant {
                self.diags.push(
                    Diag::new(
                        Code::NotHouseRules,
                        x,
                        format!(
                            "`{}` is a variant, not house rules; only the first file may be a variant",
                            p.header.name
                        ),
                    )
                    .label(p.header.name_span, "a whole variant")
                    .help("give this variant first, or use house-rules files after the base"),
                );
                ok = false;
                continue;
            }
            let Some((ext, span)) = p.header.extends.clone() else {
                // no `extends`: laid on the base given first
                let mut c = chain.clone();
                c.push(p);
                chains.push(c);
                continue;
            };
            match self.chain(x) {
                Some(c) if c[..c.len() - 1].iter().any(|q| chain_names.contains(&q.header.name)) => chains.push(c),
                Some(_) => {
                    self.diags.push(
                        Diag::new(
                            Code::NotHouseRules,
                            x,
                            format!(
                                "`{}` extends `{}`, which is not built on `{}`",
                                p.header.name,
                                ext,
                                chain_names.last().cloned().unwrap_or_default()
                            ),
                        )
                        .label(span, "a different base")
                        .help("combine house rules only with the base they were written for"),
                    );
                    ok = false;
                }
                None => ok = false,
            }
        }
        // A file in another's chain is that file's base, not beside it.
        let tops: Vec<Vec<Parsed>> = chains
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                let last = c.last().map(|p| p.file);
                !chains.iter().enumerate().any(|(j, d)| {
                    j != *i
                        && (d[..d.len() - 1].iter().any(|q| Some(q.file) == last)
                            || (j < *i && d.last().map(|q| q.file) == last))
                })
            })
            .map(|(_, c)| c.clone())
            .collect();
        self.diags.extend(conflicts::check(self.sources, &tops));
        let mut tree = self.chain_tree(&chain);
        let mut side: Vec<Parsed> = Vec::new();
        for q in chains.iter().skip(1).flatten() {
            if chain.iter().chain(side.iter()).any(|s| s.file == q.file) {
                continue;
            }
            self.diags.extend(misses_of(&tree.entries, q));
            apply(&mut tree, q);
            side.push(q.clone());
        }
        for p in chain.iter().chain(side.iter()) {
            tree.files.push(p.file);
            tree.layers
                .push((p.header.name.clone(), p.header.description.clone(), p.header.kind));
            tree.sources.extend(p.header.sources.iter().cloned());
            tree.removes.extend(p.entries.removes.iter().cloned());
        }
        if ok {
            Some(tree)
        } else {
            None
        }
    }
}

pub(crate) fn short(name: &str) -> String {
    name.rsplit('/')
        .next()
        .unwrap_or(name)
        .trim_end_matches(".kartya")
        .to_string()
}

pub(crate) fn remove_conflict(sources: &SourceSet, r: &Removal, sf: FileId, ss: Span) -> Diag {
    let (a, b) = (short(sources.name(r.file)), short(sources.name(sf)));
    let (rf, rs) = (r.file, r.span);
    Diag::new(
        Code::RemoveConflict,
        rf,
        format!("{a} removes `{}`, but {b} sets it", r.text()),
    )
    .label(rs, format!("{a} removes it"))
    .label_in(sf, ss, format!("{b} sets it"))
    .help(format!(
        "one house rule takes out what the other changes: drop {a} or {b}"
    ))
}

/// A variant name in `extends` (or a record) that is neither bundled nor the header name of a
/// file given on the command line. A bundled name is suggested only when it is close (see
/// `names`), never for something that looks like a path.
pub fn unknown_variant(file: FileId, span: Span, name: &str) -> Diag {
    let help = match bundled_suggestion(name) {
        Some(b) => format!("did you mean `{b}`? `kartya list` shows every bundled name"),
        None => format!(
            "`kartya list` shows every bundled name; to build on a file of yours, keep it beside this one as `{0}.kartya`, name it by its path (`extends ../{0}.kartya`), or give it on the command line too",
            short(name)
        ),
    };
    Diag::new(
        Code::UnknownVariant,
        file,
        format!("there is no variant or house-rules file called `{name}`"),
    )
    .label(
        span,
        "not a bundled name, a file beside this one or a file given on the command line",
    )
    .help(help)
}

/// An `extends ../club.kartya` whose file is not there (`looked`: where it was looked for).
fn unknown_parent_file(file: FileId, span: Span, path: &str, looked: &str) -> Diag {
    Diag::new(
        Code::UnknownVariant,
        file,
        format!("there is no rules file `{path}` to extend (looked for `{looked}`)"),
    )
    .label(span, "no such file")
    .help("a path after `extends` is relative to the folder of the file that says it; a bundled base is named without a path (`extends NAME`, as `kartya list` names them)")
}

/// A command-line argument that is neither a bundled name nor a path. `local_file` is the
/// path of a file of that name next to the user (`./NAME.kartya`), if the CLI found one: a bare
/// name means a bundled variant, so that file is what the user meant.
pub fn unknown_variant_arg(file: FileId, span: Span, name: &str, local_file: Option<&str>) -> Diag {
    let help = match (local_file, bundled_suggestion(name)) {
        (Some(path), _) => format!(
            "`{}` is a file here, but a bare name means a bundled variant: give the path, e.g. `{path}`",
            path.trim_start_matches("./")
        ),
        (None, Some(b)) => format!("did you mean `{b}`? `kartya list` shows every bundled name"),
        (None, None) => format!(
            "`kartya list` shows every bundled name; a file of yours is given by its path, e.g. `./{}.kartya`",
            short(name)
        ),
    };
    Diag::new(
        Code::UnknownVariant,
        file,
        format!("there is no bundled variant or house-rules file called `{name}`"),
    )
    .label(span, "not a bundled name")
    .help(help)
}

/// The bundled name `name` is close to, unless `name` looks like a path.
fn bundled_suggestion(name: &str) -> Option<&'static str> {
    if name.contains('/') || name.contains('\\') || name.ends_with(".kartya") {
        return None;
    }
    crate::names::suggest(name, bundled::all().map(|b| b.name))
}

/// What a house-rules file misses of the tree it is laid over; a variant overlays nothing.
fn misses_of(tree: &AddressMap<Entry>, p: &Parsed) -> Vec<Diag> {
    match p.header.kind {
        FileKind::HouseRules => overlay::misses(tree, p),
        FileKind::Variant => p
            .entries
            .removes
            .iter()
            .map(|r| {
                Diag::new(
                    Code::UnknownName,
                    p.file,
                    format!("`remove {}` in a variant removes nothing: a variant has no base under it", r.written()),
                )
                .label(r.span, "nothing to remove from")
                .help("a variant is a whole game: leave out what it does not have; to take something out of another file's rules, write house rules: `house-rules NAME \"...\" extends BASE`")
            })
            .collect(),
    }
}

/// Applies one file's statements onto the tree: later files override earlier ones by address.
fn apply(tree: &mut RuleTree, p: &Parsed) {
    let FileEntries {
        entries,
        removes,
        replaced,
    } = p.entries.as_ref();
    for r in removes.iter().map(|r| &r.addr).chain(replaced.iter()) {
        tree.entries.retain(|a, _| !starts_with(a, r));
    }
    for (addr, e) in entries {
        // A block restated without its description (`contract betli {`) keeps the base's title.
        let untitled_head =
            e.stmt.body.is_none() && addr.len() == e.block_len && e.block_len > 0 && e.stmt.words.len() <= e.block_len;
        if untitled_head && tree.entries.contains_key(addr) {
            continue;
        }
        tree.entries.insert(addr.clone(), e.clone());
    }
}
