//! Síbelés tests of `Game`: takes bundled variants (the 3-player main rule, the 2-player rule and
//! every siber-* house rule), talons laid out card by card and scripted exchanges, gives the
//! §21 vectors TV-D9 and TV-D10, who may exchange, what is taken, the discards and the cards that
//! count for nobody, and the actions as text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::bit;
use kartya::engine::Pos;
use kartya::engine::{Action, Game, Phase, Rules};
use kartya::record::notation::{action_text, history_texts, parse_action};
use std::sync::Arc;

/// Dealer seat 2: positions are seats (0 forehand, 1 middlehand, 2 dealer).
const DEALER: u8 = 2;

fn mask(r: &Rules, words: &[&str]) -> u64 {
    cards(r, words).iter().fold(0, |m, c| m | bit(*c))
}

/// A 3-player (or 2-player) hand where forehand accepts the indicator's suit in round 1 and the
/// front round is passed: the hand is then at the exchange, or at the play if there is none.
/// The talon as the dealer deals it, from the talon as it lies (bottom first): each `talon`
/// step is laid as one packet with its first card on top, so its cards are dealt top first.
fn dealt_talon(r: &Rules, laid: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = laid;
    for step in &r.variant.deal {
        if let kartya::model::DealStep::Talon { size, .. } = step {
            let (packet, more) = rest.split_at((*size as usize).min(rest.len()));
            out.extend(packet.iter().rev());
            rest = more;
        }
    }
    out.extend(rest);
    out
}

/// A game accepted in round 1 with these hands, indicator and talon (as it lies, bottom first).
fn accepted(r: &Arc<Rules>, dealer: u8, hands: &[&[&str]], indicator: &str, talon: &[&str]) -> Game {
    let hs: Vec<Vec<u8>> = hands.iter().map(|h| cards(r, h)).collect();
    let refs: Vec<&[u8]> = hs.iter().map(|h| h.as_slice()).collect();
    let talon = dealt_talon(r, &cards(r, talon));
    let order = order_with(r, 5, &refs, Some(cards(r, &[indicator])[0]), &talon);
    let mut g = game_from_order(r, dealer, &order);
    act(&mut g, &[Action::Accept]);
    while g.phase() == Phase::Front {
        act(&mut g, &[Action::Pass]);
    }
    // every position is asked in turn: the ones before the holder pass
    pass_to_exchanger(&mut g);
    g
}

fn hand(g: &Game, pos: u8) -> u64 {
    g.observation(g.seat_of(Pos(pos))).hand
}

/// Nine plain cards (no piros, no ace) for the exchanger besides his trump.
const PLAIN8: [&str; 8] = [
    "zöld.7", "zöld.9", "tök.7", "tök.8", "makk.7", "makk.8", "zöld.10", "tök.9",
];

