#!/usr/bin/env python3
"""Replays every finding of the third hardening issue (#63) against running servers and prints one line per finding,
`attack3[ENGINE] N title: figures — held` (or NOT HELD). Exits 1 if any finding does not hold.

Driven by scripts/attack-3.sh, which starts, on a temporary database (SQLite or PostgreSQL), a plain-HTTP release
server with every limit at its default and a strong OPERATOR_TOKEN, pointed at the stand-in GitHub
(scripts/github-standin.py, for the API and for signing in), and beside it a TLS server on a SQLite file of its own
(--tls-certificate/--tls-key for localhost and 127.0.0.1, --http-redirect-port, --drain-seconds 2), and passes:
  attack-3.py URL PID ENGINE LOG DATABASE
with GITHUB_STANDIN_URL, ATTACK_BINARY, ATTACK_OPERATOR_TOKEN, ATTACK_TLS_URL, ATTACK_TLS_PID, ATTACK_TLS_DATABASE,
ATTACK_REDIRECT_PORT, ATTACK_TLS_CERT, ATTACK_FRESH_DATABASES (PostgreSQL: two empty databases for finding 12; empty
on SQLite: temporary files) and ATTACK_ARTIFACTS (where the servers this script starts write their logs) in the
environment; ONLY="1 5 12" runs some findings alone. This script starts servers of its own for findings 11 and 12
(and stops them); finding 2 stops the TLS server (SIGTERM), and finding 8 sends the plain server SIGHUP.
Attacks come from other loopback addresses than the people they are measured against (127.0.0.1), as they would come
from other machines; every request goes to loopback. "Held" is as the issue's decided behaviours define it:
  1 app sign-in (RFC 7636: the device makes and keeps the verifier): app:true without a codeChallenge, or with a
    malformed one, 400 invalid_challenge (a `plain` one is reported, not judged); (a) an attacker's app sign-in passed by the victim (already linked by a web sign-in): the
    callback page answers 200 with no Location and nothing that navigates by itself to repoverse:, the attacker's
    completion without the code fails, no GitHub token was issued for the victim, the victim's account is unchanged
    and the attacker's is not theirs; (b) the victim's own app sign-in: the code caught from the page's
    repoverse: link, completed with another token 400, without or with a wrong verifier 400 invalid_verifier, then with
    the victim's verifier 200 (the app joins the victim's account); (c) a web state with `app.` in front: the
    callback page holds no `repoverse:` at all (nor a Location to it)
  2 TLS: 100 silent connections from one address: at least 36 closed within 1 s (64 may wait for their handshake),
    every one within 15 s; meanwhile /health over HTTPS from 127.0.0.1 200 within 2 s; with one silent connection
    open, SIGTERM ends the server within 15 s (2 s drain + 10 s handshake timeout + margin)
  3 the redirect listener: 300 silent connections from one address: at most 64 open after 1 s, none after 15 s;
    meanwhile `Host: localhost:PORT` 308 to https://localhost:TLS_PORT/same/path?query, `Host: evil.example` 400
    without a Location naming it; 300 connections from six addresses: at most 256 answered at once
  4 /metrics: 4,000 requests with distinct odd methods over HTTP/2 (TLS, ALPN h2; most answered): the
    repofinder_http_requests_total series grow by at most 10
  5 POST /v1/events: batches of 500 from one token: 1,000 accepted, the third batch 429 events_quota with
    Retry-After and nothing of it stored; a 250,000-character label 413 or 422, a 3,000- and a 41-character label
    422, value Int64.max 422, count -5 422, none of them stored; 4 exports at once of an account with 200,000 events:
    each whole JSON with its 200,000 events and the server's RssAnon (its heap, not the mapped database) within
    150 MB of before; the operator report
    (GET /v1/admin/report?since=30d) under 1 MB after it all
  6 `repofinder backup` into a shared sticky folder where `nobody` pre-created DEST.partial (0666), or SQLite's
    side files of it, or races to create them: nothing written into any file of theirs, and DEST made 0600 and this
    user's (or the backup refused cleanly, DEST absent)
  7 a maintainer with 4 anonymous accounts made today whose preferences hold every value, liking the repository with
    2 other people: the likers are "fewer than five" and no bucket shows a count (only accounts 7 days old count among
    likers; like counts describe the repository and stay, reported); 50 browses of the repository's area by one
    token add at most 1 `dealt` event per repository per day
  8 SIGHUP to the plain-HTTP server: it keeps running and /health answers 200
  9 100 anonymous accounts from 13 addresses start device sign-ins: a new person from another address still gets
    201 (refusals per address reported; an address begins at most 5 in 15 minutes)
 10 /v1 answers (search, trending, the deck, errors): Vary names Authorization, Accept-Language and Cookie, and
    Cache-Control says private, no-cache or no-store
 11 (a) GitHub unreachable (the server's own API address stops answering after sign-in): the maintainer list's error
    names neither its host:port nor the stand-in's; (b) one token's 90-day dashboards are refused (429) after fewer
    requests than another token's 7-day ones; (c) `serve` with OPERATOR_TOKEN=short exits non-zero within 60 s,
    naming OPERATOR_TOKEN
 12 one person's likes in another's deck: two fresh servers, each with a data scientist (who likes grafana/grafana
    and Python data repositories) and a frontend developer, one also with a backend developer (who likes
    database/Go repositories and grafana/grafana); after the recommender's rebuild the data scientist's first 60
    cards on the first server hold none of the backend developer's likes beyond those the second server (without
    them) deals as well — what their likes alone brought in is nothing
"""
import concurrent.futures
import html
import http.client
import json
import os
import random
import re
import resource
import secrets
import shlex
import shutil
import signal
import socket
import sqlite3
import ssl
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from datetime import datetime, timezone
from hashlib import sha256
from base64 import urlsafe_b64encode

URL, PID, ENGINE, LOG, DATABASE = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
HOST, PORT = urllib.parse.urlparse(URL).hostname, urllib.parse.urlparse(URL).port
MAIN = (HOST, PORT)
GITHUB = os.environ["GITHUB_STANDIN_URL"]
GITHUB_PORT = urllib.parse.urlparse(GITHUB).port
BINARY = os.environ.get("ATTACK_BINARY", ".build/release/repofinder")
OPERATOR_TOKEN = os.environ.get("ATTACK_OPERATOR_TOKEN", "")
TLS_URL = os.environ.get("ATTACK_TLS_URL", "")
TLS_PORT = urllib.parse.urlparse(TLS_URL).port if TLS_URL else None
TLS_PID = int(os.environ.get("ATTACK_TLS_PID") or 0)
TLS_DATABASE = os.environ.get("ATTACK_TLS_DATABASE", "")
REDIRECT_PORT = int(os.environ.get("ATTACK_REDIRECT_PORT") or 0)
CERT = os.environ.get("ATTACK_TLS_CERT", "")
FRESH = os.environ.get("ATTACK_FRESH_DATABASES", "").split()
ARTIFACTS = os.environ.get("ATTACK_ARTIFACTS", "test-artifacts")
ONLY = set(os.environ.get("ONLY", "").split())
RUN = f"{random.randrange(16 ** 6):06x}"  # makes this run's names unique
CALLBACK = URL + "/auth/github/callback"
MB = 1024 * 1024
failures = []
helpers = []  # servers this script started (stopped at the end whatever happens)
scratch = tempfile.mkdtemp(prefix="attack3-")  # their databases and other files of this script's own


def report(number, title, held, figures):
    print(f"attack3[{ENGINE}] {number:>2} {title}: {figures} — {'held' if held else 'NOT HELD'}", flush=True)
    if not held:
        failures.append(str(number))


def wanted(number):
    return not ONLY or str(number) in ONLY


def vm_rss_mb(pid, field="VmRSS"):
    """A process's resident memory (VmRSS; RssAnon: its heap and stacks, without the pages of files it maps — the
    SQLite database is mapped, 256 MB of it at most), MB; 0 once it has gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
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


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def now_text():
    """Now as the API's date-times are written (whole seconds, UTC)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def request(method, path, token=None, body=None, headers=None, source="127.0.0.1", timeout=30, connection=None,
            server=MAIN):
    """One request (on `connection`, else a fresh one from `source` to `server`): (status, headers lower-cased — a
    repeated header's values joined with ", " — text, seconds)."""
    own = connection is None
    if own:
        connection = http.client.HTTPConnection(server[0], server[1], timeout=timeout, source_address=(source, 0))
    all_headers = dict(headers or {})
    if token:
        all_headers["Authorization"] = f"Bearer {token}"
    if body is not None and not isinstance(body, bytes):
        body = json.dumps(body, ensure_ascii=False).encode()
    if body is not None:
        all_headers.setdefault("Content-Type", "application/json")
    start = time.perf_counter()
    try:
        connection.request(method, path, body=body, headers=all_headers)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        joined = {}
        for name, value in response.getheaders():
            joined[name.lower()] = f"{joined[name.lower()]}, {value}" if name.lower() in joined else value
        return response.status, joined, text, time.perf_counter() - start
    finally:
        if own:
            connection.close()


def patient(method, path, **options):
    """A request retried (up to 20 times) while a rate limit answers 429 rate_limited with Retry-After: the
    measurement is not of the limit."""
    for _ in range(20):
        answer = request(method, path, **options)
        if answer[0] != 429 or error_code(answer[2]) not in ("rate_limited", ""):
            return answer
        time.sleep(min(float(answer[1].get("retry-after") or 1), 2))
    return answer


