#!/usr/bin/env bash
# Load test of a release build on loopback with wrk (Debian package), sharing this machine: the deck (GET
# /v1/me/feed, many people round-robin; then as many other people, each with a saved deck filter), search (anonymous,
# then signed in), suggestions while typing, interactions, Home (GET /v1/me/home) and Compare of four. Prints
# requests/s, p50/p90/p99 and errors per scenario, and the server's memory (RSS) sampled every 5 s during the deck run.
# Ask (chat): questions streamed as server-sent events, each person in their own thread, with wrk, and the server's
# own times of those answers (request to first words written, to the end; from /metrics); then the time to the first
# streamed words and to the whole answer, measured by a client that reads the events (chat-first-words.py).
# Usage: scripts/load-test.sh [BINARY]   env: DECK_SECONDS (60), OTHER_SECONDS (20), PEOPLE (400),
#        CONNECTIONS (32), THREADS (2), FEED_LIMIT (cards per deck request, 20), DATABASE (a SQLite file with the catalog; default: a fresh one),
#        SHOW_WRK (1: print wrk's own report and latency distribution too), CHAT_CLIENTS (the first-words client's
#        connections; default CONNECTIONS),
#        SCENARIOS (which to run, space-separated: deck deck-filtered search search-signed-in suggest similar
#        interactions home compare4 chat; default all; home runs twice: first visits of the day, then later ones; similar runs
#        anonymous, then signed in)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/repofinder}
deck_seconds=${DECK_SECONDS:-60}
other_seconds=${OTHER_SECONDS:-20}
people=${PEOPLE:-400}
connections=${CONNECTIONS:-32}
threads=${THREADS:-2}
feed_limit=${FEED_LIMIT:-20}
command -v wrk >/dev/null || apt-get install -y -q wrk >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q wrk >/dev/null; }
[ -x "$binary" ] || { echo "no $binary: swift build -c release --product repofinder" >&2; exit 1; }
mkdir -p test-artifacts
source scripts/serve-background.sh
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT
database=${DATABASE:-$work/load.sqlite}

echo "load: starting $binary on $database"
# Load, not abuse: no rate limits; no account-creation limit either, where the binary has one (the same script
# measures builds from before it, side by side).
extra=()
help=$("$binary" serve --help 2>&1 || true)  # not piped into grep -q: with pipefail, SIGPIPE would fail the test
[[ $help == *--account-rate* ]] && extra+=(--account-rate 0)
[[ $help == *--ask-questions-per-month* ]] && extra+=(--ask-questions-per-month 0)
start_server "$binary" "$database" test-artifacts/load-server.log --token-rate 0 --address-rate 0 "${extra[@]}"
pid=$SERVER_PID
# Measured once ready (its search index built, Ask's sentence model loaded), not while it warms up; a build from before
# /health/ready answers 404 there and is measured from its first answer, as before.
waited_ready=$(date +%s)
for _ in $(seq 1 600); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$SERVER_URL/health/ready" || true)
    [[ $code == 200 || $code == 404 ]] && break
    sleep 0.2
done
echo "load: ready after $(($(date +%s) - waited_ready)) s more (/health/ready: $code)"

# People with varied onboarding answers (scripts/load/people.sh), and repositories to interact with.
source scripts/load/people.sh
load_people TOKENS "$people" "$work/prelude.lua" "" "$work/tokens.txt"
echo "FEED_LIMIT = $feed_limit" >>"$work/prelude.lua"
want() {
    local all="deck deck-filtered search search-signed-in suggest similar interactions home compare4 chat"
    [[ " ${SCENARIOS:-$all} " == *" $1 "* ]]
}
if want deck-filtered; then
    # As many other people, each with one of LOAD_FILTERS saved (PUT /v1/me/deck-filter): the feed deals within it
    # with no parameter, as the apps ask. Narrow ones run dry during the run, as they would.
    load_people FILTERED_TOKENS "$people" "$work/prelude.lua" filtered
fi
load_repositories "$work/prelude.lua"

