//! The comparison in the library (`kartya::compare`): takes bundled rule sets, gives that a rule
//! set against itself differs in nothing, that the bots are a parameter called once per hand and
//! rule set, that the same seed gives the same sums at one and two threads, that contracts and
//! figures are compared by name (one that only A has is never played under B), that rule
//! sets for other numbers of players are refused, and that a pass offered under one rule set
//! only is not a difference in play (by hand, and with announce-all-speak's extra turns).

use kartya::compare::outcome::Outcome;
use kartya::compare::{self, Incomparable, Run, Tally};
use kartya::engine::sim::Shard;
use kartya::engine::{bundled_rules, Rules};
use kartya::engine::{Action, Seat};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

fn rules(name: &str) -> Arc<Rules> {
    bundled_rules(name).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn run(hands: u64, seed: u64) -> Run {
    Run {
        hands,
        seed,
        shard: Shard::WHOLE,
    }
}

fn random(a: &Arc<Rules>, b: &Arc<Rules>, hands: u64, seed: u64) -> Tally {
    compare::compare(a, b, run(hands, seed), &compare::random_bots, None, &|_| {}).unwrap_or_else(|e| panic!("{e:?}"))
}

#[test]
fn a_rule_set_against_itself_differs_in_nothing() {
    // asszorti: the pooled defence, a side that is more than the declarer
    let a = rules("asszorti");
    let t = random(&a, &a, 700, 3);
    assert_eq!((t.hands, t.play_differing, t.deals_differing), (700, 0, 0));
    assert!(t.paired());
    let (all, differing) = t.results();
    assert_eq!(differing.hands, 0);
    for c in &all.contracts {
        assert_eq!(c.share.a, c.share.b, "{}", c.name);
        assert!(!c.share.significant && !c.declarer_success.significant, "{}", c.name);
    }
    for p in &all.payments {
        assert_eq!(
            (p.mean.diff, p.mean.low, p.mean.high),
            (Some(0.0), Some(0.0), Some(0.0))
        );
    }
    assert_eq!(t.histogram[0], t.histogram[1]);
}

#[test]
fn the_bots_are_a_parameter_called_for_every_hand_of_both() {
    let (a, b) = (rules("alsos-3p"), rules("siber-both-chains"));
    let calls = AtomicU64::new(0);
    let play = |g: &mut kartya::engine::game::Game, seed: u64, index: u64| {
        calls.fetch_add(1, Ordering::Relaxed);
        compare::random_bots(g, seed, index);
    };
    let mut rows = Vec::new();
    let mut sink = |r: &[compare::HandRow]| rows.extend(r.iter().map(|x| (x.index, x.differs)));
    let t = compare::compare(&a, &b, run(600, 1), &play, Some(&mut sink), &|_| {}).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(calls.load(Ordering::Relaxed), 1200);
    // the rows come in hand order, and say which hands were played differently
    assert_eq!(
        rows.iter().map(|r| r.0).collect::<Vec<_>>(),
        (0..600).collect::<Vec<_>>()
    );
    assert_eq!(rows.iter().filter(|r| r.1).count() as u64, t.play_differing);
    assert!(t.play_differing > 0 && t.deals_differing == 0, "{t:?}");
}

#[test]
fn the_same_seed_gives_the_same_sums_at_one_and_two_threads_and_by_shards() {
    let (a, b) = (rules("alsos-3p"), rules("siber-both-chains"));
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let one = pool(1).install(|| random(&a, &b, 3000, 5));
    let two = pool(2).install(|| random(&a, &b, 3000, 5));
    assert_eq!(one, two);
    let mut merged: Option<Tally> = None;
    for index in 1..=3 {
        let shard = Shard { index, of: 3 };
        let r = Run { shard, ..run(3000, 5) };
        let part =
            compare::compare(&a, &b, r, &compare::random_bots, None, &|_| {}).unwrap_or_else(|e| panic!("{e:?}"));
        match merged.as_mut() {
            Some(m) => m.merge(&part),
            None => merged = Some(part),
        }
    }
    assert_eq!(merged.as_ref(), Some(&one));
}

#[test]
fn measures_are_compared_by_name() {
    let (a, b) = (rules("alsos-3p"), rules("no-volat"));
    let names = compare::names(&a, &b).unwrap_or_else(|e| panic!("{e:?}"));
    let figures: Vec<&str> = a.variant.figures.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names.figures, figures, "A's figures, in A's order; B has none more");
    assert!(b.variant.figures.len() < a.variant.figures.len());
    let t = random(&a, &b, 2000, 2);
    let (all, _) = t.results();
    let missing = all
        .figures
        .iter()
        .find(|f| !b.variant.figures.iter().any(|g| g.name == f.name))
        .unwrap_or_else(|| panic!("a figure only A has"));
    assert_eq!(missing.announced.b, Some(0.0));
    assert!(missing.announced.a.unwrap_or(0.0) > 0.0);
}

