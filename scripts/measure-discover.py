#!/usr/bin/env python3
"""Measures `repofinder discover` in a pseudo-terminal against a real `repofinder serve` on loopback.

Prints: time to the first card on a first launch (a new account, the first batch) and on a second launch (the token
and the cached cards on the device), the time from a key press to the redrawn screen over many swipes (median, p99),
and checks the server holds every like exactly once. Usage: scripts/measure-discover.py [BINARY] [--runs N] [--swipes N]
"""
import argparse, json, os, pty, re, select, shutil, statistics, subprocess, tempfile, time, urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("binary", nargs="?", default=".build/release/repofinder")
ap.add_argument("--runs", type=int, default=5)
ap.add_argument("--swipes", type=int, default=60)
args = ap.parse_args()
work = tempfile.mkdtemp(prefix="rf-discover-")
log = open(os.path.join(work, "serve.log"), "w")
server = subprocess.Popen([args.binary, "serve", "--port", "0", "--database", os.path.join(work, "s.sqlite"),
                           "--token-rate", "0", "--address-rate", "0"], stdout=log, stderr=log)
try:
    url = None
    for _ in range(1200):
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", open(os.path.join(work, "serve.log")).read())
        if m:
            url = f"http://127.0.0.1:{m.group(1)}"
            break
        time.sleep(0.1)
    assert url, "the server did not start"

    def launch(state):
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["COLUMNS"] = "100"
            os.execv(args.binary, [args.binary, "discover", "--server", url, "--state", state, "--no-color"])
        return pid, fd

    def read_until(fd, pattern, seen, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            m = re.search(pattern, seen[0])
            if m:
                return m
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                seen[0] += os.read(fd, 65536).decode("utf-8", "replace")
        raise SystemExit(f"timed out waiting for {pattern!r}")

    def quit(pid, fd, seen):
        os.write(fd, b"q")
        read_until(fd, r"this time\.", seen)
        os.waitpid(pid, 0)
        os.close(fd)

    card = r"[\w.-]+/[\w.-]+   ★ [\d,]+"
    first, second, keys, liked = [], [], [], []
    for run in range(args.runs):
        state = os.path.join(work, f"state-{run}")
        for launches in (first, second):
            start = time.monotonic()
            pid, fd = launch(state)
            seen = [""]
            read_until(fd, card, seen)
            launches.append(time.monotonic() - start)
            if launches is second and run == 0:
                for i in range(args.swipes):
                    top = re.findall(card, seen[0])[-1].split(" ")[0]
                    mark = len(seen[0])
                    start = time.monotonic()
                    os.write(fd, b"l")
                    while True:
                        read_until(fd, re.escape(f"Liked {top}"), seen)
                        if f"Liked {top}" in seen[0][mark:]:
                            break
                    keys.append(time.monotonic() - start)
                    liked.append(top)
                token = open(os.path.join(state, "token")).read().strip()
            quit(pid, fd, seen)

    request = urllib.request.Request(f"{url}/v1/me/liked?perPage=100", headers={"Authorization": f"Bearer {token}"})
    body = json.load(urllib.request.urlopen(request))
    server_likes = [item["repository"]["fullName"] for item in body["items"]]

    def ms(values, q):
        values = sorted(values)
        return 1000 * values[min(len(values) - 1, int(q * len(values)))]

    print(f"first launch (new account, first batch) to first card: median {1000 * statistics.median(first):.0f} ms "
          f"over {len(first)} runs (min {1000 * min(first):.0f}, max {1000 * max(first):.0f})")
    print(f"second launch (token and cached cards) to first card: median {1000 * statistics.median(second):.0f} ms "
          f"(min {1000 * min(second):.0f}, max {1000 * max(second):.0f})")
    print(f"key press to redrawn screen, {len(keys)} likes: median {ms(keys, 0.5):.1f} ms, p99 {ms(keys, 0.99):.1f} ms, "
          f"max {1000 * max(keys):.1f} ms")
    same = sorted(server_likes) == sorted(liked) and body["total"] == len(liked)
    print(f"server holds {body['total']} likes for {len(liked)} key presses, each once: {'yes' if same else 'NO'}")
    raise SystemExit(0 if same else 1)
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)
