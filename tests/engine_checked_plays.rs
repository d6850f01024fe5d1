//! What checks clean plays as `explain` says: takes bundled files and small overlays, gives hands
//! in which each statement the checker accepts does in the engine what `explain` prints.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
mod engine_util;
use engine_util::*;
use kartya::engine::Seat;
use kartya::engine::{Action, Phase};

/// Dealer seat 2: seat 0 is forehand, seat 1 middlehand, seat 2 the dealer.
const DEALER: u8 = 2;

/// `announcing { end all-spoke-then-two-passes }` (announce-all-speak, A18): the front round does
/// not end when the declarer and the next player pass at once; the third player still speaks.
/// Under the literal rule of alsos-3p the same two passes end it.
#[test]
fn all_speak_first_gives_the_third_player_his_turn() {
    for (name, all_speak) in [("alsos-3p", false), ("announce-all-speak", true)] {
        let r = rules(name);
        let mut g = game_from_order(&r, DEALER, &deck_with(&r, 3, &[]));
        act(&mut g, &[Action::Pass, Action::Accept]);
        let declarer = g.declarer().unwrap();
        assert_eq!(g.phase(), Phase::Front, "{name}");
        assert_eq!(g.to_act_seat(), declarer, "{name}: the declarer speaks first");
        act(&mut g, &[Action::Pass, Action::Pass]);
        if all_speak {
            assert_eq!(g.phase(), Phase::Front, "{name}: the third player has not spoken");
            assert_eq!(g.to_act_seat(), (declarer.0 + 2) % 3, "{name}");
            act(&mut g, &[Action::Pass]);
        }
        assert_ne!(g.phase(), Phase::Front, "{name}: three passes end the round");
    }
}

/// Once everyone has spoken, two passes in a row end the round as before: the declarer and the
/// second player pass, the third says kontra, and the next two passes end the round.
#[test]
fn all_speak_first_then_two_passes_end_the_round() {
    use kartya::engine::game::Item;
    let r = rules("announce-all-speak");
    let mut g = game_from_order(&r, DEALER, &deck_with(&r, 3, &[]));
    act(&mut g, &[Action::Pass, Action::Accept]);
    act(&mut g, &[Action::Pass, Action::Pass]);
    assert!(g.legal_actions().contains(&Action::Kontra(Item::Game)));
    act(&mut g, &[Action::Kontra(Item::Game), Action::Pass, Action::Pass]);
    assert_eq!(g.phase(), Phase::Front, "one pass after the kontra");
    act(&mut g, &[Action::Pass]);
    assert_ne!(g.phase(), Phase::Front, "all spoke, then two passes in a row");
}

/// What random hands of one rule set showed: per contract the hands played, per figure the
/// announcements and the wins, and the exchanges with the cards they took.
#[derive(Default)]
struct Seen {
    played: Vec<u64>,
    announced: Vec<u64>,
    won: Vec<u64>,
    exchanges: u64,
    took_more: u64,
    /// Hands of a contract with a talon draw whose declarer took cards from the talon.
    drew: Vec<u64>,
    /// Talon draws that broke their rule: not N cards taken (up to N with `up-to`), not as many
    /// discards as cards taken, or a talon that did not keep its size.
    bad_draws: Vec<String>,
    /// Hands of a `trumps chosen` contract played with a named suit, and with no trumps.
    named_suit: u64,
    named_none: u64,
}

fn play_random(r: &std::sync::Arc<kartya::engine::Rules>, seed: u64, hands: u64) -> Seen {
    let v = &r.variant;
    let mut seen = Seen {
        played: vec![0; v.contracts.len()],
        drew: vec![0; v.contracts.len()],
        announced: vec![0; v.figures.len()],
        won: vec![0; v.figures.len()],
        ..Seen::default()
    };
    let mut buf = Vec::new();
    for i in 0..hands {
        let g = kartya::engine::sim::random_hand(r, seed, i, &mut buf);
        let Some(s) = g.result() else { continue };
        if let Some(c) = s.contract {
            seen.played[c] += 1;
            check_talon_draw(&g, c, i, &mut seen);
        }
        for a in g.announcements() {
            seen.announced[a.figure] += 1;
        }
        for item in &s.items {
            if let (Some(f), Some(true)) = (item.figure, item.won) {
                seen.won[f] += 1;
            }
        }
        let x = g.exchange_state();
        if x.exchanged {
            seen.exchanges += 1;
            seen.took_more += (x.taken.count_ones() > 1) as u64;
        }
    }
    seen
}

