//! Review of issue 15's hidden information: takes random hands of every bundled Königrufen-family
//! file (Rußbach, Rufmariasch, Anrufen, Graden and their house rules), gives at every step a check
//! of each seat's `Game::observation`: the called partner is named only to himself until his card
//! is played, no other seat's card is in the hand seen, a card laid face down is seen only by its
//! owner, and a hand shown open is a defender's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;
use engine_util::*;
use kartya::engine::deal::deal_random;
use kartya::engine::game::Phase;
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::{Action, Game, Seat};
use std::sync::Arc;

const FAMILY: &[&str] = &[
    "koenigrufen-russbach",
    "koenigrufen-russbach-ten-low",
    "koenigrufen-russbach-no-undertrump",
    "koenigrufen-russbach-minimum-capped",
    "rufmariasch",
    "rufmariasch-no-minimums",
    "rufmariasch-trumps-named",
    "anrufen",
    "anrufen-3p",
    "anrufen-call-own-card",
    "anrufen-forced-dealer",
    "anrufen-no-tricks-partner",
    "anrufen-pik-over-karo",
    "koenigrufen-graden",
    "koenigrufen-graden-no-own-call",
    "koenigrufen-graden-schurln-each",
];

#[test]
fn no_observation_of_the_family_shows_what_its_seat_may_not_see() {
    for name in FAMILY {
        let r = rules(name);
        let n = r.variant.players;
        let mut called = 0u32;
        for i in 0..150u64 {
            let mut rng = hand_rng(1515, i);
            let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
            let mut g = Game::from_deal(Arc::clone(&r), kartya::engine::Seat((i % n as u64) as u8), deal);
            g.set_keep_history(true);
            let mut buf = Vec::new();
            let mut steps = 0;
            loop {
                let card = called_card(&g);
                called += card.is_some() as u32;
                let partner = g.partner().map(Seat);
                for seat in (0..n).map(Seat) {
                    let obs = g.observation(seat);
                    // a raise in trick 1 (`raise-by partner`) shows the partner to every seat
                    let raised = g.history().iter().any(|(_, a)| matches!(a, Action::RaiseTo(_)));
                    if let Some(c) = card {
                        if played(&g, c) || raised {
                            // (a called card the declarer holds himself: alone, and nobody is named)
                            assert_eq!(obs.partner, partner, "{name} hand {i}: the card is played");
                        } else if partner == Some(seat) {
                            assert_eq!(obs.partner, Some(seat), "{name} hand {i}: the partner knows");
                        } else {
                            assert_eq!(obs.partner, None, "{name} hand {i} seat {seat}: partner revealed early");
                        }
                    }
                    let Some(p) = g.pos_of(seat) else { continue };
                    let p = p.index();
                    let others = (0..n as usize)
                        .filter(|q| *q != p)
                        .fold(0u64, |m, q| m | g.deal().hands[q]);
                    if g.phase() != Phase::Over {
                        assert_eq!(obs.hand & others, 0, "{name} hand {i}: another seat's card seen");
                    }
                    // a card laid face down: only its owner sees which
                    for (by, a) in &obs.history {
                        if let Action::LayFaceDown(_) = a {
                            assert_eq!(*by, seat, "{name} hand {i}: seat {seat} sees {by}'s face-down card");
                        }
                    }
                    // the talon draw's discards lie face down: only the declarer sees which (§5.3)
                    if obs.declarer != Some(seat) {
                        assert!(
                            !obs.history.iter().any(|(_, a)| matches!(a, Action::Discard(_))),
                            "{name} hand {i}: seat {seat} sees the declarer's discards"
                        );
                    }
                    // open hands are the defence's: never the declarer's side's
                    if let Some(d) = obs.declarer {
                        assert_eq!(
                            obs.open_hands[d.0 as usize], 0,
                            "{name} hand {i}: the declarer's hand is open"
                        );
                    }
                }
                if g.is_over() {
                    break;
                }
                assert!(random_step(&mut g, &mut rng, &mut buf), "{name} hand {i}: stuck");
                steps += 1;
                assert!(steps < 500, "{name} hand {i}: the hand does not end");
            }
        }
        let _ = called;
    }
}

/// Loads a house-rules text over the bundled files: the variant (if no error) and the rendered
/// diagnostics.
fn load(name: &str, text: &str) -> (Option<kartya::model::Variant>, String) {
    let mut sources = kartya::source::SourceSet::new();
    let id = sources.add(name, text, kartya::source::Origin::User);
    let loaded = kartya::load::load(&mut sources, id, &[]);
    let rendered = loaded
        .diags
        .iter()
        .map(|d| kartya::diag::render_plain(std::slice::from_ref(d), &sources, 100))
        .collect::<String>();
    (loaded.variant, rendered)
}

/// `open-hands defence` opens the hands of every seat off the declarer's side; with a called
/// partner (digest §2.3.6: he must not reveal himself) the seats left closed name the partner to
/// everyone from the trick the hands open, before his card is played. The engine cannot honour
/// both, so `check` rejects the pair (the review found it passing clean).
#[test]
fn open_hands_of_the_defence_with_a_hidden_called_partner_is_rejected() {
    let text = "house-rules rv-open \"x\" extends koenigrufen-russbach\ncontract rufspiel {\n  open-hands defence after-trick 1\n}\n";
    let (v, rendered) = load("rv-open.kartya", text);
    assert!(v.is_none(), "checked clean:\n{rendered}");
    assert!(rendered.contains("kartya::no-effect"), "{rendered}");
    assert!(rendered.contains("open-hands"), "{rendered}");
}

/// `joint` settles each holder by his own tricks (digest §6.6, the joint-bid table); a called
/// partner beside them changed nothing on the sheet, yet the review found the pair checked clean.
#[test]
fn a_joint_contract_with_a_called_partner_is_rejected() {
    let text = "house-rules rv-jcc \"x\" extends koenigrufen-graden\ncontract bettler {\n  sides called-card any.A alone-if-own\n}\n";
    let (v, rendered) = load("rv-jcc.kartya", text);
    assert!(v.is_none(), "checked clean:\n{rendered}");
    assert!(
        rendered.contains("kartya::no-effect") && rendered.contains("joint"),
        "{rendered}"
    );
}
