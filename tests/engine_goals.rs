//! The doubling rules of the back half of a hand, on the fixture trick-goal-defence (asszorti.md
//! §8.2, §11.6): takes random hands stepped one action at a time, gives at every turn the
//! kontras the engine offers against the rule: `not-same-player kontra szubkontra` (TV-D1), no
//! level said by the wrong side (TV-D2), a figure doubled after the game (TV-D3), and the list
//! of legal actions agreeing with `apply`. The scores of the same fixture are pinned by the
//! hand records tests/hands/asszorti-tv-*.json.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use kartya::engine::game::Item;
use kartya::engine::rng::hand_rng;
use kartya::engine::{sim, Action, Game, Phase, Rules};
use std::sync::Arc;

fn fixture() -> Arc<Rules> {
    let (sources, loaded) = common::load(&["tests/fixtures/plays/trick-goal-defence.kartya"], &common::root());
    let v = loaded
        .variant
        .unwrap_or_else(|| panic!("{}", common::render(&loaded.diags, &sources)));
    Rules::new(v).unwrap()
}

/// Every talk turn of random hands: the kontras open to the speaker, by the rule.
#[test]
fn kontras_follow_the_sides_and_the_per_player_rule() {
    kontras_by_the_rule(&fixture());
}

/// The same on the bundled asszorti, whose doubling round is held before the first lead.
#[test]
fn kontras_follow_the_rule_in_the_bundled_asszorti() {
    kontras_by_the_rule(&common::rules(&["asszorti"]));
}

fn kontras_by_the_rule(r: &Arc<Rules>) {
    let mut buf = Vec::new();
    let (mut barred, mut open_to_partner, mut figure_after_game) = (0, 0, 0);
    for i in 0..3000u64 {
        let mut rng = hand_rng(5, i);
        let deal = r.deal_plan.deal_random(&r.tables, &mut rng);
        let mut g = Game::from_deal(Arc::clone(r), kartya::engine::Seat((i % 3) as u8), deal);
        while !g.is_over() {
            let legal = g.legal_actions();
            // a talk turn: the front or back round, or a turn of trick 1 with its announcements
            let talk = matches!(g.phase(), Phase::Front | Phase::Back | Phase::Play)
                && legal
                    .iter()
                    .any(|a| matches!(a, Action::Pass | Action::Kontra(_) | Action::Announce(_)));
            if talk {
                let speaker = g.to_act();
                let declarer = g.pos_of(g.declarer().unwrap()).unwrap();
                let levels = g.game_levels();
                let kontra_game = legal.contains(&Action::Kontra(Item::Game));
                // TV-D2: kontra, szubkontra, mordkontra by the defence, rekontra, hirskontra by the declarer
                if levels.said < 5 && kontra_game {
                    assert_eq!(
                        speaker == declarer,
                        levels.said % 2 == 1,
                        "hand {i}: the wrong side doubles"
                    );
                }
                if levels.said == 5 {
                    assert!(!kontra_game, "hand {i}: nothing above mordkontra");
                }
                // TV-D1: szubkontra only from the defender who did not say kontra
                if levels.said == 2 && speaker != declarer {
                    if levels.sayer(0) == speaker {
                        assert!(!kontra_game, "hand {i}: the kontra-sayer says szubkontra");
                        barred += 1;
                    } else {
                        open_to_partner += kontra_game as u32;
                    }
                }
                // TV-D3: the game doubled, an announced figure not yet: a defender may double it
                if levels.said > 0 && speaker != declarer {
                    for (k, a) in g.announcements().iter().enumerate() {
                        if a.levels.said == 0 {
                            assert!(legal.contains(&Action::Kontra(Item::Figure(k as u16))), "hand {i}");
                            figure_after_game += 1;
                        }
                    }
                }
                // the offered kontras are what `apply` accepts
                for item in
                    std::iter::once(Item::Game).chain((0..g.announcements().len()).map(|k| Item::Figure(k as u16)))
                {
                    let a = Action::Kontra(item);
                    let accepted = g.clone().apply(a).is_ok();
                    assert_eq!(legal.contains(&a), accepted, "hand {i}: {a:?}");
                }
            }
            if !sim::random_step(&mut g, &mut rng, &mut buf) {
                break;
            }
        }
    }
    assert!(barred > 10, "{barred} turns with szubkontra barred");
    assert!(
        open_to_partner > 10,
        "{open_to_partner} turns with szubkontra open to the partner"
    );
    assert!(
        figure_after_game > 10,
        "{figure_after_game} turns with a figure doubled after the game"
    );
}
