#!/usr/bin/env python3
"""Search as people use it (issue 24), in headless Chromium against a server holding the whole shared catalog:
suggestions appear while typing (and the keyboard picks one), "terminal file manager" puts yazi, nnn and ranger
among the first five with the matched words marked, an unknown word gets "Did you mean", and a suggestion opens its
repository. Screenshots of the search screen (phone and desktop) go to --screenshots.

Usage: search.py --url SERVER --artifacts DIR [--screenshots DIR]   (run by scripts/web-e2e.sh)"""

import argparse
import sys
import time
import traceback
from pathlib import Path

from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).parent))
from e2e import DESKTOP, PHONE, Browser, Failure, warm  # noqa: E402
from walk import CHECK, SCREENS, console_errors  # noqa: E402
import smallthings  # noqa: E402


def typed(field, text):
    """Types like a person: a character at a time, a little apart."""
    for character in text:
        field.send_keys(character)
        time.sleep(0.03)


def suggestions(b):
    return [el.text.split("\n")[0] for el in b.finds("#search-suggestions .suggest-option")] \
        if b.js("return !document.getElementById('search-suggestions').hidden") else []


def check(b, shots):
    b.go("/search")
    field = b.wait("the search field", lambda: b.find('input[name="q"]'))
    field.click()
    typed(field, "term")
    shown = b.wait("suggestions while typing 'term'", lambda: suggestions(b), 5)
    if b.find('input[name="q"]').get_attribute("aria-expanded") != "true":
        raise Failure("the field does not say its suggestions are open (aria-expanded)")
    if shots:
        b.driver.save_screenshot(str(shots / "search-suggestions-phone.png"))
    # The keyboard: down to the first suggestion, Escape closes the list.
    field.send_keys(Keys.ARROW_DOWN)
    active = b.find('input[name="q"]').get_attribute("aria-activedescendant")
    if active != "suggestion-0":
        raise Failure(f"ArrowDown did not select the first suggestion (aria-activedescendant={active!r})")
    field.send_keys(Keys.ESCAPE)
    b.wait("Escape to close the suggestions", lambda: not suggestions(b), 3)

    typed(field, "inal file manager")
    field.send_keys(Keys.ENTER)
    b.wait("results for terminal file manager",
           lambda: "terminal file manager" in b.find("#list-summary").text and len(b.list_repos()) >= 5, 10)
    top = b.list_repos()[:5]
    wanted = {"sxyazi/yazi", "jarun/nnn", "ranger/ranger"}
    if not wanted <= set(top):
        raise Failure(f"terminal file manager: first five are {top}, missing {sorted(wanted - set(top))}")
    marks = [el.text.lower() for el in b.finds("#list .repo-row:first-child mark")]
    if not {"terminal", "file", "manager"} <= set(marks):
        raise Failure(f"the first row marks {marks}, not the words searched")
    ranger_marks = [el.text.lower() for el in b.finds('#list .repo-row[data-repo="ranger/ranger"] mark')]
    if "filemanager" not in ranger_marks:
        raise Failure(f"ranger's row marks {ranger_marks}: the joined word 'filemanager' should be marked")
    if shots:
        b.driver.save_screenshot(str(shots / "search-results-phone.png"))
        b.viewport(*DESKTOP)
        time.sleep(0.3)
        b.driver.save_screenshot(str(shots / "search-results-desktop.png"))
        b.viewport(*PHONE)

    # A typo: results for the likely word, and the offer to search it.
    b.go("/search?q=kuberntes")
    b.wait("Did you mean kubernetes", lambda: "kubernetes" in b.find("#search-notice").text, 10)
    if "kubernetes/kubernetes" not in b.list_repos()[:3]:
        raise Failure(f"kuberntes: first three are {b.list_repos()[:3]}")

    # By touch: a tapped topic suggestion searches its words.
    b.go("/search")
    field = b.wait("the search field", lambda: b.find('input[name="q"]'))
    field.click()
    typed(field, "kube")
    b.wait("topic suggestions for 'kube'", lambda: b.finds("#search-suggestions .suggest-topic"), 5)
    option = b.finds("#search-suggestions .suggest-topic")[0]
    topic = option.text.split("\n")[0]
    b.tap(option)
    words = topic.replace("-", " ")
    b.wait(f"a tap on '{topic}' to search '{words}'",
           lambda: b.find('input[name="q"]').get_attribute("value") == words
           and f"“{words}”" in b.find("#list-summary").text, 10)

    # A repository suggestion opens it: type, pick it with the arrow keys and Enter.
    b.go("/search")
    field = b.wait("the search field", lambda: b.find('input[name="q"]'))
    field.click()
    typed(field, "sxyazi/ya")
    b.wait("yazi suggested", lambda: "sxyazi/yazi" in suggestions(b), 5)
    index = suggestions(b).index("sxyazi/yazi")
    for _ in range(index + 1):
        field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    b.wait("yazi's page", lambda: b.driver.current_url.endswith("/r/sxyazi/yazi"), 10)
    return top, shown, marks


