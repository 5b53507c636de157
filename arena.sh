#!/usr/bin/env bash
# Pyramid Arena launcher (the arena CLI). Named arena.sh because arena/ is the referee module's folder.
# Builds the arena on first use and whenever its sources change, then runs it.
# Needs only a JDK 17 or newer; Maven comes through the wrapper.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$root/arena/target/arena-all.jar"

stale() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find "$root/pom.xml" "$root"/*/pom.xml "$root"/*/src -newer "$jar" -print -quit 2>/dev/null)" ]
}

if stale; then
  echo "arena: building (first use or sources changed) ..." >&2
  if ! "$root/mvnw" -q -B -f "$root/pom.xml" -DskipTests package >&2; then
    echo "arena: the build failed; see the messages above" >&2
    exit 4  # the arena's status for a failure, which no command gives as an answer (sprt's 1 is "H0 accepted")
  fi
  touch "$jar"
fi

exec java ${ARENA_JAVA_OPTS:-} -jar "$jar" "$@"
