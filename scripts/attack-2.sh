#!/usr/bin/env bash
# Replays the second hardening issue's findings (#42: the GitHub budget, sign-in, Ask and its writing model, deck
# filters, terminal escapes and the smaller ones) against a release server, on SQLite and on PostgreSQL, each on a
# temporary database, with the project's stand-in GitHub (scripts/github-standin.py, a 300-request hourly budget)
# and stand-in writing model (scripts/model-standin.py): one line per finding with its figures (scripts/attack-2.py).
# Fails if any finding does not hold. Runs beside the test command, like scripts/attack.sh (about 3–5 minutes an
# engine; it kills the server with SIGKILL once and starts it again on the same database).
# Usage: scripts/attack-2.sh [BINARY]   (default .build/release/repofinder; build it with
#        swift build -c release --product repofinder)   env: ENGINES ("sqlite postgres"), ONLY ("1 2 8c": some
#        findings only)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/repofinder}
engines=${ENGINES:-sqlite postgres}
[ -x "$binary" ] || { echo "no $binary: swift build -c release --product repofinder" >&2; exit 1; }
shared=${REPOFINDER_SHARED_DATA:-../shared/data}
mkdir -p test-artifacts
source scripts/serve-background.sh
work=$(mktemp -d)
github_pid= model_pid=

# The stand-in GitHub with a small budget (300 core requests an hour for each caller, as --rate-limit gives every
# token and the requests without one their own), device codes that expire after 40 s (the device-flow attack's
# attempts end by themselves), and the people the attacks sign in as. Its stdin is a FIFO this shell holds open.
start_standins() {
    mkfifo "$work/github.in"
    python3 scripts/github-standin.py --catalog "$shared/catalog/repos.jsonl.gz" --rate-limit 300 \
        --device-expires 40 --user attack-victim=150 --user fair-attacker=0 --user fair-victim=0 \
        <"$work/github.in" >"$work/github.port" &
    github_pid=$!
    exec 7>"$work/github.in"
    python3 scripts/model-standin.py --forever >"$work/model.port" &
    model_pid=$!
    for _ in $(seq 1 300); do
        [ -s "$work/github.port" ] && [ -s "$work/model.port" ] && break
        sleep 0.1
    done
    GITHUB_STANDIN_URL="http://127.0.0.1:$(head -n 1 "$work/github.port")"
    MODEL_STANDIN_URL="http://127.0.0.1:$(head -n 1 "$work/model.port")"
    export GITHUB_STANDIN_URL MODEL_STANDIN_URL
}

stop_standins() {
    exec 7>&-
    for pid in $github_pid $model_pid; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    github_pid= model_pid=
    rm -f "$work/github.in" "$work/github.port" "$work/model.port"
}

trap 'stop_server; stop_standins; rm -rf "$work"' EXIT
status=0
for engine in $engines; do
    log=test-artifacts/attack-2-$engine-server.log
    if [ "$engine" = postgres ]; then
        source scripts/postgres.sh
        ensure_postgres >/dev/null
        database="${REPOFINDER_TEST_POSTGRES_URL%/*}/repofinder_attack2"
        (cd / && su postgres -c "psql -q -c 'DROP DATABASE IF EXISTS repofinder_attack2' \
            -c 'CREATE DATABASE repofinder_attack2 OWNER repofinder'")
    else
        database=$work/attack.sqlite
        rm -f "$database" "$database"-*
    fi
    start_standins
    use_github_standin
    unset GITHUB_TOKEN
    # Every limit at its default; the writing model is the stand-in (the script switches how it behaves).
    flags=(--ask-model-url "$MODEL_STANDIN_URL/v1" --ask-model standin)
    echo "attack2[$engine]: $binary serve ${flags[*]} on a temporary database; stand-in GitHub $GITHUB_STANDIN_URL" \
        "(300 requests an hour), stand-in model $MODEL_STANDIN_URL"
    start_server "$binary" "$database" "$log" "${flags[@]}"
    # attack-2.py restarts the server itself after killing it (finding 8): it needs the same command.
    ATTACK_BINARY=$binary ATTACK_FLAGS="${flags[*]}" \
        python3 scripts/attack-2.py "$SERVER_URL" "$SERVER_PID" "$engine" "$log" "$database" || status=1
    stop_server
    stop_standins
done
exit $status
