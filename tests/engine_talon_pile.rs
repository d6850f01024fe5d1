//! The talon a kontra turns face up (`shows-talon`), as every seat's observation holds it: takes
//! a recorded asszorti hand and random ones, gives the pile in the order it lies (the talon cards
//! the declarer never took at the bottom, his discards on top in the order laid, marked) to every
//! seat alike, in the observation's JSON too, and nothing of it before the kontra (issue 27 item
//! 4; [002] via digest asszorti.md §8.3 item 2).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::{Action, Game, Phase, PileCard, Seat};
use kartya::record::{self, notation};
use kartya::source::{Origin, SourceSet};
use rand::RngCore;
use std::sync::Arc;

const RECORD: &str = "tests/fixtures/records/asszorti-ketto-kontra-talon.json";

/// The recorded hand replayed from its deal, up to (not including) action `upto`.
fn recorded(upto: usize) -> (Game, Vec<String>) {
    let text = std::fs::read_to_string(common::root().join(RECORD)).expect("fixture");
    let mut sources = SourceSet::new();
    let id = sources.add(RECORD, text, Origin::User);
    let full = record::replay(&mut sources, id).game.expect("the record replays");
    let texts = full.history_texts();
    let mut g = Game::from_deal(full.rules_arc(), full.dealer(), full.deal().clone());
    for (_, a) in full.history().iter().take(upto) {
        g.apply(*a).unwrap();
    }
    (g, texts)
}

#[test]
fn the_recorded_kontra_shows_the_untaken_card_under_the_discards_in_their_order() {
    let (_, texts) = recorded(0);
    let kontra = texts.iter().position(|t| t.starts_with("kontra")).unwrap();
    let discards: Vec<&String> = texts.iter().filter(|t| t.starts_with("discard ")).collect();
    assert_eq!(discards.len(), 2, "the record's contract takes and discards two cards");
    let (before, _) = recorded(kontra);
    let (g, _) = recorded(kontra + 1);
    let v = &g.rules().variant;
    let dealt = g.deal().talon_cards().to_vec();
    assert_eq!(dealt.len(), 3);
    // bottom first: the dealt talon's bottom card (the two above it were taken), then the
    // discards as the record lays them
    let mut expected = vec![PileCard {
        card: dealt[0],
        discard: false,
    }];
    for d in &discards {
        let card = notation::parse_card(v, d.trim_start_matches("discard ")).unwrap().0;
        expected.push(PileCard { card, discard: true });
    }
    for s in 0..3 {
        let o = g.observation(Seat(s));
        assert_eq!(o.talon_pile, expected, "seat {s} sees the pile as it lies");
        assert!(
            before.observation(Seat(s)).talon_pile.is_empty(),
            "seat {s}: nothing before the kontra"
        );
        let json = serde_json::to_value(&o).unwrap();
        let listed: Vec<(u64, bool)> = json["talon_pile"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["card"].as_u64().unwrap(), p["discard"].as_bool().unwrap()))
            .collect();
        let want: Vec<(u64, bool)> = expected.iter().map(|p| (u64::from(p.card), p.discard)).collect();
        assert_eq!(listed, want, "the observation's JSON keeps the order and the marks");
    }
}

#[test]
fn every_seat_sees_the_talon_as_it_lies_while_it_is_shown_and_not_otherwise() {
    let r = common::rules(&["asszorti"]);
    let (mut shown, mut mixed) = (0u32, 0u32);
    for i in 0..400u64 {
        let mut rng = hand_rng(41, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(&r), Seat((i % 3) as u8), deal);
        while !g.is_over() {
            let now = g.talon_now();
            let pile: Vec<PileCard> = now
                .cards()
                .iter()
                .map(|&card| PileCard {
                    card,
                    discard: now.discards & 1u64 << card != 0,
                })
                .collect();
            let all_up = g.observation(Seat(0)).talon_face_up & pile.iter().fold(0, |m, p| m | 1u64 << p.card);
            for s in 0..3 {
                let o = g.observation(Seat(s));
                if o.talon_pile.is_empty() {
                    continue;
                }
                shown += 1;
                assert_eq!(o.talon_pile, pile, "hand {i} seat {s}");
                mixed += u32::from(pile.iter().any(|p| p.discard) && pile.iter().any(|p| !p.discard));
                // the discards lie on top
                let first = pile.iter().position(|p| p.discard).unwrap_or(pile.len());
                assert!(pile.iter().skip(first).all(|p| p.discard), "hand {i}");
                assert_eq!(o.talon_face_up & all_up, all_up, "hand {i}: the pile is face up");
            }
            // the pile is shown to every seat or to none
            let some = (0..3)
                .filter(|&s| !g.observation(Seat(s)).talon_pile.is_empty())
                .count();
            assert!(some == 0 || some == 3, "hand {i}: {some} seats see the pile");
            if g.phase() == Phase::Play && g.play_state().tricks_played >= 1 {
                assert_eq!(some, 0, "hand {i}: turned face down after trick 1");
            }
            let legal = g.legal_actions();
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Kontra(_)) && rng.next_u64().is_multiple_of(2))
                .unwrap_or_else(|| legal[(rng.next_u64() % legal.len() as u64) as usize]);
            g.apply(a).unwrap();
        }
    }
    assert!(
        shown > 100 && mixed > 10,
        "{shown} observations with the pile, {mixed} mixed"
    );
}
