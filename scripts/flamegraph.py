#!/usr/bin/env python3
"""Turn Linux `perf script` output into folded stacks, an SVG flame graph and a plain-text summary.

Usage: perf script -i perf.data | scripts/flamegraph.py [--svg out.svg] [--folded out.folded] [--top N]
           [--title "..."] [--demangle] [--per-thread] [--grep PATTERN ...] [input]

Reads the text `perf script` prints for a `perf record -g` (or `--call-graph dwarf`) capture, from `input` or stdin:
a header line per sample (comm, pid/tid, time, event) followed by indented frame lines `addr symbol+0xoff (dso)`,
leaf first, and a blank line between samples. Offsets are stripped and `[unknown]` symbols become `[dso basename]`.
Every stack gets one root frame: "all", or the thread name (comm) with --per-thread.

  --folded FILE   write Brendan Gregg's folded format, `root;frame;...;leaf count`, sorted
  --svg FILE      write a standalone 1200px-wide flame graph (root at the bottom, no JavaScript)
  --top N         print the N functions with the highest inclusive and self share (default 20, 0 for none)
  --grep PATTERN  print the share of samples with a frame matching the regex (repeatable)
  --demangle      demangle names with `swift demangle --simplified` (left as they are if swift is missing)
"""
import argparse
import collections
import hashlib
import re
import subprocess
import sys
from xml.sax.saxutils import escape, quoteattr

MAX_NAME_LENGTH = 160

# "comm pid/tid [cpu] time:" where comm may contain spaces; pid/tid and cpu are optional parts.
HEADER = re.compile(r"^(?P<comm>.*?)\s+\d+(?:/\d+)?\s+(?:\[\d+\]\s+)?\d+\.\d+:")
# "addr symbol+0xoff (dso)"; the symbol may itself contain spaces and parentheses, the dso is the last group.
FRAME = re.compile(r"^\s*(?P<addr>[0-9a-fA-F]+)\s+(?P<symbol>.*?)(?:\s+\((?P<dso>[^()]*)\))?$")
OFFSET = re.compile(r"\+0x[0-9a-fA-F]+$")


# ---------------------------------------------------------------------------------------------------------------
# Parsing


def frame_name(symbol, dso):
    """The display name of one frame: the symbol without its offset, or the dso basename for unknown symbols."""
    symbol = OFFSET.sub("", symbol.strip())
    if symbol and symbol != "[unknown]":
        return symbol
    dso = (dso or "").strip()
    if not dso or dso == "[unknown]":
        return "[unknown]"
    if dso.startswith("["):  # already bracketed, e.g. [kernel.kallsyms]
        return dso
    return "[" + dso.rstrip("/").rsplit("/", 1)[-1] + "]"


def parse_comm(header):
    match = HEADER.match(header)
    if match and match.group("comm").strip():
        return match.group("comm").strip()
    return header.split()[0]


def parse_samples(lines):
    """Yield (comm, frames) per sample, with frames ordered root-most first (perf prints the leaf first)."""
    comm, frames = None, []
    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            if comm is not None:
                yield comm, frames[::-1]
            comm, frames = None, []
        elif not line[0].isspace():
            if comm is not None:  # a header without a blank line before it ends the previous sample
                yield comm, frames[::-1]
            comm, frames = parse_comm(line), []
        elif comm is not None:
            match = FRAME.match(line)
            if match:
                frames.append(frame_name(match.group("symbol"), match.group("dso")))
    if comm is not None:
        yield comm, frames[::-1]


def count_stacks(samples, per_thread):
    """Count identical stacks; each key is (root, frames) with frames root-most first."""
    stacks = collections.Counter()
    for comm, frames in samples:
        stacks[(comm if per_thread else "all", tuple(frames))] += 1
    return stacks


# ---------------------------------------------------------------------------------------------------------------
# Demangling


def shorten(name):
    return name if len(name) <= MAX_NAME_LENGTH else name[:MAX_NAME_LENGTH - 3] + "..."


def demangle_names(names):
    """Map each name to its `swift demangle --simplified` form; an empty map if swift is missing or misbehaves."""
    names = sorted(names)
    try:
        result = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names) + "\n",
                                capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"warning: not demangling ({error})", file=sys.stderr)
        return {}
    demangled = result.stdout.split("\n")[:len(names)]
    if len(demangled) != len(names):  # one line back per line in, or we can't trust the pairing
        print("warning: swift demangle returned an unexpected line count; not demangling", file=sys.stderr)
        return {}
    return {name: shorten(new) for name, new in zip(names, demangled) if new.strip()}


