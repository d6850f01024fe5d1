//! Bot benchmark: takes the bundled alsos-3p, gives the time of 256 full hands played by the
//! heuristic bot at every seat (one thread, one reused `Game`). Run: `cargo bench --bench bots`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kartya::bots::{play_hand, BotKind, BotSet};
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

criterion_group!(benches, heuristic_hands);
criterion_main!(benches);
