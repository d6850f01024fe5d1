//! The `pimc` bot kind (`kartya::bots::PimcBot`: the heuristic bot's decisions, pimc's cards):
//! takes bundled rules files, checks that it plays whole hands without an action the rules
//! refuse and replays from its seed, and (ignored, release) measures it against the heuristic
//! bot in duplicate matches for the strength table of docs/bots.md.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::bots::duplicate::duplicate_with;
use kartya::bots::{play_hand, Bot, BotKind, BotSet, PimcBot};
use kartya::engine::{bundled_rules, Game, Seat};
use kartya::pimc::PimcOptions;
use std::sync::Arc;

/// Few worlds and a small budget: legality and determinism do not need strength.
fn light() -> PimcOptions {
    PimcOptions {
        samples: 2,
        node_budget: 20_000,
    }
}

fn pimc_set(players: u8, options: PimcOptions) -> BotSet {
    BotSet::new(
        (0..players)
            .map(|_| Box::new(PimcBot::with_options(options)) as Box<dyn Bot>)
            .collect(),
    )
}

fn play(name: &str, hands: u64, options: PimcOptions) -> Vec<String> {
    let rules = bundled_rules(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut bots = pimc_set(rules.variant.players, options);
    let mut g = Game::new(Arc::clone(&rules), Seat(0), 1);
    g.set_keep_history(false); // as simulate's games: the pimc bots turn it on
    let mut sheets = Vec::new();
    for i in 0..hands {
        if let Err(e) = play_hand(&mut g, &mut bots, 11, i) {
            panic!("{name} hand {i}: {e}");
        }
        assert!(g.is_over() && g.result().is_some(), "{name} hand {i}: not scored");
        sheets.push(kartya::record::sheet::sheet(&g));
    }
    sheets
}

#[test]
fn pimc_bots_play_whole_hands_of_each_family() {
    for name in [
        "alsos-3p",
        "asszorti",
        "koenigrufen-russbach",
        "rufmariasch",
        "anrufen",
        "koenigrufen-graden",
    ] {
        play(name, 2, light());
    }
}

#[test]
fn a_pimc_hand_replays_from_its_seed() {
    assert_eq!(play("alsos-3p", 2, light()), play("alsos-3p", 2, light()));
    assert_eq!(BotKind::parse("pimc"), Some(BotKind::Pimc));
    assert_eq!(BotKind::Pimc.make().name(), "pimc");
}

/// Every bundled file, a number of hands each with pimc bots at every seat, the files on the
/// worker threads, in release: `KARTYA_PIMC_HANDS=1000 KARTYA_PIMC_WORLDS=1
/// KARTYA_PIMC_NODES=2000 cargo test --release --test bots_pimc -- --ignored --nocapture every`.
/// Legality does not depend on how hard the bot thinks, so few worlds and nodes test it.
#[test]
#[ignore]
fn pimc_bots_play_every_bundled_file() {
    use rayon::prelude::*;
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|h| h.parse().ok()).unwrap_or(d);
    let hands = env("KARTYA_PIMC_HANDS", 20);
    let options = PimcOptions {
        samples: env("KARTYA_PIMC_WORLDS", 4) as u32,
        node_budget: env("KARTYA_PIMC_NODES", 200_000),
    };
    let files: Vec<_> = kartya::bundled::all().collect();
    files.par_iter().for_each(|b| {
        play(b.name, hands, options);
    });
    eprintln!(
        "pimc bots ({} worlds, {} nodes): {hands} hands of each of {} files, no refused action",
        options.samples,
        options.node_budget,
        files.len()
    );
}

/// The strength table of docs/bots.md: pimc against the heuristic bot, duplicate (each deal
/// played by the heuristic field, then with one pimc bot at each seat in turn):
/// `KARTYA_PIMC_DEALS=200 cargo test --release --test bots_pimc -- --ignored --nocapture strength`.
#[test]
#[ignore]
fn pimc_against_heuristic_strength() {
    let deals = common::env_or("KARTYA_PIMC_DEALS", 100);
    let options = PimcOptions {
        samples: 10,
        node_budget: 500_000,
    };
    for name in ["alsos-3p", "asszorti", "koenigrufen-russbach"] {
        let rules = bundled_rules(name).unwrap();
        let start = std::time::Instant::now();
        let m = duplicate_with(
            &rules,
            &|| Box::new(PimcBot::with_options(options)),
            &|| BotKind::Heuristic.make(),
            deals,
            1,
        );
        eprintln!(
            "| {name} | {:+.3} | [{:+.3}, {:+.3}] | {} deals, {:.0} s |",
            m.mean,
            m.low,
            m.high,
            m.deals,
            start.elapsed().as_secs_f64()
        );
        assert_eq!(m.illegal, 0);
    }
}
