#!/usr/bin/env python3
"""A stand-in GitHub for tests: a separate process on loopback that answers the REST requests RepoFinder makes the
way GitHub documents them (https://docs.github.com/rest), with real repository objects from the shared catalog.

Users and their stars are made up at start: `--user LOGIN=COUNT` gives LOGIN COUNT public stars, drawn from
`--catalog` (the shared repos.jsonl.gz, GitHub REST repository objects) in an order fixed by the login, starred an
hour apart, newest now. What it serves, as GitHub does:

- `GET /users/{username}`: the user (404 `{"message": "Not Found", ...}` for an unknown one).
- `GET /users/{username}/starred`: `sort` (created|updated), `direction` (desc|asc), `per_page` (default 30, at most
  100), `page`; with `Accept: application/vnd.github.star+json` each item is `{"starred_at", "repo"}`, otherwise the
  repository itself. `Link` carries `next`, `last`, `first` and `prev` as GitHub writes them; `POST /_standin/scopes` with `{"login", "scope"}` changes the scopes of that person's tokens (as if they
authorized the app again); `ETag` is a weak
  validator of the body and `If-None-Match` with it answers 304 (which, as on GitHub, costs no rate limit).
- Every answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Used` and `-Resource: core`; the core limit
  (`--rate-limit`, 60 an hour by default, as for an unauthenticated client) used up answers 403 with
  `X-RateLimit-Remaining: 0` and GitHub's message. As on GitHub, each token has a limit of its own (requests
  without a token share one): a person's token does not spend the server's.

Signing in, as GitHub documents it for OAuth apps (https://docs.github.com/apps/oauth-apps), for the one app
`--client-id` / `--client-secret`:

- `GET /login/oauth/authorize` (client_id, redirect_uri, scope, state, code_challenge + S256): a consent page (who
  signs in: `login`, or a field); Authorize redirects to `redirect_uri?code=…&state=…`, Cancel to
  `redirect_uri?error=access_denied&…&state=…`. `POST /login/oauth/access_token` exchanges a code once (10 minutes;
  the PKCE verifier must match; a replayed or unknown code is `bad_verification_code`, another redirect_uri
  `redirect_uri_mismatch`, a wrong secret `incorrect_client_credentials`; OAuth errors answer 200 with `error`).
- The device flow: `POST /login/device/code` → device_code, user_code, verification_uri, expires_in, interval
  (`--device-interval`, `--device-expires`); polling the token endpoint with the device grant answers
  `authorization_pending`, `slow_down` (+5 s on the interval, when polled sooner than it), `expired_token`,
  `access_denied`, `incorrect_device_code`, `unsupported_grant_type`, or the token. `GET /login/device` is the page
  where a person types the code.
- With a token (`Authorization: Bearer` or `token`): `GET /user`; `GET /user/orgs` (the organisations the person
  belongs to, `per_page` and `page`, with a `Link` header); `PUT`, `DELETE` and `GET /user/starred/{owner}/{repo}`
  (204, or 404 when not starred; writes need the `public_repo` or `repo` scope). `DELETE
  /applications/{client_id}/grant` (the app's Basic credentials, `{"access_token"}`) revokes every token of that
  person for the app.

Files, as the contents API serves them (https://docs.github.com/rest/repos/contents), for the lists of `--lists DIR`
(a folder laid out like `../shared/data/awesome`: `lists.tsv` with `repo`, `file` and `copy` columns):
`GET /repos/{owner}/{repo}/readme` (a list kept in its README) and `GET /repos/{owner}/{repo}/contents/{path}`. With
`Accept: application/vnd.github.raw+json` (or `.raw`, `.v3.raw`) the answer is the file's bytes; otherwise the JSON
object GitHub sends (`name`, `path`, `sha` as git's blob id, `size`, the addresses, `content` in base64 lines of 60,
`encoding`, `_links`). A weak `ETag` per body; `If-None-Match` with it answers 304, costing no rate limit. Any other
file is 404. `POST /_standin/lists` with `{"list": "owner/repo[/path]", "text": "..."}` changes a list's file (a
curator's commit).

For the tests' own bookkeeping (not GitHub's API): `POST /_standin/device` with `{"user_code", "login", "action":
"approve"|"deny"|"expire"}` acts on a device code as the person would; `GET /_standin/users/{login}/starred-names`
lists what they starred; `GET /_standin/grants` counts each person's live tokens and `GET /_standin/tokens` lists
them; `POST /_standin/scopes` with `{"login", "scope"}` changes the scopes of that person's tokens (as if they
authorized the app again); `POST /_standin/users/{login}/orgs` with `{"orgs": [login, ...]}` sets the organisations
a person belongs to; `POST /_standin/users/{login}/stars` with `{"count": N}` stars N
more repositories now (newest first); `GET /_standin/requests` counts the requests answered (`requests`, and by
path in `paths`; `?reset=1` zeroes both) and the core limit spent in this hour by requests without a token
(`withoutToken`: `limit`, `used`).

Prints the port it listens on, then serves until stdin closes.

usage: github-standin.py --catalog repos.jsonl.gz [--user LOGIN=COUNT ...] [--rate-limit N] [--page-delay SECONDS]
       [--client-id ID] [--client-secret SECRET] [--device-interval SECONDS] [--device-expires SECONDS]
       [--lists DIR]
"""
import argparse
import base64
import gzip
import html
import secrets
import hashlib
import json
import random
import re
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

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
        self.orgs = {}  # login (lowercased) -> [organisation login]
        self.rate_limit = rate_limit
        # GitHub counts each token's requests apart (and unauthenticated ones by address): used and reset by caller,
        # the caller being the request's Authorization header ("" without one), set as each request takes the lock.
        self.used_by, self.reset_by = {}, {}
        self.caller = ""
        self.requests = 0
        self.paths = {}  # requests answered by path (GET /_standin/requests)
        self.files = {}  # (owner/repo lowercased, path or None for the README) -> {"name", "path", "text": bytes}
        self.now = datetime.now(timezone.utc).replace(microsecond=0)
        # Repositories by name and id; old names of renamed ones; deleted ones.
        self.by_name, self.by_id, self.renamed, self.deleted = {}, {}, {}, set()
        for index, repository in enumerate(catalog):
            repository.setdefault("id", 1_000_000_000 + index)
            self.by_name[repository["full_name"].lower()] = index
            self.by_id[repository["id"]] = index
        self.search_limit, self.search_used, self.search_reset = 30, 0, int(time.time()) + 60
        self.graphql_limit, self.graphql_used, self.graphql_reset = 5000, 0, int(time.time()) + 3600
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

    def add_repository(self, repository):
        self.repositories.append(repository)
        self.by_name[repository["full_name"].lower()] = len(self.repositories) - 1
        self.by_id[repository["id"]] = len(self.repositories) - 1

    def star_more(self, login, count):
        stars = self.stars[login.lower()]
        starred = {index for _, index in stars}
        fresh = [index for index in range(len(self.repositories)) if index not in starred][:count]
        newest = max((moment for moment, _ in stars), default=self.now)
        self.stars[login.lower()] = [
            (newest + timedelta(minutes=len(fresh) - position), index) for position, index in enumerate(fresh)] + stars
        return len(fresh)

    @property
    def used(self):
        """The current caller's requests in its hour."""
        if time.time() >= self.reset_by.get(self.caller, 0):
            self.used_by[self.caller], self.reset_by[self.caller] = 0, int(time.time()) + 3600
        return self.used_by[self.caller]

    @used.setter
    def used(self, value):
        self.used_by[self.caller] = value

    @property
    def reset_at(self):
        self.used  # starts the caller's hour if it has none
        return self.reset_by[self.caller]

    def charge(self):
        """Counts one request against the current caller's core limit; False when it is used up."""
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
    # Headers and body go out in separate writes: with Nagle's algorithm on, a kept-alive client's delayed ACK held
    # every answer back 40 ms (GitHub has no such stall), so replies are sent at once.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def do_PUT(self):
        self.route("PUT")

    def do_DELETE(self):
        self.route("DELETE")

    def route(self, method):
        parts = urlsplit(self.path)
        query = dict(parse_qsl(parts.query))
        path = parts.path.rstrip("/") or "/"
        if path.startswith("/_standin/"):
            return self.bookkeeping(method, path, query)
        world = self.world
        with world.lock:
            world.requests += 1
            world.paths[path] = world.paths.get(path, 0) + 1
            world.caller = self.headers.get("Authorization") or ""
            if path.startswith("/login/"):
                return OAuth(self).route(method, path, query)
            if path == "/user" or path.startswith("/user/") or path.startswith("/applications/"):
                return OAuth(self).personal(method, path)
            if path == "/graphql" or path.startswith(("/repos/", "/repositories/", "/search/repositories")):
                return Repos(self).route(method, path, query)
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
                        world.caller = self.headers.get("Authorization") or ""
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
            if path in ("/_standin/device", "/_standin/grants", "/_standin/tokens", "/_standin/scopes") \
                    or path.endswith("/starred-names"):
                return OAuth(self).bookkeeping(method, path)
            if method == "POST" and path.startswith("/_standin/repos"):
                return Repos(self).bookkeeping(method, path)
            if method == "POST" and path == "/_standin/lists":
                return Files(self).change(self.read_body())
            if method == "GET" and path == "/_standin/requests":
                count, paths = world.requests, dict(world.paths)
                caller, world.caller = world.caller, ""
                anonymous = {"limit": world.rate_limit, "used": world.used}  # the hour of requests without a token
                world.caller = caller
                if query.get("reset"):
                    world.requests, world.paths = 0, {}
                return self.json(200, {"requests": count, "paths": paths, "withoutToken": anonymous})
            match = re.fullmatch(r"/_standin/users/([^/]+)/orgs", path)
            if method == "POST" and match and match.group(1).lower() in world.users:
                length = int(self.headers.get("Content-Length") or 0)
                orgs = [str(org) for org in json.loads(self.rfile.read(length) or b"{}").get("orgs", [])]
                world.orgs[match.group(1).lower()] = orgs
                return self.json(200, {"orgs": orgs})
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

    def read_body(self):
        """The request's fields: a form or a JSON object."""
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if "json" in (self.headers.get("Content-Type") or ""):
            value = json.loads(raw or b"{}")
            return value if isinstance(value, dict) else {}
        return dict(parse_qsl(raw.decode("utf-8", "replace")))

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