fn with(first: &'static str) -> Vec<&'static str> {
    std::iter::once(first).chain(PLAIN8).collect()
}

/// Finishes the hand and checks the card points: every card less those that count for nobody.
fn finish_and_count(r: &Rules, g: &mut Game) {
    finish_quietly(g);
    let s = g.result().unwrap();
    let pt = r.tables.table(s.contract.unwrap(), s.trump).unwrap();
    let want = pt.mask_points(r.tables.all) + pt.last_trick - pt.mask_points(g.nobody_cards());
    assert_eq!(s.card_points.iter().sum::<i64>(), want as i64);
    let (all, single) = g.cards_accounted();
    assert!(single && all == r.tables.all, "cards conserved");
}

// TV-D9 three-player exchange: X gives the 7♥, takes K♥ and the top A♣, looks through the talon
// and takes 10♥ and the A of Gourds (not the 8 of Leaves); 12 cards, discards 3, no trump.
#[test]
fn tvd9_three_player_exchange() {
    let r = rules("alsos-3p");
    let x = with("piros.7");
    let talon = ["piros.10", "zöld.8", "tök.A", "makk.A"];
    let mut g = accepted(&r, DEALER, &[&[], &x], "piros.K", &talon);
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.to_act(), 1, "X, the holder of the trump 7");
    assert_eq!(g.legal_actions(), vec![Action::Exchange, Action::Pass]);
    act(&mut g, &[Action::Exchange]);
    let h = hand(&g, 1);
    assert_eq!(h.count_ones(), 12);
    assert_eq!(
        h & mask(&r, &["piros.K", "makk.A", "piros.10", "tök.A"]),
        mask(&r, &["piros.K", "makk.A", "piros.10", "tök.A"])
    );
    assert_eq!(h & mask(&r, &["piros.7", "zöld.8"]), 0);
    let trumps = r.tables.suit_mask[suit(&r, "piros") as usize];
    assert!(
        g.legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Discard(c) if trumps & bit(*c) == 0)),
        "no trump may be discarded"
    );
    let e = g.apply(Action::Discard(card(&r, "piros", "K"))).unwrap_err();
    assert!(e.rule.contains("trumps may not be discarded"), "{e}");
    let e = g.apply(Action::Pass).unwrap_err();
    assert!(e.rule.contains("discard"), "{e}");
    let d = cards(&r, &["makk.A", "zöld.7", "tök.7"]);
    act(&mut g, &[Action::Discard(d[0]), Action::Discard(d[1])]);
    assert_eq!(g.phase(), Phase::Exchange);
    act(&mut g, &[Action::Discard(d[2])]);
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    assert_eq!(hand(&g, 1).count_ones(), 9);
    assert_eq!(
        g.nobody_cards(),
        mask(&r, &["zöld.8", "piros.7", "makk.A", "zöld.7", "tök.7"]),
        "talon rest, the 7 and the discards"
    );
    finish_and_count(&r, &mut g);
}

// TV-D10 two-player exchange chain: 10 of Leaves indicator, U of Leaves on top; the 7 of Leaves
// takes both, then the bottom card A of Acorns, then the 9 of Hearts stops the chain; 14 cards,
// discards 2.
#[test]
fn tvd10_two_player_bottom_chain() {
    let r = rules("alsos-2p");
    let holder: Vec<&str> = [
        "zöld.7", "tök.7", "tök.8", "tök.9", "makk.7", "makk.8", "makk.9", "piros.7", "piros.8", "tök.10", "makk.10",
        "piros.10",
    ]
    .to_vec();
    let talon = ["makk.A", "piros.9", "tök.K", "tök.O", "makk.K", "makk.O", "zöld.U"];
    let mut g = accepted(&r, 1, &[&holder], "zöld.10", &talon);
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.to_act(), 0);
    act(&mut g, &[Action::Exchange]);
    let h = hand(&g, 0);
    assert_eq!(h.count_ones(), 14, "12 - 1 + 3");
    let took = mask(&r, &["zöld.10", "zöld.U", "makk.A"]);
    assert_eq!(h & took, took);
    assert_eq!(
        g.exchange_state().revealed,
        mask(&r, &["piros.9"]),
        "the 9 of Hearts is turned up and stays"
    );
    assert_ne!(
        g.observation(g.seat_of(Pos(1))).talon_face_up & mask(&r, &["piros.9"]),
        0,
        "both players see it"
    );
    act(
        &mut g,
        &[
            Action::Discard(card(&r, "tök", "7")),
            Action::Discard(card(&r, "tök", "8")),
        ],
    );
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    finish_and_count(&r, &mut g);
}

/// The exchanger's take under a rule: what the hand gained (besides the indicator) and the
/// number of discards owed.
fn take(name: &str, exchanger_hand: &[&str], indicator: &str, talon: &[&str]) -> (Game, u64) {
    let r = rules(name);
    let mut g = accepted(&r, DEALER, &[&[], exchanger_hand], indicator, talon);
    assert_eq!(g.phase(), Phase::Exchange, "{name}");
    let before = hand(&g, 1);
    act(&mut g, &[Action::Exchange]);
    let gained = hand(&g, 1) & !before;
    (g, gained)
}

const TALON_MIX: [&str; 4] = ["piros.10", "zöld.8", "tök.A", "makk.A"];

