//! Non-interference (issue 28): takes random hands of every bundled file and, at sampled steps,
//! for each active seat a second deal that differs from the real one only in two cards that seat
//! has never seen (swapped between two other places: hands, talon); gives the check that the
//! public action prefix, replayed on the second deal, leaves the seat's view unchanged: its
//! `observation`, whose turn it is, its legal actions, the heuristic bot's action from the same
//! stream, and pimc's information set. A second deal on which the prefix is refused is skipped
//! (the prefix itself told the seat something about those cards). CI runs a sample; the long run
//! takes `KARTYA_SECRECY_HANDS` hands per file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod engine_util;

use kartya::bots::{BotKind, View};
use kartya::engine::deal::{deal_random, Deal};
use kartya::engine::rng::hand_rng;
use kartya::engine::sim::random_step;
use kartya::engine::{Action, Game, Rules, Seat};
use rand::Rng;
use std::sync::Arc;

/// The cards the rules let a seat see: its hand, the open cards of the table (the observation's
/// fields for them: indicator, face-up talon and discards, open hands, shown cards), the trick,
/// every card played, and its own discards and face-down cards. Not another seat's discards or
/// face-down card, even where the history shows them: whether it may is what the test asks.
fn seen_by(g: &Game, seat: Seat) -> u64 {
    let o = g.observation(seat);
    let mut m = o.hand | o.talon_face_up | o.open_hand | o.shown;
    m |= o.indicator.map_or(0, |c| 1u64 << c);
    for h in o.open_hands {
        m |= h;
    }
    for (_, c) in &o.trick {
        m |= 1u64 << c;
    }
    for (by, a) in &o.history {
        match a {
            Action::Play(c) => m |= 1u64 << c,
            Action::Discard(c) | Action::LayFaceDown(c) if *by == seat => m |= 1u64 << c,
            _ => {}
        }
    }
    m
}

/// What the seat's view gives, as text to compare: the observation, the tricks gathered in,
/// whose turn, the legal actions and the heuristic bot's choice (when the seat is to act), pimc's information set.
fn view_of(g: &Game, seat: Seat, stream: u64) -> String {
    let mut out = format!(
        "{:?}\nto act {:?} phase {:?}\n",
        g.observation(seat),
        g.to_act_seat(),
        g.phase()
    );
    // the tricks the play screen shows as they are gathered in (`kartya play`, issue 30.1)
    out += &format!("tricks seen {:?}\n", g.tricks_seen());
    let view = View::new(g, seat);
    out += &format!(
        "view: hand {} played {} trick {:?} tricks {} side {}\n",
        view.hand(),
        view.played(),
        view.trick(),
        view.tricks_played(),
        view.side()
    );
    if !g.is_over() && g.to_act_seat() == seat {
        let mut legal = Vec::new();
        view.legal_actions_into(&mut legal);
        out += &format!("legal {legal:?}\n");
        let mut bot = BotKind::Heuristic.make();
        bot.start_hand();
        let mut rng = hand_rng(stream, 0);
        out += &format!("heuristic {:?}\n", bot.act(&view, &mut rng));
    }
    if let Ok(info) = kartya::pimc::info::InfoSet::of(g, seat) {
        out += &format!("pimc {info:?}\n");
    }
    out
}

/// The deal with cards `x` and `y` in each other's place (hand, face-down packet, talon position,
/// indicator); `None` when they lie in the same place, so that swapping them changes nothing.
fn swapped(deal: &Deal, x: u8, y: u8) -> Option<Deal> {
    let swap = |m: u64| {
        let (bx, by) = (m >> x & 1, m >> y & 1);
        (m & !(1u64 << x) & !(1u64 << y)) | by << x | bx << y
    };
    let mut d = deal.clone();
    for (h, hid) in d.hands.iter_mut().zip(d.hidden.iter_mut()) {
        *h = swap(*h);
        *hid = swap(*hid);
    }
    d.talon_face_up = swap(d.talon_face_up);
    let len = d.talon_len as usize;
    for c in d.talon.iter_mut().take(len) {
        *c = if *c == x {
            y
        } else if *c == y {
            x
        } else {
            *c
        };
    }
    d.indicator = d.indicator.map(|c| {
        if c == x {
            y
        } else if c == y {
            x
        } else {
            c
        }
    });
    let same = d.hands == deal.hands
        && d.hidden == deal.hidden
        && d.talon_face_up == deal.talon_face_up
        && d.talon[..len] == deal.talon[..len]
        && d.indicator == deal.indicator;
    (!same).then_some(d)
}

/// The prefix replayed on the second deal, with the two cards swapped in every action too (a
/// discard of one is a discard of the other there): the game, or why it stopped. A turn that
/// falls to another seat is a finding (whose turn it is is public, so it may not depend on
/// hidden cards); an action the second deal refuses is not (the action told the seat something).
fn replay(
    r: &Arc<Rules>,
    dealer: Seat,
    deal: &Deal,
    prefix: &[(Seat, Action)],
    x: u8,
    y: u8,
) -> Result<Game, Option<String>> {
    let swap = |c: u8| {
        if c == x {
            y
        } else if c == y {
            x
        } else {
            c
        }
    };
    let mut g = Game::from_deal(Arc::clone(r), dealer, deal.clone());
    g.set_keep_history(true);
    for (k, (seat, a)) in prefix.iter().enumerate() {
        let a = match *a {
            Action::Play(c) => Action::Play(swap(c)),
            Action::Discard(c) => Action::Discard(swap(c)),
            Action::LayFaceDown(c) => Action::LayFaceDown(swap(c)),
            other => other,
        };
        // how many cards an exchanger took the table sees, if not which (`take whole-talon`):
        // a second deal where he takes another number has him discard another number of times
        let other_count = matches!(a, Action::Discard(_))
            || matches!(prefix.get(k.wrapping_sub(1)), Some((s, Action::Discard(_)) | (s, Action::Exchange)) if *s == g.to_act_seat());
        if g.to_act_seat() != *seat && other_count {
            return Err(None);
        }
        if g.to_act_seat() != *seat {
            return Err(Some(format!(
                "  action {k}: seat {} to act in the real deal, seat {} in the other ({:?}); prefix {:?}",
                seat.0,
                g.to_act_seat().0,
                g.phase(),
                &prefix[..=k]
            )));
        }
        if g.apply(a).is_err() {
            return Err(None);
        }
    }
    Ok(g)
}

