//! What a human seat sees at the table, in words: takes the hand and the seat, writes its view
//! (the indicator, its cards, the talon cards it may see, the contract, open and shown cards,
//! the trick), each trick as it is gathered in (who took it, with which card, its points), the
//! tricks and card points so far, the last trick on `last`, the whole auction and play on
//! `history`, and a short "why" under the sheet. Everything is read from the seat's own
//! `Observation` or from what lay face up for every seat (`Game::tricks_seen`), never from
//! another seat's hidden cards.

use super::super::io::outln;
use kartya::engine::game::{Action, Observation, Phase};
use kartya::engine::{Game, Seat, SeenTrick};
use kartya::model::Variant;
use kartya::record::notation::{action_text, card_name, spoken_words};

/// The cards of a mask by name, in card order, separated by spaces.
pub fn card_list(v: &Variant, m: u64) -> String {
    (0..64u8)
        .filter(|c| m >> c & 1 == 1)
        .map(|c| card_name(v, c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `1 trick`, `3 tricks`.
fn trick_count(n: u32) -> String {
    match n {
        1 => "1 trick".to_string(),
        n => format!("{n} tricks"),
    }
}

/// A seat as the user at `me` reads it: `you`, or `seat N`.
pub fn who(seat: Seat, me: Seat) -> String {
    if seat == me {
        "you".to_string()
    } else {
        format!("seat {}", seat.0)
    }
}

/// An action as the table says it: the written form, and the variant's word for it where that
/// differs (`kontra game (rekontra on adu)`). `before` is the hand before the action.
pub fn action_words(before: &Game, action: Action) -> String {
    let text = action_text(before, action);
    match spoken_words(before, action) {
        Some(words) => format!("{text} ({words})"),
        None => text,
    }
}

/// Every action so far as the seat may know it, each in the table's words, with a line under
/// each trick as it was gathered in; `from` is the first history entry to write (what the seat
/// was told before is not repeated).
pub fn actions_since(g: &Game, me: Seat, from: usize) {
    let seen = g.observation(me).history;
    let mut visible = seen.iter().peekable();
    let tricks = g.tricks_seen();
    let mut replay = Game::from_deal(g.rules_arc(), g.dealer(), g.deal().clone());
    for (i, (by, a)) in g.history().iter().enumerate() {
        let is_seen = visible.peek().is_some_and(|v| **v == (*by, *a));
        if is_seen {
            visible.next();
        }
        if i >= from {
            let who = who(*by, me);
            if is_seen {
                outln!("  {who}: {}", action_words(&replay, *a));
            } else {
                outln!("  {who}: (a card you do not see)");
            }
            if let Some((k, t)) = tricks.iter().enumerate().find(|(_, t)| t.closed_at == i) {
                outln!("  {}", trick_taken(&g.rules().variant, k, t, me));
            }
        }
        if replay.apply(*a).is_err() {
            break;
        }
    }
}

/// `trick 3 to seat 2 with makk.A: 21 points`.
fn trick_taken(v: &Variant, k: usize, t: &SeenTrick, me: Seat) -> String {
    let taker = if t.winner == me {
        "you take".to_string()
    } else {
        format!("seat {} takes", t.winner.0)
    };
    format!(
        "-> {taker} trick {} with {}: {} card points",
        k + 1,
        card_name(v, t.winning_card),
        t.points
    )
}

/// The last trick gathered in, card by card (the `last` command).
pub fn last_trick(g: &Game, me: Seat) {
    let v = &g.rules().variant;
    let tricks = g.tricks_seen();
    let Some(t) = tricks.last() else {
        outln!("no trick has been gathered in yet");
        return;
    };
    let cards: Vec<String> = t
        .cards
        .iter()
        .map(|(s, c)| format!("{} {}", who(*s, me), card_name(v, *c)))
        .collect();
    outln!("last trick ({}): {}", tricks.len(), cards.join(", "));
    outln!("  {}", trick_taken(v, tricks.len() - 1, t, me));
}

/// Tricks and card points taken so far by each seat in play, and by the seat's side where it
/// knows who plays with it: `tricks so far: you 2 (31), seat 0 1 (10), seat 2 0 (0)`.
fn tally(g: &Game, me: Seat, o: &Observation) {
    let tricks = g.tricks_seen();
    if tricks.is_empty() {
        return;
    }
    let players = g.rules().variant.players;
    let mut won = vec![(0u32, 0i32); players as usize];
    for t in &tricks {
        if let Some(w) = won.get_mut(t.winner.0 as usize) {
            w.0 += 1;
            w.1 += t.points;
        }
    }
    // only seats that play: a seat sitting out takes no trick and is not listed
    let playing: Vec<u8> = (0..players).filter(|s| g.pos_of(Seat(*s)).is_some()).collect();
    let cells: Vec<String> = playing
        .iter()
        .map(|s| {
            let (n, p) = won[*s as usize];
            format!("{} {n} ({p})", who(Seat(*s), me))
        })
        .collect();
    outln!("tricks so far (card points): {}", cells.join(", "));
    let side = g.side_known_to(me);
    if side.count_ones() > 1 && o.declarer.is_some() {
        let mine = playing
            .iter()
            .filter(|s| g.pos_of(Seat(**s)).is_some_and(|p| side >> p.0 & 1 == 1));
        let (n, p) = mine.fold((0, 0), |(n, p), s| {
            let (a, b) = won[*s as usize];
            (n + a, p + b)
        });
        outln!("your side: {}, {p} card points", trick_count(n));
    }
}

/// What the seat may see now, read from its observation alone (never the game's hidden state):
/// the indicator, its cards, the talon's face-up cards (the whole talon in the order it lies
/// when it is shown), the contract, the hands laid open, the cards shown, the cards lying face
/// down, the tricks so far and the trick on the table.
pub fn view(g: &Game, me: Seat) {
    let o = g.observation(me);
    let v = &g.rules().variant;
    let cards = |m: u64| card_list(v, m);
    outln!("");
    if let Some(i) = o.indicator {
        // after an exchange the indicator is in the exchanger's hand: the table saw it taken
        let taken = o
            .history
            .iter()
            .rev()
            .find_map(|(s, a)| (*a == Action::Exchange).then_some(*s));
        let note = match taken {
            Some(s) => format!(" (taken in the exchange by {})", who(s, me)),
            None => String::new(),
        };
        outln!("indicator: {}{note}", card_name(v, i));
    }
    outln!("your cards: {}", cards(o.hand));
    if o.unseen > 0 {
        outln!("  and {} cards not yet picked up", o.unseen);
    }
    let pile = o.talon_pile.iter().fold(0u64, |m, p| m | 1u64 << (p.card & 63));
    let indicator = o.indicator.map_or(0, |i| 1u64 << (i & 63));
    if o.talon_face_up & !pile & !indicator != 0 {
        outln!("face up: {}", cards(o.talon_face_up & !pile & !indicator));
    }
    if !o.talon_pile.is_empty() {
        let lying: Vec<String> = o
            .talon_pile
            .iter()
            .map(|p| format!("{}{}", card_name(v, p.card), if p.discard { "*" } else { "" }))
            .collect();
        let marked = if o.talon_pile.iter().any(|p| p.discard) {
            " (* the declarer's discards)"
        } else {
            ""
        };
        outln!("the talon, face up, bottom to top: {}{marked}", lying.join(" "));
    }
    if let Some(c) = o.contract.and_then(|c| v.contracts.get(c)) {
        let trump = o
            .trump
            .and_then(|t| v.suits.get(t as usize))
            .map(|s| format!(", trumps {}", s.name))
            .unwrap_or_default();
        let by = o
            .declarer
            .map(|d| format!(", declarer seat {}{}", d.0, if d == me { " (you)" } else { "" }))
            .unwrap_or_default();
        outln!("contract {}{trump}{by}", c.name);
    }
    if let Some(j) = o.joint {
        outln!("holding the contract beside the declarer: {}", who(j, me));
    }
    if let Some(p) = o.partner {
        outln!("the declarer's partner: {}", who(p, me));
    }
    open_cards(v, &o);
    if matches!(o.phase, Phase::Play | Phase::Claim | Phase::Call | Phase::Back) {
        tally(g, me, &o);
        // the meld contests, as their winners declared them after trick 1
        match g.melds_declared() {
            Some(counted) if counted.is_empty() => outln!("melds: none counts (the best ones tied)"),
            Some(counted) => {
                let cells: Vec<String> = counted.iter().map(|(s, m)| format!("{} {m}", who(*s, me))).collect();
                outln!("melds counted: {}", cells.join(", "));
            }
            None => {}
        }
    }
    if !o.trick.is_empty() {
        let trick: Vec<String> = o
            .trick
            .iter()
            .map(|(s, c)| format!("{} {}", who(*s, me), card_name(v, *c)))
            .collect();
        outln!("on the table: {}", trick.join(", "));
    }
}

/// The other seats' cards the seat may see (from its observation): hands laid open (the
/// defence's under `open-hands`, the declarer's after a claim, while the others answer it),
/// cards shown and not yet played, and which seats have a card lying face down (its own by name).
fn open_cards(v: &Variant, o: &Observation) {
    let cards = |m: u64| card_list(v, m);
    for (seat, &m) in o.open_hands.iter().enumerate() {
        if m != 0 && seat != o.seat.0 as usize {
            outln!("seat {seat}'s hand, open: {}", cards(m));
        }
    }
    if o.open_hand != 0 && o.declarer != Some(o.seat) {
        let by = o.declarer.map(|d| format!(" (seat {})", d.0)).unwrap_or_default();
        outln!("the declarer's hand{by}, open: {}", cards(o.open_hand));
    }
    if o.shown & !o.hand != 0 {
        outln!("shown: {}", cards(o.shown & !o.hand));
    }
    let face_down: Vec<String> = (0..16u8)
        .filter(|s| o.face_down >> s & 1 == 1 && *s != o.seat.0)
        .map(|s| format!("seat {s}"))
        .collect();
    if !face_down.is_empty() {
        outln!("a card face down: {}", face_down.join(", "));
    }
    if o.face_down >> o.seat.0 & 1 == 1 {
        // the seat's own face-down card: its history holds which (`LayFaceDown`)
        let own = o.history.iter().rev().find_map(|(s, a)| match a {
            Action::LayFaceDown(c) if *s == o.seat => Some(*c),
            _ => None,
        });
        if let Some(c) = own {
            outln!("your card face down: {}", card_name(v, c));
        }
    }
}

/// `help`: this game's answers now and the table's commands.
pub fn help(g: &Game, legal: &[Action]) {
    outln!("answer with the number of an action, or the action in words:");
    for a in legal {
        outln!("  {}", action_words(g, *a));
    }
    outln!("commands: `table` shows what you see again, `last` the last trick, `history` every");
    outln!("action so far, `score` the session's score, `help` this, `quit` leaves (a saved");
    outln!("session can be resumed with `--resume`)");
}

/// Under the sheet, a line per item that says why it went as it did: what it asked (the
/// contract's goal, the figure's condition, in `explain`'s words) and what its owner's side
/// took (`adu: lost. It asks: ...; the declarer's side took 1 trick, 3 card points, 20 in melds`).
pub fn why(g: &Game) {
    use kartya::engine::game::Item;
    use kartya::model::Win;
    let Some(s) = g.result() else { return };
    if s.redeal || s.items.is_empty() {
        return;
    }
    let v = &g.rules().variant;
    let players = v.players;
    let contract = s.contract.and_then(|c| v.contracts.get(c));
    let declarer_side = g.declarer_side_positions();
    outln!("why:");
    for it in &s.items {
        let (name, asked) = match (it.item, it.figure) {
            (Item::Game, _) => {
                let asked = contract.map(|c| match (c.win, &c.goal) {
                    (Win::Goal, Some(goal)) => goal.describe(v),
                    (Win::MoreThanEach { with_melds: true }, _) => {
                        "more card points with melds than each opponent".to_string()
                    }
                    (Win::MoreThanEach { with_melds: false }, _) => "more card points than each opponent".to_string(),
                    (Win::NoTricks, _) => "no trick".to_string(),
                    (Win::MostTricks, _) => "the most tricks".to_string(),
                    (Win::MostCardPoints, _) => "the fewest card points (the most pays)".to_string(),
                    (Win::Goal, None) => String::new(),
                });
                (contract.map_or("the game".to_string(), |c| c.name.clone()), asked)
            }
            (_, Some(f)) => {
                let fig = v.figures.get(f);
                let asked = fig.and_then(|f| {
                    let own = f.conditions.iter().find(|(c, _)| c.is_some() && *c == s.contract);
                    own.or_else(|| f.conditions.iter().find(|(c, _)| c.is_none()))
                        .map(|(_, cond)| cond.describe(v))
                });
                (fig.map_or("?".to_string(), |f| f.name.clone()), asked)
            }
            _ => continue,
        };
        let result = match it.won {
            Some(true) => "won",
            Some(false) => "lost",
            None => "nobody wins it",
        };
        let asked = asked
            .filter(|a| !a.is_empty())
            .map(|a| format!(" It asks: {a}."))
            .unwrap_or_default();
        // the owner's side: the declarer's (with his partner as the hand has fixed it) or the others
        let owner = it.by.and_then(|b| g.pos_of(Seat(b)));
        let of_declarer = owner.is_none_or(|p| declarer_side >> p.0 & 1 == 1);
        let in_side = |seat: u8| {
            g.pos_of(Seat(seat))
                .is_some_and(|p| (declarer_side >> p.0 & 1 == 1) == of_declarer)
        };
        let seats: Vec<usize> = (0..players).filter(|s| in_side(*s)).map(usize::from).collect();
        let tricks: u32 = seats.iter().map(|p| u32::from(s.tricks[*p])).sum();
        let points: i64 = seats.iter().map(|p| s.card_points[*p]).sum();
        let melds: i64 = seats.iter().map(|p| s.meld_points[*p]).sum();
        let side = match (it.by, of_declarer) {
            (None, _) => {
                outln!("  {name}: {result}.{asked}");
                continue;
            }
            (Some(_), true) if declarer_side.count_ones() > 1 => "the declarer's side".to_string(),
            (Some(b), true) => format!("seat {b}"),
            (Some(_), false) => "the defence".to_string(),
        };
        let melds = if melds != 0 {
            format!(", {melds} in melds")
        } else {
            String::new()
        };
        let tricks = trick_count(tricks);
        outln!("  {name}: {result}.{asked} {side} took {tricks}, {points} card points{melds}.");
    }
}
