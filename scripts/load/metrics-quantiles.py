#!/usr/bin/env python3
"""Quantiles of histograms in a server's /metrics (Prometheus text), interpolated within buckets as Prometheus'
histogram_quantile does: for each NAME, `NAME_p50_ms=… NAME_p99_ms=… NAME_count=…`.

Usage: metrics-quantiles.py URL NAME[=LABEL] ...   (e.g. repofinder_ask_first_words_seconds=first_words)"""

import sys
import urllib.request


def quantile(q, buckets):
    """`buckets`: (upper bound, cumulative count), sorted, ending with +Inf."""
    total = buckets[-1][1]
    if total == 0:
        return float("nan")
    rank = q * total
    lower, below = 0.0, 0
    for bound, cumulative in buckets:
        if cumulative >= rank:
            if bound == float("inf"):
                return lower
            inside = cumulative - below
            return lower + (bound - lower) * ((rank - below) / inside if inside else 1)
        lower, below = bound, cumulative
    return lower


def main():
    url, names = sys.argv[1], sys.argv[2:]
    text = urllib.request.urlopen(url.rstrip("/") + "/metrics", timeout=10).read().decode()
    parts = []
    for spec in names:
        name, _, label = spec.partition("=")
        label = label or name
        buckets = []
        for line in text.splitlines():
            if line.startswith(name + "_bucket{le="):
                bound = line.split('le="', 1)[1].split('"', 1)[0]
                buckets.append((float("inf") if bound == "+Inf" else float(bound), int(line.rsplit(" ", 1)[1])))
        buckets.sort()
        count = buckets[-1][1] if buckets else 0
        p50, p99 = (quantile(0.5, buckets), quantile(0.99, buckets)) if count else (float("nan"),) * 2
        parts.append(f"{label}_p50_ms={p50 * 1000:.1f} {label}_p99_ms={p99 * 1000:.1f} {label}_count={count}")
    print(" ".join(parts))


if __name__ == "__main__":
    main()
