//! The variant's order of the stages after the auction (`game: stages`): takes alsos-3p (the
//! default order, the back round with trick 1) and the fixture
//! tests/fixtures/plays/exchange-after-back-round.kartya (the exchange after a back round held
//! before the first lead); gives the order of the phases that random hands go through.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use kartya::engine::sim::{hand_dealer, random_step};
use kartya::engine::{rng::hand_rng, Game, Phase, Rules};
use std::sync::Arc;

/// The phases of `hands` random hands, each hand's in the order entered (a phase entered again
/// after another one is listed again).
fn phase_orders(r: &Arc<Rules>, hands: u64) -> Vec<Vec<Phase>> {
    let mut buf = Vec::new();
    (0..hands)
        .map(|i| {
            let mut rng = hand_rng(7, i);
            let dealer = hand_dealer(r, i);
            let mut g = Game::new(r.clone(), dealer, 1);
            g.redeal_random(dealer, &mut rng);
            let mut seen = Vec::new();
            while !g.is_over() {
                if seen.last() != Some(&g.phase()) {
                    seen.push(g.phase());
                }
                assert!(
                    random_step(&mut g, &mut rng, &mut buf),
                    "a hand that is not over takes a step"
                );
            }
            seen
        })
        .collect()
}

fn first(seen: &[Phase], p: Phase) -> Option<usize> {
    seen.iter().position(|x| *x == p)
}

#[test]
fn the_default_order_exchanges_after_the_pickup_and_speaks_the_back_round_in_trick_one() {
    let r = kartya::engine::bundled_rules("alsos-3p").unwrap();
    let orders = phase_orders(&r, 400);
    let exchanged: Vec<&Vec<Phase>> = orders.iter().filter(|s| s.contains(&Phase::Exchange)).collect();
    assert!(exchanged.len() > 20, "some hands exchange: {}", exchanged.len());
    for seen in exchanged {
        let ex = first(seen, Phase::Exchange).unwrap();
        assert!(first(seen, Phase::Play).unwrap() > ex, "{seen:?}");
        // no back round before the play: it is spoken with the cards of trick 1
        assert!(first(seen, Phase::Back).is_none_or(|b| b > ex), "{seen:?}");
    }
}

#[test]
fn the_exchange_listed_after_the_back_round_is_made_after_it_before_the_first_lead() {
    let r = common::fixture_rules("exchange-after-back-round");
    let orders = phase_orders(&r, 400);
    let exchanged: Vec<&Vec<Phase>> = orders.iter().filter(|s| s.contains(&Phase::Exchange)).collect();
    assert!(exchanged.len() > 20, "some hands exchange: {}", exchanged.len());
    for seen in exchanged {
        let (back, ex) = (first(seen, Phase::Back).unwrap(), first(seen, Phase::Exchange).unwrap());
        assert!(back < ex, "the back round first: {seen:?}");
        assert!(
            first(seen, Phase::Play).unwrap() > ex,
            "the play after the exchange: {seen:?}"
        );
    }
}
