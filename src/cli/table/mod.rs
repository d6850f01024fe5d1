//! `kartya play`: a session at the terminal, one or more hands against bots. Takes the rules (as
//! `simulate` does), the human seat or seats (hot seat), the seed and first hand (the deals of
//! `simulate`'s hands of those numbers, the dealer rotating), the number of hands; gives each
//! hand's table as the seat sees it (`screen`), its sheet with a "why" per line, and the running
//! score (the session balance where the rules keep one). `--save FILE` keeps a single hand as
//! a record that `kartya replay` reads, or a session as a file that `--resume FILE` continues.

mod hand;
mod screen;
mod session_file;

use super::io::{errln, outln, outp};
use hand::{HandEnd, Table};
use kartya::engine::session::Balance;
use kartya::engine::{Game, Seat};
use kartya::record;
use session_file::SessionFile;
use std::process::ExitCode;

/// The most hands one session plays: a guard against a mistyped count.
pub const MAX_HANDS: u64 = 1000;

pub struct PlayArgs {
    /// The human table seats (0-based, as the sheet numbers them); more than one is hot seat.
    pub seats: Vec<u8>,
    pub seed: u64,
    /// The first hand of the seed's run (the deal and the dealer of `simulate`'s hand of that number).
    pub hand: u64,
    /// How many hands the session plays.
    pub hands: u64,
    pub save: Option<String>,
    /// A saved session to continue.
    pub resume: Option<String>,
    pub force: bool,
    /// The kind of bot at every other seat.
    pub bots: kartya::bots::BotKind,
}

