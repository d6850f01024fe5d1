//! Takes the grammar's statement rules and gives `StmtKind`, one variant per rule (named as the
//! rule is), so that the model builder matches on a closed enum instead of rule-name strings.
//! A renamed grammar rule fails to compile here; a test checks every statement rule is listed.

#[cfg(test)]
use super::Rule;

/// Declares `StmtKind` from the statement rules' names, with its mapping from pest's `Rule`.
macro_rules! stmt_kinds {
    ($($rule:ident),+ $(,)?) => {
        /// Which grammar rule recognised a statement.
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum StmtKind { $($rule),+ }

        impl StmtKind {
            /// The kind of a statement rule, `None` for rules that are not statements.
            #[cfg(test)]
            pub(super) fn of(rule: Rule) -> Option<StmtKind> {
                match rule {
                    $(Rule::$rule => Some(StmtKind::$rule),)+
                    _ => None,
                }
            }

            /// The kind named by a rule name (`players_stmt`).
            pub fn from_name(name: &str) -> Option<StmtKind> {
                match name {
                    $(stringify!($rule) => Some(StmtKind::$rule),)+
                    _ => None,
                }
            }

            /// The grammar rule's name.
            pub fn name(self) -> &'static str {
                match self {
                    $(StmtKind::$rule => stringify!($rule)),+
                }
            }
        }
    };
}

stmt_kinds! {
    active_stmt,
    alias_stmt,
    all_pass_stmt,
    allowed_with_stmt,
    announce_by_stmt,
    announcements_stmt,
    announcing_block,
    back_round_stmt,
    back_stmt,
    bidding_block,
    call_back_stmt,
    call_ladder_stmt,
    call_round_stmt,
    calling_block,
    cards_stmt,
    claims_stmt,
    conceded_to_stmt,
    concession_disputed_stmt,
    contract_block,
    contract_choice_stmt,
    count_stmt,
    deal_block,
    deck_block,
    deduct_stmt,
    discard_stmt,
    discards_stmt,
    doubling_block,
    duties_stmt,
    each_scores_stmt,
    early_end_stmt,
    effect_stmt,
    exchange_block,
    exchange_in_stmt,
    exchangers_stmt,
    factor_stmt,
    fallback_when_stmt,
    figure_block,
    figure_calls_stmt,
    figure_ladder_line,
    first_lead_stmt,
    from_round_stmt,
    front_round_stmt,
    front_stmt,
    fulfil_stmt,
    game_block,
    game_given_up_stmt,
    game_includes_stmt,
    house_rules_line,
    in_stmt,
    indicator_stmt,
    keep_stmt,
    ladder_line,
    last_trick_stmt,
    levels_stmt,
    made_after_stmt,
    marriage_row,
    melds_block,
    melds_in_stmt,
    minimum_by_melds_stmt,
    point_difference_value_stmt,
    multiplier_stmt,
    no_auction_stmt,
    not_same_player_stmt,
    order_row,
    orders_block,
    overtricks_stmt,
    packet_stmt,
    paper_stmt,
    payments_stmt,
    pickup_stmt,
    players_stmt,
    points_block,
    points_row,
    qualify_stmt,
    rank_row,
    redeal_stmt,
    remove_line,
    requires_stmt,
    robber_stmt,
    round_end_stmt,
    round_row,
    scope_stmt,
    scoring_block,
    seating_stmt,
    sequence_order_stmt,
    sequence_row,
    sequence_scoring_stmt,
    sequence_ties_stmt,
    set_order_stmt,
    set_row,
    shows_talon_stmt,
    sides_stmt,
    sits_out_stmt,
    sitting_out_stmt,
    source_line,
    suit_contract_stmt,
    suit_row,
    switch_row,
    take_stmt,
    talon_draw_stmt,
    talon_stmt,
    tie_stmt,
    top_stmt,
    trick_order_stmt,
    trump_cards_stmt,
    trumps_stmt,
    upgrade_stmt,
    unit_stmt,
    unannounced_stmt,
    replaces_game_stmt,
    value_stmt,
    variant_line,
    when_stmt,
    win_stmt,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Silent grammar rules (`x = _{ a | b }`) that group a block's statements: pest never
    /// yields them, so they are not kinds.
    const GROUPS: &[&str] = &[
        "announcing_stmt",
        "bidding_stmt",
        "calling_stmt",
        "contract_stmt",
        "deal_stmt",
        "deck_stmt",
        "doubling_stmt",
        "exchange_stmt",
        "figure_stmt",
        "game_stmt",
        "melds_stmt",
        "points_stmt",
        "scoring_stmt",
    ];

    /// Every rule the parser turns into a statement has a kind, under its own name.
    #[test]
    fn every_statement_rule_has_a_kind() {
        for rule in Rule::all_rules() {
            let name = format!("{rule:?}");
            if super::super::is_statement(*rule) && !GROUPS.contains(&name.as_str()) {
                let kind = StmtKind::of(*rule);
                assert!(kind.is_some(), "statement rule {rule:?} has no StmtKind");
                assert_eq!(kind.map(StmtKind::name), Some(format!("{rule:?}").as_str()));
                assert_eq!(kind.and_then(|k| StmtKind::from_name(k.name())), kind);
            }
        }
    }
}
