//! The double-dummy solver against a plain minimax (no pruning, no table, no collapsing) on
//! small endgames of random hands of every bundled file: the same value, and the yes/no query
//! agreeing with it one below, at and one above, each card's value (`card_values`) that of its
//! child; plus its answers on a few pinned positions.

use kartya::engine::rng::{below, hand_rng, HandRng};
use kartya::engine::sim::random_step;
use kartya::engine::tables::MAX_SEATS;
use kartya::engine::{bundled_rules, Game, Phase, Play, PlayTable};
use kartya::solve::{Count, Objective, OverBudget, Solver};
use std::sync::Arc;

mod common;

/// What a finished trick adds, and the side after it (the reference's own reading of
/// `Objective`, written out separately from the solver's).
fn reference(t: &PlayTable, p: &Play, obj: &Objective, side: u16, pending: [i32; MAX_SEATS]) -> i32 {
    if p.is_over() {
        return 0;
    }
    let mover = p.to_play as usize;
    let maximizing = (side & (1 << mover) != 0) == obj.side_maximizes;
    let mut best: Option<i32> = None;
    let mut m = p.legal(t);
    assert_ne!(m, 0, "a player to move has a legal card");
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        let mut q = p.clone();
        let done = q.place(t, c);
        let (mut side2, mut pending2, mut gain) = (side, pending, 0);
        if let Some(d) = done {
            let unit = if obj.count == Count::Points { d.points } else { 1 };
            let w = d.winner as usize;
            let k = q.tricks_played - 1;
            if side & (1 << w) != 0 {
                gain = unit;
            } else if obj.partner_trick == Some(k) {
                side2 |= 1 << w;
                gain = unit + pending[w];
                pending2 = [0; MAX_SEATS];
            } else if obj.partner_trick.is_some_and(|pt| k < pt) {
                pending2[w] += unit;
            }
        }
        let v = gain + reference(t, &q, obj, side2, pending2);
        best = Some(match best {
            None => v,
            Some(b) if maximizing => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap_or(0)
}

/// Plays a random hand of `rules` up to a play position with at most `left` tricks to go
/// (sometimes a few cards into the trick); `None` when the hand ends before (no contract).
fn endgame(rules: &Arc<kartya::engine::Rules>, rng: &mut HandRng, left: u8) -> Option<Game> {
    let deal = rules.deal_plan.deal_random(&rules.tables, rng);
    let mut g = Game::from_deal(
        Arc::clone(rules),
        kartya::engine::Seat(below(rng, rules.variant.players as u32) as u8),
        deal,
    );
    let mut buf = Vec::new();
    let extra = below(rng, 3) as u8;
    loop {
        if g.is_over() {
            return None;
        }
        if g.phase() == Phase::Play && g.legal_cards().is_some() {
            let p = g.play_state();
            if p.total_tricks - p.tricks_played <= left && p.trick_len >= extra.min(p.n - 1) {
                return Some(g);
            }
        }
        if !random_step(&mut g, rng, &mut buf) {
            return None;
        }
    }
}

/// The solver's value, yes/no answers and best cards for one position against the reference.
fn agrees(solver: &mut Solver, t: &PlayTable, p: &Play, obj: &Objective, name: &str) {
    let want = reference(t, p, obj, obj.side, [0; MAX_SEATS]);
    let got = solver.value(t, p, obj).expect("no budget set");
    assert_eq!(got, want, "{name}: value of {p:?} for {obj:?}");
    for threshold in [want - 1, want, want + 1] {
        let yes = solver.at_least(t, p, obj, threshold).expect("no budget set");
        assert_eq!(
            yes,
            want >= threshold,
            "{name}: at_least {threshold}, value {want}, {obj:?}"
        );
    }
    let (v, best) = solver.best_cards(t, p, obj).expect("no budget set");
    assert_eq!(v, want);
    assert!(best != 0 && best & !p.legal(t) == 0, "{name}: best cards are legal");
    // each best card keeps the value: its child, searched by the reference, is worth it
    let mut m = best;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        assert_eq!(child_value(t, p, obj, c), want, "{name}: best card {c}");
    }
    // every legal card's own value is the reference's value of its child
    let mut values = [i32::MIN; 64];
    let legal = solver.card_values(t, p, obj, &mut values).expect("no budget set");
    assert_eq!(legal, p.legal(t), "{name}: card_values covers the legal cards");
    let mut m = legal;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        assert_eq!(
            values[c as usize],
            child_value(t, p, obj, c),
            "{name}: value of card {c}"
        );
    }
}

