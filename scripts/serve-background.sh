# Shared by the scripts that drive a real server: start `repofinder serve` in the background on a free port and
# wait until /health answers. Source it, then: start_server BINARY DATABASE LOG [extra serve flags...]
# Sets SERVER_PID and SERVER_URL; stop_server stops it (SIGTERM, then waits).

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

start_server() {
    local binary=$1 database=$2 log=$3
    shift 3
    local port
    port=$(free_port)
    "$binary" serve --port "$port" --database "$database" "$@" >"$log" 2>&1 &
    SERVER_PID=$!
    SERVER_URL="http://127.0.0.1:$port"
    for _ in $(seq 1 600); do
        if curl -fs "$SERVER_URL/health" >/dev/null 2>&1; then return 0; fi
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "the server exited early; its log:" >&2
            tail -n 20 "$log" >&2
            return 1
        fi
        sleep 0.2
    done
    echo "the server did not become ready in 120 s" >&2
    return 1
}

stop_server() {
    if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        wait "$SERVER_PID" || true
    fi
    SERVER_PID=
}

new_token() {
    curl -fs -X POST "$SERVER_URL/v1/users" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}

# The stand-in GitHub (scripts/github-standin.py, a separate process speaking GitHub's REST API) for the servers these
# scripts start: start_github_standin LOGIN=COUNT... sets GITHUB_STANDIN_URL (give it to the server as
# GITHUB_API_URL); stop_github_standin stops it.
start_github_standin() {
    local shared=${REPOFINDER_SHARED_DATA:-../shared/data} arguments=()
    for user in "$@"; do arguments+=(--user "$user"); done
    coproc STANDIN { exec python3 scripts/github-standin.py --catalog "$shared/catalog/repos.jsonl.gz" \
        --rate-limit 5000 "${arguments[@]}"; }
    STANDIN_PROCESS=$STANDIN_PID
    local port
    read -r port <&"${STANDIN[0]}"
    GITHUB_STANDIN_URL="http://127.0.0.1:$port"
}

# Points the servers started after it at the stand-in GitHub, for everything: the API (star imports, starring back)
# and signing in (its OAuth app, and a fresh key that seals GitHub tokens at rest).
use_github_standin() {
    export GITHUB_API_URL=$GITHUB_STANDIN_URL GITHUB_URL=$GITHUB_STANDIN_URL
    export GITHUB_CLIENT_ID=standin-client-id GITHUB_CLIENT_SECRET=standin-client-secret
    # No scheduled catalog refresh: it would spend the stand-in's rate limit the tests count on (it has tests of its own).
    export CATALOG_REFRESH_HOURS=0
    GITHUB_TOKEN_KEY=$(python3 -c 'import base64, os; print(base64.b64encode(os.urandom(32)).decode())')
    export GITHUB_TOKEN_KEY
}

stop_github_standin() {
    if [ -n "${STANDIN_PROCESS:-}" ]; then kill "$STANDIN_PROCESS" 2>/dev/null || true; fi
    STANDIN_PROCESS=
}
