//! Claims and concessions (`claims` in a contract, src/engine/play/claims.rs): takes the fixtures
//! tests/fixtures/plays/claims-level-auction.kartya (11 tricks, a level auction) and
//! claims-alsos.kartya (card points), gives the test vectors TV-K1 and TV-K2 of
//! ../shared/rules/asszorti.md §11.7, the readings of A11, the refused actions naming their rule,
//! the open hand, and random hands that keep cards, tricks and payments whole.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;
use engine_util::*;
use kartya::engine::claims::{ClaimKind, ClaimOutcome};
use kartya::engine::Seat;
use kartya::engine::{Action, Game, Phase, Rules};
use std::sync::Arc;

/// Seat 2 deals; seat 0 bids and declares.
const DEALER: u8 = 2;
/// The ladder entries (három, kettő, egy, kézből).
const THREE: u8 = 0;
const TWO: u8 = 1;

fn fixture(name: &str) -> Arc<Rules> {
    common::fixture_rules(name)
}

/// A hand of the level-auction fixture in play: seat 0 declares contract `level`.
fn in_play(r: &Arc<Rules>, seed: u64, level: u8) -> Game {
    let mut g = game_from_order(r, DEALER, &deck_with(r, seed, &[]));
    act(
        &mut g,
        &[Action::Bid(THREE), Action::Pass, Action::Pass, Action::Choose(level)],
    );
    assert_eq!(g.phase(), Phase::Play);
    g
}

/// Plays one card by a small deterministic stream over the legal cards (never a claim).
fn play_one(g: &mut Game, state: &mut u64) {
    let cards: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Play(_)))
        .collect();
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    act(g, &[cards[(*state >> 33) as usize % cards.len()]]);
}

/// Tricks won per table seat.
fn tricks(g: &Game) -> [u8; 3] {
    let p = g.play_state();
    let mut out = [0; 3];
    for (seat, t) in out.iter_mut().enumerate() {
        *t = p.tricks_won[g.pos_of(Seat(seat as u8)).unwrap().index()];
    }
    out
}

/// Plays cards until `tricks` are complete and it is the declarer's turn.
fn to_declarer_turn_after(g: &mut Game, done: u8, state: &mut u64) -> bool {
    let d = g.declarer().unwrap();
    while !(g.play_state().tricks_played >= done && g.to_act_seat() == d) {
        if g.is_over() || g.play_state().tricks_played > done {
            return false;
        }
        play_one(g, state);
    }
    g.play_state().tricks_played == done
}

/// Cards are all accounted for and the payments sum to zero.
fn whole(g: &Game) {
    let (seen, once) = g.cards_accounted();
    assert!(once, "no card counted twice");
    let all: u64 = (0..g.rules().tables.n_cards).fold(0, |m, c| m | 1u64 << c);
    assert_eq!(seen, all, "every card is somewhere");
    let s = g.result().unwrap();
    assert_eq!(s.payments.iter().sum::<i64>(), 0);
    assert_eq!(g.play_state().tricks_won.iter().map(|t| *t as u32).sum::<u32>(), 11);
}

/// TV-K1: the declarer has 6 tricks, the defenders 2 (one 2, the other 0); he concedes the last
/// 3; they go to the defender who already has tricks: the split is 6:5:0.
fn tv_k1() -> Game {
    let r = fixture("claims-level-auction");
    for seed in 0..4000u64 {
        let mut g = in_play(&r, seed, THREE);
        let mut state = seed;
        if !to_declarer_turn_after(&mut g, 8, &mut state) {
            continue;
        }
        let t = tricks(&g);
        if !(t[0] == 6 && ((t[1] == 2 && t[2] == 0) || (t[1] == 0 && t[2] == 2))) {
            continue;
        }
        act(&mut g, &[Action::ConcedeRest, Action::AcceptClaim, Action::AcceptClaim]);
        return g;
    }
    panic!("no hand with 6:2:0 after 8 tricks")
}

