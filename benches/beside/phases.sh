#!/usr/bin/env bash
# Where the time of a full random alsos-3p hand goes, stage by stage, the working tree beside a
# base commit: copies of both whose bots' step loop reads the CPU's time-stamp counter around
# each step (phases/instrument.py), run in turn. A diagnostic for "where did the time go", not
# a benchmark: the counter reads cost a little in every step, alike in both. x86-64 only.
# Usage: benches/beside/phases.sh BASE [RUNS] [HANDS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${PHASES_DIR:-$repo/target/phases}"
base="${1:?usage: phases.sh BASE [RUNS] [HANDS]}"
rm -rf "$work/new" "$work/base"
mkdir -p "$work/new" "$work/base" "$work/harness/src"
# the working tree as it is (its tracked and untracked files), and the base commit
(cd "$repo" && git ls-files -co --exclude-standard -z | tar --null -T - -c) | tar -x -C "$work/new"
git -C "$repo" archive "$base" | tar -x -C "$work/base"
for tree in new base; do
  python3 "$here/phases/instrument.py" "$work/$tree"
  sed -i -e '/^default-run/d' -e '/^\[\[bin\]\]$/,/^$/d' "$work/$tree/Cargo.toml"
done
sed -i -e '0,/^name = "kartya"$/s//name = "kartya-base"/' -e 's|^\[lib\]$|[lib]\nname = "kartya_base"|' "$work/base/Cargo.toml"
cat > "$work/harness/Cargo.toml" <<TOML
[package]
name = "kartya-phases"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
kartya = { path = "$work/new" }
kartya-base = { path = "$work/base" }

[profile.release]
lto = "fat"
codegen-units = 1
TOML
cp "$here/phases/main.rs" "$work/harness/src/main.rs"
(cd "$work/harness" && cargo build --release -q)
"$work/harness/target/release/kartya-phases" "${2:-5}" "${3:-300000}"
