#!/usr/bin/env bash
# Profiles a release server under one load-test scenario with perf (Debian's linux-perf): runs scripts/load-test.sh
# with SCENARIOS=$SCENARIO (default: deck), attaches `perf record -g` to the server once the scenario starts, and
# writes the capture's folded stacks, an SVG flame graph and the top functions (scripts/flamegraph.py).
# Usage: scripts/profile-load.sh [BINARY] [OUT-PREFIX]   env: SCENARIO (deck), SECONDS_RECORDED (20), and
#        load-test.sh's own (PEOPLE, CONNECTIONS, ...). Writes OUT-PREFIX.svg, .folded, .top.txt
#        (default test-artifacts/profile-SCENARIO).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/repofinder}
scenario=${SCENARIO:-deck}
out=${2:-test-artifacts/profile-$scenario}
recorded=${SECONDS_RECORDED:-20}
command -v perf >/dev/null || apt-get install -y -q linux-perf >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q linux-perf >/dev/null; }
mkdir -p "$(dirname "$out")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The scenario runs long enough to be recorded after a 5 s warm-up.
DECK_SECONDS=$((recorded + 10)) OTHER_SECONDS=$((recorded + 10)) SCENARIOS=$scenario \
    bash scripts/load-test.sh "$binary" >"$work/load.txt" 2>&1 &
load=$!
# Recorded once wrk runs (Ask's threads, for one, are made after the people): the set-up is not the scenario.
for _ in $(seq 1 1200); do
    grep -q "^load: .* people, wrk" "$work/load.txt" && pgrep -x wrk >/dev/null && break
    kill -0 "$load" 2>/dev/null || { cat "$work/load.txt"; exit 1; }
    sleep 0.5
done
sleep 5
server=$(pgrep -n -f "$binary serve --port")
perf record -F 499 -g -p "$server" -o "$work/perf.data" -- sleep "$recorded" 2>"$work/perf.log" >/dev/null
wait "$load" || true
grep -E "^load:|^  |rps|p99" "$work/load.txt" | head -n 20
perf script -i "$work/perf.data" 2>/dev/null |
    python3 scripts/flamegraph.py --demangle --svg "$out.svg" --folded "$out.folded" --top 40 \
        --title "$scenario: $(basename "$binary") $(date -u +%FT%TZ)" >"$out.top.txt"
echo "profile: $out.svg, $out.folded, $out.top.txt"
head -n 50 "$out.top.txt"
