#!/usr/bin/env bash
# Submits an arena tournament to Slurm as a job array of shards (shards.sbatch) and its merge
# (merge.sbatch), which waits for every shard to succeed.
#
#   deploy/slurm/submit.sh [SETTINGS]       (default: deploy/tournament.json)
#
# ARENA_SHARED is a folder every node sees (default: ~/pyramid-arena); the arena's JAR
# (ARENA_JAR, default: arena/target/arena-all.jar, built by ./mvnw -B -q package -DskipTests or
# ./arena.sh) and the settings are copied there first. Run it from the folder where Slurm should
# write the jobs' output files.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
settings="${1:-$repo/deploy/tournament.json}"
export ARENA_SHARED="${ARENA_SHARED:-$HOME/pyramid-arena}"
jar="${ARENA_JAR:-$repo/arena/target/arena-all.jar}"

if [ ! -f "$jar" ]; then
  echo "submit.sh: no $jar; build it first: ./mvnw -B -q package -DskipTests" >&2
  exit 2
fi
if [ -e "$ARENA_SHARED/run" ]; then
  echo "submit.sh: note: $ARENA_SHARED/run exists; its shards continue where they stopped" \
    "(move it away to start another run)" >&2
fi
mkdir -p "$ARENA_SHARED"
cp "$jar" "$ARENA_SHARED/arena-all.jar"
cp "$settings" "$ARENA_SHARED/tournament.json"

# --parsable prints "JOBID" or "JOBID;CLUSTER".
shards="$(sbatch --parsable --export=ALL "$here/shards.sbatch")"
shards="${shards%%;*}"
merge="$(sbatch --parsable --export=ALL --dependency=afterok:"$shards" --kill-on-invalid-dep=yes \
    "$here/merge.sbatch")"
merge="${merge%%;*}"
echo "shards: job array $shards (squeue -j $shards); merge: job $merge, once every shard has succeeded"
echo "results: $ARENA_SHARED/run/merged"