#[test]
fn tv_k1_a_concession_goes_to_the_defender_with_tricks_six_five_nothing() {
    let g = tv_k1();
    assert!(g.is_over());
    let t = tricks(&g);
    assert_eq!(t[0], 6);
    assert!(t[1..] == [5, 0] || t[1..] == [0, 5], "6:5:0, got {t:?}");
    let note = g.result().unwrap().claim.unwrap();
    assert_eq!(
        (note.kind, note.outcome, note.after_tricks),
        (ClaimKind::Concede, ClaimOutcome::Accepted, 8)
    );
    assert!(kartya::record::sheet::sheet(&g).contains("concession by seat 0 after 8 tricks: accepted"));
    whole(&g);
}

/// TV-K2: the declarer claims, a defender disputes, play goes on with his hand open, and he
/// loses a trick: every trick played since the claim goes to the defenders.
fn tv_k2() -> Game {
    let r = fixture("claims-level-auction");
    for seed in 0..4000u64 {
        let mut g = in_play(&r, seed, THREE);
        let mut state = seed;
        if !to_declarer_turn_after(&mut g, 4, &mut state) {
            continue;
        }
        let before = tricks(&g);
        if before[1] + before[2] == 0 {
            continue; // the defender who takes the tricks is then the left neighbour: seen by A11 (b) below
        }
        act(&mut g, &[Action::ClaimRest]);
        let open = g.observation(Seat(1)).open_hand;
        assert_ne!(open, 0, "the declarer's hand is open to every seat");
        assert_eq!(open, g.observation(Seat(2)).open_hand);
        act(&mut g, &[Action::DisputeClaim]);
        assert_eq!(g.phase(), Phase::Play);
        let mut won_since = false;
        while !g.is_over() {
            let d = g.pos_of(Seat(0)).unwrap().0;
            let n = g.play_state().tricks_played;
            play_one(&mut g, &mut state);
            if g.play_state().tricks_played > n && !g.is_over() {
                won_since |= g.play_state().trick_winner[n as usize] == d;
            }
        }
        if g.result().unwrap().claim.unwrap().outcome != ClaimOutcome::Settled || !won_since {
            continue; // the declarer made his claim good, or lost the first trick after it
        }
        return g;
    }
    panic!("no failed claim after the declarer won a trick since it")
}

#[test]
fn tv_k2_a_failed_claim_gives_every_trick_since_it_to_the_defenders() {
    let g = tv_k2();
    let note = g.result().unwrap().claim.unwrap();
    assert_eq!(
        (note.kind, note.outcome, note.after_tricks),
        (ClaimKind::Claim, ClaimOutcome::Settled, 4)
    );
    let t = tricks(&g);
    // the declarer keeps only the tricks he had before the claim, though he won one after it
    let d = g.pos_of(Seat(0)).unwrap().0;
    let p = g.play_state();
    let before: u8 = (0..4).filter(|k| p.trick_winner[*k] == d).count() as u8;
    assert_eq!(t[0], before);
    for k in 4..11 {
        assert_eq!(
            p.trick_winner[k],
            g.pos_of(Seat(note.to.unwrap())).unwrap().0,
            "trick {k} to one defender"
        );
    }
    assert!(kartya::record::sheet::sheet(&g).contains("claim by seat 0 after 4 tricks: disputed, went against it"));
    whole(&g);
}

/// An accepted claim ends the hand: every remaining trick to the declarer, with its cards.
#[test]
fn an_accepted_claim_gives_the_declarer_every_remaining_trick() {
    let r = fixture("claims-level-auction");
    let mut g = in_play(&r, 3, THREE);
    let mut state = 3;
    assert!(to_declarer_turn_after(&mut g, 5, &mut state));
    let before = tricks(&g)[0];
    act(&mut g, &[Action::ClaimRest, Action::AcceptClaim]);
    assert_eq!(g.phase(), Phase::Claim, "the second defender has not answered");
    act(&mut g, &[Action::AcceptClaim]);
    assert!(g.is_over());
    assert_eq!(tricks(&g)[0], before + 6);
    whole(&g);
}

