//! One hand at the table: takes the rules, the human seats, the bots, the deal's seed and hand
//! number and the answers (first those of a saved session, replayed without a word, then the
//! user's from stdin), gives the hand played to its end or left unfinished, with the humans'
//! answers in the written form that `parse_action` reads back.

use super::super::io::{errln, outln, outp};
use super::screen;
use kartya::bots::sim;
use kartya::bots::{Bot, BotKind, View};
use kartya::engine::game::{Action, Phase};
use kartya::engine::rng::hand_rng;
use kartya::engine::{Game, Rules, Seat};
use kartya::record::notation::{action_text, parse_action};
use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal};
use std::sync::Arc;

/// A line the user types is at most this long: longer input is cut there.
const MAX_LINE: u64 = 4096;

/// Actions a hand may take before it is over: far more than any bundled game needs (a hand of
/// Alsós takes about 40); a guard against a bot and a rule that never end.
const MAX_ACTIONS: usize = 10_000;

/// What does not change from hand to hand of a session.
pub struct Table<'a> {
    pub rules: &'a Arc<Rules>,
    /// The human seats (more than one: hot seat, the terminal passed from player to player).
    pub humans: &'a [Seat],
    pub bots: BotKind,
    pub seed: u64,
    /// The session's score so far, for the `score` command.
    pub score: String,
}

/// How a hand ended.
pub enum HandEnd {
    /// Played to its end.
    Over(Box<Game>),
    /// The user left it (`quit` or the end of the input) before its end.
    Left,
    /// The rules or a bot went wrong (said on stderr).
    Failed,
}

/// Plays hand `index` of the seed's run: the deal and the dealer of `simulate`'s hand of that
/// number. `saved` answers are replayed first (a resumed session); every human answer, saved
/// or new, is appended to `answers`.
pub fn play_hand<R: BufRead>(
    t: &Table<'_>,
    index: u64,
    saved: &[String],
    input: &mut R,
    answers: &mut Vec<String>,
) -> HandEnd {
    let rules = t.rules;
    let mut rng = hand_rng(t.seed, index);
    let deal = rules.deal_plan.deal_random(&rules.tables, &mut rng);
    let mut g = Game::from_deal(Arc::clone(rules), sim::hand_dealer(rules, index), deal);
    let players = rules.variant.players;
    let mut bots: Vec<Box<dyn Bot>> = (0..players).map(|_| t.bots.make()).collect();
    for b in bots.iter_mut() {
        b.start_hand();
    }
    let mut saved: VecDeque<&String> = saved.iter().collect();
    // history entries each human seat has been told of
    let mut shown = vec![0usize; players as usize];
    let mut last_human: Option<Seat> = None;
    let mut legal = Vec::new();
    intro(&g, t.humans);
    while !g.is_over() {
        if g.actions_taken() > MAX_ACTIONS {
            errln!("error: the hand did not end after {MAX_ACTIONS} actions");
            return HandEnd::Failed;
        }
        let seat = g.to_act_seat();
        if !t.humans.contains(&seat) {
            // another seat: its bot acts on what that seat may see (`kartya::bots::View`)
            let Some(bot) = bots.get_mut(seat.0 as usize) else {
                errln!("error: no bot sits at seat {}", seat.0);
                return HandEnd::Failed;
            };
            let action = bot.act(&View::new(&g, seat), &mut rng);
            if let Err(e) = g.apply(action) {
                errln!("error: the bot at seat {} took an action the rules refuse: {e}", seat.0);
                return HandEnd::Failed;
            }
            continue;
        }
        g.legal_actions_into(&mut legal);
        if legal.is_empty() {
            errln!("error: no legal action, and the hand is not over");
            return HandEnd::Failed;
        }
        // asked in the exchange without the exchanger card, the seat can only pass: it passes
        // unasked, as a player without the card says nothing at the table
        if g.phase() == Phase::Exchange && legal.as_slice() == [Action::Pass] {
            if let Err(e) = g.apply(Action::Pass) {
                errln!("error: {e}");
                return HandEnd::Failed;
            }
            continue;
        }
        let action = if let Some(text) = saved.pop_front() {
            match parse_action(&g, text) {
                Ok(a) if legal.contains(&a) => a,
                _ => {
                    errln!(
                        "error: the saved answer `{text}` of hand {index} is not legal here: the session was saved by another build or for other rules"
                    );
                    return HandEnd::Failed;
                }
            }
        } else {
            if t.humans.len() > 1 && last_human != Some(seat) {
                hand_over_to(seat);
            }
            last_human = Some(seat);
            let told = shown.get(seat.0 as usize).copied().unwrap_or(0);
            screen::actions_since(&g, seat, told);
            if let Some(s) = shown.get_mut(seat.0 as usize) {
                *s = g.history().len();
            }
            screen::view(&g, seat);
            match ask(&g, seat, &legal, input, t) {
                Some(a) => a,
                None => {
                    errln!("the hand is left unfinished (end of input)");
                    return HandEnd::Left;
                }
            }
        };
        answers.push(action_text(&g, action));
        if let Err(e) = g.apply(action) {
            // the action is one of the engine's own list
            errln!("error: {}", e);
            return HandEnd::Failed;
        }
    }
    // what the last human to act has not been told yet, then the sheet
    let me = last_human.or(t.humans.first().copied()).unwrap_or(Seat(0));
    let told = shown.get(me.0 as usize).copied().unwrap_or(0);
    screen::actions_since(&g, me, told);
    HandEnd::Over(Box::new(g))
}