def demangle_stacks(stacks):
    names = {frame for _, frames in stacks for frame in frames}
    mapping = demangle_names(names)
    demangled = collections.Counter()
    for (root, frames), count in stacks.items():
        demangled[(root, tuple(mapping.get(frame, frame) for frame in frames))] += count
    return demangled


# ---------------------------------------------------------------------------------------------------------------
# Folded output


def folded_lines(stacks):
    """`root;frame;...;leaf count` lines, sorted; ';' inside names would break the format, so it becomes ':'."""
    merged = collections.Counter()
    for (root, frames), count in stacks.items():
        merged[";".join(name.replace(";", ":") for name in (root,) + frames)] += count
    return [f"{stack} {count}" for stack, count in sorted(merged.items())]


# ---------------------------------------------------------------------------------------------------------------
# Summary


def percent(count, total):
    return 100.0 * count / total if total else 0.0


def inclusive_counts(stacks):
    """Samples per function whose stack contains it, counting a function once per sample even if recursive."""
    counts = collections.Counter()
    for (_, frames), count in stacks.items():
        for name in set(frames):
            counts[name] += count
    return counts


def self_counts(stacks):
    counts = collections.Counter()
    for (_, frames), count in stacks.items():
        if frames:
            counts[frames[-1]] += count
    return counts


def print_table(heading, counts, total, top):
    print(f"\n{heading}:")
    for name, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:top]:
        print(f"{percent(count, total):6.1f}%  {name}")


def grep_share(stacks, pattern, per_thread):
    """Samples whose stack has a frame matching the regex (the thread name counts as a frame with --per-thread)."""
    regex = re.compile(pattern)
    matched = 0
    for (root, frames), count in stacks.items():
        candidates = frames + (root,) if per_thread else frames
        if any(regex.search(name) for name in candidates):
            matched += count
    return matched


def print_summary(stacks, top, patterns, per_thread):
    total = sum(stacks.values())
    print(f"Total samples: {total}")
    if top > 0:
        print_table(f"Top {top} inclusive", inclusive_counts(stacks), total, top)
        print_table(f"Top {top} self", self_counts(stacks), total, top)
    if patterns:
        print("\nMatching samples (inclusive):")
        for pattern in patterns:
            print(f"{percent(grep_share(stacks, pattern, per_thread), total):6.1f}%  {pattern}")


# ---------------------------------------------------------------------------------------------------------------
# SVG flame graph

WIDTH = 1200
FRAME_HEIGHT = 16
FONT_SIZE = 12
CHAR_WIDTH = FONT_SIZE * 0.59  # approximate advance of one character in Verdana-ish fonts
PAD_SIDE = 10
PAD_TOP = 2 * FONT_SIZE + 16  # room for the title and the subtitle
PAD_BOTTOM = FONT_SIZE + 12
MIN_FRACTION = 0.001  # frames narrower than 0.1% of all samples are not drawn


class Node:
    __slots__ = ("name", "count", "children")

    def __init__(self, name):
        self.name = name
        self.count = 0
        self.children = {}


def build_tree(stacks):
    """A call tree with one synthetic node above the roots, so "all" or the thread names are its children."""
    top = Node("")
    for (root, frames), count in stacks.items():
        node = top
        node.count += count
        for name in (root,) + frames:
            node = node.children.setdefault(name, Node(name))
            node.count += count
    return top


def layout(top, min_count):
    """Yield (name, count, depth, x_count) per drawn frame; x_count is the samples to its left, depth 0 the root."""
    def visit(node, depth, x_count):
        yield node.name, node.count, depth, x_count
        for name in sorted(node.children):  # alphabetical, as in the classic flame graph
            child = node.children[name]
            if child.count >= min_count:
                yield from visit(child, depth + 1, x_count)
            x_count += child.count

    x_count = 0
    for name in sorted(top.children):
        child = top.children[name]
        if child.count >= min_count:
            yield from visit(child, 0, x_count)
        x_count += child.count