struct Tally {
    compared: u64,
    skipped: u64,
    differing: Vec<String>,
}

fn check_file(name: &str, hands: u64, tally: &mut Tally) {
    let r = engine_util::rules(name);
    let n = r.variant.players;
    for i in 0..hands {
        let mut rng = hand_rng(2828, i);
        let deal = deal_random(&r.tables, &r.variant.deal, r.variant.active, &mut rng);
        let dealer = Seat((i % n as u64) as u8);
        let mut g = Game::from_deal(Arc::clone(&r), dealer, deal.clone());
        g.set_keep_history(true);
        let mut buf = Vec::new();
        let mut seen = vec![0u64; n as usize];
        let mut step = 0u64;
        loop {
            for s in 0..n {
                seen[s as usize] |= seen_by(&g, Seat(s));
            }
            // a sample of the steps, and always the end of the hand
            let sampled = g.is_over() || rng.gen_range(0..4) == 0;
            if sampled {
                for s in 0..n {
                    let seat = Seat(s);
                    if g.pos_of(seat).is_none() {
                        continue;
                    }
                    // two cards the seat never saw, in two different places of the deal
                    let hidden: Vec<u8> = (0..64u8)
                        .filter(|&c| r.tables.all & (1u64 << c) != 0 && seen[s as usize] & (1u64 << c) == 0)
                        .collect();
                    if hidden.len() < 2 {
                        continue;
                    }
                    let a = hidden[rng.gen_range(0..hidden.len())];
                    let b = hidden[rng.gen_range(0..hidden.len())];
                    let Some(other) = swapped(&deal, a, b) else {
                        continue;
                    };
                    let prefix = g.history().to_vec();
                    let g2 = match replay(&r, dealer, &other, &prefix, a, b) {
                        Ok(g2) => g2,
                        Err(None) => {
                            tally.skipped += 1;
                            continue;
                        }
                        Err(Some(turn)) => {
                            tally.compared += 1;
                            if tally.differing.len() < 2000 {
                                tally.differing.push(format!(
                                    "{name} hand {i} step {step} seat {s} (cards {a} and {b} swapped):\n{turn}"
                                ));
                            }
                            continue;
                        }
                    };
                    // how many cards the exchanger took the table sees (`take whole-talon`: not
                    // which): a second deal where he takes another number tells itself apart
                    if g.exchange_state().taken.count_ones() != g2.exchange_state().taken.count_ones() {
                        tally.skipped += 1;
                        continue;
                    }
                    // the cards must be hidden in the second deal too: a card the rules show
                    // there (a marriage shown from the other hand) tells the worlds apart
                    if seen_by(&g2, seat) & (1u64 << a | 1u64 << b) != 0 {
                        tally.skipped += 1;
                        continue;
                    }
                    tally.compared += 1;
                    let stream = i * 1000 + step;
                    let (v1, v2) = (view_of(&g, seat, stream), view_of(&g2, seat, stream));
                    if v1 != v2 && tally.differing.len() < 2000 {
                        tally.differing.push(format!(
                            "{name} hand {i} step {step} seat {s} (cards {a} and {b} swapped):\n{}",
                            first_difference(&v1, &v2)
                        ));
                    }
                }
            }
            if g.is_over() || !random_step(&mut g, &mut rng, &mut buf) {
                break;
            }
            step += 1;
        }
    }
}

fn first_difference(a: &str, b: &str) -> String {
    for (x, y) in a.lines().zip(b.lines()) {
        if x != y {
            return format!("  real:  {x}\n  other: {y}");
        }
    }
    format!("  real:  {a}\n  other: {b}")
}

#[test]
fn no_seat_learns_a_card_it_may_not_see() {
    let hands = std::env::var("KARTYA_SECRECY_HANDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let mut tally = Tally {
        compared: 0,
        skipped: 0,
        differing: Vec::new(),
    };
    let mut files = 0;
    let only = std::env::var("KARTYA_SECRECY_FILES").ok();
    for b in kartya::bundled::all() {
        if only.as_ref().is_some_and(|o| !o.split(',').any(|n| n == b.name)) {
            continue;
        }
        files += 1;
        check_file(b.name, hands, &mut tally);
    }
    let summary = format!(
        "{files} files, {hands} hands each: {} comparisons, {} second deals the prefix refused, {} differing",
        tally.compared,
        tally.skipped,
        tally.differing.len()
    );
    eprintln!("{summary}");
    if let Ok(path) = std::env::var("KARTYA_SECRECY_DUMP") {
        std::fs::write(path, tally.differing.join("\n")).unwrap();
    }
    assert!(tally.compared > 100 * files, "{summary}");
    assert!(
        tally.differing.is_empty(),
        "{summary}\n{}",
        tally.differing.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
}
