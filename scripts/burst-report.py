#!/usr/bin/env python3
"""How many repositories the burst rule flags in daily trending over every day of a database's star snapshots.

Usage: scripts/burst-report.py [--repofinder PATH] --database DB [--window daily|weekly|monthly] [--top N]

For each day the snapshots cover (after the first window), asks `repofinder trending --bursts only` (the 400
largest gains of the day are judged) and counts the flagged repository-days and distinct repositories; prints the
top N flags by factor (the day's gain over the repository's usual daily gain) so a person can look at them.
"""
import argparse
import datetime
import json
import subprocess
import sys


def trending(repofinder, database, window, day):
    output = subprocess.run(
        [repofinder, "trending", "--database", database, "--since", window, "--bursts", "only", "--limit", "100",
         "--as-of", day, "--format", "json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repofinder", default=".build/debug/repofinder")
    parser.add_argument("--database", required=True)
    parser.add_argument("--window", default="daily")
    parser.add_argument("--top", type=int, default=5)
    options = parser.parse_args()
    stats = json.loads(subprocess.run(
        [options.repofinder, "stats", "--database", options.database, "--format", "json"],
        check=True, capture_output=True, text=True).stdout)
    first = datetime.date.fromisoformat(stats["firstSnapshotDay"])
    last = datetime.date.fromisoformat(stats["lastSnapshotDay"])
    span = {"daily": 1, "weekly": 7, "monthly": 30}[options.window]
    day = first + datetime.timedelta(days=span)
    flags = []
    days = 0
    while day <= last:
        page = trending(options.repofinder, options.database, options.window, day.isoformat())
        days += 1
        for item in page["items"]:
            burst = item["burst"]
            flags.append((burst["gain"] / max(burst["usualDailyGain"], 1), day.isoformat(),
                          item["repository"]["fullName"], item["repository"]["stars"], burst["note"]))
        day += datetime.timedelta(days=1)
    repositories = {flag[2] for flag in flags}
    print(f"{options.window} windows judged: {days} ({first} .. {last})")
    print(f"flagged repository-windows: {len(flags)}; distinct repositories: {len(repositories)}")
    print(f"top {options.top} by factor:")
    for factor, day, name, stars, note in sorted(flags, reverse=True)[:options.top]:
        print(f"  {factor:7.1f}x  {day}  {name} (★ {stars:,})  {note}")


if __name__ == "__main__":
    sys.exit(main())
