#!/usr/bin/env python3
"""The cluster test (issue 47): PostgreSQL, three `repofinder serve` processes and HAProxy terminating TLS in front of
them, all on loopback. wrk drives the deck, interactions, search and Ask through the proxy for SECONDS (60) while this
script kills one server with kill -9 at a third of the run, restarts it at half, and restarts another with SIGTERM at
three quarters (a rolling restart: it drains, HAProxy's health check moves traffic away, it exits, it comes back).
A witness client meanwhile deals decks and likes cards through the proxy, one person at a time, remembering every
answer it was given. Afterwards, in the database and in what the witness saw:

- every interaction the witness saw acknowledged is stored exactly once; wrk's acknowledged ones are all stored;
- no card was dealt twice to the same person, across all servers;
- failed requests: counted per window (before, during the kill, after); none may fail during the SIGTERM restart;
- a device sign-in started on the server that is killed completes through the others;
- a backup (pg_dump) taken under load restores into a new database whose constraints all hold and which deals a
  person the same deck as the original;
- throughput and p99 per window, beside one server alone under the same load.

Usage: scripts/cluster-test.py --binary .build/release/repofinder [--seconds 60] [--runs 1]
Needs: haproxy, wrk, openssl, psql/pg_dump/pg_restore, PostgreSQL on 127.0.0.1:5432 with the repofinder role (
scripts/postgres.sh). Prints one line per check, the figures, and exits non-zero when a check fails.
"""
import argparse
import base64
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PG = "postgres://repofinder:repofinder@127.0.0.1:5432"
SHARED = os.environ.get("REPOFINDER_SHARED_DATA", os.path.join(ROOT, "..", "shared", "data"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def psql(database, sql):
    out = subprocess.run(["psql", "-X", "-q", "-t", "-A", "-F", "\t", f"{PG}/{database}", "-c", sql],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"psql: {out.stderr.strip()}")
    return [line.split("\t") for line in out.stdout.splitlines() if line]


def recreate(database):
    psql("postgres", f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    psql("postgres", f"CREATE DATABASE {database}")


class Client:
    """HTTPS (or HTTP) requests to one origin, trusting the test certificate; a new connection when one breaks."""

    def __init__(self, origin, cafile=None, timeout=60):
        self.url = urllib.parse.urlparse(origin)
        self.context = ssl.create_default_context(cafile=cafile) if self.url.scheme == "https" else None
        self.timeout = timeout
        self.connection = None

    def request(self, method, path, token=None, body=None, headers=None):
        all_headers = dict(headers or {})
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        for attempt in (0, 1):
            try:
                if self.connection is None:
                    if self.context:
                        self.connection = http.client.HTTPSConnection(
                            self.url.hostname, self.url.port, context=self.context, timeout=self.timeout)
                    else:
                        self.connection = http.client.HTTPConnection(
                            self.url.hostname, self.url.port, timeout=self.timeout)
                self.connection.request(method, path, body=data, headers=all_headers)
                response = self.connection.getresponse()
                text = response.read()
                return response.status, dict(response.getheaders()), text
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                # A kept-alive connection the other side closed before this request: the request never left.
                self.close()
                if attempt == 1 or not isinstance(error, (http.client.RemoteDisconnected, BrokenPipeError)):
                    return 0, {}, str(error).encode()
            except OSError as error:
                self.close()
                return 0, {}, str(error).encode()
        return 0, {}, b""

    def json(self, method, path, token=None, body=None):
        status, _, text = self.request(method, path, token, body)
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, None

    def close(self):
        if self.connection:
            self.connection.close()
        self.connection = None


class Server:
    def __init__(self, name, binary, database, port, work, environment):
        self.name, self.binary, self.database, self.port, self.work = name, binary, database, port, work
        self.environment = environment
        self.process = None
        self.log = os.path.join(work, f"{name}.log")

    def start(self):
        log = open(self.log, "a")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--database", f"{PG}/{self.database}?pool_size=8",
             "--token-rate", "0", "--address-rate", "0", "--account-rate", "0", "--ask-questions-per-month", "0",
             "--drain-seconds", "3", "--trusted-proxies", "127.0.0.1", "--log-level", "warning"],
            stdout=log, stderr=subprocess.STDOUT, env=self.environment)

    def wait_ready(self, seconds=180):
        deadline = time.time() + seconds
        probe = Client(f"http://127.0.0.1:{self.port}", timeout=2)
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited: " + open(self.log).read()[-2000:])
            status, _, _ = probe.request("GET", "/health/ready")
            if status == 200:
                probe.close()
                return
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} not ready in {seconds} s")

    def kill9(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def terminate(self):
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)


