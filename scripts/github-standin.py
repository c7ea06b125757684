#!/usr/bin/env python3
"""A stand-in GitHub for tests: a separate process on loopback that answers the REST requests RepoFinder makes the
way GitHub documents them (https://docs.github.com/rest), with real repository objects from the shared catalog.

Users and their stars are made up at start: `--user LOGIN=COUNT` gives LOGIN COUNT public stars, drawn from
`--catalog` (the shared repos.jsonl.gz, GitHub REST repository objects) in an order fixed by the login, starred an
hour apart, newest now. What it serves, as GitHub does:

- `GET /users/{username}`: the user (404 `{"message": "Not Found", ...}` for an unknown one).
- `GET /users/{username}/starred`: `sort` (created|updated), `direction` (desc|asc), `per_page` (default 30, at most
  100), `page`; with `Accept: application/vnd.github.star+json` each item is `{"starred_at", "repo"}`, otherwise the
  repository itself. `Link` carries `next`, `last`, `first` and `prev` as GitHub writes them; `ETag` is a weak
  validator of the body and `If-None-Match` with it answers 304 (which, as on GitHub, costs no rate limit).
- Every answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Used` and `-Resource: core`; the core limit
  (`--rate-limit`, 60 an hour by default, as for an unauthenticated client) used up answers 403 with
  `X-RateLimit-Remaining: 0` and GitHub's message.

For the tests' own bookkeeping (not GitHub's API): `POST /_standin/users/{login}/stars` with `{"count": N}` stars N
more repositories now (newest first); `GET /_standin/requests` counts the requests answered (`?reset=1` zeroes it).

Prints the port it listens on, then serves until stdin closes.

usage: github-standin.py --catalog repos.jsonl.gz [--user LOGIN=COUNT ...] [--rate-limit N] [--page-delay SECONDS]
"""
import argparse
import gzip
import hashlib
import json
import random
import re
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlencode, urlsplit

DOCS = "https://docs.github.com/rest"
LOGIN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$")


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class World:
    """The users, their stars and the rate limit, behind one lock."""

    def __init__(self, catalog, users, rate_limit):
        self.lock = threading.Lock()
        self.repositories = catalog
        self.users = {}
        self.stars = {}  # login (lowercased) -> [(starred_at, repository index)], newest first
        self.rate_limit = rate_limit
        self.used = 0
        self.reset_at = int(time.time()) + 3600
        self.requests = 0
        self.now = datetime.now(timezone.utc).replace(microsecond=0)
        for login, count in users:
            self.add_user(login, count)

    def add_user(self, login, count):
        digest = hashlib.sha256(login.lower().encode()).digest()
        user_id = 1_000_000 + int.from_bytes(digest[:4], "big") % 90_000_000
        self.users[login.lower()] = {
            "login": login, "id": user_id, "node_id": "U_standin%d" % user_id,
            "avatar_url": "https://avatars.githubusercontent.com/u/%d?v=4" % user_id,
            "gravatar_id": "", "url": "https://api.github.com/users/" + login,
            "html_url": "https://github.com/" + login, "type": "User", "site_admin": False,
            "name": None, "company": None, "blog": "", "location": None, "email": None, "hireable": None,
            "bio": None, "public_repos": 0, "public_gists": 0, "followers": 0,
            "following": 0, "created_at": "2015-01-01T00:00:00Z", "updated_at": iso(self.now),
        }
        order = list(range(len(self.repositories)))
        random.Random(digest).shuffle(order)
        self.stars[login.lower()] = [
            (self.now - timedelta(hours=position), index) for position, index in enumerate(order[:count])]

    def star_more(self, login, count):
        stars = self.stars[login.lower()]
        starred = {index for _, index in stars}
        fresh = [index for index in range(len(self.repositories)) if index not in starred][:count]
        newest = max((moment for moment, _ in stars), default=self.now)
        self.stars[login.lower()] = [
            (newest + timedelta(minutes=len(fresh) - position), index) for position, index in enumerate(fresh)] + stars
        return len(fresh)

    def charge(self):
        """Counts one request against the core limit; False when it is used up."""
        if time.time() >= self.reset_at:
            self.used, self.reset_at = 0, int(time.time()) + 3600
        if self.used >= self.rate_limit:
            return False
        self.used += 1
        return True

    def limit_headers(self):
        return {
            "X-RateLimit-Limit": str(self.rate_limit), "X-RateLimit-Remaining": str(self.rate_limit - self.used),
            "X-RateLimit-Reset": str(self.reset_at), "X-RateLimit-Used": str(self.used),
            "X-RateLimit-Resource": "core",
        }


