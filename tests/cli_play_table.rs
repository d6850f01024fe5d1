//! Issue 30 finding 1: `kartya play` shows the table. Takes scripted answers through stdin (and
//! in a pseudo-terminal: once through `script`, and once a whole hand typed prompt by prompt
//! into a tmux pane, read back from the pane), gives the screens a player reads: the indicator
//! before the first decision, each trick's taker, card and points as it is gathered in, the
//! tally so far, `last`, `help` with this game's actions only, the variant's own words for a
//! doubling level and for gyerünk, the "why" under the sheet; a session of several hands with
//! the running score, saved and resumed to the same result; hot seat.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn play(args: &[&str], input: &str) -> Output {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::cli::kartya_with_input(&all, input)
}

fn firsts(n: usize) -> String {
    "1\n".repeat(n)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// The case: `kartya play alsos-3p --seat 1 --seed 11` asked `accept / pass` without
/// the indicator (makk.O) on the screen.
#[test]
fn the_indicator_is_on_the_screen_before_the_first_decision() {
    let out = play(&["alsos-3p", "--seat", "1", "--seed", "11"], &firsts(200));
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    let first_turn = s.find("your turn:").expect("a turn");
    assert!(s[..first_turn].contains("indicator: makk.O\n"), "{s}");
}

/// Every trick is announced as it is gathered in, in order, by the seat that then leads the
/// next one; the points of all tricks add up to the sheet's card points.
#[test]
fn each_trick_says_who_took_it_and_the_next_lead_is_theirs() {
    for (variant, seat, seed) in [
        ("alsos-3p", "0", "3"),
        ("koenigrufen-russbach", "2", "5"),
        ("asszorti", "1", "2"),
    ] {
        let out = play(&[variant, "--seat", seat, "--seed", seed], &firsts(400));
        let s = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{variant}\n{s}");
        let lines: Vec<&str> = s.lines().collect();
        let mut k = 0;
        let mut points = 0i64;
        for (i, l) in lines.iter().enumerate() {
            let Some(rest) = l.trim_start().strip_prefix("-> ") else {
                continue;
            };
            k += 1;
            assert!(rest.contains(&format!(" trick {k} with ")), "{variant}: {l}\n{s}");
            let taker = if rest.starts_with("you take") {
                "you".to_string()
            } else {
                rest.split(" takes").next().unwrap_or_default().to_string()
            };
            points += rest
                .rsplit(": ")
                .next()
                .and_then(|p| p.trim_end_matches(" card points").parse::<i64>().ok())
                .expect("points");
            // the next card played is the taker's lead
            if let Some(next) = lines[i + 1..].iter().find(|l| l.contains(": play ")) {
                assert!(
                    next.trim_start().starts_with(&format!("{taker}: play ")),
                    "{variant}: {l} then {next}"
                );
            }
        }
        assert!(k >= 1, "{variant}: no trick line\n{s}");
        let card_points: i64 = lines
            .iter()
            .find(|l| l.starts_with("card points"))
            .map(|l| l.split_whitespace().skip(2).filter_map(|x| x.parse::<i64>().ok()).sum())
            .expect("the sheet's card points");
        assert_eq!(
            points, card_points,
            "{variant}: the tricks' points are the sheet's\n{s}"
        );
    }
}

/// `last` shows the last trick card by card, `help` lists what may be said now and the table's
/// commands, never another game's action words; `table` shows the screen again.
#[test]
fn last_help_and_table_answer_at_any_turn() {
    // the third card of the play is asked after trick 1? answer `last` and `help` at every turn
    let input = "last\nhelp\n1\n".repeat(200);
    let out = play(&["alsos-3p", "--seat", "0", "--seed", "3"], &input);
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    assert!(s.contains("no trick has been gathered in yet"), "{s}");
    let last = s.find("last trick (1): ").expect("the first trick shown on `last`");
    let line = s[last..].lines().next().unwrap_or_default();
    assert_eq!(line.matches(", ").count(), 2, "three cards: {line}");
    assert!(
        s.contains("commands: `table` shows what you see again, `last` the last trick"),
        "{s}"
    );
    // help lists this game's words: no words of games without them (`bid`, `draw`, `trumps`)
    let help_at = s.find("answer with the number of an action").expect("help");
    let help: String = s[help_at..]
        .lines()
        .take_while(|l| !l.starts_with("commands:"))
        .collect();
    for other in ["bid ", "draw ", "trumps ", "lay-face-down", "claim-rest"] {
        assert!(!help.contains(other), "{other} is not alsos-3p's: {help}");
    }
}

/// A doubling level and gyerünk are written in the variant's words beside the action: the user
/// says `call game` and `kontra game` whenever he may, else passes, else the first action. (In
/// alsos-3p itself the bots' figures close the calling round in the hands tried: the house rule
/// that allows a call with any figure opens it.)
#[test]
fn kontra_levels_and_gyerunk_are_shown_in_the_variants_words() {
    let input = "call game\nkontra game\npass\n1\n".repeat(300);
    let out = play(&["alsos-3p", "--seat", "0", "--seed", "1"], &input);
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    assert!(s.contains("  you: kontra game (kontra on adu)\n"), "{s}");
    assert!(s.contains(": kontra game (rekontra on adu)\n"), "{s}");
    assert!(s.contains("  you: kontra game (szubkontra on adu)\n"), "{s}");
    let out = play(
        &["alsos-3p", "gyerunk-any-figure", "--seat", "0", "--seed", "1"],
        &input,
    );
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    assert!(s.contains("  you: call game (gyerünk on "), "{s}");
}

/// Each sheet line has a why: what the item asks, what its owner's side took.
#[test]
fn the_sheet_says_why_each_line_went_so() {
    let out = play(&["alsos-3p", "--seat", "1", "--seed", "11"], &firsts(200));
    let s = stdout(&out);
    let why = s.find("\nwhy:\n").expect("why");
    let lines: Vec<&str> = s[why + 6..].lines().take_while(|l| l.starts_with("  ")).collect();
    assert!(
        lines.contains(&"  adu: lost. It asks: more card points with melds than each opponent. seat 1 took 1 trick, 3 card points."),
        "{lines:#?}"
    );
    let items = s[..why].lines().filter(|l| l.contains(" x1 = ")).count();
    assert_eq!(lines.len(), items, "a why per sheet line\n{s}");
}

/// A session of three hands: three sheets, the dealer passing on, a running score that is the
/// sum of the sheets' totals.
#[test]
fn a_session_plays_hands_in_a_row_with_a_running_score() {
    let out = play(
        &["alsos-3p", "--seat", "0", "--seed", "2", "--hands", "3"],
        &firsts(900),
    );
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    for (k, dealer) in [(1, 0), (2, 1), (3, 2)] {
        assert!(
            s.contains(&format!(
                "== hand {k} of 3 ==\n3 seats, you are seat 0; dealer seat {dealer}\n"
            )),
            "{s}"
        );
    }
    let mut sum = [0i64; 3];
    for l in s.lines().filter(|l| l.starts_with("total ")) {
        for (t, x) in sum.iter_mut().zip(l.split_whitespace().skip(1)) {
            *t += x.parse::<i64>().expect("a total");
        }
    }
    let want = format!(
        "score after 3 of 3 hands: you {:+}, seat 1 {:+}, seat 2 {:+}",
        sum[0], sum[1], sum[2]
    );
    assert!(s.contains(&want), "{want}\n{s}");
}

/// Left in the middle of hand 2 and resumed, the session ends with the score it has when played
/// straight through; the saved file is refused after its rules change, and a file that is not a
/// session is a diagnostic.
#[test]
fn a_saved_session_resumes_where_it_was_left() {
    let dir = std::env::temp_dir().join(format!("kartya-session-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("evening.json");
    let path = path.to_str().expect("utf-8 path");
    let straight = stdout(&play(&["alsos-3p", "--seed", "2", "--hands", "2"], &firsts(600)));
    let want = straight
        .lines()
        .find(|l| l.starts_with("score after 2 of 2 hands"))
        .expect("final score")
        .to_string();
    // hand 1 whole and a few answers of hand 2, then the input ends
    let first = stdout(&play(&["alsos-3p", "--seed", "2", "--hands", "2"], &firsts(600)));
    let answers_hand_1 = first[..first.find("== hand 2 of 2").expect("hand 2")]
        .matches("\n> ")
        .count();
    let left = play(
        &["alsos-3p", "--seed", "2", "--hands", "2", "--save", path],
        &firsts(answers_hand_1 + 3),
    );
    assert_eq!(left.status.code(), Some(1));
    assert!(stdout(&left).contains(&format!("`kartya play --resume {path}` goes on from here")));
    let resumed = play(&["--resume", path], &firsts(600));
    let r = stdout(&resumed);
    assert_eq!(resumed.status.code(), Some(0), "{r}");
    assert!(r.contains(&want), "{want}\n{r}");
    assert!(
        !r.contains("== hand 1 of 2"),
        "hand 1 is not played again on screen\n{r}"
    );
    // a session file that is not one
    std::fs::write(dir.join("not.json"), "{}").expect("write");
    let bad = play(&["--resume", dir.join("not.json").to_str().expect("path")], "");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("kartya::bad-record"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hot seat: two human seats; each is told only its own cards, under a banner naming the seat.
#[test]
fn hot_seat_asks_each_human_under_its_own_banner() {
    let out = play(&["alsos-3p", "--seat", "0", "--seat", "2", "--seed", "4"], &firsts(400));
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    assert!(s.contains("the human seats are 0, 2"), "{s}");
    assert!(s.contains("\n== seat 0 ==\n") && s.contains("\n== seat 2 ==\n"), "{s}");
    let twice = play(&["alsos-3p", "--seat", "1", "--seat", "1"], "");
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("seat 1 is given twice"));
    let many = play(&["alsos-3p", "--hands", "1001"], "");
    assert_eq!(many.status.code(), Some(2));
}

/// At a real terminal (a pseudo-terminal from `script`, where it is installed) the screen is the
/// same: the indicator, the trick lines and the sheet.
#[test]
fn the_screen_at_a_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("no `script`: skipped");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_kartya");
    let out = Command::new("script")
        .args(["-qec", &format!("{bin} play alsos-3p --seat 1 --seed 11"), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            if let Some(mut stdin) = child.stdin.take() {
                let _ = stdin.write_all(firsts(200).as_bytes());
            }
            child.wait_with_output()
        })
        .expect("script runs");
    let s = stdout(&out);
    assert!(s.contains("indicator: makk.O"), "{s}");
    assert!(s.contains("-> seat 0 takes trick 9 with "), "{s}");
    assert!(s.contains("why:"), "{s}");
}

/// A claim laid open: with every seat human (hot seat), the declarer claims the rest whenever he
/// may, and the seats that must accept or dispute it see his hand open on their screen.
#[test]
fn the_claimers_hand_is_open_while_the_others_answer() {
    let input = "claim-rest\n1\n".repeat(400);
    let out = play(
        &["asszorti", "--seat", "0", "--seat", "1", "--seat", "2", "--seed", "1"],
        &input,
    );
    let s = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{s}");
    let claimed = s.find("seat 0: claim-rest\n").expect("the declarer claims");
    let answer = s[claimed..].find("   1  accept-claim").expect("an answer asked") + claimed;
    assert!(
        s[claimed..answer].contains("the declarer's hand (seat 0), open: "),
        "{}",
        &s[claimed..answer]
    );
}

/// A word that is no action names this game's actions now, not every word of every game.
#[test]
fn an_unknown_word_is_answered_with_this_games_words() {
    let out = play(&["alsos-3p", "--seat", "1", "--seed", "11"], "frobnicate\nquit\n");
    let s = stdout(&out);
    assert!(
        s.contains("`frobnicate` is not an action you may take now; you may say: accept, pass (`help` for more)"),
        "{s}"
    );
    assert!(!s.contains("give-up"), "{s}");
}

/// The meld contest (§4.5 of the Alsós digest: the winner declares his melds after trick 1):
/// once trick 1 is over the screen says who counts what, and it is the sheet's meld row.
#[test]
fn the_meld_contests_winner_is_on_the_screen_after_trick_1() {
    let out = play(&["alsos-3p", "--seat", "1", "--seed", "11"], &firsts(200));
    let s = stdout(&out);
    let first_trick = s.find("-> ").expect("trick 1");
    let shown = s.find("melds counted: seat 2 20\n").expect("the meld contest's winner");
    assert!(shown > first_trick, "not before trick 1 is over\n{s}");
    assert!(
        s.contains("\nmelds                                              0       0      20\n"),
        "{s}"
    );
}

/// A private tmux server for one test (its own socket in its own directory, so no other tmux
/// session is touched), killed and its directory removed when dropped.
#[cfg(unix)]
struct Tmux {
    dir: std::path::PathBuf,
}

#[cfg(unix)]
impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .env_remove("TMUX") // a test run inside tmux still starts a server of its own
            .arg("-S")
            .arg(self.dir.join("socket"))
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).to_string()
    }
}

