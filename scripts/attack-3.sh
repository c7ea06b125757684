#!/usr/bin/env bash
# Replays the third hardening issue's findings (#63: the app sign-in, HTTPS in the server, the redirect listener,
# /metrics over HTTP/2, analytics events and the export, backups, the maintainer dashboard, SIGHUP, device sign-in
# slots, caching headers, the operator token, and one person's likes in another's deck) against release servers, on
# SQLite and on PostgreSQL, each on temporary databases, with the project's stand-in GitHub
# (scripts/github-standin.py): one line per finding with its figures (scripts/attack-3.py). Fails if any finding
# does not hold. Runs beside the test command, like scripts/attack.sh and scripts/attack-2.sh (a few minutes an
# engine). Per engine it starts:
#   - a plain-HTTP server on the engine's database, with a strong OPERATOR_TOKEN (findings 1, 5, 7–11);
#   - a TLS server on a SQLite file of its own (findings 2–4: the same code whatever the engine), with a certificate
#     made now for localhost and 127.0.0.1, a redirect listener (--http-redirect-port) and a 2 s drain; finding 2 stops
#     it with SIGTERM;
#   - and attack-3.py starts a few servers of its own (finding 11: GitHub unreachable, a weak OPERATOR_TOKEN; finding
#     12: fresh databases — the engine's own on PostgreSQL: repofinder_attack3_a and _b).
# Usage: scripts/attack-3.sh [BINARY]   (default .build/release/repofinder; build it with
#        swift build -c release --product repofinder)   env: ENGINES ("sqlite postgres"), ONLY ("1 5 12": some
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
github_pid= tls_pid=

# The stand-in GitHub (its usual 5,000 requests an hour, device codes that expire after 60 s, so finding 9's end by
# themselves) with the people the attacks sign in as. Its stdin is a FIFO this shell holds open.
start_standin() {
    mkfifo "$work/github.in"
    python3 scripts/github-standin.py --catalog "$shared/catalog/repos.jsonl.gz" --rate-limit 5000 \
        --device-expires 60 --user attack-victim=20 --user attack-maintainer=5 --user attack-dash-a=0 \
        --user attack-dash-b=0 --user attack-bystander=0 --user attack-unreachable=0 \
        <"$work/github.in" >"$work/github.port" &
    github_pid=$!
    exec 7>"$work/github.in"
    for _ in $(seq 1 300); do
        [ -s "$work/github.port" ] && break
        sleep 0.1
    done
    [ -s "$work/github.port" ] || { echo "the stand-in GitHub did not start" >&2; return 1; }
    GITHUB_STANDIN_URL="http://127.0.0.1:$(head -n 1 "$work/github.port")"
    export GITHUB_STANDIN_URL
}

stop_standin() {
    exec 7>&- || true
    if [ -n "$github_pid" ]; then kill "$github_pid" 2>/dev/null || true; wait "$github_pid" 2>/dev/null || true; fi
    github_pid=
    rm -f "$work/github.in" "$work/github.port"
}

# The TLS server: started in the background (start_tls), waited for (wait_tls); finding 2 may have stopped it already.
start_tls() {
    local log=$1
    tls_port=$(free_port)
    redirect_port=$(free_port)
    while [ "$redirect_port" = "$tls_port" ]; do redirect_port=$(free_port); done
    tls_database=$work/tls-$2.sqlite
    rm -f "$tls_database" "$tls_database"-*
    "$binary" serve --port "$tls_port" --database "$tls_database" --tls-certificate "$work/cert.pem" \
        --tls-key "$work/key.pem" --http-redirect-port "$redirect_port" --drain-seconds 2 >"$log" 2>&1 &
    tls_pid=$!
}

wait_tls() {
    local log=$1
    for _ in $(seq 1 600); do
        if curl -fs --cacert "$work/cert.pem" "https://127.0.0.1:$tls_port/health" >/dev/null 2>&1; then return 0; fi
        if ! kill -0 "$tls_pid" 2>/dev/null; then
            echo "the TLS server exited early; its log:" >&2
            tail -n 20 "$log" >&2
            return 1
        fi
        sleep 0.2
    done
    echo "the TLS server did not become ready in 120 s" >&2
    return 1
}

# Bounded: a server that does not stop within 30 s of SIGTERM (finding 2's failure) is killed.
stop_tls() {
    if [ -n "${tls_pid:-}" ]; then
        kill -TERM "$tls_pid" 2>/dev/null || true
        for _ in $(seq 1 150); do
            kill -0 "$tls_pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -KILL "$tls_pid" 2>/dev/null || true
        wait "$tls_pid" 2>/dev/null || true
    fi
    tls_pid=
}

trap 'stop_server; stop_tls; stop_standin; rm -rf "$work"' EXIT

# A certificate made now, for localhost and 127.0.0.1 (as scripts/web-https.sh makes it).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/key.pem" \
    -out "$work/cert.pem" -days 2 -subj "/CN=RepoFinder attack test" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null

status=0
for engine in $engines; do
    log=test-artifacts/attack-3-$engine-server.log
    tls_log=test-artifacts/attack-3-$engine-tls.log
    fresh=""
    if [ "$engine" = postgres ]; then
        source scripts/postgres.sh
        ensure_postgres >/dev/null
        database="${REPOFINDER_TEST_POSTGRES_URL%/*}/repofinder_attack3"
        for name in repofinder_attack3 repofinder_attack3_a repofinder_attack3_b; do
            (cd / && su postgres -c "psql -q -c 'DROP DATABASE IF EXISTS $name' \
                -c 'CREATE DATABASE $name OWNER repofinder'")
        done
        fresh="${REPOFINDER_TEST_POSTGRES_URL%/*}/repofinder_attack3_a"
        fresh+=" ${REPOFINDER_TEST_POSTGRES_URL%/*}/repofinder_attack3_b"
    else
        database=$work/attack.sqlite
        rm -f "$database" "$database"-*
    fi
    start_standin
    use_github_standin
    unset GITHUB_TOKEN METRICS_TOKEN
    # A strong operator token (40 characters), in the environment as an operator sets it.
    OPERATOR_TOKEN=$(python3 -c 'import secrets; print(secrets.token_hex(20))')
    export OPERATOR_TOKEN
    echo "attack3[$engine]: $binary serve on a temporary database (plain HTTP) and a TLS server on a SQLite file of" \
        "its own; stand-in GitHub $GITHUB_STANDIN_URL"
    start_tls "$tls_log" "$engine"
    start_server "$binary" "$database" "$log"
    wait_tls "$tls_log"
    echo "attack3[$engine]: plain $SERVER_URL (pid $SERVER_PID); TLS https://127.0.0.1:$tls_port (pid $tls_pid)," \
        "redirect http://127.0.0.1:$redirect_port"
    ATTACK_BINARY=$binary ATTACK_OPERATOR_TOKEN=$OPERATOR_TOKEN ATTACK_TLS_URL="https://127.0.0.1:$tls_port" \
        ATTACK_TLS_PID=$tls_pid ATTACK_TLS_DATABASE=$tls_database ATTACK_REDIRECT_PORT=$redirect_port \
        ATTACK_TLS_CERT=$work/cert.pem ATTACK_FRESH_DATABASES=$fresh ATTACK_ARTIFACTS=test-artifacts \
        python3 scripts/attack-3.py "$SERVER_URL" "$SERVER_PID" "$engine" "$log" "$database" || status=1
    stop_server
    stop_tls
    stop_standin
done
exit $status
