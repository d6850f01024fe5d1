//! `simulate --bots`, running the binary: the random bots are the default and unnamed (the
//! output is what it was), the heuristic run names its bots and gives the same results at
//! one thread and at two, its records replay to its results, and an unknown kind is a usage
//! error.

mod common;

use common::cli::*;

fn results(o: &std::process::Output) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    v
}

#[test]
fn the_random_bots_are_the_default_and_unnamed() {
    let plain = kartya(&["simulate", "alsos-3p", "--hands", "300", "--json"]);
    let random = kartya(&["simulate", "alsos-3p", "--hands", "300", "--json", "--bots", "random"]);
    assert_eq!(code(&plain), 0);
    assert_eq!(results(&plain)["results"], results(&random)["results"]);
    assert!(results(&plain).get("bots").is_none());
}

#[test]
fn heuristic_runs_name_their_bots_and_do_not_depend_on_the_threads() {
    let run = |threads: &str| {
        let o = bin()
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "simulate",
                "koenigrufen-russbach",
                "--bots",
                "heuristic",
                "--hands",
                "700",
                "--json",
            ])
            .output()
            .unwrap_or_else(|e| panic!("cannot run kartya: {e}"));
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        results(&o)
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one["bots"], "heuristic");
    assert_eq!(one["results"], two["results"]);
    assert_eq!(one["results"]["hands"], 700);
    // other bots, other hands
    let random = kartya(&["simulate", "koenigrufen-russbach", "--hands", "700", "--json"]);
    assert_ne!(results(&random)["results"], one["results"]);
}

#[test]
fn the_text_output_names_the_bots() {
    let o = kartya(&["simulate", "alsos-3p", "--bots", "heuristic", "--hands", "50"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).starts_with("bots: heuristic\n"), "{}", stdout(&o));
}

#[test]
fn an_unknown_bot_kind_is_a_usage_error() {
    let o = kartya(&["simulate", "alsos-3p", "--bots", "clever"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("the kinds are random, heuristic"), "{}", stderr(&o));
}

#[test]
fn heuristic_records_name_their_bots_and_replay() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_bots_records");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_string_lossy().to_string();
    let o = kartya(&[
        "simulate",
        "koenigrufen-russbach",
        "--bots",
        "heuristic",
        "--hands",
        "12",
        "--records",
        &d,
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let manifest = std::fs::read_to_string(dir.join("manifest.json")).unwrap_or_default();
    assert!(manifest.contains("\"bots\": \"heuristic\""), "{manifest}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().to_string_lossy().to_string())
        .filter(|p| !p.ends_with("manifest.json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 12);
    let mut args = vec!["replay", "--json"];
    args.extend(files.iter().map(String::as_str));
    let replayed = kartya(&args);
    assert_eq!(code(&replayed), 0, "{}", stderr(&replayed));
    // the records are the heuristic hands: their payments sum to the run's
    let run = kartya(&[
        "simulate",
        "koenigrufen-russbach",
        "--bots",
        "heuristic",
        "--hands",
        "12",
        "--json",
    ]);
    let total = results(&run)["results"]["total_payment"].clone();
    let sheets = results(&replayed);
    let mut sum = vec![0i64; 4];
    for s in sheets.as_array().into_iter().flatten() {
        for seat in s["sheet"]["seats"].as_array().into_iter().flatten() {
            let k = seat["seat"].as_u64().unwrap_or(99) as usize;
            if let (Some(x), Some(p)) = (sum.get_mut(k), seat["payment"].as_i64()) {
                *x += p;
            }
        }
    }
    assert_eq!(serde_json::json!(sum), total, "{}", stdout(&replayed));
}

/// Issue 28.12: `--nodes N` is the pimc bots' budget in `simulate`, `compare` and `play` (before,
/// it could not be given: pimc ran at 2,000,000 nodes a world whatever the table). The output
/// names another budget with its bots; decisions that hit the budget are counted in a note; with
/// other bots the option is refused.
#[test]
fn nodes_is_the_pimc_bots_budget() {
    let o = kartya(&[
        "simulate", "alsos-3p", "--bots", "pimc", "--nodes", "1", "--hands", "2", "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(results(&o)["bots"], "pimc --nodes 1");
    let err = stderr(&o);
    assert!(
        err.contains("within the budget of 1 nodes") && err.contains("--nodes"),
        "{err}"
    );
    for cmd in [
        &["simulate", "alsos-3p", "--nodes", "100"][..],
        &[
            "compare",
            "alsos-3p",
            "--",
            "alsos-3p",
            "--bots",
            "heuristic",
            "--nodes",
            "100",
        ][..],
    ] {
        let o = kartya(cmd);
        assert_eq!(code(&o), 2, "{cmd:?}");
        assert!(stderr(&o).contains("--bots pimc"), "{}", stderr(&o));
    }
    let o = kartya(&["simulate", "alsos-3p", "--bots", "pimc", "--nodes", "0"]);
    assert_eq!(code(&o), 2);
}

/// Issue 29: `--worlds K` is the sampled bots' budget in `simulate`, `compare` and `play`, named
/// beside the bots in the output; with bots that draw no worlds it is refused, and so are 0 and
/// more than 256.
#[test]
fn worlds_is_the_sampled_bots_budget() {
    let o = kartya(&[
        "simulate", "anrufen", "--bots", "sampled", "--worlds", "2", "--hands", "2", "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(results(&o)["bots"], "sampled --worlds 2");
    for cmd in [
        &["simulate", "alsos-3p", "--bots", "heuristic", "--worlds", "2"][..],
        &[
            "compare", "alsos-3p", "--", "alsos-3p", "--bots", "pimc", "--worlds", "2",
        ][..],
    ] {
        let o = kartya(cmd);
        assert_eq!(code(&o), 2, "{cmd:?}");
        assert!(stderr(&o).contains("--bots sampled"), "{}", stderr(&o));
    }
    for k in ["0", "257"] {
        let o = kartya(&["simulate", "anrufen", "--bots", "sampled", "--worlds", k]);
        assert_eq!(code(&o), 2, "--worlds {k}");
    }
    let o = kartya(&[
        "simulate", "anrufen", "--bots", "sampled", "--worlds", "256", "--hands", "1",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}
