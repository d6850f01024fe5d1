//! Solver benchmark: takes the bundled alsos-3p, gives the time to solve full 9-trick hands of
//! its trump contract double dummy (random deals, a random trump suit, the declarer on lead at
//! position 0, value = his card points). Run: `cargo bench --bench solve`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kartya::engine::bundled_rules;
use kartya::engine::rng::{below, hand_rng};
use kartya::engine::Play;
use kartya::solve::{Count, Objective, Solver};

fn solve(c: &mut Criterion) {
    let Ok(rules) = bundled_rules("alsos-3p") else { return };
    let Some(contract) = rules
        .variant
        .contracts
        .iter()
        .position(|c| c.trumps && c.plain_points.is_some())
    else {
        return;
    };
    let n_cards = rules.tables.n_cards as u32;
    let n_suits = rules.tables.n_suits as u32;
    let mut rng = hand_rng(2024, 0);
    // 16 deals solved in turn: the median is over hands of every shape
    let positions: Vec<(usize, Play)> = (0..16)
        .filter_map(|_| {
            let mut deck: Vec<u8> = (0..n_cards as u8).collect();
            for i in 0..27usize {
                let j = i + below(&mut rng, n_cards - i as u32) as usize;
                deck.swap(i, j);
            }
            let hands: Vec<u64> = (0..3)
                .map(|p| deck[p * 9..p * 9 + 9].iter().fold(0u64, |m, &c| m | 1u64 << c))
                .collect();
            let trump = below(&mut rng, n_suits) as u8;
            let table = rules.tables.table_index(contract, Some(trump))?;
            Some((table, Play::new(3, &hands, 0)))
        })
        .collect();
    let objective = Objective {
        side: 1,
        count: Count::Points,
        side_maximizes: true,
        partner_trick: None,
    };
    let mut solver = Solver::new();
    let mut k = 0usize;
    let mut g = c.benchmark_group("solve");
    g.sample_size(20);
    g.bench_function("alsos-3p_full_hand", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len().max(1);
            let Some((t, p)) = positions.get(k) else { return 0 };
            let Some(table) = rules.tables.play.get(*t) else {
                return 0;
            };
            black_box(solver.value(table, p, &objective).unwrap_or(-1))
        })
    });
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
