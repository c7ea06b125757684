#!/usr/bin/env bash
# The test command's speed guard (issue 64): a short load run of a release build — the deck, search and interactions,
# scripts/load-test.sh's own scenarios — whose figures are printed every run and checked against floors. The floors
# sit far below what this two-core machine gives on a slow day, so noise never trips them, and far above what a build
# that awaits a database write per deal gives, so a fall like issue 64's always does (docs/benchmarks.md, "The speed
# guard", has the figures they were chosen from).
# Usage: scripts/load-guard.sh [BINARY]   (default: builds and runs .build/release/repofinder)
#        env: GUARD_PEOPLE (100), GUARD_SECONDS (15), GUARD_FLOOR_DECK, GUARD_FLOOR_SEARCH, GUARD_FLOOR_INTERACTIONS
#        (requests/s), GUARD_CEILING_DECK_P99 (ms).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-artifacts
binary=${1:-}
if [ -z "$binary" ]; then
    binary=.build/release/repofinder
    echo "guard: swift build -c release --product repofinder"
    swift build -c release --product repofinder >test-artifacts/release-build.log 2>&1 ||
        { tail -n 40 test-artifacts/release-build.log; exit 1; }
fi
# Requests/s, deck and search: a third or less of the slowest runs measured here of a good build, three to ten times
# what the deck gave while it awaited an insert per deal (300 requests/s).
floor_deck=${GUARD_FLOOR_DECK:-1000}
floor_search=${GUARD_FLOOR_SEARCH:-500}
# Interactions write (SQLite, synchronous): at the end of a CI run they gave 605 and 487/s (2026-11-29, against
# 1,189-1,565/s on a quiet machine), so their floor sits at 200, under half the slowest CI figure.
floor_interactions=${GUARD_FLOOR_INTERACTIONS:-200}
ceiling_deck_p99=${GUARD_CEILING_DECK_P99:-100}
seconds=${GUARD_SECONDS:-15}

out=test-artifacts/load-guard.txt
PEOPLE=${GUARD_PEOPLE:-100} DECK_SECONDS=$seconds OTHER_SECONDS=$seconds SCENARIOS="deck search interactions" \
    bash scripts/load-test.sh "$binary" >"$out" 2>&1 || { cat "$out"; echo "guard: the load run failed" >&2; exit 1; }

# `load: NAME requests=… rps=… p50_ms=… p90_ms=… p99_ms=… max_ms=… socket_errors=… non2xx=…`
field() { sed -n "s/^load: $1 .* $2=\([0-9.]*\).*/\1/p" "$out" | head -n 1; }
status=0
check() {
    local name=$1 floor=$2 ceiling=${3:-}
    local rps p99 requests errors non2xx verdict=ok
    rps=$(field "$name" rps)
    p99=$(field "$name" p99_ms)
    requests=$(field "$name" requests)
    errors=$(field "$name" socket_errors)
    non2xx=$(field "$name" non2xx)
    if [ -z "$rps" ]; then
        echo "guard: no figures for $name" >&2
        status=1
        return
    fi
    local problems=()
    if awk -v r="$rps" -v f="$floor" 'BEGIN {exit !(r < f)}'; then problems+=("BELOW THE FLOOR"); fi
    if [ -n "$ceiling" ] && awk -v p="$p99" -v c="$ceiling" 'BEGIN {exit !(p > c)}'; then
        problems+=("p99 ABOVE $ceiling ms")
    fi
    # Errors fail it too: a fast server that answers 500s is not fast.
    if [ "${errors:-0}" -gt 0 ] || [ "$((${non2xx:-0} * 100))" -gt "${requests:-0}" ]; then
        problems+=("ERRORS ($errors socket, $non2xx non-2xx)")
    fi
    if [ ${#problems[@]} -gt 0 ]; then verdict=$(IFS=';'; echo "${problems[*]}" | sed 's/;/, /g'); fi
    printf 'guard: %-13s %7s requests/s (floor %s), p99 %s ms%s: %s\n' "$name" "$rps" "$floor" "$p99" \
        "${ceiling:+ (ceiling $ceiling)}" "$verdict"
    [ "$verdict" = ok ] || status=1
}
check "deck(20)" "$floor_deck" "$ceiling_deck_p99"
check search "$floor_search"
check interactions "$floor_interactions"
if [ "$status" -ne 0 ]; then
    echo "guard: slower than the floors allow; the whole run:" >&2
    cat "$out" >&2
fi
exit "$status"
