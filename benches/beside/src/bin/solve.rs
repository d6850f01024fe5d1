//! The solver beside the yardstick's `dds`, in one process: takes a number of deals and a seed,
//! rebuilds `dds`'s deals (its `Dealer`, `Rng` and trump draw, linked from ../shared/yardstick)
//! as alsos-3p positions (the declarer on lead at position 0, the yardstick's suit s as the
//! variant's s-th suit, ranks by their codes), solves each with both, checks that the values are
//! equal deal by deal and prints the median ms of each for a full 9-trick hand.
//!
//! Run: `just solve-beside` (or `cargo run --release --bin solve -- [DEALS] [SEED]` here).
//! `DDS_VERBOSE=1` prints each deal's values, as `dds` does.

use alsos_yardstick::{play_prefix, Dealer, Rng, Solver as Yardstick, Tables, TRICKS};
use kartya::engine::Play;
use kartya::solve::{Count, Objective, Solver};
use std::time::Instant;

/// The yardstick's rank of bit `r` within a suit (plain order, lowest first), by the codes of
/// alsos-3p's ranks.
const YARD_RANKS: [&str; 8] = ["7", "8", "9", "U", "O", "K", "10", "A"];

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let deals = args.next().and_then(Result::ok).unwrap_or(20).max(1) as usize;
    let seed = args.next().and_then(Result::ok).unwrap_or(2024);
    let verbose = std::env::var("DDS_VERBOSE").is_ok();
    let rules = match kartya::engine::bundled_rules("alsos-3p") {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let v = &rules.variant;
    let Some(contract) = v.contracts.iter().position(|c| c.trumps && c.plain_points.is_some()) else {
        eprintln!("alsos-3p has no trump contract counting card points");
        std::process::exit(1);
    };
    // yardstick card id (suit * 8 + r) -> the variant's card id
    let mut card_of = [0u8; 32];
    for (y, slot) in card_of.iter_mut().enumerate() {
        let rank = v.ranks.iter().position(|r| r.code == YARD_RANKS[y % 8]);
        match rank.and_then(|r| rules.tables.card((y / 8) as u8, r as u8)) {
            Some(c) => *slot = c,
            None => {
                eprintln!("alsos-3p has no card for the yardstick's card {y}");
                std::process::exit(1);
            }
        }
    }
    let to_mask = |m: u32| {
        (0..32)
            .filter(|y| m & (1 << y) != 0)
            .fold(0u64, |a, y| a | 1u64 << card_of[y])
    };
    let objective = Objective {
        side: 1,
        count: Count::Points,
        side_maximizes: true,
        partner_trick: None,
    };
    let tb = Tables::new();
    let mut rng = Rng::new(seed);
    let mut dealer = Dealer::new();
    let mut yard = Yardstick::new();
    yard.ordering = 2; // `dds`'s default
    let mut solver = Solver::new();
    let (mut yard_ms, mut ours_ms, mut differ) = (Vec::new(), Vec::new(), 0);
    for deal in 0..deals {
        let d = dealer.deal(&mut rng);
        let trump = rng.below(4) as usize;
        let (hands, leader, _) = play_prefix(&tb, &mut rng, &d, trump, 0, TRICKS - 9);
        let Some(table) = rules.tables.table(contract, Some(trump as u8)) else {
            eprintln!("no play table for trump suit {trump}");
            std::process::exit(1);
        };
        let play = Play::new(3, &hands.map(to_mask), leader as u8);
        let t = Instant::now();
        let y = yard.solve(hands, trump, leader, 0) as i32;
        yard_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let ours = solver.value(table, &play, &objective);
        ours_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let ours = ours.unwrap_or(-1);
        if ours != y {
            differ += 1;
        }
        if verbose || ours != y {
            println!(
                "deal {deal} value {y} kartya {ours} nodes {} kartya-nodes {} (at trick starts {}) ms {:.2} kartya-ms {:.2}",
                yard.nodes,
                solver.nodes(),
                solver.trick_nodes(),
                yard_ms[deal],
                ours_ms[deal]
            );
        }
    }
    let (ym, om) = (median(&mut yard_ms), median(&mut ours_ms));
    println!(
        "{deals} deals, seed {seed}: values differ on {differ}; median ms per full 9-trick hand: \
         yardstick {ym:.3}, kartya {om:.3} (kartya / yardstick {:.2})",
        om / ym
    );
    if differ > 0 {
        std::process::exit(1);
    }
}
