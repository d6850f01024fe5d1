//! Shards of a simulation run (`sim::Shard`, `simulate_shard`): takes run sizes and shard counts,
//! gives that the shards split the hands into whole chunks of 256 without gap or overlap, and that
//! the merged shard summaries of a robber-counting variant equal one run's summary.

use kartya::engine::bundled_rules;
use kartya::engine::sim::{self, Shard, CHUNK};

#[test]
fn shards_cover_the_run_in_whole_chunks() {
    for hands in [1, 255, 256, 257, 600, 2000, 10_000, 1_000_000_000] {
        for of in [1, 2, 3, 4, 7, 16, 100, 5000] {
            let mut next = 0;
            for index in 1..=of {
                let r = Shard { index, of }.hands(hands);
                assert_eq!(r.start, next, "{hands} hands, shard {index}/{of} leaves a gap");
                assert!(
                    r.start.is_multiple_of(CHUNK),
                    "{hands} hands, shard {index}/{of} starts inside a chunk"
                );
                assert!(
                    r.end.is_multiple_of(CHUNK) || r.end == hands,
                    "{hands}, {index}/{of} ends inside a chunk"
                );
                next = r.end;
            }
            assert_eq!(next, hands, "{hands} hands, {of} shards leave hands out");
        }
    }
    assert!(Shard { index: 0, of: 4 }.hands(1000).is_empty());
    assert!(Shard { index: 5, of: 4 }.hands(1000).is_empty());
    assert_eq!(Shard::WHOLE.hands(1000), 0..1000);
}

#[test]
fn merged_shards_equal_one_run_robbers_included() {
    // alsos-hu-3p writes on paper and completes robbers: the per-chunk sessions must add up
    let rules = bundled_rules("alsos-hu-3p").unwrap_or_else(|e| panic!("alsos-hu-3p loads: {e:?}"));
    let one = sim::simulate(&rules, 1300, 4);
    for of in [1, 3, 4, 9] {
        let merged = (1..=of)
            .map(|index| sim::simulate_shard(&rules, 1300, 4, Shard { index, of }, &|_| {}))
            .reduce(sim::Summary::merge)
            .map(|s| sim::finish(s, 4))
            .unwrap_or_default();
        assert_eq!(merged, one, "{of} shards");
    }
}
