#!/usr/bin/env python3
"""Derives what the starter catalog's repositories say they replace, from the descriptions it does not ship.

Loads ../shared/data/catalog/repos.jsonl.gz into a scratch database (`repofinder ingest`) and reads every description
with RepoFinder's own reader (`repofinder replaces --all`: "alternative to Notion", "replacement for Redis and
Memcached", "a cat(1) clone"), then writes Sources/Semantics/Resources/replacements.tsv.gz: one repository a line,
tab-separated — owner/name (lower case), then the names it says it replaces, as written. Facts only: the names, never
the sentence. Sorted and gzipped without a timestamp, so the same input gives byte-identical output.

It also reads the curated lists in ../shared/data/awesome (`repofinder replaces --listed`: a table's "Alternative to"
column, RunaCapital/awesome-oss-alternatives under its MIT license) into listed-replacements.tsv.gz, the same layout:
the catalog repository's current owner/name, then the product names the list says it replaces.

    python3 scripts/make-replacements.py [REPOFINDER_BINARY] [SHARED_DATA_DIR]
"""
import gzip
import io
import pathlib
import subprocess
import sys
import tempfile

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


def main():
    with tempfile.TemporaryDirectory() as scratch:
        database = str(pathlib.Path(scratch) / "catalog.sqlite")
        subprocess.run(
            [BINARY, "ingest", str(SHARED / "catalog" / "repos.jsonl.gz"), "--database", database, "--quiet"],
            check=True, stdout=subprocess.DEVNULL)
        said = subprocess.run(
            [BINARY, "replaces", "--all", "--database", database], check=True, capture_output=True, text=True)
        listed = subprocess.run(
            [BINARY, "replaces", "--listed", str(SHARED / "awesome"), "--database", database],
            check=True, capture_output=True, text=True)
    write("replacements.tsv.gz", said.stdout.splitlines())
    write("listed-replacements.tsv.gz", listed.stdout.splitlines())


if __name__ == "__main__":
    main()
