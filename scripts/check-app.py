#!/usr/bin/env python3
"""Checks the iPhone app's sources (Apps/RepoFinder.swiftpm/Sources) for what the stand-in cannot see:

- every visible word comes from the String Catalog: each `String(localized: "…", bundle: .module, comment: "…")` in the
  sources has its key (with the same translator comment) in Screens/Resources/Localizable.xcstrings and the catalogue
  has no other key; no view passes a string literal to Text, Button, Label, Section, a title or an accessibility label;
- views decide nothing by hand: no number or date formatting in the app's sources (the app core's RepositoryFacts,
  CardFacts and friends word and format everything, in the person's locale);
- and it reports the sources' size and the longest view body, for the record.

Usage: check-app.py [--write] (--write rewrites the catalogue from the sources; review the diff).
"""
import argparse, glob, json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Apps", "RepoFinder.swiftpm", "Sources")
CATALOG = os.path.join(SOURCES, "Screens", "Resources", "Localizable.xcstrings")
STRING = r'"((?:[^"\\]|\\.)*)"'
LOCALIZED = re.compile(r"String\(\s*localized:\s*" + STRING + r"\s*,\s*bundle:\s*\.module\s*,\s*comment:\s*" + STRING + r"\s*\)")
LITERAL_UI = re.compile(
    r"\b(Text|Button|Label|Section|TextField|Picker|ContentUnavailableView|navigationTitle|accessibilityLabel|"
    r"accessibilityHint|confirmationDialog)\(\s*\"|accessibilityAction\(named:\s*\"")
BY_HAND = re.compile(r"\.formatted\(|String\(format:|DateFormatter|NumberFormatter|ByteCountFormatter|\.rounded\(")


def swift_files():
    return sorted(glob.glob(os.path.join(SOURCES, "**", "*.swift"), recursive=True))


def longest_body(text):
    """The longest `var body: some View { … }` of a file, in lines."""
    best = 0
    for match in re.finditer(r"var body: some (View|Scene) \{", text):
        depth, start = 0, match.end() - 1
        for index in range(start, len(text)):
            if text[index] == "{":
                depth += 1
            elif text[index] == "}":
                depth -= 1
                if depth == 0:
                    best = max(best, text[start:index].count("\n") + 1)
                    break
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    problems, keys = [], {}
    lines, bodies = 0, []
    for path in swift_files():
        text = open(path).read()
        name = os.path.relpath(path, SOURCES)
        lines += text.count("\n")
        bodies.append((longest_body(text), name))
        for key, comment in LOCALIZED.findall(text):
            key = re.sub(r"\\\([^)]*\)", "%lld", key)  # an interpolated number, as Foundation keys it
            if key in keys and keys[key] != comment:
                problems.append(f"{name}: \"{key}\" has two translator comments")
            keys[key] = comment
        if os.path.basename(path) != "Copy.swift":
            for number, line in enumerate(text.splitlines(), 1):
                if LITERAL_UI.search(line):
                    problems.append(f"{name}:{number}: a literal shown to people; put it in Copy (the String Catalog)")
        for number, line in enumerate(text.splitlines(), 1):
            if BY_HAND.search(line):
                problems.append(f"{name}:{number}: formats by hand; let the app core word it")
    catalog = {
        "sourceLanguage": "en",
        "strings": {
            key: {
                "comment": comment,
                "extractionState": "manual",
                "localizations": {"en": {"stringUnit": {"state": "translated", "value": key}}},
            }
            for key, comment in sorted(keys.items())
        },
        "version": "1.0",
    }
    if args.write:
        with open(CATALOG, "w") as out:
            out.write(json.dumps(catalog, indent=2, sort_keys=True, ensure_ascii=False, separators=(",", " : ")) + "\n")
    stored = json.load(open(CATALOG))["strings"]
    for key in sorted(set(keys) - set(stored)):
        problems.append(f"Localizable.xcstrings lacks \"{key}\" (scripts/check-app.py --write)")
    for key in sorted(set(stored) - set(keys)):
        problems.append(f"Localizable.xcstrings has \"{key}\", which no source uses")
    for key in sorted(set(keys) & set(stored)):
        if stored[key].get("comment") != keys[key]:
            problems.append(f"Localizable.xcstrings: \"{key}\" has another translator comment than its source")
    bodies.sort(reverse=True)
    print(f"app sources: {len(swift_files())} files, {lines} lines; {len(keys)} strings in the catalogue; "
          f"longest view body {bodies[0][0]} lines ({bodies[0][1]}); problems {len(problems)}")
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