/// The talon draw and the trump naming of one finished hand of contract `c`, against the rule.
fn check_talon_draw(g: &kartya::engine::Game, c: usize, hand: u64, seen: &mut Seen) {
    let contract = &g.rules().variant.contracts[c];
    let talon = g.deal().talon_len;
    let d = g.talon_draw_state();
    if let Some(rule) = contract.talon_draw.filter(|_| g.declarer().is_some()) {
        let most = rule.count.min(talon);
        let count_ok = if rule.up_to {
            d.taken_count <= most
        } else {
            d.taken_count == most
        };
        let now = g.talon_now();
        let ok = count_ok
            && d.taken.count_ones() == d.taken_count as u32
            && d.discard_count == d.taken_count
            && now.cards().len() == talon as usize
            && now.discards.count_ones() == d.discard_count as u32
            && now.cards()[talon as usize - d.discard_count as usize..]
                .iter()
                .all(|c| now.discards & (1u64 << c) != 0);
        if !ok {
            seen.bad_draws.push(format!("hand {hand}: {d:?}"));
        }
        seen.drew[c] += (d.taken_count > 0) as u64;
    } else if d.active {
        seen.bad_draws.push(format!("hand {hand}: a draw without a rule"));
    }
    if contract.chosen_trumps.is_some() {
        if g.has_trumps() {
            seen.named_suit += 1;
        } else {
            seen.named_none += 1;
        }
    }
}

