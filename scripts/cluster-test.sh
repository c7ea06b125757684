#!/usr/bin/env bash
# The cluster test (docs/deploy.md): PostgreSQL, three servers and HAProxy with TLS on loopback, wrk through the proxy
# for 60 s while one server is killed (kill -9) and restarted and another restarted with SIGTERM; then the checks in
# the database. Beside the test command (a release build, about four minutes a run), not in it.
# Usage: scripts/cluster-test.sh [RUNS]   env: SECONDS_PER_RUN (60), PEOPLE (100), BINARY (a release build to use)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
missing=()
for tool in haproxy wrk; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "cluster: installing ${missing[*]} from Debian packages"
    apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; }
fi
binary=${BINARY:-}
if [ -z "$binary" ]; then
    echo "cluster: swift build -c release --product repofinder"
    swift build -c release --product repofinder >/dev/null
    binary=.build/release/repofinder
fi
source scripts/postgres.sh
ensure_postgres
python3 scripts/cluster-test.py --binary "$binary" --runs "$runs" --seconds "${SECONDS_PER_RUN:-60}" \
    --people "${PEOPLE:-100}"
