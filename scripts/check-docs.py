#!/usr/bin/env python3
"""Checks the README and docs/: the README stays a page a newcomer reads (at most 150 lines, none over 120 columns),
and every relative link of README.md and docs/*.md leads to a file that exists (and to a heading that exists, when it
names one). Run by the test command."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^a-z0-9 \-]", "", text).replace(" ", "-")


def anchors(path):
    return {slug(line.lstrip("#")) for line in path.read_text().splitlines() if line.startswith("#")}


def problems():
    found = []
    readme = ROOT / "README.md"
    lines = readme.read_text().splitlines()
    if len(lines) > 150:
        found.append(f"README.md has {len(lines)} lines (at most 150: move detail to docs/)")
    found += [f"README.md:{n}: {len(line)} columns (at most 120)" for n, line in enumerate(lines, 1) if len(line) > 120]
    in_code = False
    for page in [readme, *sorted((ROOT / "docs").glob("*.md"))]:
        for number, line in enumerate(page.read_text().splitlines(), 1):
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for target in LINK.findall(line):
                if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("/"):
                    continue  # a web address, a URL scheme, or a path of the running server
                file, _, anchor = target.partition("#")
                destination = (page.parent / file).resolve() if file else page
                where = f"{page.relative_to(ROOT)}:{number}"
                if file.startswith("../shared/") or "/shared/" in str(destination) and not destination.exists():
                    continue  # the shared folder beside the clone (present on CI, not part of this repository)
                if not destination.exists():
                    found.append(f"{where}: {target} does not exist")
                elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
                    found.append(f"{where}: {target}: no heading #{anchor}")
    return found


def main():
    found = problems()
    for problem in found:
        print(f"docs: {problem}", file=sys.stderr)
    if found:
        sys.exit(1)
    pages = len(list((ROOT / "docs").glob("*.md")))
    print(f"docs: README.md {len((ROOT / 'README.md').read_text().splitlines())} lines; links of it and {pages} pages "
          "in docs/ lead somewhere")


if __name__ == "__main__":
    main()