def error_code(text):
    try:
        return json.loads(text).get("error") or ""
    except (ValueError, AttributeError):
        return ""


def parsed(text):
    try:
        value = json.loads(text)
        return value if isinstance(value, dict) else {}
    except ValueError:
        return {}


def tally(items):
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return dict(sorted(counts.items(), key=lambda pair: str(pair[0])))


class Accounts:
    """New anonymous accounts on one server, `per` from each address of `prefix`N (60 an hour per address, burst
    10)."""

    def __init__(self, server=MAIN, prefix="127.0.9.", per=8):
        self.server, self.prefix, self.per = server, prefix, per
        self.made, self.lock = 0, threading.Lock()

    def new(self, source=None):
        if source is None:
            with self.lock:
                source = f"{self.prefix}{1 + self.made // self.per}"
                self.made += 1
        for _ in range(5):
            status, headers, text, _ = request("POST", "/v1/users", source=source, server=self.server)
            if status == 201:
                return json.loads(text)["token"]
            time.sleep(min(float(headers.get("retry-after") or 1), 5))
        raise RuntimeError(f"POST /v1/users from {source}: {status} {text[:200]}")


ACCOUNTS = Accounts()


def account(token, source="127.0.0.1", server=MAIN):
    """GET /v1/me/account: (status, its JSON)."""
    status, _, text, _ = patient("GET", "/v1/me/account", token=token, source=source, server=server)
    return status, parsed(text)


def github_login(answer):
    return ((answer or {}).get("github") or {}).get("login")


def standin(method, path, body=None):
    """A request to the stand-in GitHub: (status, decoded JSON or text)."""
    connection = http.client.HTTPConnection("127.0.0.1", GITHUB_PORT, timeout=30)
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


def github_tokens(login):
    """How many live GitHub tokens the stand-in has issued to `login`."""
    status, tokens = standin("GET", "/_standin/tokens")
    return len(tokens.get(login, [])) if status == 200 and isinstance(tokens, dict) else -1


def set_orgs(login, orgs):
    status, _ = standin("POST", f"/_standin/users/{login}/orgs", {"orgs": orgs})
    assert status == 200, f"the stand-in GitHub did not take {login}'s organisations: {status}"


def consent(authorize_url, login, state=None):
    """Authorizes at the stand-in's consent page as `login` (with `state` put in place of the URL's, as an attacker
    who hands out a crafted address would): the code and state it redirects back with."""
    fields = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(authorize_url).query))
    if state is not None:
        fields["state"] = state
    fields.update(login=login, decision="allow")
    connection = http.client.HTTPConnection("127.0.0.1", GITHUB_PORT, timeout=30)
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


def sign_in_web(token, login, source, server=MAIN, base=URL):
    """The web flow against the stand-in GitHub, as a browser does it: start, consent as `login`, callback.
    (status of the callback, its JSON or text)."""
    status, _, text, _ = patient("POST", "/v1/me/sign-in/github", token=token, source=source, server=server,
                                 body={"redirectUri": base + "/auth/github/callback"})
    if status != 200:
        return status, text
    code, state = consent(json.loads(text)["authorizeUrl"], login)
    status, _, text, _ = patient("POST", "/v1/me/sign-in/github/callback", token=token, source=source,
                                 server=server, body={"code": code, "state": state})
    return status, parsed(text) or text


def pkce():
    """A PKCE verifier as a device makes it (43 characters of base64url) and its S256 challenge (RFC 7636)."""
    verifier = secrets.token_urlsafe(32)
    challenge = urlsafe_b64encode(sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def sql_literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


def db_query(sql, parameters=(), database=None):
    """Rows of a read-only query on a database this replay's servers use (`?` placeholders); PostgreSQL's through
    psql, its values as text."""
    database = database or DATABASE
    if not database.startswith("postgres"):
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
        try:
            return [tuple(row) for row in connection.execute(sql, parameters)]
        finally:
            connection.close()
    pieces = sql.split("?")
    assert len(pieces) == len(parameters) + 1, sql
    text = pieces[0] + "".join(sql_literal(value) + rest for value, rest in zip(parameters, pieces[1:]))
    out = subprocess.run(["psql", database, "-X", "-v", "ON_ERROR_STOP=1", "-AtF", "\t", "-c", text],
                         capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise RuntimeError(f"psql: {out.stderr.strip()[:300]}")
    return [tuple(line.split("\t")) for line in out.stdout.splitlines() if line]


def db_count(sql, parameters=(), database=None):
    rows = db_query(sql, parameters, database)
    return int(rows[0][0]) if rows and rows[0][0] not in (None, "") else 0


class Helper:
    """A `repofinder serve` this script starts (and stops): its own port, database, environment and log."""

    def __init__(self, name, database, env=None, flags=()):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = ("127.0.0.1", self.port)
        self.log_path = os.path.join(ARTIFACTS, f"attack-3-{ENGINE}-{name}.log")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", str(self.port), "--database", database, *flags],
            stdout=self.log, stderr=subprocess.STDOUT, env=env if env is not None else dict(os.environ))
        helpers.append(self)

    def wait_ready(self, limit=120):
        """Seconds until /health answers 200; None if it exited or did not within `limit`."""
        begin = time.monotonic()
        while time.monotonic() - begin < limit:
            if self.process.poll() is not None:
                return None
            try:
                if request("GET", "/health", timeout=5, server=self.server)[0] == 200:
                    return time.monotonic() - begin
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.2)
        return None

    def output(self):
        with open(self.log_path, "rb") as log:
            return log.read().decode(errors="replace")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if not self.log.closed:
            self.log.close()


def tls_context(alpn=None):
    """A client context for the TLS server: its test certificate trusted (any certificate when none is given)."""
    context = ssl.create_default_context(cafile=CERT) if CERT else ssl._create_unverified_context()
    if alpn:
        context.set_alpn_protocols(alpn)
    return context


def https_request(method, path, source="127.0.0.1", timeout=10, headers=None):
    """One HTTPS request to the TLS server (HTTP/1.1): (status, headers lower-cased, text, seconds)."""
    connection = http.client.HTTPSConnection("127.0.0.1", TLS_PORT, timeout=timeout, source_address=(source, 0),
                                             context=tls_context())
    start = time.perf_counter()
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text, time.perf_counter() - start
    finally:
        connection.close()


def raise_open_files(needed=4096):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard) if hard != resource.RLIM_INFINITY else needed,
                                                    hard))


def open_silent(port, source, count, budget=15.0):
    """`count` TCP connections from `source` that say nothing (each connect within 3 s, all within `budget`):
    (the connected sockets, how many could not connect)."""
    sockets, failed = [], 0
    end = time.monotonic() + budget
    for _ in range(count):
        if time.monotonic() > end:
            failed += 1
            continue
        silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            silent.bind((source, 0))
            silent.settimeout(3)
            silent.connect(("127.0.0.1", port))
            silent.setblocking(False)
            sockets.append(silent)
        except OSError:
            failed += 1
            silent.close()
    return sockets, failed


def peer_closed(silent):
    """Whether the server closed this connection (end of stream or a reset; anything it sent first is read away)."""
    try:
        for _ in range(64):
            if not silent.recv(4096):
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    return False


def watch_closing(sockets, since, limit):
    """Seconds after `since` at which the server closed each connection (None: still open after `limit`)."""
    closed_at = [None] * len(sockets)
    while time.monotonic() - since < limit:
        for index, silent in enumerate(sockets):
            if closed_at[index] is None and peer_closed(silent):
                closed_at[index] = time.monotonic() - since
        if all(moment is not None for moment in closed_at):
            break
        time.sleep(0.05)
    return closed_at


def close_all(sockets):
    for silent in sockets:
        try:
            silent.close()
        except OSError:
            pass


# HTTP/2 (RFC 9113) with HPACK (RFC 7541), just enough to send requests with any method and read each answer's
# status: every header sent as a literal never indexed, a dynamic table of size 0 asked of the server (so its
# answers' heads hold no reference to earlier ones), and each answer's `:status` read from the static table or a
# literal (plain, or Huffman-coded digits).
H2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
H2_DATA, H2_HEADERS, H2_RST_STREAM, H2_SETTINGS, H2_PING, H2_GOAWAY, H2_WINDOW_UPDATE, H2_CONTINUATION = \
    0x0, 0x1, 0x3, 0x4, 0x6, 0x7, 0x8, 0x9
STATIC_STATUS = {8: "200", 9: "204", 10: "206", 11: "304", 12: "400", 13: "404", 14: "500"}
HUFFMAN_DIGITS = {"00000": "0", "00001": "1", "00010": "2", "011001": "3", "011010": "4", "011011": "5",
                  "011100": "6", "011101": "7", "011110": "8", "011111": "9"}


def h2_frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream & 0x7FFFFFFF) + payload


