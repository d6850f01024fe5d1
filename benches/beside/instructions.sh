#!/usr/bin/env bash
# Instructions per full random hand, deterministic where wall time is not: the release binary's
# `simulate --bots random` under cachegrind (no cache simulation) for a few bundled variants, at
# two numbers of hands on one thread; the difference over the difference of hands is the cost of
# a hand without the start-up (loading and compiling the rules). A restructure of the engine is
# held to these numbers (issue 31: at most 3% above the commit before it).
# Needs valgrind. Usage: benches/beside/instructions.sh [HANDS] [VARIANT...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
hands="${1:-20000}"
shift || true
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(alsos-3p asszorti koenigrufen-russbach)
(cd "$repo" && cargo build --release -q)
bin="${CARGO_TARGET_DIR:-$repo/target}/release/kartya"
refs() { # refs VARIANT HANDS: the `I refs` of one run
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" simulate "$1" --hands "$2" --bots random --seed 1 --threads 1 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *//p' | tr -d ','
}
few=$((hands / 10))
for v in "${variants[@]}"; do
  a=$(refs "$v" "$few")
  b=$(refs "$v" "$hands")
  echo "$v: $(( (b - a) / (hands - few) )) instructions per hand ($few hands: $a, $hands hands: $b)"
done
