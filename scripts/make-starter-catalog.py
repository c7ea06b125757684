#!/usr/bin/env python3
"""Derives RepoFinder's facts-only starter catalog from the shared data.

Writes Sources/Catalog/Resources/starter-repositories.jsonl.gz (every repository of
../shared/data/catalog/repos.jsonl.gz, facts only: no description or other prose) and
starter-stars.csv.gz (the monthly counts of ../shared/data/catalog/stars-monthly.csv.gz from 2018-12 up to the
daily window, for all-time star history, then the last 31 days of ../shared/data/catalog/stars-daily.csv.gz, enough
for monthly trending). A project the catalog holds under an old and a new name (starter_moves.py: the counts show the
move) is shipped once, under the new name, with the old name's earlier counts as its own. Deterministic: the same input
gives byte-identical output.

    python3 scripts/make-starter-catalog.py [SHARED_DATA_DIR]
"""
import csv
import gzip
import io
import json
import pathlib
import sys

from starter_moves import moves

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data"
OUT = ROOT / "Sources" / "Catalog" / "Resources"
FACTS = [
    "id", "name", "full_name", "owner", "language", "topics", "stargazers_count", "forks_count",
    "open_issues_count", "pushed_at", "created_at", "updated_at", "html_url", "license", "archived",
]
TRENDING_DAYS = 31


def write_gzip(path, lines):
    # mtime=0 and no file name in the header keep the output byte-identical between runs.
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as stream:
        for line in lines:
            stream.write(line.encode("utf-8"))
    path.write_bytes(buffer.getvalue())
    return len(buffer.getvalue())


def facts(repository):
    kept = {key: repository[key] for key in FACTS if key in repository}
    kept["owner"] = {"login": repository["owner"]["login"]}
    if "license" in kept and kept["license"]:
        kept["license"] = {k: v for k, v in kept["license"].items() if k in ("spdx_id", "name")}
    return kept


def main():
    with gzip.open(SHARED / "catalog" / "repos.jsonl.gz", "rt", encoding="utf-8") as source:
        repositories = [facts(json.loads(line)) for line in source if line.strip()]
    header, rows = read_counts("stars-daily.csv.gz")
    days = sorted({row[0] for row in rows})[-TRENDING_DAYS:]
    moved = moves(SHARED, days[0])
    # The new record keeps its own facts; topics it lacks (a later crawl that read none) are the old record's.
    old_topics = {r["full_name"].lower(): r.get("topics") for r in repositories if r["full_name"].lower() in moved}
    by_new = {}
    for old, new in moved.items():
        if old_topics.get(old):
            by_new.setdefault(new.lower(), old_topics[old])
    for repository in repositories:
        if not repository.get("topics") and repository["full_name"].lower() in by_new:
            repository["topics"] = by_new[repository["full_name"].lower()]
    repositories = [r for r in repositories if r["full_name"].lower() not in moved]
    print(f"one project, two names: {len(moved):,} old names left out, their counts carried to the new name")
    size = write_gzip(
        OUT / "starter-repositories.jsonl.gz",
        (json.dumps(r, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n" for r in repositories),
    )
    print(f"starter-repositories.jsonl.gz: {len(repositories):,} repositories, {size / 1e6:.2f} MB")

    # Every counts file below by repository, then day: consecutive rows share a name and most digits, which
    # compresses to about a third.
    recent = sorted((row for row in rows if row[0] >= days[0]), key=lambda row: (row[1], row[0]))
    monthly_header, monthly = read_counts("stars-monthly.csv.gz")
    assert monthly_header == header, f"stars-monthly.csv.gz has columns {monthly_header}, not {header}"
    # Only the months before the daily window: inside it the daily counts say the same and more.
    known = {repository["full_name"].lower() for repository in repositories}
    # An old name's counts become the new name's, where the new name has none of its own that day.
    own = {(row[1].lower(), row[0]) for row in monthly if row[1].lower() not in moved}
    carried = [[row[0], moved[row[1].lower()]] + row[2:] for row in monthly if row[1].lower() in moved]
    carried = [row for row in carried if (row[1].lower(), row[0]) not in own]
    carried = list({(row[1].lower(), row[0]): row for row in carried}.values())
    earlier = sorted(
        (row for row in monthly + carried if row[0] < days[0] and row[1].lower() in known),
        key=lambda row: (row[1], row[0]),
    )
    size = write_gzip(
        OUT / "starter-stars.csv.gz",
        [",".join(header) + "\n"] + [",".join(row) + "\n" for row in earlier + recent],
    )
    covered = {row[1].lower() for row in earlier}
    print(
        f"starter-stars.csv.gz: {len(earlier):,} monthly counts of {len(covered):,} repositories from "
        f"{min(row[0] for row in earlier)}, then {len(recent):,} daily snapshots, {days[0]} .. {days[-1]}, "
        f"{size / 1e6:.2f} MB"
    )


def read_counts(name):
    """The header and rows of a counts file of ../shared/data/catalog (date,full_name,stars,forks)."""
    with gzip.open(SHARED / "catalog" / name, "rt", encoding="utf-8") as source:
        rows = list(csv.reader(source))
    return rows[0], rows[1:]


if __name__ == "__main__":
    main()