def hpack_int(value, prefix_bits, first=0):
    limit = (1 << prefix_bits) - 1
    if value < limit:
        return bytes([first | value])
    out, value = [first | limit], value - limit
    while value >= 128:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def hpack_read_int(data, position, prefix_bits):
    limit = (1 << prefix_bits) - 1
    value = data[position] & limit
    position += 1
    if value < limit:
        return value, position
    shift = 0
    while True:
        byte = data[position]
        position += 1
        value += (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, position


def hpack_literal(name, value):
    """A header as a literal never indexed, new name, no Huffman coding."""
    name, value = name.encode(), value.encode()
    return b"\x10" + hpack_int(len(name), 7) + name + hpack_int(len(value), 7) + value


def huffman_digits(data):
    """Huffman-coded digits (RFC 7541 Appendix B); None for anything else."""
    out, code = [], ""
    for byte in data:
        for bit in f"{byte:08b}":
            code += bit
            if code in HUFFMAN_DIGITS:
                out.append(HUFFMAN_DIGITS[code])
                code = ""
            elif len(code) > 7:
                return None
    if code and set(code) != {"1"}:
        return None
    return "".join(out)


def h2_status(block):
    """The `:status` of an answer's header block (its first field), or "?"."""
    position = 0
    try:
        while block[position] & 0xE0 == 0x20:  # a dynamic table size update
            _, position = hpack_read_int(block, position, 5)
        first = block[position]
        if first & 0x80:
            index, position = hpack_read_int(block, position, 7)
            return STATIC_STATUS.get(index, "?")
        index, position = hpack_read_int(block, position, 6 if first & 0x40 else 4)
        if index != 8:
            return "?"
        huffman = block[position] & 0x80
        length, position = hpack_read_int(block, position, 7)
        raw = block[position:position + length]
        return (huffman_digits(raw) if huffman else raw.decode()) or "?"
    except (IndexError, UnicodeDecodeError):
        return "?"


class H2Connection:
    """One HTTP/2 connection over TLS to the TLS server, from `source`."""

    def __init__(self, port, source, timeout=10):
        raw = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
        try:
            self.sock = tls_context(["h2", "http/1.1"]).wrap_socket(raw, server_hostname="127.0.0.1")
        except (OSError, ssl.SSLError):
            raw.close()
            raise
        self.protocol = self.sock.selected_alpn_protocol()
        self.sock.settimeout(timeout)
        self.buffer = b""
        self.max_streams = 100
        self.closed = False
        self.next_stream = 1
        self.pending = {}  # stream -> header block so far (no END_HEADERS yet)
        self.statuses = {}  # stream -> status text ("reset" for RST_STREAM)
        self.done = set()
        if self.protocol == "h2":
            settings = struct.pack(">HI", 0x1, 0) + struct.pack(">HI", 0x2, 0) + struct.pack(">HI", 0x4, 2 ** 31 - 1)
            self.sock.sendall(H2_PREFACE + h2_frame(H2_SETTINGS, 0, 0, settings)
                              + h2_frame(H2_WINDOW_UPDATE, 0, 0, struct.pack(">I", 2 ** 31 - 1 - 65535)))

    def send_request(self, method, path, authority):
        stream = self.next_stream
        self.next_stream += 2
        block = b"".join(hpack_literal(name, value) for name, value in (
            (":method", method), (":scheme", "https"), (":path", path), (":authority", authority)))
        self.sock.settimeout(10)
        self.sock.sendall(h2_frame(H2_HEADERS, 0x1 | 0x4, stream, block))  # END_STREAM, END_HEADERS
        return stream

    def read_frames(self, timeout):
        """Reads what arrives within `timeout` and handles its frames; False once the connection has ended."""
        self.sock.settimeout(max(timeout, 0.001))
        try:
            data = self.sock.recv(65536)
        except (socket.timeout, TimeoutError, ssl.SSLWantReadError):
            return not self.closed
        except (OSError, ssl.SSLError):
            self.closed = True
            return False
        if not data:
            self.closed = True
            return False
        self.sock.settimeout(10)  # for the acknowledgements handle() sends
        self.buffer += data
        while len(self.buffer) >= 9:
            length = int.from_bytes(self.buffer[:3], "big")
            if len(self.buffer) < 9 + length:
                break
            kind, flags = self.buffer[3], self.buffer[4]
            stream = int.from_bytes(self.buffer[5:9], "big") & 0x7FFFFFFF
            payload = self.buffer[9:9 + length]
            self.buffer = self.buffer[9 + length:]
            self.handle(kind, flags, stream, payload)
        return not self.closed

    def handle(self, kind, flags, stream, payload):
        if kind == H2_SETTINGS and not flags & 0x1:
            for offset in range(0, len(payload) - 5, 6):
                ident, value = struct.unpack(">HI", payload[offset:offset + 6])
                if ident == 0x3:
                    self.max_streams = value
            self.sock.sendall(h2_frame(H2_SETTINGS, 0x1, 0))
        elif kind == H2_PING and not flags & 0x1:
            self.sock.sendall(h2_frame(H2_PING, 0x1, 0, payload))
        elif kind == H2_GOAWAY:
            self.closed = True
        elif kind in (H2_HEADERS, H2_CONTINUATION):
            if kind == H2_HEADERS:
                if flags & 0x8:  # PADDED
                    payload = payload[1:len(payload) - payload[0]]
                if flags & 0x20:  # PRIORITY
                    payload = payload[5:]
            block = self.pending.pop(stream, b"") + payload
            if flags & 0x4:  # END_HEADERS: the first head is the answer's (trailers come later)
                self.statuses.setdefault(stream, h2_status(block))
            else:
                self.pending[stream] = block
            if kind == H2_HEADERS and flags & 0x1:
                self.done.add(stream)
        elif kind == H2_DATA and flags & 0x1:
            self.done.add(stream)
        elif kind == H2_RST_STREAM:
            self.statuses.setdefault(stream, "reset")
            self.done.add(stream)

    def run(self, methods, path, authority, rate, deadline):
        """Sends one request per method at `rate` a second, at most 32 (or the server's limit) unanswered at once;
        waits for the answers until `deadline`. How many were sent."""
        in_flight, sent, begin = set(), 0, time.monotonic()
        for index, method in enumerate(methods):
            while len(in_flight) >= max(1, min(32, self.max_streams)):
                if time.monotonic() > deadline or not self.read_frames(0.5):
                    return sent
                in_flight -= self.done
            target = begin + index / rate
            while time.monotonic() < target:
                if not self.read_frames(target - time.monotonic()):
                    return sent
                in_flight -= self.done
            if self.closed or time.monotonic() > deadline:
                return sent
            in_flight.add(self.send_request(method, path, authority))
            sent += 1
        while in_flight and time.monotonic() < deadline:
            if not self.read_frames(0.5):
                break
            in_flight -= self.done
        return sent

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Forwarder:
    """A TCP relay on loopback to the stand-in GitHub that can be cut: after close() its port refuses connections,
    as a GitHub the server cannot reach."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.sockets, self.lock, self.open = [], threading.Lock(), True
        self.acceptor = threading.Thread(target=self.accept, daemon=True)
        self.acceptor.start()

    def accept(self):
        while self.open:
            try:
                client, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=10)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, upstream]
            for one, other in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(one, other), daemon=True).start()

    @staticmethod
    def pump(one, other):
        try:
            one.settimeout(300)
            while True:
                data = one.recv(65536)
                if not data:
                    break
                other.sendall(data)
        except OSError:
            pass
        finally:
            try:
                other.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def close(self):
        self.open = False
        self.acceptor.join(2)  # not accepting any more: then the port refuses
        self.listener.close()
        with self.lock:
            for each in self.sockets:
                try:
                    each.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                each.close()


def fresh_database(index, name):
    """A new empty database for a server this script starts: the engine's own for finding 12 on PostgreSQL (made
    by attack-3.sh), else a SQLite file of this script's."""
    if ENGINE == "postgres" and index is not None and index < len(FRESH):
        return FRESH[index]
    return os.path.join(scratch, f"{name}.sqlite")