#[cfg(unix)]
impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// In a real terminal (a tmux pane of 100 x 40), `kartya play alsos-3p --seat 1 --seed 11`
/// played to the end by answers typed at each prompt (`1`, Enter, once the prompt shows): the
/// screen shows the indicator before the first decision, every trick as it is gathered in and
/// the final sheet with its "why". Skipped with a note when tmux is not installed, unless
/// KARTYA_REQUIRE_TMUX is set (as in CI).
#[cfg(unix)]
#[test]
fn a_whole_hand_typed_at_a_terminal() {
    use std::time::{Duration, Instant};
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("KARTYA_REQUIRE_TMUX").is_none(),
            "KARTYA_REQUIRE_TMUX is set, but tmux is not installed"
        );
        eprintln!("no `tmux`: a_whole_hand_typed_at_a_terminal skipped (set KARTYA_REQUIRE_TMUX to require it)");
        return;
    }
    let tmux = Tmux {
        dir: std::env::temp_dir().join(format!("kartya-tmux-{}", std::process::id())),
    };
    std::fs::create_dir_all(&tmux.dir).expect("a temporary directory");
    // the whole hand stays in the pane's history, and the pane stays once kartya has left
    let conf = tmux.dir.join("tmux.conf");
    std::fs::write(&conf, "set -g history-limit 100000\nset -g remain-on-exit on\n").expect("tmux.conf");
    let bin = env!("CARGO_BIN_EXE_kartya");
    let command = format!("{bin} play alsos-3p --seat 1 --seed 11");
    let conf = conf.to_string_lossy().to_string();
    tmux.run(&[
        "-f",
        &conf,
        "new-session",
        "-d",
        "-x",
        "100",
        "-y",
        "40",
        "-s",
        "play",
        &command,
    ]);
    let status = |t: &Tmux| {
        t.run(&[
            "display-message",
            "-p",
            "-t",
            "play",
            "#{pane_dead} #{history_size} #{cursor_y}",
        ])
    };
    let screen = |t: &Tmux| t.run(&["capture-pane", "-p", "-J", "-t", "play", "-S", "-"]);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut answered = 0;
    loop {
        assert!(
            Instant::now() < deadline,
            "the hand did not end in time:\n{}",
            screen(&tmux)
        );
        let st = status(&tmux);
        if st.starts_with('1') {
            break; // kartya has left
        }
        // the line the cursor is on: a prompt waiting for an answer?
        let visible = tmux.run(&["capture-pane", "-p", "-t", "play"]);
        let y: usize = st.split_whitespace().nth(2).and_then(|y| y.parse().ok()).unwrap_or(0);
        let at_prompt = visible.lines().nth(y).is_some_and(|l| l.trim_end() == ">");
        if !at_prompt {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        tmux.run(&["send-keys", "-t", "play", "1", "Enter"]);
        answered += 1;
        assert!(answered < 300, "more answers than a hand has:\n{}", screen(&tmux));
        // wait until the answer is taken (the cursor moves on)
        while status(&tmux) == st && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    let s = screen(&tmux);
    let first_turn = s.find("your turn:").expect("a turn on the screen");
    assert!(s[..first_turn].contains("indicator: makk.O"), "{s}");
    assert!(s.contains("> 1\n"), "the answers typed show at the prompt: {s}");
    for k in 1..=9 {
        assert!(s.contains(&format!(" trick {k} with ")), "trick {k}:\n{s}");
    }
    assert!(s.contains("-> seat 0 takes trick 9 with "), "{s}");
    let sheet = s.rfind("\ntotal ").expect("the final sheet");
    assert!(s[sheet..].contains("\nwhy:\n"), "{s}");
    assert!(answered > 9, "{answered} answers");
}
