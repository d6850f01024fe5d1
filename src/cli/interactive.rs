//! `kartya play`: one hand at the terminal against bots (`kartya::bots`, heuristic by default). Takes the rules (as `simulate` does), the
//! user's table seat, the seed and hand number (the same deal as that hand of `simulate`); reads
//! the user's actions from stdin (a number from the list or the action in words), writes what the
//! seat may see, the other seats' actions as far as the seat may see them, and the score sheet;
//! `--save FILE` keeps the hand as a record that `kartya replay` reads.

use super::io::{errln, outln, outp};
use kartya::bots::View;
use kartya::engine::game::{Action, Observation, Phase};
use kartya::engine::rng::hand_rng;
use kartya::engine::Seat;
use kartya::engine::{sim, Game};
use kartya::model::Variant;
use kartya::record;
use kartya::record::notation::{action_text, card_name, parse_action};
use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;
use std::sync::Arc;

/// A line the user types is at most this long: longer input is cut there.
const MAX_LINE: u64 = 4096;

/// Actions a hand may take before it is over: far more than any bundled game needs (a hand of
/// Alsós takes about 40); a guard against a bot and a rule that never end.
const MAX_ACTIONS: usize = 10_000;

pub struct PlayArgs {
    /// The user's table seat (0-based, as the sheet numbers them).
    pub seat: u8,
    pub seed: u64,
    /// Which hand of the seed's run (the deal and the dealer of `simulate`'s hand of that number).
    pub hand: u64,
    pub save: Option<String>,
    pub force: bool,
    /// The kind of bot at every other seat.
    pub bots: kartya::bots::BotKind,
}

