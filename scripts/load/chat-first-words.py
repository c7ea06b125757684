#!/usr/bin/env python3
"""Time to the first streamed words of Ask answers, and to the whole answer, under load: CONNECTIONS clients (threads,
each with its own keep-alive connection) ask in their own threads for SECONDS, reading each answer's server-sent
events as they arrive. Prints requests, p50/p90/p99 of the first `text` event and of `done`, and failures by kind.

Usage: chat-first-words.py URL TOKENS_FILE SECONDS CONNECTIONS   (TOKENS_FILE: lines of "token thread-id")"""

import http.client
import json
import sys
import threading
from collections import Counter
import time
from urllib.parse import urlparse

QUESTIONS = [
    "a lightweight web framework for Swift", "something like ripgrep but for JSON",
    "what is trending in Rust this week", "compare vapor and kitura",
    "beginner-friendly Python projects with open issues", "a terminal file manager", "and for Go?",
    "tell me about ripgrep", "a kubernetes dashboard", "alternatives to postman", "react vs vue",
]


def worker(url, people, seconds, offset, first, whole, failures, lock):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    deadline = time.time() + seconds
    n = offset
    while time.time() < deadline:
        token, thread = people[n % len(people)]
        body = json.dumps({"text": QUESTIONS[n % len(QUESTIONS)]})
        n += 7
        started = time.perf_counter()
        try:
            connection.request("POST", f"/v1/me/threads/{thread}/messages", body=body, headers={
                "Authorization": f"Bearer {token}", "Content-Type": "application/json",
                "Accept": "text/event-stream"})
            response = connection.getresponse()
            if response.status != 200:
                response.read()
                with lock:
                    failures.append(response.status)
                continue
            first_at = None
            done_at = None
            while True:
                line = response.readline()
                if not line:
                    break
                if first_at is None and line.startswith(b"event: text"):
                    first_at = time.perf_counter()
                if line.startswith(b"event: done"):
                    done_at = time.perf_counter()
            with lock:
                if first_at is not None:
                    first.append((first_at - started) * 1000)
                if done_at is not None:
                    whole.append((done_at - started) * 1000)
                else:
                    failures.append("no done")
        except Exception as error:  # a dropped connection: count it, reconnect
            with lock:
                failures.append(type(error).__name__)
            connection.close()
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] if ordered else float("nan")


def main():
    url = urlparse(sys.argv[1])
    people = [tuple(line.split()) for line in open(sys.argv[2]) if line.strip()]
    seconds, connections = float(sys.argv[3]), int(sys.argv[4])
    first, whole, failures, lock = [], [], [], threading.Lock()
    workers = [threading.Thread(target=worker, args=(url, people, seconds, i, first, whole, failures, lock))
               for i in range(connections)]
    for each in workers:
        each.start()
    for each in workers:
        each.join()
    print(f"RESULT requests={len(whole)} rps={len(whole) / seconds:.0f} "
          f"first_words_p50_ms={percentile(first, 50):.2f} first_words_p90_ms={percentile(first, 90):.2f} "
          f"first_words_p99_ms={percentile(first, 99):.2f} whole_p50_ms={percentile(whole, 50):.2f} "
          f"whole_p99_ms={percentile(whole, 99):.2f} failures={len(failures)}"
          + (f" ({', '.join(f'{kind}: {count}' for kind, count in Counter(failures).most_common())})" if failures else ""))


if __name__ == "__main__":
    main()
