#!/usr/bin/env bash
# The web app end to end in a real browser: installs Chromium, its driver (Debian) and Selenium (PyPI) if missing,
# starts the stand-in GitHub and the real server on a temporary SQLite database (its GitHub, sign-in included, is the
# stand-in), and runs Tests/WebEndToEnd/e2e.py against it. Failures leave
# screenshots, the page and the browser console in test-artifacts/web; every screen's phone and desktop screenshot
# goes to test-artifacts/web/screens (or to the folder given with --screenshots, docs/screenshots for the README).
# Then Tests/WebEndToEnd/search.py and ask.py against a second server holding the whole shared catalog, and ask.py
# again with that server's writing model failing midway (scripts/model-standin.py).
# Usage: scripts/web-e2e.sh [BINARY] [--screenshots DIR]   (default binary: .build/debug/repofinder; builds nothing)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/debug/repofinder
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
    binary=$1
    shift
fi
mkdir -p test-artifacts
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    echo "web: installing chromium and chromium-driver from Debian packages"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >test-artifacts/apt-chromium.log
fi
# Japanese needs a font with its script (the language walk's screenshots and line breaking).
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
    echo "web: installing fonts-noto-cjk from Debian packages"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq fonts-noto-cjk >test-artifacts/apt-fonts.log
fi
if ! python3 -c 'import selenium' >/dev/null 2>&1; then
    echo "web: installing selenium from PyPI"
    pip install -q 'selenium>=4.20,<5' 2>&1 | grep -v 'Running pip as' || true
fi
source scripts/serve-background.sh
work=$(mktemp -d)
# The stand-in GitHub with one user of 250 public stars.
start_github_standin octo-stars=250
github=$GITHUB_STANDIN_URL
model_pid=""
trap 'stop_server; stop_github_standin; [ -z "$model_pid" ] || kill "$model_pid" 2>/dev/null; rm -rf "$work"' EXIT
use_github_standin
# The operator token e2e.py's maintainer step opens /admin with.
OPERATOR_TOKEN=web-e2e-operator-token-0123456789 \
    start_server "$binary" "$work/web.sqlite" test-artifacts/web-server.log --pseudo-language 1
echo "web: $(chromium --version 2>/dev/null | head -n 1), selenium $(python3 -c 'import selenium; print(selenium.__version__)'), server $SERVER_URL"
python3 Tests/WebEndToEnd/e2e.py --url "$SERVER_URL" --database "$work/web.sqlite" --github "$github" \
    --artifacts test-artifacts/web "$@"
stop_server
# Search as people use it, on the whole shared catalog (its descriptions are what words match): a second server.
screenshots=()
for (( i = 1; i <= $#; i++ )); do
    [ "${!i}" = "--screenshots" ] && next=$((i + 1)) && screenshots=(--screenshots "${!next}")
done
if [[ " $* " != *" --only "* ]] || [[ " $* " == *"search"* ]]; then
    "$binary" ingest "${REPOFINDER_SHARED_DATA:-../shared/data}/catalog/repos.jsonl.gz" --database "$work/full.sqlite" \
        --quiet >test-artifacts/web-full-ingest.log
    start_server "$binary" "$work/full.sqlite" test-artifacts/web-full-server.log
    python3 Tests/WebEndToEnd/search.py --url "$SERVER_URL" --artifacts test-artifacts/web "${screenshots[@]}"
fi
# Ask on the same catalog (its answers rest on the descriptions too).
if [[ " $* " != *" --only "* ]] || [[ " $* " == *"ask"* ]]; then
    if [ -z "${SERVER_URL:-}" ] || ! curl -fsS "$SERVER_URL/health" >/dev/null 2>&1; then
        "$binary" ingest "${REPOFINDER_SHARED_DATA:-../shared/data}/catalog/repos.jsonl.gz" \
            --database "$work/full.sqlite" --quiet >test-artifacts/web-full-ingest.log
        start_server "$binary" "$work/full.sqlite" test-artifacts/web-full-server.log
    fi
    python3 Tests/WebEndToEnd/ask.py --url "$SERVER_URL" --artifacts test-artifacts/web "${screenshots[@]}"
    # The same server with a writing model that fails midway (scripts/model-standin.py): the fallback as people see it.
    stop_server
    python3 scripts/model-standin.py --key web-key --forever >"$work/model-port" &
    model_pid=$!
    for _ in $(seq 1 50); do [ -s "$work/model-port" ] && break; sleep 0.1; done
    ASK_MODEL_KEY=web-key start_server "$binary" "$work/full.sqlite" test-artifacts/web-model-server.log \
        --ask-model-url "http://127.0.0.1:$(cat "$work/model-port")/v1" --ask-model standin-disconnect
    model_status=0
    python3 Tests/WebEndToEnd/ask.py --url "$SERVER_URL" --artifacts test-artifacts/web --model-fails \
        "${screenshots[@]}" || model_status=$?
    kill "$model_pid" 2>/dev/null || true
    model_pid=""
    [ "$model_status" -eq 0 ]
fi
