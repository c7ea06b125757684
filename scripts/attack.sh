#!/usr/bin/env bash
# Replays the hardening issue's findings (#18) against a release server, on SQLite and on PostgreSQL, each on a
# temporary database: one line per finding with its figures (scripts/attack.py). Fails if any finding does not hold.
# Runs beside the test command (not inside it: it takes ~5 minutes and stops and restarts PostgreSQL once).
# Usage: scripts/attack.sh [BINARY]   (default .build/release/repofinder; build it with
#        swift build -c release --product repofinder)   env: ENGINES ("sqlite postgres")
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/repofinder}
engines=${ENGINES:-sqlite postgres}
[ -x "$binary" ] || { echo "no $binary: swift build -c release --product repofinder" >&2; exit 1; }
mkdir -p test-artifacts
source scripts/serve-background.sh
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT
# The attacks' limits: every default except shorter timeouts (so the replay is quick) and no per-day quota (so one
# account reaches its 20,000 in one go); 127.0.0.21 plays a trusted reverse proxy.
flags=(--idle-timeout 5 --request-timeout 5 --interactions-per-day 0 --trusted-proxies 127.0.0.21)
status=0
for engine in $engines; do
    log=test-artifacts/attack-$engine-server.log
    if [ "$engine" = postgres ]; then
        source scripts/postgres.sh
        ensure_postgres >/dev/null
        database="${REPOFINDER_TEST_POSTGRES_URL%/*}/repofinder_attack"
        (cd / && su postgres -c "psql -q -c 'DROP DATABASE IF EXISTS repofinder_attack' \
            -c 'CREATE DATABASE repofinder_attack OWNER repofinder'")
    else
        database=$work/attack.sqlite
    fi
    echo "attack[$engine]: $binary serve ${flags[*]} on a temporary database"
    start_server "$binary" "$database" "$log" "${flags[@]}"
    python3 scripts/attack.py "$SERVER_URL" "$SERVER_PID" "$engine" "$log" "$database" || status=1
    stop_server
done
exit $status
