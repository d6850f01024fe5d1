//! A club player's table (issue 30, findings 2, 3, 4 and 6), end to end: a club's own file is
//! the parent of another, at any depth, found beside the file by name or by a relative path, and
//! overrides what it extends silently (only files given side by side must agree); an error a
//! house rule causes is on its line; `remove` takes the references with it; `kartya show` prints
//! a bundled file. Each test writes its files into a fresh folder and runs `kartya` there.

mod common;

use common::cli::*;
use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) {
    if let Some(parent) = dir.join(name).parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    std::fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("cannot write {name}: {e}"));
}

/// A house-rules file `name` that extends `parent` and sets betli's value.
fn betli(name: &str, parent: &str, value: u32) -> String {
    format!("house-rules {name} \"betli worth {value}\" extends {parent}\n\ncontract betli {{\n  value {value}\n}}\n")
}

/// The value line of betli in `kartya explain`'s output.
fn betli_value(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    let o = run_in(dir, &all);
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    let at = out
        .find("contract betli ")
        .unwrap_or_else(|| panic!("no betli in {out}"));
    out[at..].lines().nth(1).unwrap_or("").trim().to_string()
}

#[test]
fn a_club_file_is_the_parent_of_another_at_any_depth() {
    let dir = fresh_dir("cli_house_rules", "depth");
    write(&dir, "szerda.kartya", &betli("szerda", "alsos-3p", 7));
    write(&dir, "csutortok.kartya", &betli("csutortok", "szerda", 9));
    write(&dir, "pentek.kartya", &betli("pentek", "csutortok", 11));
    // the parents are found beside the file; each file overrides what it extends
    assert_eq!(betli_value(&dir, &["szerda.kartya"]), "value 7");
    assert_eq!(betli_value(&dir, &["csutortok.kartya"]), "value 9");
    assert_eq!(betli_value(&dir, &["pentek.kartya"]), "value 11");
    // in every argument order, a file and what it extends do not conflict
    for args in [
        ["szerda.kartya", "pentek.kartya"],
        ["pentek.kartya", "szerda.kartya"],
        ["alsos-3p", "pentek.kartya"],
        ["csutortok.kartya", "pentek.kartya"],
    ] {
        let o = run_in(&dir, &[&["check"], &args[..]].concat());
        assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
        assert_eq!(betli_value(&dir, &args), "value 11", "{args:?}");
    }
    let o = run_in(&dir, &["explain", "pentek.kartya"]);
    let out = stdout(&o);
    assert!(
        out.contains("house rules szerda")
            && out.contains("house rules csutortok")
            && out.contains("house rules pentek"),
        "{out}"
    );
}

#[test]
fn a_child_of_a_bundled_club_file_overrides_it() {
    let dir = fresh_dir("cli_house_rules", "bundled");
    // tuesday-club sets betli to 10
    write(&dir, "kedd.kartya", &betli("kedd", "tuesday-club", 12));
    assert_eq!(betli_value(&dir, &["kedd.kartya"]), "value 12");
    assert_eq!(betli_value(&dir, &["tuesday-club", "kedd.kartya"]), "value 12");
}

