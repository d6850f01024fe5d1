#!/usr/bin/env bash
# How much code a full random alsos-3p hand runs through, the working tree beside a base commit:
# the 64-byte lines of code executed in at least one hand in ten (per function, largest first),
# and the misses per hand of a simulated 32 KB, 8-way instruction cache. Load-independent, unlike
# wall time: a hand whose code no longer fits the L1 instruction cache pays for it in every hand.
# Needs valgrind and python3. Usage: benches/beside/footprint.sh BASE [HANDS] [FUNCTIONS]
set -euo pipefail
source "$(dirname "$0")/ab/setup.sh"
base="${1:?usage: footprint.sh BASE [HANDS] [FUNCTIONS]}"
hands="${2:-20000}"
CARGO_PROFILE_RELEASE_DEBUG=line-tables-only ab_build "$base"
bin="$work/harness/target/release/kartya-ab"
for which in base new; do
  valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/footprint.$which" \
    "$bin" one "$which" "$hands" 2>/dev/null
  misses=$(valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --cachegrind-out-file=/dev/null \
    "$bin" one "$which" "$hands" 2>&1 | sed -n 's/.*I1  misses: *//p' | tr -d ',')
  echo "$which: simulated 32 KB L1i misses per hand: $(python3 -c "print(round($misses / $hands, 1))")"
done
python3 "$here/footprint.py" "$work/footprint.base" "$work/footprint.new" "$hands" "${3:-20}"
