//! User words for grammar rules: what a syntax error says was expected, and its help line.

use super::Rule;

/// What the user should have written, for one grammar rule.
fn phrase(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "end of file",
        Rule::comment => "a comment",
        Rule::name => "a name",
        Rule::code => "a code such as `A` or `10`",
        Rule::int => "a number",
        Rule::string => "text in double quotes",
        Rule::card => "a card such as `trump.7` or `any.A`",
        Rule::trick => "a trick number, `last` or `last-1`",
        Rule::seat_group => "table seats joined by `+`, such as `0+2`",
        Rule::header | Rule::variant_line | Rule::house_rules_line => "`variant` or `house-rules`",
        Rule::source_line => "`source`",
        Rule::remove_line => "`remove`",
        Rule::remove_target => "`figure`, `contract`, `figure-ladder`, `doubling`, `calling` or `exchange`",
        Rule::game_block => "`game`",
        Rule::deck_block => "`deck`",
        Rule::orders_block => "`orders`",
        Rule::points_block => "`points`",
        Rule::deal_block => "`deal`",
        Rule::bidding_block => "`bidding`",
        Rule::ladder_line => "`ladder`",
        Rule::contract_block => "`contract`",
        Rule::announcing_block => "`announcing`",
        Rule::melds_block => "`melds`",
        Rule::figure_block => "`figure`",
        Rule::figure_ladder_line => "`figure-ladder`",
        Rule::doubling_block => "`doubling`",
        Rule::calling_block => "`calling`",
        Rule::exchange_block => "`exchange`",
        Rule::scoring_block => "`scoring`",
        Rule::players_stmt => "`players`",
        Rule::active_stmt => "`active`",
        Rule::seating_stmt => "`seating`",
        Rule::seating => "`counter-clockwise` or `clockwise`",
        Rule::sits_out_stmt => "`sits-out`",
        Rule::suit_row => "`suit`",
        Rule::rank_row => "`rank`",
        Rule::cards_stmt => "`cards`",
        Rule::order_row => "an order row such as `trump U 9 A 10 K O 8 7`",
        Rule::last_trick_stmt => "`last-trick`",
        Rule::points_row => "a points row such as `plain A 11 10 10 K 4`",
        Rule::packet_stmt => "`packet`",
        Rule::indicator_stmt => "`indicator`",
        Rule::talon_stmt => "`talon`",
        Rule::pickup_stmt => "`pickup`",
        Rule::pickup_time => "`after-front-round`, `after-bidding` or `after-partner-call`",
        Rule::round_row => "`round`",
        Rule::contract_choice_stmt => "`contract-choice`",
        Rule::accept_shape => "`accept-indicator`",
        Rule::ascending_shape => "`ascending`",
        Rule::first_claim_shape => "`first-claim`",
        Rule::each_bids_shape => "`each-bids CONTRACT MIN MAX`",
        Rule::highest_bids_shape => "`highest-bids CONTRACT MIN MAX`",
        Rule::each_scores_stmt => "`each-scores`",
        Rule::turns => "`one-turn-each` or `until-pass`",
        Rule::all_pass_stmt => "`all-pass`",
        Rule::suit_contract_stmt => "`suit-contract`",
        Rule::redeal_stmt => "`redeal-when-all-pass`",
        Rule::value_stmt => "`value`",
        Rule::trumps_stmt => "`trumps`",
        Rule::trick_order_stmt => "`trick-order`",
        Rule::count_stmt => "`count`",
        Rule::first_lead_stmt => "`first-lead`",
        Rule::seat => "a seat (`forehand`, `declarer-left`, `declarer-right`, `declarer`, `non-dealer`)",
        Rule::win_stmt => "`win`",
        Rule::win_shape => "`more-than-each card-points+melds`, `no-tricks`, `most-tricks` or a condition",
        Rule::sides_stmt => "`sides`",
        Rule::overtricks_stmt => "`overtricks`",
        Rule::deduct_stmt => "`deduct`",
        Rule::upgrade_stmt => "`upgrade`",
        Rule::factor_stmt => "`factor`",
        Rule::shows_talon_stmt => "`shows-talon`",
        Rule::not_same_player_stmt => "`not-same-player`",
        Rule::tricks_pred => "`tricks`",
        Rule::trick_count_cmp => "`at-least`, `exactly` or `at-most`",
        Rule::opponent_no_tricks_pred => "`an-opponent wins no-tricks`",
        Rule::last_tricks_pred => "`wins last-tricks N`",
        Rule::no_trump_in_pred => "`no-trump-in last-tricks N`",
        Rule::tie_stmt => "`tie`",
        Rule::melds_in_stmt => "`melds`",
        Rule::minimum_by_melds_stmt => "`minimum-by-melds`",
        Rule::point_difference_value_stmt => "`point-difference-value`",
        Rule::marriage_declare => "`announced` or `shown`",
        Rule::meld_kind => "`sequence` or the name of a set or marriage of `melds`",
        Rule::early_end_stmt => "`early-end`",
        Rule::announcements_stmt => "`announcements`",
        Rule::exchange_in_stmt => "`exchange`",
        Rule::duties_stmt => "`duties`",
        Rule::trump_cards_stmt => "`trump-cards`",
        Rule::talon_draw_stmt => "`talon-draw`",
        Rule::discards_stmt => "`discards`",
        Rule::claims_stmt => "`claims`",
        Rule::conceded_to_stmt => "`conceded-to`",
        Rule::concession_disputed_stmt => "`concession-disputed`",
        Rule::no_auction_stmt => "`no-auction`",
        Rule::front_round_stmt => "`front-round`",
        Rule::back_round_stmt => "`back-round`",
        Rule::round_end_stmt => "`end`",
        Rule::sequence_row => "`sequence`",
        Rule::sequence_order_stmt => "`sequence-order`",
        Rule::sequence_ties_stmt => "`sequence-ties`",
        Rule::sequence_scoring_stmt => "`sequence-scoring`",
        Rule::set_row => "`set`",
        Rule::set_order_stmt => "`set-order`",
        Rule::marriage_row => "`marriage`",
        Rule::in_stmt => "`in`",
        Rule::when_stmt => "`when`",
        Rule::alias_stmt => "`alias`",
        Rule::fulfil_stmt => "`fulfil`",
        Rule::keep_stmt => "`keep`",
        Rule::announce_by_stmt => "`announce-by`",
        Rule::unannounced_stmt => "`unannounced`",
        Rule::unit_stmt => "`unit`",
        Rule::replaces_game_stmt => "`replaces-game`",
        Rule::condition | Rule::disjunct | Rule::negated | Rule::primitive => "a condition",
        Rule::points_pred => "`card-points` or `with-melds`",
        Rule::comparison => "`at-least` or `more-than`",
        Rule::captures_pred => "`captures`",
        Rule::wins_trick_pred | Rule::all_tricks_pred | Rule::no_tricks_pred => "`wins`",
        Rule::game_pred => "`game won` or `game lost`",
        Rule::holds_pred => "`holds`",
        Rule::trump_is_pred => "`trump-is`",
        Rule::levels_stmt => "`levels`",
        Rule::front_stmt => "`front`",
        Rule::back_stmt => "`back`",
        Rule::top_stmt => "`top`",
        Rule::scope_stmt => "`scope`",
        Rule::allowed_with_stmt => "`allowed-with`",
        Rule::game_includes_stmt => "`game-includes`",
        Rule::figure_calls_stmt => "`figure-calls`",
        Rule::call_round_stmt => "`call-round`",
        Rule::game_given_up_stmt => "`game-given-up`",
        Rule::multiplier_stmt => "`multiplier`",
        Rule::call_ladder_stmt => "`ladder`",
        Rule::call_back_stmt => "`call-back`",
        Rule::from_round_stmt => "`from-round`",
        Rule::exchangers_stmt => "`exchangers`",
        Rule::fallback_when_stmt => "`fallback-when`",
        Rule::made_after_stmt => "`made-after`",
        Rule::take_stmt => "`take`",
        Rule::take_kind => "`top-card`, `top-chain`, `bottom-chain` or `whole-talon`",
        Rule::qualify_stmt => "`qualify`",
        Rule::qualify_kind => "`trumps` or a card such as `any.A`",
        Rule::discard_stmt => "`discard`",
        Rule::payments_stmt => "`payments`",
        Rule::sitting_out_stmt => "`sitting-out`",
        Rule::paper_stmt => "`paper`",
        Rule::robber_stmt => "`robber`",
        Rule::switch_row => "`switch`",
        Rule::effect_stmt => "`effect`",
        Rule::requires_stmt => "`requires`",
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
        if let Some(p) = phrase(r).map(str::to_string).or_else(|| keyword_phrase(r)) {
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

/// The grammar's sections, each of which starts a new line at the top level.
const SECTIONS: &[Rule] = &[
    Rule::game_block,
    Rule::deck_block,
    Rule::orders_block,
    Rule::points_block,
    Rule::deal_block,
    Rule::bidding_block,
    Rule::ladder_line,
    Rule::contract_block,
    Rule::announcing_block,
    Rule::melds_block,
    Rule::figure_block,
    Rule::figure_ladder_line,
    Rule::doubling_block,
    Rule::calling_block,
    Rule::exchange_block,
    Rule::scoring_block,
    Rule::remove_line,
];

/// Whether a word starts a section (`contract`, `deck`, ...).
pub fn is_section_keyword(word: &str) -> bool {
    SECTIONS
        .iter()
        .filter_map(|r| phrase(*r))
        .any(|p| p.trim_matches('`') == word)
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
    let words: Vec<&str> = SECTIONS.iter().filter_map(|r| phrase(*r)).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The nearest section keyword to a misspelt word at the top level.
pub fn closest_section(word: &str) -> Option<String> {
    let words: Vec<&str> = SECTIONS
        .iter()
        .filter_map(|r| phrase(*r))
        .map(|p| p.trim_matches('`'))
        .collect();
    crate::names::suggest(word, words).map(str::to_string)
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
        .filter_map(|r| phrase(*r).map(str::to_string).or_else(|| keyword_phrase(*r)))
        .filter(|p| p.starts_with('`') && p.ends_with('`') && !p.contains(' '))
        .map(|p| p.trim_matches('`').to_string())
        .collect();
    crate::names::suggest(word, words.iter().map(String::as_str)).map(str::to_string)
}
