#!/usr/bin/env python3
"""Ask as people use it (issue 25), in headless Chromium against a server holding the whole shared catalog: a
question's answer arrives in several text events before it is done, its tool chips and sources render, a source can be
liked (and is then in Liked), the history groups threads and pins and archives them, a reload keeps the thread, a
suggested question tapped by finger is asked, and the screen is clean on five screen sizes. With --model-fails (a
server whose writing model fails midway): the bubble says so and the engine's answer stands.

Usage: ask.py --url SERVER --artifacts DIR [--screenshots DIR]   (run by scripts/web-e2e.sh)"""

import argparse
import sys
import time
import traceback
import urllib.request
from pathlib import Path

from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).parent))
from e2e import PHONE, Browser, Failure, warm  # noqa: E402
from walk import CHECK, SCREENS, console_errors  # noqa: E402

QUESTION = "a lightweight web framework for Swift"

def groups(b):
    """The history's group titles, as written (the page shows them in capitals)."""
    return [heading.get_attribute("textContent") for heading in b.finds(".thread-group h3")]


def ask(b, question):
    field = b.wait("the question field", lambda: b.find("#ask-input"))
    field.click()
    field.send_keys(question)
    field.send_keys(Keys.ENTER)


def check(b, shots):
    b.go("/ask")
    b.wait("the Ask screen", lambda: b.find("#ask-input"))
    ask(b, QUESTION)
    b.wait("the answer's sources", lambda: b.finds(".bubble.assistant .sources .repo-row"), 20)
    # The words came as several server-sent events before `done` (the page counts the text events it read).
    changes = int(b.find(".bubble.assistant").get_attribute("data-text-events") or 0)
    if changes < 3:
        raise Failure(f"the answer's words arrived in {changes} text events, not several")
    chips = [chip.text for chip in b.finds(".bubble.assistant .chip")]
    if not chips or "Searched" not in chips[0]:
        raise Failure(f"no tool chips: {chips}")
    sources = [row.get_attribute("data-repo") for row in b.finds(".bubble.assistant .sources .repo-row")]
    if "vapor/vapor" not in sources[:3]:
        raise Failure(f"{QUESTION}: first sources are {sources[:3]}")
    text = b.find(".bubble.assistant .answer-text").text
    if "[1]" not in text or "vapor/vapor" not in text:
        raise Failure(f"the answer does not cite its first source: {text[:200]!r}")
    live = b.js("return document.getElementById('ask-live').textContent")
    if "vapor/vapor" not in live:
        raise Failure("the live region did not announce the finished answer")
    thread = b.wait("the thread in the address", lambda: "thread=" in b.driver.current_url and b.driver.current_url)
    if shots:
        b.driver.save_screenshot(str(shots / "ask-phone.png"))

    # A second question (issue 44): its answer starts in view above the composer, not under it.
    ask(b, "and one for Rust?")
    b.wait("the second answer", lambda: len(b.finds(".bubble.assistant .sources .repo-row")) > len(sources), 20)
    time.sleep(0.3)
    problem = b.js("""
      const answers = document.querySelectorAll('.bubble.assistant');
      const answer = answers[answers.length - 1].getBoundingClientRect();
      const form = document.querySelector('.ask-form').getBoundingClientRect();
      const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom || 0;
      if (answer.top >= form.top - 24) return `the second answer starts at ${Math.round(answer.top)} px, under the composer at ${Math.round(form.top)} px`;
      if (answer.top < bar - 1) return `the second answer starts at ${Math.round(answer.top)} px, under the top bar`;
      return null;""")
    if problem:
        raise Failure(problem)

    # Like the first source: it is then in Liked.
    first = sources[0]
    b.click(f'.bubble.assistant .sources .repo-row[data-repo="{first}"] [data-toggle="like"]')
    b.wait("the like to be pressed", lambda: b.find(
        f'.bubble.assistant .sources .repo-row[data-repo="{first}"] [data-toggle="like"]').get_attribute(
        "aria-pressed") == "true")
    b.wait(f"{first} in Liked", lambda: first in [
        item["repository"]["fullName"] for item in b.api("/v1/me/liked").get("items", [])], 20)

    # A reload keeps the thread.
    b.driver.refresh()
    b.wait("the thread after a reload", lambda: b.finds(".bubble.user")
           and b.find(".bubble.user").text == QUESTION and b.finds(".bubble.assistant .sources .repo-row"), 15)

    # The history: Today, then pinned, then archived.
    b.click("#ask-history-toggle")
    b.wait("the Today group", lambda: "Today" in groups(b))
    b.click('.thread-row button[aria-label^="Pin"]')
    b.wait("the Pinned group", lambda: groups(b) == ["Pinned"])
    b.click('.thread-row button[aria-label^="Archive"]')
    b.wait("the Archived group", lambda: groups(b) == ["Archived"])
    b.click('.thread-row button[aria-label^="Unarchive"]')
    b.wait("back from the archive", lambda: groups(b) == ["Pinned"])

    # Many threads (issue 42): the history lists the 50 most recent, and "Show older conversations" adds the rest.
    for _ in range(55):
        request = urllib.request.Request(b.base + "/v1/me/threads", method="POST",
                                         headers={"Authorization": f"Bearer {b.token()}"})
        with urllib.request.urlopen(request, timeout=10):
            pass
    b.driver.refresh()
    # The thread renders (and scrolls to its end) first: a click before that lands under the top bar.
    b.wait("the thread again", lambda: b.finds(".bubble.assistant .sources .repo-row"), 15)
    b.click("#ask-history-toggle")
    b.wait("the first page of the history", lambda: len(b.finds(".thread-row")) == 50 and b.finds("#ask-more"), 15)
    b.driver.execute_script("document.getElementById('ask-more').scrollIntoView({block: 'center'})")
    b.driver.save_screenshot(str(b.artifacts / "ask-history-older.png"))
    b.click("#ask-more")
    b.wait("the older threads", lambda: len(b.finds(".thread-row")) == 56 and not b.finds("#ask-more"), 15)

    # By touch: a suggested question tapped on a new thread is asked.
    b.go("/ask")
    suggestion = b.wait("the suggested questions", lambda: (b.finds("#ask-suggestions button") or [None])[0], 10)
    suggested = suggestion.text
    b.tap(suggestion)
    b.wait(f"the tapped suggestion '{suggested}' asked and answered", lambda: b.finds(".bubble.user")
           and b.find(".bubble.user").text == suggested and b.finds(".bubble.assistant .answer-text p"), 20)
    return chips, sources[:3], changes, thread, suggested


