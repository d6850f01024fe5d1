//! Engine benchmarks: takes the bundled alsos-3p, gives (a) the play phase alone (a shuffled
//! deal, a random trump suit, random legal cards, card points: the yardstick's own work) and
//! (b) full random hands (bidding, announcements, play, scoring). Run: `cargo bench --bench engine`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use kartya::engine::bundled_rules;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::{random_hand, random_hand_in, random_playout};

fn engine(c: &mut Criterion) {
    let Ok(rules) = bundled_rules("alsos-3p") else { return };
    let Some(trump_contract) = rules.variant.contracts.iter().position(|c| c.trumps) else {
        return;
    };
    let mut g = c.benchmark_group("alsos-3p");
    g.throughput(Throughput::Elements(1));
    let mut rng = hand_rng(1, 0);
    let mut leader = 0u8;
    g.bench_function("play_phase_hand", |b| {
        b.iter(|| {
            leader = (leader + 1) % 3;
            black_box(random_playout(&rules, trump_contract, &mut rng, leader))
        })
    });
    let mut buf = Vec::with_capacity(64);
    let mut i = 0u64;
    let mut game = random_hand(&rules, 1, 0, &mut buf);
    // as `simulate` plays its hands: the state and the score sheet, no action history
    game.set_keep_history(false);
    g.bench_function("full_hand", |b| {
        b.iter(|| {
            i += 1;
            random_hand_in(&mut game, 1, i, &mut buf);
            black_box(game.is_over())
        })
    });
    g.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
