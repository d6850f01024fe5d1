//! `joint both-win A one-wins B both-lose C` (koenigrufen-family.md §6.3.5, §6.6; G2, G3, G4,
//! G11; K22-K25, K28, K29): takes koenigrufen-graden, gives the join in the auction, its
//! cancellation by a higher bid, the joiner's face-down card played to trick 1 exempt from the
//! duties, each holder judged alone, and the three-outcome settlement. Writes the hand records
//! tests/hands/koenigrufen-graden-g2-*.json, -g4-two-*.json and -g11-*.json when
//! KARTYA_WRITE_JOINT_RECORDS is set (tests/hands.rs pins their sheets); otherwise checks them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;

use engine_util::*;
use kartya::engine::{Action, Game};

/// Bids (by name or `pass`, `join`, `lay CARD`), then every card the lowest legal one in deck order's end.
fn hand(r: &std::sync::Arc<kartya::engine::Rules>, seats: [&[&str]; 4], calls: &[&str]) -> Game {
    let mut g = game_from_order(r, 0, &order_in_packets_of_three(r, seats));
    for c in calls {
        let a = match *c {
            "pass" => Action::Pass,
            "join" => Action::Join,
            c if c.starts_with("lay ") => Action::LayFaceDown(cards(r, &[&c[4..]])[0]),
            c => Action::Bid(bid_index(r, c)),
        };
        g.apply(a).unwrap_or_else(|e| panic!("{c}: {}", e.rule));
    }
    while let Some(m) = g.legal_cards() {
        if m == 0 {
            break;
        }
        g.apply(Action::Play(63 - m.leading_zeros() as u8)).unwrap();
    }
    assert!(g.is_over());
    g
}

const LOW: &[&str] = &["herz.9", "karo.9", "pik.9", "kreuz.9", "herz.10", "karo.10"];
const HIGH: &[&str] = &["herz.A", "herz.K", "karo.A", "karo.K", "pik.A", "pik.K"];
const MID: &[&str] = &["herz.Q", "herz.J", "karo.Q", "karo.J", "pik.Q", "pik.J"];
const ACE_LEAD: &[&str] = &["herz.A", "karo.9", "pik.9", "kreuz.9", "herz.10", "karo.10"];
const HIGH_NINE: &[&str] = &["herz.9", "herz.K", "karo.A", "karo.K", "pik.A", "pik.K"];
const CLUBS: &[&str] = &["kreuz.A", "kreuz.K", "kreuz.Q", "kreuz.J", "kreuz.10", "pik.10"];

fn payments(g: &Game) -> [i64; 4] {
    let p = g.result().unwrap().payments;
    [p[0], p[1], p[2], p[3]]
}

