//! Shared helpers of the engine tests: takes bundled variant names and card words, gives rules,
//! card ids, decks with chosen cards in chosen places, and random-action drivers.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use kartya::engine::deal::{deal_order, shuffle, Deal};
use kartya::engine::rng::hand_rng;
use kartya::engine::{bundled_rules, Action, Game, Rules};
use std::sync::Arc;

pub fn rules(name: &str) -> Arc<Rules> {
    bundled_rules(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The id of a card by suit name and rank code, e.g. `card(&r, "makk", "7")`.
pub fn card(r: &Rules, suit: &str, rank: &str) -> u8 {
    let v = &r.variant;
    let s = v
        .suits
        .iter()
        .position(|x| x.name == suit || x.code == suit)
        .unwrap_or_else(|| panic!("suit {suit}")) as u8;
    let k = v
        .ranks
        .iter()
        .position(|x| x.code == rank || x.name == rank)
        .unwrap_or_else(|| panic!("rank {rank}")) as u8;
    r.tables.card(s, k).unwrap()
}

pub fn suit(r: &Rules, name: &str) -> u8 {
    r.variant.suits.iter().position(|x| x.name == name).unwrap() as u8
}

pub fn figure(r: &Rules, name: &str) -> usize {
    r.variant.figure_id(name).unwrap_or_else(|| panic!("figure {name}"))
}

pub fn contract(r: &Rules, name: &str) -> usize {
    r.variant.contract_id(name).unwrap()
}

/// A shuffled deck order (seeded) with the given cards moved to the given places.
pub fn deck_with(r: &Rules, seed: u64, places: &[(usize, u8)]) -> Vec<u8> {
    let mut rng = hand_rng(seed, 0);
    let (d, n) = shuffle(&r.tables, &mut rng);
    let mut order: Vec<u8> = d[..n].to_vec();
    for &(at, c) in places {
        let from = order.iter().position(|x| *x == c).unwrap();
        order.swap(at, from);
    }
    order
}

pub fn game_from_order(r: &Arc<Rules>, dealer: u8, order: &[u8]) -> Game {
    let deal: Deal = deal_order(&r.tables, &r.variant.deal, r.variant.active, order).unwrap();
    Game::from_deal(Arc::clone(r), kartya::engine::Seat(dealer), deal)
}

/// Applies actions, failing the test with the rule on an illegal one.
pub fn act(g: &mut Game, actions: &[Action]) {
    for a in actions {
        if let Err(e) = g.apply(*a) {
            panic!("{e}");
        }
    }
}

/// Three-player bidding: everybody passes round 1, then forehand makes this round-2 bid.
pub fn pass_round_one_then_bid(r: &Rules, g: &mut Game, bid: &str) {
    act(
        g,
        &[Action::Pass, Action::Pass, Action::Pass, Action::Bid(bid_index(r, bid))],
    );
}

/// Plays the first legal card (lowest id) for whoever is to play, `k` times.
pub fn play_lowest(g: &mut Game, k: usize) {
    for _ in 0..k {
        let c = g
            .legal_actions()
            .into_iter()
            .find_map(|a| if let Action::Play(c) = a { Some(c) } else { None })
            .unwrap();
        act(g, &[Action::Play(c)]);
    }
}

/// Plays the rest of the hand with the lowest legal card, passing in announcement turns.
pub fn finish_quietly(g: &mut Game) {
    while !g.is_over() {
        let acts = g.legal_actions();
        let a = acts
            .iter()
            .find(|a| matches!(a, Action::Pass | Action::Play(_)))
            .copied()
            .unwrap();
        act(g, &[a]);
    }
}

/// Plays the rest of the hand with random legal actions from the stream (seed, 1).
pub fn random_finish(g: &mut Game, seed: u64) {
    let mut rng = hand_rng(seed, 1);
    let mut buf = Vec::new();
    while !g.is_over() {
        assert!(
            kartya::engine::sim::random_step(g, &mut rng, &mut buf),
            "a legal action exists until the end"
        );
    }
}

/// The ladder index of the entry bidding a suit (by name) or a contract (by name).
pub fn bid_index(r: &Rules, name: &str) -> u8 {
    use kartya::model::BidEntry;
    let l = &r.variant.bid_ladders[0];
    l.entries
        .iter()
        .position(|e| match *e {
            BidEntry::Suit(s) => r.variant.suits[s as usize].name == name,
            BidEntry::Contract(c) => r.variant.contracts[c].name == name,
        })
        .unwrap() as u8
}

/// A deck order for the variant's deal plan that gives each position the listed cards first
/// (then cards from a seeded shuffle), the indicator, and the talon bottom first (the last card
/// of a full talon is the face-up top card); unlisted places are filled from the shuffle.
pub fn order_with(r: &Rules, seed: u64, hands: &[&[u8]], indicator: Option<u8>, talon: &[u8]) -> Vec<u8> {
    use kartya::model::DealStep;
    let n = r.variant.active as usize;
    let mut wanted: Vec<std::collections::VecDeque<u8>> = (0..n)
        .map(|p| hands.get(p).map(|h| h.iter().copied().collect()).unwrap_or_default())
        .collect();
    let mut fixed: Vec<u8> = hands
        .iter()
        .flat_map(|h| h.iter().copied())
        .chain(indicator)
        .chain(talon.iter().copied())
        .collect();
    fixed.sort();
    let before = fixed.len();
    fixed.dedup();
    assert_eq!(before, fixed.len(), "a card is placed twice");
    let mut rng = hand_rng(seed, 0);
    let (d, len) = shuffle(&r.tables, &mut rng);
    let mut pool: Vec<u8> = d[..len].iter().copied().filter(|c| !fixed.contains(c)).collect();
    let mut talon_cards = talon.iter().copied();
    let mut order = Vec::new();
    for step in &r.variant.deal {
        match *step {
            DealStep::Packet { size, .. } => {
                for w in wanted.iter_mut() {
                    for _ in 0..size {
                        order.push(w.pop_front().unwrap_or_else(|| pool.pop().unwrap()));
                    }
                }
            }
            DealStep::Indicator => order.push(indicator.unwrap_or_else(|| pool.pop().unwrap())),
            DealStep::Talon { size, .. } => {
                for _ in 0..size {
                    order.push(talon_cards.next().unwrap_or_else(|| pool.pop().unwrap()));
                }
            }
        }
    }
    assert!(
        wanted.iter().all(|w| w.is_empty()),
        "a hand was given more cards than it holds"
    );
    order
}

/// Cards by `suit.rank` words: `cards(&r, &["piros.7", "makk.A"])`.
pub fn cards(r: &Rules, words: &[&str]) -> Vec<u8> {
    words
        .iter()
        .map(|w| {
            let (s, k) = w.split_once('.').unwrap();
            card(r, s, k)
        })
        .collect()
}

/// Every card of a suit, by suit name.
pub fn suit_cards(r: &Rules, suit_name: &str) -> Vec<u8> {
    let s = suit(r, suit_name);
    (0..r.tables.n_cards).filter(|c| r.tables.suit(*c) == s).collect()
}

/// Passes an exchange the hand offers (the exchange is optional).
/// Every position asked in the exchange passes (the holder of the exchanger card too).
pub fn skip_exchange(g: &mut Game) {
    while g.phase() == kartya::engine::Phase::Exchange {
        act(g, &[Action::Pass]);
    }
}

/// The positions asked in the exchange that may only pass do so: the holder of the exchanger
/// card is asked next, or the exchange is over. Gives the phase then.
pub fn pass_to_exchanger(g: &mut Game) -> kartya::engine::Phase {
    while g.phase() == kartya::engine::Phase::Exchange && g.legal_actions() == [Action::Pass] {
        act(g, &[Action::Pass]);
    }
    g.phase()
}

/// A deck order for dealer seat 0 from the hands of seats 1, 2, 3 and 0 (forehand first), dealt
/// in two packets of three each, as the deal of koenigrufen-graden gives them.
pub fn order_in_packets_of_three(r: &Rules, seats: [&[&str]; 4]) -> Vec<u8> {
    let hands: Vec<Vec<u8>> = seats.iter().map(|h| cards(r, h)).collect();
    let mut out = Vec::new();
    for k in [0..3, 3..6] {
        for h in &hands {
            out.extend_from_slice(&h[k.clone()]);
        }
    }
    out
}

/// The card the declarer called for his partner, if he has called one.
pub fn called_card(g: &Game) -> Option<u8> {
    g.history().iter().find_map(|(_, a)| match a {
        Action::CallCard(c) => Some(*c),
        _ => None,
    })
}

/// Whether `card` has been played.
pub fn played(g: &Game, card: u8) -> bool {
    g.history().iter().any(|(_, a)| *a == Action::Play(card))
}
