#!/usr/bin/env python3
"""Checks that every target of Package.swift imports exactly what it declares.

- Each module a target's sources import must be declared as a dependency of that target, unless the toolchain
  ships it (Foundation, Synchronization, Testing, ...). SwiftPM's --explicit-target-dependency-import-check would
  check this direction, but on Linux it reports nothing (tried with Swift 6.3: an undeclared `import NIOPosix` in
  RepoFinderServer built without a word), so this script is the check.
- Each declared dependency must be imported by at least one source file of the target (so nothing is linked for
  nothing, and the graph in docs/architecture.md stays true).

Usage: python3 scripts/check-imports.py   (from the package root; prints one line per problem, exits 1 if any)
"""
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |fileprivate |private )?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.M)
# Modules that come with the toolchain, not the package graph.
TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "Musl",
             "Synchronization", "Testing", "XCTest", "Observation", "os", "_Concurrency", "Swift"}


def main():
    package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], text=True))
    targets = {target["name"]: target for target in package["targets"]}
    # Product name -> module names, for the packages we depend on (module = product name in all of ours but a few).
    problems = []
    for name, target in targets.items():
        if target["type"] in ("plugin", "system", "binary", "macro"):
            continue
        declared = {}
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    declared[dependency[kind][0]] = kind
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        imported = {}
        for folder, _, files in os.walk(path):
            for file in files:
                if file.endswith(".swift"):
                    text = open(os.path.join(folder, file), encoding="utf-8").read()
                    for module in IMPORT.findall(text):
                        imported.setdefault(module, os.path.join(folder, file))
        for module, file in sorted(imported.items()):
            if module in TOOLCHAIN or module == name:
                continue
            if module not in declared:
                problems.append(f"{name}: {file} imports {module}, which the target does not declare")
        for module in sorted(declared):
            # The OpenAPI generator is a build plugin, not an import.
            if module not in imported and module not in ("OpenAPIGenerator",):
                problems.append(f"{name}: declares {module} but no file imports it")
    for problem in problems:
        print("imports:", problem)
    print(f"imports: {len(targets)} targets checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