# 1. The app sign-in.
def app_sign_in():
    callback_path = "/auth/github/callback?"
    # The victim: an account linked to attack-victim by a web sign-in, before anything else.
    victim = ACCOUNTS.new()
    linked, _ = sign_in_web(victim, "attack-victim", "127.0.0.1")
    _, victim_before = account(victim)
    victim_id = victim_before.get("id")

    # A valid challenge is required for an app sign-in.
    attacker = ACCOUNTS.new()
    challenges = []
    for label, extra in (("none", {}), ("'abc'", {"codeChallenge": "abc", "codeChallengeMethod": "S256"}),
                         ("method plain", {"codeChallenge": pkce()[1], "codeChallengeMethod": "plain"})):
        status, _, text, _ = patient("POST", "/v1/me/sign-in/github", token=attacker, source="127.0.0.66",
                                     body=dict({"redirectUri": CALLBACK, "app": True}, **extra))
        challenges.append((label, status, error_code(text)))
    # Held on the first two (the decided contract); `plain` (RFC 7636 allows it, a native app should not use it) is
    # reported only.
    challenge_held = all(status == 400 and code == "invalid_challenge" for _, status, code in challenges[:2])

    # (a) The attacker starts an app sign-in with a challenge of its own; the victim passes the consent page.
    tokens_before = github_tokens("attack-victim")
    attacker_verifier, attacker_challenge = pkce()
    started, _, text, _ = patient("POST", "/v1/me/sign-in/github", token=attacker, source="127.0.0.66",
                                  body={"redirectUri": CALLBACK, "app": True, "codeChallenge": attacker_challenge,
                                        "codeChallengeMethod": "S256"})
    start = parsed(text)
    page_status, page_headers, page, auto, location = 0, {}, "", False, ""
    made_up = no_code = (0, "")
    if started == 200:
        code, state = consent(start["authorizeUrl"], "attack-victim")
        page_status, page_headers, page, _ = request(
            "GET", callback_path + urllib.parse.urlencode({"code": code, "state": state}))
        location = page_headers.get("location", "")
        auto = bool(re.search(r"http-equiv\s*=\s*[\"']?refresh", page, re.I)
                    or "repoverse" in page_headers.get("refresh", "")
                    or re.search(r"location(\.href)?\s*=\s*[\"'`]repoverse|location\.(replace|assign)\(\s*[\"'`]"
                                 r"repoverse", page))
        # The attacker never saw the code: it completes with the state and a code of its own, then with none.
        answer = patient("POST", "/v1/me/sign-in/github/callback", token=attacker, source="127.0.0.66",
                         body={"code": secrets.token_hex(10), "state": state, "codeVerifier": attacker_verifier})
        made_up = (answer[0], error_code(answer[2]))
        answer = patient("POST", "/v1/me/sign-in/github/callback", token=attacker, source="127.0.0.66",
                         body={"state": state, "codeVerifier": attacker_verifier})
        no_code = (answer[0], error_code(answer[2]))
    tokens_after = github_tokens("attack-victim")
    victim_status, victim_after = account(victim)
    attacker_status, attacker_after = account(attacker, source="127.0.0.66")
    held_a = (linked == 200 and started == 200 and page_status == 200 and not location and not auto
              and made_up[0] != 200 and no_code[0] != 200 and tokens_after == tokens_before
              and victim_status == 200 and victim_after.get("id") == victim_id
              and github_login(victim_after) == "attack-victim"
              and github_login(attacker_after) != "attack-victim" and attacker_after.get("id") != victim_id)

    # (b) The victim's own app sign-in (a new phone: anonymous until it signs in) with its own verifier.
    phone = ACCOUNTS.new()
    phone_verifier, phone_challenge = pkce()
    phone_started, _, text, _ = patient("POST", "/v1/me/sign-in/github", token=phone,
                                        body={"redirectUri": CALLBACK, "app": True, "codeChallenge": phone_challenge,
                                              "codeChallengeMethod": "S256"})
    attempts, link_found, joined, joined_login, real = {}, False, None, None, (0, "")
    if phone_started == 200:
        code, state = consent(parsed(text)["authorizeUrl"], "attack-victim")
        phone_page_status, _, phone_page, _ = request(
            "GET", callback_path + urllib.parse.urlencode({"code": code, "state": state}))
        link = re.search(r"repoverse://auth/github/callback\?[^\"'<>\s]*", phone_page)
        caught = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(html.unescape(link.group(0))).query)) if link else {}
        link_found = bool(link) and caught.get("code") == code
        caught_code, caught_state = caught.get("code", code), caught.get("state", state)
        attempts["page"] = (phone_page_status, "link" if link_found else "no link")
        for name, token, body in (
                ("another token", attacker, {"code": caught_code, "state": caught_state,
                                             "codeVerifier": attacker_verifier}),
                ("no verifier", phone, {"code": caught_code, "state": caught_state}),
                ("a wrong verifier", phone, {"code": caught_code, "state": caught_state,
                                             "codeVerifier": pkce()[0]})):
            answer = patient("POST", "/v1/me/sign-in/github/callback", token=token,
                             source="127.0.0.66" if token == attacker else "127.0.0.1", body=body)
            attempts[name] = (answer[0], error_code(answer[2]))
        answer = patient("POST", "/v1/me/sign-in/github/callback", token=phone,
                         body={"code": code, "state": state, "codeVerifier": phone_verifier})
        real = (answer[0], error_code(answer[2]))
        result = parsed(answer[2])
        joined = result.get("account")
        if result.get("token"):
            joined_login = github_login(account(result["token"])[1])
    held_b = (phone_started == 200 and attempts.get("page", (0,))[0] == 200 and link_found
              and attempts.get("another token", (0,))[0] == 400
              and attempts.get("no verifier") == (400, "invalid_verifier")
              and attempts.get("a wrong verifier") == (400, "invalid_verifier")
              and real[0] == 200 and joined == victim_id and joined_login == "attack-victim")

    # (c) A web state with `app.` put in front, in an address the attacker hands the victim.
    web = ACCOUNTS.new()
    web_started, _, text, _ = patient("POST", "/v1/me/sign-in/github", token=web, source="127.0.0.67",
                                      body={"redirectUri": CALLBACK})
    forged_status, forged_location, forged_leak, forged_complete = 0, "", True, (0, "")
    if web_started == 200:
        web_state = parsed(text)["state"]
        code, state = consent(parsed(text)["authorizeUrl"], "attack-bystander", state="app." + web_state)
        forged_status, forged_headers, forged_page, _ = request(
            "GET", callback_path + urllib.parse.urlencode({"code": code, "state": state}))
        forged_location = forged_headers.get("location", "")
        forged_leak = "repoverse:" in forged_page.lower() or "repoverse:" in forged_location.lower()
        answer = patient("POST", "/v1/me/sign-in/github/callback", token=web, source="127.0.0.67",
                         body={"code": secrets.token_hex(10), "state": web_state})
        forged_complete = (answer[0], error_code(answer[2]))
    held_c = web_started == 200 and not forged_leak and not forged_location.lower().startswith("repoverse")

    report(1, "the app sign-in", challenge_held and held_a and held_b and held_c,
           f"app:true without a valid challenge: {'; '.join(f'{label} → {s} {c}' for label, s, c in challenges)}; "
           f"(a) the victim linked by a web sign-in ({linked}); the attacker's app sign-in {started}, the victim's "
           f"browser at the callback: {page_status}{' Location ' + location if location else ', no Location'}"
           f"{', navigates by itself' if auto else ''}, the page "
           f"{'links' if 'repoverse://' in page else 'does not link'}"
           f" to repoverse:; the attacker's completion with a made-up code {made_up[0]} {made_up[1]}, without a code "
           f"{no_code[0]} {no_code[1]}; GitHub tokens of the victim {tokens_before} → {tokens_after}; the victim's "
           f"account {victim_status} {'unchanged' if victim_after.get('id') == victim_id else 'CHANGED'} "
           f"({github_login(victim_after)}), the attacker's {attacker_status} as "
           f"{github_login(attacker_after) or 'nobody on GitHub'}; (b) the victim's phone's own app sign-in "
           f"{phone_started}, the page {attempts.get('page')}: the caught code with "
           + ", ".join(f"{name} → {status} {code}" for name, (status, code) in attempts.items() if name != "page")
           + f"; with the phone's verifier {real[0]} {real[1]} (joined the victim's account: {joined == victim_id}, "
           f"as {joined_login}); (c) a web state with 'app.' in front at the callback: {forged_status}"
           f"{' Location ' + forged_location if forged_location else ''}, 'repoverse:' on the page: {forged_leak}; "
           f"completing the state with a made-up code {forged_complete[0]} {forged_complete[1]}")


# 2. TLS: silent connections before the handshake; SIGTERM with one open.
def tls_handshakes():
    if not TLS_PORT or not TLS_PID:
        report(2, "TLS handshakes", False, "no TLS server was given (ATTACK_TLS_URL, ATTACK_TLS_PID)")
        return
    raise_open_files()
    sockets, failed = open_silent(TLS_PORT, "127.0.0.3", 100)
    opened = time.monotonic()
    health = {}

    def check():
        time.sleep(0.3)
        try:
            status, _, _, seconds = https_request("GET", "/health", timeout=2)
            health.update(status=status, seconds=seconds)
        except (OSError, http.client.HTTPException, ssl.SSLError) as error:
            health.update(status=0, error=type(error).__name__, seconds=time.monotonic() - opened - 0.3)

    checker = threading.Thread(target=check)
    checker.start()
    closed_at = watch_closing(sockets, opened, 20)
    checker.join()
    close_all(sockets)
    health_error = f" {health['error']}" if "error" in health else ""
    refused = failed + sum(1 for moment in closed_at if moment is not None and moment <= 1.0)
    still_after_1s = len(sockets) - sum(1 for moment in closed_at if moment is not None and moment <= 1.0)
    last = max((moment for moment in closed_at if moment is not None), default=None)
    all_closed = all(moment is not None for moment in closed_at)
    held_silent = (refused >= 36 and all_closed and last is not None and last <= 15 and health.get("status") == 200
                   and health.get("seconds", 99) <= 2)

    # SIGTERM with one silent connection open.
    one, one_failed = open_silent(TLS_PORT, "127.0.0.3", 1)
    time.sleep(0.2)
    sent = time.monotonic()
    os.kill(TLS_PID, signal.SIGTERM)
    exited = None
    while time.monotonic() - sent < 25:
        if gone(TLS_PID):
            exited = time.monotonic() - sent
            break
        time.sleep(0.05)
    one_closed = watch_closing(one, sent, 0.1)[0] if one else None
    close_all(one)
    if exited is None:
        os.kill(TLS_PID, signal.SIGKILL)  # the server this replay was given: the shell would otherwise wait forever
    held_term = exited is not None and exited <= 15 and not one_failed
    report(2, "TLS connections before the handshake", held_silent and held_term,
           f"100 silent connections from 127.0.0.3 ({failed} could not connect): {refused} closed within 1 s, "
           f"{still_after_1s} held longer, the last closed after "
           f"{'%.1f s' % last if all_closed and last is not None else 'more than 20 s (still open)'}; meanwhile "
           f"/health over HTTPS from 127.0.0.1: {health.get('status')}{health_error} in "
           f"{health.get('seconds', 0):.2f} s; SIGTERM with one silent connection open: the server "
           f"{'exited after %.1f s' % exited if exited is not None else 'still ran after 25 s (killed)'} (drain 2 s), "
           f"the connection {'closed' if one_closed is not None else 'open'} by then")


