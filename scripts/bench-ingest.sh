#!/usr/bin/env bash
# Benchmarks `repofinder ingest` with a release build on the shared real data: a new database each run, then a
# re-import (must change nothing), then the daily star snapshots. Prints median / min / max seconds and rows/s.
#   bash scripts/bench-ingest.sh [RUNS] [postgres://...]    (default 5 runs, SQLite only)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
postgres_url=${2:-}
catalog=../shared/data/catalog/repos.jsonl.gz
stars=../shared/data/catalog/stars-daily.csv.gz
swift build -c release --product repofinder >/dev/null
bin=.build/release/repofinder
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { grep -oE 'in [0-9.]+ s' | grep -oE '[0-9.]+'; }
summarize() { # label rows seconds...
    local label=$1 rows=$2
    shift 2
    printf '%s\n' "$@" | sort -n | awk -v label="$label" -v rows="$rows" '
        { v[NR] = $1 }
        END {
            median = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%-38s median %6.2f s  min %6.2f s  max %6.2f s  %8.0f rows/s (median)  n=%d\n",
                label, median, v[1], v[NR], rows / median, NR
        }'
}

bench() { # engine fresh-database-command database
    local engine=$1 fresh=$2 database=$3
    local first=() again=() snapshots=()
    for _ in $(seq 1 "$runs"); do
        eval "$fresh"
        first+=("$($bin ingest "$catalog" --database "$database" --quiet | tee "$work/first.txt" | seconds)")
        grep -qE 'inserted +42,184' "$work/first.txt" || { cat "$work/first.txt"; exit 1; }
        again+=("$($bin ingest "$catalog" --database "$database" --quiet | tee "$work/again.txt" | seconds)")
        grep -qE 'unchanged +42,184' "$work/again.txt" || { cat "$work/again.txt"; exit 1; }
        snapshots+=("$($bin ingest --stars "$stars" --database "$database" --quiet | seconds)")
    done
    summarize "$engine: catalog into new database" 42184 "${first[@]}"
    summarize "$engine: same catalog again" 42184 "${again[@]}"
    summarize "$engine: 413,791 star snapshots" 413791 "${snapshots[@]}"
}

bench "SQLite" "rm -f '$work'/bench.sqlite*" "$work/bench.sqlite"
if [ -n "$postgres_url" ]; then
    schema="bench_$$"
    reset="psql -q '$postgres_url' -c 'DROP SCHEMA IF EXISTS $schema CASCADE' >/dev/null 2>&1"
    bench "PostgreSQL" "$reset" "$postgres_url?schema=$schema"
    eval "$reset"
fi
