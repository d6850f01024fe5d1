//! The bundled `asszorti` played at random: takes the variant (and the alsos-3p base, which does
//! not show its talon), gives the talon shown by a kontra (asszorti.md §8.3, TV-T1/TV-T2: from the
//! first kontra to the end of trick 1, to every seat) and the hand invariants: cards conserved,
//! payments zero-sum, every hand ends, and the same seed gives the same hand.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::rng::hand_rng;
use kartya::engine::Seat;
use kartya::engine::{Action, Game, Phase, Rules};
use rand::RngCore;
use std::sync::Arc;

fn rules(args: &[&str]) -> Arc<Rules> {
    common::rules(args)
}

fn talon_mask(g: &Game) -> u64 {
    g.talon_now().cards().iter().fold(0, |m, &c| m | 1u64 << c)
}

/// Random hands; for each observation after a kontra, before and after trick 1: (shown while it
/// should be, hidden once trick 1 is over, hands with a kontra before the first lead).
fn talon_shown(r: &Arc<Rules>, hands: u64) -> (u32, u32, u32) {
    let (mut shown, mut hidden_after, mut kontra_hands) = (0, 0, 0);
    for i in 0..hands {
        let mut rng = hand_rng(21, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(r), kartya::engine::Seat((i % 3) as u8), deal);
        let mut kontra = false;
        while !g.is_over() {
            let legal = g.legal_actions();
            // prefer a kontra when one is offered, so that most hands have one
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Kontra(_)) && rng.next_u64().is_multiple_of(2))
                .unwrap_or_else(|| legal[(rng.next_u64() % legal.len() as u64) as usize]);
            if matches!(a, Action::Kontra(_)) && !kontra {
                kontra = true;
                kontra_hands += 1;
            }
            g.apply(a).unwrap();
            let talon = talon_mask(&g);
            let tricks = g.play_state().tricks_played;
            // the declarer always sees the cards he drew and laid (`talon-draw`): the defenders' view
            for seat in (0..3).filter(|s| g.declarer() != Some(Seat(*s))) {
                let seen = g.observation(Seat(seat)).talon_face_up & talon;
                if kontra && tricks == 0 && g.phase() != Phase::Over {
                    assert_eq!(seen, talon, "hand {i}: the talon is shown after a kontra");
                    shown += 1;
                } else if tricks >= 1 {
                    if seen == 0 {
                        hidden_after += 1;
                    } else {
                        assert!(!kontra, "hand {i}: the talon is covered again after trick 1");
                    }
                }
            }
        }
    }
    (shown, hidden_after, kontra_hands)
}

#[test]
fn a_kontra_shows_the_talon_until_the_end_of_trick_1() {
    let (shown, hidden_after, kontra_hands) = talon_shown(&rules(&["asszorti"]), 300);
    assert!(kontra_hands > 50, "{kontra_hands} hands with a kontra");
    assert!(
        shown > 100 && hidden_after > 100,
        "{shown} shown, {hidden_after} covered"
    );
}

#[test]
fn without_the_statement_a_kontra_shows_nothing() {
    let r = rules(&["alsos-3p"]);
    for i in 0..200u64 {
        let mut rng = hand_rng(22, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % 3) as u8), deal);
        let dealt_face_up = g.observation(Seat(0)).talon_face_up;
        while !g.is_over() {
            let legal = g.legal_actions();
            let a = legal[(rng.next_u64() % legal.len() as u64) as usize];
            g.apply(a).unwrap();
            if g.phase() == Phase::Play && g.play_state().tricks_played == 0 {
                let hidden = talon_mask(&g) & !dealt_face_up;
                assert_eq!(g.observation(Seat(1)).talon_face_up & hidden, 0, "hand {i}");
            }
        }
    }
}

/// TV-T1 and TV-T2 (asszorti.md §11.2, §6.3, §8.3): contract kettő (the ladder's 2nd entry) takes
/// the top 2 talon cards and lays 2 discards on the one left, the discards on top; contract
/// kézből (4th) leaves the 3 dealt cards. After a kontra before the first lead every seat sees
/// all three, the discards included, until trick 1 is over.
#[test]
fn tv_t1_t2_the_talon_after_the_draw_and_a_kontra() {
    let r = rules(&["asszorti"]);
    let (mut two, mut hand) = (0, 0);
    for i in 0..3000u64 {
        let mut rng = hand_rng(23, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let dealt: Vec<u8> = deal.talon_cards().to_vec();
        let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % 3) as u8), deal);
        let mut kontra_before_lead = false;
        // up to the first lead: the auction, the draw, the trumps and the doubling round
        while !g.is_over() && g.phase() != Phase::Play {
            let legal = g.legal_actions();
            let a = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Kontra(_)))
                .unwrap_or_else(|| legal[(rng.next_u64() % legal.len() as u64) as usize]);
            if matches!(a, Action::Kontra(_)) && g.phase() == Phase::Back {
                kontra_before_lead = true;
            }
            g.apply(a).unwrap();
        }
        if !kontra_before_lead || g.phase() != Phase::Play {
            continue;
        }
        let t = g.talon_now();
        let cards = t.cards().to_vec();
        assert_eq!(cards.len(), 3, "hand {i}: the talon holds 3 again");
        let shown = (0..3).all(|s| g.observation(Seat(s)).talon_face_up & talon_mask(&g) == talon_mask(&g));
        match g.contract() {
            Some(1) => {
                two += 1;
                // bottom first: the untaken third card of the deal, then the two discards
                assert_eq!(cards[0], dealt[0], "hand {i}: the card not taken stays at the bottom");
                assert_eq!(t.discards.count_ones(), 2, "hand {i}");
                assert!(t.discards & (1u64 << cards[1]) != 0 && t.discards & (1u64 << cards[2]) != 0);
                assert!(shown, "hand {i}: TV-T1, all three shown after the kontra");
            }
            Some(3) => {
                hand += 1;
                assert_eq!(cards, dealt, "hand {i}: Hand leaves the talon as dealt");
                assert!(shown, "hand {i}: TV-T2, the three talon cards shown");
            }
            _ => {}
        }
    }
    assert!(two > 10 && hand > 10, "{two} kettő, {hand} kézből hands");
}