fn scenarios(r: &std::sync::Arc<kartya::engine::Rules>) -> Vec<(&'static str, Game, [i64; 4], &'static str)> {
    let bettler = ["bettler", "lay herz.9", "pass", "pass", "join", "lay kreuz.A"];
    let plauderer = ["plauderer", "lay herz.9", "pass", "pass", "join", "lay kreuz.A"];
    let ace_in_suit = [CLUBS[1..].iter().copied().chain(["herz.A"]).collect::<Vec<_>>()];
    let high_with_club_ace: Vec<&str> = HIGH[1..].iter().copied().chain(["kreuz.A"]).collect();
    vec![
        ("koenigrufen-graden-g2-both-made.json", hand(r, [LOW, HIGH, MID, CLUBS], &bettler), [50, 50, -50, -50],
         "G2 and G3, koenigrufen-family.md §8.3 (§6.6 Bettler 3-7, K29): seat 1 bids Bettler laying the heart 9, seat 0 joins as Mitbettler laying the club A, which need not follow the heart lead and cannot win (G3); neither takes a trick: each Bettler +50, each other player -50"),
        ("koenigrufen-graden-g2-one-failed.json", hand(r, [LOW, &high_with_club_ace, MID, &ace_in_suit[0]], &["bettler", "lay herz.9", "pass", "pass", "join", "lay herz.A"]), [-150, 150, 0, 0],
         "G2 and G3, koenigrufen-family.md §8.3 (§6.6 Bettler 6, K23, K24): the Mitbettler (seat 0) laid the heart A, of the suit led, which wins trick 1: he fails, the Bettler (seat 1) takes no trick; the loser pays the winner 150, the others untouched"),
        ("koenigrufen-graden-g4-two-plauderer-made.json", hand(r, [LOW, HIGH, MID, CLUBS], &plauderer), [100, 100, -100, -100],
         "G4, koenigrufen-family.md §8.3 (§6.6 Plauderer 3, 5): two Plauderers (seats 1 and 0) both lose every trick: each +100, the others -100 each"),
        ("koenigrufen-graden-g4-two-plauderer-one-failed.json", hand(r, [LOW, &high_with_club_ace, MID, &ace_in_suit[0]], &["plauderer", "lay herz.9", "pass", "pass", "join", "lay herz.A"]), [-300, 300, 0, 0],
         "G4, koenigrufen-family.md §8.3 (§6.6 Plauderer 5): the Mitplauderer (seat 0) wins trick 1 with his face-down heart A: the loser pays the winner 300"),
        ("koenigrufen-graden-g2-both-failed.json", hand(r, [ACE_LEAD, HIGH_NINE, MID, CLUBS], &["bettler", "lay herz.A", "pass", "pass", "join", "lay pik.10"]), [-100, -100, 100, 100],
         "G2, koenigrufen-family.md §8.3 (§6.6 Bettler 7): the Bettler (seat 1) leads his face-down heart A and wins trick 1; the Mitbettler (seat 0) must head his club 9 lead with the club 10: both fail, each -100, each other player +100"),
        ("koenigrufen-graden-g4-two-plauderer-both-failed.json", hand(r, [ACE_LEAD, HIGH_NINE, MID, CLUBS], &["plauderer", "lay herz.A", "pass", "pass", "join", "lay pik.10"]), [-200, -200, 200, 200],
         "G4, koenigrufen-family.md §8.3 (§6.6 Plauderer 5): both Plauderers take a trick: each -200, the others +200 each"),
        ("koenigrufen-graden-g11-joint-bids-cancelled.json", hand(r, [LOW, HIGH, MID, CLUBS], &["bettler", "lay herz.9", "join", "lay herz.A", "durchmarsch-am-letzten", "pass", "pass", "pass"]), [40, 40, 40, -120],
         "G11, koenigrufen-family.md §8.3 (§6.3.5, §6.6 Bettler 4): seat 1 bids Bettler with a card face down, seat 2 joins with one, seat 3 bids Durchmarsch am letzten: both Bettler bids are cancelled and their cards go back (seat 1 leads another card); seat 3 then loses trick 1 and pays 40 to each"),
    ]
}

#[test]
fn joint_outcomes_settle_by_the_table() {
    let r = rules("koenigrufen-graden");
    for (file, g, want, _) in scenarios(&r) {
        assert_eq!(payments(&g), want, "{file}");
    }
}

#[test]
fn the_hand_records_are_the_scenarios() {
    let r = rules("koenigrufen-graden");
    for (file, g, _, note) in scenarios(&r) {
        let mut rec = kartya::record::export(&g, kartya::record::RulesRef::Name("koenigrufen-graden".into()), vec![]);
        rec.note = Some(note.to_string());
        // the stored records carry no digest: it would change with any change of the variant's
        // model (tests/records.rs holds the digest)
        rec.rules_digest = None;
        let path = common::root().join("tests/hands").join(file);
        let json = kartya::record::to_json(&rec) + "\n";
        if std::env::var_os("KARTYA_WRITE_JOINT_RECORDS").is_some() {
            std::fs::write(&path, &json).unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), json, "{file}");
    }
}

