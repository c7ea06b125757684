#!/usr/bin/env bash
# Times one scheduled catalog refresh of the full shared catalog against the stand-in GitHub: a fresh SQLite database
# (the starter catalog, 42,184 repositories), `repofinder serve` with a token (GraphQL batches) and the refresh due at
# start; prints the run's log line (checked, snapshots, requests, seconds) and the snapshots written for the day.
# usage: scripts/refresh-bench.sh [path/to/repofinder]   (default: .build/release/repofinder, else .build/debug)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-}
if [ -z "$binary" ]; then
    for candidate in .build-release/release/repofinder .build/release/repofinder .build/debug/repofinder; do
        if [ -x "$candidate" ]; then binary=$candidate; break; fi
    done
fi
shared=${REPOFINDER_SHARED_DATA:-../shared/data}
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
coproc STANDIN { exec python3 scripts/github-standin.py --catalog "$shared/catalog/repos.jsonl.gz" --all-repositories; }
read -r port <&"${STANDIN[0]}"
GITHUB_API_URL="http://127.0.0.1:$port" GITHUB_TOKEN=bench-token CATALOG_REFRESH_HOURS=24 \
    "$binary" serve --database "$work/db.sqlite" --port 0 > "$work/log" 2>&1 &
for _ in $(seq 1 1200); do
    if grep -q "catalog refresh: \(finished\|stopped\)" "$work/log"; then break; fi
    sleep 0.5
done
grep "catalog refresh" "$work/log" | sed 's/^.*repofinder: //'
echo "binary: $binary"
