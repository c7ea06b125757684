#!/usr/bin/env python3
"""Checks the compile-time stand-in of Apple's frameworks (Apps/StandIn) against Apple's documented declarations.

Every public symbol of the stand-in modules, as `swift symbolgraph-extract` reports it, must have a documented twin in
Apps/StandIn/facts/*.jsonl (harvested from developer.apple.com's documentation pages: each symbol's precise identifier
and declaration). A twin is found by identifier; for symbols Apple declares in Objective-C or C (their identifiers
start with `c:`, which Swift on Linux cannot produce) by the documentation path instead. A twin's declaration must
match once attributes, `nonisolated` and spacing are set aside. Anything else fails:

- a stand-in symbol with no documented twin;
- a twin whose declaration differs (a missing argument label, another type);
- `@_documentation(visibility:)` used for anything but the `body` (or a gesture's `Value`) of a view the framework
  draws itself: Apple's interface hides those members the same way, and nothing else may hide.

symbolgraph-extract leaves out names that begin with an underscore (`_ConditionalContent`, `_ChangedGesture`,
`_EndedGesture`: the types Apple's documented builder and gesture declarations return), so those are not checked; the
declarations that name them are.

A few identifiers differ on Linux for reasons outside the stand-in, and are rewritten before comparing (TYPE_RENAMES):
Linux's Foundation declares CGFloat (Apple: CoreFoundation), CGSize and CGRect (Apple: C structs) itself, and URL, Date,
Data and Locale in FoundationEssentials (Apple keeps them in Foundation); Bundle and the Objective-C classes written in
Swift here are imported from Objective-C there (`So…C`); Foundation's localization API, missing on Linux, lives in the
SwiftUI stand-in.

Apple's documentation corpus this project can search lacks the pages of some symbols the app needs (it holds one page
per overload group, often another overload). Those are listed, each with the page that should document it and why, in
Apps/StandIn/facts/absent-pages.tsv; they count as unverified, and the check fails on any symbol neither documented
nor listed, and on a listed one that has since become documented (so the list only shrinks).

Usage: check-standin.py [--build-dir .build/debug] [--quiet]
"""
import argparse, glob, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDIN = os.path.join(ROOT, "Apps", "StandIn")
MODULES = [
    "UIKit", "CoreTransferable", "SwiftUI", "SafariServices", "Charts", "Security",
    "_AuthenticationServices_SwiftUI", "AuthenticationServices",
]
# Where a stand-in module's Objective-C classes are documented, when it is not the module's own name: the overlay
# holds the two classes its signatures name (Linux has no cross-import overlays; see its source).
DOC_MODULES = {"_AuthenticationServices_SwiftUI": "AuthenticationServices"}
OBJC_CLASSES = {"UIKit": ["UIImage", "UIViewController"], "SafariServices": ["SFSafariViewController"]}
TYPE_RENAMES = [
    ("10Foundation7CGFloatV", "14CoreFoundation7CGFloatV"),
    ("10Foundation6CGSizeV", "So6CGSizeV"),
    ("10Foundation6CGRectV", "So6CGRectV"),
    ("20FoundationEssentials3URLV", "10Foundation3URLV"),
    ("20FoundationEssentials4DateV", "10Foundation4DateV"),
    ("20FoundationEssentials4DataV", "10Foundation4DataV"),
    ("20FoundationEssentials6LocaleV", "10Foundation6LocaleV"),
    ("10Foundation6BundleC", "So8NSBundleC"),
    ("SS7SwiftUIE", "SS10FoundationE"),
]
for module, classes in OBJC_CLASSES.items():
    for name in classes:
        TYPE_RENAMES.append((f"{len(module)}{module}{len(name)}{name}C", f"So{len(name)}{name}C"))


ALIASES = [("EmptyContent", "EmptyView")]