/// What a rule set promises, read from its model as `explain` prints it, against what random
/// hands do: every contract reached by a bid is played, every figure of a played contract is
/// announced and (unless it raises the game rather than being scored on its own) won at least
/// once, and an exchange takes the cards its `take` list says (more than the indicator exactly
/// when the list names more). Random bots make every legal choice with some chance, so a
/// promise the engine does not keep shows as a count of zero; a rare event (volát) gets ten
/// times the hands before it counts as missing. The all-pass contract is the next test's.
#[test]
fn random_hands_do_what_explain_promises_in_every_bundled_file() {
    const HANDS: u64 = 6000;
    let mut broken = Vec::new();
    let fixtures = common::kartya_files(&common::root().join("tests/fixtures/plays"));
    assert!(!fixtures.is_empty());
    let bundled = kartya::bundled::all().map(|b| (b.name.to_string(), rules(b.name)));
    let fixtures = fixtures.iter().map(|p| {
        let path = p.to_string_lossy().to_string();
        let (sources, loaded) = common::load(&[path.as_str()], &common::root());
        let v = loaded
            .variant
            .unwrap_or_else(|| panic!("{}", common::render(&loaded.diags, &sources)));
        assert!(loaded.diags.is_empty(), "{}", common::render(&loaded.diags, &sources));
        (path, kartya::engine::Rules::new(v).unwrap())
    });
    for (name, r) in bundled.chain(fixtures) {
        let v = &r.variant;
        let all_pass = match v.bidding.all_pass {
            kartya::model::AllPass::Contract(c) => Some(c),
            kartya::model::AllPass::Redeal => None,
        };
        let missing = |seen: &Seen| {
            let mut out = Vec::new();
            for (c, contract) in v.contracts.iter().enumerate() {
                if seen.played[c] == 0 && Some(c) != all_pass {
                    out.push(format!("contract `{}` never played", contract.name));
                }
            }
            for (f, figure) in v.figures.iter().enumerate() {
                if !figure.contracts.iter().any(|c| seen.played[*c] > 0) {
                    continue;
                }
                let scored_alone = !figure.multiplies_game;
                if seen.announced[f] == 0 || (scored_alone && seen.won[f] == 0) {
                    out.push(format!(
                        "figure `{}` announced {} times, won {}",
                        figure.name, seen.announced[f], seen.won[f]
                    ));
                }
            }
            for (c, contract) in v.contracts.iter().enumerate() {
                let draws = contract.talon_draw.is_some_and(|d| d.count > 0);
                if draws && seen.played[c] > 0 && seen.drew[c] == 0 {
                    out.push(format!("contract `{}` played, its declarer never drew", contract.name));
                }
            }
            out.extend(seen.bad_draws.iter().take(3).map(|b| format!("talon draw: {b}")));
            let chosen: Vec<_> = v.contracts.iter().filter_map(|c| c.chosen_trumps).collect();
            if !chosen.is_empty() {
                let may_none = chosen.iter().any(|c| c.or_none);
                if seen.named_suit == 0 {
                    out.push("no declarer ever named a trump suit".to_string());
                }
                if may_none && seen.named_none == 0 {
                    out.push("`or-none`, but no declarer ever named no trumps".to_string());
                }
                if !chosen.iter().all(|c| c.or_none) && !may_none && seen.named_none > 0 {
                    out.push(format!(
                        "{} hands without trumps, but no contract allows it",
                        seen.named_none
                    ));
                }
            }
            let promises_more = v.exchanges.iter().any(|x| !x.take.is_empty());
            if seen.exchanges == 0 {
                if !v.exchanges.is_empty() {
                    out.push("nobody ever exchanged".to_string());
                }
            } else if promises_more && seen.took_more == 0 {
                out.push(format!(
                    "{} exchanges, none took more than the indicator",
                    seen.exchanges
                ));
            } else if !promises_more && seen.took_more > 0 {
                out.push(format!("`take none`, but {} exchanges took more", seen.took_more));
            }
            out
        };
        let mut gaps = missing(&play_random(&r, 11, HANDS));
        if !gaps.is_empty() {
            gaps = missing(&play_random(&r, 12, 10 * HANDS));
        }
        broken.extend(gaps.into_iter().map(|g| format!("{name}: {g}")));
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The side invariants of the partnership fixtures (`sides called-card`, `trick-winner`,
/// `fixed` with `payments side-vs-side`), over random hands: payments are zero-sum, every seat
/// is on exactly one side (the declarer's side all receive the same, the others all pay the
/// same: 2 against 2, or 1 against 3 when the declarer plays alone), and a called partner is
/// hidden from every other seat's observation until the called card is played.
#[test]
fn partnerships_keep_their_side_invariants() {
    use kartya::engine::sim::random_step;
    for name in ["called-king-4p", "first-trick-partner", "whist-partnerships"] {
        let path = common::root().join(format!("tests/fixtures/plays/{name}.kartya"));
        let path = path.to_string_lossy().to_string();
        let (_, loaded) = common::load(&[path.as_str()], &common::root());
        let r = kartya::engine::Rules::new(loaded.variant.unwrap()).unwrap();
        let (mut alone, mut paired) = (0, 0);
        for seed in 0..300u64 {
            let mut g = kartya::engine::Game::new(r.clone(), kartya::engine::Seat((seed % 4) as u8), seed);
            let mut rng = kartya::engine::rng::hand_rng(seed, 1);
            let mut buf = Vec::new();
            let mut called = None;
            while !g.is_over() {
                if let Some((_, Action::CallCard(c))) = g.history().last() {
                    called = Some(*c);
                }
                if let (Some(c), Phase::Play) = (called, g.phase()) {
                    let holder = (0..4u8).find(|&s| g.observation(Seat(s)).hand & (1u64 << c) != 0);
                    let declarer = g.declarer().unwrap();
                    for s in 0..4u8 {
                        let seen = g.observation(Seat(s)).partner;
                        match holder {
                            Some(h) if h != declarer && s == h => assert_eq!(seen, Some(Seat(h)), "{name} {seed}"),
                            Some(_) => assert_eq!(seen, None, "{name} {seed}: the partner is hidden from seat {s}"),
                            None => assert_eq!(seen, g.observation(Seat(0)).partner, "{name} {seed}: known to all"),
                        }
                    }
                }
                assert!(random_step(&mut g, &mut rng, &mut buf), "{name} {seed}");
            }
            let s = g.result().unwrap();
            assert_eq!(s.payments.iter().sum::<i64>(), 0, "{name} {seed}: zero-sum");
            let d = s.declarer.unwrap() as usize;
            let pd = s.payments[d];
            let team: Vec<usize> = (0..4).filter(|&q| s.payments[q] == pd).collect();
            let others: Vec<usize> = (0..4).filter(|&q| s.payments[q] != pd).collect();
            if pd == 0 {
                continue;
            }
            assert!(
                others.iter().all(|&q| s.payments[q] == s.payments[others[0]]),
                "{name} {seed}: {:?}",
                s.payments
            );
            match team.len() {
                1 => alone += 1,
                2 => paired += 1,
                n => panic!("{name} {seed}: a side of {n} seats: {:?}", s.payments),
            }
            assert_eq!(
                pd * team.len() as i64,
                -s.payments[others[0]] * others.len() as i64,
                "{name} {seed}"
            );
            if name == "whist-partnerships" {
                assert_eq!(
                    team.iter().map(|q| q % 2).collect::<Vec<_>>(),
                    vec![d % 2; 2],
                    "{name} {seed}: seats 0+2, 1+3"
                );
            }
        }
        assert!(paired > 0, "{name}: a two-against-two hand");
        if name != "whist-partnerships" {
            assert!(alone > 0, "{name}: a hand played alone");
        }
    }
}
