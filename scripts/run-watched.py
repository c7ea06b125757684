#!/usr/bin/env python3
"""Runs a test command with its output in a log file, and stops it if it stalls.

    scripts/run-watched.py LOG [--stall SECONDS] -- COMMAND...

A healthy `swift test` run writes a line every few seconds. When the log has not grown for --stall seconds (300 by
default, or REPOFINDER_TEST_STALL_SECONDS), the run is stuck: this prints which tests started and never finished,
what PostgreSQL's sessions are doing (when REPOFINDER_TEST_POSTGRES_URL is set) and every thread's stack (when gdb is
installed; into LOG's folder as stall-threads.txt), then kills the command and exits 124. CI then fails in minutes,
with what is needed to find the cause, instead of waiting for its own time limit. Otherwise the command's exit
status is returned.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time

STARTED = re.compile(r'^◇ (Test|Suite) ("(?:[^"\\]|\\.)*"|\S+) started\.')
ENDED = re.compile(r'^[✔✘↪] (Test|Suite) ("(?:[^"\\]|\\.)*"|\S+)')
COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def unfinished(log_path):
    """The tests and suites the log says started and never passed, failed or were skipped."""
    started, ended = {}, set()
    with open(log_path, encoding="utf-8", errors="replace") as log:
        for number, line in enumerate(log, 1):
            line = COLOUR.sub("", line)
            match = STARTED.match(line)
            if match:
                started.setdefault((match.group(1), match.group(2)), number)
                continue
            match = ENDED.match(line)
            if match:
                ended.add((match.group(1), match.group(2)))
    return [(number, kind, name) for (kind, name), number in sorted(started.items(), key=lambda item: item[1])
            if (kind, name) not in ended and name != "run"]


def run_quietly(arguments, timeout=60):
    try:
        done = subprocess.run(arguments, capture_output=True, text=True, timeout=timeout)
        return done.stdout + done.stderr
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"({' '.join(arguments[:2])}: {error})\n"


def descendants(pid):
    """`pid` and every process below it (from /proc), so that the test binary itself can be examined."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry))
    found, waiting = [], [pid]
    while waiting:
        current = waiting.pop()
        found.append(current)
        waiting.extend(children.get(current, []))
    return found


def report_stall(log_path, process, stall):
    folder = os.path.dirname(os.path.abspath(log_path))
    print(f"watch: no test output for {stall} s: the run is stuck. Started and never finished:")
    for number, kind, name in unfinished(log_path):
        print(f"watch:   {kind} {name} (log line {number})")
    url = os.environ.get("REPOFINDER_TEST_POSTGRES_URL")
    if url:
        print("watch: PostgreSQL sessions that are not idle:")
        print(run_quietly(["psql", url, "-c",
                           "SELECT pid, state, wait_event_type, wait_event, now() - xact_start AS in_transaction, "
                           "left(query, 100) AS query FROM pg_stat_activity "
                           "WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()"]))
    processes = descendants(process.pid)
    print("watch: processes:", run_quietly(["ps", "-o", "pid,ppid,stat,etime,args", "-p",
                                            ",".join(map(str, processes))]))
    if run_quietly(["sh", "-c", "command -v gdb"]).strip():
        stacks = os.path.join(folder, "stall-threads.txt")
        with open(stacks, "w") as out:
            for pid in processes:
                out.write(f"=== process {pid}\n")
                out.write(run_quietly(["gdb", "-p", str(pid), "-batch", "-ex", "info threads",
                                       "-ex", "thread apply all bt 30"], timeout=120))
        print(f"watch: every thread's stack is in {stacks}")
    os.killpg(process.pid, signal.SIGKILL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("--stall", type=int,
                        default=int(os.environ.get("REPOFINDER_TEST_STALL_SECONDS", "300")))
    arguments = sys.argv[1:]
    split = arguments.index("--") if "--" in arguments else len(arguments)
    options = parser.parse_args(arguments[:split])
    command = arguments[split + 1:]
    if not command or options.stall < 1:
        parser.error("give a positive --stall and a command after --")
    # Line-buffered (stdbuf, inherited by the test binary swift test starts): into a file, the test binary's standard
    # output is otherwise written 4 KB at a time, and as the run's last long tests end alone the log could stay the same
    # size for over four minutes of healthy progress (2026-11-29: 4 min 19 s, a line cut in half at its end), near the
    # stall time, while a finished test's line waited in the buffer.
    if shutil.which("stdbuf"):
        command = ["stdbuf", "-oL", "-eL"] + command
    with open(options.log, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        size, quiet_since = -1, time.monotonic()
        while process.poll() is None:
            time.sleep(5)
            current = os.path.getsize(options.log)
            if current != size:
                size, quiet_since = current, time.monotonic()
            elif time.monotonic() - quiet_since >= options.stall:
                report_stall(options.log, process, options.stall)
                process.wait()
                return 124
    return process.returncode


if __name__ == "__main__":
    sys.exit(main())