#[test]
fn a_parent_by_relative_path() {
    let dir = fresh_dir("cli_house_rules", "path");
    write(&dir, "szerda.kartya", &betli("szerda", "alsos-3p", 7));
    write(&dir, "tables/kicsi.kartya", &betli("kicsi", "../szerda.kartya", 8));
    write(&dir, "tables/nagy.kartya", &betli("nagy", "kicsi.kartya", 13));
    assert_eq!(betli_value(&dir, &["tables/kicsi.kartya"]), "value 8");
    assert_eq!(betli_value(&dir, &["tables/nagy.kartya"]), "value 13");
    let o = run_in(&dir.join("tables"), &["check", "nagy.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // a path that leads nowhere says where it looked
    write(&dir, "tables/lost.kartya", &betli("lost", "../nowhere.kartya", 8));
    let o = run_in(&dir, &["check", "tables/lost.kartya"]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("kartya::unknown-variant") && stderr(&o).contains("looked for `nowhere.kartya`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn files_side_by_side_still_conflict() {
    let dir = fresh_dir("cli_house_rules", "side");
    write(&dir, "szerda.kartya", &betli("szerda", "alsos-3p", 7));
    write(&dir, "csutortok.kartya", &betli("csutortok", "szerda", 9));
    write(&dir, "vasarnap.kartya", &betli("vasarnap", "szerda", 6));
    write(&dir, "hetfo.kartya", &betli("hetfo", "alsos-3p", 5));
    // two children of one club file: each overrides szerda, but they disagree with each other
    for args in [
        ["csutortok.kartya", "vasarnap.kartya"],
        ["szerda.kartya", "csutortok.kartya"],
        ["hetfo.kartya", "csutortok.kartya"],
    ] {
        let o = run_in(&dir, &[&["check"], &args[..]].concat());
        let conflict = args != ["szerda.kartya", "csutortok.kartya"];
        assert_eq!(code(&o), if conflict { 1 } else { 0 }, "{args:?}: {}", stderr(&o));
        assert_eq!(
            stderr(&o).contains("kartya::conflict"),
            conflict,
            "{args:?}: {}",
            stderr(&o)
        );
    }
    // and a bundled pair as before
    let o = run_in(&dir, &["check", "tuesday-club", "siber-seven-only"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("kartya::conflict"), "{}", stderr(&o));
}

/// The first line of `kartya check`'s diagnostics (the primary label's `file:line:col`) and
/// the whole output.
fn first_error(dir: &Path, file: &str, text: &str) -> (String, String) {
    write(dir, file, text);
    let o = run_in(dir, &["check", file]);
    assert_eq!(code(&o), 1, "{file}: {}", stderr(&o));
    let err = stderr(&o);
    (err.lines().next().unwrap_or("").to_string(), err)
}

#[test]
fn a_house_rule_that_breaks_a_base_statement_is_blamed_at_its_own_line() {
    let dir = fresh_dir("cli_house_rules", "blame");
    for (file, body, line, base) in [
        (
            "ultimo.kartya",
            "figure ultimó {\n  in adu szanzadu\n}\n",
            "ultimo.kartya:4:3",
            "variants/alsos-3p.kartya:186",
        ),
        (
            "mordkontra.kartya",
            "doubling kontra {\n  levels kontra rekontra szubkontra hirskontra mordkontra\n}\n",
            "mordkontra.kartya:4:3",
            "variants/alsos-3p.kartya:215",
        ),
        (
            "volat.kartya",
            "figure volát {\n  in adu szanzadu betli\n}\n",
            "volat.kartya:4:3",
            "variants/alsos-3p.kartya:201",
        ),
    ] {
        let name = file.trim_end_matches(".kartya");
        let text = format!("house-rules {name} \"a change\" extends alsos-3p\n\n{body}");
        let (first, err) = first_error(&dir, file, &text);
        assert_eq!(first, line, "{err}");
        // the base's line is still shown, as the other side
        assert!(err.contains(&format!("[{base}:")), "{err}");
    }
}

#[test]
fn a_new_row_named_like_a_base_row_is_an_error_with_did_you_mean() {
    let dir = fresh_dir("cli_house_rules", "row");
    let text =
        "house-rules tens-low \"tens low\" extends koenigrufen-russbach\n\norders {\n  natürlich A K O U 10 9 8 7\n}\n";
    let (first, err) = first_error(&dir, "tens-low.kartya", text);
    assert_eq!(first, "tens-low.kartya:4:3", "{err}");
    assert!(
        err.contains("kartya::unknown-name") && err.contains("did you mean `natural`?"),
        "{err}"
    );
}

#[test]
fn remove_takes_the_references_with_it() {
    let dir = fresh_dir("cli_house_rules", "remove");
    // "We do not play no-trumps": the figures' `in` lines, their `when szanzadu:` rows and
    // aliases, and the bidding ladder all named szanzadu
    write(
        &dir,
        "no-no-trumps.kartya",
        "house-rules no-no-trumps \"none\" extends alsos-3p\n\nremove contract szanzadu\n",
    );
    let o = run_in(&dir, &["check", "no-no-trumps.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("3 contracts"), "{}", stdout(&o));
    let o = run_in(&dir, &["explain", "no-no-trumps.kartya"]);
    assert!(!stdout(&o).contains("szanzadu"), "{}", stdout(&o));
    // a figure out of the figure ladder, and out of gyerünk's `allowed-with`
    for figure in ["százas", "kassza"] {
        let text = format!("house-rules no-figure \"no {figure}\" extends alsos-3p\n\nremove figure {figure}\n");
        write(&dir, "no-figure.kartya", &text);
        let o = run_in(&dir, &["check", "no-figure.kartya"]);
        assert_eq!(code(&o), 0, "{figure}: {}", stderr(&o));
    }
}

#[test]
fn a_reference_remove_cannot_take_out_is_named_in_one_diagnostic() {
    let dir = fresh_dir("cli_house_rules", "remove-left");
    // what follows all passes cannot just be left out
    write(
        &dir,
        "no-klopitzky.kartya",
        "house-rules no-klopitzky \"no klopitzky\" extends alsos-3p\n\nremove contract klopitzky\n",
    );
    let o = run_in(&dir, &["check", "no-klopitzky.kartya"]);
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert_eq!(err.matches("kartya::").count(), 1, "{err}");
    assert!(err.starts_with("no-klopitzky.kartya:3:1"), "{err}");
    assert!(
        err.contains("leaves 1 line that still names it")
            && err.contains("[variants/alsos-3p.kartya:62:")
            && err.contains("all-pass klopitzky"),
        "{err}"
    );
}

#[test]
fn show_prints_a_bundled_file_to_start_from() {
    let dir = fresh_dir("cli_house_rules", "show");
    let o = run_in(&dir, &["show", "tuesday-club"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let on_disk =
        std::fs::read_to_string(common::root().join("variants/examples/tuesday-club.kartya")).unwrap_or_default();
    assert_eq!(stdout(&o), on_disk);
    // saved under a name of its own, it is a file to start from: it checks, and a child of it works
    let text = stdout(&o).replace("house-rules tuesday-club ", "house-rules our-club ");
    write(&dir, "our-club.kartya", &text);
    write(&dir, "thursday.kartya", &betli("thursday", "our-club", 12));
    let o = run_in(&dir, &["check", "thursday.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = run_in(&dir, &["show", "alsos-3q"]);
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("did you mean `alsos-3p`?"), "{}", stderr(&o));
    // `fmt` on a bundled name points to `show`, not to `explain` (whose text is not a rules file)
    let o = run_in(&dir, &["fmt", "uhu"]);
    assert!(stderr(&o).contains("kartya show uhu"), "{}", stderr(&o));
}

#[test]
fn explain_says_the_cited_sources_are_not_installed() {
    let o = kartya(&["explain", "alsos-3p"]);
    let out = stdout(&o);
    assert!(
        out.contains("digest alsos.md") && out.contains("not installed with it"),
        "{out}"
    );
    // the bundled files' own comments name no path an installed user lacks
    for b in kartya::bundled::all() {
        assert!(!b.text.contains("../shared"), "{} cites ../shared", b.path);
    }
}

#[test]
fn a_record_of_a_club_file_carries_its_local_parents() {
    let dir = fresh_dir("cli_house_rules", "records");
    write(&dir, "szerda.kartya", &betli("szerda", "alsos-3p", 7));
    write(&dir, "tables/kicsi.kartya", &betli("kicsi", "../szerda.kartya", 8));
    write(&dir, "csutortok.kartya", &betli("csutortok", "tables/kicsi.kartya", 9));
    let o = run_in(
        &dir,
        &["simulate", "csutortok.kartya", "--hands", "2", "--records", "out"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // replayed from elsewhere, where neither parent is beside the record
    let elsewhere = fresh_dir("cli_house_rules", "records-elsewhere");
    let record = dir.join("out/hand-000000.json");
    let o = run_in(&elsewhere, &["replay", &record.to_string_lossy()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(&record).unwrap_or_default();
    assert!(
        text.contains("house-rules szerda") && text.contains("house-rules kicsi"),
        "{text}"
    );
}

/// The model's contract `name` of `kartya explain --json ARGS`, run in `dir`.
fn contract_json(dir: &Path, args: &[&str], name: &str) -> serde_json::Value {
    let o = run_in(dir, &[&["explain", "--json"], args].concat());
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap_or_default();
    v["contracts"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["name"] == name))
        .cloned()
        .unwrap_or_else(|| panic!("no contract {name}: {}", stdout(&o)))
}

/// A club's file with an open betli that pays double when lost, and a `remove` of one of
/// them in a child.
fn club_with_open_betli(dir: &Path) {
    write(
        dir,
        "szerda.kartya",
        "house-rules szerda \"open betli, lost pays double\" extends alsos-3p\n\ncontract betli {\n  lost-value 10\n  open-hands declarer after-trick 1\n}\n",
    );
}

#[test]
fn a_statement_removed_inside_a_block_is_gone_from_the_model() {
    let dir = fresh_dir("cli_house_rules", "remove-statement");
    club_with_open_betli(&dir);
    write(
        &dir,
        "closed.kartya",
        "house-rules closed \"the club's betli, closed\" extends szerda\n\ncontract betli {\n  remove open-hands\n}\n",
    );
    write(
        &dir,
        "single.kartya",
        "house-rules single \"the club's betli, lost pays single\" extends szerda\n\ncontract betli {\n  remove lost-value\n}\n",
    );
    let club = contract_json(&dir, &["szerda.kartya"], "betli");
    assert_eq!(club["declarer_open_after"], 1, "{club}");
    assert_eq!(club["value_lost"], 10, "{club}");
    // each child takes one statement out, and keeps the other
    let closed = contract_json(&dir, &["closed.kartya"], "betli");
    assert!(closed["declarer_open_after"].is_null(), "{closed}");
    assert_eq!(closed["value_lost"], 10, "{closed}");
    let single = contract_json(&dir, &["single.kartya"], "betli");
    assert_eq!(single["declarer_open_after"], 1, "{single}");
    assert!(single["value_lost"].is_null(), "{single}");
    let o = run_in(&dir, &["explain", "closed.kartya"]);
    let out = stdout(&o);
    let betli = &out[out.find("contract betli ").unwrap_or(0)..];
    let betli = &betli[..betli.find("\ncontract ").unwrap_or(betli.len())];
    assert!(
        !betli.contains("open hands") && betli.contains("a lost game is worth 10"),
        "{betli}"
    );
    // a row by its name: the bidding's third round out of alsos-3p, where betli was claimed;
    // no round leads to betli any more, and the model says so
    write(
        &dir,
        "no-round-3.kartya",
        "house-rules no-round-3 \"no third round\" extends alsos-3p\n\nbidding {\n  remove round 3\n}\n",
    );
    let o = run_in(&dir, &["check", "no-round-3.kartya"]);
    assert!(
        stderr(&o).contains("contract `betli` can never be played") && !stderr(&o).contains("removes nothing"),
        "{}",
        stderr(&o)
    );
    // the robber line out of the base's scoring, as the Tompa family keeps a plus-minus paper
    write(
        &dir,
        "plus-minus.kartya",
        "house-rules plus-minus \"a plus-minus paper, no robber\" extends alsos-3p\n\nscoring {\n  paper plus-minus\n  remove robber\n}\n",
    );
    let o = run_in(&dir, &["explain", "--json", "plus-minus.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap_or_default();
    assert!(
        v["scoring"]["robber"].is_null() && v["scoring"]["paper_plus_minus"] == true,
        "{}",
        v["scoring"]
    );
}

#[test]
fn removing_a_statement_the_base_block_lacks_is_an_error_with_did_you_mean() {
    let dir = fresh_dir("cli_house_rules", "remove-statement-typo");
    club_with_open_betli(&dir);
    let text = "house-rules typo \"typo\" extends szerda\n\ncontract betli {\n  remove open-hand\n}\n";
    let (first, err) = first_error(&dir, "typo.kartya", text);
    assert_eq!(first, "typo.kartya:4:3", "{err}");
    assert!(
        err.contains("kartya::unknown-name") && err.contains("did you mean `remove open-hands`?"),
        "{err}"
    );
    // in a variant there is no base to remove from
    let base = std::fs::read_to_string(common::root().join("variants/alsos-3p.kartya")).unwrap_or_default();
    let text = base.replace("variant alsos-3p ", "variant mine ").replace(
        "contract betli \"betli: take no trick\" {\n",
        "contract betli \"betli: take no trick\" {\n  remove melds\n",
    );
    let (_, err) = first_error(&dir, "mine.kartya", &text);
    assert!(err.contains("in a variant removes nothing"), "{err}");
}

#[test]
fn removing_a_statement_the_model_needs_is_blamed_at_the_remove_line() {
    let dir = fresh_dir("cli_house_rules", "remove-statement-needed");
    let text = "house-rules no-value \"no value\" extends alsos-3p\n\ncontract betli {\n  remove value\n}\n";
    let (first, err) = first_error(&dir, "no-value.kartya", text);
    assert_eq!(first, "no-value.kartya:4:3", "{err}");
    assert!(
        err.contains("kartya::missing")
            && err.contains("contract `betli` has no `value`")
            && err.contains("[variants/alsos-3p.kartya:91:")
            && err.contains("drop this `remove`"),
        "{err}"
    );
    // a statement the whole rule set must have, at no line of the base
    let text = "house-rules no-players \"no players\" extends alsos-3p\n\ngame {\n  remove players\n}\n";
    let (first, err) = first_error(&dir, "no-players.kartya", text);
    assert_eq!(first, "no-players.kartya:4:3", "{err}");
}

#[test]
fn a_removal_beside_a_restatement_conflicts() {
    let dir = fresh_dir("cli_house_rules", "remove-statement-side");
    club_with_open_betli(&dir);
    write(
        &dir,
        "closed.kartya",
        "house-rules closed \"closed\" extends szerda\n\ncontract betli {\n  remove open-hands\n}\n",
    );
    write(
        &dir,
        "later.kartya",
        "house-rules later \"open later\" extends szerda\n\ncontract betli {\n  open-hands declarer after-trick 2\n}\n",
    );
    for args in [["closed.kartya", "later.kartya"], ["later.kartya", "closed.kartya"]] {
        let o = run_in(&dir, &[&["check"], &args[..]].concat());
        assert_eq!(code(&o), 1, "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("kartya::remove-conflict")
                && err.contains("closed removes `contract betli: open-hands`, but later sets it"),
            "{args:?}: {err}"
        );
    }
    // a file and what it extends never conflict: the child's `remove` wins
    let o = run_in(&dir, &["check", "szerda.kartya", "closed.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn fmt_keeps_a_remove_inside_a_block() {
    let dir = fresh_dir("cli_house_rules", "remove-statement-fmt");
    club_with_open_betli(&dir);
    write(
        &dir,
        "closed.kartya",
        "house-rules closed \"closed\" extends szerda\n\ncontract betli {\n    remove   open-hands   # played closed\n}\n",
    );
    let o = run_in(&dir, &["fmt", "closed.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("closed.kartya")).unwrap_or_default();
    assert!(text.contains("\n  remove open-hands  # played closed\n"), "{text}");
    let o = run_in(&dir, &["fmt", "--check", "closed.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = run_in(&dir, &["check", "closed.kartya"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}