def check_fallback(b, shots):
    """A server whose writing model fails midway (the stand-in's `standin-disconnect`): the bubble says so, the
    engine's own answer stands in place of the model's first words, and a reload keeps the notice."""
    b.go("/ask")
    b.wait("the Ask screen", lambda: b.find("#ask-input"))
    ask(b, QUESTION)
    b.wait("the answer's sources", lambda: b.finds(".bubble.assistant .sources .repo-row"), 20)
    note = b.find(".bubble.assistant .answer-notice")
    notice = note.text
    if not note.is_displayed() or "stopped mid-answer" not in notice:
        raise Failure(f"no notice that the model failed: {notice!r}")
    text = b.find(".bubble.assistant .answer-text").text
    if text.startswith("The be") or "vapor/vapor [1]" not in text:
        raise Failure(f"the engine's answer does not stand alone: {text[:120]!r}")
    thread = b.wait("the thread in the address", lambda: "thread=" in b.driver.current_url and b.driver.current_url)
    if shots:
        b.driver.save_screenshot(str(shots / "ask-fallback-phone.png"))
    b.driver.refresh()
    b.wait("the notice after a reload", lambda: any(
        "stopped mid-answer" in element.text for element in b.finds(".bubble.assistant .answer-notice")), 15)
    return notice, thread


def walk_ask(b, folder, thread):
    """The Ask screen (a thread with an answer, the history open on phones) on every screen size."""
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for size, (width, height, touch) in SCREENS.items():
        b.viewport(width, height)
        b.driver.get_log("browser")
        b.driver.get(thread)
        b.wait(f"the thread on {size}", lambda: b.finds(".bubble.assistant .sources .repo-row"), 15)
        if b.find("#ask-history-toggle").is_displayed():
            b.click("#ask-history-toggle")
            b.js("window.scrollTo(0, 0)")
        b.wait(f"the history on {size}", lambda: b.finds(".thread-group h3"), 10)
        time.sleep(0.4)
        problems = list(b.js(CHECK, width)) + [f"console: {error}" for error in console_errors(b, "/ask")]
        b.driver.save_screenshot(str(folder / f"ask-{size}.png"))
        found.extend(f"{size}: {problem}" for problem in problems)
    b.viewport(*PHONE)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--artifacts", default="test-artifacts/web")
    parser.add_argument("--screenshots")
    parser.add_argument("--model-fails", action="store_true",
                        help="the server's writing model fails midway: check the fallback instead")
    args = parser.parse_args()
    artifacts = Path(args.artifacts)
    shots = Path(args.screenshots) if args.screenshots else artifacts / "screens"
    shots.mkdir(parents=True, exist_ok=True)
    # The index is built on the first search (seconds for the whole catalog on a busy debug build): the checks time
    # what a person sees on a running server.
    ready = warm(args.url.rstrip("/"))
    b = Browser(args.url.rstrip("/"), artifacts)
    started = time.time()
    try:
        if args.model_fails:
            notice, thread = check_fallback(b, shots)
            problems = walk_ask(b, artifacts / "walk-ask-fallback", thread)
            if problems:
                print("\n".join("  " + problem for problem in problems))
                raise Failure(f"the fallback has {len(problems)} layout problems ({artifacts}/walk-ask-fallback)")
            print(f"web ask (a writing model that fails): index ready in {ready:.1f} s, passed in "
                  f"{time.time() - started:.1f} s — the bubble says "
                  f"'{notice}', the engine's answer stands, a reload keeps it; clean on {len(SCREENS)} screens")
            return 0
        chips, sources, changes, thread, suggested = check(b, shots)
        problems = walk_ask(b, artifacts / "walk-ask", thread)
        if problems:
            print("\n".join("  " + problem for problem in problems))
            raise Failure(f"the Ask screen has {len(problems)} layout problems (screenshots in {artifacts}/walk-ask)")
    except Exception as error:
        b.keep_failure("ask")
        traceback.print_exc()
        print(f"web ask: FAILED ({error}); screenshots and console in {artifacts}", file=sys.stderr)
        return 1
    finally:
        b.quit()
    print(f"web ask: index ready in {ready:.1f} s, passed in {time.time() - started:.1f} s — '{QUESTION}': "
          f"{changes} text events before done, "
          f"then the sources, chips {chips[:2]}, sources {sources}; a source liked is in Liked; a reload kept the thread; "
          f"history Today → Pinned → Archived → Pinned; a tapped suggestion ('{suggested}') was asked; "
          f"clean on {len(SCREENS)} screens")
    return 0


if __name__ == "__main__":
    sys.exit(main())
