//! The pimc bot's decision time: takes the bundled alsos-3p, gives the time of one card choice
//! (20 worlds, each solved for every legal card) at the first lead and at the start of trick 4
//! of random hands. Run: `cargo bench --bench pimc`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kartya::engine::rng::{below, hand_rng};
use kartya::engine::sim::random_step;
use kartya::engine::{bundled_rules, Game, Phase, Rules};
use kartya::pimc::{choose_card, PimcOptions};
use std::sync::Arc;

/// Random hands played up to the first card turn after `cards` cards.
fn positions(rules: &Arc<Rules>, cards: u32, count: usize) -> Vec<Game> {
    let mut rng = hand_rng(0xbe7c, u64::from(cards));
    let mut buf = Vec::new();
    let mut out = Vec::new();
    while out.len() < count {
        let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(rules), kartya::engine::Seat(below(&mut rng, 3) as u8), deal);
        while !g.is_over() {
            if g.phase() == Phase::Play && g.cards_played() >= cards && g.play_state().trick_len == 0 {
                out.push(g);
                break;
            }
            if !random_step(&mut g, &mut rng, &mut buf) {
                break;
            }
        }
    }
    out
}

fn pimc(c: &mut Criterion) {
    let Ok(rules) = bundled_rules("alsos-3p") else { return };
    let opts = PimcOptions::default();
    let mut g = c.benchmark_group("pimc alsos-3p");
    g.sample_size(10);
    for (name, cards) in [("first_lead", 0), ("trick_4", 9)] {
        let games = positions(&rules, cards, 8);
        let mut i = 0usize;
        g.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let game = &games[i % games.len()];
                black_box(choose_card(game, game.to_act_seat(), &opts, &mut hand_rng(3, i as u64)))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, pimc);
criterion_main!(benches);
