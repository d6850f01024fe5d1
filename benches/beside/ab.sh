#!/usr/bin/env bash
# A/B check of a change to the engine: the working tree against a base commit, both linked into
# one binary beside ../shared/yardstick (ab/setup.sh), timed in alternating blocks.
# Usage: benches/beside/ab.sh BASE [BLOCKS] [HANDS]
set -euo pipefail
source "$(dirname "$0")/ab/setup.sh"
ab_build "${1:?usage: ab.sh BASE [BLOCKS] [HANDS]}"
"$work/harness/target/release/kartya-ab" "${2:-60}" "${3:-10000}"
