#!/usr/bin/env bash
# A CI gate for a bot: is the new build of the bot better than (or no worse than) the last release?
# Plays a sequential probability ratio test (SPRT) with Pyramid Arena and passes or fails the job.
#
#   ci/sprt-gate.sh NEW.jar RELEASED.jar GAME [more arena sprt options]
#
# GATE=gainer (default) passes when NEW is better by up to 5 Elo (bounds [0, 5]); GATE=non-regression
# passes when NEW is at most a little worse (bounds [-5, 0]). ARENA is how to run the arena (default:
# arena.sh of the Pyramid Arena checkout in ARENA_HOME). Exit status: 0 passed, 1 failed (H0 accepted,
# or the game budget ran out undecided), 2 bad input, 4 error: the arena failed and decided nothing (an
# exception, a crash, a JVM that did not start, a killed run), which is no verdict on the change.
# A pass or a fail needs both the arena's exit status and its decision line, so that a failure can
# never read as one. See docs/regression-testing.md.
set -uo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 NEW.jar RELEASED.jar GAME [arena sprt options]" >&2
  exit 2
fi
new=$1
released=$2
game=$3
shift 3

case "${GATE:-gainer}" in
  gainer) bounds=(--elo0 0 --elo1 5) ;;
  non-regression) bounds=(--elo0 -5 --elo1 0) ;;
  *) echo "GATE is gainer or non-regression, not '${GATE}'" >&2; exit 2 ;;
esac

if [ -n "${ARENA:-}" ]; then
  read -r -a arena <<< "$ARENA"
else
  arena=("${ARENA_HOME:?set ARENA_HOME to a Pyramid Arena checkout, or ARENA to the command that runs it}/arena.sh")
fi

output=$(mktemp)
trap 'rm -f "$output"' EXIT
"${arena[@]}" sprt --game "$game" --candidate "$new" --baseline "$released" "${bounds[@]}" "$@" | tee "$output"
status=${PIPESTATUS[0]}

decided() {
  grep -qxF "$1" "$output"
}

case $status in
  0) if decided "H1 accepted: the candidate is better"; then
       echo "sprt-gate: PASSED: $new against $released in $game (${GATE:-gainer})"; exit 0
     fi ;;
  1) if decided "H0 accepted: the candidate is not better by elo1"; then
       echo "sprt-gate: FAILED: $new is not better than $released in $game (${GATE:-gainer}; H0 accepted)"; exit 1
     fi ;;
  3) if decided "undecided"; then
       echo "sprt-gate: FAILED: undecided within the game budget (--max-games); run longer or widen the bounds"; exit 1
     fi ;;
  2) exit 2 ;;
esac
echo "sprt-gate: ERROR: the arena failed (exit status $status) and decided nothing; this is no verdict on $new;" \
  "see the messages above" >&2
exit 4
