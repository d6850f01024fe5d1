//! User words for grammar rules: what a syntax error says was expected, and its help line. A
//! statement's words come from its row of the statement table (`stmt_kind.rs`); the parts of
//! statements (`seating`, a condition, ...) have theirs here.

use super::{Rule, StmtKind, SPECS};
use std::borrow::Cow;

/// What the user should have written, for one grammar rule.
fn phrase(rule: Rule) -> Option<Cow<'static, str>> {
    if let Some(kind) = StmtKind::of(rule) {
        return Some(kind.spec().phrase());
    }
    part_phrase(rule).map(Cow::Borrowed)
}

/// What the user should have written, for a grammar rule that is part of a statement.
fn part_phrase(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "end of file",
        Rule::comment => "a comment",
        Rule::expr | Rule::if_expr | Rule::or_expr | Rule::and_expr | Rule::not_expr | Rule::cmp_expr
        | Rule::add_expr | Rule::mul_expr | Rule::unary_expr => {
            "an expression such as `tricks + 10` or `tricks exactly bid`"
        }
        Rule::reading | Rule::reading_kind => "a reading (`tricks`, `card-points`, `bid`, `all-points`, `hand-size`)",
        Rule::quantifier | Rule::quantifier_kind => "`any(s in seats: ...)`, `all(...)` or `sum(...)`",
        Rule::expr_who => "`me` or a quantifier's seat",
        Rule::expr_side => "`seats` or `others`",
        Rule::cmp_op => "a comparison (`at-least`, `at-most`, `more-than`, `less-than`, `exactly`)",
        Rule::add_op => "`+` or ` - `",
        Rule::mul_op => "`*`",
        Rule::name => "a name",
        Rule::parent_path => "a path to a rules file, ending in `.kartya`",
        Rule::code => "a code such as `A` or `10`",
        Rule::int => "a number",
        Rule::string => "text in double quotes",
        Rule::card => "a card such as `trump.7` or `any.A`",
        Rule::trick => "a trick number, `last` or `last-1`",
        Rule::seat_group => "table seats joined by `+`, such as `0+2`",
        Rule::header => "`variant` or `house-rules`",
        Rule::remove_target => "`figure`, `contract`, `figure-ladder`, `doubling`, `calling` or `exchange`",
        Rule::seating => "`counter-clockwise` or `clockwise`",
        Rule::hand_stage => "a stage (`front-round`, `pickup`, `switch`, `exchange`, `talon-draw`, `name-trumps`, `partner-call`, `back-round`, `tricks`)",
        Rule::accept_shape => "`accept-indicator`",
        Rule::ascending_shape => "`ascending`",
        Rule::first_claim_shape => "`first-claim`",
        Rule::each_bids_shape => "`each-bids CONTRACT MIN MAX`",
        Rule::highest_bids_shape => "`highest-bids CONTRACT MIN MAX`",
        Rule::turns => "`one-turn-each` or `until-pass`",
        Rule::seat => "a seat (`forehand`, `declarer-left`, `declarer-right`, `declarer`, `non-dealer`)",
        Rule::win_shape => "`more-than-each card-points+melds`, `no-tricks`, `most-tricks` or a condition",
        Rule::tricks_pred => "`tricks`",
        Rule::trick_count_cmp => "`at-least`, `exactly` or `at-most`",
        Rule::opponent_no_tricks_pred => "`an-opponent wins no-tricks`",
        Rule::last_tricks_pred => "`wins last-tricks N`",
        Rule::no_trump_in_pred => "`no-trump-in last-tricks N`",
        Rule::marriage_declare => "`announced` or `shown`",
        Rule::meld_kind => "`sequence` or the name of a set or marriage of `melds`",
        Rule::condition | Rule::disjunct | Rule::negated | Rule::primitive => "a condition",
        Rule::points_pred => "`card-points` or `with-melds`",
        Rule::comparison => "`at-least` or `more-than`",
        Rule::captures_pred => "`captures`",
        Rule::wins_trick_pred | Rule::all_tricks_pred | Rule::no_tricks_pred => "`wins`",
        Rule::game_pred => "`game won` or `game lost`",
        Rule::holds_pred => "`holds`",
        Rule::trump_is_pred => "`trump-is`",
        Rule::take_kind => "`top-card`, `top-chain`, `bottom-chain` or `whole-talon`",
        Rule::qualify_kind => "`trumps` or a card such as `any.A`",
        _ => return None,
    })
}

