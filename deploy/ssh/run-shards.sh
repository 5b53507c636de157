#!/usr/bin/env bash
# Plays one arena run as N shards, on this machine or on a few machines that share a folder (NFS),
# then merges the shards into RUN_DIR/merged: the same results as the run on one machine.
#
#   run-shards.sh local N RUN_DIR ARENA_ARGS...            N shards as processes of this machine
#   run-shards.sh ssh HOSTS_FILE RUN_DIR ARENA_ARGS...     one shard per line of HOSTS_FILE, over ssh
#   run-shards.sh parallel LOGINS_FILE N RUN_DIR ARENA_ARGS...
#                                                          N shards spread by GNU parallel over the
#                                                          machines of LOGINS_FILE, failed ones retried
#
# ARENA_ARGS is an arena command and its options, without --out and --shard, which this adds:
#
#   deploy/ssh/run-shards.sh local 4 arena-out/demo tournament --config deploy/tournament.json
#   deploy/ssh/run-shards.sh ssh hosts.txt /nfs/arena/run tournament --config /nfs/arena/tournament.json
#   deploy/ssh/run-shards.sh parallel logins.txt 8 /nfs/arena/bal balance --game pylon --bot mcts --games 20000
#
# Shard K writes RUN_DIR/shard-K-of-N/ and its output to RUN_DIR/logs/shard-K-of-N.log. Running the
# same line again continues every shard where it stopped (finished ones return at once), then
# merges: that is how to go on after a machine failed or the line was interrupted.
#
# ssh and parallel: every machine must see RUN_DIR, the arena's JAR and the files named in
# ARENA_ARGS at the same paths as this one (a shared folder mounted at the same place), and have
# java 17 or newer on its PATH; the shard runs in this shell's working directory there, so
# relative paths work when that directory is shared too. ssh needs to log in without a password
# (keys, an agent). HOSTS_FILE: one machine per line (user@host works), a machine listed twice
# plays two shards; blank lines and lines starting with # are skipped. LOGINS_FILE is GNU
# parallel's --sshloginfile: one machine per line, "2/node1" for two shards at once on node1,
# ":" for this machine.
#
# ARENA_JAR: the arena's JAR (default: arena/target/arena-all.jar of this checkout, built by
# ./arena.sh or ./mvnw -B -q package -DskipTests). RETRIES (parallel only): how often a failed
# shard is started again, default 3.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="${ARENA_JAR:-$here/../../arena/target/arena-all.jar}"

usage() {
  cat >&2 <<'USAGE'
usage: run-shards.sh local N RUN_DIR ARENA_ARGS...
       run-shards.sh ssh HOSTS_FILE RUN_DIR ARENA_ARGS...
       run-shards.sh parallel LOGINS_FILE N RUN_DIR ARENA_ARGS...
e.g.   run-shards.sh local 4 arena-out/demo tournament --config deploy/tournament.json
USAGE
  exit 2
}

[ $# -ge 1 ] || usage
mode="$1"
shift
case "$mode" in
  local)
    [ $# -ge 3 ] || usage
    shards="$1"; run="$2"; shift 2
    ;;
  ssh)
    [ $# -ge 3 ] || usage
    hosts_file="$1"; run="$2"; shift 2
    mapfile -t hosts < <(grep -v -e '^[[:space:]]*$' -e '^[[:space:]]*#' "$hosts_file")
    shards="${#hosts[@]}"
    ;;
  parallel)
    [ $# -ge 4 ] || usage
    logins_file="$1"; shards="$2"; run="$3"; shift 3
    command -v parallel >/dev/null || { echo "run-shards.sh: GNU parallel is not installed" >&2; exit 2; }
    ;;
  *)
    usage
    ;;
esac
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "run-shards.sh: not a number of shards: $shards" >&2; exit 2; }
[ -f "$jar" ] || { echo "run-shards.sh: no $jar; build it first: ./mvnw -B -q package -DskipTests" >&2; exit 2; }
jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"
mkdir -p "$run/logs"
run="$(cd "$run" && pwd)"

# The one arena command line of shard K, as a line for a shell here or on another machine.
shard_line() {
  local k="$1"
  shift
  printf 'cd %q && java -jar %q' "$PWD" "$jar"
  printf ' %q' "$@" --out "$run" --shard "$k/$shards" --quiet
}

failed=()
case "$mode" in
  local | ssh)
    pids=()
    for ((k = 0; k < shards; k++)); do
      log="$run/logs/shard-$k-of-$shards.log"
      line="$(shard_line "$k" "$@")"
      if [ "$mode" = local ]; then
        bash -c "$line" >"$log" 2>&1 &
      else
        ssh -n -o BatchMode=yes "${hosts[$k]}" "$line" >"$log" 2>&1 &
      fi
      pids[k]=$!
    done
    for ((k = 0; k < shards; k++)); do
      wait "${pids[k]}" || failed+=("$k")
    done
    ;;
  parallel)
    # GNU parallel puts each shard number in place of {}, on the machine it chose.
    template="$(shard_line SHARD_NUMBER "$@")"
    template="${template//SHARD_NUMBER/\{\}} >$(printf %q "$run")/logs/shard-{}-of-$shards.log 2>&1"
    status=0
    parallel --sshloginfile "$logins_file" --retries "${RETRIES:-3}" --joblog "$run/logs/joblog" \
      "$template" ::: $(seq 0 $((shards - 1))) || status=$?
    if [ "$status" -ne 0 ]; then
      # The job log has a line per try: job number (shard + 1) first, exit status seventh.
      mapfile -t failed < <(awk -F '\t' 'NR > 1 { last[$1] = $7 } END { for (j in last) if (last[j] != 0) print j - 1 }' \
        "$run/logs/joblog" | sort -n)
      [ ${#failed[@]} -gt 0 ] || failed=(unknown)
    fi
    ;;
esac

if [ ${#failed[@]} -gt 0 ]; then
  for k in "${failed[@]}"; do
    echo "shard $k/$shards failed; the end of $run/logs/shard-$k-of-$shards.log:" >&2
    tail -n 5 "$run/logs/shard-$k-of-$shards.log" >&2 || true
  done
  echo "once the cause is fixed, run the same command again: it continues the failed shards (finished ones are kept)" >&2
  exit 1
fi

if [ -e "$run/merged/results.csv" ]; then
  echo "every shard is done; $run/merged was merged before (move it away to merge again)"
  exit 0
fi
shard_dirs=()
for ((k = 0; k < shards; k++)); do
  shard_dirs+=("$run/shard-$k-of-$shards")
done
java -jar "$jar" merge "$run/merged" "${shard_dirs[@]}"
