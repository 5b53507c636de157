#!/usr/bin/env bash
# The contest server under load (docs/contest-server.md, "Under load"): fills a contest to a size,
# starts `arena serve` on it, and runs one wrk per page (the leaderboard page and API, a team's page
# with its session and the team API with its token, a match page, a replay viewer) while a team
# uploads a new version every few seconds and the ladder plays; then `arena tournament` of the same
# bot at the same concurrency. Prints and writes OUT/load.csv and OUT/load.md: p50/p99, requests per
# second and errors per page, the ladder's matches per minute and the tournament's.
#
# Usage: benchmarks/contest-load.sh [--size test|full] [--db JDBC-URL] [--workers N] --out DIR [more options;
#        --help lists them]
# Needs wrk (Debian: apt-get install wrk), python3 for the default bot (sample-bots/python/random_bot.py;
# --bot FILE.jar for another), and bubblewrap for the default sandbox (--sandbox none on a trusted machine).
# Builds benchmarks/target/benchmarks.jar first when it is missing. Exits 0 when every page answered 200
# and wrk counted no error, 1 when not (the tables are written either way), 2 for a wrong option.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=benchmarks/target/benchmarks.jar
if [ ! -f "$jar" ]; then
  ./mvnw -B -q -DskipTests package -pl benchmarks -am >&2
fi
command -v "${WRK:-wrk}" >/dev/null 2>&1 || { echo "contest-load: wrk is not installed (apt-get install wrk)" >&2; exit 2; }
exec java ${LOAD_JAVA_OPTS:-} -cp "$jar" org.pyramidarena.benchmarks.ContestLoad --wrk "${WRK:-wrk}" "$@"
