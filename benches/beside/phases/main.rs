//! Where the time of a full random alsos-3p hand goes, stage by stage: takes the number of runs
//! and of hands per run, gives per stage the median cycles a hand (time-stamp counter) of the
//! working tree (`kartya`) and of the base (`kartya_base`), both instrumented by
//! `phases/instrument.py`, run in turn. Built and run by `phases.sh`.

use std::hint::black_box;
use std::sync::atomic::Ordering::Relaxed;

const NAMES: [&str; 20] = [
    "bidding", "front round", "back round", "exchange", "trick 1 talk", "calling", "other", "cards", "the last step",
    "deal", "bidding>", "front round>", "back round>", "exchange>", "trick 1 talk>", "calling>", "other>",
    "  trick 1 talk: deciding", "  trick 1 talk: applying", "",
];

macro_rules! run {
    ($k:ident, $hands:expr) => {{
        let Ok(rules) = $k::engine::bundled_rules("alsos-3p") else { std::process::exit(1) };
        let mut buf = Vec::with_capacity(64);
        let mut g = $k::engine::sim::random_hand(&rules, 1, 0, &mut buf);
        g.set_keep_history(false);
        for a in $k::engine::sim::CYCLES.iter().chain($k::engine::sim::STEPS.iter()) {
            a.store(0, Relaxed);
        }
        for i in 1..=$hands {
            $k::engine::sim::random_hand_in(&mut g, 1, i, &mut buf);
            black_box(g.is_over());
        }
        let per = |a: &std::sync::atomic::AtomicU64| a.load(Relaxed) as f64 / $hands as f64;
        let cycles: Vec<f64> = $k::engine::sim::CYCLES.iter().map(per).collect();
        let steps: Vec<f64> = $k::engine::sim::STEPS.iter().map(per).collect();
        (cycles, steps)
    }};
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let runs = args.next().flatten().unwrap_or(5).max(1);
    let hands = args.next().flatten().unwrap_or(300_000).max(1);
    let (mut new, mut base) = (Vec::new(), Vec::new());
    for r in 0..runs {
        // a warm-up run of each first, then the order flips each run
        if r == 0 {
            black_box(run!(kartya, 10_000u64));
            black_box(run!(kartya_base, 10_000u64));
        }
        if r % 2 == 0 {
            new.push(run!(kartya, hands));
            base.push(run!(kartya_base, hands));
        } else {
            base.push(run!(kartya_base, hands));
            new.push(run!(kartya, hands));
        }
    }
    let med = |rows: &[(Vec<f64>, Vec<f64>)], k: usize, steps: bool| {
        median(rows.iter().map(|(c, s)| if steps { s[k] } else { c[k] }).collect())
    };
    let total = |rows: &[(Vec<f64>, Vec<f64>)]| median(rows.iter().map(|(c, _)| c[..17].iter().sum()).collect());
    println!("{runs} runs of {hands} full random alsos-3p hands; median cycles a hand (\"X>\": the step that ended X)");
    println!("{:26} {:>7} {:>7} {:>7} {:>6}", "stage", "steps", "tree", "base", "diff");
    for k in 0..20 {
        if NAMES[k].is_empty() || med(&new, k, true) == 0.0 && med(&base, k, true) == 0.0 {
            continue;
        }
        let (n, b) = (med(&new, k, false), med(&base, k, false));
        println!("{:26} {:7.2} {:7.0} {:7.0} {:+6.0}", NAMES[k], med(&new, k, true), n, b, n - b);
    }
    let (n, b) = (total(&new), total(&base));
    println!("{:26} {:>7} {:7.0} {:7.0} {:+6.0}", "a hand", "", n, b, n - b);
}
