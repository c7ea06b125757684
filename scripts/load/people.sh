# Shared by the load scripts (load-test.sh, load-side-by-side.sh): the people a load run signs up, with varied
# onboarding answers, the deck filters some of them save, and an Ask thread each. Source it after
# scripts/serve-background.sh (it uses new_token and SERVER_URL).

# Onboarding answers, the i-th person's the (i % 6)-th stack and the (i % 3)-th level.
LOAD_STACKS=('["Swift"],"interests":["ios"]' '["Python"],"interests":["machine-learning"]'
    '["Rust"],"interests":["cli"]' '["TypeScript"],"interests":["react"]' '["Go"],"interests":["kubernetes"]'
    '["Kotlin"],"interests":["android"]')
LOAD_LEVELS=(beginner intermediate advanced)
# Deck filters (PUT /v1/me/deck-filter), the i-th person's the (i % 7)-th: narrow ones run dry during a run, as they
# would for people.
LOAD_FILTERS=('{"languages":["Python"]}' '{"clusters":["web-frontend"]}'
    '{"languages":["JavaScript","TypeScript"],"minimumStars":500}' '{"clusters":["machine-learning"],"health":"quiet"}'
    '{"languages":["Go"],"clusters":["devops-cloud"]}' '{"minimumStars":5000}' '{"health":"active"}')

# Prints a new person's token: the i-th person (NUMBER), onboarded; with FILTERED set, with the i-th deck filter too.
# Usage: load_person NUMBER [FILTERED]
load_person() {
    local i=$1 token
    token=$(new_token)
    curl -fs -X PUT "$SERVER_URL/v1/me/preferences" -H "Authorization: Bearer $token" \
        -H 'Content-Type: application/json' \
        -d "{\"techStack\":${LOAD_STACKS[$((i % 6))]},\"experienceLevel\":\"${LOAD_LEVELS[$((i % 3))]}\"}" >/dev/null
    if [ -n "${2:-}" ]; then
        curl -fs -X PUT "$SERVER_URL/v1/me/deck-filter" -H "Authorization: Bearer $token" \
            -H 'Content-Type: application/json' -d "${LOAD_FILTERS[$((i % 7))]}" >/dev/null
    fi
    echo "$token"
}

# Appends `NAME = {"token",...}` for COUNT new people to PRELUDE (a Lua file), each also written to TOKENS_FILE when
# given. Usage: load_people NAME COUNT PRELUDE [FILTERED] [TOKENS_FILE]
load_people() {
    local name=$1 count=$2 prelude=$3 filtered=${4:-} file=${5:-} token
    echo -n "$name = {" >>"$prelude"
    for i in $(seq 1 "$count"); do
        token=$(load_person "$i" "$filtered")
        echo -n "\"$token\"," >>"$prelude"
        [ -z "$file" ] || echo "$token" >>"$file"
    done
    echo "}" >>"$prelude"
}

# Appends `THREAD_IDS = {...}` to PRELUDE: an Ask thread for each token in TOKENS_FILE (one a line, in TOKENS' order),
# and writes "TOKEN THREAD" lines to PEOPLE_FILE. Usage: load_threads TOKENS_FILE PRELUDE PEOPLE_FILE
load_threads() {
    local tokens=$1 prelude=$2 people=$3 token thread
    echo -n "THREAD_IDS = {" >>"$prelude"
    : >"$people"
    while read -r token; do
        thread=$(curl -fs -X POST "$SERVER_URL/v1/me/threads" -H "Authorization: Bearer $token" |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
        echo -n "\"$thread\"," >>"$prelude"
        echo "$token $thread" >>"$people"
    done <"$tokens"
    echo "}" >>"$prelude"
}

# Appends `REPOS = {...}` to PRELUDE: a hundred well-known repositories of the catalog, to interact with and compare.
load_repositories() {
    curl -fs "$SERVER_URL/v1/search?q=library&perPage=100&sort=stars" | python3 -c '
import json, sys
names = [item["fullName"] for item in json.load(sys.stdin)["items"]]
print("REPOS = {" + ",".join("\"%s\"" % n for n in names) + "}")' >>"$1"
}