# 3. The redirect listener.
def redirect_listener():
    if not REDIRECT_PORT or not TLS_PORT:
        report(3, "the redirect listener", False, "no redirect listener was given (ATTACK_REDIRECT_PORT)")
        return
    raise_open_files()
    server = ("127.0.0.1", REDIRECT_PORT)

    def redirect(host, path="/r/apple/swift?tab=readme"):
        connection = http.client.HTTPConnection(*server, timeout=5)
        try:
            connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
            connection.putheader("Host", host)
            connection.endheaders()
            response = connection.getresponse()
            response.read()
            return response.status, response.getheader("Location") or ""
        except (OSError, http.client.HTTPException) as error:
            return 0, type(error).__name__
        finally:
            connection.close()

    sockets, failed = open_silent(REDIRECT_PORT, "127.0.0.4", 300)
    opened = time.monotonic()
    asked = {}

    def ask():
        time.sleep(0.3)
        asked["localhost"] = redirect(f"localhost:{REDIRECT_PORT}")
        asked["127.0.0.1"] = redirect(f"127.0.0.1:{REDIRECT_PORT}")
        asked["evil.example"] = redirect("evil.example")
        asked["evil.example:443"] = redirect("evil.example:443", "/login")

    asker = threading.Thread(target=ask)
    asker.start()
    closed_at = watch_closing(sockets, opened, 20)
    asker.join()
    close_all(sockets)
    open_after_1s = sum(1 for moment in closed_at if moment is None or moment > 1.0)
    last = max((moment for moment in closed_at if moment is not None), default=None)
    all_closed = all(moment is not None for moment in closed_at)
    expected = f"https://localhost:{TLS_PORT}/r/apple/swift?tab=readme"
    good = asked.get("localhost", (0, ""))
    evil = [asked.get(name, (0, "")) for name in ("evil.example", "evil.example:443")]

    # The total: 300 connections from six addresses (50 each, under the per-address cap), then a request on each.
    spread, spread_failed = [], 0
    for index in range(6):
        more, missed = open_silent(REDIRECT_PORT, f"127.0.0.{5 + index}", 50, budget=5)
        spread += more
        spread_failed += missed
    time.sleep(0.3)
    for each in spread:
        try:
            each.send(f"GET /total HTTP/1.1\r\nHost: localhost:{REDIRECT_PORT}\r\n\r\n".encode())
        except OSError:
            pass
    time.sleep(1.5)
    answered = 0
    for each in spread:
        try:
            if each.recv(4096):
                answered += 1
        except (BlockingIOError, OSError):
            pass
    newcomer = redirect(f"localhost:{REDIRECT_PORT}")
    close_all(spread)
    held = (open_after_1s <= 64 and all_closed and last is not None and last <= 15 and good == (308, expected)
            and all(status == 400 and "evil" not in location.lower() for status, location in evil)
            and answered <= 256)
    report(3, "the redirect listener", held,
           f"300 silent connections from 127.0.0.4 ({failed} could not connect): {open_after_1s} open after 1 s, the "
           f"last closed after {'%.1f s' % last if all_closed and last is not None else 'more than 20 s (still open)'};"
           f" meanwhile Host localhost:PORT → {good[0]} {good[1] or '(no Location)'}, 127.0.0.1:PORT → "
           f"{asked.get('127.0.0.1')}, evil.example → {evil[0][0]} {evil[0][1] or '(no Location)'}, "
           f"evil.example:443 → {evil[1][0]} {evil[1][1] or '(no Location)'}; 300 connections from 6 addresses "
           f"({spread_failed} could not connect): {answered} answered at once (at most 256 in all), a newcomer then "
           f"{newcomer[0]}")


# 4. /metrics series from odd methods over HTTP/2.
def metrics_methods():
    if not TLS_PORT:
        report(4, "/metrics and odd methods", False, "no TLS server was given (ATTACK_TLS_URL)")
        return

    def series():
        status, _, text, _ = https_request("GET", "/metrics", timeout=30)
        lines = {line.split(" ")[0] for line in text.splitlines() if line.startswith("repofinder_http_requests_total{")}
        return status, len(lines), len(text)

    before = series()
    connections, lock, statuses, sent, problems = 8, threading.Lock(), [], [0], []
    protocols = []

    def attack(index):
        methods = [f"X{index * 500 + number:04d}" for number in range(500)]
        deadline = time.monotonic() + 45
        for _ in range(10):  # a connection the server ends (GOAWAY) is followed by another, for what is left
            if not methods or time.monotonic() > deadline:
                return
            try:
                h2 = H2Connection(TLS_PORT, f"127.0.4.{1 + index}")
            except (OSError, ssl.SSLError) as error:
                with lock:
                    problems.append(type(error).__name__)
                return
            try:
                with lock:
                    protocols.append(h2.protocol)
                if h2.protocol != "h2":
                    return
                # 90 a second per address: under the per-address rate limit, so most are answered 405 (the limit's
                # 429s would make series of their own before the fix as well).
                count = h2.run(methods, "/health", f"127.0.0.1:{TLS_PORT}", rate=90, deadline=deadline)
                methods = methods[count:]
                with lock:
                    sent[0] += count
                    statuses.extend(h2.statuses.values())
                    statuses.extend(["unanswered"] * (count - len(h2.statuses)))
            except (OSError, ssl.SSLError) as error:
                with lock:
                    problems.append(type(error).__name__)
                return
            finally:
                h2.close()

    begin = time.monotonic()
    workers = [threading.Thread(target=attack, args=(index,)) for index in range(connections)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    took = time.monotonic() - begin
    after = series()
    growth = after[1] - before[1]
    h2 = bool(protocols) and all(protocol == "h2" for protocol in protocols)
    # "?": a head came back, its status unread.
    answered = sum(1 for status in statuses if status not in ("reset", "unanswered"))
    held = (h2 and sent[0] == 4000 and answered >= 0.9 * 4000 and before[0] == 200 and after[0] == 200
            and growth <= 10)
    report(4, "/metrics and odd methods", held,
           f"{sent[0]} requests with distinct odd methods over "
           f"{'HTTP/2 (TLS, ALPN h2)' if h2 else 'no HTTP/2 (ALPN: ' + ', '.join(map(str, protocols)) + ')'} from "
           f"{connections} addresses in {took:.1f} s: answers {tally(statuses)}"
           f"{', problems ' + str(tally(problems)) if problems else ''}; /metrics {before[0]}→{after[0]}: "
           f"repofinder_http_requests_total series {before[1]} → {after[1]} (+{growth}, held at most +10), "
           f"{before[2] / 1024:.1f} → {after[2] / 1024:.1f} KiB")


# 5. Analytics events: a quota, the contract, the export's memory, the report's size.
def events_quota():
    def event(index, **fields):
        return dict({"id": f"{RUN}-{index}-{uuid.uuid4().hex[:8]}", "name": "screen.view", "at": now_text(),
                     "platform": "web", "label": "home"}, **fields)

    def stored(user):
        return db_count("SELECT COUNT(*) FROM analytics_events WHERE user_id = ?", (user,))

    # Batches of 500 from one token, each event with a label of its own (40 characters: the contract's longest).
    token = ACCOUNTS.new()
    user = account(token)[1].get("id")
    batches = []
    for batch in range(4):
        body = {"events": [event(batch * 500 + number, label=f"x{batch * 500 + number:039d}") for number in range(500)]}
        status, headers, text, _ = request("POST", "/v1/events", token=token, body=body, source="127.0.6.1")
        batches.append((status, parsed(text).get("accepted") if status == 200 else error_code(text),
                        headers.get("retry-after")))
    kept = stored(user)
    held_quota = (len(batches) == 4 and batches[0][:2] == (200, 500) and batches[1][:2] == (200, 500)
                  and batches[2][0] == 429 and batches[2][1] == "events_quota" and bool(batches[2][2])
                  and kept == 1000)

    # What the contract refuses.
    hostile = ACCOUNTS.new()
    hostile_user = account(hostile)[1].get("id")
    cases = {}
    for name, fields in (("a 250,000-character label", {"label": "a" * 250_000}),
                         ("a 3,000-character label", {"label": "b" * 3_000}),
                         ("a 41-character label", {"label": "c" * 41}),
                         ("value Int64.max", {"value": 9223372036854775807}),
                         ("count -5", {"count": -5})):
        status, _, text, _ = patient("POST", "/v1/events", token=hostile, source="127.0.6.2",
                                     body={"events": [event(len(cases), **fields)]})
        cases[name] = (status, error_code(text))
    hostile_kept = stored(hostile_user)
    long_labels = db_count("SELECT COUNT(*) FROM analytics_events WHERE length(label) > 40")
    held_contract = (cases["a 250,000-character label"][0] in (413, 422)
                     and all(status == 422 for name, (status, _) in cases.items() if "250,000" not in name)
                     and hostile_kept == 0 and long_labels == 0)

    # 200,000 events of one account, put in the database directly, then its export four times at once.
    exporter = ACCOUNTS.new()
    exporter_user = account(exporter)[1].get("id") or ""
    assert re.fullmatch(r"[A-Za-z0-9_.:-]+", exporter_user), f"an account id: {exporter_user!r}"
    moment = datetime.now(timezone.utc)
    if ENGINE == "sqlite":
        connection = sqlite3.connect(DATABASE, timeout=60)
        try:
            at, day = moment.strftime("%Y-%m-%dT%H:%M:%S.000Z"), moment.strftime("%Y-%m-%d")
            with connection:
                connection.executemany(
                    "INSERT INTO analytics_events (user_id, client_id, name, platform, at, day, label) "
                    "VALUES (?, ?, 'screen.view', 'web', ?, ?, 'home')",
                    ((exporter_user, f"bulk-{number:06d}", at, day) for number in range(200_000)))
        finally:
            connection.close()
    else:
        db_query("INSERT INTO analytics_events (user_id, client_id, name, platform, at, day, label) "
                 "SELECT ?, 'bulk-' || g, 'screen.view', 'web', date_trunc('second', now()), "
                 "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'home' FROM generate_series(1, 200000) g",
                 (exporter_user,))
    inserted = stored(exporter_user)
    before, anon_before = vm_rss_mb(PID), vm_rss_mb(PID, "RssAnon")
    peak, anon_peak, sampling = [before], [anon_before], [True]

    def sample():
        while sampling[0]:
            peak.append(vm_rss_mb(PID))
            anon_peak.append(vm_rss_mb(PID, "RssAnon"))
            time.sleep(0.05)

    exports = [None] * 4

    def export(index):
        try:
            exports[index] = request("GET", "/v1/me/export", token=exporter, source=f"127.0.6.{3 + index}",
                                     timeout=180)
        except (OSError, http.client.HTTPException) as error:
            exports[index] = (0, {}, type(error).__name__, 0.0)

    sampler = threading.Thread(target=sample)
    sampler.start()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(export, range(4)))
    retried = 0
    for index, answer in enumerate(exports):  # one refused for its account's other exports: fetched after them
        if answer[0] == 429:
            retried += 1
            time.sleep(min(float(answer[1].get("retry-after") or 1), 10))
            export(index)
    sampling[0] = False
    sampler.join()
    growth = max(anon_peak) - anon_before
    whole = []
    for answer in exports:
        document = parsed(answer[2]) if answer[0] == 200 else {}
        whole.append(len(document.get("events") or []) if document else None)
    exports_figures = [(answer[0], round(answer[3], 1), f"{len(answer[2]) / MB:.1f} MB") for answer in exports]
    held_export = all(count is not None and count >= 200_000 for count in whole) and growth <= 150

    status, _, text, _ = request("GET", "/v1/admin/report?since=30d",
                                 headers={"Authorization": f"Bearer {OPERATOR_TOKEN}"}, timeout=120)
    held_report = status == 200 and len(text.encode()) < MB
    report(5, "analytics events", held_quota and held_contract and held_export and held_report,
           f"batches of 500 from one token (a 40-character label each of its own): "
           f"{'; '.join(f'{s} {a}' + (f' Retry-After {r}' if r else '') for s, a, r in batches)} — {kept} stored; "
           + "; ".join(f"{name} {status} {code}" for name, (status, code) in cases.items())
           + f" — {hostile_kept} stored, labels over 40 characters in the database: {long_labels}; "
           f"{inserted:,} events of one account, its export 4 times at once: {exports_figures}"
           f"{f' ({retried} refused at first, fetched after)' if retried else ''}, events in each {whole}, the "
           f"server's RssAnon {anon_before:.0f} → {max(anon_peak):.0f} MB (+{growth:.0f}, held within 150; VmRSS with "
           f"the mapped database {before:.0f} → {max(peak):.0f} MB); the operator report "
           f"(30 days) {status}, {len(text.encode()) / 1024:.1f} KiB")