/// The reference's value of playing `c` now: what its trick adds, then the rest.
fn child_value(t: &PlayTable, p: &Play, obj: &Objective, c: u8) -> i32 {
    let mut q = p.clone();
    let done = q.place(t, c);
    let (mut side, mut pending, mut gain) = (obj.side, [0; MAX_SEATS], 0);
    if let Some(d) = done {
        let unit = if obj.count == Count::Points { d.points } else { 1 };
        let w = d.winner as usize;
        if side & (1 << w) != 0 {
            gain = unit;
        } else if obj.partner_trick == Some(q.tricks_played - 1) {
            side |= 1 << w;
            gain = unit;
        } else if obj.partner_trick.is_some_and(|pt| q.tricks_played - 1 < pt) {
            pending[w] = unit;
        }
    }
    gain + reference(t, &q, obj, side, pending)
}

#[test]
fn solver_equals_exhaustive_search_on_endgames_of_every_bundled_file() {
    let mut solver = Solver::new();
    let bundled = kartya::bundled::all().map(|b| (b.name.to_string(), true, bundled_rules(b.name).expect(b.name)));
    // the fixtures add the partner sides no bundled file has yet (a trick's winner, fixed pairs)
    let fixtures = common::kartya_files(&common::root().join("tests/fixtures/plays"));
    let fixtures = fixtures.iter().map(|p| {
        let name = p
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let rules = common::fixture_rules(&name);
        (name, false, rules)
    });
    let (mut checked, mut minimizing, mut partnered, mut by_trick) = (0, 0, 0, 0);
    for (name, is_bundled, rules) in bundled.chain(fixtures) {
        let mut rng = hand_rng(0x5017e, checked as u64);
        let mut found = 0;
        for attempt in 0..300 {
            if found == 6 {
                break;
            }
            // four tricks for three players, fewer for more (the reference grows as n!^tricks)
            let left = if rules.variant.active <= 3 {
                2 + attempt % 3
            } else {
                2 + attempt % 2
            };
            let Some(g) = endgame(&rules, &mut rng, left as u8) else {
                continue;
            };
            let (Some(obj), Some(t)) = (Objective::of_game(&g), g.play_table()) else {
                continue;
            };
            let p = g.play_state();
            // the position's own objective, and two more read on the same cards: the side
            // playing the other way, and the next trick's winner joining a lone declarer
            let flipped = Objective {
                side_maximizes: !obj.side_maximizes,
                ..obj
            };
            let joins = (obj.side.count_ones() == 1 && obj.partner_trick.is_none()).then_some(Objective {
                partner_trick: Some(p.tricks_played),
                ..obj
            });
            for o in [Some(obj), Some(flipped), joins].into_iter().flatten() {
                agrees(&mut solver, t, p, &o, &name);
                minimizing += usize::from(!o.side_maximizes);
                partnered += usize::from(o.side.count_ones() > 1);
                by_trick += usize::from(o.partner_trick.is_some());
            }
            found += 1;
        }
        // a fixture without a declarer (everyone scores for himself) has no side to solve for
        assert!(
            found > 0 || !is_bundled,
            "{name}: no endgame reached in 300 random hands"
        );
        checked += 1;
    }
    assert!(checked >= 60, "{checked} files");
    // each way of counting was met: a side playing to take little, a partner, one to come
    assert!(
        minimizing > 0 && partnered > 0 && by_trick > 0,
        "{minimizing} {partnered} {by_trick}"
    );
}

#[test]
fn unplace_takes_every_card_back_exactly() {
    // the solver walks one play in place: each card placed and taken back must leave the play
    // as it was (but for the records past the tricks played, which nothing reads)
    let mut cards = 0;
    for b in kartya::bundled::all() {
        let rules = bundled_rules(b.name).expect(b.name);
        let mut rng = hand_rng(0x0dd0, cards as u64);
        for _ in 0..5 {
            let Some(g) = endgame(&rules, &mut rng, u8::MAX) else {
                continue;
            };
            let Some(t) = g.play_table() else { continue };
            let mut p = g.play_state().clone();
            while !p.is_over() {
                let legal = p.legal(t);
                let mut m = legal;
                while m != 0 {
                    let c = m.trailing_zeros() as u8;
                    m &= m - 1;
                    let mut q = p.clone();
                    let undo = q.undo_point();
                    let done = q.place(t, c);
                    q.unplace(c, &undo, done);
                    q.trick = p.trick;
                    q.trick_winner = p.trick_winner;
                    q.trick_card = p.trick_card;
                    assert_eq!(format!("{q:?}"), format!("{p:?}"), "{}: card {c}", b.name);
                    cards += 1;
                }
                let k = below(&mut rng, legal.count_ones());
                let mut m = legal;
                for _ in 0..k {
                    m &= m - 1;
                }
                p.place(t, m.trailing_zeros() as u8);
            }
        }
    }
    assert!(cards > 1000, "{cards} cards");
}