// §18.6 siber-seven-only: the 7 for the indicator alone; with the 7 face up nobody exchanges.
#[test]
fn seven_only() {
    let (mut g, gained) = take("siber-seven-only", &with("piros.7"), "piros.K", &TALON_MIX);
    let r = g.rules();
    assert_eq!(gained, mask(r, &["piros.K"]), "not the face-up ace");
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play, "nothing to discard");
    let r = rules("siber-seven-only");
    let mut g = accepted(&r, DEALER, &[&[], &with("piros.8")], "piros.7", &TALON_MIX);
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play, "no 8 in this rule");
}

// §18.6 siber-seven-or-eight: the 8 when the 7 is the indicator or the face-up top card, for the
// indicator alone; the 7 hidden in the talon lets nobody exchange.
#[test]
fn seven_or_eight() {
    let (mut g, gained) = take("siber-seven-or-eight", &with("piros.8"), "piros.7", &TALON_MIX);
    assert_eq!(gained, mask(g.rules(), &["piros.7"]));
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    let (g, gained) = take(
        "siber-seven-or-eight",
        &with("piros.8"),
        "piros.K",
        &["piros.10", "zöld.8", "tök.A", "piros.7"],
    );
    assert_eq!(
        gained,
        mask(g.rules(), &["piros.K"]),
        "the 7 on top: the 8 exchanges, nothing more is taken"
    );
    let r = rules("siber-seven-or-eight");
    let mut g = accepted(
        &r,
        DEALER,
        &[&[], &with("piros.8")],
        "piros.K",
        &["piros.7", "zöld.8", "tök.A", "makk.A"],
    );
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play, "the 7 is hidden: no exchange");
    // the main rule: the 8 also takes the 7 on top (a trump)
    let (g, gained) = take(
        "alsos-3p",
        &with("piros.8"),
        "piros.K",
        &["zöld.A", "zöld.8", "tök.K", "piros.7"],
    );
    assert_eq!(
        gained,
        mask(g.rules(), &["piros.K", "piros.7", "zöld.A"]),
        "both face-up cards, then the whole talon's aces"
    );
}

// §18.6 siber-up-to-nine: the 9 when the 7 and the 8 both show; the 8 when only the 7 shows.
#[test]
fn up_to_nine() {
    let (g, gained) = take(
        "siber-up-to-nine",
        &with("piros.9"),
        "piros.7",
        &["piros.10", "zöld.8", "tök.A", "piros.8"],
    );
    assert_eq!(gained, mask(g.rules(), &["piros.7"]));
    let r = rules("siber-up-to-nine");
    let g = accepted(
        &r,
        DEALER,
        &[&with("piros.9"), &with_other("piros.8")],
        "piros.7",
        &TALON_MIX,
    );
    assert_eq!(g.phase(), Phase::Exchange);
    assert_eq!(g.to_act(), 1, "the 8's holder, not the 9's");
}

