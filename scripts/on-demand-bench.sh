#!/usr/bin/env bash
# Times opening repositories the catalog lacks (fetched from the stand-in GitHub, one request each) by the four ways
# in: the API, the web path, a deep link and a search for a pasted address; and, for comparison, the same four for a
# repository already in the catalog. Prints median and p99 per way.
# usage: scripts/on-demand-bench.sh [path/to/repofinder] [count]   (default: release build if there is one; 50)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-}
count=${2:-50}
if [ -z "$binary" ]; then
    for candidate in .build-release/release/repofinder .build/release/repofinder .build/debug/repofinder; do
        if [ -x "$candidate" ]; then binary=$candidate; break; fi
    done
fi
source scripts/serve-background.sh
work=$(mktemp -d)
start_github_standin
trap 'stop_server; stop_github_standin; rm -rf "$work"' EXIT
use_github_standin
start_server "$binary" "$work/db.sqlite" "$work/server.log"
python3 scripts/on-demand-bench.py --server "$SERVER_URL" --github "$GITHUB_STANDIN_URL" --count "$count"
echo "binary: $binary"
