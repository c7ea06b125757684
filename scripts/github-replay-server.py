#!/usr/bin/env python3
"""Serves the recorded github3.py responses (../shared/data/github-api/github3py) over HTTP on loopback.

Used by tests to drive the live AsyncHTTPClient transport and `repofinder sync` end to end without GitHub.
A request is answered with the recording of the same method and path whose query shares the most items with it
(search recordings carry their own q); `Location` and `Link` point back at this server; `If-None-Match` equal to the recorded ETag gets a 304, as GitHub answers.
`GET /slow?seconds=N` answers after N seconds (for timeouts). Prints the port it listens on, then serves until
killed or until stdin closes.

usage: github-replay-server.py GITHUB_API_DIR
"""
import glob
import gzip
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

SKIPPED_HEADERS = {"transfer-encoding", "content-encoding", "content-length", "connection", "status"}


def load(directory):
    routes = {}
    for path in sorted(glob.glob(os.path.join(directory, "github3py", "*.json.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for entry in json.load(handle):
                parts = urlsplit(entry["uri"])
                key = (entry["method"].upper(), parts.path)
                body = b"" if entry.get("body_json") is None else json.dumps(entry["body_json"]).encode()
                routes.setdefault(key, []).append(
                    (set(parse_qsl(parts.query)), entry["status"], entry.get("response_headers") or {}, body))
    return routes


class Handler(BaseHTTPRequestHandler):
    routes = {}
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self):
        parts = urlsplit(self.path)
        query = set(parse_qsl(parts.query))
        if parts.path == "/slow":
            time.sleep(float(dict(query).get("seconds", "5")))
            return self.send(200, {"Content-Type": "application/json"}, b"{}")
        candidates = self.routes.get((self.command, parts.path), [])
        if not candidates:
            return self.send(404, {"Content-Type": "application/json"}, b'{"message":"Not Found"}')
        recorded, status, headers, body = max(candidates, key=lambda c: len(c[0] & query))
        etag = next((v for k, v in headers.items() if k.lower() == "etag"), None)
        if etag is not None and self.headers.get("If-None-Match") == etag:
            return self.send(304, headers, b"")
        return self.send(status, headers, body)

    def send(self, status, headers, body):
        self.send_response(status)
        here = "http://%s:%d" % self.server.server_address
        for name, value in headers.items():
            if name.lower() not in SKIPPED_HEADERS:
                value = value if isinstance(value, str) else ", ".join(value)
                if name.lower() in ("location", "link"):  # keep redirects and pages on this server
                    value = value.replace("https://api.github.com", here)
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer


def main():
    Handler.routes = load(sys.argv[1])
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # the test closes stdin (or exits) to stop the server


if __name__ == "__main__":
    main()
