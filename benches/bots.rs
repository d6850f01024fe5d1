//! Bot benchmark: takes bundled files, gives the time of 256 full alsos-3p hands played by the
//! heuristic bot at every seat, of one hand played by sampled bots at every seat (alsos-3p,
//! anrufen), and of one sampled decision, the first bid of a fixed anrufen deal (one thread,
//! one reused `Game`). Run: `cargo bench --bench bots`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kartya::bots::{play_hand, BotKind, BotSet, SampledBot, View};
use kartya::engine::rng::hand_rng;
use kartya::engine::{bundled_rules, Game};
use std::sync::Arc;

fn heuristic_hands(c: &mut Criterion) {
    let Ok(rules) = bundled_rules("alsos-3p") else { return };
    let mut g = Game::new(Arc::clone(&rules), kartya::engine::Seat(0), 1);
    g.set_keep_history(false);
    let mut bots = BotSet::uniform(BotKind::Heuristic, rules.variant.players);
    let mut next = 0u64;
    let mut group = c.benchmark_group("bots");
    group.sample_size(20);
    group.bench_function("heuristic_alsos-3p_256_hands", |b| {
        b.iter(|| {
            let mut cards = 0;
            for _ in 0..256 {
                let _ = play_hand(&mut g, &mut bots, 1, next);
                next += 1;
                cards += g.cards_played();
            }
            black_box(cards)
        })
    });
    group.finish();
}

/// One hand of `name` played by sampled bots at every seat, the hands of the run in turn.
fn sampled_hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("bots");
    group.sample_size(10);
    for name in ["alsos-3p", "anrufen"] {
        let Ok(rules) = bundled_rules(name) else { return };
        let mut g = Game::new(Arc::clone(&rules), kartya::engine::Seat(0), 1);
        let mut bots = BotSet::uniform(BotKind::Sampled, rules.variant.players);
        let mut next = 0u64;
        group.bench_function(format!("sampled_{name}_1_hand"), |b| {
            b.iter(|| {
                let _ = play_hand(&mut g, &mut bots, 1, next);
                next += 1;
                black_box(g.cards_played())
            })
        });
    }
    group.finish();
}

/// One non-card decision of the sampled bot: the first bid of anrufen's hand 3 of seed 1.
fn sampled_decision(c: &mut Criterion) {
    let Ok(rules) = bundled_rules("anrufen") else { return };
    let mut g = Game::new(Arc::clone(&rules), kartya::engine::Seat(0), 1);
    g.set_keep_history(true);
    g.redeal_random(kartya::engine::sim::hand_dealer(&rules, 3), &mut hand_rng(1, 3));
    let mut bot = SampledBot::default();
    let mut group = c.benchmark_group("bots");
    group.sample_size(10);
    group.bench_function("sampled_anrufen_first_bid", |b| {
        b.iter(|| {
            let seat = g.to_act_seat();
            let mut options = Vec::new();
            let view = View::new(&g, seat);
            view.legal_actions_into(&mut options);
            black_box(bot.value(&view, kartya::engine::Action::Pass, &options, &mut hand_rng(2, 0)))
        })
    });
    group.finish();
}

criterion_group!(benches, heuristic_hands, sampled_hands, sampled_decision);
criterion_main!(benches);