/// Nine cards for a second player, disjoint from `with`.
fn with_other(first: &'static str) -> Vec<&'static str> {
    std::iter::once(first)
        .chain([
            "zöld.K", "zöld.O", "tök.K", "tök.O", "makk.K", "makk.O", "zöld.U", "tök.U",
        ])
        .collect()
}

// §18.6 siber-top-card: the face-up top card if it qualifies, nothing from the hidden talon.
#[test]
fn top_card() {
    let (mut g, gained) = take("siber-top-card", &with("piros.7"), "piros.K", &TALON_MIX);
    let r = rules("siber-top-card");
    assert_eq!(gained, mask(&r, &["piros.K", "makk.A"]));
    assert_eq!(g.phase(), Phase::Exchange, "one to discard");
    act(&mut g, &[Action::Discard(card(&r, "makk", "A"))]);
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    let (mut g, gained) = take(
        "siber-top-card",
        &with("piros.7"),
        "piros.K",
        &["piros.10", "tök.A", "makk.A", "zöld.8"],
    );
    assert_eq!(gained, mask(g.rules(), &["piros.K"]), "the top card does not qualify");
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
}

// §18.6 siber-top-chain: hidden cards from the top while they qualify.
#[test]
fn top_chain() {
    let (g, gained) = take(
        "siber-top-chain",
        &with("piros.7"),
        "piros.K",
        &["zöld.8", "piros.10", "tök.A", "makk.A"],
    );
    let r = g.rules();
    assert_eq!(gained, mask(r, &["piros.K", "makk.A", "tök.A", "piros.10"]));
    assert_eq!(g.exchange_state().revealed, mask(r, &["zöld.8"]));
    let (g, gained) = take("siber-top-chain", &with("piros.7"), "piros.K", &TALON_MIX);
    assert_eq!(
        gained,
        mask(g.rules(), &["piros.K", "makk.A", "tök.A"]),
        "the 8 of Leaves stops the chain before the 10"
    );
}

// §18.6 siber-bottom-chain: hidden cards from the bottom while they qualify.
#[test]
fn bottom_chain() {
    let (g, gained) = take("siber-bottom-chain", &with("piros.7"), "piros.K", &TALON_MIX);
    let r = g.rules();
    assert_eq!(
        gained,
        mask(r, &["piros.K", "makk.A", "piros.10"]),
        "the 8 of Leaves stops the chain before the ace"
    );
    assert_eq!(g.exchange_state().revealed, mask(r, &["zöld.8"]));
}

// §18.6 siber-both-chains (A26, order not stated: top first; each chain stops at the first card
// that does not qualify, so the order does not change what is taken).
#[test]
fn both_chains() {
    let (g, gained) = take("siber-both-chains", &with("piros.7"), "piros.K", &TALON_MIX);
    assert_eq!(gained, mask(g.rules(), &["piros.K", "makk.A", "tök.A", "piros.10"]));
    let (g, gained) = take(
        "siber-both-chains",
        &with("piros.7"),
        "piros.K",
        &["zöld.8", "makk.9", "tök.A", "makk.A"],
    );
    assert_eq!(gained, mask(g.rules(), &["piros.K", "makk.A", "tök.A"]));
}

// §18.6 siber-whole-talon (the main rule, §11.4.4): every qualifying card of the talon.
#[test]
fn whole_talon() {
    for name in ["siber-whole-talon", "alsos-3p"] {
        let (g, gained) = take(
            name,
            &with("piros.7"),
            "piros.K",
            &["piros.10", "zöld.8", "tök.A", "makk.A"],
        );
        assert_eq!(
            gained,
            mask(g.rules(), &["piros.K", "makk.A", "tök.A", "piros.10"]),
            "{name}"
        );
        assert_eq!(
            g.exchange_state().revealed,
            0,
            "{name}: nothing is turned up for the others"
        );
    }
}

// §12.2 discard-trumps-allowed: any card may be discarded.
#[test]
fn discard_trumps_allowed() {
    let (mut g, _) = take("discard-trumps-allowed", &with("piros.7"), "piros.K", &TALON_MIX);
    let r = rules("discard-trumps-allowed");
    let t = cards(&r, &["piros.K", "piros.10", "tök.A"]);
    act(
        &mut g,
        &[Action::Discard(t[0]), Action::Discard(t[1]), Action::Discard(t[2])],
    );
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    assert_ne!(g.nobody_cards() & bit(t[0]), 0);
    finish_and_count(&r, &mut g);
}

// §11.1, §11.3: only when the original suit was accepted in round 1; optional.
#[test]
fn only_from_round_one_and_optional() {
    let r = rules("alsos-3p");
    let hs = [cards(&r, &with_other("makk.7"))];
    let order = order_with(&r, 6, &[&hs[0]], Some(card(&r, "piros", "K")), &cards(&r, &TALON_MIX));
    let mut g = game_from_order(&r, DEALER, &order);
    pass_round_one_then_bid(&r, &mut g, "makk");
    act(&mut g, &[Action::Pass, Action::Pass]);
    while g.phase() == Phase::Front {
        act(&mut g, &[Action::Pass]);
    }
    assert_eq!(g.trump(), Some(suit(&r, "makk")));
    assert_eq!(
        pass_to_exchanger(&mut g),
        Phase::Play,
        "a suit bid in round 2: no exchange"
    );
    // a pass keeps the hand
    let mut g = accepted(&r, DEALER, &[&[], &with("piros.7")], "piros.K", &TALON_MIX);
    let before = hand(&g, 1);
    act(&mut g, &[Action::Pass]);
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    assert_eq!(hand(&g, 1), before);
    assert_eq!(
        g.nobody_cards(),
        r.tables.all & (g.deal().talon_mask() | bit(card(&r, "piros", "K")))
    );
}

// Melds are judged on the hand after the exchange and the discard (§4.4.6).
#[test]
fn melds_after_exchange() {
    let r = rules("alsos-3p");
    let x = [
        "piros.7", "tök.K", "tök.O", "zöld.7", "zöld.9", "makk.7", "makk.9", "tök.8", "zöld.10",
    ];
    let mut g = accepted(
        &r,
        DEALER,
        &[&[], &x],
        "piros.K",
        &["zöld.8", "zöld.A", "piros.O", "tök.A"],
    );
    act(&mut g, &[Action::Exchange]);
    // took piros.K, tök.A (top), zöld.A and piros.O from the talon: tök A K O is a terc now
    act(
        &mut g,
        &[
            Action::Discard(card(&r, "zöld", "7")),
            Action::Discard(card(&r, "makk", "7")),
            Action::Discard(card(&r, "makk", "9")),
        ],
    );
    assert_eq!(pass_to_exchanger(&mut g), Phase::Play);
    play_lowest(&mut g, 1);
    let melds: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Meld(_)))
        .collect();
    let terc = r.variant.melds.sequences.iter().position(|s| s.name == "terc").unwrap() as u8;
    assert_eq!(
        melds,
        vec![Action::Meld(kartya::engine::melds::MeldCall::Sequence(terc))]
    );
}

