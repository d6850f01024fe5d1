//! Every ```kartya example in docs/*.md and README.md is a complete rules file that checks
//! clean (no errors, no warnings): the documentation cannot drift from the language. A block may
//! extend an earlier block of its doc by the name in that block's header.

mod common;

use kartya::source::{Origin, SourceSet};

fn blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim_start() == "```kartya" => current = Some((i + 2, String::new())),
            Some((_, body)) if line.trim_start() == "```" => {
                let _ = body;
                out.extend(current.take());
            }
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    out
}

#[test]
fn every_kartya_example_in_the_docs_checks_clean() {
    let root = common::root();
    let mut files = vec![root.join("README.md")];
    if let Ok(d) = std::fs::read_dir(root.join("docs")) {
        files.extend(
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "md")),
        );
    }
    files.sort();
    let mut checked = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        // the doc's earlier files, the latest of each header name: a block may extend one
        let mut earlier: Vec<(String, String, String)> = Vec::new();
        for (line, body) in blocks(&text) {
            let mut sources = SourceSet::new();
            let name = format!(
                "{}:{line}",
                f.file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default()
            );
            let header = body
                .lines()
                .find(|l| l.starts_with("variant ") || l.starts_with("house-rules "))
                .and_then(|l| l.split_whitespace().nth(1))
                .unwrap_or("")
                .to_string();
            for (_, n, b) in earlier.iter().filter(|(h, _, _)| *h != header) {
                sources.add(n.clone(), b.clone(), Origin::User);
            }
            earlier.retain(|(h, _, _)| *h != header);
            earlier.push((header, name.clone(), body.clone()));
            let id = sources.add(name.clone(), body, Origin::User);
            let loaded = kartya::load::load(&mut sources, id, &[]);
            assert!(
                loaded.diags.is_empty(),
                "example at {name} does not check clean:\n{}",
                common::render(&loaded.diags, &sources)
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "expected kartya examples in the docs, found {checked}");
}
