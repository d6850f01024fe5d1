//! The batch examples of docs/simulate.md ("Shards: one run on many machines"): takes
//! docs/examples/k8s-indexed-job.yaml, docs/examples/slurm-array.sh and the command line the
//! docs show, gives that both files run that command (the same rules, hands, seed, shard count
//! and threads), that their shard counts agree with their batch settings, and that each merges.
//! Read as text: no YAML parser, only the lines a reader would check by eye.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The command line shown in docs/simulate.md after the k8s example's link.
fn docs_command() -> String {
    let docs = read("docs/simulate.md");
    let at = docs
        .find("examples/k8s-indexed-job.yaml")
        .expect("simulate.md links the k8s example");
    let block = &docs[at..];
    let start = block.find("```text\n").expect("a text block after the link") + "```text\n".len();
    let end = block[start..].find("\n```").unwrap();
    block[start..start + end].trim().to_string()
}

/// The value of `key: N` on its own line (the first one).
fn yaml_number(yaml: &str, key: &str) -> u64 {
    yaml.lines()
        .find_map(|l| l.trim().strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no `{key}:` line"))
        .trim_matches('"')
        .parse()
        .unwrap()
}

#[test]
fn the_k8s_job_runs_the_docs_command_on_as_many_pods_as_shards() {
    let cmd = docs_command();
    assert!(cmd.starts_with("kartya simulate ") && cmd.contains("--json"), "{cmd}");
    let yaml = read("docs/examples/k8s-indexed-job.yaml");
    assert!(
        yaml.lines().any(|l| l.trim().starts_with(&format!("{cmd} >"))),
        "the Job does not run `{cmd}`"
    );
    assert!(yaml.contains("completionMode: Indexed"));
    let shards: u64 = cmd
        .split("--shard $((JOB_COMPLETION_INDEX+1))/")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(yaml_number(&yaml, "completions"), shards);
    assert!(yaml_number(&yaml, "parallelism") <= shards);
    // the pod asks for the cores its --threads uses
    let threads = cmd
        .split("--threads ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert!(
        yaml.contains(&format!("cpu: \"{threads}\"")),
        "no cpu request of {threads}"
    );
    // the merge waits for every shard, then merges them
    assert!(
        yaml.contains(&format!("-eq {shards} ]")),
        "the merge does not wait for {shards} shards"
    );
    assert!(yaml.contains("kartya merge /results/shard-*.json"));
}

#[test]
fn the_slurm_array_runs_the_same_run() {
    let cmd = docs_command();
    let sh = read("docs/examples/slurm-array.sh");
    let var = |name: &str| {
        sh.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("no {name}= in slurm-array.sh"))
            .trim_matches(|c| c == '(' || c == ')')
            .to_string()
    };
    let shards = var("SHARDS");
    let want = format!(
        "kartya simulate {} --hands {} --seed {} --shard $((JOB_COMPLETION_INDEX+1))/{shards} --threads {} --json",
        var("RULES"),
        var("HANDS"),
        var("SEED"),
        sh.lines()
            .find_map(|l| l.strip_prefix("#SBATCH --cpus-per-task="))
            .unwrap(),
    );
    assert_eq!(cmd, want, "the Slurm array and the docs' command run different runs");
    assert!(
        sh.contains(&format!("#SBATCH --array=1-{shards}\n")),
        "the array is not {shards} tasks"
    );
    // and its task runs them in the docs' order
    assert!(sh.contains(r#"kartya simulate "${RULES[@]}" --hands "$HANDS" --seed "$SEED" --shard "$I/$SHARDS" \"#));
    assert!(sh.contains("kartya merge $OUT/shard-*.json"));
}
