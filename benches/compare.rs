//! Comparison benchmark: takes the bundled alsos-3p with and without siber-both-chains, gives
//! the time of `compare` over 2,048 paired hands (both rule sets, one worker thread) with the
//! random and the heuristic bots. Run: `cargo bench --bench compare`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kartya::compare::{compare, heuristic_bots, random_bots, Run};
use kartya::engine::sim::Shard;
use kartya::engine::Rules;
use std::sync::Arc;

/// alsos-3p alone and with the house rule, as `kartya compare alsos-3p -- alsos-3p siber-both-chains`.
fn rule_sets() -> Option<(Arc<Rules>, Arc<Rules>)> {
    let a = kartya::engine::bundled_rules("alsos-3p").ok()?;
    // a house-rules file names its base (`extends alsos-3p`): loaded alone it is the pair
    let b = kartya::engine::bundled_rules("siber-both-chains").ok()?;
    Some((a, b))
}

fn paired_hands(c: &mut Criterion) {
    let Some((a, b)) = rule_sets() else { return };
    let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(1).build() else {
        return;
    };
    let mut group = c.benchmark_group("compare");
    group.sample_size(10);
    for (name, play) in [
        ("random", random_bots as fn(&mut _, u64, u64)),
        ("heuristic", heuristic_bots),
    ] {
        let mut seed = 0u64;
        group.bench_function(format!("{name}_alsos-3p_siber-both-chains_2048_hands"), |bench| {
            bench.iter(|| {
                seed += 1;
                let run = Run {
                    hands: 2048,
                    seed,
                    shard: Shard::WHOLE,
                };
                pool.install(|| black_box(compare(&a, &b, run, &play, None, &|_| {}).map(|t| t.hands)))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, paired_hands);
criterion_main!(benches);
