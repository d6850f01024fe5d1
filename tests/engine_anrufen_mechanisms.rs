//! The general constructs Anrufen needed (koenigrufen-family.md §4, §5), beyond its hand records
//! in tests/hands/anrufen-*.json: takes small house rules over bundled files, gives the checks
//! that reject what the engine could not honour (`discard-points` without discards, or for
//! opponents who play each for himself; `ties-by-suit` with a suit that has no bidding rank, or
//! with holds) and random hands in which the discards' card points are
//! conserved (every deal's card points still total 90, §4.2.3, with the discards counted).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;

use kartya::engine::Game;
use std::sync::Arc;

fn rendered(name: &str, text: &str) -> (Option<kartya::model::Variant>, String) {
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add(name, text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    let r = common::render(&loaded.diags, &sources);
    (loaded.variant, r)
}

#[test]
fn discard_points_need_discards() {
    let (_, r) = rendered(
        "dp-none.kartya",
        "house-rules dp-none \"discards counted without a draw\" extends anrufen\ncontract einfach {\n  discard-points opponents\n}\n",
    );
    assert!(r.contains("kartya::no-effect") && r.contains("draws nothing"), "{r}");
}

#[test]
fn discard_points_for_opponents_need_a_pooled_defence() {
    let (_, r) = rendered(
        "dp-each.kartya",
        "house-rules dp-each \"each opponent for himself\" extends anrufen-3p\ncontract einfach {\n  sides declarer-vs-each\n}\n",
    );
    assert!(r.contains("kartya::no-effect") && r.contains("each for himself"), "{r}");
}

/// Three players: with the discards counted for the opponents the card points of every played
/// einfach hand total 90 again (without `discard-points` an ace laid away would be nobody's).
#[test]
fn discards_counted_keep_the_card_points_whole() {
    let rules = engine_util::rules("anrufen-3p");
    let einfach = engine_util::contract(&rules, "einfach");
    let mut seen = 0;
    for seed in 0..600u64 {
        let mut g = Game::new(Arc::clone(&rules), kartya::engine::Seat(2), seed);
        engine_util::random_finish(&mut g, seed);
        let Some(s) = g.result() else { continue };
        if s.contract != Some(einfach) {
            continue;
        }
        let total: i64 = s.card_points.iter().take(3).sum();
        assert_eq!(total, 90, "seed {seed}");
        seen += 1;
    }
    assert!(seen > 5, "only {seen} einfach hands");
}

#[test]
fn ties_by_suit_needs_every_suits_bidding_rank() {
    let (_, r) = rendered(
        "tie-unranked.kartya",
        "house-rules tie-unranked \"karo without a rank\" extends anrufen\ndeck {\n  suit karo Ka\n}\n",
    );
    assert!(r.contains("kartya::no-effect") && r.contains("ties-by-suit"), "{r}");
    let (_, r) = rendered(
        "tie-hold.kartya",
        "house-rules tie-hold \"ties and holds\" extends anrufen\nbidding {\n  round 1 ascending gebote until-pass hold-by-priority ties-by-suit\n}\n",
    );
    assert!(r.contains("kartya::no-effect") && r.contains("ties-by-suit"), "{r}");
}
