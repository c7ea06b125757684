#!/usr/bin/env python3
"""Replays every finding of the second hardening issue (#42) against a running server and prints one line per
finding, `attack2[ENGINE] N title: figures — held` (or NOT HELD). Exits 1 if any finding does not hold.

Driven by scripts/attack-2.sh, which starts the server on a temporary database (SQLite or PostgreSQL) with every limit
at its default, pointed at the stand-in GitHub (scripts/github-standin.py, 300 requests an hour, for the API and for
signing in) and the stand-in writing model (scripts/model-standin.py, model `standin`), and passes:
  attack-2.py URL PID ENGINE LOG DATABASE
with GITHUB_STANDIN_URL, MODEL_STANDIN_URL, ATTACK_BINARY and ATTACK_FLAGS (the serve flags, to start the server
again after killing it) in the environment; ONLY="1 5 8c" runs some findings alone (8a–8f are the small ones).
Attacks come from other loopback addresses than the people they are measured against (127.0.0.1), as they would come
from other machines; every request goes to loopback. "Held" is as the issue's decided behaviours define it:
  1 320 lookups of unknown names from one address in ~0.5 s, then 320 from 20 addresses: at least 85 % of the first
    refused (429 github_budget / 503 github_unavailable), and the server's tokenless budget at the stand-in left at
    the reserve (25 % of 300) or at most 10 below it (lookups in flight); then a person signed in with GitHub (the web
    flow) fetches a repository the catalog lacks (200) and imports their 150 stars (202, then done)
  2 100 device sign-ins from one token: one attempt (one id, at most one GitHub device code), then at most 5 GitHub
    token requests in 10 s without client traffic; a web state used again: 400 invalid_state, no token request
  3 three foreign redirectUris: 400 invalid_redirect each; the server's own callback: 200
  4 threads created until 409 thread_limit at no more than 500; GET /v1/me/threads ≤ 200 threads with nextCursor;
    the export chunked and the heap within 50 MB; others' search p90 within 2× quiet + 25 ms while 4 clients fetch
  5 60 streams from 30 accounts on a ~5 s model: a third stream of one account 429 ask_busy, some stream `queued`,
    every stream ends `done`, no streamed or stored notice naming Error/HTTPClient/NIO/Swift
  6 a repository with ESC[31m, an OSC title, U+202E and C1 CSI: none of the unsafe characters (C0 but tab and newline,
    DEL, C1, bidirectional controls) in the API answer, the database row or `repofinder search`; the stand-in model's
    escapes reply: its words printed by `repofinder ask --server`, without them
  7 another person's deck p99 under attack ≤ 2× its quiet p99 (alternating blocks, quiet first), every deck 200
  8 a 413; the other device's token 401 right after DELETE /v1/me; Cache-Control private (or no-store) and Vary
    Authorization on all six; after kill -9 and a restart the question and a stopped answer; url rebuilt as
    https://github.com/owner/name, avatar https or none (answer and database); star-back within 75 s
"""
import concurrent.futures
import http.client
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

URL, PID, ENGINE, LOG, DATABASE = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
HOST, PORT = urllib.parse.urlparse(URL).hostname, urllib.parse.urlparse(URL).port
GITHUB = os.environ["GITHUB_STANDIN_URL"]
MODEL = os.environ["MODEL_STANDIN_URL"]
BINARY = os.environ.get("ATTACK_BINARY", ".build/release/repofinder")
FLAGS = os.environ.get("ATTACK_FLAGS", "").split()
ONLY = set(os.environ.get("ONLY", "").split())
RUN = f"{random.randrange(16 ** 6):06x}"  # makes this run's names unique
STANDIN_LIMIT = 300  # attack-2.sh starts the stand-in GitHub with --rate-limit 300
RESERVE = 0.25  # decided: anonymous lookups stop while GitHub's remaining budget is at or below 25 % of the limit
IN_FLIGHT = 2  # finding 1: how far below the reserve it may go (the server counts the calls it granted; only those
# granted before GitHub's first figures came back are unknown to it)
# Control characters other than tab and newline (C0, DEL, C1) and the bidirectional controls: none may come through.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
INTERNAL = re.compile(r"Error|HTTPClient|NIO|Swift|getConnection")
failures = []
server_process = None  # the server this script started again after killing the first (finding 8d)


def report(number, title, held, figures):
    print(f"attack2[{ENGINE}] {number:>2} {title}: {figures} — {'held' if held else 'NOT HELD'}", flush=True)
    if not held:
        failures.append(str(number))


def wanted(number):
    return not ONLY or str(number) in ONLY or str(number).rstrip("abcdef") in ONLY


def rss_mb():
    """The server's anonymous resident memory (heap), MB."""
    try:
        with open(f"/proc/{PID}/status") as status:
            for line in status:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 0


