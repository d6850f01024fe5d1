# kartya tasks: `just check`, `just test`, `just snap`, `just docs`, `just bench`.

# formatting and lints, as CI runs them
check:
    cargo fmt --check
    cargo clippy --all-targets -- -D warnings

# the test suite (the README's test command)
test:
    cargo test

# review snapshot changes one by one (needs cargo-insta); never accept blindly
snap:
    cargo insta test --review

# criterion benches; medians are quoted in issue notes
bench:
    cargo bench --bench front_end
    cargo bench --bench engine
    cargo bench --bench solve
    cargo bench --bench bots
    cargo bench --bench compare

# the speed yardstick the engine bench is compared with (run it right before or after `bench`)
yardstick:
    T=$(mktemp -d); cd ../shared/yardstick && CARGO_TARGET_DIR=$T cargo build --release && $T/release/sim single 2000000 3 1

# the engine benches in one process beside the yardstick (linked from ../shared/yardstick): the
# ratio per block holds still on a busy machine where separate timings do not
beside:
    cd benches/beside && cargo run --release -q -- 60 10000

# full random hands of alsos-3p, asszorti and the Königrufen family in one run: hands/s and ns per
# card played on one core, medians over rounds that visit the variants in turn
per-card:
    cd benches/beside && cargo run --release -q --bin per_card -- 15 4000

# the solver beside the yardstick's `dds` on its own deals (linked from ../shared/yardstick): the
# values must agree deal by deal; prints both medians for a full 9-trick hand and their ratio
solve-beside DEALS="20" SEED="2024":
    cd benches/beside && cargo run --release -q --bin solve -- {{DEALS}} {{SEED}}

# A/B check of the working tree against a base commit, both in one binary: `just ab HEAD~1`
ab BASE:
    benches/beside/ab.sh {{BASE}}

# instructions per full random hand (cachegrind, deterministic) of alsos-3p, asszorti and
# koenigrufen-russbach by `simulate --bots random`, start-up taken out: `just instructions`
instructions HANDS="20000":
    benches/beside/instructions.sh {{HANDS}}

# the code a full hand runs through, the working tree beside a base commit (valgrind, python3):
# hot 64-byte lines per function and simulated 32 KB L1i misses per hand: `just footprint 0f4d4e8`
footprint BASE:
    benches/beside/footprint.sh {{BASE}}

# where the time of a full hand goes, stage by stage (CPU cycles by the time-stamp counter, x86-64):
# the working tree beside a base commit, both instrumented copies: `just phases 0f4d4e8`
phases BASE:
    benches/beside/phases.sh {{BASE}}

# every bundled file checks clean
variants:
    cargo run -q -- list | awk '{print $1}' | xargs -n1 cargo run -q -- check

# rerun every `$ kartya` line of README.md and docs/*.md and write its real output into the doc
# (tests/docs_transcripts.rs); review the docs' diff before committing, never accept it blindly
docs:
    KARTYA_BLESS_DOCS=1 cargo test --test docs_transcripts
    KARTYA_BLESS_DOCS=1 cargo test --test docs_reference
    git diff --stat -- README.md docs