OAUTH_DOCS = "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors"
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
CONSENT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 30rem; margin: 2rem auto; padding: 0 1rem">
<h1>Authorize RepoFinder</h1><p>RepoFinder (stand-in GitHub) wants to read your profile%(scopes)s.</p>
<form method="post" action="%(action)s">%(hidden)s
<label>Signed in as <input id="login" name="login" value="%(login)s" autocomplete="username"></label>
%(code)s<p><button id="authorize" name="decision" value="allow">Authorize</button>
<button id="cancel" name="decision" value="deny">Cancel</button></p></form></body></html>"""


def s256(verifier):
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


class OAuth:
    """GitHub's sign-in endpoints for one OAuth app, on the handler's world (its lock held)."""

    def __init__(self, handler):
        self.handler = handler
        self.world = handler.world
        world = self.world
        if not hasattr(world, "codes"):
            world.codes, world.tokens, world.devices, world.starred_names = {}, {}, {}, {}

    def route(self, method, path, query):
        if path == "/login/oauth/authorize":
            return self.authorize(method, query)
        if path == "/login/oauth/access_token" and method == "POST":
            return self.access_token(self.handler.read_body())
        if path == "/login/device/code" and method == "POST":
            return self.device_code(self.handler.read_body())
        if path == "/login/device":
            return self.device_page(method)
        return self.handler.error(404, "Not Found", "")

    # The web flow.

    def authorize(self, method, query):
        app = self.world.app
        fields = query if method == "GET" else self.handler.read_body()
        if fields.get("client_id") != app["client_id"]:
            return self.page(404, "<h1>404</h1><p>No application has this client_id.</p>")
        if method == "GET":
            hidden = "".join('<input type="hidden" name="%s" value="%s">' % (html.escape(k), html.escape(v))
                             for k, v in fields.items() if k != "login")
            return self.page(200, CONSENT % {
                "action": "/login/oauth/authorize", "hidden": hidden, "code": "",
                "login": html.escape(fields.get("login") or self.default_login()),
                "scopes": (" and " + html.escape(fields["scope"])) if fields.get("scope") else ""})
        redirect = fields.get("redirect_uri") or ""
        state = fields.get("state")
        if fields.get("decision") != "allow":
            target = redirect + "?" + urlencode(dict(
                {"error": "access_denied", "error_description": "The user has denied your application access.",
                 "error_uri": OAUTH_DOCS}, **({"state": state} if state else {})))
            return self.handler.send(302, {"Location": target}, b"")
        login = self.user(fields.get("login"))
        code = secrets.token_hex(10)
        self.world.codes[code] = {
            "login": login, "redirect_uri": redirect, "challenge": fields.get("code_challenge"),
            "method": fields.get("code_challenge_method") or "plain", "scope": fields.get("scope") or "",
            "expires": time.time() + 600, "used": False}
        target = redirect + "?" + urlencode(dict({"code": code}, **({"state": state} if state else {})))
        return self.handler.send(302, {"Location": target}, b"")

    def access_token(self, fields):
        app = self.world.app
        if fields.get("client_id") != app["client_id"]:
            return self.oauth_error("incorrect_client_credentials",
                                    "The client_id and/or client_secret passed are incorrect.")
        if fields.get("grant_type") == DEVICE_GRANT:
            return self.poll(fields)
        if fields.get("grant_type") not in (None, "", "authorization_code"):
            return self.oauth_error("unsupported_grant_type", "The grant type is not supported.")
        if fields.get("client_secret") != app["client_secret"]:
            return self.oauth_error("incorrect_client_credentials",
                                    "The client_id and/or client_secret passed are incorrect.")
        grant = self.world.codes.get(fields.get("code") or "")
        if grant is None or grant["used"] or grant["expires"] < time.time():
            return self.oauth_error("bad_verification_code", "The code passed is incorrect or expired.")
        if fields.get("redirect_uri") and fields["redirect_uri"] != grant["redirect_uri"]:
            return self.oauth_error("redirect_uri_mismatch",
                                    "The redirect_uri MUST match the registered callback URL for this application.")
        if grant["challenge"]:
            verifier = fields.get("code_verifier") or ""
            expected = s256(verifier) if grant["method"] == "S256" else verifier
            if expected != grant["challenge"]:
                return self.oauth_error("bad_verification_code", "The code passed is incorrect or expired.")
        grant["used"] = True
        return self.issue(grant["login"], grant["scope"])

    # The device flow.

    def device_code(self, fields):
        app = self.world.app
        if fields.get("client_id") != app["client_id"]:
            return self.handler.error(404, "Not Found", "")
        device = secrets.token_hex(20)
        user_code = "%s-%s" % (secrets.token_hex(2).upper(), secrets.token_hex(2).upper())
        host, port = self.handler.server.server_address[:2]
        self.world.devices[device] = {
            "user_code": user_code, "scope": fields.get("scope") or "", "state": "pending", "login": None,
            "expires": time.time() + app["device_expires"], "interval": app["device_interval"], "last_poll": 0.0}
        return self.handler.json(200, {
            "device_code": device, "user_code": user_code, "verification_uri": "http://%s:%d/login/device" % (host, port),
            "expires_in": app["device_expires"], "interval": app["device_interval"]})

    def poll(self, fields):
        device = self.world.devices.get(fields.get("device_code") or "")
        if device is None:
            return self.oauth_error("incorrect_device_code", "The device_code provided is not valid.")
        now = time.time()
        if device["expires"] < now or device["state"] == "expired":
            return self.oauth_error("expired_token", "The `device_code` has expired.")
        if now - device["last_poll"] < device["interval"]:
            device["interval"] += 5
            device["last_poll"] = now
            return self.oauth_error("slow_down", "Too many requests have been made in the same timeframe.",
                                    interval=device["interval"])
        device["last_poll"] = now
        if device["state"] == "denied":
            return self.oauth_error("access_denied", "The authorization request was denied.")
        if device["state"] == "pending":
            return self.oauth_error("authorization_pending", "The authorization request is still pending.")
        del self.world.devices[fields["device_code"]]
        return self.issue(device["login"], device["scope"])

    def device_page(self, method):
        if method == "GET":
            field = '<label>Code <input id="user_code" name="user_code" autocomplete="one-time-code"></label>'
            return self.page(200, CONSENT % {"action": "/login/device", "hidden": "", "code": field, "scopes": "",
                                             "login": html.escape(self.default_login())})
        fields = self.handler.read_body()
        action = "approve" if fields.get("decision") == "allow" else "deny"
        if not self.act(fields.get("user_code"), fields.get("login"), action):
            return self.page(404, "<p>That code is not valid; check it and try again.</p>")
        return self.page(200, "<h1>%s</h1>" % ("Congratulations, you're all set!" if action == "approve"
                                              else "Authorization cancelled"))

    def act(self, user_code, login, action):
        for device in self.world.devices.values():
            if device["user_code"] == (user_code or "").strip().upper() and device["state"] == "pending":
                if action == "approve":
                    device["state"], device["login"] = "approved", self.user(login)
                else:
                    device["state"] = "denied" if action == "deny" else "expired"
                return True
        return False

    # With a person's token.

    def personal(self, method, path):
        handler, world = self.handler, self.world
        match = re.fullmatch(r"/applications/([^/]+)/grant", path)
        if match:
            return self.revoke(method, match.group(1))
        token = self.bearer()
        grant = world.tokens.get(token or "")
        if grant is None:
            return handler.json(401, {"message": "Bad credentials" if token else "Requires authentication",
                                      "documentation_url": DOCS, "status": "401"})
        if not world.charge():
            return handler.limited()
        scopes = {scope for scope in re.split(r"[ ,]+", grant["scope"]) if scope}
        headers = dict(world.limit_headers(), **{"X-OAuth-Scopes": ", ".join(sorted(scopes))})
        user = world.users[grant["login"].lower()]
        if path == "/user" and method == "GET":
            return handler.json(200, user, headers)
        if path == "/user/orgs" and method == "GET":
            return self.organisations(user, headers)
        match = re.fullmatch(r"/user/starred/([^/]+)/([^/]+)", path)
        if not match:
            return handler.error(404, "Not Found", "", headers)
        key = ("%s/%s" % match.groups()).lower()
        starred = world.starred_names.setdefault(user["login"].lower(), {})
        listed = {world.repositories[index]["full_name"].lower()
                  for _, index in world.stars.get(user["login"].lower(), [])}
        if method == "GET":
            found = key in starred or key in listed
            return handler.send(204, headers, b"") if found else handler.error(
                404, "Not Found", "/activity/starring#check-if-a-repository-is-starred-by-the-authenticated-user",
                headers)
        if not scopes & {"public_repo", "repo"}:
            headers["X-Accepted-OAuth-Scopes"] = "public_repo, repo"
            return handler.error(404, "Not Found", "/activity/starring#star-a-repository-for-the-authenticated-user",
                                 headers)
        if method == "PUT":
            starred[key] = iso(datetime.now(timezone.utc))
        elif method == "DELETE":
            starred.pop(key, None)
            world.stars[user["login"].lower()] = [
                star for star in world.stars.get(user["login"].lower(), [])
                if world.repositories[star[1]]["full_name"].lower() != key]
        return handler.send(204, headers, b"")

    def organisations(self, user, headers):
        """`GET /user/orgs`: a page of the person's organisations, as GitHub lists them."""
        query = dict(parse_qsl(urlsplit(self.handler.path).query))
        per_page = max(1, min(100, int(query.get("per_page", "30") or 30)))
        page = max(1, int(query.get("page", "1") or 1))
        orgs = self.world.orgs.get(user["login"].lower(), [])
        chosen = orgs[(page - 1) * per_page:page * per_page]
        if page * per_page < len(orgs):
            here = "http://%s:%d/user/orgs" % self.handler.server.server_address[:2]
            headers = dict(headers, Link='<%s?per_page=%d&page=%d>; rel="next"' % (here, per_page, page + 1))
        return self.handler.json(200, [{"login": org, "id": 1000 + index, "url": "https://api.github.com/orgs/" + org}
                                       for index, org in enumerate(chosen)], headers)

    def revoke(self, method, client_id):
        handler, app = self.handler, self.world.app
        expected = "Basic " + base64.b64encode(("%s:%s" % (app["client_id"], app["client_secret"])).encode()).decode()
        if method != "DELETE" or client_id != app["client_id"] or handler.headers.get("Authorization") != expected:
            return handler.error(404, "Not Found", "/apps/oauth-applications#delete-an-app-authorization")
        grant = self.world.tokens.get(handler.read_body().get("access_token") or "")
        if grant is None:
            return handler.error(404, "Not Found", "/apps/oauth-applications#delete-an-app-authorization")
        login = grant["login"].lower()
        for token in [token for token, each in self.world.tokens.items() if each["login"].lower() == login]:
            del self.world.tokens[token]
        return handler.send(204, {}, b"")

    # Bookkeeping for tests.

    def bookkeeping(self, method, path):
        world, handler = self.world, self.handler
        if path == "/_standin/device" and method == "POST":
            fields = handler.read_body()
            found = self.act(fields.get("user_code"), fields.get("login"), fields.get("action"))
            return handler.json(200 if found else 404, {"done": found})
        if path == "/_standin/grants":
            counts = {}
            for grant in world.tokens.values():
                counts[grant["login"]] = counts.get(grant["login"], 0) + 1
            return handler.json(200, counts)
        if path == "/_standin/scopes" and method == "POST":
            fields = handler.read_body()
            changed = 0
            for grant in world.tokens.values():
                if grant["login"].lower() == (fields.get("login") or "").lower():
                    grant["scope"] = fields.get("scope") or ""
                    changed += 1
            return handler.json(200, {"changed": changed})
        if path == "/_standin/tokens":
            tokens = {}
            for token, grant in world.tokens.items():
                tokens.setdefault(grant["login"], []).append(token)
            return handler.json(200, tokens)
        match = re.fullmatch(r"/_standin/users/([^/]+)/starred-names", path)
        if match:
            return handler.json(200, sorted(world.starred_names.get(match.group(1).lower(), {})))
        return handler.error(404, "Not Found", "")

    # Helpers.

    def default_login(self):
        return next(iter(self.world.users.values()))["login"] if self.world.users else "octocat"

    def user(self, login):
        """A known user, or a new one with no stars (as if they had just signed up)."""
        login = (login or "").strip() or self.default_login()
        if login.lower() not in self.world.users:
            self.world.add_user(login, 0)
        return self.world.users[login.lower()]["login"]

    def issue(self, login, scope):
        token = "gho_" + secrets.token_urlsafe(27)
        self.world.tokens[token] = {"login": login, "scope": scope}
        return self.handler.json(200, {"access_token": token, "token_type": "bearer", "scope": scope.replace(" ", ",")})

    def bearer(self):
        header = self.handler.headers.get("Authorization") or ""
        scheme, _, value = header.partition(" ")
        return value.strip() if scheme.lower() in ("bearer", "token") else None

    def oauth_error(self, code, description, **extra):
        return self.handler.json(200, dict({"error": code, "error_description": description,
                                            "error_uri": OAUTH_DOCS}, **extra))

    def page(self, status, body):
        return self.handler.send(status, {}, body.encode(), "text/html; charset=utf-8")


