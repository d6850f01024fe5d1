//! Every field of the model is read by the code that plays or records hands: takes the model's
//! sources (src/model/*.rs) and the engine's, the records' and the random bots' simulation's
//! (src/engine with its rooms, src/record, src/bots/sim.rs), gives a failure naming each field
//! that only the builder and `explain` touch. A field the engine never consults is a statement
//! that checks clean and does nothing (issue 12: `all_speak_first`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::root;
use std::collections::BTreeSet;

/// Fields that describe rather than decide, each with the reason no engine code needs it.
const DESCRIPTIVE: &[(&str, &str)] = &[
    ("name", "names are printed; the engine works with ids"),
    ("title", "a contract's or figure's title, printed by explain"),
    ("description", "the file's one-line description"),
    ("layers", "which files were combined, printed by explain"),
    ("sources", "the `source` lines, printed by explain"),
    ("prov", "the provenance handle: spans for diagnostics"),
    ("spans", "the provenance table: spans for diagnostics"),
    (
        "seating",
        "the engine numbers positions in the order of play; the direction only names that order",
    ),
    (
        "aliases",
        "the name a figure goes by in one contract, printed by explain",
    ),
];

/// `pub NAME:` lines of the model's structs.
fn model_fields() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in ["src/model/mod.rs", "src/model/cond.rs"] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        for line in text.lines() {
            let t = line.trim_start();
            if let Some(rest) = t.strip_prefix("pub ") {
                if let Some((name, _)) = rest.split_once(':') {
                    if !name.is_empty()
                        && name
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                    {
                        out.insert(name.to_string());
                    }
                }
            }
        }
    }
    out
}

fn rust_sources(dir: &str) -> String {
    let mut text = String::new();
    let mut stack = vec![root().join(dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                text.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    text
}

/// Whether `.field` occurs as a whole word (`.take` but not `.taken`).
fn reads(code: &str, field: &str) -> bool {
    let pat = format!(".{field}");
    code.match_indices(&pat).any(|(i, _)| {
        let after = code[i + pat.len()..].chars().next();
        !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn every_model_field_is_read_by_the_engine_or_the_records() {
    // the simulation moved out of the engine into the bots (issue 31) and still plays hands
    let sim = std::fs::read_to_string(root().join("src/bots/sim.rs")).unwrap();
    let code = rust_sources("src/engine") + &rust_sources("src/record") + &sim;
    let descriptive: BTreeSet<&str> = DESCRIPTIVE.iter().map(|(f, _)| *f).collect();
    let fields = model_fields();
    assert!(fields.len() > 40, "the model's fields were not found: {fields:?}");
    let unread: Vec<&String> = fields
        .iter()
        .filter(|f| !descriptive.contains(f.as_str()) && !reads(&code, f))
        .collect();
    assert!(
        unread.is_empty(),
        "model fields that no engine or record code reads (a statement that would check clean and do nothing): {unread:?}"
    );
    for (f, _) in DESCRIPTIVE {
        assert!(
            fields.contains(*f),
            "`{f}` is listed as descriptive but is no model field any more"
        );
    }
}