#[test]
fn other_numbers_of_players_cannot_be_compared() {
    let (a, b) = (rules("alsos-3p"), rules("alsos-4p"));
    let r = compare::compare(&a, &b, run(10, 1), &compare::random_bots, None, &|_| {});
    assert_eq!(r.err(), Some(Incomparable::Seats { a: 3, b: 4 }));
}

fn outcome(payment: i64, actions: u32) -> Outcome {
    let mut payments = [0; kartya::engine::tables::MAX_SEATS];
    payments[..3].copy_from_slice(&[2 * payment, -payment, -payment]);
    Outcome {
        thrown_in: false,
        contract: Some(0),
        declarer: Some(0),
        won: Some(payment > 0),
        announced: 0,
        figures_won: 0,
        doubled: false,
        payments,
        cards: 27,
        actions,
    }
}

#[test]
fn a_pass_offered_under_one_rule_set_only_is_not_a_difference_in_play() {
    let (s0, s1, s2) = (Seat(0), Seat(1), Seat(2));
    let a = [
        (s0, Action::Bid(0)),
        (s1, Action::Pass),
        (s2, Action::Pass),
        (s0, Action::Play(4)),
    ];
    // B opens one more window (an announcement turn, a doubling level) where seat 1 says nothing
    let b = [
        (s0, Action::Bid(0)),
        (s1, Action::Pass),
        (s2, Action::Pass),
        (s1, Action::Pass),
        (s0, Action::Play(4)),
    ];
    let (oa, ob) = (outcome(2, 4), outcome(2, 5));
    assert!(!compare::play_differs(&a, &b, &oa, &ob));
    // a pass instead of a bid is a difference: the bid is missing
    let c = [
        (s0, Action::Pass),
        (s1, Action::Pass),
        (s2, Action::Pass),
        (s0, Action::Play(4)),
    ];
    assert!(compare::play_differs(&a, &c, &oa, &oa));
    // the same actions with another result (a value the rule changes) differ in outcome
    assert!(compare::play_differs(&a, &a, &oa, &outcome(4, 4)));
    assert!(!compare::play_differs(&a, &a, &oa, &oa));
}

#[test]
fn a_house_rule_that_only_adds_passes_changes_no_hand() {
    // announce-all-speak gives every seat a turn in the announcement round; the heuristic bots
    // say nothing there, so each hand of B has more actions, all of them passes, and the same
    // outcome: no hand was played differently (the old count, histories unequal, gave 2964 of
    // 3000 hands)
    let (a, b) = (rules("alsos-3p"), rules("announce-all-speak"));
    let t = compare::compare(&a, &b, run(300, 1), &compare::heuristic_bots, None, &|_| {})
        .unwrap_or_else(|e| panic!("{e:?}"));
    let (all, _) = t.results();
    assert!(all.actions.diff.unwrap_or(0.0) > 0.5, "{:?}", all.actions);
    assert_eq!(t.play_differing, 0);
    assert!(all.payments.iter().all(|p| p.mean.identical));
}