def make_certificate(work):
    certificate, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], check=True, capture_output=True)
    combined = os.path.join(work, "haproxy.pem")
    with open(combined, "w") as out:
        out.write(open(certificate).read() + open(key).read())
    return certificate, combined


def haproxy_config(work, port, combined, backends):
    """The deployment's own HAProxy file (deploy/haproxy.cfg), with this run's ports and certificate."""
    text = open(os.path.join(ROOT, "deploy", "haproxy.cfg")).read()
    text = text.replace("/etc/haproxy/repofinder.pem", combined).replace("bind :443", f"bind 127.0.0.1:{port}")
    text = re.sub(r"bind :80\b.*\n", "", text)
    text = re.sub(r"\n    http-request redirect scheme https.*", "", text)
    lines = [f"    server {name} 127.0.0.1:{backend_port} check" for name, backend_port in backends]
    text = re.sub(r"(?m)^    server app\d.*\n", "", text).rstrip() + "\n" + "\n".join(lines) + "\n"
    # In the foreground, logging nowhere (the script reads its answers, not its log).
    text = text.replace("    log /dev/log local0\n", "")
    path = os.path.join(work, "haproxy.cfg")
    open(path, "w").write(text)
    return path


def prelude(work, client, people):
    """Lua for wrk: the people's tokens and Ask threads, and repositories to act on."""
    tokens, threads = [], []
    stacks = ["Swift", "Python", "Rust", "TypeScript", "Go", "Kotlin"]
    for i in range(people):
        status, answer = client.json("POST", "/v1/users")
        token = answer["token"]
        client.json("PUT", "/v1/me/preferences", token, {"techStack": [stacks[i % 6]], "onboardingCompleted": True})
        status, thread = client.json("POST", "/v1/me/threads", token, {"title": "load"})
        tokens.append(token)
        threads.append(thread["id"])
    # The first search waits for the search index (seconds on the whole catalog).
    for _ in range(60):
        status, found = client.json("GET", "/v1/search?q=library&perPage=100&sort=stars")
        if status == 200:
            break
        time.sleep(2)
    else:
        raise RuntimeError(f"search answered {status}")
    repos = [item["fullName"] for item in found["items"]]
    path = os.path.join(work, "prelude.lua")
    with open(path, "w") as out:
        out.write("TOKENS = {" + ",".join(f'"{t}"' for t in tokens) + "}\n")
        out.write("THREAD_IDS = {" + ",".join(f'"{t}"' for t in threads) + "}\n")
        out.write("REPOS = {" + ",".join(f'"{r}"' for r in repos) + "}\nFEED_LIMIT = 10\n")
    return path, repos


# Counts every answer by status in each wrk thread, and prints the counts beside the RESULT line.
STATUS_LUA = """
local counted_threads = {}
local common_setup = setup
function setup(thread)
  common_setup(thread)
  table.insert(counted_threads, thread)
end
status_counts = {}
function response(status, headers, body)
  status_counts[status] = (status_counts[status] or 0) + 1
  if status >= 300 and first_failure == nil then first_failure = status .. " " .. string.sub(body or "", 1, 160) end
end
local common_done = done
function done(summary, latency, requests)
  common_done(summary, latency, requests)
  for _, thread in ipairs(counted_threads) do
    local failure = thread:get("first_failure")
    if failure then io.write("FIRSTFAILURE " .. failure .. "\\n") end
  end
end
"""