/// A11 (b): with no defender holding a trick, `conceded-to ... declarer-left` (the default of
/// `három`) and `declarer-right` (`kettő`) name the neighbour; clockwise, the left one plays
/// after the declarer (seat 1) and the right one before him (seat 2).
#[test]
fn a11_b_the_neighbour_named_takes_a_concession_when_no_defender_has_a_trick() {
    let r = fixture("claims-level-auction");
    for (level, to) in [(THREE, 1u8), (TWO, 2u8)] {
        let mut g = in_play(&r, 1, level);
        let mut state = 1;
        assert!(to_declarer_turn_after(&mut g, 0, &mut state));
        act(&mut g, &[Action::ConcedeRest, Action::AcceptClaim, Action::AcceptClaim]);
        let t = tricks(&g);
        assert_eq!(t[to as usize], 11, "level {level}: {t:?}");
        whole(&g);
    }
}

/// A11 (a): a disputed concession after which the declarer wins a trick stands under the
/// default (every trick since it to a defender), and counts as played under `as-played`.
#[test]
fn a11_a_a_disputed_concession_stands_or_counts_as_played() {
    let r = fixture("claims-level-auction");
    for (level, settled) in [(THREE, true), (TWO, false)] {
        let mut found = false;
        for seed in 0..400u64 {
            let mut g = in_play(&r, seed, level);
            let mut state = seed;
            if !to_declarer_turn_after(&mut g, 2, &mut state) {
                continue;
            }
            act(&mut g, &[Action::ConcedeRest, Action::DisputeClaim]);
            let d = g.pos_of(Seat(0)).unwrap().0;
            let mut declarer_won = false;
            while !g.is_over() {
                let n = g.play_state().tricks_played;
                play_one(&mut g, &mut state);
                if g.play_state().tricks_played == n + 1 && !g.is_over() || g.is_over() && !declarer_won {
                    declarer_won |= g.play_state().trick_winner.get(n as usize) == Some(&d);
                }
            }
            let note = g.result().unwrap().claim.unwrap();
            let after: u8 = (2..11).filter(|k| g.play_state().trick_winner[*k] == d).count() as u8;
            if settled {
                assert_eq!(after, 0, "the concession stands");
                if note.outcome != ClaimOutcome::Settled {
                    continue;
                }
            } else {
                assert_ne!(note.outcome, ClaimOutcome::Settled);
                if after == 0 {
                    continue;
                }
            }
            whole(&g);
            found = true;
            break;
        }
        assert!(
            found,
            "level {level}: no disputed concession where the declarer won a trick"
        );
    }
}

/// Refused actions name the rule: a defender claiming, a claim twice, an answer to nothing, a
/// card while a claim waits, a concession where only claims are allowed.
#[test]
fn claims_out_of_turn_twice_or_unasked_are_refused_with_the_rule() {
    let r = fixture("claims-level-auction");
    let mut g = in_play(&r, 3, THREE);
    let mut state = 3;
    assert!(to_declarer_turn_after(&mut g, 1, &mut state));
    let rule = |g: &mut Game, a: Action| g.apply(a).unwrap_err().rule;
    assert!(rule(&mut g, Action::AcceptClaim).contains("nothing has been claimed"));
    // a defender's turn
    let c = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Play(_)))
        .unwrap();
    act(&mut g, &[c]);
    assert_ne!(g.to_act_seat(), 0);
    assert!(!g.legal_actions().contains(&Action::ClaimRest));
    assert!(rule(&mut g, Action::ClaimRest).contains("only the declarer"));
    assert!(to_declarer_turn_after(&mut g, 2, &mut state) || g.play_state().tricks_played > 2 || !g.is_over());
    while g.to_act_seat() != 0 {
        play_one(&mut g, &mut state);
    }
    assert!(g.legal_actions().contains(&Action::ClaimRest));
    act(&mut g, &[Action::ClaimRest]);
    let any_card = g.observation(g.to_act_seat()).hand.trailing_zeros() as u8;
    assert!(rule(&mut g, Action::Play(any_card)).contains("waits for the opponents"));
    act(&mut g, &[Action::DisputeClaim]);
    while g.to_act_seat() != 0 && !g.is_over() {
        play_one(&mut g, &mut state);
    }
    if !g.is_over() {
        assert!(rule(&mut g, Action::ClaimRest).contains("once a hand"));
    }
    // `egy` allows no concession
    let mut g = in_play(&r, 3, 2);
    let mut state = 3;
    assert!(to_declarer_turn_after(&mut g, 1, &mut state));
    assert!(rule(&mut g, Action::ConcedeRest).contains("allows no concession"));
}