def walk_search(b, folder):
    """Search's own states on the five screens of the layout walk — suggestions open, results with marked words,
    "Did you mean" — each checked as the walk checks a screen (no sideways scroll, nothing overflowing, tap targets of
    44 px, no console errors) and kept as a screenshot. Returns the problems found."""
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for size, (width, height, touch) in SCREENS.items():
        b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
        b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})

        def look(state, path):
            time.sleep(0.4)
            problems = list(b.js(CHECK, width)) + [f"console: {error}" for error in console_errors(b, path)]
            b.driver.save_screenshot(str(folder / f"search-{state}-{size}.png"))
            found.extend(f"{size} {state}: {problem}" for problem in problems)

        b.driver.get_log("browser")
        b.go("/search")
        field = b.wait("the search field", lambda: b.find('input[name="q"]'))
        field.click()
        typed(field, "kube")
        b.wait(f"suggestions on {size}", lambda: suggestions(b), 5)
        look("suggestions", "/search")
        b.go("/search?q=terminal%20file%20manager")
        b.wait(f"results on {size}", lambda: len(b.list_repos()) >= 5 and b.finds("#list mark"), 10)
        look("results", "/search")
        b.go("/search?q=kuberntes")
        b.wait(f"Did you mean on {size}", lambda: "kubernetes" in b.find("#search-notice").text, 10)
        look("did-you-mean", "/search")
    b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    b.viewport(*PHONE)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--artifacts", default="test-artifacts/web")
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    artifacts = Path(args.artifacts)
    shots = Path(args.screenshots) if args.screenshots else artifacts / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    b = Browser(args.url.rstrip("/"), artifacts)
    started = time.time()
    try:
        print(f"web search: the search index was ready in {warm(args.url.rstrip('/')):.1f} s")
        top, shown, marks = check(b, shots)
        failures = smallthings.run(b, smallthings.FULL_CATALOG_CHECKS)
        if failures:
            raise Failure(f"{len(failures)} small-things checks failed: {[name for name, _ in failures]}")
        problems = walk_search(b, artifacts / "walk-search")
        if problems:
            print("\n".join("  " + problem for problem in problems))
            raise Failure(f"search's states have {len(problems)} layout problems (screenshots in {artifacts}/walk-search)")
    except Exception as error:
        b.keep_failure("search")
        traceback.print_exc()
        print(f"web search: FAILED ({error}); screenshots and console in {artifacts}", file=sys.stderr)
        return 1
    finally:
        b.quit()
    print(f"web search: passed in {time.time() - started:.1f} s — suggestions for 'term': {shown[:4]}; "
          f"terminal file manager → {top}; marked {sorted(set(marks))}; kuberntes → Did you mean kubernetes; "
          f"a tapped topic searched its words; a suggestion opened sxyazi/yazi; "
          f"suggestions, results and Did you mean clean on {len(SCREENS)} screens")
    return 0


if __name__ == "__main__":
    sys.exit(main())
