//! The hidden partner of a called card (issue 15; digest §2.3.6, §10.2): takes random hands of
//! the bundled called-card games, gives at every step a check that no observation of a seat other
//! than the partner names the partner before the called card is played, and that everyone knows
//! him once it is; with the call after the first packet, the caller sees only that packet.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::{bit, deal_random};
use kartya::engine::game::Phase;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::{Action, Game, Seat};
use std::sync::Arc;

#[test]
fn no_observation_reveals_the_called_partner_before_his_card_is_played() {
    for name in ["koenigrufen-russbach", "koenigrufen-russbach-ten-low"] {
        let r = rules(name);
        let (mut hidden_checked, mut revealed_checked, mut alone) = (0u32, 0u32, 0u32);
        for i in 0..300u64 {
            let mut rng = hand_rng(15, i);
            let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
            let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % 4) as u8), deal);
            g.set_keep_history(true);
            let mut buf = Vec::new();
            loop {
                let card = called_card(&g);
                let partner = g.partner().map(Seat);
                for seat in (0..r.variant.players).map(Seat) {
                    let obs = g.observation(seat);
                    let is_partner = card.is_some() && partner == Some(seat);
                    match card {
                        Some(c) if played(&g, c) => {
                            assert_eq!(
                                obs.partner, partner,
                                "{name} hand {i}: the card is played: everyone knows"
                            );
                            revealed_checked += 1;
                        }
                        _ if is_partner => assert_eq!(obs.partner, Some(seat), "{name} hand {i}: the partner knows"),
                        _ => {
                            assert_eq!(obs.partner, None, "{name} hand {i} seat {seat}: partner revealed early");
                            hidden_checked += 1;
                        }
                    }
                    // nothing in what a seat sees holds another seat's cards
                    if let Some(p) = g.pos_of(seat) {
                        let others = (0..4u8)
                            .filter(|q| *q != p)
                            .fold(0u64, |m, q| m | g.deal().hands[q as usize]);
                        if g.phase() != Phase::Over {
                            assert_eq!(obs.hand & others, 0, "{name} hand {i}: another seat's card seen");
                        }
                    }
                }
                if g.is_over() {
                    break;
                }
                assert!(random_step(&mut g, &mut rng, &mut buf));
            }
            alone += (g.partner().is_none()) as u32;
        }
        assert!(
            hidden_checked > 1000 && revealed_checked > 1000,
            "{name}: both sides of the reveal seen"
        );
        assert!(alone > 0, "{name}: some caller played alone");
    }
}

/// §2.3.2-§2.3.5, §2.3.7 (a): the forehand calls after the first packet of four, seeing only
/// those; the second packet comes after the call, and a called card arriving in it makes him
/// play alone.
#[test]
fn the_call_is_made_on_the_first_packet_and_a_card_in_the_second_makes_the_caller_alone() {
    let r = rules("koenigrufen-russbach");
    let mut own_second_packet = 0;
    for i in 0..400u64 {
        let mut rng = hand_rng(16, i);
        let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
        let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat(3), deal);
        g.set_keep_history(true);
        let mut buf = Vec::new();
        while g.phase() != Phase::PartnerCall {
            assert!(random_step(&mut g, &mut rng, &mut buf));
        }
        let caller = g.to_act_seat();
        let p = g.pos_of(caller).unwrap().index();
        let obs = g.observation(caller);
        assert_eq!(
            obs.hand.count_ones(),
            4,
            "hand {i}: the caller sees his first packet only"
        );
        assert_eq!(obs.hand, g.deal().hands[p] & !g.deal().hidden[p]);
        let second = g.deal().hidden[p];
        assert_eq!(second.count_ones(), 4);
        // call a card of his second packet, which he has not seen
        let c = second.trailing_zeros() as u8;
        assert!(
            g.legal_actions().contains(&Action::CallCard(c)),
            "hand {i}: an unseen card is callable"
        );
        g.apply(Action::CallCard(c)).unwrap();
        assert_eq!(g.partner(), None, "hand {i}: his own card: he plays alone");
        let obs = g.observation(caller);
        assert_eq!(obs.hand, g.deal().hands[p], "hand {i}: after the call he has all eight");
        assert!(obs.hand & bit(c) != 0);
        own_second_packet += 1;
    }
    assert_eq!(own_second_packet, 400);
}