def gone(pid):
    """Whether a process has ended (exited, or a zombie its parent has not reaped yet)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return "\nState:\tZ" in status.read()
    except OSError:
        return True


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else float("nan")


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def request(method, path, token=None, body=None, headers=None, source="127.0.0.1", timeout=30, connection=None):
    """One request (on `connection`, else a fresh one from `source`): (status, headers lower-cased, text, seconds)."""
    own = connection is None
    if own:
        connection = http.client.HTTPConnection(HOST, PORT, timeout=timeout, source_address=(source, 0))
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    if body is not None and not isinstance(body, bytes):
        body = json.dumps(body, ensure_ascii=False).encode()
        all_headers.setdefault("Content-Type", "application/json")
    elif isinstance(body, bytes):
        all_headers.setdefault("Content-Type", "application/json")
    start = time.perf_counter()
    try:
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text, time.perf_counter() - start
    finally:
        if own:
            connection.close()


def patient(method, path, **options):
    """A request retried (up to 20 times) while a rate limit answers 429 with Retry-After: the measurement is not of
    the limit."""
    for _ in range(20):
        answer = request(method, path, **options)
        if answer[0] != 429 or error_code(answer[2]) not in ("rate_limited", ""):
            return answer
        time.sleep(min(float(answer[1].get("retry-after") or 1), 2))
    return answer


def interleaved(sample, load, rounds=3, block=3.0, rate=8, settle=0.5):
    """Times `sample()` (→ (status, seconds)) at `rate` a second in blocks of `block` seconds, quiet first, then with
    `load` (an Event the load waits for) set, `rounds` times: quiet and loaded samples taken alike and side by side,
    so that what else runs on the machine weighs on both. (quiet seconds, loaded seconds, quiet statuses, loaded
    statuses); a sample that is not a 200 counts in the statuses, not the seconds."""
    results = {False: ([], []), True: ([], [])}
    for _ in range(rounds):
        for loaded in (False, True):
            if loaded:
                load.set()
            else:
                load.clear()
            time.sleep(settle)
            begin = time.perf_counter()
            for index in range(int(block * rate)):
                target = begin + index / rate
                if time.perf_counter() < target:
                    time.sleep(target - time.perf_counter())
                status, seconds = sample()
                results[loaded][1].append(status)
                if status == 200:
                    results[loaded][0].append(seconds)
    load.clear()
    return results[False][0], results[True][0], results[False][1], results[True][1]


def error_code(text):
    try:
        return json.loads(text).get("error") or ""
    except (ValueError, AttributeError):
        return ""


def tally(items):
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return dict(sorted(counts.items(), key=lambda pair: str(pair[0])))


class Accounts:
    """New anonymous accounts, eight from each address of 127.0.9.x (60 an hour per address, burst 10)."""

    def __init__(self):
        self.made, self.lock = 0, threading.Lock()

    def new(self):
        with self.lock:
            source = f"127.0.9.{1 + self.made // 8}"
            self.made += 1
        for _ in range(5):
            status, headers, text, _ = request("POST", "/v1/users", source=source)
            if status == 201:
                return json.loads(text)["token"]
            time.sleep(float(headers.get("retry-after") or 1))
        raise SystemExit(f"attack2[{ENGINE}]: POST /v1/users from {source}: {status} {text}")


ACCOUNTS = Accounts()


def standin(base, method, path, body=None):
    """A request to a stand-in (GitHub or the model): (status, decoded JSON or text)."""
    parts = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    data = None if body is None else json.dumps(body).encode()
    try:
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        response = connection.getresponse()
        raw = response.read().decode(errors="replace")
    finally:
        connection.close()
    try:
        return response.status, json.loads(raw)
    except ValueError:
        return response.status, raw


def github_counts(reset=False):
    return standin(GITHUB, "GET", "/_standin/requests" + ("?reset=1" if reset else ""))[1]


def github_calls(counts, prefix):
    return sum(count for path, count in counts.get("paths", {}).items() if path.startswith(prefix))


def add_github_repository(full_name, **fields):
    owner, name = full_name.split("/")
    repository = {
        "full_name": full_name, "name": name, "owner": {"login": owner, "avatar_url":
                                                        f"https://avatars.githubusercontent.com/u/1?v=4"},
        "html_url": f"https://github.com/{full_name}", "description": "A tool.", "stargazers_count": 321,
        "forks_count": 12, "open_issues_count": 3, "language": "Go", "topics": ["cli"],
        "created_at": "2025-01-02T03:04:05Z", "updated_at": "2026-11-20T10:00:00Z",
        "pushed_at": "2026-11-20T10:00:00Z", "archived": False}
    for key, value in fields.items():
        if key == "owner":
            repository["owner"] = dict(repository["owner"], **value)
        else:
            repository[key] = value
    status, _ = standin(GITHUB, "POST", "/_standin/repos", repository)
    assert status == 201, f"the stand-in GitHub did not add {full_name}: {status}"


def set_model(model=None, delay=None):
    standin(MODEL, "POST", "/_standin/behaviour", {"model": model, "delay": delay})


def sign_in_web(token, login, source):
    """The web flow against the stand-in GitHub, as a browser does it: start, consent as `login`, callback.
    (status of the callback, its JSON or text)."""
    status, _, text, _ = request("POST", "/v1/me/sign-in/github", token=token, source=source,
                                 body={"redirectUri": URL + "/auth/github/callback"})
    if status != 200:
        return status, text
    code, state = consent(json.loads(text)["authorizeUrl"], login)
    status, _, text, _ = request("POST", "/v1/me/sign-in/github/callback", token=token, source=source,
                                 body={"code": code, "state": state})
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def consent(authorize_url, login):
    """Authorizes at the stand-in's consent page: the code and state it redirects back with."""
    fields = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(authorize_url).query))
    fields.update(login=login, decision="allow")
    parts = urllib.parse.urlparse(GITHUB)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("POST", "/login/oauth/authorize", body=urllib.parse.urlencode(fields),
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        response.read()
        location = response.getheader("Location") or ""
    finally:
        connection.close()
    back = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(location).query))
    return back.get("code", ""), back.get("state", "")


def ask_stream(token, thread, text, source="127.0.0.1", started=None, stop_after=None, timeout=90):
    """Asks in a thread with Accept: text/event-stream and reads the events:
    {status, events: [(name, data)], body (a refusal's), seconds}. `started` (an Event) is set when the answer's head
    arrived; with `stop_after` (an event name) it returns once that event came, leaving the connection open in
    `connection` (for a kill)."""
    connection = http.client.HTTPConnection(HOST, PORT, timeout=timeout, source_address=(source, 0))
    begin = time.perf_counter()
    outcome = {"status": 0, "events": [], "body": "", "seconds": 0.0, "connection": connection}
    try:
        connection.request("POST", f"/v1/me/threads/{thread}/messages",
                           body=json.dumps({"text": text}).encode(),
                           headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json",
                                    "Accept": "text/event-stream"})
        response = connection.getresponse()
        outcome["status"] = response.status
        outcome["retry_after"] = response.getheader("Retry-After")
        if started is not None:
            started.set()
        if response.status != 200:
            outcome["body"] = response.read().decode(errors="replace")
            return outcome
        name, data = "message", []
        while True:
            line = response.readline()
            if not line:
                break
            line = line.decode(errors="replace").rstrip("\r\n")
            if line.startswith(":"):
                continue
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())
            elif line == "" and data:
                outcome["events"].append((name, "\n".join(data)))
                if stop_after and name == stop_after:
                    return outcome
                name, data = "message", []
    except (OSError, http.client.HTTPException) as error:
        outcome["error"] = str(error)
    finally:
        outcome["seconds"] = time.perf_counter() - begin
        if not stop_after:
            connection.close()
    return outcome


