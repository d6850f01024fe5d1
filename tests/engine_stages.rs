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

/// The default order after a switch round: when nobody switches, the talon draw and the trump
/// naming of the contract follow; a switch plays the new contract from the hands as they are.
/// (Before the stage list, a switch round that nobody took went straight to the play, skipping
/// the draw and the naming: no bundled file has both.)
#[test]
fn after_a_switch_round_nobody_took_the_draw_and_the_trump_naming_follow() {
    let r = common::rules(&[
        "tests/fixtures/plays/talon-draw.kartya",
        "tests/fixtures/stages/talon-draw-switch.kartya",
    ]);
    let orders = phase_orders(&r, 600);
    let (mut kept, mut switched) = (0, 0);
    for seen in &orders {
        let Some(sw) = first(seen, Phase::Switch) else { continue };
        let draw = first(seen, Phase::Draw);
        let play = first(seen, Phase::Play).unwrap();
        match draw {
            Some(d) => {
                assert!(sw < d && d < play, "the switch round, the draw, the play: {seen:?}");
                assert!(
                    first(seen, Phase::NameTrumps).is_some_and(|t| d < t && t < play),
                    "{seen:?}"
                );
                kept += 1;
            }
            None => switched += 1,
        }
    }
    assert!(
        kept > 20 && switched > 0,
        "both kinds of hand: {kept} kept, {switched} switched or drew nothing"
    );
}