/// Plays a session with the user at `opts.seats` and bots of `opts.bots` at the others.
pub fn play(args: &[String], mut opts: PlayArgs) -> ExitCode {
    let mut file = match &opts.resume {
        Some(path) => match session_file::read(path) {
            Ok(f) => Some(f),
            Err(code) => return code,
        },
        None => None,
    };
    let args: Vec<String> = match &file {
        Some(f) => {
            opts.seats.clone_from(&f.seats);
            opts.seed = f.seed;
            opts.hand = f.first_hand;
            opts.hands = f.hands;
            if let Some(kind) = kartya::bots::BotKind::parse(&f.bots) {
                opts.bots = kind;
            }
            f.args.clone()
        }
        None => args.to_vec(),
    };
    let (sources, rules) = match super::load_rules(&args) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let digest = super::shard::rules_digest(&sources);
    if let Some(f) = &file {
        if f.rules_digest != digest {
            return session_file::refuse(
                opts.resume.as_deref().unwrap_or_default(),
                "the rules of this session have changed since it was saved".into(),
                "resume it from the folder it was saved in, with the rules files as they were",
            );
        }
    }
    let players = rules.variant.players;
    if let Some(code) = check_args(&opts, players) {
        return code;
    }
    // the file the session is kept in: the resumed one, or --save for a session of several hands
    let session_path = match (&opts.resume, &opts.save) {
        (Some(r), None) => Some(r.clone()),
        (_, Some(s)) if opts.hands > 1 || opts.resume.is_some() => Some(s.clone()),
        _ => None,
    };
    let record_path = opts.save.clone().filter(|_| opts.hands == 1 && opts.resume.is_none());
    let mut state = file.take().unwrap_or_else(|| SessionFile {
        format: session_file::FORMAT.to_string(),
        args: args.clone(),
        rules_digest: digest,
        seats: opts.seats.clone(),
        seed: opts.seed,
        first_hand: opts.hand,
        hands: opts.hands,
        bots: opts.bots.name().to_string(),
        answers: Vec::new(),
        payments: Vec::new(),
    });
    let humans: Vec<Seat> = opts.seats.iter().map(|s| Seat(*s)).collect();
    let mut totals = vec![0i64; players as usize];
    let mut balance = rules.variant.scoring.session.as_ref().map(|s| Balance::new(s, players));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut last_game: Option<Game> = None;
    for k in 0..opts.hands {
        let index = opts.hand.saturating_add(k);
        let saved: Vec<String> = state.answers.get(k as usize).cloned().unwrap_or_default();
        let finished_before = (k as usize) < state.payments.len();
        let table = Table {
            rules: &rules,
            humans: &humans,
            bots: opts.bots,
            seed: opts.seed,
            score: score_text(&totals, balance.as_ref(), &humans, k, opts.hands),
        };
        if opts.hands > 1 && !finished_before {
            outln!("");
            outln!("== hand {} of {} ==", k + 1, opts.hands);
        }
        let mut answers = Vec::new();
        let end = hand::play_hand(&table, index, &saved, &mut input, &mut answers);
        if let Some(slot) = state.answers.get_mut(k as usize) {
            *slot = answers;
        } else {
            state.answers.push(answers);
        }
        let g = match end {
            HandEnd::Over(g) => *g,
            HandEnd::Left => {
                if let Some(path) = &session_path {
                    if save_session(path, &state) {
                        outln!("the session is saved in {path}: `kartya play --resume {path}` goes on from here");
                    }
                }
                return ExitCode::from(1);
            }
            HandEnd::Failed => return ExitCode::from(1),
        };
        let Some(score) = g.result() else {
            errln!("error: the hand is over but has no score");
            return ExitCode::from(1);
        };
        let pay: Vec<i64> = score.payments.iter().take(players as usize).copied().collect();
        if finished_before {
            // a hand of the saved session, played again from its answers: it must pay the same
            if state.payments.get(k as usize) != Some(&pay) {
                errln!(
                    "error: hand {} of the saved session pays otherwise when played again: the session was saved by another build",
                    k + 1
                );
                return ExitCode::from(1);
            }
        } else {
            state.payments.push(pay.clone());
            outln!("");
            outp!("{}", record::sheet::sheet(&g));
            screen::why(&g);
        }
        for (t, p) in totals.iter_mut().zip(&pay) {
            *t = t.saturating_add(*p);
        }
        let ended = balance
            .as_mut()
            .is_some_and(|b| b.add(&pay) == kartya::engine::session::AfterHand::Ended);
        if opts.hands > 1 && !finished_before {
            outln!("{}", score_text(&totals, balance.as_ref(), &humans, k + 1, opts.hands));
        }
        if let Some(path) = &session_path {
            if !finished_before && !save_session(path, &state) {
                return ExitCode::from(1);
            }
        }
        last_game = Some(g);
        if ended {
            outln!("a seat cannot pay: the session ends here, as the rules say");
            break;
        }
    }
    if let (Some(path), Some(g)) = (&record_path, &last_game) {
        let refs = super::play::rules_refs(&args, &sources);
        let Some((base, extras)) = refs.split_first() else {
            return ExitCode::from(1);
        };
        let mut rec = record::export(g, base.clone(), extras.to_vec());
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

/// The seats, the count of hands and the output path, checked before any hand is dealt.
fn check_args(opts: &PlayArgs, players: u8) -> Option<ExitCode> {
    let refuse = |flag: &str, value: String, message: String, help: String| {
        let (sources, d) = super::io::flag_path_diag(
            kartya::diag::Code::OutOfRange,
            "play",
            flag,
            &value,
            message,
            "this value",
            help,
        );
        super::print_diags(&[d], &sources);
        Some(ExitCode::from(2))
    };
    for (i, s) in opts.seats.iter().enumerate() {
        if *s >= players {
            return refuse(
                "--seat",
                s.to_string(),
                format!("there is no seat {s} at this table"),
                format!("the table has seats 0 to {} in these rules", players.saturating_sub(1)),
            );
        }
        if opts.seats[..i].contains(s) {
            return refuse(
                "--seat",
                s.to_string(),
                format!("seat {s} is given twice"),
                "give each human seat once".into(),
            );
        }
    }
    if opts.hands == 0 || opts.hands > MAX_HANDS {
        return refuse(
            "--hands",
            opts.hands.to_string(),
            format!("a session of {} hands", opts.hands),
            format!("a session plays 1 to {MAX_HANDS} hands"),
        );
    }
    if let Some(path) = &opts.save {
        // checked before the hand is played: a path that cannot be written fails now
        if let Err(refused) = super::output::check_file(path, opts.force) {
            let (sources, d) = refused.diag("play", "--save", path);
            super::print_diags(&[d], &sources);
            return Some(ExitCode::from(1));
        }
    }
    None
}

/// `after 2 of 5 hands: you -52, seat 0 +26, seat 2 +26` (the balance where the rules keep one).
fn score_text(totals: &[i64], balance: Option<&Balance>, humans: &[Seat], played: u64, of: u64) -> String {
    let me = match humans {
        [one] => Some(*one),
        _ => None,
    };
    let name = |s: usize| match me {
        Some(m) if m.0 as usize == s => "you".to_string(),
        _ => format!("seat {s}"),
    };
    let cells: Vec<String> = match balance {
        Some(b) => (0..totals.len())
            .map(|s| format!("{} {}", name(s), b.balances.get(s).copied().unwrap_or(0)))
            .collect(),
        None => totals
            .iter()
            .enumerate()
            .map(|(s, t)| format!("{} {t:+}", name(s)))
            .collect(),
    };
    let what = if balance.is_some() { "balance" } else { "score" };
    format!("{what} after {played} of {of} hands: {}", cells.join(", "))
}

fn save_session(path: &str, state: &SessionFile) -> bool {
    match session_file::write(path, state) {
        Ok(()) => true,
        Err(e) => {
            errln!("error: cannot write {path}: {e}");
            false
        }
    }
}