/// The hand's first line: the table, the dealer, the human seats.
fn intro(g: &Game, humans: &[Seat]) {
    let players = g.rules().variant.players;
    let you = match humans {
        [one] => format!("you are seat {}", one.0),
        many => {
            let seats: Vec<String> = many.iter().map(|s| s.0.to_string()).collect();
            format!("the human seats are {}", seats.join(", "))
        }
    };
    outln!("{players} seats, {you}; dealer seat {}", g.dealer().0);
}

/// Hot seat: the next human to act is another player. At a terminal the screen is cleared and
/// waits for Enter, so that the player before does not see the next one's cards.
fn hand_over_to(seat: Seat) {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        outp!("\x1b[2J\x1b[H");
        outp!("seat {} to play: press Enter ", seat.0);
        let mut line = String::new();
        let _ = std::io::stdin().lock().read_line(&mut line);
        outp!("\x1b[2J\x1b[H");
    }
    outln!("");
    outln!("== seat {} ==", seat.0);
}

/// Lists the legal actions and reads the user's choice: its number, the action in words, or a
/// command (`help`, `table`, `last`, `history`, `score`). Gives None at the end of the input
/// (or the word `quit`).
fn ask<R: BufRead>(g: &Game, me: Seat, legal: &[Action], input: &mut R, t: &Table<'_>) -> Option<Action> {
    let texts: Vec<String> = legal.iter().map(|a| screen::action_words(g, *a)).collect();
    let mut list = true;
    loop {
        if list {
            outln!("your turn:");
            for (i, text) in texts.iter().enumerate() {
                outln!("  {:>2}  {text}", i + 1);
            }
        }
        list = false;
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
        match line.as_str() {
            "quit" => return None,
            "" => continue,
            "help" | "?" => {
                screen::help(g, legal);
                continue;
            }
            "table" => {
                screen::view(g, me);
                list = true;
                continue;
            }
            "last" => {
                screen::last_trick(g, me);
                continue;
            }
            "history" => {
                screen::actions_since(g, me, 0);
                continue;
            }
            "score" => {
                outln!("{}", t.score);
                continue;
            }
            _ => {}
        }
        if let Ok(k) = line.parse::<usize>() {
            match legal.get(k.wrapping_sub(1)) {
                Some(a) => return Some(*a),
                None => {
                    outln!("no action {k}: give 1 to {} (`help` for more)", legal.len());
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
            // the words of this game now, not every word the notation knows
            Err(kartya::record::ActionError::NotAnAction(word)) => {
                let mut words: Vec<&str> = Vec::new();
                for w in texts.iter().filter_map(|t| t.split(' ').next()) {
                    if !words.contains(&w) {
                        words.push(w);
                    }
                }
                outln!(
                    "`{word}` is not an action you may take now; you may say: {} (`help` for more)",
                    words.join(", ")
                );
            }
            Err(e) => outln!("`{line}`: {e} (`help` lists what you may say now)"),
        }
    }
}