# 6. `repofinder backup` in a shared sticky folder.
RACER = r"""
import json, os, sys, time
names, stop, limit = sys.argv[1:-2], sys.argv[-2], float(sys.argv[-1])
os.umask(0)
fds, created, end = [], 0, time.monotonic() + limit
while time.monotonic() < end and not os.path.exists(stop):
    for name in names:
        try:
            fds.append(os.open(name, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o666))
            created += 1
        except OSError:
            pass
    time.sleep(0.002)
print(json.dumps({"created": created, "bytes": sum(os.fstat(fd).st_size for fd in fds)}))
"""


def backup_partial():
    source = DATABASE if ENGINE == "sqlite" else TLS_DATABASE
    if os.geteuid() != 0 or not shutil.which("runuser"):
        report(6, "backup in a shared folder", False, "needs root and runuser to act as another local user (nobody)")
        return
    if not source or not os.path.exists(source):
        report(6, "backup in a shared folder", False, f"no SQLite database to back up ({source!r})")
        return
    folder = tempfile.mkdtemp(prefix="attack3-shared-", dir="/tmp")
    os.chmod(folder, 0o1777)
    results, held = [], True
    try:
        for case, patterns in (("DEST.partial", ["{}.partial"]),
                               ("SQLite's side files and others", ["{}.partial-journal", "{}.partial-wal",
                                                                   "{}.partial-shm", "{}-journal", "{}-wal",
                                                                   "{}.tmp"]),
                               ("a racer re-creating them", ["{}.partial", "{}.partial-journal", "{}.partial-wal"])):
            destination = os.path.join(folder, f"copy-{len(results)}.sqlite")
            names = [pattern.format(destination) for pattern in patterns]
            racer, fds, racing = None, {}, case.startswith("a racer")
            stop_file = destination + ".stop"
            if racing:
                racer = subprocess.Popen(["runuser", "-u", "nobody", "--", "/usr/bin/python3", "-c", RACER, *names,
                                          stop_file, "120"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         text=True)
                time.sleep(0.5)
            else:
                script = "umask 000; " + "; ".join(f": > {shlex.quote(name)}; chmod 666 {shlex.quote(name)}"
                                                   for name in names)
                subprocess.run(["runuser", "-u", "nobody", "--", "/bin/sh", "-c", script], timeout=30, check=True)
            for name in names:
                if os.path.exists(name):
                    fds[name] = os.open(name, os.O_RDONLY)
            theirs = {os.fstat(fd).st_ino for fd in fds.values()}
            run = subprocess.run([BINARY, "backup", "--database", source, destination], capture_output=True,
                                 timeout=600)
            written = {os.path.basename(name): os.fstat(fd).st_size for name, fd in fds.items()
                       if os.fstat(fd).st_size > 0}
            raced = {}
            if racer is not None:
                with open(stop_file, "w"):
                    pass
                try:
                    out, _ = racer.communicate(timeout=20)
                    raced = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
                except (subprocess.TimeoutExpired, ValueError):
                    racer.kill()
                    racer.communicate()
                if raced.get("bytes"):
                    written["the racer's files"] = raced["bytes"]
            for fd in fds.values():
                os.close(fd)
            made = None
            if os.path.lexists(destination):
                info = os.lstat(destination)
                made = (stat.S_ISREG(info.st_mode), stat.S_IMODE(info.st_mode), info.st_uid, info.st_ino in theirs)
            made_ok = made is not None and made[0] and made[1] == 0o600 and made[2] == os.geteuid() and not made[3]
            refused = run.returncode != 0 and made is None
            case_held = not written and (made_ok or refused)
            held = held and case_held
            said = (run.stdout + run.stderr).decode(errors="replace").strip().splitlines()
            racer_made = f", the racer created {raced.get('created', 0)}" if racing else ""
            results.append(
                f"{case} ({len(fds)} pre-created by nobody{racer_made}): exit {run.returncode}, "
                + (f"DEST {oct(made[1])} uid {made[2]}{' (their file!)' if made[3] else ''}" if made else "no DEST")
                + f", written into theirs: {written or 'nothing'}"
                + (f" — {said[-1][:120]!r}" if run.returncode != 0 and said else ""))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report(6, "backup in a shared folder", held, "; ".join(results))


# 7. The maintainer dashboard and sockpuppets.
MAINTAINED = {}


def maintained_repository():
    """A repository of the catalog from an area's first page (so browsing the area deals it), whose owner the
    stand-in GitHub will say its maintainers belong to: (owner/name, area)."""
    if not MAINTAINED:
        area = "developer-tools"
        status, _, text, _ = patient("GET", f"/v1/clusters/{area}/repos?limit=10", source="127.0.0.30")
        items = parsed(text).get("items") or []
        assert status == 200 and items, f"GET /v1/clusters/{area}/repos: {status}"
        MAINTAINED.update(name=items[0]["fullName"], area=area)
    return MAINTAINED["name"], MAINTAINED["area"]


def like(token, name, source):
    status, _, text, _ = patient("POST", "/v1/me/interactions", token=token, source=source, body={
        "interactions": [{"id": f"like-{RUN}-{uuid.uuid4().hex[:8]}", "repo": name, "kind": "like",
                          "at": now_text()}]})
    return status


def sockpuppets():
    # The rule (docs/dashboards.md): only accounts at least 7 days old by the window's end count among the likers, and
    # a bucket of likers shows a count only with 5 of them in it. Counts of what was done to the repository (likes a
    # day, in total) describe it, not people, and stay. Held: no bucket shows a count when the only people beside the
    # 4 accounts made today are 2, and 50 browses deal each repository at most once a day.
    name, area = maintained_repository()
    owner, repository = name.split("/")
    set_orgs("attack-maintainer", [owner])
    maintainer = ACCOUNTS.new()
    signed, _ = sign_in_web(maintainer, "attack-maintainer", "127.0.0.70")
    languages = ["Go", "Rust", "Python", "JavaScript", "TypeScript", "Java", "Kotlin", "Swift", "C", "C++", "C#",
                 "Ruby", "PHP", "Scala", "Elixir", "Haskell", "Lua", "Dart", "Shell", "Zig", "OCaml", "R", "Julia",
                 "Perl", "Clojure", "Erlang", "Nim", "Crystal", "F#", "SQL"]
    interests = ["cli", "databases", "web", "devops", "testing", "security", "machine-learning", "data", "mobile",
                 "games", "networking", "observability", "compilers", "editors", "terminal", "productivity",
                 "automation", "api", "frontend", "backend", "cloud", "embedded", "graphics", "audio", "blockchain",
                 "education", "documentation", "performance", "distributed-systems", "open-source"]
    puppets = []
    for index in range(4):
        token = ACCOUNTS.new()
        patient("PUT", "/v1/me/preferences", token=token, source="127.0.0.70", body={
            "techStack": languages, "interests": interests, "experienceLevel": ["beginner", "intermediate",
                                                                                 "advanced", "intermediate"][index],
            "onboardingCompleted": True})
        puppets.append(like(token, name, "127.0.0.70"))
    people = []
    for index, preferences in enumerate(({"techStack": ["Go"], "interests": ["cli"], "experienceLevel": "intermediate"},
                                         {"techStack": ["Rust"], "interests": ["databases"],
                                          "experienceLevel": "advanced"})):
        token = ACCOUNTS.new()
        patient("PUT", "/v1/me/preferences", token=token, source=f"127.0.0.{71 + index}",
                body=dict(preferences, onboardingCompleted=True))
        people.append(like(token, name, f"127.0.0.{71 + index}"))
    status, _, text, _ = patient("GET", f"/v1/me/maintainer/repos/{owner}/{repository}?window=30", token=maintainer,
                                 source="127.0.0.70")
    dashboard = parsed(text)
    likers = dashboard.get("likers") or {}
    counted = [(kind, bucket.get("value"), bucket.get("count")) for kind in ("languages", "interests",
                                                                             "experienceLevels")
               for bucket in likers.get(kind) or [] if bucket.get("count") is not None]
    totals = dashboard.get("totals") or {}
    likes_shown = totals.get("likes")
    days_likes = [day.get("likes") for day in dashboard.get("days") or [] if day.get("likes") is not None]
    days_sum = sum(days_likes) if days_likes else None
    few = likers.get("fewerThanFive", likers.get("people") is None)

    held_dashboard = status == 200 and not counted and few

    # One token browses the repository's area 50 times.
    browser = ACCOUNTS.new()
    browser_user = account(browser)[1].get("id")
    browsed = []
    connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.0.73", 0))
    for _ in range(50):
        try:
            browsed.append(patient("GET", f"/v1/clusters/{area}/repos?limit=20", token=browser,
                                   connection=connection)[0])
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection(HOST, PORT, timeout=30, source_address=("127.0.0.73", 0))
            browsed.append(0)
    connection.close()
    time.sleep(2)  # anything written behind
    per_day = db_query("SELECT repository_id, day, COUNT(*) FROM analytics_events WHERE user_id = ? "
                       "AND name = 'dealt' GROUP BY repository_id, day", (browser_user,))
    most = max((int(row[2]) for row in per_day), default=0)
    target_dealt = db_count(
        "SELECT COUNT(*) FROM analytics_events e JOIN repositories r ON r.id = e.repository_id WHERE e.user_id = ? "
        "AND e.name = 'dealt' AND lower(r.owner_login) = ? AND lower(r.name) = ?",
        (browser_user, owner.lower(), repository.lower()))
    held_dealt = most <= 1
    report(7, "sockpuppets and the maintainer dashboard", signed == 200 and held_dashboard and held_dealt,
           f"{name}, its maintainer signed in ({signed}); 4 anonymous accounts with every value ({tally(puppets)}) "
           f"and 2 people ({tally(people)}) like it; the dashboard {status}: likers people {likers.get('people')}, "
           f"fewerThanFive {likers.get('fewerThanFive')}, buckets with a count {counted or 'none'}, totals.likes "
           f"{likes_shown}, the days' likes {days_sum}; 50 browses of {area} by one token ({tally(browsed)}): "
           f"{target_dealt} dealt events of {name}, at most {most} of one repository a day "
           f"({len(per_day)} repositories)")


# 8. SIGHUP to the plain-HTTP server.
def sighup():
    os.kill(PID, signal.SIGHUP)
    time.sleep(2)
    alive = not gone(PID)
    try:
        status = request("GET", "/health", timeout=5)[0]
    except (OSError, http.client.HTTPException) as error:
        status = type(error).__name__
    report(8, "SIGHUP to a plain-HTTP server", alive and status == 200,
           f"2 s after SIGHUP the server is {'running' if alive else 'GONE'}, /health {status}")


# 9. Device sign-in slots.
def device_slots():
    people = []
    for index in range(100):
        source = f"127.0.1.{1 + index % 13}"
        people.append((source, ACCOUNTS.new(source=source)))
    answers = {}
    begin = time.perf_counter()
    for source, token in people:
        status, _, text, _ = request("POST", "/v1/me/sign-in/github/device", token=token, source=source)
        answers.setdefault(source, []).append(f"{status}{' ' + error_code(text) if status != 201 else ''}")
    took = time.perf_counter() - begin
    newcomer_token = ACCOUNTS.new(source="127.0.2.1")
    status, _, text, _ = request("POST", "/v1/me/sign-in/github/device", token=newcomer_token, source="127.0.2.1")
    _, signing = account(newcomer_token, source="127.0.2.1")
    offered = (signing.get("signIn") or {}).get("available")
    per_address = {source: tally(statuses) for source, statuses in answers.items()}
    most = max((sum(count for label, count in statuses.items() if label == "201")
                for statuses in per_address.values()), default=0)
    report(9, "device sign-in slots", status == 201,
           f"100 anonymous accounts from 13 addresses started device sign-ins in {took:.1f} s: "
           + ", ".join(f"{source.split('.', 2)[2]} {statuses}" for source, statuses in per_address.items())
           + f" (at most {most} started from one address); then a new person from 127.0.2.1: {status}"
           f"{' ' + error_code(text) if status != 201 else ''} (sign-in offered: {offered})")


# 10. Caching headers of /v1 answers.
def caching_headers():
    token = ACCOUNTS.new()
    cases = (("search", "/v1/search?q=react", None), ("search with a token", "/v1/search?q=react", token),
             ("trending", "/v1/trending", None), ("the deck", "/v1/me/feed?limit=5", token),
             ("an error (401)", "/v1/me/feed", None), ("an error (400)", "/v1/search?q=react&perPage=100000", None))
    results = {}
    for name, path, bearer in cases:
        status, headers, _, _ = patient("GET", path, token=bearer, source="127.0.0.80",
                                        headers={"Accept-Language": "de", "Cookie": "lang=es"})
        vary = {part.strip().lower() for part in headers.get("vary", "").split(",") if part.strip()}
        cache = headers.get("cache-control", "").lower()
        varies = "*" in vary or {"authorization", "accept-language", "cookie"} <= vary
        private = any(word in cache for word in ("private", "no-cache", "no-store"))
        results[name] = (status, varies and private, headers.get("vary", ""), headers.get("cache-control", ""))
    report(10, "caching headers of /v1 answers", all(ok for _, ok, _, _ in results.values()),
           "; ".join(f"{name} {status}: Vary {vary or '—'}, Cache-Control {cache or '—'}"
                     for name, (status, _, vary, cache) in results.items()))


# 11. The operator's surfaces: GitHub's address in an error, the 90-day dashboard's cost, a weak OPERATOR_TOKEN.
def operator_surfaces():
    # (a) A server whose GitHub API address stops answering after a person signed in.
    forwarder = Forwarder(GITHUB_PORT)
    environment = dict(os.environ, GITHUB_API_URL=f"http://127.0.0.1:{forwarder.port}")
    unreachable = Helper("unreachable", fresh_database(None, "unreachable"), env=environment)
    ready = unreachable.wait_ready()
    signed, listed, listed_code, leaks, message = 0, 0, "", [], ""
    if ready is not None:
        token = Accounts(unreachable.server, "127.0.8.").new()
        signed, _ = sign_in_web(token, "attack-unreachable", "127.0.8.1", server=unreachable.server,
                                base=unreachable.url)
        forwarder.close()
        listed, _, text, _ = request("GET", "/v1/me/maintainer/repos", token=token, source="127.0.8.1",
                                     server=unreachable.server, timeout=60)
        listed_code, message = error_code(text), parsed(text).get("message", text[:200])
        leaks = [part for part in (f"127.0.0.1:{forwarder.port}", f":{forwarder.port}", str(forwarder.port),
                                   f"127.0.0.1:{GITHUB_PORT}", f":{GITHUB_PORT}") if part in text]
    else:
        forwarder.close()
    unreachable.stop()
    held_a = ready is not None and signed == 200 and listed not in (0, 200) and not leaks

    # (b) The 90-day dashboard against the 7-day one, each from a fresh token of its own.
    name, _ = maintained_repository()
    owner, repository = name.split("/")
    counts = {}
    for window, login, source in ((90, "attack-dash-a", "127.0.5.1"), (7, "attack-dash-b", "127.0.5.2")):
        set_orgs(login, [owner])
        token = ACCOUNTS.new()
        signed_in, _ = sign_in_web(token, login, source)
        connection = http.client.HTTPConnection(HOST, PORT, timeout=60, source_address=(source, 0))
        statuses, refused_at, begin = [], None, time.monotonic()
        for number in range(1, 401):
            if time.monotonic() - begin > 60:
                break
            try:
                status, _, text, _ = request("GET", f"/v1/me/maintainer/repos/{owner}/{repository}?window={window}",
                                             token=token, connection=connection)
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection(HOST, PORT, timeout=60, source_address=(source, 0))
                status, text = 0, ""
            statuses.append(status)
            if status == 429:
                refused_at = (number, error_code(text))
                break
        connection.close()
        counts[window] = (signed_in, refused_at, time.monotonic() - begin, tally(statuses))
    refused90, refused7 = counts[90][1], counts[7][1]
    held_b = (counts[90][0] == 200 and counts[7][0] == 200 and refused90 is not None
              and (refused7 is None or refused90[0] < refused7[0]))

    # (c) OPERATOR_TOKEN=short.
    weak = Helper("weak-operator-token", fresh_database(None, "weak"), env=dict(os.environ, OPERATOR_TOKEN="short"))
    begin, served = time.monotonic(), False
    while time.monotonic() - begin < 60 and weak.process.poll() is None:
        try:
            if request("GET", "/health", timeout=2, server=weak.server)[0] == 200:
                served = True
                break
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.3)
    code = weak.process.poll()
    weak.stop()
    said = weak.output()
    named = "OPERATOR_TOKEN" in said
    reason = next((line.strip() for line in said.splitlines() if "OPERATOR_TOKEN" in line), "")
    held_c = not served and code not in (None, 0) and named

    def when(refused):
        return f"429 {refused[1]} at request {refused[0]}" if refused else "never refused"

    report(11, "the operator's surfaces", held_a and held_b and held_c,
           f"(a) GitHub's API unreachable after sign-in ({signed}): the maintainer list {listed} {listed_code} "
           f"{message[:140]!r}, naming GitHub's address: {leaks or 'no'}; (b) one token's 90-day dashboard "
           f"{when(refused90)} ({counts[90][2]:.1f} s, {counts[90][3]}), another's 7-day one {when(refused7)} "
           f"({counts[7][2]:.1f} s, {counts[7][3]}); (c) serve with OPERATOR_TOKEN=short: "
           + ("served /health" if served else f"exited {code}" if code is not None else "still starting after 60 s")
           + f", {'naming' if named else 'not naming'} OPERATOR_TOKEN{' — ' + repr(reason[:140]) if reason else ''}")


