#!/bin/bash
# A kartya simulation on a Slurm cluster: a job array runs the N shards of one run
# (`kartya simulate ... --shard I/N --json`, one task each), then one job that waits for the whole
# array merges them (`kartya merge`) into what a single run would have printed with --json.
#
# Start it from a folder shared by the nodes, with `kartya` on their PATH:
#   bash docs/examples/slurm-array.sh    (submits itself as the array, then the merge job)
# The results land in run/shard-I.json and run/merged.json; run/shard-I.log holds each task's stderr.
#
#SBATCH --job-name=kartya-shards
#SBATCH --array=1-16
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
#SBATCH --output=run/shard-%a.log

set -euo pipefail

# The run: the same rules, hands and seed for every shard (merge refuses shards that differ).
RULES=(alsos-3p siber-both-chains)
HANDS=10000000
SEED=1
# The shard count: keep it equal to the array's size above.
SHARDS=16
OUT=run

mkdir -p "$OUT"

if [[ -z "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # Run by hand: submit this file as the array (its #SBATCH lines), and the merge, which
    # starts only when every task of the array has ended well.
    array=$(sbatch --parsable "$0")
    sbatch --dependency=afterok:"$array" --job-name=kartya-merge --output="$OUT/merge.log" \
        --wrap "kartya merge $OUT/shard-*.json > $OUT/merged.json"
    exit 0
fi

# One task: shard SLURM_ARRAY_TASK_ID of SHARDS, on the cores Slurm gave it. The output is
# written to a temporary name first, so that a task that dies never leaves half a shard behind.
I=$SLURM_ARRAY_TASK_ID
kartya simulate "${RULES[@]}" --hands "$HANDS" --seed "$SEED" --shard "$I/$SHARDS" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" --json > "$OUT/shard-$I.json.tmp"
mv "$OUT/shard-$I.json.tmp" "$OUT/shard-$I.json"