def new_thread(token, source="127.0.0.1"):
    status, _, text, _ = request("POST", "/v1/me/threads", token=token, source=source)
    assert status == 201, f"POST /v1/me/threads: {status} {text}"
    return json.loads(text)["id"]


def database_repository(full_name):
    """What the database holds of a repository: its text columns and topics, or None."""
    owner, name = full_name.split("/")
    columns = ("description, language, license_name, license_spdx_id, owner_avatar_url, web_url, owner_login, name, "
               "(SELECT group_concat(topic, ',') FROM repository_topics t WHERE t.repository_id = r.id)")
    if ENGINE == "sqlite":
        connection = sqlite3.connect(f"file:{DATABASE}?mode=ro", uri=True, timeout=10)
        try:
            row = connection.execute(f"SELECT {columns} FROM repositories r WHERE lower(owner_login) = ? "
                                     f"AND lower(name) = ?", (owner.lower(), name.lower())).fetchone()
        finally:
            connection.close()
    else:
        query = (f"SELECT row_to_json(x)::text FROM (SELECT {columns.replace('group_concat(topic, ', 'string_agg(topic, ')}"
                 f" AS topics FROM repositories r WHERE lower(owner_login) = '{owner.lower()}' "
                 f"AND lower(name) = '{name.lower()}') x")
        out = subprocess.run(["psql", DATABASE, "-Atc", query], capture_output=True, text=True, timeout=30)
        row = None
        if out.stdout.strip():
            row = tuple(json.loads(out.stdout.strip().splitlines()[0]).values())
    if row is None:
        return None
    keys = ("description", "language", "license_name", "license_spdx_id", "owner_avatar_url", "web_url",
            "owner_login", "name", "topics")
    return dict(zip(keys, row))


