#!/usr/bin/env python3
"""Does the project type help a cold start? Deals a 20-card deck for eight stacks with and without a project type
(`repofinder deck --project`) and prints, for each, how many cards fall in the cluster the project is about and how
many give the project as a reason; then the totals side by side.

Usage: python3 scripts/measure-project-type.py [BINARY] [DATABASE]   (defaults: .build/release/repofinder, a
temporary SQLite file that the first deck fills with the starter catalog)
"""
import json
import os
import subprocess
import sys
import tempfile

# (stack, project type in a person's words, the cluster that project is about)
CASES = [
    ("Kotlin", "mobile app", "mobile"),
    ("Python", "machine learning pipeline", "machine-learning"),
    ("Go", "CLI tool", "developer-tools"),
    ("TypeScript", "web frontend dashboard", "web-frontend"),
    ("Rust", "game engine", "games-graphics"),
    ("Java", "REST API backend", "web-backend"),
    ("C++", "database engine", "data"),
    ("JavaScript", "browser extension for privacy", "security"),
]


def deck(binary, database, stack, project=None):
    arguments = [binary, "deck", "--stack", stack, "--size", "20", "--format", "json", "--database", database]
    if project:
        arguments += ["--project", project]
    output = subprocess.run(arguments, check=True, capture_output=True, text=True).stdout
    return json.loads(output)["items"]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/repofinder"
    database = sys.argv[2] if len(sys.argv) > 2 else os.path.join(tempfile.mkdtemp(), "project.sqlite")
    totals = {"without": 0, "with": 0, "reasons": 0}
    print(f"{'stack':<11} {'project':<30} {'cluster':<17} without  with  'fits your project'")
    for stack, project, cluster in CASES:
        without = deck(binary, database, stack)
        with_project = deck(binary, database, stack, project)
        hits_without = sum(card["cluster"] == cluster for card in without)
        hits_with = sum(card["cluster"] == cluster for card in with_project)
        reasons = sum(any("fits your project" in r for r in card["reasons"]) for card in with_project)
        totals["without"] += hits_without
        totals["with"] += hits_with
        totals["reasons"] += reasons
        print(f"{stack:<11} {project:<30} {cluster:<17} {hits_without:>5}/20 {hits_with:>3}/20 {reasons:>6}")
    cards = 20 * len(CASES)
    print(f"project type: cards in the project's cluster {totals['without']}/{cards} without, "
          f"{totals['with']}/{cards} with; {totals['reasons']} cards say they fit the project")


if __name__ == "__main__":
    main()
