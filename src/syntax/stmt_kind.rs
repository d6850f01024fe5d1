//! Takes nothing and gives the statement table: one row per statement rule of the grammar (named
//! as the rule is), declaring `StmtKind`, the closed enum the model builder matches on, and the
//! statement's `StmtSpec` (where it stands, its lead keyword, address key, set-valued words,
//! syntax-error phrase, syntax line and doc section). Resolve, describe and the reference part of
//! docs/language.md read the rows instead of keeping their own string tables. A renamed grammar
//! rule fails to compile here; tests check the rows against grammar/kartya.pest.
//!
//! A new statement is one row here (and its grammar rule, model and builder arm).

use super::spec::{Key, StmtSpec};
use super::Rule;

/// Declares `StmtKind` and `SPECS` from the rows: `rule [blocks] "lead" "syntax" field = value, ...;`
/// where the fields are those of `StmtSpec` left at their defaults by `StmtSpec::new`.
macro_rules! stmt_kinds {
    ($($rule:ident [$($parent:ident),*] $lead:literal $syntax:literal $($field:ident = $value:expr),* ;)+) => {
        /// Which grammar rule recognised a statement.
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
        pub enum StmtKind { $($rule),+ }

        /// Every statement, in the order of the grammar's sections, each section's statements
        /// after it. `SPECS[k as usize]` is the row of kind `k`.
        pub static SPECS: &[StmtSpec] = &[$(
            StmtSpec {
                $($field: $value,)*
                ..StmtSpec::new(StmtKind::$rule, &[$(StmtKind::$parent),*], $lead, $syntax)
            }
        ),+];

        impl StmtKind {
            /// The kind of a statement rule, `None` for rules that are not statements.
            pub fn of(rule: Rule) -> Option<StmtKind> {
                match rule {
                    $(Rule::$rule => Some(StmtKind::$rule),)+
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

impl StmtKind {
    /// The statement's row of the table.
    pub fn spec(self) -> &'static StmtSpec {
        // INVARIANT: `SPECS` lists the kinds in declaration order (the macro writes both).
        &SPECS[self as usize]
    }
}

stmt_kinds! {
    variant_line [] "variant" "variant NAME \"TEXT\"" header = true, phrase = "`variant` or `house-rules`", doc = "the-header";
    house_rules_line [] "house-rules" "house-rules NAME \"TEXT\" [extends BASE]" header = true, phrase = "`variant` or `house-rules`", doc = "the-header";
    source_line [] "source" "source \"TEXT\"" header = true, doc = "source";

    game_block [] "game" "game { ... }" block = true, doc = "game";
    players_stmt [game_block] "players" "players N";
    active_stmt [game_block] "active" "active N";
    seating_stmt [game_block] "seating" "seating (counter-clockwise|clockwise)";
    sits_out_stmt [game_block] "sits-out" "sits-out dealer";
    stages_stmt [game_block] "stages" "stages (front-round|pickup|switch|exchange|talon-draw|name-trumps|partner-call|back-round|tricks) ..." doc = "the-stages-of-a-hand";

    deck_block [] "deck" "deck { ... }" block = true, doc = "deck";
    suit_row [deck_block] "suit" "suit NAME CODE [N]" key = Key::Words(2);
    rank_row [deck_block] "rank" "rank NAME CODE" key = Key::Words(2);
    cards_stmt [deck_block] "cards" "cards (all | CODE : CODE ...)" key = Key::NameBeforeColon;

    orders_block [] "orders" "orders { ... }" block = true, doc = "orders";
    order_row [orders_block] "" "NAME CODE ..." phrase = "an order row such as `trump U 9 A 10 K O 8 7`";

    points_block [] "points" "points { ... }" block = true, doc = "points";
    last_trick_stmt [points_block] "last-trick" "last-trick N";
    points_row [points_block] "" "NAME CODE N ..." phrase = "a points row such as `plain A 11 10 10 K 4`";

    deal_block [] "deal" "deal { ... }" block = true, steps = true, doc = "deal";
    packet_stmt [deal_block] "packet" "packet N each [hidden]";
    indicator_stmt [deal_block] "indicator" "indicator";
    talon_stmt [deal_block] "talon" "talon N [face-up]";

    bidding_block [] "bidding" "bidding { ... }" block = true, doc = "bidding-and-ladder";
    round_row [bidding_block] "round" "round N (accept-indicator|ascending ...|first-claim ...|each-bids ...|highest-bids ...)" key = Key::Words(2);
    all_pass_stmt [bidding_block] "all-pass" "all-pass NAME";
    suit_contract_stmt [bidding_block] "suit-contract" "suit-contract NAME";
    redeal_stmt [bidding_block] "redeal-when-all-pass" "redeal-when-all-pass" key = Key::Fixed("all-pass");
    switch_row [bidding_block] "switch" "switch NAME at-most N" key = Key::Words(2);
    no_auction_stmt [bidding_block] "no-auction" "no-auction NAME ... [declarer forehand]";
    contract_choice_stmt [bidding_block] "contract-choice" "contract-choice (at-least-bid|bid)";
    forced_bid_stmt [bidding_block] "forced-bid" "forced-bid (any|lowest)";

    ladder_line [] "ladder" "ladder NAME NAME ..." key = Key::Words(2), doc = "bidding-and-ladder";

    contract_block [] "contract" "contract NAME [\"TEXT\"] { ... }" block = true, key = Key::Words(2), doc = "contract";
    value_stmt [contract_block, figure_block] "value" "value N [front (N|none)] [back none] [no-trumps N]";
    trumps_stmt [contract_block] "trumps" "trumps (bid | none | fixed NAME | chosen [or-none] | called-suit)";
    trick_order_stmt [contract_block] "trick-order" "trick-order NAME [NAME]";
    count_stmt [contract_block] "count" "count NAME [NAME]";
    first_lead_stmt [contract_block] "first-lead" "first-lead SEAT";
    win_stmt [contract_block] "win" "win (more-than-each (card-points+melds|card-points) | no-tricks | most-tricks | most-card-points | CONDITION)";
    minimum_by_melds_stmt [contract_block] "minimum-by-melds" "minimum-by-melds N N ...";
    point_difference_value_stmt [contract_block] "point-difference-value" "point-difference-value N";
    lost_value_stmt [contract_block] "lost-value" "lost-value N";
    tie_stmt [contract_block] "tie" "tie (declarer-loses|most-pay-fewer|most-pay N ...|nobody)";
    melds_in_stmt [contract_block] "melds" "melds (none | (sequence|NAME) ...)" set_valued = true;
    early_end_stmt [contract_block] "early-end" "early-end when-lost";
    announcements_stmt [contract_block] "announcements" "announcements (none|game-only)";
    exchange_in_stmt [contract_block] "exchange" "exchange NAME";
    duties_stmt [contract_block] "duties" "duties follow [trump-when-void] [overtrump] [head (always|trump-lead)]" doc = "play-duties";
    trump_cards_stmt [contract_block] "trump-cards" "trump-cards CARD ..." doc = "play-duties";
    sides_stmt [contract_block] "sides" "sides (declarer-vs-each | declarer-vs-defence | called-card CARD ... [alone-if-own] | trick-winner TRICK [if-declarer-won-before] | fixed SEATS SEATS)";
    overtricks_stmt [contract_block] "overtricks" "overtricks above N (half | each N)";
    deduct_stmt [contract_block] "deduct" "deduct value unmultiplied when CONDITION";
    talon_draw_stmt [contract_block] "talon-draw" "talon-draw [up-to] N" doc = "the-talon-draw-and-trumps-named-after-it";
    discards_stmt [contract_block] "discards" "discards (face-up|face-down)" doc = "the-talon-draw-and-trumps-named-after-it";
    discard_points_stmt [contract_block] "discard-points" "discard-points (declarer|opponents)";
    claims_stmt [contract_block] "claims" "claims (claim|concede) ..." set_valued = true, doc = "claims";
    conceded_to_stmt [contract_block] "conceded-to" "conceded-to [opponent-with-tricks] (declarer-left|declarer-right)" doc = "claims";
    concession_disputed_stmt [contract_block] "concession-disputed" "concession-disputed (stands|as-played)" doc = "claims";
    concession_confirmed_stmt [contract_block] "concession-confirmed" "concession-confirmed (conceded-to|as-played)" doc = "claims";
    claim_trumps_stmt [contract_block] "claim-trumps" "claim-trumps (if-out|always)" doc = "claims";
    each_scores_stmt [contract_block] "each-scores" "each-scores N per-bid N per-trick-off N";
    own_stmt [contract_block] "own" "own EXPR" doc = "computed-scores-own";
    bid_requires_stmt [contract_block] "requires" "requires same-suit CODE ..." doc = "the-most-pays-holding-requirements-trick-sequences";
    order_if_called_stmt [contract_block] "order-if-called" "order-if-called CODE NAME" doc = "the-most-pays-holding-requirements-trick-sequences";
    open_hands_stmt [contract_block] "open-hands" "open-hands defence|declarer after-trick N" doc = "the-most-pays-holding-requirements-trick-sequences";
    commits_stmt [contract_block] "commits" "commits face-down-card" doc = "a-card-laid-face-down-with-the-bid";
    joint_stmt [contract_block] "joint" "joint both-win A one-wins B both-lose C" doc = "a-contract-two-players-hold-at-once";
    raise_stmt [contract_block] "raise-by" "raise-by (partner in-first-trick to CONTRACT...|none)" doc = "the-partners-raise-in-trick-1";

    announcing_block [] "announcing" "announcing { ... }" block = true, doc = "announcing";
    front_round_stmt [announcing_block] "front-round" "front-round (declarer-first|none)";
    back_round_stmt [announcing_block] "back-round" "back-round (with-first-trick|before-first-lead) [declarer-first]";
    round_end_stmt [announcing_block] "end" "end (two-passes|all-spoke-then-two-passes|with-first-trick)";

    melds_block [] "melds" "melds { ... }" block = true, doc = "melds";
    sequence_order_stmt [melds_block] "sequence-order" "sequence-order NAME";
    sequence_ties_stmt [melds_block] "sequence-ties" "sequence-ties (trump-else-void|suit-rank)";
    sequence_scoring_stmt [melds_block] "sequence-scoring" "sequence-scoring (all-of-winner|one-per-length)";
    sequence_row [melds_block] "sequence" "sequence NAME N N" key = Key::Words(2);
    set_order_stmt [melds_block] "set-order" "set-order NAME NAME NAME" key = Key::Words(2);
    set_row [melds_block] "set" "set NAME N N ranks (all | CODE ...)" key = Key::Words(2);
    marriage_row [melds_block] "marriage" "marriage NAME (trump CODE CODE N | every-suit CODE CODE trump N plain N declare (announced|shown|by-lead) [counts-with-a-trick])" key = Key::Words(2);

    figure_block [] "figure" "figure NAME [\"TEXT\"] { ... }" block = true, key = Key::Words(2), doc = "figure";
    in_stmt [figure_block] "in" "in NAME ..." set_valued = true;
    when_stmt [figure_block] "when" "when [NAME :] CONDITION" key = Key::NameBeforeColon;
    alias_stmt [figure_block] "alias" "alias NAME NAME" key = Key::Words(2);
    fulfil_stmt [figure_block] "fulfil" "fulfil (announcer|side)";
    keep_stmt [figure_block] "keep" "keep CARD until TRICK";
    announce_by_stmt [figure_block] "announce-by" "announce-by (declarer|anyone)";
    announce_turn_stmt [figure_block] "announce-turn" "announce-turn (first|any)";
    effect_stmt [figure_block] "effect" "effect (multiply-game|item)";
    requires_stmt [figure_block] "requires" "requires [declarer] (holds CARD ... | exchanged at-least N)";
    upgrade_stmt [figure_block] "upgrade" "upgrade N when CONDITION";
    unannounced_stmt [figure_block] "unannounced" "unannounced N [unless-announced-by (own-side|any-side)]";
    replaces_game_stmt [figure_block] "replaces-game" "replaces-game";
    settle_stmt [figure_block] "settle" "settle (side|each)";

    figure_ladder_line [] "figure-ladder" "figure-ladder NAME NAME ... [same-round (forbidden|allowed)]" key = Key::Words(2), doc = "figure-ladder";

    doubling_block [] "doubling" "doubling NAME { ... }" block = true, key = Key::Words(2), doc = "doubling";
    levels_stmt [doubling_block] "levels" "levels NAME ...";
    front_stmt [doubling_block] "front" "front N";
    back_stmt [doubling_block] "back" "back N";
    top_stmt [doubling_block] "top" "top NAME";
    factor_stmt [doubling_block] "factor" "factor N";
    not_same_player_stmt [doubling_block] "not-same-player" "not-same-player NAME NAME" key = Key::Words(2);
    shows_talon_stmt [doubling_block] "shows-talon" "shows-talon until trick N";
    on_game_stmt [doubling_block] "on" "on game";
    adds_stmt [doubling_block] "adds" "adds N";

    calling_block [] "calling" "calling NAME { ... }" block = true, key = Key::Words(2), doc = "calling";
    scope_stmt [calling_block] "scope" "scope (off|game|any-figure)";
    allowed_with_stmt [calling_block] "allowed-with" "allowed-with (any | [NAME ...])" set_valued = true;
    game_includes_stmt [calling_block] "game-includes" "game-includes NAME ...";
    called_with_game_stmt [calling_block] "called-with-game" "called-with-game NAME ...";
    figure_calls_stmt [calling_block] "figure-calls" "figure-calls (own-side|any-side)";
    game_given_up_stmt [calling_block] "game-given-up" "game-given-up (ends-hand|plays-on)";
    call_round_stmt [calling_block] "call-round" "call-round (once|reopens)";
    multiplier_stmt [calling_block] "multiplier" "multiplier N";
    call_ladder_stmt [calling_block] "ladder" "ladder NAME";
    call_back_stmt [calling_block] "call-back" "call-back (on|off)";

    exchange_block [] "exchange" "exchange NAME { ... }" block = true, key = Key::Words(2), doc = "exchange";
    from_round_stmt [exchange_block] "from-round" "from-round N";
    exchangers_stmt [exchange_block] "exchangers" "exchangers CODE ...";
    fallback_when_stmt [exchange_block] "fallback-when" "fallback-when (indicator|face-up)";
    take_stmt [exchange_block] "take" "take (none | (top-card|top-chain|bottom-chain|whole-talon) ...)" set_valued = true;
    qualify_stmt [exchange_block] "qualify" "qualify (trumps|CARD) ..." set_valued = true;
    discard_stmt [exchange_block] "discard" "discard (no-trumps|any)";

    scoring_block [] "scoring" "scoring { ... }" block = true, doc = "scoring";
    payments_stmt [scoring_block] "payments" "payments (declarer-vs-each|side-vs-side|pairwise)";
    sitting_out_stmt [scoring_block] "sitting-out" "sitting-out (with-opponents|nothing)";
    paper_stmt [scoring_block] "paper" "paper (positive|plus-minus)";
    robber_stmt [scoring_block] "robber" "robber N bonus N [escalate]";
    unit_stmt [scoring_block] "unit" "unit NAME";
    session_stmt [scoring_block] "session" "session start N each ends (when-one-cannot-pay|by-agreement)";

    remove_line [] "remove" "remove (figure|contract|figure-ladder|doubling|calling|exchange) NAME" doc = "remove";
    remove_stmt [game_block, deck_block, orders_block, points_block, bidding_block, contract_block, announcing_block, melds_block, figure_block, doubling_block, calling_block, exchange_block, scoring_block] "remove" "remove KEYWORD [NAME]" phrase = "`remove`", doc = "remove";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_at_its_kind() {
        for (i, s) in SPECS.iter().enumerate() {
            assert_eq!(s.kind as usize, i, "{:?}", s.kind);
            assert!(std::ptr::eq(s.kind.spec(), s));
        }
    }

    /// Every rule the parser turns into a statement has a kind, under its own name (silent
    /// grammar rules that group a block's statements are never yielded, so they have none).
    #[test]
    fn every_statement_rule_has_a_kind() {
        for rule in Rule::all_rules() {
            let name = format!("{rule:?}");
            let is_group = name.ends_with("_stmt")
                && SPECS
                    .iter()
                    .any(|s| s.block && name == format!("{}_stmt", s.lead.replace('-', "_")));
            let statement_like = ["_line", "_stmt", "_row", "_block"].iter().any(|s| name.ends_with(s));
            if statement_like && !is_group {
                let kind = StmtKind::of(*rule);
                assert!(kind.is_some(), "statement rule {rule:?} has no StmtKind");
                assert_eq!(kind.map(StmtKind::name), Some(name.as_str()));
            }
        }
    }
}