#[test]
fn a_budget_too_small_gives_unknown_not_a_wrong_value() {
    let rules = bundled_rules("alsos-3p").expect("bundled");
    let mut rng = hand_rng(7, 0);
    let g = (0..100)
        .find_map(|_| endgame(&rules, &mut rng, 8).filter(|g| g.play_state().trick_len == 0))
        .expect("a hand with play");
    let (obj, t) = (
        Objective::of_game(&g).expect("in play"),
        g.play_table().expect("in play"),
    );
    let mut solver = Solver::new();
    solver.set_budget(10);
    assert_eq!(solver.value(t, g.play_state(), &obj), Err(OverBudget));
    assert_eq!(solver.at_least(t, g.play_state(), &obj, 50), Err(OverBudget));
    solver.set_budget(u64::MAX);
    let v = solver.value(t, g.play_state(), &obj).expect("no budget");
    assert!((0..=t.mask_points(u64::MAX) + t.last_trick).contains(&v));
}

/// `record::position` on the pinned hand records: at every card turn of the last three tricks,
/// the solver's value of the recorded position equals the reference's.
#[test]
fn recorded_positions_solve_as_the_reference_does() {
    let dir = common::root().join("tests/hands");
    let mut solved = 0;
    let mut solver = Solver::new();
    for path in std::fs::read_dir(&dir)
        .expect("tests/hands")
        .flatten()
        .map(|e| e.path())
    {
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a record");
        let mut sources = kartya::source::SourceSet::new();
        let id = sources.add(path.display().to_string(), text, kartya::source::Origin::User);
        let Some(full) = kartya::record::replay(&mut sources, id).game else {
            continue;
        };
        let n = full.history().len();
        for from in n.saturating_sub(9)..n {
            let pos = kartya::record::position::position(&mut sources, id, Some(from));
            let Some(g) = pos.game else { continue };
            // the reference grows as n!^tricks: only the last three tricks (an early end can
            // leave many)
            if g.play_state().total_tricks - g.play_state().tricks_played > 3 {
                continue;
            }
            let (obj, t) = (
                Objective::of_game(&g).expect("a card turn"),
                g.play_table().expect("in play"),
            );
            let want = reference(t, g.play_state(), &obj, obj.side, [0; MAX_SEATS]);
            assert_eq!(
                solver.value(t, g.play_state(), &obj),
                Ok(want),
                "{} from {from}",
                path.display()
            );
            solved += 1;
        }
    }
    assert!(solved > 20, "{solved} positions");
}

#[test]
fn the_cli_prints_the_value_and_best_cards_and_fails_on_a_record_without_play() {
    use common::cli::{code, kartya, stdout};
    let o = kartya(&[
        "solve",
        "tests/hands/alsos-overtrump-trump-game.json",
        "--from",
        "33",
        "--json",
    ]);
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["value"], 21);
    assert_eq!(v["best"], serde_json::json!(["tök.9"]));
    let o = kartya(&["solve", "tests/fixtures/diagnostics/solve-no-play.json"]);
    assert_eq!(code(&o), 1);
    let o = kartya(&[
        "solve",
        "tests/fixtures/diagnostics/solve-from-beyond.json",
        "--from",
        "46",
    ]);
    assert_eq!(code(&o), 1);
}

/// Issue 28.12: the solver has a node budget (`--nodes`, never a clock); a position it cannot
/// settle within it is an error that says so, and a budget of 0 is refused.
#[test]
fn the_cli_solver_stops_at_its_node_budget_and_says_so() {
    use common::cli::{code, kartya};
    let o = kartya(&["solve", "tests/hands/alsos-overtrump-trump-game.json", "--nodes", "10"]);
    assert_eq!(code(&o), 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("budget of 10 nodes") && err.contains("--nodes"), "{err}");
    let o = kartya(&["solve", "tests/hands/alsos-overtrump-trump-game.json", "--nodes", "0"]);
    assert_eq!(code(&o), 2);
}