class Repos:
    """GitHub's repository endpoints over the world's repositories (its lock held): `GET /repos/{owner}/{repo}` (a
    renamed repository answers 301 to `/repositories/{id}`, as GitHub does; a deleted one 404; `ETag` and 304),
    `GET /repositories/{id}`, `GET /search/repositories` (`language:`, `topic:`, `stars:>=N`, `created:>=DAY`
    qualifiers; `sort=stars`; `per_page`, `page`, `Link`; the search limit, 30 a minute) and `POST /graphql` for the
    one query shape RepoFinder sends: aliased `rN: repository(owner: $oN, name: $nN) { ...facts }` fields (renames
    followed; an unknown name is null with a NOT_FOUND error; a token required; the GraphQL points limit)."""

    def __init__(self, handler):
        self.handler, self.world = handler, handler.world

    def route(self, method, path, query):
        handler, world = self.handler, self.world
        if path == "/graphql" and method == "POST":
            return self.graphql()
        if method != "GET":
            return handler.error(404, "Not Found", "")
        if path == "/search/repositories":
            return self.search(query)
        if re.fullmatch(r"/repos/[^/]+/[^/]+/(readme|contents/.+)", path):
            return Files(handler).answer(path)
        if not world.charge():
            return handler.limited()
        match = re.fullmatch(r"/repositories/(\d+)", path)
        if match:
            index = world.by_id.get(int(match.group(1)))
            return self.answer(index, "/repos/repos#get-a-repository")
        match = re.fullmatch(r"/repos/([^/]+)/([^/]+)", path)
        if not match:
            return handler.error(404, "Not Found", "", world.limit_headers())
        key = ("%s/%s" % match.groups()).lower()
        if key in world.by_name:
            return self.answer(world.by_name[key], "/repos/repos#get-a-repository")
        if key in world.renamed:
            index = world.renamed[key]
            here = "http://%s:%d" % handler.server.server_address[:2]
            location = "%s/repositories/%d" % (here, world.repositories[index]["id"])
            return handler.json(301, {"message": "Moved Permanently", "url": location,
                                      "documentation_url": DOCS + "/overview/resources-in-the-rest-api#http-redirects"},
                                dict(world.limit_headers(), Location=location))
        return handler.error(404, "Not Found", "/repos/repos#get-a-repository", world.limit_headers())

    def answer(self, index, docs):
        handler, world = self.handler, self.world
        if index is None or index in world.deleted:
            return handler.error(404, "Not Found", docs, world.limit_headers())
        body = json.dumps(world.repositories[index]).encode()
        etag = 'W/"%s"' % hashlib.md5(body).hexdigest()
        if handler.headers.get("If-None-Match") == etag:
            world.used -= 1  # a 304 costs nothing
            return handler.send(304, dict(world.limit_headers(), ETag=etag), b"")
        return handler.send(200, dict(world.limit_headers(), ETag=etag), body, "application/json; charset=utf-8")

    def search(self, query):
        handler, world = self.handler, self.world
        now = time.time()
        if now >= world.search_reset:
            world.search_used, world.search_reset = 0, int(now) + 60
        headers = {"X-RateLimit-Limit": str(world.search_limit),
                   "X-RateLimit-Remaining": str(max(0, world.search_limit - world.search_used - 1)),
                   "X-RateLimit-Reset": str(world.search_reset), "X-RateLimit-Used": str(world.search_used + 1),
                   "X-RateLimit-Resource": "search"}
        if world.search_used >= world.search_limit:
            headers["X-RateLimit-Remaining"] = "0"
            return handler.json(403, {"message": "API rate limit exceeded for search.",
                                      "documentation_url": DOCS + "/search/search#rate-limit"}, headers)
        world.search_used += 1
        terms = (query.get("q") or "").split()
        try:
            per_page = min(max(int(query.get("per_page", "30")), 1), 100)
            page = max(int(query.get("page", "1")), 1)
        except ValueError:
            return handler.error(422, "Validation Failed", "/search/search#search-repositories", headers)
        found = [index for index in world.by_name.values() if index not in world.deleted
                 and all(self.matches(world.repositories[index], term) for term in terms)]
        if query.get("sort") == "stars":
            found.sort(key=lambda index: world.repositories[index].get("stargazers_count", 0),
                       reverse=query.get("order") != "asc")
        reachable = found[:1000]
        chosen = reachable[(page - 1) * per_page: page * per_page]
        if page * per_page < len(reachable):
            here = "http://%s:%d/search/repositories" % handler.server.server_address[:2]
            headers["Link"] = '<%s?%s>; rel="next"' % (here, urlencode(dict(query, page=str(page + 1))))
        return handler.json(200, {"total_count": len(found), "incomplete_results": False,
                                  "items": [world.repositories[index] for index in chosen]}, headers)

    @staticmethod
    def matches(repository, term):
        qualifier, _, value = term.partition(":")
        value = value.strip('"')
        if not _:
            text = " ".join([repository.get("full_name") or "", repository.get("description") or ""]).lower()
            return term.lower() in text
        if qualifier == "language":
            return (repository.get("language") or "").lower() == value.lower()
        if qualifier == "topic":
            return value.lower() in [topic.lower() for topic in repository.get("topics") or []]
        if qualifier == "stars" and value.startswith(">="):
            return repository.get("stargazers_count", 0) >= int(value[2:])
        if qualifier == "created" and value.startswith(">="):
            return (repository.get("created_at") or "")[:10] >= value[2:]
        return True

    def graphql(self):
        handler, world = self.handler, self.world
        token = OAuth(handler).bearer()
        if not token:
            return handler.json(401, {"message": "This endpoint requires you to be authenticated.",
                                      "documentation_url": "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql"})
        body = handler.read_body()
        text, variables = body.get("query") or "", body.get("variables") or {}
        aliases = re.findall(r"(r\d+): repository\(owner: \$(o\d+), name: \$(n\d+)\)", text)
        cost = max(1, -(-3 * len(aliases) // 100))
        now = time.time()
        if now >= world.graphql_reset:
            world.graphql_used, world.graphql_reset = 0, int(now) + 3600
        headers = {"X-RateLimit-Limit": str(world.graphql_limit),
                   "X-RateLimit-Remaining": str(max(0, world.graphql_limit - world.graphql_used - cost)),
                   "X-RateLimit-Reset": str(world.graphql_reset), "X-RateLimit-Used": str(world.graphql_used + cost),
                   "X-RateLimit-Resource": "graphql"}
        if world.graphql_used + cost > world.graphql_limit:
            headers["X-RateLimit-Remaining"] = "0"
            return handler.json(403, {"message": "API rate limit exceeded for user.",
                                      "documentation_url": "https://docs.github.com/graphql/overview/rate-limits-and-node-limits-for-the-graphql-api"},
                                headers)
        world.graphql_used += cost
        data = {"rateLimit": {"cost": cost, "remaining": world.graphql_limit - world.graphql_used,
                              "resetAt": iso(datetime.fromtimestamp(world.graphql_reset, timezone.utc))}}
        errors = []
        for alias, owner_variable, name_variable in aliases:
            requested = "%s/%s" % (variables.get(owner_variable), variables.get(name_variable))
            key = requested.lower()
            index = world.by_name.get(key, world.renamed.get(key))
            if index is None or index in world.deleted:
                data[alias] = None
                errors.append({"type": "NOT_FOUND", "path": [alias], "locations": [],
                               "message": "Could not resolve to a Repository with the name '%s'." % requested})
            else:
                data[alias] = self.node(world.repositories[index])
        answer = {"data": data}
        if errors:
            answer["errors"] = errors
        return handler.json(200, answer, headers)

    @staticmethod
    def node(repository):
        owner = repository.get("owner") or {}
        license_info = repository.get("license")
        issues = repository.get("open_issues_count")
        return {
            "databaseId": repository.get("id"), "nameWithOwner": repository["full_name"],
            "name": repository.get("name") or repository["full_name"].split("/")[1],
            "owner": {"login": owner.get("login") or repository["full_name"].split("/")[0],
                      "avatarUrl": owner.get("avatar_url")},
            "description": repository.get("description"),
            "primaryLanguage": {"name": repository["language"]} if repository.get("language") else None,
            "repositoryTopics": {"nodes": [{"topic": {"name": topic}} for topic in repository.get("topics") or []]},
            "stargazerCount": repository.get("stargazers_count", 0), "forkCount": repository.get("forks_count", 0),
            "issues": {"totalCount": issues or 0}, "pullRequests": {"totalCount": 0},
            "licenseInfo": {"spdxId": license_info.get("spdx_id"), "name": license_info.get("name")}
            if license_info else None,
            "createdAt": repository.get("created_at"), "updatedAt": repository.get("updated_at"),
            "pushedAt": repository.get("pushed_at"), "isArchived": bool(repository.get("archived")),
            "url": repository.get("html_url"),
        }

    def bookkeeping(self, method, path):
        """`POST /_standin/repos` adds a repository (a REST object), `/_standin/repos/rename` {"from", "to"},
        `/_standin/repos/delete` {"name"}, `/_standin/repos/grow` {"stars": N} adds N stars to every repository."""
        handler, world = self.handler, self.world
        body = handler.read_body()
        if path == "/_standin/repos":
            repository = dict(body)
            repository.setdefault("id", 2_000_000_000 + len(world.repositories))
            world.add_repository(repository)
            return handler.json(201, repository)
        if path == "/_standin/repos/rename":
            index = world.by_name.pop(body["from"].lower())
            owner, name = body["to"].split("/")
            repository = world.repositories[index]
            repository.update(full_name=body["to"], name=name, html_url="https://github.com/" + body["to"],
                              owner=dict(repository.get("owner") or {}, login=owner))
            world.by_name[body["to"].lower()] = index
            world.renamed[body["from"].lower()] = index
            return handler.json(200, repository)
        if path == "/_standin/repos/delete":
            world.deleted.add(world.by_name[body["name"].lower()])
            return handler.json(200, {"deleted": body["name"]})
        if path == "/_standin/repos/grow":
            for repository in world.repositories:
                repository["stargazers_count"] = repository.get("stargazers_count", 0) + int(body.get("stars", 1))
            return handler.json(200, {"grown": len(world.repositories)})
        return handler.error(404, "Not Found", "")


RAW_TYPES = ("application/vnd.github.raw+json", "application/vnd.github.raw", "application/vnd.github.v3.raw")


class Files:
    """The contents API for the list files of `--lists`: a README or a file by path, raw or as a JSON object."""

    def __init__(self, handler):
        self.handler, self.world = handler, handler.world

    @staticmethod
    def key(list_id):
        owner, repo, *rest = list_id.split("/", 2)
        return "%s/%s" % (owner.lower(), repo.lower()), (rest[0].lower() if rest else None)

    def answer(self, path):
        handler, world = self.handler, self.world
        match = re.fullmatch(r"/repos/([^/]+)/([^/]+)/(readme|contents/(.+))", path)
        repository = ("%s/%s" % match.group(1, 2)).lower()
        wanted = unquote(match.group(4)).lower() if match.group(4) else None
        found = world.files.get((repository, wanted))
        if found is None and wanted is not None and wanted.split("/")[-1].startswith("readme"):
            found = world.files.get((repository, None))
        docs = "/repos/contents#" + ("get-a-repository-readme" if wanted is None else "get-repository-content")
        if found is None:
            if not world.charge():
                return handler.limited()
            return handler.error(404, "Not Found", docs, world.limit_headers())
        accept = handler.headers.get("Accept") or ""
        raw = any(kind in accept for kind in RAW_TYPES)
        if raw:
            body, content_type, media = found["text"], "text/plain; charset=utf-8", "github.v3; param=raw"
        else:
            body = json.dumps(self.object(found)).encode()
            content_type, media = "application/json; charset=utf-8", "github.v3; format=json"
        etag = 'W/"%s"' % hashlib.md5(body + media.encode()).hexdigest()
        if handler.headers.get("If-None-Match") == etag:
            return handler.send(304, dict(world.limit_headers(), ETag=etag), b"")
        if not world.charge():
            return handler.limited()
        headers = dict(world.limit_headers(), ETag=etag)
        headers["X-GitHub-Media-Type"] = media
        return handler.send(200, headers, body, content_type)

    def object(self, found):
        here = "http://%s:%d" % self.handler.server.server_address[:2]
        text, repository, path = found["text"], found["repository"], found["path"]
        sha = hashlib.sha1(b"blob %d\0" % len(text) + text).hexdigest()
        encoded = base64.b64encode(text).decode()
        api = "%s/repos/%s/contents/%s?ref=main" % (here, repository, path)
        git = "%s/repos/%s/git/blobs/%s" % (here, repository, sha)
        web = "https://github.com/%s/blob/main/%s" % (repository, path)
        return {
            "name": path.split("/")[-1], "path": path, "sha": sha, "size": len(text), "url": api, "html_url": web,
            "git_url": git, "download_url": "https://raw.githubusercontent.com/%s/main/%s" % (repository, path),
            "type": "file", "content": "\n".join(encoded[i:i + 60] for i in range(0, len(encoded), 60)) + "\n",
            "encoding": "base64", "_links": {"self": api, "git": git, "html": web},
        }

    def change(self, body):
        list_id, text = str(body.get("list", "")), body.get("text")
        if list_id.count("/") < 1 or not isinstance(text, str):
            return self.handler.error(422, "Validation Failed", "")
        key = self.key(list_id)
        found = self.world.files.get(key)
        if found is None:
            repository, path = list_id.split("/", 2)[:2], (list_id.split("/", 2)[2:] or ["README.md"])[0]
            found = {"repository": "/".join(repository), "path": path}
            self.world.files[key] = found
        found["text"] = text.encode()
        return self.handler.json(200, {"list": list_id, "size": len(found["text"])})


def load_lists(folder):
    """The list files of a folder laid out like ../shared/data/awesome, by (repository, path or None)."""
    import csv
    import os
    files = {}
    with open(os.path.join(folder, "lists.tsv"), encoding="utf-8") as index:
        for row in csv.DictReader(index, delimiter="\t"):
            path = row["file"] or "README.md"
            readme = path.lower() in ("readme.md", "readme")
            with open(os.path.join(folder, row["copy"]), "rb") as handle:
                text = handle.read()
            files[(row["repo"].lower(), None if readme else path.lower())] = {
                "repository": row["repo"], "path": path, "text": text}
    return files


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
    parser.add_argument("--all-repositories", action="store_true",
                        help="serve every repository of --catalog (for catalog refreshes), not just enough for stars")
    parser.add_argument("--graphql-limit", type=int, default=5000, help="GraphQL points an hour")
    parser.add_argument("--page-delay", type=float, default=0.0, help="seconds before each star page is answered")
    parser.add_argument("--client-id", default="standin-client-id")
    parser.add_argument("--client-secret", default="standin-client-secret")
    parser.add_argument("--device-interval", type=int, default=5, help="seconds between device-flow polls")
    parser.add_argument("--device-expires", type=int, default=900, help="seconds a device code lives")
    parser.add_argument("--lists", help="a folder of curated lists (lists.tsv and copies) whose files it serves")
    arguments = parser.parse_args()
    users = []
    for spec in arguments.user:
        login, _, count = spec.partition("=")
        if not LOGIN.match(login):
            parser.error("not a GitHub login: " + login)
        users.append((login, int(count or "0")))
    # Enough repositories for the largest star list and for stars added later.
    needed = 10 ** 9 if arguments.all_repositories else max([count for _, count in users] + [0]) + 2_000
    Handler.world = World(load_catalog(arguments.catalog, needed), users, arguments.rate_limit)
    Handler.world.graphql_limit = arguments.graphql_limit
    if arguments.lists:
        Handler.world.files = load_lists(arguments.lists)
    Handler.page_delay = arguments.page_delay
    Handler.world.app = {"client_id": arguments.client_id, "client_secret": arguments.client_secret,
                         "device_interval": arguments.device_interval, "device_expires": arguments.device_expires}
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # the test closes stdin (or exits) to stop the server


if __name__ == "__main__":
    main()
