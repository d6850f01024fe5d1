//! The session balance (`scoring { session start N each ends ... }`, src/engine/session/mod.rs):
//! takes anrufen (10 tokens each, ends when one cannot pay, digest §4.11.1 and K20) and small
//! house rules over it, gives random sessions played to their end (the hand in which a seat owes
//! more than he has, and no earlier one), the balance conserved, the summary's session counts
//! equal to a session played hand by hand, shard-safe, and absent for rules without a session.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use kartya::engine::session::{AfterHand, Balance, SessionStats};
use kartya::engine::sim::{self, Shard, CHUNK};
use kartya::engine::{bundled_rules, Rules};
use std::sync::Arc;

fn rules_over_anrufen(session: &str) -> Arc<Rules> {
    let text = format!("house-rules short \"a short session\" extends anrufen\nscoring {{\n  session {session}\n}}\n");
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add("short.kartya", text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    assert!(loaded.diags.is_empty(), "{:?}", loaded.diags);
    Rules::new(loaded.variant.unwrap()).unwrap()
}

/// Plays random hands of the run `seed` from hand `first` until the session ends (or `most`
/// hands): gives the hands played and the balance after each.
fn play_session(rules: &Arc<Rules>, seed: u64, first: u64, most: u64) -> (AfterHand, Vec<Vec<i64>>) {
    let session = rules.variant.scoring.session.as_ref().unwrap();
    let players = rules.variant.players as usize;
    let mut b = Balance::new(session, rules.variant.players);
    let mut after = Vec::new();
    let mut buf = Vec::new();
    for i in first..first + most {
        let g = sim::random_hand(rules, seed, i, &mut buf);
        let s = g.result().unwrap();
        if s.redeal {
            continue;
        }
        let end = b.add(&s.payments);
        after.push(b.balances[..players].to_vec());
        if end == AfterHand::Ended {
            return (end, after);
        }
    }
    (AfterHand::PlaysOn, after)
}

#[test]
fn a_session_of_ten_tokens_ends_in_the_hand_a_seat_owes_more_than_he_has() {
    let rules = bundled_rules("anrufen").unwrap();
    for seed in 1..=20 {
        let (end, after) = play_session(&rules, seed, 0, 10_000);
        assert_eq!(end, AfterHand::Ended, "seed {seed}: the session never ended");
        let (last, before) = after.split_last().unwrap();
        // every hand before the last left every seat able to pay (0 included); the last did not
        for (k, b) in before.iter().enumerate() {
            assert!(
                b.iter().all(|x| *x >= 0),
                "seed {seed}: hand {k} left {b:?} and the session went on"
            );
        }
        assert!(
            last.iter().any(|x| *x < 0),
            "seed {seed}: the session ended at {last:?}"
        );
        // payments are zero-sum: the tokens on the table stay 4 x 10
        for b in &after {
            assert_eq!(b.iter().sum::<i64>(), 40, "seed {seed}: {b:?}");
        }
    }
}

#[test]
fn a_session_of_one_token_ends_at_the_first_loss_by_agreement_never() {
    let short = rules_over_anrufen("start 1 each ends when-one-cannot-pay");
    let (end, after) = play_session(&short, 3, 0, 1000);
    assert_eq!(end, AfterHand::Ended);
    // every payment in anrufen is at least 1 token: a seat that pays twice, or 2 at once, ends
    // it (in this run within four hands)
    assert!(after.len() <= 4, "{after:?}");
    let agreed = rules_over_anrufen("start 1 each ends by-agreement");
    let (end, after) = play_session(&agreed, 3, 0, 300);
    assert_eq!(end, AfterHand::PlaysOn);
    assert!(
        after.iter().any(|b| b.iter().any(|x| *x < 0)),
        "nobody went into debt in 300 hands"
    );
}

#[test]
fn the_summary_counts_the_sessions_as_played_hand_by_hand() {
    let rules = bundled_rules("anrufen").unwrap();
    let hands = CHUNK + 100;
    let summary = sim::simulate(&rules, hands, 7);
    // the same sessions by hand: each chunk starts a session, which the chunk's end closes
    let mut want = SessionStats::default();
    let session = rules.variant.scoring.session.as_ref().unwrap();
    let mut buf = Vec::new();
    for chunk in [0..CHUNK, CHUNK..hands] {
        let mut b = Balance::new(session, rules.variant.players);
        for i in chunk {
            let g = sim::random_hand(&rules, 7, i, &mut buf);
            let s = g.result().unwrap();
            if !s.redeal {
                want.add_hand(&mut b, &s.payments);
            }
        }
        want.close(&mut b);
    }
    want.finish();
    let got = summary.session.unwrap();
    assert_eq!(got, want);
    assert!(got.cannot_pay > 0 && got.sessions > got.cannot_pay, "{got:?}");
    assert_eq!(got.hands, hands - summary.redeals);
}

#[test]
fn merged_shards_count_the_sessions_of_one_run() {
    let rules = bundled_rules("anrufen-3p").unwrap();
    let one = sim::simulate(&rules, 1300, 4);
    assert!(one.session.as_ref().is_some_and(|s| s.sessions > 0));
    for of in [2, 3, 9] {
        let merged = (1..=of)
            .map(|index| sim::simulate_shard(&rules, 1300, 4, Shard { index, of }, &|_| {}))
            .reduce(sim::Summary::merge)
            .map(|s| sim::finish(s, 4))
            .unwrap();
        assert_eq!(merged, one, "{of} shards");
    }
}

#[test]
fn rules_without_a_session_report_none() {
    let rules = bundled_rules("koenigrufen-russbach").unwrap();
    let s = sim::simulate(&rules, 300, 1);
    assert_eq!(s.session, None);
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("session"), "{json}");
}
