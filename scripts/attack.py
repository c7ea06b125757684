#!/usr/bin/env python3
"""Replays every finding of the hardening issue (#18) against a running release server and prints one line per
finding with its figures. Exits 1 if any finding does not hold.

Driven by scripts/attack.sh, which starts the server on a temporary database (SQLite or PostgreSQL) with
--idle-timeout 5 --request-timeout 5 --interactions-per-day 0 --trusted-proxies 127.0.0.21 (every other limit at
its default) and passes:
  attack.py URL PID ENGINE LOG DATABASE
The attacks come from other loopback addresses (127.0.0.2 and up) than the measurements (127.0.0.1), as they would
come from other machines.
"""
import concurrent.futures
import http.client
import json
import os
import random
import resource
import socket
import sqlite3
import string
import subprocess
import sys
import threading
import time
import urllib.parse

URL, PID, ENGINE, LOG, DATABASE = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
HOST, PORT = urllib.parse.urlparse(URL).hostname, urllib.parse.urlparse(URL).port
IDLE_TIMEOUT = 5  # what attack.sh passes
TRUSTED_PROXY = "127.0.0.21"  # attack.sh passes --trusted-proxies 127.0.0.21
SECRET = "SECRETtoken0123456789abcdefghijklmnopqrstuv"
BODY_MARKER = "BODY-MARKER-7f3a"
TOKENS = []  # every token the script was given: none may reach the log
failures = []


def report(number, title, held, figures):
    print(f"attack[{ENGINE}] {number:>2} {title}: {figures} — {'held' if held else 'NOT HELD'}", flush=True)
    if not held:
        failures.append(number)


def rss_mb():
    """The server's anonymous resident memory (heap), MB: file-backed pages (SQLite's memory map) come and go."""
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("RssAnon:"):
                return int(line.split()[1]) // 1024
    return 0


def open_files():
    return len(os.listdir(f"/proc/{PID}/fd"))


