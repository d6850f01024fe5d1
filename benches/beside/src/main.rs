//! The engine benches beside the yardstick, in one process: takes a number of blocks and of hands
//! per block, gives per block the yardstick's ns per hand, then the engine's (a) play phase alone
//! and (b) full random alsos-3p hands right after it, and the quartiles of the ratios
//! (yardstick time / engine time) over all blocks. Adjacent blocks share the machine's state at
//! that moment (other tenants, frequency), so the ratio holds still where each time alone does not.
//!
//! Run: `just beside` (or `cargo run --release -- [BLOCKS] [HANDS]` in this directory).

mod yard_block;

use kartya::engine::rng::hand_rng;
use kartya::engine::sim::{random_hand, random_hand_in, random_playout};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let blocks = args.next().and_then(Result::ok).unwrap_or(60).max(1);
    let hands = args.next().and_then(Result::ok).unwrap_or(10_000).max(1);
    let Ok(rules) = kartya::engine::bundled_rules("alsos-3p") else {
        eprintln!("alsos-3p does not load");
        std::process::exit(1);
    };
    let Some(trump_contract) = rules.variant.contracts.iter().position(|c| c.trumps) else {
        eprintln!("alsos-3p has no trump contract");
        std::process::exit(1);
    };
    let mut yardstick = yard_block::Yardstick::new();
    let mut play_rng = hand_rng(1, 0);
    let mut buf = Vec::with_capacity(64);
    let mut game = random_hand(&rules, 1, 0, &mut buf);
    // as `simulate` plays its hands: the state and the score sheet, no action history
    game.set_keep_history(false);
    let mut hand = 0u64;
    let (mut yard_ns, mut a_ns, mut b_ns) = (Vec::new(), Vec::new(), Vec::new());
    let (mut a_ratio, mut b_ratio) = (Vec::new(), Vec::new());
    for _ in 0..blocks {
        let y = yardstick.block(hands) / hands as f64;
        let t = Instant::now();
        for i in 0..hands {
            black_box(random_playout(&rules, trump_contract, &mut play_rng, (i % 3) as u8));
        }
        let a = t.elapsed().as_nanos() as f64 / hands as f64;
        let t = Instant::now();
        for _ in 0..hands {
            hand += 1;
            random_hand_in(&mut game, 1, hand, &mut buf);
            black_box(game.is_over());
        }
        let b = t.elapsed().as_nanos() as f64 / hands as f64;
        yard_ns.push(y);
        a_ns.push(a);
        b_ns.push(b);
        a_ratio.push(y / a);
        b_ratio.push(y / b);
    }
    black_box(yardstick.check);
    let (quartiles, show) = (yard_block::quartiles, yard_block::show);
    println!("{blocks} blocks of {hands} hands each; first quartile / median / third quartile");
    println!("yardstick            ns/hand {}", show(quartiles(&mut yard_ns), 0));
    println!(
        "(a) play phase alone ns/hand {}   ratio {}",
        show(quartiles(&mut a_ns), 0),
        show(quartiles(&mut a_ratio), 3)
    );
    println!(
        "(b) full random hand ns/hand {}   ratio {}",
        show(quartiles(&mut b_ns), 0),
        show(quartiles(&mut b_ratio), 3)
    );
}
