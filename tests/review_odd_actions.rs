//! Review of issue 15's mechanisms against odd input: takes random hands of every bundled
//! Königrufen-family file, gives at every step each kind of action with odd numbers (cards and
//! suits beyond the deck, ids past the end) applied to a copy of the hand: none panics, and an
//! action the hand accepts is one `legal_actions` lists.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::deal_random;
use kartya::engine::game::Item;
use kartya::engine::melds::MeldCall;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::{Action, Game, Seat};
use std::sync::Arc;

const FAMILY: &[&str] = &[
    "koenigrufen-russbach",
    "rufmariasch",
    "anrufen",
    "anrufen-3p",
    "anrufen-call-own-card",
    "anrufen-forced-dealer",
    "koenigrufen-graden",
    "koenigrufen-graden-no-own-call",
];

fn odd_actions() -> Vec<Action> {
    let mut out = vec![
        Action::Pass,
        Action::Accept,
        Action::Claim,
        Action::Hold,
        Action::Exchange,
        Action::GiveUp,
        Action::PlayOn,
        Action::Raise,
        Action::CallBack,
        Action::Switch,
        Action::NoTrumps,
        Action::ClaimRest,
        Action::ConcedeRest,
        Action::AcceptClaim,
        Action::DisputeClaim,
        Action::Join,
        Action::Kontra(Item::Game),
        Action::Call(Item::Game),
    ];
    for n in [0u8, 1, 5, 7, 31, 32, 35, 63, 64, 200, 255] {
        out.extend([
            Action::Bid(n),
            Action::BidNumber(n),
            Action::Choose(n),
            Action::Announce(u16::from(n)),
            Action::Kontra(Item::Figure(u16::from(n))),
            Action::Play(n),
            Action::Discard(n),
            Action::Draw(n),
            Action::NameTrumps(n),
            Action::CallCard(n),
            Action::LayFaceDown(n),
            Action::Meld(MeldCall::Marriage { row: n, trump: true }),
            Action::Meld(MeldCall::Marriage { row: n, trump: false }),
            Action::Meld(MeldCall::Sequence(n)),
            Action::Meld(MeldCall::Set(n)),
        ]);
    }
    out.extend([Action::Announce(u16::MAX), Action::Kontra(Item::Figure(u16::MAX))]);
    out
}

#[test]
fn odd_actions_never_panic_and_only_legal_ones_are_taken() {
    let odd = odd_actions();
    for name in FAMILY {
        let r = rules(name);
        let n = r.variant.players;
        let mut accepted = 0u32;
        for i in 0..40u64 {
            let mut rng = hand_rng(1516, i);
            let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
            let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % n as u64) as u8), deal);
            let mut buf = Vec::new();
            let mut steps = 0;
            while !g.is_over() {
                let legal = g.legal_actions();
                for a in &odd {
                    let mut h = g.clone();
                    if h.apply(*a).is_ok() {
                        accepted += 1;
                        assert!(
                            legal.contains(a),
                            "{name} hand {i}: {a:?} accepted but not listed in {legal:?}"
                        );
                        let _ = h.legal_actions();
                        for s in 0..n {
                            let _ = h.observation(Seat(s));
                        }
                    }
                }
                assert!(random_step(&mut g, &mut rng, &mut buf), "{name} hand {i}: stuck");
                steps += 1;
                assert!(steps < 500);
            }
            let s = g.result().expect("a score");
            assert_eq!(s.payments.iter().sum::<i64>(), 0, "{name} hand {i}: not zero-sum");
        }
        assert!(
            accepted > 200,
            "{name}: only {accepted} odd actions were legal somewhere"
        );
    }
}