// The exchange as text in hand records: `exchange`, `discard piros.9`.
#[test]
fn exchange_as_text() {
    let r = rules("alsos-3p");
    let mut g = accepted(&r, DEALER, &[&[], &with("piros.7")], "piros.K", &TALON_MIX);
    assert_eq!(action_text(&g, Action::Exchange), "exchange");
    assert_eq!(parse_action(&g, "exchange").unwrap(), Action::Exchange);
    act(&mut g, &[Action::Exchange]);
    let d = card(&r, "zöld", "9");
    assert_eq!(action_text(&g, Action::Discard(d)), "discard zöld.9");
    assert_eq!(parse_action(&g, "discard zöld.9").unwrap(), Action::Discard(d));
    assert_eq!(
        parse_action(&g, "discard Z.9").unwrap(),
        Action::Discard(d),
        "lenient: suit code"
    );
    act(
        &mut g,
        &[
            Action::Discard(d),
            Action::Discard(card(&r, "zöld", "7")),
            Action::Discard(card(&r, "tök", "7")),
        ],
    );
    finish_quietly(&mut g);
    let texts = history_texts(&g);
    assert!(
        texts.contains(&"exchange".to_string()) && texts.contains(&"discard zöld.9".to_string()),
        "{texts:?}"
    );
}

// Random bots exchange and discard: some hands of the main rule hold discards.
#[test]
fn random_hands_exchange() {
    let r = rules("alsos-3p");
    let mut buf = Vec::new();
    let (mut exchanged, mut discarded) = (0, 0);
    for i in 0..400 {
        let g = kartya::engine::sim::random_hand(&r, 31, i, &mut buf);
        let ex = g.exchange_state();
        exchanged += ex.exchanged as u32;
        discarded += (ex.discarded != 0) as u32;
        assert_eq!(
            ex.discarded.count_ones() + 1,
            ex.taken.count_ones().max(1) * ex.exchanged as u32 + (!ex.exchanged) as u32,
            "discards back to the hand size"
        );
    }
    assert!(
        exchanged > 10 && discarded > 0,
        "exchanged {exchanged}, discarded {discarded}"
    );
}
