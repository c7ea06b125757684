#!/usr/bin/env python3
"""Home's first visit of the day, one person at a time (no load): makes PEOPLE accounts with varied preferences on a
running server, then asks each one's Home once (which deals and keeps today's pick) and again (which reads it back),
and prints the median and p99 of both. Usage: scripts/home-first-visit.py URL [PEOPLE]"""
import json
import statistics
import sys
import time
import urllib.request

url = sys.argv[1].rstrip("/")
people = int(sys.argv[2]) if len(sys.argv) > 2 else 200
stacks = [["Swift"], ["Python"], ["Rust"], ["TypeScript"], ["Go"], ["Kotlin"]]


def call(method, path, token=None, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


tokens = []
for i in range(people):
    token = call("POST", "/v1/users")["token"]
    call("PUT", "/v1/me/preferences", token, {"techStack": stacks[i % len(stacks)]})
    call("GET", "/v1/me/feed?limit=20", token)  # a session that has dealt, as after some swiping
    tokens.append(token)


def timed(token):
    start = time.perf_counter()
    call("GET", "/v1/me/home?timeZone=Europe%2FLisbon", token)
    return (time.perf_counter() - start) * 1000


first = [timed(token) for token in tokens]
later = [timed(token) for token in tokens]


def p99(values):
    return sorted(values)[max(0, int(len(values) * 0.99) - 1)]


print(f"home first visit of the day (deals and keeps the pick): median {statistics.median(first):.2f} ms, "
      f"p99 {p99(first):.2f} ms; later visits: median {statistics.median(later):.2f} ms, p99 {p99(later):.2f} ms "
      f"({people} people, one request at a time, over HTTP from Python)")
