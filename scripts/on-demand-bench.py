#!/usr/bin/env python3
"""The timing half of scripts/on-demand-bench.sh: adds repositories to the stand-in GitHub and opens each once."""
import argparse
import json
import statistics
import time
import urllib.error
import urllib.request


def request(url, data=None):
    """(status, milliseconds); a 429 (the server's own rate limit) waits as told and asks again, untimed."""
    body = None if data is None else json.dumps(data).encode()
    while True:
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(urllib.request.Request(
                    url, data=body, headers={"Content-Type": "application/json"}), timeout=30) as response:
                response.read()
                return response.status, (time.perf_counter() - started) * 1000
        except urllib.error.HTTPError as error:
            if error.code != 429:
                return error.code, (time.perf_counter() - started) * 1000
            time.sleep(float(error.headers.get("Retry-After") or 1))


def github_requests(github, reset=True):
    with urllib.request.urlopen(f"{github}/_standin/requests{'?reset=1' if reset else ''}") as response:
        return json.load(response)["requests"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--github", required=True)
    parser.add_argument("--count", type=int, default=50)
    options = parser.parse_args()
    ways = {
        "API": "/v1/repos/{name}",
        "web path": "/r/{name}",
        "deep link": "/v1/links/resolve?url=repoverse://repo/{name}",
        "search": "/v1/search?q=https://github.com/{name}",
    }
    print(f"{'way':10} {'outside the catalog (1 GitHub request each)':>46} {'in the catalog':>24}")
    for way, path in ways.items():
        outside, inside, asked = [], [], 0
        for index in range(options.count):
            name = f"bench-{way.replace(' ', '-')}/tool-{index}"
            request(f"{options.github}/_standin/repos", {
                "full_name": name, "name": f"tool-{index}", "owner": {"login": name.split("/")[0]},
                "stargazers_count": 100 + index, "language": "Go", "pushed_at": "2026-11-20T10:00:00Z",
                "html_url": f"https://github.com/{name}"})
            github_requests(options.github)
            status, ms = request(options.server + path.format(name=name))
            asked += github_requests(options.github)
            if status != 200:
                raise SystemExit(f"{way} {name}: {status}")
            outside.append(ms)
            status, ms = request(options.server + path.format(name=name))
            if status != 200:
                raise SystemExit(f"{way} {name} again: {status}")
            inside.append(ms)
        if asked != options.count:
            raise SystemExit(f"{way}: {asked} GitHub requests for {options.count} repositories")

        def summary(samples):
            ordered = sorted(samples)
            p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
            return f"median {statistics.median(ordered):6.2f} ms, p99 {p99:6.2f} ms"
        print(f"{way:10} {summary(outside):>46} {summary(inside):>24}   ({asked} GitHub requests)")


if __name__ == "__main__":
    main()