class Handler(BaseHTTPRequestHandler):
    world = None
    page_delay = 0.0
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        parts = urlsplit(self.path)
        query = dict(parse_qsl(parts.query))
        path = parts.path.rstrip("/") or "/"
        if path.startswith("/_standin/"):
            return self.bookkeeping(method, path, query)
        world = self.world
        with world.lock:
            world.requests += 1
            match = re.fullmatch(r"/users/([^/]+)(/starred)?", path)
            if method != "GET" or not match:
                return self.error(404, "Not Found", "")
            user = world.users.get(match.group(1).lower())
            if match.group(2):
                if self.page_delay:
                    world.lock.release()
                    try:
                        time.sleep(self.page_delay)  # a slow GitHub, without holding up other requests
                    finally:
                        world.lock.acquire()
                return self.starred(user, parts.path, query)
            if not world.charge():
                return self.limited()
            if user is None:
                return self.error(404, "Not Found", "/users/users#get-a-user", world.limit_headers())
            return self.json(200, user, world.limit_headers())

    def starred(self, user, path, query):
        world = self.world
        try:
            per_page = min(max(int(query.get("per_page", "30")), 1), 100)
            page = max(int(query.get("page", "1")), 1)
        except ValueError:
            return self.error(422, "Validation Failed", "/activity/starring#list-repositories-starred-by-a-user")
        if user is None:
            if not world.charge():
                return self.limited()
            return self.error(404, "Not Found", "/activity/starring#list-repositories-starred-by-a-user",
                              world.limit_headers())
        stars = world.stars[user["login"].lower()]
        if query.get("sort") == "updated":
            stars = sorted(stars, key=lambda star: world.repositories[star[1]].get("updated_at") or "", reverse=True)
        if query.get("direction") == "asc":
            stars = list(reversed(stars))
        chosen = stars[(page - 1) * per_page: page * per_page]
        wants_star = "application/vnd.github.star+json" in (self.headers.get("Accept") or "")
        items = [
            {"starred_at": iso(moment), "repo": world.repositories[index]} if wants_star
            else world.repositories[index]
            for moment, index in chosen]
        body = json.dumps(items).encode()
        etag = 'W/"%s"' % hashlib.md5(body).hexdigest()
        if self.headers.get("If-None-Match") == etag:
            # A conditional request answered 304 does not count against the limit.
            return self.send(304, dict(world.limit_headers(), ETag=etag), b"")
        if not world.charge():
            return self.limited()
        headers = dict(world.limit_headers(), ETag=etag)
        last = max(1, -(-len(stars) // per_page))
        links = []
        here = "http://%s:%d%s" % (self.server.server_address[0], self.server.server_address[1], path)

        def address(number):
            return here + "?" + urlencode(dict(query, page=str(number)))

        if page < last:
            links += ['<%s>; rel="next"' % address(page + 1), '<%s>; rel="last"' % address(last)]
        if page > 1:
            links += ['<%s>; rel="prev"' % address(page - 1), '<%s>; rel="first"' % address(1)]
        if links:
            headers["Link"] = ", ".join(links)
        return self.send(200, headers, body, "application/json; charset=utf-8")

    def bookkeeping(self, method, path, query):
        world = self.world
        with world.lock:
            if method == "GET" and path == "/_standin/requests":
                count = world.requests
                if query.get("reset"):
                    world.requests = 0
                return self.json(200, {"requests": count})
            match = re.fullmatch(r"/_standin/users/([^/]+)/stars", path)
            if method == "POST" and match and match.group(1).lower() in world.users:
                length = int(self.headers.get("Content-Length") or 0)
                count = int(json.loads(self.rfile.read(length) or b"{}").get("count", 1))
                return self.json(200, {"starred": world.star_more(match.group(1), count)})
            return self.error(404, "Not Found", "")

    def limited(self):
        return self.json(403, {
            "message": "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get "
                       "a higher rate limit. Check out the documentation for more details.)",
            "documentation_url": DOCS + "/overview/resources-in-the-rest-api#rate-limiting",
        }, self.world.limit_headers())

    def error(self, status, message, docs, headers=None):
        return self.json(status, {"message": message, "documentation_url": DOCS + docs, "status": str(status)},
                         headers or {})

    def json(self, status, value, headers=None):
        return self.send(status, headers or {}, json.dumps(value).encode(), "application/json; charset=utf-8")

    def send(self, status, headers, body, content_type=None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def load_catalog(path, needed):
    repositories = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            repositories.append(json.loads(line))
            if len(repositories) >= needed:
                break
    return repositories


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--user", action="append", default=[], help="LOGIN=COUNT")
    parser.add_argument("--rate-limit", type=int, default=60)
    parser.add_argument("--page-delay", type=float, default=0.0, help="seconds before each star page is answered")
    arguments = parser.parse_args()
    users = []
    for spec in arguments.user:
        login, _, count = spec.partition("=")
        if not LOGIN.match(login):
            parser.error("not a GitHub login: " + login)
        users.append((login, int(count or "0")))
    # Enough repositories for the largest star list and for stars added later.
    needed = max([count for _, count in users] + [0]) + 2_000
    Handler.world = World(load_catalog(arguments.catalog, needed), users, arguments.rate_limit)
    Handler.page_delay = arguments.page_delay
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # the test closes stdin (or exits) to stop the server


if __name__ == "__main__":
    main()