/// Plays one hand with the user at `opts.seat` and bots of `opts.bots` at the other seats.
pub fn play(args: &[String], opts: PlayArgs) -> ExitCode {
    let (sources, rules) = match super::load_rules(args) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let players = rules.variant.players;
    if opts.seat >= players {
        let (sources, d) = super::io::flag_path_diag(
            kartya::diag::Code::OutOfRange,
            "play",
            "--seat",
            &opts.seat.to_string(),
            format!("there is no seat {} at this table", opts.seat),
            "this seat",
            format!("the table has seats 0 to {} in these rules", players.saturating_sub(1)),
        );
        super::print_diags(&[d], &sources);
        return ExitCode::from(2);
    }
    if let Some(path) = &opts.save {
        // checked before the hand is played: a path that cannot be written fails now
        if let Err(refused) = super::output::check_file(path, opts.force) {
            let (sources, d) = refused.diag("play", "--save", path);
            super::print_diags(&[d], &sources);
            return ExitCode::from(1);
        }
    }
    let mut rng = hand_rng(opts.seed, opts.hand);
    let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
    let mut g = Game::from_deal(Arc::clone(&rules), sim::hand_dealer(&rules, opts.hand), deal);
    let me = Seat(opts.seat);
    let mut bots: Vec<Box<dyn kartya::bots::Bot>> = (0..players).map(|_| opts.bots.make()).collect();
    for b in bots.iter_mut() {
        b.start_hand();
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut shown = 0; // history entries the user has been told of
    let mut legal = Vec::new();
    outln!("{} seats, you are seat {}; dealer seat {}", players, me.0, g.dealer().0);
    while !g.is_over() {
        if g.actions_taken() > MAX_ACTIONS {
            errln!("error: the hand did not end after {MAX_ACTIONS} actions");
            return ExitCode::from(1);
        }
        let seat = g.to_act_seat();
        if seat != me {
            // another seat: its bot acts on what that seat may see (`kartya::bots::View`)
            let Some(bot) = bots.get_mut(seat.0 as usize) else {
                errln!("error: no bot sits at seat {}", seat.0);
                return ExitCode::from(1);
            };
            let action = bot.act(&View::new(&g, seat), &mut rng);
            if let Err(e) = g.apply(action) {
                errln!("error: the bot at seat {} took an action the rules refuse: {e}", seat.0);
                return ExitCode::from(1);
            }
            continue;
        }
        g.legal_actions_into(&mut legal);
        if legal.is_empty() {
            errln!("error: no legal action, and the hand is not over");
            return ExitCode::from(1);
        }
        // asked in the exchange without the exchanger card, the seat can only pass: it passes
        // unasked, as a player without the card says nothing at the table
        if g.phase() == Phase::Exchange && legal.as_slice() == [Action::Pass] {
            if let Err(e) = g.apply(Action::Pass) {
                errln!("error: {e}");
                return ExitCode::from(1);
            }
            continue;
        }
        show_new(&g, me, &mut shown);
        show_view(&g.rules().variant, &g.observation(me));
        let Some(action) = ask(&g, &legal, &mut input) else {
            errln!("the hand is left unfinished (end of input)");
            return ExitCode::from(1);
        };
        if let Err(e) = g.apply(action) {
            // the action is one of the engine's own list
            errln!("error: {}", e);
            return ExitCode::from(1);
        }
    }
    show_new(&g, me, &mut shown);
    outln!("");
    outp!("{}", record::sheet::sheet(&g));
    if let Some(path) = &opts.save {
        let refs = super::play::rules_refs(args, &sources);
        let Some((base, extras)) = refs.split_first() else {
            return ExitCode::from(1);
        };
        let mut rec = record::export(&g, base.clone(), extras.to_vec());
        rec.seed = Some(opts.seed);
        rec.hand = Some(opts.hand);
        if let Err(e) = super::output::write_whole(path, record::to_json(&rec).as_bytes()) {
            errln!("error: cannot write {path}: {e}");
            return ExitCode::from(1);
        }
        outln!("saved the hand as {path} (`kartya replay {path}` shows it again)");
    }
    ExitCode::SUCCESS
}

/// Tells the user the actions taken since he was last told, as far as his seat sees them: an
/// action the seat may not see (a card laid face down, a discard of the talon draw) by its seat only.
fn show_new(g: &Game, me: Seat, shown: &mut usize) {
    let texts = kartya::record::notation::history_texts(g);
    let seen = g.observation(me).history;
    let mut visible = seen.iter().peekable();
    for (i, (by, a)) in g.history().iter().enumerate() {
        let is_seen = visible.peek().is_some_and(|v| **v == (*by, *a));
        if is_seen {
            visible.next();
        }
        if i < *shown {
            continue;
        }
        let who = if *by == me {
            "you".to_string()
        } else {
            format!("seat {}", by.0)
        };
        match (is_seen, texts.get(i)) {
            (true, Some(t)) => outln!("  {who}: {t}"),
            _ => outln!("  {who}: (a card you do not see)"),
        }
    }
    *shown = g.history().len();
}

/// The cards of a mask by name, in card order, separated by spaces.
fn card_list(v: &Variant, m: u64) -> String {
    (0..64u8)
        .filter(|c| m >> c & 1 == 1)
        .map(|c| card_name(v, c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the seat may see now, read from its observation alone (never the game's hidden state):
/// its cards, the talon's face-up cards (the whole talon in the order it lies when it is shown),
/// the contract, the hands laid open, the cards shown, the cards lying face down, the trick.
fn show_view(v: &Variant, o: &Observation) {
    let cards = |m: u64| card_list(v, m);
    outln!("");
    outln!("your cards: {}", cards(o.hand));
    if o.unseen > 0 {
        outln!("  and {} cards not yet picked up", o.unseen);
    }
    let pile = o.talon_pile.iter().fold(0u64, |m, p| m | 1u64 << (p.card & 63));
    if o.talon_face_up & !pile != 0 {
        outln!("face up: {}", cards(o.talon_face_up & !pile));
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
            .map(|d| format!(", declarer seat {}", d.0))
            .unwrap_or_default();
        outln!("contract {}{trump}{by}", c.name);
    }
    if let Some(j) = o.joint {
        outln!("holding the contract beside the declarer: seat {}", j.0);
    }
    if let Some(p) = o.partner {
        outln!("the declarer's partner: seat {}", p.0);
    }
    show_open(v, o);
    if o.phase == Phase::Play && !o.trick.is_empty() {
        let trick: Vec<String> = o
            .trick
            .iter()
            .map(|(s, c)| format!("seat {} {}", s.0, card_name(v, *c)))
            .collect();
        outln!("on the table: {}", trick.join(", "));
    }
}

/// The other seats' cards the seat may see (from its observation): hands laid open (the
/// defence's under `open-hands`, the declarer's after a claim), cards shown and not yet played,
/// and which seats have a card lying face down.
fn show_open(v: &Variant, o: &Observation) {
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
}

/// Lists the legal actions and reads the user's choice: its number, or the action in words.
/// Gives None at the end of the input (or the word `quit`).
fn ask<R: BufRead>(g: &Game, legal: &[Action], input: &mut R) -> Option<Action> {
    let texts: Vec<String> = legal.iter().map(|a| action_text(g, *a)).collect();
    loop {
        outln!("your turn:");
        for (i, t) in texts.iter().enumerate() {
            outln!("  {:>2}  {t}", i + 1);
        }
        outp!("> ");
        let mut line = Vec::new();
        match <&mut R as std::io::Read>::take(&mut *input, MAX_LINE).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&line).trim().to_string();
        if !std::io::stdin().is_terminal() {
            // a script's answers are not echoed by a terminal: the transcript shows them
            outln!("{line}");
        }
        if line == "quit" {
            return None;
        }
        if let Ok(k) = line.parse::<usize>() {
            match legal.get(k.wrapping_sub(1)) {
                Some(a) => return Some(*a),
                None => {
                    outln!("no action {k}: give 1 to {}", legal.len());
                    continue;
                }
            }
        }
        match parse_action(g, &line) {
            Ok(a) if legal.contains(&a) => return Some(a),
            Ok(a) => outln!(
                "`{line}` is not legal now: {}",
                g.clone()
                    .apply(a)
                    .err()
                    .map(|e| e.rule.to_string())
                    .unwrap_or_else(|| "not in the list".into())
            ),
            Err(e) => outln!("`{line}`: {e}"),
        }
    }
}