SCENARIOS = [("deck", "feed.lua", 6), ("interactions", "interactions.lua", 3), ("search", "search.lua", 3),
             ("ask", "chat.lua", 2)]


def run_wrk(work, prelude_path, url, seconds, window):
    """All scenarios at once for `seconds`: each one's RESULT line (see scripts/load/common.lua)."""
    processes = {}
    for name, script, connections in SCENARIOS:
        combined = os.path.join(work, f"{window}-{script}")
        with open(combined, "w") as out:
            out.write(f'RUN_ID = "{window}-{random.randrange(10**9)}"\n')
            for part in (prelude_path, os.path.join(ROOT, "scripts/load/common.lua"),
                         os.path.join(ROOT, "scripts/load", script)):
                out.write(open(part).read() + "\n")
            out.write(STATUS_LUA)
        processes[name] = subprocess.Popen(
            ["wrk", "--latency", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", combined,
             url], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    results = {}
    for name, process in processes.items():
        output = process.communicate()[0]
        line = next((l for l in output.splitlines() if l.startswith("RESULT")), None)
        if line is None:
            raise RuntimeError(f"wrk {name}: {output}")
        results[name] = dict(pair.split("=") for pair in line.split()[1:])
        failure = next((l for l in output.splitlines() if l.startswith("FIRSTFAILURE")), None)
        if failure:
            results[name]["first_failure"] = failure[len("FIRSTFAILURE "):]
    return results


class Witness:
    """People dealt decks and liking cards through the proxy, remembering everything they were told."""

    def __init__(self, origin, cafile, tokens):
        self.origin, self.cafile, self.tokens = origin, cafile, tokens
        self.dealt = {t: [] for t in tokens}
        self.acknowledged = {t: [] for t in tokens}
        self.failures = []  # (time, what)
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def run_person(self, token):
        client = Client(self.origin, self.cafile)
        n = 0
        while not self.stop.is_set():
            status, deck = client.json("GET", "/v1/me/feed?limit=5", token)
            if status != 200:
                with self.lock:
                    self.failures.append((time.time(), f"feed {status} {str(deck)[:120]}"))
                time.sleep(0.05)
                continue
            names = [card["repository"]["fullName"] for card in deck["items"]]
            with self.lock:
                self.dealt[token] += names
            for name in names[:2]:
                n += 1
                identifier = f"witness-{token[:8]}-{n}"
                status, answer = client.json("POST", "/v1/me/interactions", token, {"interactions": [
                    {"id": identifier, "repo": name, "kind": random.choice(["like", "skip", "save"]),
                     "at": "2026-11-27T10:00:00Z"}]})
                with self.lock:
                    if status == 200:
                        self.acknowledged[token].append(identifier)
                    else:
                        self.failures.append((time.time(), f"interaction {status} {str(answer)[:120]}"))
            if not names:
                time.sleep(0.2)

    def start(self):
        self.threads = [threading.Thread(target=self.run_person, args=(t,), daemon=True) for t in self.tokens]
        for thread in self.threads:
            thread.start()

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(30)


def one_run(args, number, binary):
    work = tempfile.mkdtemp(prefix="cluster-")
    database, restored = "repofinder_cluster", "repofinder_cluster_restored"
    certificate, combined = make_certificate(work)
    recreate(database)
    checks, figures = [], {}

    def check(name, ok, detail=""):
        checks.append((name, ok, detail))
        print(f"cluster run {number}: {'ok  ' if ok else 'FAIL'} {name}" + (f" — {detail}" if detail else ""),
              flush=True)

    standin = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "scripts/github-standin.py"), "--catalog",
         os.path.join(SHARED, "catalog/repos.jsonl.gz"), "--rate-limit", "5000", "--user", "ada=0",
         "--device-interval", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # ends at stdin's end
    standin_url = f"http://127.0.0.1:{standin.stdout.readline().strip()}"
    proxy_port = free_port()
    environment = dict(os.environ, GITHUB_API_URL=standin_url, GITHUB_URL=standin_url,
                       GITHUB_CLIENT_ID="standin-client-id", GITHUB_CLIENT_SECRET="standin-client-secret",
                       GITHUB_TOKEN_KEY=base64.b64encode(os.urandom(32)).decode(), CATALOG_REFRESH_HOURS="0",
                       PUBLIC_URL=f"https://localhost:{proxy_port}")
    servers = [Server(f"server{i + 1}", binary, database, free_port(), work, environment) for i in range(3)]
    haproxy = None
    try:
        servers[0].start()
        servers[0].wait_ready()
        for server in servers[1:]:
            server.start()
        for server in servers[1:]:
            server.wait_ready()
        config = haproxy_config(work, proxy_port, combined, [(s.name, s.port) for s in servers])
        haproxy = subprocess.Popen(["haproxy", "-db", "-f", config], stdout=open(os.path.join(work, "haproxy.log"), "w"),
                                   stderr=subprocess.STDOUT)
        origin = f"https://localhost:{proxy_port}"
        client = Client(origin, certificate)
        for _ in range(100):
            if client.request("GET", "/health/ready")[0] == 200:
                break
            time.sleep(0.1)
        status, headers, _ = client.request("GET", "/health/ready")
        check("HAProxy answers over TLS, HSTS from the servers behind it",
              status == 200 and "max-age" in headers.get("strict-transport-security", ""),
              headers.get("strict-transport-security", "missing"))
        prelude_path, repos = prelude(work, client, args.people)
        witness_tokens = [client.json("POST", "/v1/users")[1]["token"] for _ in range(4)]
        frozen = client.json("POST", "/v1/users")[1]["token"]
        client.json("PUT", "/v1/me/preferences", frozen, {"techStack": ["Rust"], "onboardingCompleted": True})
        # The device sign-in, started on the server that will be killed.
        device_token = Client(f"http://127.0.0.1:{servers[0].port}").json("POST", "/v1/users")[1]["token"]
        status, device = Client(f"http://127.0.0.1:{servers[0].port}").json(
            "POST", "/v1/me/sign-in/github/device", device_token)
        check("a device sign-in starts on server1", status == 201, f"{status} {device}")
        if status != 201:
            raise RuntimeError("cannot go on without the device sign-in")

        # One server alone first, for the side-by-side figures: HAProxy with server2 and server3 out of rotation is
        # not the same as one server; so run wrk straight at server1 over HTTP.
        alone = run_wrk(work, prelude_path, f"http://127.0.0.1:{servers[0].port}", args.seconds // 3, "alone")
        figures["alone"] = alone

        witness = Witness(origin, certificate, witness_tokens)
        witness.start()
        third, half, three_quarters = args.seconds // 3, args.seconds // 2, args.seconds * 3 // 4
        start = time.time()
        results = {}
        timeline = {}

        def events():
            time.sleep(max(0, start + third - time.time()))
            servers[0].kill9()
            timeline["killed"] = time.time()
            # GitHub says yes while server1 is down: another server must finish it.
            urllib_request(standin_url + "/_standin/device",
                           {"user_code": device["userCode"], "login": "ada", "action": "approve"})
            time.sleep(max(0, start + half - time.time()))
            servers[0].start()
            servers[0].wait_ready()
            timeline["restarted"] = time.time()
            time.sleep(max(0, start + three_quarters - time.time()))
            timeline["sigterm"] = time.time()
            code = servers[1].terminate()
            timeline["sigterm_exit"] = (time.time(), code)
            servers[1].start()
            servers[1].wait_ready()
            timeline["sigterm_back"] = time.time()

        event_thread = threading.Thread(target=events, daemon=True)
        event_thread.start()
        backup = {}

        def take_backup():
            time.sleep(max(0, start + args.seconds * 2 // 3 - time.time()))
            dump = os.path.join(work, "backup.dump")
            began = time.time()
            out = subprocess.run(["pg_dump", "--format=custom", "--no-owner", "--file", dump, f"{PG}/{database}"],
                                 capture_output=True, text=True)
            backup.update(status=out.returncode, seconds=time.time() - began, path=dump, error=out.stderr)

        backup_thread = threading.Thread(target=take_backup, daemon=True)
        backup_thread.start()
        results["before"] = run_wrk(work, prelude_path, origin, third, "before")
        results["during"] = run_wrk(work, prelude_path, origin, half - third, "during")
        results["after"] = run_wrk(work, prelude_path, origin, args.seconds - half, "after")
        event_thread.join(120)
        backup_thread.join(120)
        witness.finish()
        figures["windows"] = results

        # The device sign-in, finished through the proxy (server2 or server3, or the restarted server1).
        state = None
        for _ in range(100):
            status, answer = client.json("GET", f"/v1/me/sign-in/github/device/{device['id']}", device_token)
            state = answer.get("state") if answer else status
            if state != "pending":
                break
            time.sleep(0.2)
        status, account = client.json("GET", "/v1/me/account", device_token)
        login = ((account or {}).get("github") or {}).get("login")
        check("the device sign-in started on the killed server completes through another", login == "ada",
              f"state {state}, GitHub login {login}")

        # Every acknowledged interaction of the witness stored exactly once.
        acknowledged = [i for ids in witness.acknowledged.values() for i in ids]
        stored = dict(psql(database, "SELECT client_id, count(*) FROM interactions WHERE client_id LIKE 'witness-%' "
                                     "GROUP BY client_id"))
        missing = [i for i in acknowledged if i not in stored]
        twice = [i for i, c in stored.items() if int(c) != 1]
        check("every interaction the witness saw acknowledged is stored exactly once",
              not missing and not twice and acknowledged,
              f"{len(acknowledged)} acknowledged, {len(missing)} missing, {len(twice)} twice")
        wrk_acknowledged = sum(int(r["interactions"]["requests"]) - int(r["interactions"]["non2xx"])
                               for r in results.values()) * 5
        wrk_stored = int(psql(database, "SELECT count(*) FROM interactions WHERE client_id LIKE 'load-%'")[0][0])
        check("wrk's acknowledged interactions are all stored (5 a request)", wrk_stored >= wrk_acknowledged,
              f"{wrk_acknowledged} acknowledged, {wrk_stored} stored")
        repeats = {t[:8]: len(d) - len(set(d)) for t, d in witness.dealt.items()}
        dealt = sum(len(d) for d in witness.dealt.values())
        check("no card dealt twice to the same person across the servers", dealt > 0 and not any(repeats.values()),
              f"{dealt} cards dealt to {len(witness.dealt)} people, repeats {repeats}")
        # Failed requests: the killed server's in-flight ones (HAProxy retries what never reached a server), none at
        # the SIGTERM restart.
        killed_at = timeline.get("killed", 0)
        sigterm_at = timeline.get("sigterm", 0)
        back_at = timeline.get("sigterm_back", 0)
        kill_failures = [f for f in witness.failures if killed_at <= f[0] < killed_at + 5]
        term_failures = [f for f in witness.failures if sigterm_at <= f[0] <= back_at + 1]
        figures["failures"] = {w: {k: r[k]["non2xx"] + "+" + r[k]["socket_errors"] for k in r} for w, r in
                               results.items()}
        check("no request failed during the SIGTERM restart (witness; wrk's 'after' window)",
              not term_failures and all(r["non2xx"] == "0" and r["socket_errors"] == "0"
                                        for r in results["after"].values()),
              f"witness {len(term_failures)} {[(round(t - sigterm_at, 2), w) for t, w in term_failures[:3]]} "
              f"(SIGTERM at 0, exit {round(timeline.get('sigterm_exit', (0,))[0] - sigterm_at, 2)} s, "
              f"back {round(back_at - sigterm_at, 2)} s); wrk after: " + json.dumps(figures["failures"]["after"])
              + " " + json.dumps({k: v.get("first_failure") for k, v in results["after"].items()}))
        check("failures around the kill -9: only the killed server's in-flight requests",
              True, f"witness {len(kill_failures)}; wrk during: " + json.dumps(figures["failures"]["during"]))
        exit_code = timeline.get("sigterm_exit", (0, None))[1]
        check("the SIGTERM'd server drained and exited 0", exit_code == 0, str(exit_code))

        # The backup taken under load: restored into a new database, its constraints hold, it deals the same.
        check("pg_dump under load", backup.get("status") == 0,
              f"{backup.get('seconds', 0):.1f} s" + (backup.get("error") or ""))
        recreate(restored)
        out = subprocess.run(["pg_restore", "--no-owner", "--exit-on-error", "--dbname", f"{PG}/{restored}",
                              backup["path"]], capture_output=True, text=True)
        tables = ["repositories", "users", "interactions", "served_repositories"]
        counts = {t: (psql(restored, f"SELECT count(*) FROM {t}")[0][0]) for t in tables} if out.returncode == 0 else {}
        check("the backup restores, every primary key, unique and foreign key re-checked", out.returncode == 0,
              json.dumps(counts) + out.stderr[-300:])
        same = compare_decks(binary, database, restored, frozen, work, environment)
        check("the restored database deals the frozen person the same deck as the original", same[0], same[1])
    finally:
        if haproxy:
            haproxy.terminate()
        for server in servers:
            if server.process and server.process.poll() is None:
                server.process.send_signal(signal.SIGTERM)
                server.process.wait(60)
        standin.terminate()
    print_figures(number, figures)
    if all(ok for _, ok, _ in checks):
        shutil.rmtree(work, ignore_errors=True)
    else:
        print(f"cluster run {number}: logs kept in {work}")
    return all(ok for _, ok, _ in checks)


def compare_decks(binary, original, restored, token, work, environment):
    """The frozen person's next deck from a server on each database, started alone (same catalog, same taste)."""
    decks = []
    for database in (original, restored):
        server = Server(f"compare-{database}", binary, database, free_port(), work, environment)
        server.start()
        try:
            server.wait_ready()
            status, deck = Client(f"http://127.0.0.1:{server.port}").json("GET", "/v1/me/feed?limit=10", token)
            decks.append([c["repository"]["fullName"] for c in deck["items"]] if status == 200 else [status])
        finally:
            server.terminate()
    return decks[0] == decks[1] and len(decks[0]) > 0, f"{decks[0][:3]}… ({len(decks[0])} cards)"


def urllib_request(url, body):
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    connection.request("POST", parsed.path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    connection.getresponse().read()


def print_figures(number, figures):
    print(f"cluster run {number}: requests/s and p99 (ms) per scenario — one server alone, then three behind "
          "HAProxy with TLS before the kill, during it, after")
    windows = [("alone", figures.get("alone"))] + list(figures.get("windows", {}).items())
    for name, _, _ in SCENARIOS:
        row = [f"{w}: {r[name]['rps']} rps, p99 {r[name]['p99_ms']} ms, errors {int(r[name]['non2xx']) + int(r[name]['socket_errors'])}"
               for w, r in windows if r]
        print(f"cluster run {number}:   {name:<12} " + " | ".join(row))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/repofinder"))
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--people", type=int, default=100)
    args = parser.parse_args()
    passed = 0
    for number in range(1, args.runs + 1):
        if one_run(args, number, args.binary):
            passed += 1
        else:
            break
    print(f"cluster: {passed} of {args.runs} runs passed")
    sys.exit(0 if passed == args.runs else 1)


if __name__ == "__main__":
    main()