/// A keyword rule's literal, as `` `word` ``.
fn keyword_phrase(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    super::keywords::KEYWORDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, w)| format!("`{w}`"))
}

/// The words pest tried, in grammar order, without repeats. Pest reports the end of a
/// statement as `EOI` (the grammar's `NEWLINE` is built in and never reported): in the middle
/// of the file that is the end of the line, and it comes last.
fn expected_words(positives: &[Rule], at_end_of_file: bool) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for &r in positives.iter().filter(|r| **r != Rule::comment && **r != Rule::EOI) {
        if let Some(p) = phrase(r).map(Cow::into_owned).or_else(|| keyword_phrase(r)) {
            if !seen.contains(&p) {
                seen.push(p);
            }
        }
    }
    if positives.contains(&Rule::EOI) {
        seen.push(
            if at_end_of_file {
                "end of file"
            } else {
                "the end of the line"
            }
            .to_string(),
        );
    }
    seen
}

/// "a, b or c" from pest's positive attempts (at most ten, then "or one of N more").
pub fn expected_list(positives: &[Rule], at_end_of_file: bool) -> String {
    let mut seen = expected_words(positives, at_end_of_file);
    if seen.len() > 10 {
        let more = seen.len() - 8;
        seen.truncate(8);
        return format!("{}, or one of {more} more", seen.join(", "));
    }
    match seen.len() {
        0 => String::new(),
        1 => seen[0].clone(),
        n => format!("{} or {}", seen[..n - 1].join(", "), seen[n - 1]),
    }
}

/// What every rules file starts with.
pub const HEADER_HELP: &str =
    "a rules file starts with `variant NAME \"description\"` or `house-rules NAME \"description\" extends BASE`";

/// The lead words of the grammar's sections, each of which starts a new line at the top level,
/// in the grammar's order.
fn section_words() -> impl Iterator<Item = &'static str> {
    SPECS.iter().filter(|s| s.is_section()).map(|s| s.lead)
}

/// Whether a word starts a section (`contract`, `deck`, ...).
pub fn is_section_keyword(word: &str) -> bool {
    section_words().any(|w| w == word)
}

/// Whether the error is at the place of the file's header.
pub fn expects_header(positives: &[Rule]) -> bool {
    positives.contains(&Rule::variant_line) || positives.contains(&Rule::header)
}

/// Whether the statement could end here (pest tried its trailing comment).
pub fn expects_end_of_statement(positives: &[Rule]) -> bool {
    positives.contains(&Rule::comment)
}

/// Every expected word, untruncated (for a help line that lists what a block holds).
pub fn expected_all(positives: &[Rule]) -> String {
    let seen = expected_words(positives, false);
    match seen.split_last() {
        None => "something else".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Every section keyword, for the help on an unknown word at the top level.
pub fn sections() -> String {
    let words: Vec<String> = section_words().map(|w| format!("`{w}`")).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The nearest section keyword to a misspelt word at the top level.
pub fn closest_section(word: &str) -> Option<String> {
    crate::names::suggest(word, section_words()).map(str::to_string)
}

/// A help line that fits the context of the error.
pub fn help_for(positives: &[Rule]) -> String {
    let has = |r: Rule| positives.contains(&r);
    if expects_header(positives) {
        HEADER_HELP.into()
    } else if has(Rule::game_block) || has(Rule::figure_block) {
        format!("each section starts a new line: {}", sections())
    } else if has(Rule::primitive) || has(Rule::points_pred) {
        "a condition is built from `card-points`, `with-melds`, `captures`, `wins`, `game`, `holds` and `trump-is`, joined by `and`, `or`, `not` and parentheses".into()
    } else {
        "one statement per line; a block's `}` stands on its own line; see docs/language.md".into()
    }
}

/// The expected keyword closest to a misspelt word, if any is close.
pub fn closest_keyword(word: &str, positives: &[Rule]) -> Option<String> {
    if word.is_empty() {
        return None;
    }
    let words: Vec<String> = positives
        .iter()
        .filter_map(|r| phrase(*r).map(Cow::into_owned).or_else(|| keyword_phrase(*r)))
        .filter(|p| p.starts_with('`') && p.ends_with('`') && !p.contains(' '))
        .map(|p| p.trim_matches('`').to_string())
        .collect();
    crate::names::suggest(word, words.iter().map(String::as_str)).map(str::to_string)
}
