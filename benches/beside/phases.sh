#!/usr/bin/env bash
# Where the time of a full random alsos-3p hand goes, stage by stage, the working tree beside a
# base commit: copies of both whose bots' step loop reads the CPU's time-stamp counter around
# each step (phases/instrument.py), run in turn. A diagnostic for "where did the time go", not
# a benchmark: the counter reads cost a little in every step, alike in both. x86-64 only.
# Usage: benches/beside/phases.sh BASE [RUNS] [HANDS]
set -euo pipefail
AB_DIR="${PHASES_DIR:-$(cd "$(dirname "$0")/../.." && pwd)/target/phases}"
source "$(dirname "$0")/ab/setup.sh" # harness_toml, $here, $repo, $work (= AB_DIR)
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
harness_toml "$work/harness" kartya-phases "$work/new" "$work/base"
cp "$here/phases/main.rs" "$work/harness/src/main.rs"
(cd "$work/harness" && cargo build --release -q)
"$work/harness/target/release/kartya-phases" "${2:-5}" "${3:-300000}"
