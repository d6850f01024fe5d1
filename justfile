# kartya tasks: `just check`, `just test`, `just snap`, `just bench`.

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

# every bundled file checks clean
variants:
    cargo run -q -- list | awk '{print $1}' | xargs -n1 cargo run -q -- check