# 12. One person's likes in another's deck.
BACKEND_LIKES = ["cockroachdb/cockroach", "golang-migrate/migrate", "filodb/FiloDB", "nakabonne/tstorage",
                 "iamseth/oracledb_exporter", "pingcap/tidb", "dgraph-io/badger", "boltdb/bolt", "grafana/grafana"]
SCIENTIST_LIKES = ["grafana/grafana", "pandas-dev/pandas", "scikit-learn/scikit-learn", "mwaskom/seaborn",
                   "apache/superset"]
FRONTEND_LIKES = ["facebook/react", "sveltejs/svelte", "vuejs/vue"]


def deck_of_scientist(helper, with_backend):
    """On a fresh server: the people like what they like, the recommender is rebuilt, and the data scientist's first
    60 cards are dealt. (cards as [(owner/name, first reason)], what went wrong or "")."""
    if helper.wait_ready() is None:
        return [], f"the server did not start (log {helper.log_path})"
    accounts = Accounts(helper.server, "127.0.7.")
    people = [("scientist", SCIENTIST_LIKES, {
        "primaryCluster": "data", "secondaryClusters": ["machine-learning"], "techStack": ["Python"],
        "interests": ["data-science", "visualization", "analytics"], "experienceLevel": "intermediate",
        "goals": ["learning-new-tech"], "onboardingCompleted": True}),
        ("frontend", FRONTEND_LIKES, {
            "primaryCluster": "web-frontend", "techStack": ["JavaScript", "TypeScript"],
            "interests": ["ui", "components"], "experienceLevel": "beginner", "onboardingCompleted": True})]
    if with_backend:
        people.append(("backend", BACKEND_LIKES, {
            "primaryCluster": "web-backend", "secondaryClusters": ["data", "devops-cloud"],
            "techStack": ["Go", "SQL"], "interests": ["databases", "distributed-systems", "observability"],
            "experienceLevel": "advanced", "goals": ["building-project"], "onboardingCompleted": True}))
    tokens = {}
    for role, likes, preferences in people:
        token = accounts.new()
        tokens[role] = token
        status = patient("PUT", "/v1/me/preferences", token=token, source="127.0.7.1", body=preferences,
                         server=helper.server)[0]
        if status != 200:
            return [], f"PUT /v1/me/preferences for the {role}: {status}"
        status, _, text, _ = patient("POST", "/v1/me/interactions", token=token, source="127.0.7.1",
                                     server=helper.server, body={"interactions": [
                                         {"id": f"{role}-{index}", "repo": name, "kind": "like", "at": now_text()}
                                         for index, name in enumerate(likes)]})
        if status != 200:
            return [], f"the {role}'s likes: {status} {error_code(text)}"
    # A rebuild after the last like, then none for 6 s (three intervals: one under way while the last likes came in
    # is followed by another with them).
    builds, begin = helper.output().count("recommender built"), time.monotonic()
    while time.monotonic() - begin < 60 and helper.output().count("recommender built") <= builds:
        time.sleep(0.5)
    if helper.output().count("recommender built") <= builds:
        return [], "the recommender was not rebuilt within 60 s"
    while time.monotonic() - begin < 90:
        seen = helper.output().count("recommender built")
        time.sleep(6)
        if helper.output().count("recommender built") == seen:
            break
    cards = []
    for _ in range(3):
        status, _, text, _ = patient("GET", "/v1/me/feed?limit=20", token=tokens["scientist"], source="127.0.7.1",
                                     server=helper.server)
        items = parsed(text).get("items") or []
        cards += [(item["repository"]["fullName"], (item.get("reasons") or [""])[0]) for item in items]
        if status != 200 or not items:
            break
    return cards, ""


