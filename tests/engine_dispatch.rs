//! The one dispatcher (src/engine/core/dispatch.rs): takes every bundled file that loads alone,
//! gives random hands in which, at every state, `apply` accepts each action `legal_actions` lists
//! (one action further, the same seat to act as `to_act` said) and refuses a set of probe actions
//! not listed without changing anything: the check and the apply route every action alike.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use kartya::engine::game::Item;
use kartya::engine::{bundled_rules, Action, Game};

/// Actions of every phase, to probe the states where they are not legal.
const PROBES: [Action; 14] = [
    Action::Pass,
    Action::Accept,
    Action::Bid(0),
    Action::Claim,
    Action::Hold,
    Action::Announce(0),
    Action::Kontra(Item::Game),
    Action::Play(0),
    Action::Exchange,
    Action::Discard(0),
    Action::Call(Item::Game),
    Action::Switch,
    Action::ClaimRest,
    Action::AcceptClaim,
];

/// A small deterministic stream for picking actions (the test needs no statistics).
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn check_and_apply_route_every_action_alike() {
    let mut files = 0;
    for b in kartya::bundled::all() {
        let Ok(rules) = bundled_rules(b.name) else { continue };
        files += 1;
        for seed in 0..3u64 {
            let mut g = Game::new(rules.clone(), kartya::engine::Seat((seed % 3) as u8), seed);
            let mut pick = seed + 1;
            for _ in 0..400 {
                if g.is_over() {
                    break;
                }
                let legal = g.legal_actions();
                assert!(!legal.is_empty(), "{}: a hand not over has a legal action", b.name);
                for a in &legal {
                    let mut h = g.clone();
                    let seat = h.to_act_seat();
                    h.apply(*a)
                        .unwrap_or_else(|e| panic!("{}: a listed action is refused: {e}", b.name));
                    assert_eq!(h.actions_taken(), g.actions_taken() + 1, "{}: {a:?}", b.name);
                    assert_eq!(h.history().last(), Some(&(seat, *a)), "{}: {a:?}", b.name);
                }
                for a in PROBES.iter().filter(|a| !legal.contains(a)) {
                    let mut h = g.clone();
                    assert!(h.apply(*a).is_err(), "{}: {a:?} is not listed but accepted", b.name);
                    assert_eq!(h.actions_taken(), g.actions_taken(), "{}: {a:?}", b.name);
                    assert_eq!(h.history(), g.history(), "{}: {a:?}", b.name);
                    assert_eq!(h.phase(), g.phase(), "{}: {a:?}", b.name);
                }
                let a = legal[(next(&mut pick) as usize) % legal.len()];
                g.apply(a).unwrap();
            }
        }
    }
    assert!(files > 5, "the bundled files load");
}