def unsafe_in(value):
    """The unsafe characters anywhere in a JSON value (strings, keys), as code points."""
    found = set()
    if isinstance(value, str):
        found.update(f"U+{ord(c):04X}" for c in UNSAFE.findall(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= unsafe_in(key) | unsafe_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= unsafe_in(item)
    return found


def repository_names(count):
    """Names of repositories in the server's catalog, most starred first (from search pages)."""
    names, page = [], 1
    while len(names) < count and page <= 10:
        status, _, text, _ = request("GET", f"/v1/search?q=&sort=stars&perPage=100&page={page}", source="127.0.0.30")
        if status != 200:
            status, _, text, _ = request("GET", f"/v1/search?q=tool&perPage=100&page={page}", source="127.0.0.30")
        if status != 200:
            break
        names += [item["fullName"] for item in json.loads(text)["items"]]
        page += 1
    return names[:count]


# 1. One anonymous client spends the server's GitHub budget for everyone.
def github_budget():
    def storm(sources, per_source):
        statuses = []
        lock = threading.Lock()

        def worker(source, count):
            connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=(source, 0))
            for _ in range(count):
                path = f"/v1/repos/x{random.randrange(16 ** 10):010x}/y"
                try:
                    status, _, text, _ = request("GET", path, connection=connection)
                    answer = (status, error_code(text))
                except (OSError, http.client.HTTPException):
                    connection.close()
                    connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=(source, 0))
                    answer = (0, "reset")
                with lock:
                    statuses.append(answer)
            connection.close()

        jobs = []
        for source in sources:  # eight connections an address, each its share
            for share in range(8):
                jobs.append((source, per_source // 8 + (1 if share < per_source % 8 else 0)))
        begin = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(min(48, len(jobs))) as pool:
            list(pool.map(lambda job: worker(*job), jobs))
        return statuses, time.perf_counter() - begin

    github_counts(reset=True)
    single, single_seconds = storm(["127.0.1.1"], 320)
    after_single = github_counts(reset=True)
    spread, spread_seconds = storm([f"127.0.1.{2 + i}" for i in range(20)], 16)
    after_spread = github_counts()
    single_calls = github_calls(after_single, "/repos/")
    spread_calls = github_calls(after_spread, "/repos/")
    used = after_spread["withoutToken"]["used"]

    def refused(answers):
        return sum(1 for status, _ in answers if status in (429, 503))

    # A person signed in with GitHub, afterwards: a real repository the catalog lacks, and their star import.
    token = ACCOUNTS.new()
    signed, result = sign_in_web(token, "attack-victim", "127.0.0.3")
    real = f"victim-{RUN}/real-tool"
    add_github_repository(real, description="A real tool the catalog lacks.")
    before = github_counts()
    fetched, _, fetched_text, _ = request("GET", f"/v1/repos/{real}", token=token, source="127.0.0.3")
    imported, _, import_text, _ = request("POST", "/v1/me/imports/github-stars", token=token, source="127.0.0.3")
    state, read = "not started", 0
    if imported == 202:
        location = json.loads(import_text)["id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            _, _, text, _ = request("GET", f"/v1/me/imports/{location}", token=token, source="127.0.0.3")
            body = json.loads(text)
            state, read = body.get("state"), body.get("read", 0)
            if state != "running":
                break
            time.sleep(0.2)
    after = github_counts()
    person_calls = sum(count - before["paths"].get(path, 0) for path, count in after["paths"].items()
                       if "attack-victim" in path or path == f"/repos/{real}")
    reserve_left = STANDIN_LIMIT - used
    held = (refused(single) >= 0.85 * len(single) and reserve_left >= STANDIN_LIMIT * RESERVE - IN_FLIGHT
            and signed == 200 and fetched == 200 and imported == 202 and state == "done")
    report(1, "an anonymous client and GitHub's budget", held,
           f"320 unknown names from one address in {single_seconds:.2f} s: {tally(single)} — {single_calls} GitHub "
           f"calls; 320 more from 20 addresses in {spread_seconds:.2f} s: {tally(spread)} — {spread_calls} calls; "
           f"the server's (tokenless) budget at the stand-in: {used} of {STANDIN_LIMIT} used, {reserve_left} left "
           f"(reserve {int(STANDIN_LIMIT * RESERVE)} = {RESERVE:.0%}, held down to {int(STANDIN_LIMIT * RESERVE) - IN_FLIGHT}"
           f" for lookups in flight; per address 60/h, burst 20); then a person signed "
           f"in with GitHub ({signed}): {real} {fetched}"
           f"{'' if fetched == 200 else ' ' + error_code(fetched_text)}, star import {imported} → {state} ({read} read), "
           f"{person_calls} GitHub calls")


# 2. Device sign-in polling; a reusable web state.
def device_sign_in():
    token = ACCOUNTS.new()
    github_counts(reset=True)
    answers = []
    begin = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.2.1", 0))
    for index in range(100):
        target = begin + index / 15  # 15 a second: under the token's 20/s
        if time.perf_counter() < target:
            time.sleep(target - time.perf_counter())
        status, _, text, _ = request("POST", "/v1/me/sign-in/github/device", token=token, connection=connection)
        answers.append((status, json.loads(text).get("id") if status in (200, 201) else error_code(text)))
    connection.close()
    sending = time.perf_counter() - begin
    started = github_counts(reset=True)
    codes = github_calls(started, "/login/device/code")
    time.sleep(10)  # no client traffic
    quiet = github_counts(reset=True)
    polls = github_calls(quiet, "/login/oauth/access_token")
    ids = {value for status, value in answers if status in (200, 201)}
    statuses = tally(status for status, _ in answers)

    # A web state used twice: the second callback (a made-up code) must not reach GitHub.
    web = ACCOUNTS.new()
    first, _ = sign_in_web(web, f"state-{RUN}", "127.0.2.2")
    status, _, text, _ = request("POST", "/v1/me/sign-in/github", token=web, source="127.0.2.2",
                                 body={"redirectUri": URL + "/auth/github/callback"})
    replay_status, replay_error, exchanges = 0, "", -1
    if status == 200:
        start = json.loads(text)
        code, state = consent(start["authorizeUrl"], f"state-{RUN}")
        request("POST", "/v1/me/sign-in/github/callback", token=web, source="127.0.2.2",
                body={"code": code, "state": state})
        github_counts(reset=True)
        replay_status, _, replay_text, _ = request("POST", "/v1/me/sign-in/github/callback", token=web,
                                                   source="127.0.2.2", body={"code": "madeup0123456789", "state": state})
        replay_error = error_code(replay_text)
        exchanges = github_calls(github_counts(), "/login/oauth/access_token")
    held = (len(ids) == 1 and codes <= 1 and polls <= 5 and replay_status == 400 and replay_error == "invalid_state"
            and exchanges == 0)
    report(2, "device sign-in and web states", held,
           f"100 device sign-ins from one token in {sending:.1f} s: {statuses}, {len(ids)} "
           f"distinct attempt(s), {codes} GitHub device codes; then {polls} GitHub token requests in 10 s with no "
           f"client traffic; a web state used again (after sign-in {first}): {replay_status} {replay_error}, "
           f"{exchanges} token request(s)")


# 3. The sign-in redirectUri.
def redirect_uri():
    token = ACCOUNTS.new()
    results = []
    for uri in ("http://evil.example/auth/github/callback", "https://evil.example:8443/x/auth/github/callback",
                f"http://127.0.0.1:{PORT}@evil.example/auth/github/callback"):
        status, _, text, _ = request("POST", "/v1/me/sign-in/github", token=token, source="127.0.2.3",
                                     body={"redirectUri": uri})
        results.append((uri, status, error_code(text)))
    own, _, own_text, _ = request("POST", "/v1/me/sign-in/github", token=token, source="127.0.2.3",
                                  body={"redirectUri": URL + "/auth/github/callback"})
    held = all(status == 400 and code == "invalid_redirect" for _, status, code in results) and own == 200
    report(3, "sign-in redirectUri", held,
           "; ".join(f"{uri} → {status} {code}" for uri, status, code in results)
           + f"; this server's own {URL}/auth/github/callback → {own}")


# 4. Ask threads: a cap, paged lists, a streamed export.
def ask_threads():
    token = ACCOUNTS.new()
    connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.2.4", 0))
    created, refusal, limited = 0, None, 0
    begin = time.perf_counter()
    while created < 600 and time.perf_counter() - begin < 60:
        try:
            status, headers, text, _ = request("POST", "/v1/me/threads", token=token, connection=connection)
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.2.4", 0))
            continue
        if status == 201:
            created += 1
        elif status == 429 and error_code(text) != "thread_limit":
            limited += 1
            time.sleep(min(float(headers.get("retry-after") or 1), 1) / 4)
        else:
            refusal = (status, error_code(text))
            break
    connection.close()
    creating = time.perf_counter() - begin

    status, headers, text, seconds = patient("GET", "/v1/me/threads", token=token, source="127.0.2.4")
    page = json.loads(text) if status == 200 else {}
    listed = sum(len(group["threads"]) for group in page.get("groups", []))
    cursor, pages, seen = page.get("nextCursor"), 1, listed
    while cursor and pages < 40:
        _, _, more, _ = patient("GET", "/v1/me/threads?cursor=" + urllib.parse.quote(cursor), token=token,
                                source="127.0.2.4")
        more = json.loads(more)
        seen += sum(len(group["threads"]) for group in more.get("groups", []))
        cursor, pages = more.get("nextCursor"), pages + 1

    peak, sampling = [rss_mb()], True

    def sample():
        while sampling:
            peak.append(rss_mb())
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    export, export_headers, export_text, export_seconds = patient("GET", "/v1/me/export", token=token,
                                                                  source="127.0.2.4", timeout=120)
    sampling = False
    sampler.join()
    streamed = export_headers.get("transfer-encoding", "").lower() == "chunked"

    # Other people's search while four clients fetch the thread list.
    queries = iter(range(10 ** 6))

    def search():
        query = urllib.parse.quote(["swift web", "rust cli", "database", "react"][next(queries) % 4])
        status, _, _, took = request("GET", f"/v1/search?q={query}")
        return status, took

    fetching, done, fetched = threading.Event(), [False], []

    def fetcher(source):
        connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=(source, 0))
        while not done[0]:
            if not fetching.wait(0.1):
                continue
            try:
                status, headers, _, _ = request("GET", "/v1/me/threads", token=token, connection=connection)
                fetched.append(status)
                if status == 429:  # the token's rate limit: a flood of refusals is the first round's (#18) matter
                    time.sleep(min(float(headers.get("retry-after") or 1), 1))
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=(source, 0))
        connection.close()

    fetchers = [threading.Thread(target=fetcher, args=(f"127.0.2.{10 + i}",)) for i in range(4)]
    for fetcher_thread in fetchers:
        fetcher_thread.start()
    quiet, loaded, _, _ = interleaved(search, fetching, block=2.0)
    done[0] = True
    for fetcher_thread in fetchers:
        fetcher_thread.join()
    quiet_p90, loaded_p90 = percentile(quiet, 0.9), percentile(loaded, 0.9)
    held = (refusal == (409, "thread_limit") and created <= 500 and status == 200 and listed <= 200
            and (created <= listed or page.get("nextCursor")) and export == 200 and streamed and max(peak) - peak[0] < 50
            and loaded_p90 <= 2 * quiet_p90 + 0.025)
    report(4, "Ask threads", held,
           f"{created} threads created in {creating:.1f} s ({limited} rate-limited), then "
           f"{refusal if refusal else 'no refusal'}; GET /v1/me/threads {status}: {len(text) / 1024:.1f} KiB in "
           f"{ms(seconds)}, {listed} threads, nextCursor {'yes' if page.get('nextCursor') else 'no'} ({pages} pages, "
           f"{seen} threads in all); export {export}: {len(export_text) / 1024:.1f} KiB in {ms(export_seconds)}, "
           f"{'chunked' if streamed else 'Content-Length ' + export_headers.get('content-length', '?')}, heap "
           f"{peak[0]}→{max(peak)} MB; others' search p90 {ms(quiet_p90)} quiet, {ms(loaded_p90)} (held within 2× + 25 ms) "
           f"while 4 clients "
           f"fetched the list ({len(fetched)} fetches: {tally(fetched)})")


# 5. The writing model: concurrent streams, a queue, plain notices.
def writing_model():
    set_model("standin", 0.15)  # about 5 s an answer
    model_before = len(standin(MODEL, "GET", "/_standin/requests")[1])
    tokens = [None] * 30

    def make(index):
        tokens[index] = ACCOUNTS.new()

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        list(pool.map(make, range(30)))
    threads = [[new_thread(token, f"127.0.3.{1 + index}") for _ in range(3 if index == 0 else 2)]
               for index, token in enumerate(tokens)]
    outcomes, started = [None] * 60, [threading.Event() for _ in range(60)]

    def stream(slot):
        account, which = divmod(slot, 2)
        outcomes[slot] = ask_stream(tokens[account], threads[account][which], "a web framework for swift",
                                    source=f"127.0.3.{1 + account}", started=started[slot])

    begin = time.perf_counter()
    workers = [threading.Thread(target=stream, args=(slot,)) for slot in range(60)]
    for worker in workers:
        worker.start()
    started[0].wait(30)
    started[1].wait(30)
    third = ask_stream(tokens[0], threads[0][2], "a web framework for swift", source="127.0.3.1", timeout=90)
    for worker in workers:
        worker.join()
    took = time.perf_counter() - begin
    model_requests = len(standin(MODEL, "GET", "/_standin/requests")[1]) - model_before
    set_model(None, None)

    notices, queued, positions = [], 0, []
    ends = []
    for outcome in outcomes:
        names = [name for name, _ in outcome["events"]]
        ends.append(names[-1] if names else f"{outcome['status']}{' ' + outcome.get('error', '') if outcome.get('error') else ''}")
        if "queued" in names:
            queued += 1
        for name, data in outcome["events"]:
            try:
                payload = json.loads(data)
            except ValueError:
                payload = {}
            if name == "queued" and isinstance(payload, dict):
                positions.append(payload.get("position", 0))
            if name in ("fallback", "error") and isinstance(payload, dict):
                notices.append(payload.get("notice") or payload.get("message") or "")
        if outcome["status"] != 200:
            notices.append(outcome["body"])
    stored = []
    for account, token in enumerate(tokens):
        for thread in threads[account][:2]:
            status, _, text, _ = request("GET", f"/v1/me/threads/{thread}", token=token, source=f"127.0.3.{1 + account}")
            if status == 200:
                stored += [message.get("notice") for message in json.loads(text)["messages"] if message.get("notice")]
    leaks = [notice for notice in notices + stored if INTERNAL.search(notice or "")]
    fallbacks = sum(1 for outcome in outcomes if any(name == "fallback" for name, _ in outcome["events"]))
    held = (third["status"] == 429 and error_code(third["body"]) == "ask_busy" and queued > 0 and not leaks
            and all(end == "done" for end in ends))
    report(5, "the writing model under 60 streams", held,
           f"60 streams from 30 accounts against a model writing ~5 s an answer, {took:.1f} s: ends {tally(ends)}, "
           f"{fallbacks} fell back, {queued} queued (positions up to {max(positions, default=0)}), {model_requests} "
           f"model requests; a third stream of one account: {third['status']} {error_code(third['body'])} "
           f"(Retry-After {third.get('retry_after')}); notices naming internals: {len(leaks)} of "
           f"{len(notices) + len(stored)}{' — ' + repr(leaks[0][:90]) if leaks else ''}")


# 6. Terminal escapes from GitHub and from the model.
def terminal_escapes():
    word = f"zebraquokka{RUN}"
    full_name = f"escape-{RUN}/term-tool"
    sequences = f"{word} plain \x1b[31mred\x1b[0m \x1b]0;pwned-title\x07 \u202eevil\u202c \x9b31m end"
    add_github_repository(full_name, description=sequences, homepage="https://example.com/\x1b[2J",
                          topics=["term\x1b[1m", "cli"], language="Go\x1b[5m",
                          license={"key": "mit", "spdx_id": "MIT", "name": "MIT \u202eLicense"})
    status, _, text, _ = request("GET", f"/v1/repos/{full_name}", source="127.0.2.5")
    answer = json.loads(text) if status == 200 else {}
    in_answer = unsafe_in(answer)
    row = database_repository(full_name)
    in_database = unsafe_in(row) if row else set()
    search = subprocess.run([BINARY, "search", "--database", DATABASE, "--no-color", word], capture_output=True,
                            timeout=180)
    printed = (search.stdout + search.stderr).decode(errors="replace")
    in_search = unsafe_in(printed)
    found = word in printed

    # A model reply carrying ESC and OSC sequences, through `repofinder ask --server`.
    set_model("standin-escapes", 0.002)
    model_before = len(standin(MODEL, "GET", "/_standin/requests")[1])
    with tempfile.TemporaryDirectory() as state:
        asked = subprocess.run([BINARY, "ask", "a web framework for swift", "--server", URL, "--state", state],
                               capture_output=True, timeout=120)
    set_model(None, None)
    model_used = len(standin(MODEL, "GET", "/_standin/requests")[1]) - model_before
    said = (asked.stdout + asked.stderr).decode(errors="replace")
    in_ask = unsafe_in(said)
    model_words = "imagined one" in said  # the stand-in model's own words reached the terminal (no fallback)
    held = (status == 200 and row is not None and not in_answer and not in_database and search.returncode == 0
            and found and not in_search and asked.returncode == 0 and model_used > 0 and model_words and not in_ask)
    report(6, "terminal escapes", held,
           f"{full_name} (ESC[31m, OSC title, U+202E, C1 CSI in its description, topic, language, license, homepage) "
           f"fetched on demand: {status}, unsafe characters in the answer {sorted(in_answer) or 'none'}, in the "
           f"database {sorted(in_database) if row else 'no row'}, in `repofinder search` output "
           f"{sorted(in_search) or 'none'} (exit {search.returncode}, found: {found}); a model reply with ESC/OSC "
           f"({model_used} model request(s)) through `repofinder ask --server`: exit {asked.returncode}, the model's "
           f"words printed: {model_words}, unsafe "
           f"characters printed {sorted(in_ask) or 'none'}")


# 7. New deck filters cost everyone.
def deck_filters():
    victim = ACCOUNTS.new()
    attackers = [ACCOUNTS.new() for _ in range(6)]
    connection = http.client.HTTPConnection(HOST, PORT, timeout=30)

    def sample():
        status, _, _, took = request("GET", "/v1/me/feed?limit=10", token=victim, connection=connection)
        return status, took

    for _ in range(3):
        sample()  # the person's session loaded
    attacking, done, sent, lock = threading.Event(), [False], [], threading.Lock()
    counter = iter(range(10 ** 9))
    attack_time = [0.0]

    def attacker(token, share):
        own = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.0.7", 0))
        while not done[0]:
            if not attacking.wait(0.1):
                continue
            begin, index = time.perf_counter(), 0
            while attacking.is_set() and not done[0]:
                target = begin + index / share
                if time.perf_counter() < target:
                    time.sleep(target - time.perf_counter())
                stars = 1000 + next(counter) * 7 + random.randrange(7)
                try:
                    # Every 6th a new filter saved instead of named (a refused one leaves the saved filter as it
                    # was; dealing within that is any person's traffic, not this attack's).
                    if index % 6 == 5:
                        status, _, text, _ = request("PUT", "/v1/me/deck-filter", token=token,
                                                     body={"minimumStars": stars}, connection=own)
                    else:
                        status, _, text, _ = request("GET", f"/v1/me/feed?minStars={stars}", token=token,
                                                     connection=own)
                    status = (status, error_code(text))
                except (OSError, http.client.HTTPException):
                    own.close()
                    own = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.0.7", 0))
                    status = (0, "reset")
                with lock:
                    sent.append(status)
                index += 1
            with lock:
                attack_time[0] += (time.perf_counter() - begin) / len(attackers)
        own.close()

    workers = [threading.Thread(target=attacker, args=(token, 58 / 6)) for token in attackers]
    for worker in workers:
        worker.start()
    # 280 samples a side: the p99 of fewer is one slow request (a PostgreSQL checkpoint: 6 to 43 ms quiet). At 8 a
    # second the person stays within their token's rate (a deal costs 2 of 20 a second).
    quiet, loaded, quiet_statuses, loaded_statuses = interleaved(sample, attacking, rounds=10, block=3.5, rate=8)
    done[0] = True
    for worker in workers:
        worker.join()
    connection.close()
    quiet_p99, loaded_p99 = percentile(quiet, 0.99), percentile(loaded, 0.99)
    held = (len(quiet) == len(quiet_statuses) and len(loaded) == len(loaded_statuses)
            and loaded_p99 <= 2 * quiet_p99)
    report(7, "new deck filters", held,
           f"another person's deck (8/s, 10 cards, {len(quiet_statuses)} quiet and {len(loaded_statuses)} attacked, in "
           f"alternating 3.5 s blocks, quiet first): quiet p50 {ms(percentile(quiet, 0.5))}, p90 "
           f"{ms(percentile(quiet, 0.9))}, p99 {ms(quiet_p99)}; "
           f"while one address cycles unseen minStars filters from 6 tokens ({len(sent) / max(attack_time[0], 0.1):.0f}"
           f" requests/s: {tally(sent)}): p50 {ms(percentile(loaded, 0.5))}, p90 {ms(percentile(loaded, 0.9))}, p99 "
           f"{ms(loaded_p99)} "
           f"({loaded_p99 / quiet_p99:.1f}× quiet; the deck answered {tally(quiet_statuses + loaded_statuses)})")


# 8a. An Ask body over 64 KiB.
def ask_body():
    token = ACCOUNTS.new()
    thread = new_thread(token, "127.0.2.6")
    body = json.dumps({"text": "x" * 70 * 1024}).encode()
    status, _, text, _ = request("POST", f"/v1/me/threads/{thread}/messages", token=token, body=body,
                                 source="127.0.2.6")
    report("8a", "a 70 KiB Ask body", status == 413, f"{len(body):,} bytes: {status} {error_code(text)}")


# 8b. A deleted account's other device.
def deleted_account():
    first, second = ACCOUNTS.new(), ACCOUNTS.new()
    login = f"two-devices-{RUN}"
    one, _ = sign_in_web(first, login, "127.0.2.7")
    two, joined = sign_in_web(second, login, "127.0.2.7")
    other = joined.get("token") if isinstance(joined, dict) else None
    warm = request("GET", "/v1/me/account", token=other, source="127.0.2.7")[0] if other else 0
    deleted = request("DELETE", "/v1/me", token=first, source="127.0.2.7")[0]
    after = request("GET", "/v1/me/preferences", token=other, source="127.0.2.7")[0] if other else 0
    own = request("GET", "/v1/me/preferences", token=first, source="127.0.2.7")[0]
    held = one == 200 and two == 200 and other is not None and warm == 200 and deleted == 204 and after == 401 \
        and own == 401
    report("8b", "a deleted account's other device", held,
           f"two devices signed in as one GitHub user ({one}, {two}, joined: "
           f"{joined.get('joined') if isinstance(joined, dict) else joined}); the second device's token {warm} before; "
           f"DELETE /v1/me from the first {deleted}; at once the second device's token {after}, the first's {own}")


# 8c. Personalised answers are private.
def private_answers():
    token = ACCOUNTS.new()
    names = repository_names(2)
    clusters = json.loads(request("GET", "/v1/clusters", source="127.0.2.8")[2])
    cluster = (clusters.get("clusters") or clusters.get("items") or [{}])[0].get("id", "developer-tools")
    paths = {"search": "/v1/search?q=swift", "repository": f"/v1/repos/{names[0]}",
             "similar": f"/v1/repos/{names[0]}/similar", "compare": f"/v1/compare?repos={names[0]},{names[1]}",
             "trending": "/v1/trending", "cluster": f"/v1/clusters/{cluster}/repos"}
    results = {}
    for name, path in paths.items():
        status, headers, _, _ = request("GET", path, token=token, source="127.0.2.8")
        cache = headers.get("cache-control", "")
        vary = headers.get("vary", "")
        results[name] = (status, "private" in cache or "no-store" in cache, "authorization" in vary.lower(), cache, vary)
    held = all(status == 200 and private and varies for status, private, varies, _, _ in results.values())
    report("8c", "personalised answers", held,
           "; ".join(f"{name} {status} Cache-Control {cache or '—'}, Vary {vary or '—'}"
                     for name, (status, _, _, cache, vary) in results.items()))


# 8e. html_url and avatar_url from GitHub.
def github_links():
    full_name = f"links-{RUN}/odd-tool"
    add_github_repository(full_name, html_url=f"https://evil.example/{full_name}",
                          owner={"avatar_url": "javascript:alert(1)"})
    status, _, text, _ = request("GET", f"/v1/repos/{full_name}", source="127.0.2.9")
    answer = json.loads(text) if status == 200 else {}
    url = answer.get("url", "")
    avatar = (answer.get("owner") or {}).get("avatarUrl")
    row = database_repository(full_name) or {}
    expected = f"https://github.com/{full_name}"

    def safe_avatar(value):
        return value in (None, "") or value.startswith("https://")

    held = (status == 200 and url.lower() == expected.lower() and safe_avatar(avatar)
            and (row.get("web_url") or "").lower() == expected.lower() and safe_avatar(row.get("owner_avatar_url")))
    report("8e", "GitHub's html_url and avatar_url", held,
           f"{full_name} with html_url https://evil.example/… and avatar_url javascript:…: {status}, url {url!r}, "
           f"avatarUrl {avatar!r}; stored web_url {row.get('web_url')!r}, owner_avatar_url "
           f"{row.get('owner_avatar_url')!r}")


# 8f. Star-back fairness: staged at the start, judged at the end (the queue works 50 changes every 30 s).
class StarBackFairness:
    """One signed-in account whose token lacks the scope to star queues 110 refused stars; then a second person's
    star is refused once (the scope missing), the scope given back, and the time until GitHub has it measured. With
    a per-account share it goes through in the first round after its pause (≤ 60 s after its refusal); oldest first it
    waits behind the other's 110 (two rounds more: 90 s or more). Held within 75 s."""

    def __init__(self):
        self.attacker, self.victim = ACCOUNTS.new(), ACCOUNTS.new()
        self.names = repository_names(112)
        self.refused_at = None
        self.delivered_at = None
        self.queued = {}
        self.problem = ""

    def stage(self):
        status_a, _ = sign_in_web(self.attacker, "fair-attacker", "127.0.2.20")
        status_v, _ = sign_in_web(self.victim, "fair-victim", "127.0.2.21")
        if status_a != 200 or status_v != 200 or len(self.names) < 112:
            self.problem = f"sign-in {status_a}/{status_v}, {len(self.names)} names"
            return
        standin(GITHUB, "POST", "/_standin/scopes", {"login": "fair-attacker", "scope": "read:user"})
        standin(GITHUB, "POST", "/_standin/scopes", {"login": "fair-victim", "scope": "read:user"})
        connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.2.20", 0))
        statuses = []
        begin = time.perf_counter()
        for index, name in enumerate(self.names[:110]):
            target = begin + index / 15
            if time.perf_counter() < target:
                time.sleep(target - time.perf_counter())
            statuses.append(request("PUT", f"/v1/me/github/stars/{name}", token=self.attacker,
                                    connection=connection)[0])
        connection.close()
        self.queued = tally(statuses)
        self.target = self.names[111]
        status, _, _, _ = request("PUT", f"/v1/me/github/stars/{self.target}", token=self.victim, source="127.0.2.21")
        self.refused_at = time.monotonic()
        self.victim_status = status
        standin(GITHUB, "POST", "/_standin/scopes", {"login": "fair-victim", "scope": "read:user public_repo"})
        threading.Thread(target=self.watch, daemon=True).start()

    def watch(self):
        while time.monotonic() - self.refused_at < 150:
            _, starred = standin(GITHUB, "GET", "/_standin/users/fair-victim/starred-names")
            if isinstance(starred, list) and self.target.lower() in starred:
                self.delivered_at = time.monotonic()
                return
            time.sleep(1)

    def judge(self):
        if self.problem:
            report("8f", "star-back fairness", False, f"could not stage it: {self.problem}")
            return
        while self.delivered_at is None and time.monotonic() - self.refused_at < 150:
            time.sleep(1)
        waited = None if self.delivered_at is None else self.delivered_at - self.refused_at
        held = self.victim_status == 202 and waited is not None and waited <= 75
        report("8f", "star-back fairness", held,
               f"another account's 110 stars refused by GitHub (a missing scope) and queued: {self.queued}; then a "
               f"person's star refused once ({self.victim_status}) and its scope given back: on GitHub "
               f"{'after %.0f s' % waited if waited is not None else 'not within 150 s'} (the queue: 50 changes a "
               f"30 s round, first retry 30 s after the refusal: a fair share gets it there within 60 s, oldest first "
               f"after 90 s or more)")


# 8d. kill -9 during an Ask stream; the server started again on the same database.
def killed_mid_answer():
    global server_process, PID
    token = ACCOUNTS.new()
    thread = new_thread(token, "127.0.2.22")
    set_model("standin", 0.3)  # about 10 s an answer
    question = "a web framework for swift"  # a question with sources: the model words its answer
    outcome = ask_stream(token, thread, question, source="127.0.2.22", stop_after="text", timeout=60)
    names = [name for name, _ in outcome["events"]]
    words, finished = names.count("text"), "done" in names
    time.sleep(0.5)
    os.kill(PID, signal.SIGKILL)
    while not gone(PID):
        time.sleep(0.05)
    outcome["connection"].close()
    set_model(None, None)
    log = open(LOG, "ab")
    server_process = subprocess.Popen([BINARY, "serve", "--port", str(PORT), "--database", DATABASE] + FLAGS,
                                      stdout=log, stderr=subprocess.STDOUT)
    PID = server_process.pid
    ready = None
    begin = time.monotonic()
    while time.monotonic() - begin < 120:
        try:
            if request("GET", "/health", timeout=5)[0] == 200:
                ready = time.monotonic() - begin
                break
        except OSError:
            pass
        if server_process.poll() is not None:
            break
        time.sleep(0.2)
    messages = []
    if ready is not None:
        status, _, text, _ = request("GET", f"/v1/me/threads/{thread}", token=token, source="127.0.2.22")
        messages = json.loads(text).get("messages", []) if status == 200 else []
    asked = any(message["role"] == "user" and message["text"] == question for message in messages)
    answers = [message for message in messages if message["role"] == "assistant"]
    stopped = any(message.get("stopped") for message in answers)
    held = outcome["status"] == 200 and words > 0 and not finished and ready is not None and asked and stopped
    report("8d", "kill -9 during an Ask stream", held,
           f"killed after {words} word event(s) of a slow model's answer (finished before: {finished}); ready again in "
           f"{'%.1f s' % ready if ready is not None else 'never'}; the thread holds the question: {asked}, answers: "
           f"{[('stopped' if m.get('stopped') else 'whole') + ' ' + repr(m['text'][:40]) for m in answers]}")


def main():
    try:
        replay()
    finally:
        if server_process is not None:
            server_process.terminate()
            try:
                server_process.wait(30)
            except subprocess.TimeoutExpired:
                server_process.kill()
    if failures:
        print(f"attack2[{ENGINE}]: NOT HELD: {' '.join(failures)}", flush=True)
        sys.exit(1)


def replay():
    fairness = None
    if wanted("8f"):
        fairness = StarBackFairness()
        try:
            fairness.stage()
        except Exception as error:
            fairness.problem = repr(error)
    # On-demand fetches that need the server's GitHub budget go before finding 1 spends it.
    steps = [("6", terminal_escapes), ("8e", github_links), ("3", redirect_uri), ("2", device_sign_in),
             ("8a", ask_body), ("8b", deleted_account), ("8c", private_answers), ("7", deck_filters),
             ("4", ask_threads), ("5", writing_model), ("1", github_budget)]
    for number, step in steps:
        if wanted(number):
            try:
                step()
            except Exception as error:  # a step that breaks is a finding that is not shown to hold
                report(number, step.__name__.replace("_", " "), False, f"the replay broke: {error!r}")
    if fairness is not None:
        fairness.judge()
    if wanted("8d"):
        try:
            killed_mid_answer()
        except Exception as error:
            report("8d", "kill -9 during an Ask stream", False, f"the replay broke: {error!r}")


if __name__ == "__main__":
    main()