/// A contract without claims refuses them: the Alsós bases are unchanged.
#[test]
fn a_contract_without_claims_refuses_them() {
    let r = rules("alsos-3p");
    let mut g = game_from_order(&r, DEALER, &deck_with(&r, 3, &[]));
    random_finish(&mut g, 1);
    let mut g2 = game_from_order(&r, DEALER, &deck_with(&r, 3, &[]));
    assert!(g2.apply(Action::ClaimRest).unwrap_err().rule.contains("no claims"));
    assert!(g.result().unwrap().claim.is_none());
}

/// Random hands of both fixtures: claims, concessions, disputes and failures all happen, and
/// every hand keeps its cards, its 11 (or 10) tricks and zero-sum payments; the cards a claim
/// gives away are captured, so card points add up to the deck's total.
#[test]
fn random_hands_with_claims_stay_whole() {
    for name in ["claims-level-auction", "claims-alsos"] {
        let r = fixture(name);
        let mut buf = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..3000 {
            let g = kartya::engine::sim::random_hand(&r, 7, i, &mut buf);
            let s = g.result().unwrap();
            if s.redeal {
                continue;
            }
            let (_, once) = g.cards_accounted();
            assert!(once, "{name} hand {i}");
            assert_eq!(s.payments.iter().sum::<i64>(), 0, "{name} hand {i}");
            if let Some(c) = s.claim {
                seen.insert(format!("{:?} {:?}", c.kind, c.outcome));
                let p = g.play_state();
                assert_eq!(p.tricks_played, p.total_tricks, "{name} hand {i}: every trick is given");
                let captured = p.captured.iter().fold(0u64, |m, c| m | c);
                assert_eq!(captured.count_ones(), p.total_tricks as u32 * 3, "{name} hand {i}");
            }
            // a record of the hand replays to the same sheet
            if i % 97 == 0 && s.claim.is_some() {
                let again = replay_history(&g);
                assert_eq!(again.result(), g.result(), "{name} hand {i}");
            }
        }
        for want in ["Claim Accepted", "Claim Settled", "Concede Accepted"] {
            assert!(seen.contains(want), "{name}: never saw {want}: {seen:?}");
        }
    }
}

fn replay_history(g: &Game) -> Game {
    let mut again = Game::from_deal(g.rules_arc(), g.dealer(), g.deal().clone());
    for (_, a) in g.history() {
        again.apply(*a).unwrap();
    }
    again
}

/// Writes tests/hands/tv-k1-*.json and tv-k2-*.json from the scenarios above when
/// KARTYA_WRITE_CLAIM_RECORDS is set (tests/hands.rs then pins their sheets); otherwise checks
/// that the records written replay to the scenarios' sheets.
#[test]
fn the_hand_records_of_tv_k1_and_tv_k2_are_the_scenarios() {
    let text =
        std::fs::read_to_string(common::root().join("tests/fixtures/plays/claims-level-auction.kartya")).unwrap();
    for (file, g, note) in [
        ("tv-k1-concession-to-the-defender-with-tricks.json", tv_k1(), "TV-K1 (asszorti.md §11.7): the declarer has 6 tricks, the defenders 2 and 0; he concedes the last 3, which go to the defender who has tricks: 6:5:0"),
        ("tv-k2-failed-claim-gives-every-trick-since.json", tv_k2(), "TV-K2 (asszorti.md §11.7): a claim after 4 tricks is disputed; the declarer wins a trick, then loses one: every trick since the claim goes to one defender"),
    ] {
        let mut rec = kartya::record::export(&g, kartya::record::RulesRef::Inline { text: text.clone() }, vec![]);
        rec.note = Some(note.to_string());
        // the stored records carry no digest: it would change with any change of the fixture's
        // model (tests/records.rs holds the digest)
        rec.rules_digest = None;
        let path = common::root().join("tests/hands").join(file);
        let json = kartya::record::to_json(&rec) + "\n";
        if std::env::var_os("KARTYA_WRITE_CLAIM_RECORDS").is_some() {
            std::fs::write(&path, &json).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), json, "{file}");
    }
}
