#!/usr/bin/env python3
"""Derives the curated-list facts bundled with the starter catalog from the shared lists.

Reads the lists with RepoFinder's own parser (`repofinder ingest --lists` into a scratch database), keeps the lists
whose license is stated and allows commercial use (not "none found", not "unclear", not a non-commercial (NC)
license), and writes Sources/Catalog/Resources/starter-lists.tsv.gz: one placement a line, tab-separated —
list id, heading path (names joined by U+001F), repository (owner/name, lower case), position — sorted, so the same
input gives byte-identical output. Facts only: never the curators' sentences. A placement under a repository's old name
(starter_moves.py: the starter catalog ships the project under its new name only) is the new name's, once per heading.

    python3 scripts/make-starter-lists.py [REPOFINDER_BINARY] [SHARED_DATA_DIR]
"""
import csv
import gzip
import io
import pathlib
import sqlite3
import subprocess
import sys
import tempfile

from list_licenses import shippable
from starter_moves import daily_window, moves

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "repofinder")
SHARED = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT.parent / "shared" / "data"
OUT = ROOT / "Sources" / "Catalog" / "Resources" / "starter-lists.tsv.gz"


def list_id(repo, file):
    return repo if file.lower() in ("readme.md", "readme", "") else f"{repo}/{file}"


def main():
    with open(SHARED / "awesome" / "lists.tsv", encoding="utf-8") as index:
        rows = list(csv.DictReader(index, delimiter="\t"))
    kept = {list_id(row["repo"], row["file"]): row["license"] for row in rows if shippable(row["license"])}
    left = sorted({list_id(row["repo"], row["file"]) for row in rows} - set(kept))
    with tempfile.TemporaryDirectory() as scratch:
        database = pathlib.Path(scratch) / "lists.sqlite"
        subprocess.run(
            [BINARY, "ingest", "--lists", str(SHARED / "awesome"), "--database", str(database), "--quiet"],
            check=True, stdout=subprocess.DEVNULL)
        with sqlite3.connect(database) as connection:
            placements = connection.execute(
                "SELECT list_id, heading, repository_key, position FROM list_placements").fetchall()
    moved = moves(SHARED, daily_window(SHARED)[0])
    first = {}
    for list_id_, heading, key, position in sorted(placements, key=lambda p: (p[0], p[1], p[3], p[2])):
        key = moved.get(key, key).lower()
        if list_id_ in kept and (list_id_, heading, key) not in first:
            first[(list_id_, heading, key)] = position
    lines = sorted(
        "\t".join([list_id_, heading, key, str(position)]) + "\n" for (list_id_, heading, key), position in first.items())
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as stream:
        for line in lines:
            stream.write(line.encode("utf-8"))
    OUT.write_bytes(buffer.getvalue())
    repositories = len({line.split("\t")[2] for line in lines})
    print(f"{OUT.name}: {len(lines):,} placements of {repositories:,} repositories from {len(kept)} of "
          f"{len(rows)} list files, {len(buffer.getvalue()) / 1e6:.2f} MB")
    print("left out (license not stated, unclear or non-commercial): " + ", ".join(left))


if __name__ == "__main__":
    main()