def normalize_declaration(text):
    for alias, name in ALIASES:
        text = re.sub(rf"\b{alias}\b", name, text)
    # A type's conformances are relationships, not part of its declaration's signature.
    text = re.sub(r"^((?:@\w+(?:\([^()]*\))?\s+|\w+\s+)*(?:struct|class|enum|protocol)\s+\w+(?:<[^>]*>)?)\s*:[^{]*?(\swhere\s.*)?$",
                  lambda m: m.group(1) + (m.group(2) or ""), text)
    text = re.sub(r"@\w+(\([^()]*\))?", " ", text)
    text = re.sub(r"\bnonisolated\(unsafe\)", " ", text)
    text = re.sub(r"\b(nonisolated|sending|final|open|public|convenience|mutating)\b", " ", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s*([:,()<>\[\]])\s*", r"\1", text)
    return text


def load_facts():
    by_id, by_doc = {}, {}
    for path in sorted(glob.glob(os.path.join(STANDIN, "facts", "*.jsonl"))):
        for number, line in enumerate(open(path), 1):
            line = line.strip()
            if not line:
                continue
            fact = json.loads(line)
            if fact.get("missing"):
                continue
            fact["source"] = f"{os.path.basename(path)}:{number}"
            identifier = fact["preciseIdentifier"].split("::")[0]
            by_id.setdefault(identifier, []).append(fact)
            by_doc[re.sub(r"-[0-9a-z]{4,6}$", "", fact["doc"]).lower()] = fact
    return by_id, by_doc


def extract(build_dir):
    out = tempfile.mkdtemp(prefix="standin-symbols-")
    modules_dir = os.path.join(build_dir, "Modules")
    symbols = []
    for module in MODULES:
        target = f"{os.uname().machine}-unknown-linux-gnu"
        result = subprocess.run(
            ["swift", "symbolgraph-extract", "-module-name", module, "-I", modules_dir, "-target", target,
             "-minimum-access-level", "public", "-output-dir", out],
            capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"symbolgraph-extract failed for {module}:\n{result.stderr}")
    for path in sorted(glob.glob(os.path.join(out, "*.symbols.json"))):
        graph = json.load(open(path))
        module = graph["module"]["name"]
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise:
                continue
            symbols.append({
                "module": module,
                "precise": precise,
                "path": symbol["pathComponents"],
                "kind": symbol["kind"]["displayName"],
                "declaration": "".join(f["spelling"] for f in symbol.get("declarationFragments", [])),
            })
    return symbols


DEMANGLED_RENAMES = [
    ("_AuthenticationServices_SwiftUI.ASWebAuthenticationSession.Callback", "__C.ASWebAuthenticationSessionCallback"),
    ("FoundationEssentials.", "Foundation."),
    ("Foundation.CGFloat", "CoreFoundation.CGFloat"),
    ("Foundation.CGSize", "__C.CGSize"),
    ("Foundation.CGRect", "__C.CGRect"),
    ("Foundation.Bundle", "__C.NSBundle"),
    ("(extension in SwiftUI):Swift.String", "(extension in Foundation):Swift.String"),
] + [(f"{module}.{name}", f"__C.{name}") for module, names in OBJC_CLASSES.items() for name in names]


def demangle(identifiers):
    """Swift identifiers as `swift demangle` spells them: module-qualified names, so that a type living in another
    module on Linux is renamed by name rather than by rewriting the mangling (whose back-references shift)."""
    swift = [i for i in identifiers if i.startswith("s:")]
    result = subprocess.run(["swift", "demangle", "--compact"], input="\n".join("$s" + i[2:] for i in swift),
                            capture_output=True, text=True, check=True)
    return dict(zip(swift, result.stdout.split("\n")))


def linux_spelling_to_apple(text):
    for linux, apple in DEMANGLED_RENAMES:
        text = text.replace(linux, apple)
    return text


def linux_to_apple(identifier):
    for linux, apple in TYPE_RENAMES:
        identifier = identifier.replace(linux, apple)
    return identifier


def check_hidden_members():
    problems = []
    for path in sorted(glob.glob(os.path.join(STANDIN, "**", "*.swift"), recursive=True)):
        for number, line in enumerate(open(path), 1):
            if "@_documentation(visibility:" not in line:
                continue
            if not re.search(r"public (var body: Never|typealias (Value|Body) = )", line):
                problems.append(f"{os.path.relpath(path, ROOT)}:{number}: only a drawn view's body may be hidden")
    return problems


def load_absent():
    absent = {}
    path = os.path.join(STANDIN, "facts", "absent-pages.tsv")
    if os.path.exists(path):
        for line in open(path):
            if line.strip() and not line.startswith("#"):
                identifier, doc, reason = line.rstrip("\n").split("\t")
                absent[identifier] = (doc, reason)
    return absent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=os.path.join(ROOT, ".build", "debug"))
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--write-absent", action="store_true", help="list every undocumented symbol as absent (review it!)")
    args = parser.parse_args()
    by_id, by_doc = load_facts()
    symbols = extract(args.build_dir)
    problems = check_hidden_members()
    apple_spelled = demangle(list(by_id))
    by_spelling = {apple_spelled[i]: by_id[i] for i in by_id if i in apple_spelled}
    mine_spelled = demangle([s["precise"] for s in symbols])
    absent = load_absent()
    unverified = []
    matched_id = matched_doc = 0
    for symbol in symbols:
        apple = linux_to_apple(symbol["precise"])
        name = "/".join(symbol["path"])
        facts = by_id.get(apple)
        if facts is None and symbol["precise"] in mine_spelled:
            facts = by_spelling.get(linux_spelling_to_apple(mine_spelled[symbol["precise"]]))
            if facts is not None:
                apple = facts[0]["preciseIdentifier"].split("::")[0]
        if facts is None:
            doc = f"/documentation/{DOC_MODULES.get(symbol['module'], symbol['module'])}/{name}".lower()
            fact = by_doc.get(doc)
            if fact is not None and fact["preciseIdentifier"].startswith("c:"):
                facts = [fact]
                matched_doc += 1
            elif apple in absent:
                unverified.append((apple, symbol))
                continue
            else:
                unverified.append((apple, symbol))
                problems.append(f"{symbol['module']}.{name} ({symbol['kind']}): no documented twin for {apple}")
                continue
        else:
            matched_id += 1
            if apple in absent:
                problems.append(f"{symbol['module']}.{name} is documented now: take it off absent-pages.tsv")
        mine = normalize_declaration(symbol["declaration"])
        if not any(normalize_declaration(f.get("declaration", "")) == mine for f in facts):
            problems.append(
                f"{symbol['module']}.{name}: declaration differs from the documented one\n"
                f"    stand-in: {symbol['declaration']}\n    Apple:    {facts[0].get('declaration')} ({facts[0]['source']})")
    present = {linux_to_apple(s["precise"]) for s in symbols} | {apple for apple, _ in unverified}
    for identifier, (doc, _) in sorted(absent.items()):
        if identifier not in present:
            problems.append(f"absent-pages.tsv lists {doc}, which the stand-in no longer declares: take it off")
    if args.write_absent:
        with open(os.path.join(STANDIN, "facts", "absent-pages.tsv"), "w") as out:
            out.write("# identifier\tpage that should document it\twhy it is not checked\n")
            for apple, symbol in sorted(unverified, key=lambda u: "/".join(u[1]["path"])):
                doc = f"/documentation/{DOC_MODULES.get(symbol['module'], symbol['module'])}/" + "/".join(symbol["path"])
                reason = absent.get(apple, (doc, "page absent from the documentation corpus"))[1]
                out.write(f"{apple}\t{doc}\t{reason}\n")
        problems = [p for p in problems if "no documented twin" not in p and "no longer declares" not in p]
    print(f"stand-in symbols: {len(symbols)}; matched by identifier {matched_id}, by documentation path "
          f"{matched_doc} (Objective-C/C); "
          f"unverified (page absent from the corpus) {len(unverified)}; problems {len(problems)}")
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
