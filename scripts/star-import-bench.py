#!/usr/bin/env python3
"""Times importing a GitHub user's stars end to end: the stand-in GitHub (scripts/github-standin.py) with one user of
--stars public stars, a real `repofinder serve` (a release build by default) on a fresh database pointed at it
(GITHUB_API_URL), and the API: POST /v1/me/imports/github-stars, then GET /v1/me/imports/{id} until it is done.
For each of --runs fresh servers (each on a new SQLite file) it reports the first import's time and the GitHub requests it made, then a second
import of the same login into the same account (which should read only what is new: nothing).

With --postgres URL each run uses a new schema of that database (dropped afterwards with psql) instead of a SQLite
file; the server loads the starter catalog into it first, which is not timed.

usage: scripts/star-import-bench.py [--binary PATH] [--stars N] [--runs N] [--postgres URL]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOG = os.path.join(ROOT, "..", "shared", "data", "catalog", "repos.jsonl.gz")


def call(method, url, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def start_standin(stars):
    process = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "scripts", "github-standin.py"), "--catalog", CATALOG,
         "--rate-limit", "5000", "--user", "bench-stars=%d" % stars],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return process, "http://127.0.0.1:%s" % process.stdout.readline().strip()


def start_server(binary, database, github, log):
    environment = dict(os.environ, GITHUB_API_URL=github)
    environment.pop("GITHUB_TOKEN", None)
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--database", database, "--token-rate", "0", "--address-rate", "0",
         "--account-rate", "0"], stdout=log, stderr=subprocess.STDOUT, env=environment)
    for _ in range(600):
        time.sleep(0.2)
        with open(log.name) as handle:
            match = re.search(r"listening on 127\.0\.0\.1:(\d+)", handle.read())
        if match:
            return process, "http://127.0.0.1:" + match.group(1)
        if process.poll() is not None:
            sys.exit("the server exited:\n" + open(log.name).read()[-2000:])
    sys.exit("the server did not start")


def requests_made(github, reset=False):
    with urllib.request.urlopen(github + "/_standin/requests" + ("?reset=1" if reset else "")) as response:
        return json.loads(response.read())["requests"]


def run_import(server, token):
    started = time.monotonic()
    status, body = call("POST", server + "/v1/me/imports/github-stars", token, {"login": "bench-stars"})
    if status != 202:
        sys.exit("the import did not start: %s %s" % (status, body))
    location = server + "/v1/me/imports/" + body["id"]
    while body["state"] == "running":
        time.sleep(0.02)
        _, body = call("GET", location, token)
    return time.monotonic() - started, body


def one_run(binary, stars, postgres, number):
    standin, github = start_standin(stars)
    schema = "star_bench_%d_%d" % (os.getpid(), number)
    with tempfile.TemporaryDirectory() as work, open(os.path.join(work, "server.log"), "w") as log:
        database = (postgres + ("&" if "?" in postgres else "?") + "schema=" + schema) if postgres \
            else os.path.join(work, "bench.sqlite")
        server_process, server = start_server(binary, database, github, log)
        try:
            _, account = call("POST", server + "/v1/users")
            token = account["token"]
            requests_made(github, reset=True)
            first_time, first = run_import(server, token)
            first_requests = requests_made(github, reset=True)
            second_time, second = run_import(server, token)
            second_requests = requests_made(github)
        finally:
            server_process.terminate()
            server_process.wait()
            standin.stdin.close()
            standin.wait()
            if postgres:
                subprocess.run(["psql", postgres, "-qc", "DROP SCHEMA IF EXISTS %s CASCADE" % schema], check=False,
                               env=dict(os.environ, PGOPTIONS="--client-min-messages=warning"))
    for outcome in (first, second):
        if outcome["state"] != "done":
            sys.exit("the import failed: %s" % outcome)
    return {
        "first_seconds": first_time, "first_requests": first_requests, "read": first["read"],
        "imported": first["imported"], "added": first["added"], "pages": first["pagesRead"],
        "second_seconds": second_time, "second_requests": second_requests, "second_imported": second["imported"],
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build-release", "release", "repofinder"))
    parser.add_argument("--stars", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--postgres", help="a postgres:// URL: each run on a new schema of that database")
    arguments = parser.parse_args()
    runs = [one_run(arguments.binary, arguments.stars, arguments.postgres, number)
            for number in range(arguments.runs)]
    for number, run in enumerate(runs, 1):
        print("run %d: first import %.2f s, %d GitHub requests, read %d, imported %d, added %d to the catalog, "
              "%d pages; second import %.3f s, %d GitHub requests, imported %d"
              % (number, run["first_seconds"], run["first_requests"], run["read"], run["imported"], run["added"],
                 run["pages"], run["second_seconds"], run["second_requests"], run["second_imported"]))
    print("median first import: %.2f s for %d stars (%d runs, %s)"
          % (statistics.median(run["first_seconds"] for run in runs), arguments.stars, len(runs),
             "PostgreSQL" if arguments.postgres else "SQLite file"))


if __name__ == "__main__":
    main()