def others_likes():
    servers = [Helper("deck-with-backend", fresh_database(0, "deck-with-backend"), flags=["--rebuild-every", "2"]),
               Helper("deck-without-backend", fresh_database(1, "deck-without-backend"),
                      flags=["--rebuild-every", "2"])]
    try:
        with_cards, with_problem = deck_of_scientist(servers[0], True)
        without_cards, without_problem = deck_of_scientist(servers[1], False)
    finally:
        for helper in servers:
            helper.stop()
    theirs = {name.lower() for name in BACKEND_LIKES} - {name.lower() for name in SCIENTIST_LIKES}
    dealt_with = [(name, reason) for name, reason in with_cards if name.lower() in theirs]
    dealt_without = {name.lower() for name, _ in without_cards if name.lower() in theirs}
    brought = [(name, reason) for name, reason in dealt_with if name.lower() not in dealt_without]
    held = (not with_problem and not without_problem and len(with_cards) >= 60 and len(without_cards) >= 60
            and not brought)
    report(12, "one person's likes in another's deck", held,
           (f"could not measure: {with_problem or without_problem}; " if with_problem or without_problem else "")
           + f"the data scientist's first {len(with_cards)} cards with the backend developer on the server: "
           f"{len(dealt_with)} of the backend developer's {len(theirs)} likes "
           f"{[f'{name} ({reason[:60]})' for name, reason in dealt_with] or ''}; without them on the server "
           f"({len(without_cards)} cards): {sorted(dealt_without) or 'none'}; brought in by their likes alone: "
           f"{[name for name, _ in brought] or 'none'}")


def main():
    try:
        replay()
    finally:
        for helper in helpers:
            try:
                helper.stop()
            except Exception:  # stopping what is left must not hide the replay's outcome
                pass
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        print(f"attack3[{ENGINE}]: NOT HELD: {' '.join(failures)}", flush=True)
        sys.exit(1)


def replay():
    # The TLS server's findings first (2 ends it with SIGTERM); SIGHUP to the plain server last.
    steps = [("3", redirect_listener), ("4", metrics_methods), ("2", tls_handshakes), ("10", caching_headers),
             ("1", app_sign_in), ("9", device_slots), ("5", events_quota), ("7", sockpuppets),
             ("11", operator_surfaces), ("6", backup_partial), ("12", others_likes), ("8", sighup)]
    for number, step in steps:
        if wanted(number):
            try:
                step()
            except Exception as error:  # a step that breaks is a finding that is not shown to hold
                report(number, step.__name__.replace("_", " "), False, f"the replay broke: {error!r}")


if __name__ == "__main__":
    main()
