#!/usr/bin/env bash
# Two or more release builds compared under one load scenario on this noisy two-core machine: every build's server is
# up at once (an idle one costs nothing), each with the same people, and short wrk runs alternate between them, so a
# slow minute of the machine falls on all of them alike, in a new order each round (runs of whole load tests one after another drifted by ±20%).
# Prints per run: requests/s, p50/p99 and the server's own CPU time per request (utime+stime from /proc, which wrk's
# share of the cores does not blur); then each build's medians over the runs after the first (the first is warm-up).
# Usage: scripts/load-side-by-side.sh BINARY... env: SCENARIO (deck: feed.lua; deck-filtered: feed.lua by people who
#        each saved a deck filter; chat: chat.lua, a thread each; or search, similar, compare4, home, interactions:
#        scripts/load/NAME.lua), PEOPLE (200), ROUNDS (6), SECONDS_PER_RUN (5), CONNECTIONS (32),
#        AT_ONCE (1: each round loads every build at the same time instead of one after another: the pairing that held
#        best here, builds' CPU per request within ~5 % round to round where runs in turn drifted by 10–20 %)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: scripts/load-side-by-side.sh BINARY BINARY..." >&2; exit 2; }
command -v wrk >/dev/null || apt-get install -y -q wrk >/dev/null 2>&1
source scripts/serve-background.sh
scenario=${SCENARIO:-deck}
case $scenario in
deck | deck-filtered) lua=feed.lua ;;
compare4) lua=compare.lua ;;
*) lua=$scenario.lua ;;
esac
[ -f "scripts/load/$lua" ] || { echo "no scripts/load/$lua" >&2; exit 2; }
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null; rm -rf "$work"' EXIT
source scripts/load/people.sh
urls=()
for position in $(seq 0 $(($# - 1))); do
    binary=${*:$((position + 1)):1}
    extra=()
    help=$("$binary" serve --help 2>&1 || true)
    [[ $help == *--account-rate* ]] && extra+=(--account-rate 0)
    [[ $help == *--ask-questions-per-month* ]] && extra+=(--ask-questions-per-month 0)
    start_server "$binary" "$work/$position.sqlite" "$work/$position.log" --token-rate 0 --address-rate 0 "${extra[@]}"
    pids+=("$SERVER_PID")
    urls+=("$SERVER_URL")
    prelude="$work/$position.lua"
    : >"$prelude"
    load_people TOKENS "${PEOPLE:-200}" "$prelude" "$([ "$scenario" = deck-filtered ] && echo filtered)" \
        "$work/$position.tokens"
    [ "$scenario" != chat ] || load_threads "$work/$position.tokens" "$prelude" "$work/$position.people"
    load_repositories "$prelude"
    echo "FEED_LIMIT = 20" >>"$prelude"
    cat scripts/load/common.lua "scripts/load/$lua" >>"$prelude"
done
results="$work/results.txt"
# One wrk run against one build's server, its result and the server's CPU time per request appended to the results.
run() {
    local position=$1 round=$2 pid=${pids[$1]} before after result requests ticks cpu
    before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    result=$(wrk -t2 -c"${CONNECTIONS:-32}" -d"${SECONDS_PER_RUN:-5}s" --timeout 5s -s "$work/$position.lua" \
        "${urls[$position]}" | sed -n 's/^RESULT //p')
    after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
    requests=$(sed 's/.*requests=\([0-9]*\).*/\1/' <<<"$result")
    ticks=$(getconf CLK_TCK)
    cpu=$(((after - before) * 1000000 / ticks / (requests > 0 ? requests : 1)))
    echo "side-by-side: build=$((position + 1)) round=$round cpu_us_per_request=$cpu $result" | tee -a "$results"
}
for round in $(seq 1 "${ROUNDS:-6}"); do
    if [ -n "${AT_ONCE:-}" ]; then
        # Every build loaded at the same time (each gets about a share of the cores): a slow spell of the machine
        # falls on all of them within the same seconds; compare the CPU time per request, not requests/s.
        runs=()
        for position in "${!urls[@]}"; do
            run "$position" "$round" &
            runs+=($!)
        done
        wait "${runs[@]}"  # not a bare wait: the servers are this shell's background jobs too
    else
        # A new order each round: a build always run last in a round would meet the machine's slow spells more often.
        for position in $(shuf -e "${!urls[@]}"); do run "$position" "$round"; done
    fi
done
python3 - "$results" "$@" <<'PY'
import statistics, sys
rows = [dict(f.split("=", 1) for f in line.split()[1:] if "=" in f) for line in open(sys.argv[1])]
for position, binary in enumerate(sys.argv[2:], 1):
    runs = [r for r in rows if r["build"] == str(position) and r["round"] != "1"]
    if not runs:
        continue
    med = lambda key: statistics.median(float(r[key]) for r in runs)
    print("side-by-side: build %d (%s): median of %d runs: %.0f requests/s, p99 %.1f ms, %.0f us CPU per request"
          % (position, binary, len(runs), med("rps"), med("p99_ms"), med("cpu_us_per_request")))
PY
