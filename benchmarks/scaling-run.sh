#!/usr/bin/env bash
# The scaling battery of docs/performance.md (section 9), for a machine with many cores where only
# a JDK and the built benchmarks.jar are at hand: ScalingBenchmark at 1, 2, 4, 8 and 16 threads,
# then the balance and tournament commands of built-in bots timed from their start to their files
# written at --concurrency 1 and 16, with their results compared (the measured times aside).
# The commands run the arena's CLI from benchmarks.jar, which holds it with everything it needs.
#
# Usage: benchmarks/scaling-run.sh BENCHMARKS_JAR OUT_DIR [JMH options, e.g. -wi 1 -i 3]
# ScalingBenchmark's own default is five warm-up and five measured iterations after at least ten
# small runs and 12,000 games of warm-up: on 16 cores, the six runs (bare-random included: the
# machine's ceiling) at five thread counts likely take longer than JMH_LIMIT. Keep the warm-up at
# 16 threads, where every core runs a match thread and the compiler has none of its own (a run
# measured while the compiler is still at work measures the compiler): on a machine lent for 10
# minutes a call, measure fewer thread counts (THREADS=1,16) or fewer runs a call (RUNS=...), and
# fewer iterations (-wi 2 -i 3), rather than cutting the small runs.
# Environment: JMH_LIMIT (seconds for the JMH part, default 330), SCALE (a factor on the commands'
# games, default 1), THREADS (default 1,2,4,8,16), RUNS (ScalingBenchmark's runs, default all six),
# HIGH (the high concurrency, default 16), PAIRED (1: also the paired runs at HIGH, within
# PAIRED_LIMIT seconds, default 300).
set -uo pipefail
jar=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
shift 2
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
high=${HIGH:-16}
runs=${RUNS:-balance-random,balance-greedy,tournament-random,balance-mcts,tournament-search,bare-random}

{ date -u; echo "nproc: $(nproc)"; lscpu; java -version 2>&1; free -g; df -h "$work"; } > "$out/machine.txt" 2>&1

timeout "${JMH_LIMIT:-330}" java -cp "$jar" org.pyramidarena.benchmarks.ScalingBenchmark \
    -p threads="${THREADS:-1,2,4,8,16}" -p run="$runs" \
    "$@" -rf json -rff "$out/scaling.json" > "$out/scaling.txt" 2>&1
echo "ScalingBenchmark: exit $?"
grep -E '^ScalingBenchmark|^Speed|t=1 ' "$out/scaling.txt"

# With PAIRED=1, the runs again at one thread and at $HIGH back to back in each operation
# (ScalingBenchmark.paired): a speed-up that no drift of the host between forks can move.
if [ "${PAIRED:-0}" = 1 ]; then
    timeout "${PAIRED_LIMIT:-300}" java -cp "$jar" org.pyramidarena.benchmarks.ScalingBenchmark ScalingBenchmark.paired \
        -p threads="$high" -p run="$runs" \
        "$@" > "$out/paired.txt" 2>&1
    echo "ScalingBenchmark.paired: exit $?"
    grep -A8 '^Paired speed-up' "$out/paired.txt"
fi

games() {
    awk -v n="$1" -v s="${SCALE:-1}" 'BEGIN { g = int(n * s + 0.5); print (g < 1 ? 1 : g) }'
}

# One command at concurrency 1 and at $high: real, user and system seconds of each, and whether
# every file but the measured times is the same.
compare() {
    local label=$1
    shift
    local c
    for c in 1 "$high"; do
        local folder="$work/$label-$c"
        local TIMEFORMAT="$label concurrency $c: real %R s, user %U s, sys %S s"
        { time java -cp "$jar" org.pyramidarena.arena.cli.ArenaCommand "$@" --concurrency "$c" --quiet \
            --out "$folder" > "$work/$label-$c.log" 2>&1; } 2>> "$out/commands.txt"
        tail -3 "$work/$label-$c.log" | sed "s|$work|OUT|g" >> "$out/commands.txt"
    done
    local same=yes file
    [ -d "$work/$label-1" ] && [ -d "$work/$label-$high" ] || same="no (a run wrote no folder)"
    while IFS= read -r file; do
        case "$file" in
            */results.csv | results.csv)
                cmp -s <(cut -d, -f1-12,15- "$work/$label-1/$file") <(cut -d, -f1-12,15- "$work/$label-$high/$file") \
                    || same="no ($file)" ;;
            study.json)
                # The study's manifest records the concurrency it was given, and nothing else differs.
                cmp -s <(grep -v '"concurrency"' "$work/$label-1/$file") <(grep -v '"concurrency"' "$work/$label-$high/$file") \
                    || same="no ($file)" ;;
            */settings.json | settings.json | *report.html) ;;
            *) cmp -s "$work/$label-1/$file" "$work/$label-$high/$file" || same="no ($file)" ;;
        esac
    done < <(cd "$work/$label-1" 2> /dev/null && find . -type f | sed 's|^\./||' | sort)
    echo "$label: the same files at concurrency 1 and $high: $same" >> "$out/commands.txt"
    rm -rf "$work/$label-1" "$work/$label-$high"
}

compare balance-random balance --game pylon,pyraos,pyrinoes/to-25,euronimoes:3,pyrametto:4 --bot random \
    --games "$(games 60000)" --bootstrap 0
compare balance-greedy balance --game pyraos --bot greedy --games "$(games 24000)" --bootstrap 0
compare tournament-random tournament --games pylon,pyraos,pyrinoes,euronimoes:3,pyrametto --bot random,random,random \
    --cycles "$(games 4000)" --replays none
cat "$out/commands.txt"
