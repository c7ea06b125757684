"""Which repositories of the shared catalog are one project under an old and a new name, from their star counts.

A catalog gathered over years holds a renamed or transferred repository twice: the old name frozen at its last crawl,
the new one going on (ggerganov/llama.cpp and ggml-org/llama.cpp, apple/swift and swiftlang/swift). RepoFinder's
SameProjects finds them by descriptions, which the starter catalog does not ship; the monthly counts show the move
instead. Two records are one project when they have the same name under different owners, the old name's counts end
and the new name's begin at most 100 days later, the first new count is 0.8 to 1.5 times the last old one (a move keeps
its stars), and the old name has no count in the daily window (it is not alive). Chains (antirez/redis, redis-io/redis,
redis/redis) lead to the last name; an old name that could have gone to two places goes to the nearest count.

Used by make-starter-catalog.py (the old records left out, their counts carried over to the new name) and
make-starter-lists.py (placements under an old name moved to the new one).
"""
import collections
import csv
import datetime
import gzip
import json

MAXIMUM_GAP_DAYS = 100
RATIO = (0.8, 1.5)


def daily_window(shared, days=31):
    """The last `days` days of the shared daily counts (the starter catalog's trending window), oldest first."""
    with gzip.open(shared / "catalog" / "stars-daily.csv.gz", "rt", encoding="utf-8") as source:
        rows = csv.reader(source)
        next(rows)
        return sorted({row[0] for row in rows})[-days:]


def moves(shared, daily_from):
    """{old owner/name (lower case): current owner/name (as the catalog writes it)} for the shared data in `shared`;
    `daily_from` is the first day of the daily window (YYYY-MM-DD)."""
    with gzip.open(shared / "catalog" / "repos.jsonl.gz", "rt", encoding="utf-8") as source:
        repositories = [json.loads(line) for line in source if line.strip()]
    by_name = collections.defaultdict(list)
    for repository in repositories:
        by_name[repository["name"].lower()].append(repository["full_name"])
    wanted = {name.lower() for names in by_name.values() if len(names) > 1 for name in names}
    first, last = {}, {}
    with gzip.open(shared / "catalog" / "stars-monthly.csv.gz", "rt", encoding="utf-8") as source:
        rows = csv.reader(source)
        next(rows)
        for day, name, stars, *_ in rows:
            key = name.lower()
            if key not in wanted:
                continue
            count = (day, int(stars))
            if key not in first or count[0] < first[key][0]:
                first[key] = count
            if key not in last or count[0] > last[key][0]:
                last[key] = count
    alive = set()
    with gzip.open(shared / "catalog" / "stars-daily.csv.gz", "rt", encoding="utf-8") as source:
        rows = csv.reader(source)
        next(rows)
        for day, name, *_ in rows:
            if day >= daily_from and name.lower() in wanted:
                alive.add(name.lower())
    found = {}
    for names in by_name.values():
        for old in names:
            o = old.lower()
            if o in alive or o not in last or last[o][1] <= 0:
                continue
            best = None
            for new in names:
                n = new.lower()
                if n == o or n not in first:
                    continue
                gap = (datetime.date.fromisoformat(first[n][0]) - datetime.date.fromisoformat(last[o][0])).days
                ratio = first[n][1] / last[o][1]
                if 0 < gap <= MAXIMUM_GAP_DAYS and RATIO[0] <= ratio <= RATIO[1]:
                    if best is None or abs(ratio - 1) < best[0]:
                        best = (abs(ratio - 1), new)
            if best:
                found[o] = best[1]
    # Chains lead to the last name.
    resolved = {}
    for old, new in found.items():
        seen = {old}
        while new.lower() in found and new.lower() not in seen:
            seen.add(new.lower())
            new = found[new.lower()]
        resolved[old] = new
    return resolved