def cpu_seconds():
    with open(f"/proc/{PID}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def request(method, path, token=None, body=None, headers=None, source="127.0.0.1", timeout=30):
    """One request on a fresh connection from `source`: (status, headers dict lower-cased, body text, seconds)."""
    connection = http.client.HTTPConnection(HOST, PORT, timeout=timeout, source_address=(source, 0))
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    if body is not None and not isinstance(body, bytes):
        body = json.dumps(body, ensure_ascii=False).encode()
        all_headers.setdefault("Content-Type", "application/json")
    start = time.perf_counter()
    try:
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text, time.perf_counter() - start
    finally:
        connection.close()


def new_token(source="127.0.0.1"):
    status, _, text, _ = request("POST", "/v1/users", source=source)
    assert status == 201, f"POST /v1/users: {status} {text}"
    token = json.loads(text)["token"]
    TOKENS.append(token)
    return token


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else float("nan")


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def wait_closed(sock, limit):
    """Seconds until the server closes `sock` (reads to EOF), or None after `limit`."""
    start = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - start < limit:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - start
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - start
    return None


def closed_by_server(sock):
    """Whether the server has closed `sock`: reads what it sent (an answer, say) up to the end, without waiting."""
    try:
        while True:
            if sock.recv(65536, socket.MSG_DONTWAIT) == b"":
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def connect(source):
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect((HOST, PORT))
    return sock


# 1. Connections: idle, half-sent, keep-alive, trickled bodies; a flood of idle connections.
def flood_worker(source, count, hold_seconds, results):
    sockets, refused = [], 0
    for _ in range(count):
        try:
            sock = socket.socket()
            sock.setblocking(False)
            sock.bind((source, 0))
            sock.connect_ex((HOST, PORT))
            sockets.append(sock)
        except OSError:
            refused += 1
    time.sleep(hold_seconds)
    closed = held = 0
    for sock in sockets:
        try:
            sock.getpeername()
            if sock.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            held += 1
        except OSError:
            # Not connected (still in the kernel's queue, or reset): not held by the server either way.
            pass
        sock.close()
    results.append((len(sockets), closed, held, refused))


def timed_close(name, sock, start, timings):
    closed = wait_closed(sock, 30)
    timings[name] = None if closed is None else time.monotonic() - start
    sock.close()


def connections():
    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    timings, waiters = {}, []
    for name, opening in (("idle", b""),
                          ("half-sent headers", f"GET /health HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {SECRET}\r\n".encode()),
                          ("keep-alive", b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")):
        sock = connect("127.0.0.2")
        start = time.monotonic()
        if opening:
            sock.sendall(opening)
        waiter = threading.Thread(target=timed_close, args=(name, sock, start, timings))
        waiter.start()
        waiters.append(waiter)
    trickle = connect("127.0.0.2")
    trickle.sendall(
        (f"PUT /v1/me/preferences HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {SECRET}\r\nCookie: s={SECRET}\r\n"
         f"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"name\":\"{BODY_MARKER}").encode())
    trickle_start = time.monotonic()
    trickle_closed = None
    while time.monotonic() - trickle_start < 20:
        try:
            trickle.sendall(b"x")
            if trickle.recv(1, socket.MSG_DONTWAIT) == b"":
                trickle_closed = time.monotonic() - trickle_start
                break
        except BlockingIOError:
            pass
        except OSError:
            trickle_closed = time.monotonic() - trickle_start
            break
        time.sleep(1)
    trickle.close()
    for waiter in waiters:
        waiter.join()

    # 600 trickling bodies from ten addresses: memory before, during, after.
    before_trickle = rss_mb()
    trickles = []
    for i in range(600):
        try:
            sock = connect(f"127.0.1.{10 + i % 10}")
            sock.sendall(b"POST /v1/users HTTP/1.1\r\nHost: x\r\nContent-Length: 300000\r\n\r\nx")
            trickles.append(sock)
        except OSError:
            pass
    time.sleep(2)
    during_trickle = rss_mb()
    for _ in range(3):
        for sock in trickles:
            try:
                sock.sendall(b"x")
            except OSError:
                pass
        time.sleep(2.5)
    survivors = sum(not closed_by_server(sock) for sock in trickles)
    for sock in trickles:
        sock.close()
    after_trickle = rss_mb()

    # 20,000 idle connections attempted from two addresses while /health is timed (50/s) from a third; the
    # server's open files are sampled meanwhile.
    before_flood, files_before = rss_mb(), open_files()
    results, peak_files = [], [files_before]
    workers = [threading.Thread(target=flood_worker, args=(f"127.0.0.{3 + i}", 10_000, 6, results)) for i in range(2)]
    for worker in workers:
        worker.start()
    latencies, failed = [], 0
    start = time.monotonic()
    sent = 0
    while time.monotonic() - start < 6:
        target = start + sent / 50
        if time.monotonic() < target:
            time.sleep(target - time.monotonic())
        sent += 1
        peak_files.append(open_files())
        try:
            status, _, _, seconds = request("GET", "/health", timeout=10)
            latencies.append(seconds)
            failed += status != 200
        except OSError:
            failed += 1
    for worker in workers:
        worker.join()
    time.sleep(1)
    after_flood, files_after = rss_mb(), open_files()
    attempted = sum(r[0] + r[3] for r in results)
    closed = sum(r[1] for r in results)
    held = (all(timings.get(name) is not None and timings[name] <= IDLE_TIMEOUT + 2
                for name in ("idle", "half-sent headers", "keep-alive"))
            and trickle_closed is not None and trickle_closed <= IDLE_TIMEOUT + 3
            and failed == 0 and percentile(latencies, 0.99) < 0.5 and max(peak_files) <= files_before + 2 * 64 + 64
            and after_trickle - before_trickle < 60 and after_flood - before_flood < 60)
    closings = ", ".join(f"{name} closed after {timings.get(name) or 0:.1f} s" for name in
                         ("idle", "half-sent headers", "keep-alive"))
    report(1, "connections", held,
           f"{closings}, a body trickled 1 B/s after {trickle_closed or 0:.1f} s (timeouts 5 s); 600 trickling "
           f"bodies from 10 addresses: {survivors} still open after 7.5 s, heap {before_trickle}→{during_trickle}→"
           f"{after_trickle} MB; {attempted:,} idle connections attempted from 2 addresses: {closed:,} closed by the "
           f"server at once, its open files {files_before}→max {max(peak_files)}→{files_after} (cap 64 per address); "
           f"/health during the flood: {len(latencies)} requests, {failed} failed, p50 "
           f"{ms(percentile(latencies, 0.5))} p99 {ms(percentile(latencies, 0.99))}; heap {before_flood}→{after_flood} MB")


# 2. One account at its storage limit: stats latency, others' search latency while it is hammered.
def repository_names(count):
    names = []
    for query in ("library", "framework", "tool", "app", "api", "data", "web", "cli", "server", "python"):
        for page in range(1, 11):
            status, _, text, _ = request("GET", f"/v1/search?q={query}&perPage=100&page={page}", source="127.0.0.9")
            if status == 429:
                time.sleep(2)
                continue
            items = json.loads(text)["items"] if status == 200 else []
            names += [item["fullName"] for item in items]
            if len(items) < 100:
                break
        if len(set(names)) >= count:
            break
    return sorted(set(names))[:count]


def fill(token, total, names, source):
    kinds = ["like", "save", "skip", "view", "open"]
    sent, refused_status = 0, None
    while sent < total + 500:
        batch = [{"id": f"f{sent + i}", "repo": names[(sent + i) % len(names)], "kind": kinds[(sent + i) % 5],
                  "at": "2026-11-01T10:00:00Z"} for i in range(500)]
        status, headers, text, _ = request("POST", "/v1/me/interactions", token=token,
                                           body={"interactions": batch}, source=source)
        if status == 429 and headers.get("retry-after") and "rate_limited" in text:
            time.sleep(int(headers["retry-after"]))
            continue
        if status != 200:
            refused_status = status
            break
        sent += 500
    return sent, refused_status


def stats_at_limit():
    names = repository_names(1000)
    token = new_token()
    before = rss_mb()
    stored, refused = fill(token, 20_000, names, "127.0.0.6")
    latencies = []
    for _ in range(20):
        status, _, _, seconds = request("GET", "/v1/me/stats", token=token, source="127.0.0.6")
        if status == 200:
            latencies.append(seconds)
        time.sleep(0.25)

    def search_times(count):
        times = []
        for _ in range(count):
            status, _, _, seconds = request("GET", "/v1/search?q=library&perPage=20", source="127.0.0.7")
            if status == 200:
                times.append(seconds)
            time.sleep(0.1)
        return times

    alone = search_times(30)
    stop = time.monotonic() + 10
    hammered = [0, 0]

    def hammer():
        while time.monotonic() < stop:
            status, _, _, _ = request("GET", "/v1/me/stats", token=token, source="127.0.0.8")
            hammered[0 if status == 200 else 1] += 1

    cpu_before = cpu_seconds()
    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for thread in threads:
        thread.start()
    attacked = search_times(30)
    for thread in threads:
        thread.join()
    cores = (cpu_seconds() - cpu_before) / 10
    after = rss_mb()
    held = (stored == 20_000 and refused == 422 and percentile(latencies, 0.99) < 0.25
            and percentile(attacked, 0.9) < max(0.05, 5 * percentile(alone, 0.9)) and cores < 1.0)
    report(2, "stats at the storage limit", held,
           f"{stored:,} interactions stored, the next batch {refused} (quota 20,000); stats p50 "
           f"{ms(percentile(latencies, 0.5))} p99 {ms(percentile(latencies, 0.99))}; 4 connections hammering stats "
           f"for 10 s: {hammered[0]} answered, {hammered[1]} rate-limited, {cores:.2f} cores; others' search p90 "
           f"{ms(percentile(alone, 0.9))} alone, {ms(percentile(attacked, 0.9))} meanwhile; heap {before}→{after} MB")
    return token, names


# 3. Lengths in bytes.
def database_bytes():
    if ENGINE == "sqlite":
        return sum(os.path.getsize(DATABASE + suffix) for suffix in ("", "-wal") if os.path.exists(DATABASE + suffix))
    out = subprocess.run(["psql", DATABASE, "-tAc", "SELECT pg_database_size(current_database())"],
                         capture_output=True, text=True)
    return int(out.stdout.strip() or 0)


def lengths(names):
    token = new_token()
    marks = "a" + "\u0301" * 60_000
    before = database_bytes()
    statuses = []
    for _ in range(5):
        status, _, _, _ = request("POST", "/v1/me/interactions", token=token, source="127.0.0.11", body={
            "interactions": [{"id": marks, "repo": names[0], "kind": "skip", "at": "2026-11-01T10:00:00Z"}]})
        statuses.append(status)
        status, _, _, _ = request("PUT", "/v1/me/preferences", token=token, source="127.0.0.11",
                                  body={"name": "A" + "\u0301" * 20_000, "techStack": ["x" + "\u0301" * 5_000]})
        statuses.append(status)
    growth = database_bytes() - before
    held = set(statuses) == {422} and growth < 1_000_000
    report(3, "lengths count bytes", held,
           f"an id of 1 letter + 60,000 combining marks and names of 20,000 marks: {sorted(set(statuses))} "
           f"({len(statuses)} tries); database grew {growth / 1e6:.2f} MB")


# 4 and 6. A busy database: 503 with Retry-After; nothing secret in the log (checked at the end).
def hold_lock(seconds):
    if ENGINE == "sqlite":
        connection = sqlite3.connect(DATABASE, timeout=30, isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        time.sleep(seconds)
        connection.execute("ROLLBACK")
        connection.close()
    else:
        subprocess.run(["psql", DATABASE, "-qc",
                        f"BEGIN; LOCK TABLE interactions IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep({seconds}); "
                        "COMMIT;"], check=True, capture_output=True)


def busy_database(names):
    token = new_token()
    locker = threading.Thread(target=hold_lock, args=(13,))
    locker.start()
    time.sleep(1)
    start = time.monotonic()
    status, headers, text, _ = request(
        "POST", "/v1/me/interactions", token=token, headers={"Cookie": f"session={SECRET}"}, source="127.0.0.12",
        body={"interactions": [{"id": "busy-1", "repo": names[0], "kind": "like", "at": "2026-11-01T10:00:00Z",
                                "note": BODY_MARKER}]})
    waited = time.monotonic() - start
    health, _, _, health_seconds = request("GET", "/health")
    locker.join()
    after, _, _, _ = request("POST", "/v1/me/interactions", token=token, source="127.0.0.12", body={
        "interactions": [{"id": "busy-1", "repo": names[0], "kind": "like", "at": "2026-11-01T10:00:00Z"}]})
    held = status == 503 and headers.get("retry-after") == "1" and "unavailable" in text and after == 200
    report(6, "a busy database", held,
           f"a write while another {'connection holds the write lock' if ENGINE == 'sqlite' else 'client locks the table'}"
           f": {status} after {waited:.1f} s with Retry-After {headers.get('retry-after')}, body {text}; /health "
           f"meanwhile {health} in {ms(health_seconds)}; the same write after the lock: {after}")


def database_down():
    """PostgreSQL stopped under the running server: /health and requests answer 503 in seconds, without internals;
    the server recovers once PostgreSQL is back."""
    if ENGINE != "postgres" or os.geteuid() != 0 or subprocess.run(["which", "pg_ctlcluster"],
                                                                    capture_output=True).returncode != 0:
        return
    token = new_token()
    cluster = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True).stdout.split()
    version, name = cluster[0], cluster[1]
    subprocess.run(["pg_ctlcluster", version, name, "stop", "-m", "fast"], check=True)
    try:
        answers = []
        for path, tok in (("/health", None), ("/health", None), ("/v1/me/preferences", token), ("/health", None)):
            try:
                status, headers, text, seconds = request("GET", path, token=tok, timeout=40)
            except OSError as error:
                status, headers, text, seconds = 0, {}, str(error), 40
            answers.append((path, status, headers.get("retry-after"), text, seconds))
    finally:
        subprocess.run(["pg_ctlcluster", version, name, "start"], check=True)
    recovered = None
    start = time.monotonic()
    while time.monotonic() - start < 60:
        try:
            if request("GET", "/health", timeout=10)[0] == 200:
                recovered = time.monotonic() - start
                break
        except OSError:
            pass
        time.sleep(0.5)
    internals = [a for a in answers if any(word in a[3] for word in ("Error", "Pool", "PSQL", "Swift", ".swift"))]
    held = (all(a[1] == 503 and a[4] < 12 and a[2] == "1" for a in answers)
            and not internals and recovered is not None)
    figures = "; ".join(f"{a[0]} {a[1]} in {a[4]:.1f} s (Retry-After {a[2]})" for a in answers)
    report("6b", "PostgreSQL down", held,
           f"{figures}; bodies name no internals ({len(internals)} did); /health 200 again {recovered or 0:.1f} s "
           f"after PostgreSQL restarted")


# 5. Random 70 KB tokens: the limiter keeps no bucket for them.
def random_tokens():
    before = rss_mb()
    stop = time.monotonic() + 20
    counts = {}
    lock = threading.Lock()

    def send(source):
        connection = http.client.HTTPConnection(HOST, PORT, timeout=10, source_address=(source, 0))
        while time.monotonic() < stop:
            token = "".join(random.choices(string.ascii_letters, k=70_000))
            try:
                connection.request("GET", "/v1/me/preferences", headers={"Authorization": f"Bearer {token}"})
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection(HOST, PORT, timeout=10, source_address=(source, 0))
                status = 0
            with lock:
                counts[status] = counts.get(status, 0) + 1
        connection.close()

    threads = [threading.Thread(target=send, args=(f"127.0.0.{30 + i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    time.sleep(1)
    after = rss_mb()
    held = set(counts) <= {401, 429} and after - before < 30
    report(5, "random 70 KB tokens for 20 s", held,
           f"{sum(counts.values()):,} requests from 8 addresses: {dict(sorted(counts.items()))}; heap {before}→{after} MB")


# 7. A chunked body over --max-body.
def chunked_body():
    statuses = []
    for _ in range(5):
        sock = connect("127.0.0.13")
        body = b"x" * 400_000
        try:
            sock.sendall(b"POST /v1/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                         + f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")
        except OSError:
            pass
        sock.settimeout(5)
        try:
            line = sock.recv(64).split(b"\r\n")[0].decode()
        except OSError:
            line = "reset"
        statuses.append(line.replace("HTTP/1.1 ", "")[:3])
        sock.close()
    held = "413" in statuses and not any(s.startswith("5") for s in statuses)
    report(7, "a chunked body over --max-body (256 KiB)", held, f"answers {statuses} (reset: closed before reading)")


# 8. Costs: deep search pages; a client's budget; X-Forwarded-For from an untrusted peer.
def costs():
    deep, _, deep_text, deep_seconds = request("GET", "/v1/search?q=co&page=9999&perPage=100", source="127.0.0.14")
    counts = {}
    cpu_before = cpu_seconds()
    start = time.monotonic()
    sent = 0
    while time.monotonic() - start < 10:
        target = start + sent / 100
        if time.monotonic() < target:
            time.sleep(target - time.monotonic())
        status, _, _, _ = request("GET", f"/v1/search?q=co&page={1 + sent % 10}&perPage=100", source="127.0.0.15")
        counts[status] = counts.get(status, 0) + 1
        sent += 1
    cores = (cpu_seconds() - cpu_before) / (time.monotonic() - start)
    def burst(source):
        """600 /health requests from 8 threads, each naming another client in X-Forwarded-For: statuses."""
        def one(i):
            xff = {"X-Forwarded-For": f"198.51.100.{i % 250}, 203.0.{i // 250}.{i % 250}"}
            return request("GET", "/health", headers=xff, source=source)[0]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(one, range(600)))
        return {status: statuses.count(status) for status in sorted(set(statuses))}

    forwarded, proxied = burst("127.0.0.16"), burst(TRUSTED_PROXY)
    held = (deep == 400 and counts.get(429, 0) > 0 and cores < 1.2 and forwarded.get(429, 0) > 0
            and proxied.get(429, 0) == 0)
    report(8, "cost-weighted limits", held,
           f"page 9999 × 100: {deep} in {ms(deep_seconds)}; 100 searches/s (100 per page) from one address for 10 s: "
           f"{dict(sorted(counts.items()))}, {cores:.2f} cores; 600 requests from 8 threads (burst 300) with made-up X-Forwarded-For from an "
           f"untrusted peer: {forwarded} (one bucket); the same through the trusted proxy: {proxied} (a bucket per "
           f"client)")


# 9. NUL in interaction ids.
def nul_ids(names):
    token = new_token()
    first, _, _, _ = request("POST", "/v1/me/interactions", token=token, source="127.0.0.17", body={"interactions": [
        {"id": "k\u0000one", "repo": names[0], "kind": "skip", "at": "2026-11-01T10:00:00Z"}]})
    request("POST", "/v1/me/interactions", token=token, source="127.0.0.17", body={"interactions": [
        {"id": "a", "repo": names[1], "kind": "skip", "at": "2026-11-01T10:00:00Z"}]})
    deleted, _, _, _ = request("DELETE", "/v1/me/interactions/a%00b", token=token, source="127.0.0.17")
    skips = json.loads(request("GET", "/v1/me/stats", token=token, source="127.0.0.17")[2])["skips"]
    held = first == 422 and deleted == 400 and skips == 1
    report(9, "NUL in interaction ids", held,
           f"'k\\0one' {first}; DELETE a%00b {deleted}; 'a' still there: {skips == 1}")


# 10. Account creation.
def account_creation():
    counts = {}
    start = time.monotonic()
    while time.monotonic() - start < 10:
        status, _, _, _ = request("POST", "/v1/users", source="127.0.0.18")
        counts[status] = counts.get(status, 0) + 1
    held = counts.get(201, 0) <= 12 and counts.get(429, 0) > 0
    report(10, "account creation", held,
           f"10 s of POST /v1/users from one address: {dict(sorted(counts.items()))} (60/h, burst 10); accounts that "
           f"never came back are deleted after 30 days (tested in Swift)")


# 11. Internals in messages.
def internals():
    checks = []
    _, _, sort, _ = request("GET", "/v1/search?q=swift&sort=loudest", source="127.0.0.19")
    checks.append(("sort", sort))
    token = new_token()
    _, _, kind, _ = request("POST", "/v1/me/interactions", token=token, source="127.0.0.19", body={
        "interactions": [{"id": "1", "repo": "a/b", "kind": "adore", "at": "2026-11-01T10:00:00Z"}]})
    checks.append(("kind", kind))
    _, _, window, _ = request("GET", "/v1/trending?since=fortnight", source="127.0.0.19")
    checks.append(("window", window))
    leaks = [name for name, text in checks
             if any(word in text for word in ("SearchSort", "InteractionKind", "Swift.", "the body:", "Operations."))]
    report(11, "no internals in messages", not leaks,
           "; ".join(f"{name}: {json.loads(text).get('message', text[:80])}" for name, text in checks))


# 12. HTTP manners.
def manners():
    results = {}
    status, headers, _, _ = request("GET", "/v1/me/stats", source="127.0.0.20")
    results["401 WWW-Authenticate"] = status == 401 and headers.get("www-authenticate", "").startswith("Bearer")
    status, _, body, _ = request("HEAD", "/v1/search?q=swift", source="127.0.0.20")
    results["HEAD 200"] = status == 200 and body == ""
    status, headers, _, _ = request("OPTIONS", "/v1/me/stats", source="127.0.0.20")
    results["OPTIONS 204 Allow"] = status == 204 and "GET" in headers.get("allow", "")
    status, headers, _, _ = request("DELETE", "/v1/search?q=x", source="127.0.0.20")
    results["405 Allow"] = status == 405 and "GET" in headers.get("allow", "")
    _, headers, _, _ = request("GET", "/v1/search?q=swift", source="127.0.0.20")
    results["nosniff"] = headers.get("x-content-type-options") == "nosniff"
    results["Referrer-Policy"] = headers.get("referrer-policy") == "no-referrer"
    token = new_token("127.0.0.20")
    _, headers, _, _ = request("GET", "/v1/me/preferences", token=token, source="127.0.0.20")
    results["no-store on /v1/me"] = headers.get("cache-control") == "no-store"
    _, headers, _, _ = request("GET", "/", source="127.0.0.20")
    results["CSP form-action"] = "form-action 'self'" in headers.get("content-security-policy", "")
    status, _, _, _ = request("GET", "/metrics", source=TRUSTED_PROXY, headers={"X-Forwarded-For": "203.0.113.7"})
    local, _, _, _ = request("GET", "/metrics")
    results["/metrics not through the proxy"] = status == 403 and local == 200
    if ENGINE == "sqlite":
        results["database 0600"] = oct(os.stat(DATABASE).st_mode & 0o777) == "0o600"
    failed = [name for name, ok in results.items() if not ok]
    report(12, "HTTP manners", not failed,
           ", ".join(f"{name} {'ok' if ok else 'MISSING'}" for name, ok in results.items()))


# 13. PRAGMA integrity_check.
def integrity():
    if ENGINE != "sqlite":
        report(13, "PRAGMA integrity_check", True, "SQLite only (PostgreSQL has no such check)")
        return
    connection = sqlite3.connect(f"file:{DATABASE}?mode=ro", uri=True)
    result = [row[0] for row in connection.execute("PRAGMA integrity_check")]
    connection.close()
    report(13, "PRAGMA integrity_check", result == ["ok"], f"{result[:3]}")


# 4. Nothing secret in the log, after every failure above (5xx, 4xx, timeouts).
def log_check():
    with open(LOG, encoding="utf-8", errors="replace") as log:
        text = log.read()
    markers = [SECRET, BODY_MARKER] + TOKENS
    found = [marker[:8] + "…" for marker in markers if marker in text]
    lines = text.count("\n")
    failures_logged = text.count("request failed")
    statuses = {code: text.count(f"status={code}") for code in ("401", "413", "422", "429", "503")}
    report(4, "nothing secret in the log", not found and "Bearer " not in text,
           f"{lines:,} lines ({failures_logged} 5xx logged, {statuses}) searched for {len(markers)} tokens, the "
           f"cookie and the body marker: {len(found)} found")


def main():
    connections()
    token, names = stats_at_limit()
    lengths(names)
    random_tokens()
    chunked_body()
    costs()
    nul_ids(names)
    account_creation()
    internals()
    manners()
    busy_database(names)
    database_down()
    integrity()
    log_check()
    if failures:
        print(f"attack[{ENGINE}]: NOT HELD: {failures}", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