/// K22 (c): while the joined bid stands neither holder has a turn; a third player cannot join
/// (K22 b); the joiner's card is his only legal card in trick 1 (K29).
#[test]
fn only_one_joins_and_the_holders_have_no_turn() {
    let r = rules("koenigrufen-graden");
    let mut g = game_from_order(&r, 0, &order_in_packets_of_three(&r, [LOW, HIGH, MID, CLUBS]));
    act(
        &mut g,
        &[
            Action::Bid(bid_index(&r, "bettler")),
            Action::LayFaceDown(cards(&r, &["herz.9"])[0]),
            Action::Join,
            Action::LayFaceDown(cards(&r, &["herz.A"])[0]),
        ],
    );
    assert_eq!(g.to_act_seat(), 3);
    assert!(g.apply(Action::Join).is_err(), "a second join");
    assert_eq!(g.observation(kartya::engine::Seat(3)).face_down, (1 << 1) | (1 << 2));
    act(&mut g, &[Action::Pass, Action::Pass]);
    assert_eq!(
        g.observation(kartya::engine::Seat(0)).joint,
        Some(kartya::engine::Seat(2))
    );
    g.apply(Action::Play(cards(&r, &["herz.9"])[0])).unwrap();
    assert_eq!(g.legal_cards(), Some(1u64 << cards(&r, &["herz.A"])[0]));
}

/// `joint` the engine cannot play (not `win no-tricks`, never bid) is `kartya::no-effect`.
#[test]
fn joint_on_a_contract_it_cannot_settle_is_no_effect() {
    for body in [
        "contract königmord {\n  joint both-win 1 one-wins 3 both-lose 2\n}\n",
        "contract schurln {\n  joint both-win 1 one-wins 3 both-lose 2\n}\n",
    ] {
        let text = format!("house-rules t \"a test\" extends koenigrufen-graden\n{body}");
        let mut sources = kartya::source::SourceSet::new();
        let id = sources.add("t.kartya", &text, kartya::source::Origin::User);
        let loaded = kartya::load::load(&mut sources, id, &[]);
        let out = common::render(&loaded.diags, &sources);
        assert!(out.contains("kartya::no-effect") && out.contains("`joint`"), "{out}");
    }
}

/// Random hands: a joined hand plays each holder's face-down card as his first card, nets by
/// the table (each holder judged by his own tricks), and is zero-sum.
#[test]
fn random_joined_hands_settle_by_the_table() {
    use kartya::engine::sim::random_step;
    let r = rules("koenigrufen-graden");
    let mut joined = 0;
    for seed in 0..3000u64 {
        let mut g = Game::new(r.clone(), kartya::engine::Seat((seed % 4) as u8), seed);
        let mut rng = kartya::engine::rng::hand_rng(seed, 11);
        let mut buf = Vec::new();
        while !g.is_over() {
            assert!(random_step(&mut g, &mut rng, &mut buf), "{seed}");
        }
        let s = g.result().unwrap().clone();
        assert_eq!(s.payments.iter().sum::<i64>(), 0, "{seed}: zero-sum");
        let Some(kartya::engine::Seat(co)) = g.observation(kartya::engine::Seat(0)).joint else {
            continue;
        };
        joined += 1;
        let d = s.declarer.unwrap();
        let j = r.variant.contracts[s.contract.unwrap()].joint.unwrap();
        for holder in [d, co] {
            let laid = g.history().iter().rev().find_map(|(by, a)| match a {
                Action::LayFaceDown(c) if *by == holder => Some(*c),
                _ => None,
            });
            let first = g.history().iter().find_map(|(by, a)| match a {
                Action::Play(c) if *by == holder => Some(*c),
                _ => None,
            });
            assert_eq!(first, laid, "{seed}: seat {holder} plays his face-down card first");
        }
        let made = [d, co].map(|h| s.tricks[h as usize] == 0);
        let want = match made {
            [true, true] => [j.both_win, j.both_win],
            [false, false] => [-j.both_lose, -j.both_lose],
            [a, _] if a => [j.one_wins, -j.one_wins],
            _ => [-j.one_wins, j.one_wins],
        };
        assert_eq!([s.payments[d as usize], s.payments[co as usize]], want, "{seed}");
        assert_eq!(
            g.history().iter().filter(|(_, a)| matches!(a, Action::Play(_))).count(),
            24,
            "{seed}: K28 plays on"
        );
    }
    assert!(joined > 0);
}
