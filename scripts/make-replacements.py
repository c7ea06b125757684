#!/usr/bin/env python3
"""Derives what the starter catalog's repositories say they replace, from the descriptions it does not ship.

Loads ../shared/data/catalog/repos.jsonl.gz into a scratch database (`repofinder ingest`) and reads every description
with RepoFinder's own reader (`repofinder replaces --all`: "alternative to Notion", "replacement for Redis and
Memcached", "a cat(1) clone"), then writes Sources/Semantics/Resources/replacements.tsv.gz: one repository a line,
tab-separated — owner/name (lower case), then the names it says it replaces, as written. Facts only: the names, never
the sentence. Sorted and gzipped without a timestamp, so the same input gives byte-identical output.

It also reads the curated lists in ../shared/data/awesome (`repofinder replaces --listed`: a table's "Alternative to"
column, as RunaCapital/awesome-oss-alternatives has, and an entry's own words, "Media server (alternative to Plex)")
into listed-replacements.tsv.gz, the same layout: the catalog repository's current owner/name, then the product names
the lists say it replaces. Only the lists whose license the starter lists ship under are read (make-starter-lists.py's
rule: stated, and not non-commercial); names only, never the curators' sentences.

    python3 scripts/make-replacements.py [REPOFINDER_BINARY] [SHARED_DATA_DIR]
"""
import csv
import gzip
import io
import pathlib
import subprocess
import sys
import tempfile

from list_licenses import shippable

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINARY = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "repofinder")
SHARED = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT.parent / "shared" / "data"
RESOURCES = ROOT / "Sources" / "Semantics" / "Resources"


def write(name, lines):
    """Writes sorted `lines` gzipped without a timestamp and says what they hold."""
    lines = sorted(line + "\n" for line in lines if "\t" in line)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", fileobj=buffer, mode="wb", compresslevel=9, mtime=0) as stream:
        for line in lines:
            stream.write(line.encode("utf-8"))
    (RESOURCES / name).write_bytes(buffer.getvalue())
    names = sum(line.count("\t") for line in lines)
    print(f"{name}: {len(lines):,} repositories replace {names:,} names, {len(buffer.getvalue()) / 1e3:.1f} kB")


def shippable_lists(scratch):
    """A folder like ../shared/data/awesome holding only the lists whose license allows shipping what they say."""
    folder = pathlib.Path(scratch) / "awesome"
    folder.mkdir()
    (folder / "lists").symlink_to((SHARED / "awesome" / "lists").resolve())
    with open(SHARED / "awesome" / "lists.tsv", encoding="utf-8") as index:
        reader = csv.DictReader(index, delimiter="\t")
        rows = [row for row in reader if shippable(row["license"])]
        fields = reader.fieldnames
    with open(folder / "lists.tsv", "w", encoding="utf-8", newline="") as index:
        writer = csv.DictWriter(index, fieldnames=fields, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return folder


def main():
    with tempfile.TemporaryDirectory() as scratch:
        database = str(pathlib.Path(scratch) / "catalog.sqlite")
        subprocess.run(
            [BINARY, "ingest", str(SHARED / "catalog" / "repos.jsonl.gz"), "--database", database, "--quiet"],
            check=True, stdout=subprocess.DEVNULL)
        said = subprocess.run(
            [BINARY, "replaces", "--all", "--database", database], check=True, capture_output=True, text=True)
        listed = subprocess.run(
            [BINARY, "replaces", "--listed", str(shippable_lists(scratch)), "--database", database],
            check=True, capture_output=True, text=True)
    write("replacements.tsv.gz", said.stdout.splitlines())
    write("listed-replacements.tsv.gz", listed.stdout.splitlines())


if __name__ == "__main__":
    main()