run() {
    # The scripts after the first are appended to it (feed-filtered.lua then feed.lua).
    local name=$1 seconds=$2 script=$3
    shift 3
    cat "$work/prelude.lua" scripts/load/common.lua "scripts/load/$script" "${@/#/scripts/load/}" >"$work/$script"
    wrk --latency -t"$threads" -c"$connections" -d"${seconds}s" --timeout 5s -s "$work/$script" "$SERVER_URL" \
        >"$work/$name.out" 2>&1
    local result
    result=$(grep '^RESULT' "$work/$name.out" | sed 's/^RESULT //')
    printf 'load: %-13s %s\n' "$name" "$result"
    [ -n "${SHOW_WRK:-}" ] && cat "$work/$name.out"
    [ -n "$result" ] || { cat "$work/$name.out"; return 1; }
}

# Resident memory in MB: heap and other anonymous memory / file pages mapped (SQLite's memory-mapped reads).
rss() { awk '/RssAnon/ {a = int($2 / 1024)} /RssFile|RssShmem/ {f += int($2 / 1024)} END {print a "/" f}' "/proc/$pid/status"; }
echo "load: $people people, wrk -t$threads -c$connections; server RSS before: $(rss) MB (anonymous/file-backed)"
if want deck; then
    samples="$work/rss.txt"
    ( while kill -0 "$pid" 2>/dev/null; do rss >>"$samples"; sleep 5; done ) &
    sampler=$!
    run "deck($feed_limit)" "$deck_seconds" feed.lua
    kill "$sampler" 2>/dev/null || true
    echo "load: server RSS during the deck run (anonymous/file-backed MB, every 5 s): $(tr '\n' ' ' <"$samples")"
    # Flat means: after the first 5 s (sessions made, caches filled), anonymous memory stays put to the end of the run.
    awk -F/ 'NR == 2 {warm = $1} {last = $1} END {if (warm != "") printf "load: anonymous memory from 5 s to the end of the deck run: %d -> %d MB (%+d MB)\n", warm, last, last - warm}' "$samples"
fi
want deck-filtered && run "deck-filtered" "$deck_seconds" feed-filtered.lua feed.lua
want search && run search "$other_seconds" search.lua
# The same searches by signed-in people: each page also says where its repositories stand with them (viewer).
want search-signed-in && run search-signed-in "$other_seconds" signed-in.lua search.lua
# Suggestions while typing: every prefix of a dozen searches, a letter at a time.
want suggest && run suggest "$other_seconds" suggest.lua
# A cheap page of 20 (similar repositories), anonymous then signed in: the difference is what `viewer` costs.
want similar && run similar "$other_seconds" similar.lua
want similar && run similar-signed-in "$other_seconds" signed-in.lua similar.lua
want interactions && run interactions "$other_seconds" interactions.lua
# The first Home run makes each person's pick of the day (a deal and a write per person, all in its first second);
# the second is every later visit that day.
want home && run home "$other_seconds" home.lua
want home && run home-later "$other_seconds" home.lua
want compare4 && run compare4 "$other_seconds" compare.lua
if want chat && [[ $help == *--ask-questions-per-month* ]]; then
    # A thread for each person (the quota is off on this server, as the rate limits are).
    load_threads "$work/tokens.txt" "$work/prelude.lua" "$work/people.txt"
    run chat "$other_seconds" chat.lua
    # The same answers as the server timed them, from the request to the first words written and to the end.
    printf 'load: %-13s %s\n' "chat-server" "$(python3 scripts/load/metrics-quantiles.py "$SERVER_URL" \
        repofinder_ask_first_words_seconds=first_words repofinder_ask_answer_seconds=whole)"
    printf 'load: %-13s %s\n' "chat-words" "$(python3 scripts/load/chat-first-words.py "$SERVER_URL" "$work/people.txt" \
        "$other_seconds" "${CHAT_CLIENTS:-$connections}" | sed 's/^RESULT //')"
fi
echo "load: server RSS after: $(rss) MB; errors in the server log: $(grep -E 'status=5[0-9][0-9]' test-artifacts/load-server.log | grep -vc 'path=/health/ready' || true)"