def frame_colour(name):
    """A warm (red-orange-yellow) colour derived deterministically from the name."""
    digest = hashlib.md5(name.encode("utf-8", "replace")).digest()
    red = 205 + digest[0] * 50 // 255
    green = digest[1] * 230 // 255
    blue = digest[2] * 55 // 255
    return f"rgb({red},{green},{blue})"


def clip_text(name, width):
    """The name cut to fit a box `width` pixels wide, or "" if not even a few characters fit."""
    fits = int((width - 6) / CHAR_WIDTH)
    if fits < 3:
        return ""
    return name if len(name) <= fits else name[:fits - 2] + ".."


XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def xml_text(text):
    return escape(XML_INVALID.sub("?", text))


def render_svg(stacks, title):
    top = build_tree(stacks)
    total = top.count
    frames = list(layout(top, max(1, total * MIN_FRACTION))) if total else []
    depth = max((frame[2] for frame in frames), default=0) + 1
    height = PAD_TOP + depth * FRAME_HEIGHT + PAD_BOTTOM
    scale = (WIDTH - 2 * PAD_SIDE) / total if total else 0

    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}">',
        "<style>text { font-family: Verdana, sans-serif; font-size: %dpx; fill: #000; } "
        ".title { font-size: 17px; text-anchor: middle; } .sub { fill: #555; text-anchor: middle; } "
        "rect { stroke: #fff; stroke-width: 0.5; } g:hover rect { stroke: #000; }</style>" % FONT_SIZE,
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#f8f8f8" style="stroke:none"/>',
        f'<text class="title" x="{WIDTH / 2}" y="{FONT_SIZE + 8}">{xml_text(title)}</text>',
        f'<text class="sub" x="{WIDTH / 2}" y="{2 * FONT_SIZE + 10}">{total} samples; '
        f'frames under {MIN_FRACTION:.1%} of them are not shown; hover a frame for details</text>',
    ]
    for name, count, level, x_count in frames:
        x = PAD_SIDE + x_count * scale
        width = count * scale
        y = PAD_TOP + (depth - 1 - level) * FRAME_HEIGHT  # root at the bottom
        tooltip = f"{name} ({count} samples, {percent(count, total):.2f}%)"
        out.append(f"<g><title>{xml_text(tooltip)}</title>"
                   f'<rect x="{x:.2f}" y="{y}" width="{width:.2f}" height="{FRAME_HEIGHT - 1}" '
                   f"fill={quoteattr(frame_colour(name))} rx=\"2\" ry=\"2\"/>")
        label = clip_text(name, width)
        if label:
            out.append(f'<text x="{x + 3:.2f}" y="{y + FRAME_HEIGHT - 4}">{xml_text(label)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------------------------


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input", nargs="?", help="perf script output (default: stdin)")
    parser.add_argument("--svg", help="write an SVG flame graph here")
    parser.add_argument("--folded", help="write folded stacks here")
    parser.add_argument("--top", type=int, default=20, help="rows in the inclusive and self tables (0: none)")
    parser.add_argument("--title", default="Flame Graph")
    parser.add_argument("--demangle", action="store_true", help="demangle with `swift demangle --simplified`")
    parser.add_argument("--per-thread", action="store_true", help="root each stack at its thread name")
    parser.add_argument("--grep", action="append", default=[], metavar="PATTERN",
                        help="print the share of samples with a frame matching this regex (repeatable)")
    return parser.parse_args()


def main():
    args = parse_arguments()
    for pattern in args.grep:  # fail early on a bad regex, before reading a possibly large input
        try:
            re.compile(pattern)
        except re.error as error:
            sys.exit(f"error: bad --grep pattern {pattern!r}: {error}")

    if args.input:
        with open(args.input, encoding="utf-8", errors="replace") as file:
            stacks = count_stacks(parse_samples(file), args.per_thread)
    else:
        stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False)
        stacks = count_stacks(parse_samples(stdin), args.per_thread)
    if not stacks:
        print("warning: no samples found in the input", file=sys.stderr)
    if args.demangle and stacks:
        stacks = demangle_stacks(stacks)

    if args.folded:
        with open(args.folded, "w", encoding="utf-8") as file:
            file.writelines(line + "\n" for line in folded_lines(stacks))
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as file:
            file.write(render_svg(stacks, args.title))
    print_summary(stacks, args.top, args.grep, args.per_thread)


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # e.g. piped into `head`; not an error worth a traceback
        sys.stderr.close()
        sys.exit(1)
