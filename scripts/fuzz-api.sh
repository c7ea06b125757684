#!/usr/bin/env bash
# Fuzzes the running API with schemathesis against the OpenAPI document the server itself serves: every operation,
# generated valid and invalid inputs, signed in with a real token. Fails on any 5xx and on any response that breaks
# the document (status, content type, headers or body schema).
# Usage: scripts/fuzz-api.sh [BINARY]   (default: .build/debug/repofinder; builds nothing)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/repofinder}
examples=${FUZZ_MAX_EXAMPLES:-40}
mkdir -p test-artifacts
if ! command -v schemathesis >/dev/null 2>&1; then
    echo "fuzz: installing schemathesis from PyPI"
    pip install -q 'schemathesis>=4,<5' 2>&1 | grep -v 'Running pip as' || true
fi
source scripts/serve-background.sh
work=$(mktemp -d)
trap 'stop_server; stop_github_standin; rm -rf "$work"' EXIT
# Star imports, sign-in and starring back ask GitHub: the stand-in answers (without it, an offline machine answers 503
# github_unavailable, and a server without sign-in 503 sign_in_unavailable).
start_github_standin octo-stars=250
use_github_standin
start_server "$binary" "$work/fuzz.sqlite" test-artifacts/fuzz-server.log --token-rate 0 --address-rate 0
token=$(new_token)
# The catalog's search index (words and each repository's meaning vector) is built by the first request that needs
# it; in a debug build that takes longer than a fuzzed request may (10 s). Build it first: the fuzz is about answers.
curl -fs --max-time 300 "$SERVER_URL/v1/repos/apple/swift/alternatives?limit=1" >/dev/null || true
echo "fuzz: schemathesis $(schemathesis --version | awk '{print $NF}') against $SERVER_URL/openapi.yaml ($examples examples per operation)"
# Signing out and deleting the account end the token every other operation is fuzzed with: they run last, apart.
fuzz() {
    local seed=$1
    shift
    schemathesis run "$SERVER_URL/openapi.yaml" \
        --url "$SERVER_URL" \
        --header "Authorization: Bearer $token" "$@" \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
        --max-examples "$examples" --workers 2 --seed "$seed" --no-color \
        --report junit --report-dir test-artifacts/fuzz >test-artifacts/fuzz.log 2>&1
}
ending=(--include-operation-id signOut --include-operation-id deleteAccount)
everything_else=(--exclude-operation-id signOut --exclude-operation-id deleteAccount)
status=0
fuzz 7 "${everything_else[@]}" || status=$?
# schemathesis itself sometimes fails while generating (seen: a Python "AST constructor recursion depth mismatch"
# when it builds a 500-item array), which it reports as a "Runtime Error" with no failed check. That says nothing
# about the API: run once more with another seed. Any failed check still fails the run.
# (A failed check shows as "N failure(s)" on schemathesis's closing line.)
if [ "$status" -ne 0 ] && ! tail -n 3 test-artifacts/fuzz.log | grep -qE '[0-9]+ failures?' \
    && grep -q 'Runtime Error' test-artifacts/fuzz.log; then
    echo "fuzz: schemathesis failed internally (not a failed check; test-artifacts/fuzz-first.log); once more"
    mv test-artifacts/fuzz.log test-artifacts/fuzz-first.log
    status=0
    fuzz 8 "${everything_else[@]}" || status=$?
fi
if [ "$status" -eq 0 ]; then
    mv test-artifacts/fuzz.log test-artifacts/fuzz-main.log
    fuzz 9 "${ending[@]}" || status=$?
    cat test-artifacts/fuzz.log >>test-artifacts/fuzz-main.log
    mv test-artifacts/fuzz-main.log test-artifacts/fuzz.log
fi
grep -E '^(Operations|Test cases|Summary|No issues|FAILED|PASSED|.*passed.*|.*failed.*)' test-artifacts/fuzz.log | tail -n 12 || true
if grep -qE 'status=5[0-9][0-9]' test-artifacts/fuzz-server.log; then
    echo "fuzz: the server answered 5xx:" >&2
    grep -E 'status=5[0-9][0-9]' test-artifacts/fuzz-server.log | head -n 5 >&2
    status=1
fi
if [ "$status" -ne 0 ]; then
    tail -n 60 test-artifacts/fuzz.log
    echo "fuzz: FAILED (details in test-artifacts/fuzz.log)" >&2
    exit "$status"
fi
requests=$(grep -c 'hb.request.id' test-artifacts/fuzz-server.log || true)
echo "fuzz: passed, $requests requests, no 5xx, every response conforms to the document"
