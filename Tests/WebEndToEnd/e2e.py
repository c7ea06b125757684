#!/usr/bin/env python3
"""End-to-end test of the web app in headless Chromium (Selenium), against a real server on a temporary database.

onboarding → the deck → like 3, skip 2, save 1 (by drag, keys and buttons) → Saved and Liked show exactly those →
a reload keeps them → offline (network emulation), swipe 2, online again → the server has every swipe exactly once
→ search pages further on scroll → a trending filter changes the list → /r/{owner}/{name} and a repoverse:// link
show the detail → first load of Discover: bytes transferred and time to the first card.

Usage: e2e.py --url http://127.0.0.1:PORT --database FILE [--artifacts DIR] [--screenshots DIR]
Failures leave a screenshot, the page's HTML and the browser console in the artifacts folder.
"""

import argparse
import json
import os
import re
import sqlite3
import sys
import time
import traceback
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, str(Path(__file__).parent))
import firstuse  # noqa: E402  (beside this file)
import languages  # noqa: E402
import smallthings  # noqa: E402  (beside this file)
import walk  # noqa: E402

PHONE = (390, 844)
# The operator token the web test's server is started with (scripts/web-e2e.sh).
OPERATOR_TOKEN = "web-e2e-operator-token-0123456789"
DESKTOP = (1280, 800)


class Failure(Exception):
    pass


def fit_words_problem(text):
    """What is wrong with a fit as a face shows it ("Strong fit · 87%"), or None: every face words a fit the same way,
    its level read from its number (strong from 70, good from 50, as Swift's FitLevel and ui.js's fitLevel draw it)."""
    match = re.fullmatch(r"(Strong|Good|Some) fit · (\d+)%", text.strip())
    if not match:
        return f"{text.strip()!r} is not worded as “<level> fit · N%”"
    number = int(match.group(2))
    level = "Strong" if number >= 70 else "Good" if number >= 50 else "Some"
    if match.group(1) != level:
        return f"{text.strip()!r}: {number}% reads {level}"
    return None


def warm(url):
    """Waits for the server's search index (built once, in the background or on the first search: seconds for the
    whole catalog on a busy debug build), so the checks below time what a person sees on a running server."""
    started = time.time()
    with urllib.request.urlopen(f"{url}/v1/search/suggest?q=te", timeout=180) as response:
        response.read()
    return time.time() - started


class Browser:
    def __init__(self, base, artifacts):
        self.base = base
        self.artifacts = artifacts
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--lang=en-US", "--no-first-run", "--disable-extensions",
                     # Hermetic: only the server on loopback answers; any other host (GitHub's avatars) fails at
                     # once, as on a machine without a network, instead of waiting on a resolver.
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        options.page_load_strategy = "eager"  # steps wait for what they need themselves
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.set_page_load_timeout(15)
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.viewport(*PHONE)

    def viewport(self, width, height):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def go(self, path):
        self.driver.get(self.base + path)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, what, condition, timeout=15):
        deadline = time.time() + timeout
        last = None
        while time.time() < deadline:
            try:
                last = condition()
                if last:
                    return last
            except Exception as error:  # the page may be between two states
                last = error
            time.sleep(0.1)
        raise Failure(f"timed out after {timeout} s waiting for {what} (last: {last!r})")

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def click(self, css):
        """Clicks like a person would: the element scrolled to the middle of the screen first. If the page redrew it
        between finding and clicking (a screen that just loaded its data), it is found again, as a person's eye would."""
        for attempt in range(3):
            try:
                element = self.find(css)
                self.js("arguments[0].scrollIntoView({block: 'center'})", element)
                element.click()
                return element
            except StaleElementReferenceException:
                if attempt == 2:
                    raise
                time.sleep(0.1)

    def tap(self, element):
        """Taps `element` with a finger (touch events at its middle, as a phone sends them), not a mouse."""
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        box = self.js("const r = arguments[0].getBoundingClientRect(); "
                      "return [r.left + r.width / 2, r.top + r.height / 2]", element)
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        point = {"x": box[0], "y": box[1]}
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    def finds(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def top_card(self):
        return self.wait("a card on top of the deck", lambda: self.finds(".card.top")[0].get_attribute("data-repo"))

    def token(self):
        return self.js("return localStorage.getItem('rf.token')")

    def api(self, path):
        request = urllib.request.Request(self.base + path, headers={"Authorization": f"Bearer {self.token()}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def list_repos(self):
        return [row.get_attribute("data-repo") for row in self.finds("#list .repo-row")]

    def keep_failure(self, name):
        self.artifacts.mkdir(parents=True, exist_ok=True)
        try:
            self.driver.save_screenshot(str(self.artifacts / f"failure-{name}.png"))
            (self.artifacts / f"failure-{name}.html").write_text(self.driver.page_source)
            logs = self.driver.get_log("browser")
            (self.artifacts / f"failure-{name}-console.txt").write_text(
                "\n".join(f"{entry['level']} {entry['message']}" for entry in logs))
        except Exception as error:
            print(f"  (could not keep the failure's screenshot: {error})")

    def quit(self):
        self.driver.quit()


class Flow:
    """The journey, step by step; each step prints what it saw."""

    def __init__(self, browser, database, github):
        self.b = browser
        self.database = database
        self.github = github
        self.starred = set()
        self.liked = []
        self.skipped = []
        self.saved = []
        self.figures = {}
        self.compared = "/compare"

    def step_onboarding(self):
        b = self.b
        b.go("/discover")
        b.wait("the redirect to onboarding", lambda: b.driver.current_url.endswith("/onboarding"))
        b.wait("the first step", lambda: b.finds('input[name="githubLogin"]'))
        dots = [dot.text for dot in b.finds("[data-step-dot]")]
        if dots != ["Stars", "You", "Stack", "Interests", "Level", "Goals", "Areas"]:
            raise Failure(f"onboarding steps: {dots}")
        # The server offers sign-in with GitHub: the first step says so (the sign-in itself is tested from Profile).
        b.wait("the offer to sign in with GitHub", lambda: b.find("#onboarding-sign-in").is_displayed())
        # Start from GitHub stars: a bad login is refused in the page, a good one is imported with its progress shown.
        login = b.find('input[name="githubLogin"]')
        login.send_keys("not a login", Keys.ENTER)
        b.wait("the login to be refused", lambda: b.find("#onboarding-error").is_displayed())
        if "is not a GitHub login" not in b.find("#onboarding-error").text:
            raise Failure(f"a bad login says {b.find('#onboarding-error').text!r}")
        login.clear()
        login.send_keys("octo-stars")
        b.click('[data-nav="import"]')
        status = "#star-import-status"
        b.wait("the import to end", lambda: b.find(status).get_attribute("data-state") in ("done", "failed"), 60)
        said = b.find(f"{status} p").text
        if b.find(status).get_attribute("data-state") != "done" or not said.startswith("Imported 250 stars from octo-stars"):
            raise Failure(f"the star import ended with {said!r}")
        self.starred = self.github_stars("octo-stars")
        b.click('[data-nav="next"]')
        b.wait("the step about you", lambda: b.find('input[name="name"]').is_displayed())
        b.find('input[name="name"]').send_keys("Ada")
        b.find('input[name="projectType"]').send_keys("mobile app")
        b.click('[data-nav="next"]')
        b.wait("the stack chips", lambda: b.finds('[data-chip="techStack"]'))
        for value in ("Swift", "Python"):
            b.click(f'[data-chip="techStack"][data-value="{value}"]')
        field = b.find('[data-add="techStack"]')
        field.send_keys("SwiftNIO", Keys.ENTER)
        pressed = [c.get_attribute("data-value") for c in b.finds('[data-chip="techStack"][aria-pressed="true"]')]
        if sorted(pressed) != ["Python", "Swift", "SwiftNIO"]:
            raise Failure(f"stack chips pressed: {pressed}")
        # Languages to leave out ("no JavaScript", issue 66): a language is either worked with or left out.
        pressed_state = lambda field, value: b.find(
            f'[data-chip="{field}"][data-value="{value}"]').get_attribute("aria-pressed")
        b.click('[data-chip="excludedLanguages"][data-value="Python"]')
        if pressed_state("techStack", "Python") != "false":
            raise Failure("leaving Python out kept it in the stack")
        b.click('[data-chip="techStack"][data-value="Python"]')  # chosen again: last in the stack now
        if pressed_state("excludedLanguages", "Python") != "false":
            raise Failure("choosing Python for the stack kept it left out")
        b.click('[data-chip="excludedLanguages"][data-value="PHP"]')
        b.click('[data-nav="next"]')
        b.click('[data-chip="interests"][data-value="cli"]')
        b.click('[data-nav="next"]')
        b.click('input[name="experienceLevel"][value="intermediate"]')
        b.click('[data-nav="next"]')
        b.click('input[name="goals"][value="building-project"]')
        b.click('[data-nav="next"]')
        b.wait("the areas", lambda: b.finds('input[name="primaryCluster"]'))
        b.click('input[name="primaryCluster"][value="developer-tools"]')
        b.click('input[name="secondaryClusters"][value="mobile"]')
        next_button = b.find('[data-nav="next"]')
        if next_button.text != "Start swiping":
            raise Failure(f"last step's button reads {next_button.text!r}")
        next_button.click()
        b.wait("the deck after onboarding", lambda: b.driver.current_url.endswith("/discover"))
        preferences = b.api("/v1/me/preferences")
        expected = {"name": "Ada", "projectType": "mobile app", "techStack": ["Swift", "SwiftNIO", "Python"],
                    "interests": ["cli"],
                    "experienceLevel": "intermediate", "goals": ["building-project"],
                    "primaryCluster": "developer-tools", "secondaryClusters": ["mobile"], "onboardingCompleted": True}
        for key, value in expected.items():
            if preferences.get(key) != value:
                raise Failure(f"saved preference {key} = {preferences.get(key)!r}, expected {value!r}")
        left_out = b.api("/v1/me/deck-filter")["filter"].get("excludedLanguages")
        if left_out != ["PHP"]:
            raise Failure(f"onboarding left out {left_out!r} in the deck filter, expected ['PHP']")
        self.put("/v1/me/deck-filter", {})
        if b.api("/v1/me/stats")["stars"] != 250:
            raise Failure("the server does not count the 250 imported stars")
        print(f"  onboarding: 7 steps (the shared order); {said!r}; every preference saved through the API")

    def github_stars(self, login):
        """The full names `login` starred, read from the stand-in GitHub the way GitHub serves them."""
        names, address = [], f"{self.github}/users/{login}/starred?per_page=100"
        while address:
            request = urllib.request.Request(address, headers={"Accept": "application/vnd.github.star+json"})
            with urllib.request.urlopen(request) as response:
                names += [item["repo"]["full_name"] for item in json.loads(response.read())]
                links = response.headers.get("Link") or ""
            following = [part.split(";")[0].strip(" <>") for part in links.split(",") if 'rel="next"' in part]
            address = following[0] if following else None
        return set(names)

    def act(self, kind, how):
        b = self.b
        name = b.top_card()
        card = b.find(".card.top")
        if how == "key":
            key = {"like": Keys.ARROW_RIGHT, "skip": Keys.ARROW_LEFT, "save": "s"}[kind]
            ActionChains(b.driver).send_keys(key).perform()
        elif how == "drag":
            dx, dy = {"like": (24, 0), "skip": (-24, 0), "save": (0, -24)}[kind]
            chain = ActionChains(b.driver, duration=30).click_and_hold(card)
            for _ in range(6):
                chain.move_by_offset(dx, dy)
            chain.release().perform()
        else:
            b.find(f'.deck-actions [aria-label="{kind.capitalize()}"]').click()
        b.wait(f"{name} to leave the deck after {kind} by {how}", lambda: b.top_card() != name)
        {"like": self.liked, "skip": self.skipped, "save": self.saved}[kind].append(name)
        return name

    def step_deck(self):
        b = self.b
        first = b.top_card()
        names = [button.get_attribute("aria-label") for button in b.finds(".deck-actions button")]
        tabs = [link.text for link in b.finds("nav.tabbar a")]
        if names != ["Undo", "Skip", "Save", "Like"] or tabs != ["Home", "Deck", "Explore", "Library", "Ask"]:
            raise Failure(f"deck buttons {names}, navigation {tabs}")
        cards = b.finds(".card")
        if not cards[0].get_attribute("data-repo") or not b.finds(".card.top .reasons li"):
            raise Failure("the top card has no name or no reasons")
        if b.find(".card.top .fit").text.strip()[-3:] != "fit":
            raise Failure("the top card shows no fit score")
        # Its words and the number its tap says are Home's and Compare's ("Good fit, 62%: why?" read aloud).
        spoken = b.find(".card.top button.fit").get_attribute("aria-label")
        problem = fit_words_problem(spoken.split(":")[0].replace(", ", " · "))
        if problem:
            raise Failure(f"the top card's fit: {problem}")
        self.act("like", "drag")
        self.act("skip", "key")
        self.act("like", "key")
        self.act("save", "key")
        self.act("skip", "drag")
        self.act("like", "button")
        self.wait_synced()
        # Undo: a skip is taken back with U once it reached the server, and with the button while it is still queued.
        undone = []
        for how in ("key", "button"):
            name = b.top_card()
            if how == "button":
                b.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
                b.wait("the page to notice it is offline", lambda: b.js("return navigator.onLine === false"), 5)
            ActionChains(b.driver).send_keys(Keys.ARROW_LEFT).perform()
            b.wait(f"{name} to leave the deck", lambda: b.top_card() != name)
            if how == "key":
                self.wait_synced()
                ActionChains(b.driver).send_keys("u").perform()
            else:
                b.find('.deck-actions [aria-label="Undo"]').click()
            b.wait(f"{name} to come back by {how}", lambda: b.top_card() == name)
            if how == "button":
                b.driver.delete_network_conditions()
                b.wait("the page to be online again", lambda: b.js("return navigator.onLine === true"), 5)
            if not b.find('.deck-actions [aria-label="Undo"]').get_attribute("disabled"):
                raise Failure("the undo button stays enabled after an undo")
            undone.append(name)
        # A like by accident, sent: U takes it back; it is not in Liked, and the card is dealt again (back on top).
        name = b.top_card()
        ActionChains(b.driver).send_keys(Keys.ARROW_RIGHT).perform()
        b.wait(f"{name} to leave the deck", lambda: b.top_card() != name)
        self.wait_synced()
        if name not in [item["repository"]["fullName"] for item in b.api("/v1/me/liked?perPage=100")["items"]]:
            raise Failure(f"{name} is not in Liked after the like reached the server")
        ActionChains(b.driver).send_keys("u").perform()
        b.wait(f"{name} to come back after undoing the like", lambda: b.top_card() == name)
        b.wait(f"{name} to leave Liked", lambda: name not in [
            item["repository"]["fullName"] for item in b.api("/v1/me/liked?perPage=100")["items"]], 10)
        undone.append(name)
        self.undone = undone
        self.wait_synced()
        skips = b.api("/v1/me/stats")["skips"]
        if skips != len(self.skipped):
            raise Failure(f"the server counts {skips} skips after two undone, expected {len(self.skipped)}")
        dealt = set(self.liked + self.skipped + self.saved + undone + [first])
        if dealt & self.starred:
            raise Failure(f"the deck dealt repositories the person starred on GitHub: {sorted(dealt & self.starred)}")
        print(f"  deck: first card {first}; liked {self.liked}, skipped {self.skipped}, saved {self.saved}; "
              f"undid skips of {undone[:2]} (one sent, one still queued) and the like of {undone[2]}")

    def deck_cards(self):
        """The cards in the deck's DOM: (name, language, cluster)."""
        return [(c.get_attribute("data-repo"), c.get_attribute("data-language"), c.get_attribute("data-cluster"))
                for c in self.b.finds("#deck .card")]

    def check_cards(self, language, cluster, what):
        """Every card shown and the next 20 the server deals match `language` (if any) and `cluster`."""
        b = self.b
        b.top_card()
        shown = self.deck_cards()
        dealt = [(i["repository"]["fullName"], i["repository"].get("language"), i["cluster"])
                 for i in b.api("/v1/me/feed?limit=20")["items"]]
        wrong = [c for c in shown + dealt if (language and (c[1] or "").lower() != language.lower()) or c[2] != cluster]
        if wrong or not shown:
            raise Failure(f"{what}: cards outside the filter {wrong[:5]} (shown {len(shown)})")
        return len(shown) + len(dealt)

    def step_deck_filter(self):
        b = self.b
        b.go("/discover")
        b.top_card()
        b.click("#filter-open")
        b.wait("the filter sheet to open", lambda: b.js("return document.getElementById('filter-sheet').open"))
        b.click('#filter-sheet input[name="language"][value="Rust"] + span')
        b.click('#filter-sheet input[name="cluster"][value="developer-tools"] + span')
        b.click('#filter-sheet button[type="submit"]')
        b.wait("the address to name the filter",
               lambda: b.js("return location.pathname + location.search") == "/discover?language=Rust&cluster=developer-tools")
        b.wait("the bar to say the filter", lambda: b.find("#filter-summary").text == "Rust · CLI & developer tools")
        checked = self.check_cards("Rust", "developer-tools", "Rust + CLI")
        saved = b.api("/v1/me/deck-filter")
        if saved["filter"].get("languages") != ["Rust"] or saved["filter"].get("clusters") != ["developer-tools"]:
            raise Failure(f"the server keeps {saved['filter']} after the sheet applied Rust + CLI")
        # The deep link reproduces it: cleared on the server, then opened from the link.
        self.put("/v1/me/deck-filter", {})
        b.go("/discover?language=Rust&cluster=developer-tools")
        b.wait("the linked filter to be saved",
               lambda: b.api("/v1/me/deck-filter")["filter"].get("languages") == ["Rust"])
        b.wait("the bar to say the linked filter", lambda: b.find("#filter-summary").text == "Rust · CLI & developer tools")
        checked += self.check_cards("Rust", "developer-tools", "the Rust + CLI link")
        # An area's page lists its best repositories; its button deals a deck of that area alone.
        b.go("/areas/data")
        b.wait("the area's name and rows", lambda: b.find("#area-title").text == "Data & databases"
               and b.finds("#list .repo-row"))
        b.click("#area-deck")
        b.wait("the cluster deck's bar", lambda: b.find("#filter-summary").text == "Data & databases")
        checked += self.check_cards(None, "data", "the data cluster deck")
        # Languages to leave out: the sheet's "Leave out" chips, the bar, the address and every card.
        b.click("#filter-open")
        b.wait("the filter sheet to open again", lambda: b.js("return document.getElementById('filter-sheet').open"))
        b.click('#filter-sheet button[value="clear"]')
        b.click('#filter-sheet input[name="without"][value="JavaScript"] + span')
        b.click('#filter-sheet button[type="submit"]')
        b.wait("the address to name the language left out",
               lambda: b.js("return location.pathname + location.search") == "/discover?without=JavaScript")
        b.wait("the bar to say what is left out", lambda: b.find("#filter-summary").text == "without JavaScript")
        b.top_card()
        dealt = [(i["repository"]["fullName"], i["repository"].get("language"))
                 for i in b.api("/v1/me/feed?limit=20")["items"]]
        shown = [(name, language) for name, language, _ in self.deck_cards()]
        javascript = [c for c in shown + dealt if (c[1] or "").lower() == "javascript"]
        if javascript or not shown:
            raise Failure(f"JavaScript left out, yet dealt {javascript[:5]} (shown {len(shown)})")
        checked += len(shown) + len(dealt)
        # A filter that runs dry says so and offers to widen it.
        b.go("/discover?language=Zig&stars=50000")
        b.wait("the dry filter to say so", lambda: b.finds('#deck .deck-state[data-state="dry"]'))
        b.click('#deck .deck-state[data-state="dry"] button.secondary')
        b.wait("everything to be dealt again", lambda: b.find("#filter-summary").text == "Everything" and b.finds(".card.top"))
        if b.js("return location.pathname + location.search") != "/discover":
            raise Failure("the address still names a filter after showing everything")
        print(f"  deck filter: the sheet, the link, a cluster deck and JavaScript left out dealt {checked} cards, each "
              f"inside its filter; "
              f"Zig with 50,000 stars ran dry and 'Show everything' widened it")

    def put(self, path, body):
        b = self.b
        request = urllib.request.Request(
            b.base + path, data=json.dumps(body).encode(), method="PUT",
            headers={"Authorization": f"Bearer {b.token()}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def save_toggle(self, scope):
        return self.b.find(f'{scope} [data-toggle="save"]')

    def step_row_state(self):
        """Save from a search row → the detail page says Saved → unsave there → gone from Saved, the row agrees."""
        b = self.b
        b.go("/search?q=react")
        rows = b.wait("search rows with Like and Save", lambda: [
            r for r in b.finds("#list .repo-row")
            if r.find_element(By.CSS_SELECTOR, '[data-toggle="save"]').get_attribute("aria-pressed") == "false"])
        name = rows[0].get_attribute("data-repo")
        scope = f'#list .repo-row[data-repo="{name}"]'
        # Avatars: at most five downloads at once, the rows on screen first (the rest wait until they scroll in).
        avatars = b.js("return window.rfAvatars")
        shown = len(b.finds("#list .repo-row"))
        if avatars["peak"] > 5 or avatars["started"] == 0 or avatars["started"] >= shown:
            raise Failure(f"avatars: {avatars} for {shown} rows (want at most 5 at once, only those on screen)")
        # Saved by a touch: the row dragged left past a third of its width (right would like it).
        row = b.find(scope)
        b.js("arguments[0].scrollIntoView({block: 'center'})", row)
        box = b.js("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", row)
        x, y = box[0] + box[2] * 0.8, box[1] + box[3] / 2
        b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 9):
            b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": [{"x": x - step * box[2] * 0.07, "y": y}]})
        b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        b.wait(f"{name}'s Save to be pressed after the swipe",
               lambda: self.save_toggle(scope).get_attribute("aria-pressed") == "true", 5)
        self.wait_synced()
        saved = lambda: [i["repository"]["fullName"] for i in b.api("/v1/me/saved?perPage=100")["items"]]
        if name not in saved():
            raise Failure(f"{name} saved from a search row is not in Saved on the server")
        b.go("/search?q=react")
        b.wait(f"{name}'s row to say Saved after a reload (the server's viewer)",
               lambda: self.save_toggle(scope).get_attribute("aria-pressed") == "true")
        owner, repo = name.split("/")
        b.go(f"/r/{owner}/{repo}")
        b.wait("the detail page to show Saved", lambda: self.save_toggle(".detail").get_attribute("aria-pressed") == "true"
               and self.save_toggle(".detail").text == "Saved")
        b.click('.detail [data-toggle="save"]')
        b.wait("the detail page's Save to be released", lambda: self.save_toggle(".detail").get_attribute("aria-pressed") == "false")
        self.wait_synced()
        b.wait(f"{name} to leave Saved on the server", lambda: name not in saved(), 10)
        b.go("/saved")
        b.wait("Saved to load", lambda: b.finds("#list .repo-row, #list .empty-row"))
        if name in b.list_repos():
            raise Failure(f"{name} is still listed on Saved after unsaving it on its page")
        b.go("/search?q=react")
        b.wait(f"{name}'s row to say not saved", lambda: self.save_toggle(scope).get_attribute("aria-pressed") == "false")
        print(f"  row state: saved {name} by swiping its search row left (Saved after a reload), its page said Saved; unsaved there, "
              f"it left Saved and the row says so; avatars: {avatars['started']} of {shown} rows' started (on "
              f"screen), at most {avatars['peak']} at once")

    def wait_synced(self, timeout=20):
        b = self.b
        b.wait("the queue to drain", lambda: b.js(
            "const e = document.getElementById('status-banner'); return e && e.dataset.pending === '0'"), timeout)

    def step_lists(self):
        b = self.b
        for path, expected in (("/saved", self.saved), ("/liked", self.liked)):
            b.go(path)
            b.wait(f"{path} to list {len(expected)}", lambda: len(b.list_repos()) == len(expected), 10)
            if sorted(b.list_repos()) != sorted(expected):
                raise Failure(f"{path} shows {b.list_repos()}, expected {expected}")
        b.driver.refresh()
        b.wait("Liked after a reload", lambda: sorted(b.list_repos()) == sorted(self.liked), 10)
        b.go("/saved")
        b.wait("Saved after a reload", lambda: sorted(b.list_repos()) == sorted(self.saved), 10)
        print(f"  lists: Saved = {b.list_repos()}, Liked = {len(self.liked)} items, both kept after a reload")

    def step_offline(self):
        b = self.b
        b.go("/discover")
        b.top_card()
        b.wait("the service worker to control the page", lambda: b.js("return !!navigator.serviceWorker.controller"), 15)
        b.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        b.wait("the page to notice it is offline", lambda: b.js("return navigator.onLine === false"), 5)
        like = self.act("like", "key")
        skip = self.act("skip", "drag")
        banner = b.wait("the offline banner", lambda: b.find("#status-banner").is_displayed() and b.find("#status-banner").text)
        if "2 swipes waiting" not in banner:
            raise Failure(f"offline banner reads {banner!r}")
        # Saved and Liked still list offline, from this device, with what waits to sync merged in, newest first.
        saved = self.act("save", "key")
        kept = {}
        for kind, waiting in (("saved", saved), ("liked", like)):
            b.go(f"/{kind}")
            rows = b.wait(f"{kind} to list offline", lambda: b.list_repos() if b.finds("#list .repo-row") else None, 10)
            if rows[0] != waiting or "Waiting to sync" not in b.find(f'#list .repo-row[data-repo="{waiting}"]').text:
                raise Failure(f"offline {kind} lists {rows[:3]}; expected {waiting} first, marked waiting to sync")
            if "kept on this device" not in b.find("#list-summary").text:
                raise Failure(f"offline {kind} does not say it is what this device keeps: {b.find('#list-summary').text!r}")
            kept[kind] = len(rows)
        b.driver.delete_network_conditions()
        b.wait("the page to be online again", lambda: b.js("return navigator.onLine === true"), 5)
        b.go("/discover")
        b.top_card()
        self.wait_synced(30)
        stats = b.api("/v1/me/stats")
        counts = (stats["likes"], stats["skips"], stats["saves"])
        if counts != (len(self.liked), len(self.skipped), len(self.saved)):
            raise Failure(f"server counts like/skip/save {counts}, expected "
                          f"{(len(self.liked), len(self.skipped), len(self.saved))}")
        with sqlite3.connect(self.database) as db:
            rows = db.execute(
                "SELECT r.full_name_key, i.kind, count(*) FROM interactions i JOIN repositories r "
                "ON r.id = i.repository_id WHERE i.kind IN ('like','skip','save') AND i.withdrawn_at IS NULL "
                "GROUP BY 1, 2").fetchall()
            withdrawn = db.execute(
                "SELECT r.full_name_key, i.kind FROM interactions i JOIN repositories r ON r.id = i.repository_id "
                "WHERE i.withdrawn_at IS NOT NULL ORDER BY i.seq").fetchall()
        # Undone: the skip that reached the server and the like stay in the record, withdrawn (the skip undone while
        # queued never left the page).
        taken_back = [(self.undone[0].lower(), "skip"), (self.undone[2].lower(), "like")]
        if withdrawn != taken_back:
            raise Failure(f"the database holds {withdrawn} withdrawn, expected {taken_back}")
        recorded = {(name, kind): count for name, kind, count in rows}
        expected = {(n.lower(), k): 1 for k, names in (("like", self.liked), ("skip", self.skipped),
                                                     ("save", self.saved)) for n in names}
        if recorded != expected:
            raise Failure(f"the database holds {recorded}, expected each swipe once: {expected}")
        print(f"  offline: liked {like}, skipped {skip} and saved {saved} offline; banner {banner!r}; Saved and Liked "
              f"listed {kept['saved']} and {kept['liked']} from this device, the queued ones first and marked; after "
              f"reconnecting the database holds each of the {len(expected)} swipes exactly once")

    def step_remove(self):
        b = self.b
        b.go("/liked")
        b.wait("Liked", lambda: sorted(b.list_repos()) == sorted(self.liked), 10)
        gone = self.liked.pop()
        b.click(f'#list [data-repo="{gone}"] button.remove')
        b.wait(f"{gone} to leave Liked", lambda: gone not in b.list_repos(), 10)
        b.go("/saved")
        b.wait("Saved", lambda: sorted(b.list_repos()) == sorted(self.saved), 10)
        swiped = self.saved.pop()
        row = b.find(f'#list [data-repo="{swiped}"]')
        chain = ActionChains(b.driver, duration=30).move_to_element_with_offset(row, 60, 0).click_and_hold()
        for _ in range(8):
            chain.move_by_offset(-30, 0)
        chain.release().perform()
        b.wait(f"{swiped} to leave Saved", lambda: swiped not in b.list_repos(), 10)
        b.driver.refresh()
        b.wait("Saved to hold the rest after a reload", lambda: sorted(b.list_repos()) == sorted(self.saved)
               and (self.saved or b.finds("#list .empty-row")), 10)
        liked = [item["repository"]["fullName"] for item in b.api("/v1/me/liked?perPage=100")["items"]]
        if sorted(liked) != sorted(self.liked):
            raise Failure(f"the server's Liked is {liked}, expected {self.liked}")
        print(f"  remove: {gone} from Liked by its button, {swiped} from Saved by a swipe; the server agrees")

    def step_search(self):
        b = self.b
        b.go("/search")
        field = b.find('input[name="q"]')
        field.send_keys("python", Keys.ENTER)
        b.wait("search results", lambda: len(b.list_repos()) >= 20, 10)
        before = len(b.list_repos())
        total = b.find("#list-summary").text
        b.js("window.scrollTo(0, document.body.scrollHeight)")
        b.wait("a further page on scroll", lambda: len(b.list_repos()) > before, 10)
        after = len(b.list_repos())
        if len(set(b.list_repos())) != after:
            raise Failure("search pages repeat repositories")
        if "q=python" not in b.driver.current_url:
            raise Failure(f"the search is not in the address: {b.driver.current_url}")
        print(f"  search: {total!r}; {before} rows, {after} after scrolling")

    def step_trending(self):
        b = self.b
        # The API failing first: a message and Retry (and no endless retrying), then Retry loads the list.
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/v1/trending*"]})
        b.go("/trending")
        message = b.wait("the failure message", lambda: b.find("#list-end [role=alert] p").text, 10)
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        b.click("#list-end button")
        b.wait("trending rows", lambda: len(b.list_repos()) > 0, 10)
        daily = b.list_repos()
        b.click('.segmented input[value="monthly"] + span')
        b.wait("the monthly list", lambda: b.list_repos() and b.list_repos() != daily, 10)
        monthly = b.list_repos()
        b.find('input[name="language"]').send_keys("Rust")
        # The list is read inside the wait: the monthly list starts over when the filter changes, so a read just after
        # the address says Rust may meet the rows between two states (CI, 2026-11-29: an empty set of languages, and
        # the page's snapshot a moment later all Rust).
        shown = {}
        def rust_list():
            rows = b.list_repos()
            shown["languages"] = {el.text for el in b.finds("#list .language")}
            return (rows and rows != monthly and "language=Rust" in b.driver.current_url
                    and shown["languages"] == {"Rust"})
        try:
            b.wait("the Rust list", rust_list, 10)
        except Failure:
            raise Failure(f"Rust trending shows languages {shown.get('languages')}")
        print(f"  trending: a failing API says {message!r} with Retry, which loads it; daily top {daily[0]}, "
              f"monthly top {monthly[0]}, Rust monthly top {b.list_repos()[0]}")

    def step_detail(self):
        b = self.b
        # A card's Details link opens the in-app page: that is a view; `open` means opened on GitHub.
        before = b.api("/v1/me/stats")
        b.go("/discover")
        b.wait("a card with its Details link", lambda: b.finds(".card.top .card-open"))
        top = b.top_card()
        b.click(".card.top .card-open")
        b.wait("the card's page", lambda: b.driver.current_url.endswith(f"/r/{top}"))
        b.wait("the view on the server", lambda: b.api("/v1/me/stats")["views"] == before["views"] + 1)
        if b.api("/v1/me/stats")["opens"] != before["opens"]:
            raise Failure("going to a card's page recorded an open")
        owner, name = self.liked[0].split("/")
        b.go(f"/r/{owner}/{name}")
        heading = b.find(".repo-name").text
        if heading != name or b.find(".detail").get_attribute("data-repo") != self.liked[0]:
            raise Failure(f"/r/{owner}/{name} shows {heading!r}")
        similar = b.wait("similar repositories", lambda: len(b.list_repos()), 10)
        b.go(f"/open?link=repoverse://repo/{owner}/{name}")
        b.wait("the deep link to open the detail", lambda: b.driver.current_url.endswith(f"/r/{owner}/{name}"))
        b.go("/profile")
        b.find('input[name="link"]').send_keys(f"repoverse://trending?language=Swift&since=weekly", Keys.ENTER)
        b.wait("a pasted link to open Trending", lambda: "/trending?language=Swift&since=weekly" in b.driver.current_url)
        lists = self.check_curated_lists()
        b.go("/r/nobody-here/nothing-at-all")
        # The server asks (the stand-in) GitHub for a repository its catalog lacks: GitHub has none by that name.
        if "has no repository nobody-here/nothing-at-all" not in b.find("main").text:
            raise Failure("an unknown repository does not say so")
        print(f"  detail: a card's Details link records a view, not an open; /r/{owner}/{name} shows it with {similar} similar; "
              f"repoverse:// links resolve; {lists}")

    def check_curated_lists(self):
        """A repository's page names the curated lists that place it (the starter lists, no GitHub); its heading opens
        that heading's page: the list's repositories there, in order, with the headings above as crumbs."""
        b = self.b
        b.go("/r/junegunn/fzf")
        b.wait("fzf's curated lists", lambda: b.finds(".listings a.heading"), 10)
        links = {link.text: link.get_attribute("href") for link in b.finds(".listings a.heading")}
        if "Command-Line Productivity" not in links:
            raise Failure(f"fzf's page names the headings {sorted(links)}, not awesome-shell's Command-Line Productivity")
        b.driver.get(links["Command-Line Productivity"])  # the link's own address, as a person following it
        b.wait("the heading's page", lambda: b.find("#area-title").text == "Command-Line Productivity"
               and len(b.list_repos()) >= 10, 10)
        if "junegunn/fzf" not in b.list_repos():
            raise Failure(f"awesome-shell's Command-Line Productivity lists {b.list_repos()[:5]}…, not fzf")
        rows = len(b.list_repos())
        # A heading with headings below: they are links, and one opens its own page with the path as crumbs.
        b.go("/lists?list=awesome-selfhosted/awesome-selfhosted&heading=Software")
        b.wait("the headings below Software", lambda: len(b.finds("#subheadings a")) > 10, 10)
        # Past a dozen they are folded behind "Headings below" (the repositories stay near the top on a phone).
        if b.find("#below").get_attribute("open") is not None:
            raise Failure("Software's 80-odd headings below are all shown above its repositories")
        b.find("#below summary").click()
        chip = b.finds("#subheadings a")[0]
        below = chip.get_attribute("href")
        chip.click()
        b.wait("a heading below to open", lambda: b.driver.current_url == below and b.list_repos(), 10)
        crumbs = [link.text for link in b.finds(".list-path a")]
        if crumbs != ["awesome-selfhosted/awesome-selfhosted", "Software"]:
            raise Failure(f"the heading below Software shows the crumbs {crumbs}")
        b.go("/lists?list=awesome-selfhosted/awesome-selfhosted&heading=No%20such%20heading")
        b.wait("a heading no list has to say so", lambda: b.finds(".list-error"), 10)
        said = b.find(".list-error").text
        if "No such heading" not in said or b.list_repos() or b.finds(".list-error button"):
            raise Failure(f"a heading no list has shows {said!r}, {len(b.list_repos())} rows (want no rows, no Retry)")
        # An alternative says why: the heading a list places both under (poetry and pip under awesome-python's
        # Package Managers on the starter lists).
        b.go("/r/python-poetry/poetry")
        b.wait("poetry's alternatives", lambda: b.finds("#alternatives-list .reason"), 15)
        reasons = [reason.text for reason in b.finds("#alternatives-list .reason")]
        listed = [reason for reason in reasons if reason.startswith("both under ") and " in awesome-" in reason]
        if not listed:
            raise Failure(f"poetry's alternatives give the reasons {reasons[:5]}, none a heading both are listed under")
        return (f"fzf's page links awesome-shell's Command-Line Productivity ({rows} rows, fzf among them); Software's "
                f"headings below open with crumbs; poetry's alternatives say {listed[0]!r}")

    def step_home_and_compare(self):
        """Home greets by name and deals today's pick; liking it puts it in Liked and the deck never deals it.
        Three rows go into the compare tray, which survives a reload offline; its Compare shows the table and
        the chart, and the repoverse:// link opens the same comparison. Every old path still works."""
        b = self.b
        b.go("/")
        greeting = b.wait("the greeting", lambda: "Ada" in b.find("#greeting").text and b.find("#greeting").text, 10)
        pick = b.wait("today's pick", lambda: b.finds(".pick-card") and b.find(".pick-card").get_attribute("data-repo"), 10)
        if pick in self.liked + self.skipped + self.saved:
            raise Failure(f"today's pick {pick} was dealt before")
        pick_fit = fit_words_problem(b.find(".pick-card .fit").text)
        if pick_fit:
            raise Failure(f"today's pick: {pick_fit}")
        b.click('.pick-actions [data-action="like"]')
        b.wait("the like to be said", lambda: "Library" in b.find(".pick-status").text, 5)
        self.liked.append(pick)
        self.wait_synced()
        liked = {item["repository"]["fullName"] for item in b.api("/v1/me/liked?perPage=100")["items"]}
        if pick not in liked:
            raise Failure(f"today's pick {pick} is not in Liked after Like")
        b.driver.refresh()
        again = b.wait("the pick after a reload", lambda: b.finds(".pick-card") and b.find(".pick-card").get_attribute("data-repo"), 10)
        pressed = b.find('.pick-actions [data-action="like"]').get_attribute("aria-pressed")
        if again != pick or pressed != "true":
            raise Failure(f"after a reload the pick is {again} (liked: {pressed}), expected {pick} liked")
        dealt = [item["repository"]["fullName"] for item in b.api("/v1/me/feed?limit=50")["items"]]
        if pick in dealt:
            raise Failure("the deck dealt today's pick")
        moving = len(b.finds("#moving .repo-row"))
        # The tray: Compare on three search rows; it survives a reload with the network off.
        b.go("/search?q=python")
        b.wait("search rows", lambda: len(b.finds("#list .repo-row .compare-toggle")) >= 3, 10)
        rows = b.finds("#list .repo-row")[:3]
        chosen = [row.get_attribute("data-repo") for row in rows]
        for row in rows:
            toggle = row.find_element(By.CSS_SELECTOR, ".compare-toggle")
            b.js("arguments[0].scrollIntoView({block: 'center'})", toggle)
            toggle.click()
        b.wait("the tray with three", lambda: b.find("#compare-tray .tray-label").text == "3 to compare", 5)
        b.driver.execute_cdp_cmd("Network.enable", {})
        b.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                 {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        try:
            b.go("/saved")
            b.wait("the tray offline", lambda: b.find("#compare-tray .tray-label").text == "3 to compare", 10)
        finally:
            b.driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                                     {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        b.go("/saved")
        b.click("#compare-tray a.button")
        b.wait("the comparison", lambda: b.finds(".compare-table"), 10)
        columns = [link.text.replace("\n", "") for link in b.finds(".compare-table thead .compare-name")]
        facts = [row.get_attribute("data-fact") for row in b.finds(".compare-table tr[data-fact]")]
        # Thirteen facts, less any no column knows (the row of "—" is left out: no license recorded, for one).
        if columns != chosen or not {"stars", "gained7", "lastPush", "health"} <= set(facts) or len(facts) > 13:
            raise Failure(f"the comparison shows {columns} with facts {facts}, expected {chosen}")
        if not b.finds("svg.compare-chart path.line"):
            raise Failure("the comparison has no star history chart")
        b.wait("the fit for this person", lambda: b.find(".fit-row").is_displayed(), 10)
        # One number, one word (issue 66): each column's fit is worded as Home's pick is, its level by its number.
        for cell in b.finds(".fit-row td"):
            shown = cell.text.split("\n")[0]
            problem = shown != "—" and fit_words_problem(shown)
            if problem:
                raise Failure(f"Compare's fit: {problem}")
        # Each column says where it stands with the person: all three unliked and unsaved here.
        toggles = b.wait("Like and Save on each column", lambda: len(b.finds(".compare-toggles")) == 3
                         and b.finds(".compare-toggles [data-toggle]"), 10)
        if any(t.get_attribute("aria-pressed") != "false" for t in toggles):
            raise Failure("a compared repository shows liked or saved that the person never liked or saved")
        self.compared = b.driver.current_url.replace(b.base, "")
        link = b.find(".compare code").text
        b.go("/open?link=" + urllib.parse.quote(link, safe=""))
        b.wait("the deep link's comparison", lambda: b.finds(".compare-table"), 10)
        if b.driver.current_url.replace(b.base, "") != self.compared:
            raise Failure(f"{link} opened {b.driver.current_url}, not {self.compared}")
        b.js("localStorage.removeItem('rf.compare')")
        # Every path that worked before still does (the sections' own addresses open their first tab).
        old = {"/": "home", "/home": "home", "/discover": "discover", "/trending": "trending", "/search": "search",
               "/saved": "saved", "/liked": "liked", "/profile": "profile", "/onboarding?edit=1": "onboarding",
               "/library": "saved", "/explore": "search", f"/r/{pick}": "repository",
               "/open?link=repoverse%3A%2F%2Fliked": "liked", "/open?link=repoverse%3A%2F%2Fdiscover": "discover"}
        for path, screen in old.items():
            b.go(path)
            shown = b.js("return document.body.dataset.screen")
            if shown != screen:
                raise Failure(f"{path} shows {shown}, expected {screen}")
        print(f"  home: {greeting!r}, today's pick {pick} liked (in Liked, the same after a reload, not among 50 "
              f"cards dealt), {moving} movers; compare of {len(chosen)} from the tray (kept offline): {len(facts)} "
              f"facts, a chart, the fit; {link} opens it; {len(old)} old and new paths open their screens")

    def step_living_catalog(self):
        b = self.b
        # The star chart of a trending repository draws exactly the API's daily counts, on either scale.
        top = b.api("/v1/trending?since=monthly&perPage=1")["items"][0]["repository"]["fullName"]
        days = b.api(f"/v1/repos/{top}/stars")["days"]
        b.go(f"/r/{top}")
        b.wait("the star chart", lambda: b.finds(".star-history svg .series.linear path"))
        points = len(b.finds(".star-history .series.linear .point"))
        b.click(".star-history summary")
        rows = b.finds(".chart-table tbody tr")
        if points != len(days) or len(rows) != len(days):
            raise Failure(f"{top}: {points} points and {len(rows)} rows for {len(days)} days of counts")
        counts = [cell.text for cell in b.finds(".chart-table tbody td:nth-child(2)")]
        if counts != [f"{day['stars']:,}" for day in days]:
            raise Failure(f"{top}: the table's counts differ from the API's")
        axis = self.chart_axis_problems(f"/r/{top}")
        # A repository whose counts moved less than 1% stays readable: its labels differ and fit on a phone too.
        # Repositories of the starter catalog whose counts moved less than 1% (their short labels were all "26.8K");
        # since a moved repository's earlier counts came with it (scripts/starter_moves.py), react/react-native's and
        # the others' no longer do, and ones that never moved come first.
        narrow = next((name for name in ("akka/akka-core", "twbs/bootstrap-sass", "justjavac/wechat-miniapp-radar",
                                         "react/react-native", "react/create-react-app", "lysine-dev/okhttp")
                       if self.narrow_range(b.api(f"/v1/repos/{name}/stars")["days"])), None)
        if narrow is None:
            raise Failure("no repository's counts moved less than 1%: the axis check has nothing to read")
        axis += self.chart_axis_problems(f"/r/{narrow}")
        b.driver.set_window_size(390, 844)
        try:
            axis += self.chart_axis_problems(f"/r/{narrow}") + self.chart_axis_problems(f"/r/{top}")
        finally:
            b.driver.set_window_size(1280, 900)
        if axis:
            raise Failure("the star chart's axis: " + "; ".join(axis))
        b.go(f"/r/{top}")
        b.wait("the star chart", lambda: b.finds(".star-history svg .series.linear path"))
        b.click('.star-history .segmented input[value="log"] + span')
        if b.js("return getComputedStyle(document.querySelector('.series.linear')).display") != "none":
            raise Failure("the log scale did not replace the linear one")
        svg = b.find(".star-history svg")
        ActionChains(b.driver).move_to_element(svg).perform()
        readout = b.wait("the hovered day's count", lambda: b.find(".chart-readout").text, 5)
        # A repository GitHub has but the catalog lacks: found by search and opened, one request each.
        self.standin("/_standin/repos", {
            "full_name": "e2e-owner/fresh-tool", "name": "fresh-tool", "owner": {"login": "e2e-owner"},
            "stargazers_count": 321, "language": "Zig", "pushed_at": "2026-11-20T10:00:00Z",
            "html_url": "https://github.com/e2e-owner/fresh-tool"})
        b.go("/search?q=https://github.com/e2e-owner/fresh-tool")
        b.wait("the fetched repository first", lambda: b.list_repos()[:1] == ["e2e-owner/fresh-tool"], 15)
        b.go("/r/e2e-owner/fresh-tool")
        if b.find(".repo-name").text != "fresh-tool":
            raise Failure("the fetched repository's page does not show it")
        # Renamed on GitHub before anyone here asked: the old address lands on the new name, and a like sticks there.
        self.standin("/_standin/repos", {
            "full_name": "e2e-owner/old-name", "name": "old-name", "owner": {"login": "e2e-owner"},
            "stargazers_count": 99, "html_url": "https://github.com/e2e-owner/old-name"})
        self.standin("/_standin/repos/rename", {"from": "e2e-owner/old-name", "to": "e2e-new/new-name"})
        b.go("/r/e2e-owner/old-name")
        b.wait("the redirect to the new name", lambda: b.driver.current_url.endswith("/r/e2e-new/new-name"))
        b.wait("the page's Like toggle", lambda: b.finds('.detail [data-toggle="like"]'))
        b.click('.detail [data-toggle="like"]')
        self.wait_synced()
        b.go("/liked")
        b.wait("the renamed repository in Liked", lambda: "e2e-new/new-name" in b.list_repos(), 10)
        # Deleted on GitHub: GitHub has no repository by that name any more, and the page says so.
        self.standin("/_standin/repos", {
            "full_name": "e2e-owner/short-lived", "name": "short-lived", "owner": {"login": "e2e-owner"},
            "stargazers_count": 5, "html_url": "https://github.com/e2e-owner/short-lived"})
        self.standin("/_standin/repos/delete", {"name": "e2e-owner/short-lived"})
        b.go("/r/e2e-owner/short-lived")
        if "has no repository e2e-owner/short-lived" not in b.find("main").text:
            raise Failure("a deleted repository's page does not say GitHub has none")
        print(f"  living catalog: {top}'s chart has {points} points = {len(days)} API days, back to {days[0]['day']} "
              f"(log scale, hover "
              f"{readout!r}); a pasted GitHub address found e2e-owner/fresh-tool; e2e-owner/old-name redirected "
              f"to e2e-new/new-name and its like is in Liked; a deleted one says GitHub has none")

    @staticmethod
    def narrow_range(days):
        counts = [day["stars"] for day in days]
        return len(counts) >= 2 and max(counts) >= 10_000 and max(counts) - min(counts) < max(counts) / 100

    def chart_axis_problems(self, path):
        """What is wrong with the y-axis labels of the star chart on `path`, at the window's size, on both scales:
        two labels alike, or a label cut off by the chart's left edge."""
        b = self.b
        b.go(path)
        b.wait("the star chart", lambda: b.finds(".star-history svg .series.linear path"))
        problems = []
        for scale in ("linear", "log"):
            b.click(f'.star-history .segmented input[value="{scale}"] + span')
            labels = b.js("""
                const svg = document.querySelector('.star-history svg'), box = svg.getBoundingClientRect();
                return [...svg.querySelectorAll('.series.' + arguments[0] + ' .tick')].map(tick => {
                    const r = tick.getBBox(), m = tick.getScreenCTM();
                    return [tick.textContent, m.a * r.x + m.e - box.left];
                });""", scale)
            texts = [text for text, _ in labels]
            if len(set(texts)) != len(texts):
                problems.append(f"{path} ({b.driver.get_window_size()['width']} px, {scale}): labels {texts}")
            problems += [f"{path} ({b.driver.get_window_size()['width']} px, {scale}): {text!r} starts {left:.0f} px "
                         f"left of the chart" for text, left in labels if left < -0.5]
        return problems

    def step_deck_failure(self):
        b = self.b
        b.go("/discover")
        b.top_card()
        self.wait_synced()
        # No cards kept and the feed failing: the deck says so and offers Retry, which deals again.
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/v1/me/feed*"]})
        b.js("indexedDB.deleteDatabase('repofinder')")
        b.go("/saved")
        b.go("/discover")
        message = b.wait("the deck's failure message", lambda: b.find("#deck [role=alert] p").text, 10)
        b.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        b.click("#deck [role=alert] button")
        name = b.top_card()
        print(f"  deck failure: {message!r} with Retry, which dealt {name}")

    def step_first_load(self):
        b = self.b
        d = b.driver
        d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        d.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
        b.go("/discover")
        b.wait("the first card", lambda: b.js("return performance.getEntriesByName('first-card').length > 0"), 10)
        figures = b.js("""
            const own = (entry) => new URL(entry.name).origin === location.origin;
            const navigation = performance.getEntriesByType('navigation')[0];
            const resources = performance.getEntriesByType('resource').filter(own);
            const bytes = navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0);
            const decoded = navigation.decodedBodySize + resources.reduce((sum, r) => sum + r.decodedBodySize, 0);
            return { bytes, decoded, requests: resources.length + 1,
                     firstCard: performance.getEntriesByName('first-card')[0].startTime,
                     files: resources.map((r) => [new URL(r.name).pathname, r.transferSize]) };
        """)
        d.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        d.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
        b.go("/discover")
        b.wait("the service worker", lambda: b.js("return !!navigator.serviceWorker.controller"), 15)
        shell = b.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            (async () => {
                let bytes = 0, files = 0;
                for (const name of (await caches.keys()).filter((n) => n.startsWith('repofinder-'))) {
                    const cache = await caches.open(name);
                    for (const request of await cache.keys()) {
                        bytes += (await (await cache.match(request)).blob()).size;
                        files += 1;
                    }
                }
                return { bytes, files };
            })().then(done, (error) => done({ error: String(error) }));
        """)
        figures["shell"] = shell
        self.figures = figures
        print(f"  first load of Discover (no cache): {figures['bytes'] / 1024:.1f} KB transferred in "
              f"{figures['requests']} requests ({figures['decoded'] / 1024:.1f} KB decoded), first card at "
              f"{figures['firstCard']:.0f} ms; then the service worker keeps the shell for offline use: "
              f"{shell.get('files')} files, {shell.get('bytes', 0) / 1024:.1f} KB, fetched after the page's load event")
        if figures["bytes"] > 150 * 1024:
            raise Failure(f"first load transferred {figures['bytes']} bytes (budget 150 KB): {figures['files']}")
        if figures["firstCard"] > 1000:
            raise Failure(f"first card after {figures['firstCard']:.0f} ms (budget 1 s)")

    def standin(self, path, body=None):
        """The stand-in GitHub's own bookkeeping (what GitHub holds): JSON in and out."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.github + path, data=data, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def sign_in(self, b, login):
        """Profile → Sign in with GitHub → the stand-in's consent page (as `login`) → Authorize → back on Profile."""
        b.go("/profile")
        b.wait("the Sign in with GitHub button", lambda: b.finds("#sign-in"))
        b.click("#sign-in")
        b.wait("GitHub's consent page", lambda: "/login/oauth/authorize" in b.driver.current_url)
        field = b.find("#login")
        field.clear()
        field.send_keys(login)
        b.click("#authorize")
        b.wait("Profile to show who is signed in", lambda: b.find("#github-login").text == login, 20)

    def step_sign_in(self):
        """Sign in with GitHub from Profile: the identity shows, the device keeps its token, GitHub's stays sealed."""
        b = self.b
        token = b.token()
        self.sign_in(b, "octo-stars")
        if b.token() != token:
            raise Failure("the first device to sign in got a new token; it should keep its own")
        issued = self.standin("/_standin/tokens").get("octo-stars", [])
        if len(issued) != 1:
            raise Failure(f"the stand-in issued {len(issued)} tokens to octo-stars, expected 1")
        raw = b""
        for suffix in ("", "-wal"):
            if os.path.exists(self.database + suffix):
                with open(self.database + suffix, "rb") as handle:
                    raw += handle.read()
        if any(value.encode() in raw for value in issued):
            raise Failure("the GitHub token is in the database file in clear text")
        print(f"  sign in: Profile shows octo-stars; same RepoFinder token; GitHub's token not in the {len(raw)} "
              "bytes of the database")

    def step_star_back(self):
        """Saved → Star on GitHub: the stand-in has the star, and the repository's page shows it starred."""
        b = self.b
        b.go("/saved")
        button = b.wait("a Star button on a Saved row", lambda: b.finds("#list .github-star[data-state=unstarred]"))[0]
        name = button.get_attribute("data-repo")
        b.js("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        b.wait("the row to say Starred", lambda: b.find(f'#list .github-star[data-repo="{name}"]').get_attribute(
            "data-state") == "starred")
        starred = self.standin("/_standin/users/octo-stars/starred-names")
        if name.lower() not in starred:
            raise Failure(f"the stand-in GitHub has {starred}, not {name}")
        owner, repo = name.split("/")
        b.go(f"/r/{owner}/{repo}")
        b.wait("the page to show it starred", lambda: b.find(".detail .github-star").get_attribute("data-state")
               == "starred")
        self.starred_back = name
        print(f"  star back: {name} starred from Saved; the stand-in has it; its page says Starred")

    def step_maintainer(self):
        """Signed in as an owner: /maintainer lists their repositories; one's chart, table and CSV say the same."""
        b = self.b
        name = self.starred_back
        owner = name.split("/")[0]
        self.standin("/_standin/users/octo-stars/orgs", {"orgs": [owner]})
        b.go("/maintainer")
        link = b.wait(f"{name} in the list", lambda: [a for a in b.finds("#maintainer-list a.repo-link")
                                                       if a.text.strip().lower() == name.lower()])[0]
        listed = len(b.finds("#maintainer-list a.repo-link"))
        b.js("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        b.wait("the dashboard", lambda: b.find("#dashboard-title").text.strip().lower() == name.lower())
        b.wait("the chart's bars", lambda: b.finds("svg [data-day][data-dealt]"))
        bars = b.js("""
            const series = {};
            for (const bar of document.querySelectorAll('svg [data-day]')) {
                const day = series[bar.dataset.day] ||= {};
                if (bar.dataset.dealt !== undefined) day.dealt = Number(bar.dataset.dealt);
                if (bar.dataset.likes !== undefined) day.likes = Number(bar.dataset.likes);
            }
            return series;""")
        rows = b.js("""
            const rows = {};
            for (const row of document.querySelectorAll('#maintainer-days tr[data-day]')) {
                const cells = {};
                for (const cell of row.querySelectorAll('[data-key]')) cells[cell.dataset.key] = Number(cell.dataset.value);
                rows[row.dataset.day] = cells;
            }
            return rows;""")
        owner_path, repo = name.split("/")
        request = urllib.request.Request(
            f"{b.base}/v1/me/maintainer/repos/{owner_path}/{repo}?window=30&format=csv",
            headers={"Authorization": f"Bearer {b.token()}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            csv_text = response.read().decode()
            disposition = response.headers.get("Content-Disposition", "")
        lines = csv_text.strip().split("\n")
        if lines[0] != "day,dealt,likes,saves,skips,opens" or len(lines) != 31:
            raise Failure(f"the CSV is not the 30-day series: {lines[:2]}… ({len(lines)} lines)")
        csv_days = {}
        for line in lines[1:]:
            day, dealt, likes, saves, skips, opens = line.split(",")
            csv_days[day] = {"dealt": int(dealt), "likes": int(likes), "saves": int(saves), "skips": int(skips),
                             "opens": int(opens)}
        if set(bars) != set(csv_days) or set(rows) != set(csv_days):
            raise Failure(f"the chart has {len(bars)} days, the table {len(rows)}, the CSV {len(csv_days)}")
        for day, counts in csv_days.items():
            if bars[day].get("dealt") != counts["dealt"] or bars[day].get("likes", counts["likes"]) != counts["likes"]:
                raise Failure(f"{day}: the chart shows {bars[day]}, the CSV {counts}")
            for key, value in rows[day].items():
                if key in counts and counts[key] != value:
                    raise Failure(f"{day}: the table shows {key} {value}, the CSV {counts[key]}")
        total = {key: sum(day[key] for day in csv_days.values()) for key in ("dealt", "saves")}
        if total["dealt"] < 1 or total["saves"] < 1:
            raise Failure(f"{name} was dealt and saved in this run, but the CSV says {total}")
        if f"{owner_path}-{repo}-30d.csv" not in disposition:
            raise Failure(f"the CSV's file name is not {owner_path}-{repo}-30d.csv: {disposition!r}")
        # The operator's page, with the token the server was started with (web-e2e.sh): the events this run's
        # browser sent show up in it.
        b.go("/admin")
        b.find("#admin-form input[type=password]").send_keys(OPERATOR_TOKEN)
        b.find("#admin-form button[type=submit]").click()
        b.wait("the report's charts", lambda: b.finds("#admin-active-chart svg") and
               not b.find("#admin-report").get_attribute("hidden"))
        request = urllib.request.Request(f"{b.base}/v1/admin/report?since=30d",
                                         headers={"Authorization": f"Bearer {OPERATOR_TOKEN}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            report = json.load(response)
        if report["people"] < 1 or report["swipes"] < 1:
            raise Failure(f"the browser's events are not in the report: {report['people']} people, "
                          f"{report['swipes']} swipes")
        folder = b.artifacts / "walk-dashboards"
        dashboards = [("maintainer", "/maintainer?repo=" + name, "svg [data-day][data-dealt]"),
                      ("admin", "/admin", "#admin-active-chart svg")]
        found = walk.walk(b, dashboards, folder)
        # In the pseudo-language and Japanese on the phone sizes: no word outside the catalogues, nothing cut.
        phones = {size: languages.SIZES[size] for size in ("phone", "phone-320")}
        found_words = languages.walk_languages(b, dashboards, folder / "languages", sizes=phones,
                                               languages=["en-XA", "ja"])
        b.viewport(*PHONE)
        if found or found_words:
            lines = [f"{size} {screen}: {problem}" for size, by_screen in found.items()
                     for screen, problems in by_screen.items() for problem in problems]
            lines += [f"{language} {screen}: {problem}" for language, by_screen in found_words.items()
                      for screen, problems in by_screen.items() for problem in problems]
            print("\n".join("  " + line for line in lines[:40]))
            raise Failure(f"the dashboards' walk found {len(lines)} problems (screenshots in {folder})")
        print(f"  maintainer: {listed} repositories of {owner}; {name}: chart, table and CSV agree on 30 days "
              f"({total['dealt']} dealt, {total['saves']} saved); /admin: {report['people']} people, "
              f"{report['swipes']} swipes from this browser's events; both walked on {len(walk.SCREENS)} sizes, and in "
              "en-XA and ja on two phones")

    def step_two_devices(self):
        """A second browser profile likes two repositories anonymously, then signs in as the same person: one
        account, with the union of both devices' likes, nothing twice."""
        b = self.b
        before = {item["repository"]["fullName"] for item in b.api("/v1/me/liked?perPage=100")["items"]}
        other = Browser(b.base, b.artifacts)
        try:
            other.go("/discover")
            other.wait("onboarding on the new device", lambda: other.driver.current_url.endswith("/onboarding"))
            other.click('[data-nav="skip"]')
            mine = []
            for _ in range(2):
                name = other.top_card()
                ActionChains(other.driver).send_keys(Keys.ARROW_RIGHT).perform()
                other.wait("the next card", lambda: other.top_card() != name)
                mine.append(name)
            other.wait("the likes to reach the server", lambda: len(
                other.api("/v1/me/liked?perPage=100")["items"]) == 2, 20)
            old = other.token()
            self.sign_in(other, "octo-stars")
            if other.token() == old:
                raise Failure("the second device kept its old token after joining the account")
            self.expect_refused(old, "the second device's old token")
            union = [item["repository"]["fullName"] for item in other.api("/v1/me/liked?perPage=100")["items"]]
            if sorted(union) != sorted(before | set(mine)) or len(union) != len(set(union)):
                raise Failure(f"the joined account likes {sorted(union)}, expected {sorted(before | set(mine))}")
            first = [item["repository"]["fullName"] for item in b.api("/v1/me/liked?perPage=100")["items"]]
            if sorted(first) != sorted(union):
                raise Failure("the first device does not see the second device's likes")
        except Exception:
            other.keep_failure("two_devices_second")
            raise
        finally:
            other.quit()
        print(f"  two devices: {len(before)} + {len(mine)} likes → one account of {len(union)}; the second device's "
              "old token gets 401")

    def expect_refused(self, token, what):
        """`token` gets 401 from the API."""
        request = urllib.request.Request(f"{self.b.base}/v1/me/stats", headers={"Authorization": f"Bearer {token}"})
        try:
            urllib.request.urlopen(request)
            raise Failure(f"{what} still works")
        except urllib.error.HTTPError as error:
            if error.code != 401:
                raise Failure(f"{what} gets {error.code}, not 401")

    def step_your_data(self):
        """Profile → Download my data, then Delete my account: the old token is refused, nothing is left."""
        b = self.b
        token = b.token()
        b.go("/profile")
        b.click("#export-data")
        b.wait("the download to be announced", lambda: b.find("#data-status").text.startswith("Downloaded"))
        said = b.find("#data-status").text
        b.click("#delete-account")
        b.wait("the confirmation", lambda: b.driver.switch_to.alert, 5)
        b.driver.switch_to.alert.accept()
        b.wait("a fresh start at onboarding", lambda: b.driver.current_url.endswith("/onboarding"))
        self.expect_refused(token, "the deleted account's token")
        with sqlite3.connect(self.database) as db:
            left = db.execute("SELECT count(*) FROM interactions").fetchone()[0]
        if left != 0:
            raise Failure(f"{left} interactions are left in the database after the only account was deleted")
        if b.token() == token:
            raise Failure("the browser kept the deleted account's token")
        grants = self.standin("/_standin/grants")
        if grants.get("octo-stars"):
            raise Failure(f"GitHub still holds {grants['octo-stars']} of the deleted account's grants")
        print(f"  your data: {said!r}; deleted: the old token gets 401, {left} interactions left in the database, "
              "the GitHub grant revoked")

    def step_first_use(self):
        failures = firstuse.run(self)
        if failures:
            raise Failure(f"{len(failures)} first-use checks failed: {[name for name, _ in failures]}")

    def step_small_things(self):
        failures = smallthings.run(self, smallthings.CHECKS)
        if failures:
            raise Failure(f"{len(failures)} small-things checks failed: {[name for name, _ in failures]}")

    def step_office(self):
        failures = smallthings.run(self, smallthings.LAST)
        if failures:
            raise Failure(f"{len(failures)} small-things checks failed: {[name for name, _ in failures]}")

    def walk_screens(self):
        owner, name = self.liked[0].split("/")
        return [("home", "/", "main .pick-card, main [data-state]"), ("discover", "/discover", ".card.top"),
                ("trending", "/trending?since=weekly", "#list .repo-row"), ("search", "/search?q=terminal", "#list .repo-row"),
                ("search-empty", "/search", 'input[name="q"]'), ("saved", "/saved", "#list .repo-row, #list .empty-row"),
                ("liked", "/liked", "#list .repo-row"), ("detail", f"/r/{owner}/{name}", "#list .repo-row"),
                ("compare", self.compared, ".compare-table"), ("profile", "/profile", "#chart svg"),
                ("onboarding", "/onboarding?edit=1", 'input[name="primaryCluster"], [data-nav="next"]'),
                ("areas", "/areas", "main a[href^='/areas/']"), ("area", "/areas/data", "#list .repo-row"),
                ("list", "/lists?list=awesome-selfhosted/awesome-selfhosted&heading=Software", "#list .repo-row"),
                ("not-found", "/trendin", "nav.tabbar"),
                ("maintainer-signed-out", "/maintainer", "#maintainer-sign-in:not([hidden])"),
                ("admin-token", "/admin", "#admin-form")]

    def step_walk(self):
        b = self.b

        def banner_shown(browser):
            browser.js("const b = document.getElementById('status-banner'); b.textContent = "
                       "'You’re offline — 2 swipes waiting to sync.'; b.hidden = false;")
            firstuse.toast_shown(self)

        folder = b.artifacts / "walk"
        found = walk.walk(b, self.walk_screens(), folder,
                          [("toast", lambda browser: firstuse.toast_shown(self)), ("banner", banner_shown)])
        b.viewport(*PHONE)
        screens = len(self.walk_screens()) * len(walk.SCREENS)
        if found:
            lines = [f"{size} {screen}: {problem}" for size, by_screen in found.items()
                     for screen, problems in by_screen.items() for problem in problems]
            (folder / "problems.txt").write_text("\n".join(lines) + "\n")
            print("\n".join("  " + line for line in lines[:40]))
            print(f"  (all {len(lines)} in {folder / 'problems.txt'})")
            raise Failure(f"the walk found problems on {sum(len(v) for v in found.values())} of {screens} screens")
        print(f"  walk: {screens} screens on {len(walk.SCREENS)} sizes (and the deck with a toast and a banner): "
              f"no sideways scroll, no overflow, every target ≥ 44 px, the deck's buttons clear, no console errors; "
              f"screenshots in {folder}")

    def step_languages(self):
        """Every screen in the pseudo-language and the four languages (languages.py): no word outside the catalogues,
        no missing key, nothing overflowing; the phone screenshots of Discover, Home, Ask and Profile per language go
        to the README's gallery when screenshots are asked for."""
        b = self.b
        screens = self.walk_screens() + [("ask", "/ask", "main textarea, main input")]
        folder = b.artifacts / "languages"
        started = time.time()
        loads = {}
        found = languages.walk_languages(b, screens, folder, loads=loads)
        b.viewport(*PHONE)
        print("  first load of Discover per language: " + ", ".join(
            f"{language} {load['bytes'] / 1024:.1f} KB in {load['requests']} requests" for language, load in loads.items()))
        for language, load in loads.items():
            if load["bytes"] > 150 * 1024:
                found.setdefault(language, {})["first-load"] = [f"{load['bytes']} bytes transferred (budget 150 KB)"]
        count = sum(len(problems) for pages in found.values() for problems in pages.values())
        others = [language for language in languages.LANGUAGES if language != "en"]
        visits = sum(languages.walked(language, size) for language in languages.LANGUAGES for size in languages.SIZES)
        print(f"  {len(screens)} screens × {visits} language-size pairs: en-XA on {len(languages.SIZES)} sizes "
              f"({', '.join(languages.SIZES)}), {', '.join(o for o in others if o != 'en-XA')} on "
              f"{', '.join(languages.PHONE_SIZES)}, English on {', '.join(languages.ENGLISH_SIZES)}, "
              f"in {time.time() - started:.0f} s: {count} problem(s); "
              f"screenshots in {folder}")
        for language, pages in found.items():
            for page, problems in pages.items():
                for problem in problems[:8]:
                    print(f"    {language} {page}: {problem}")
        if self.gallery:
            gallery = self.gallery / "languages"
            gallery.mkdir(parents=True, exist_ok=True)
            for language in ["en", "es", "de", "ja"]:
                for screen in ["discover", "home", "ask", "profile"]:
                    source = folder / language / f"{screen}-phone.png"
                    if source.exists():
                        (gallery / f"{screen}-{language}.png").write_bytes(source.read_bytes())
            languages.gallery(b, gallery, self.gallery / "languages.png")
            for shot in gallery.glob("*.png"):
                shot.unlink()
            gallery.rmdir()
        if count:
            raise Failure(f"{count} language problem(s), listed above")

    def screenshots(self, folder):
        b = self.b
        folder.mkdir(parents=True, exist_ok=True)
        b.go("/discover")
        for _ in range(3):  # something to show on Saved
            self.act("save", "key")
        self.wait_synced()
        owner, name = self.liked[0].split("/")
        screens = [("home", "/", ".pick-card"), ("discover", "/discover", ".card.top"),
                   ("compare", self.compared, ".compare-table"), ("onboarding", "/onboarding?edit=1", 'input[name="primaryCluster"]'),
                   ("trending", "/trending?since=weekly", "#list .repo-row"),
                   ("search", "/search?q=swift", "#list .repo-row"), ("saved", "/saved", "#list .repo-row"),
                   ("liked", "/liked", "#list .repo-row"), ("detail", f"/r/{owner}/{name}", "#list .repo-row"),
                   ("profile", "/profile", "#chart svg"), ("area", "/areas/data", "#list .repo-row")]
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            b.viewport(*size)
            for screen, path, ready in screens:
                b.go(path)
                b.wait(f"{screen} to be ready", lambda: b.finds(ready), 10)
                time.sleep(0.4)
                b.driver.save_screenshot(str(folder / f"{screen}-{size_name}.png"))
        # The card with a description and without one (a sentence made of its facts), on a phone and a desktop.
        kinds = {"described": ".card.top .description:not(.derived)", "derived": ".card.top .description.derived"}
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            b.viewport(*size)
            b.go("/discover")
            b.top_card()
            for kind, selector in kinds.items():
                for _ in range(40):
                    if b.finds(selector):
                        break
                    self.act("skip", "key")
                if b.finds(selector):  # the starter catalog has no descriptions; the living catalog brings them
                    b.js("document.getElementById('toast').classList.remove('visible')")
                    time.sleep(0.4)
                    b.driver.save_screenshot(str(folder / f"card-{kind}-{size_name}.png"))
        b.viewport(*PHONE)
        print(f"  screenshots: {len(screens) * 2 + 4} in {folder}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--github", required=True, help="the stand-in GitHub's address")
    parser.add_argument("--artifacts", default="test-artifacts/web")
    parser.add_argument("--screenshots")
    parser.add_argument("--only", help="comma-separated steps to run after onboarding and the deck (for working on them)")
    args = parser.parse_args()
    artifacts = Path(args.artifacts)
    try:
        browser = Browser(args.url.rstrip("/"), artifacts)
    except Exception as error:  # seen once: Chromium not ready for its driver; once more before giving up
        print(f"web: the browser did not start ({str(error).splitlines()[0]}); once more")
        time.sleep(2)
        browser = Browser(args.url.rstrip("/"), artifacts)
    flow = Flow(browser, args.database, args.github.rstrip("/"))
    flow.gallery = Path(args.screenshots) if args.screenshots else None
    steps = ["onboarding", "deck", "deck_filter", "lists", "offline", "remove", "search", "row_state", "trending", "detail", "home_and_compare",
             "living_catalog",
             "deck_failure",
             "first_load"]
    # After the screenshots (which save three cards): signed in, starring one of them, a second device, then delete.
    after_screenshots = ["walk", "languages", "first_use", "small_things", "sign_in", "star_back", "maintainer", "two_devices",
                         "your_data", "office"]
    screenshots = True
    if args.only:
        chosen = args.only.split(",")
        steps = ["onboarding", "deck"] + [step for step in chosen if step not in after_screenshots]
        after_screenshots = [step for step in after_screenshots if step in chosen]
        screenshots = False
    started = time.time()
    try:
        for step in steps:
            print(f"web: {step.replace('_', ' ')}")
            try:
                getattr(flow, f"step_{step}")()
            except Exception:
                browser.keep_failure(step)
                raise
        try:
            if screenshots:
                flow.screenshots(Path(args.screenshots) if args.screenshots else artifacts / "screens")
        except Exception:
            browser.keep_failure("screenshots")
            raise
        for step in after_screenshots:
            print(f"web: {step.replace('_', ' ')}")
            try:
                getattr(flow, f"step_{step}")()
            except Exception:
                browser.keep_failure(step)
                raise
    except Exception as error:
        traceback.print_exc()
        print(f"web: FAILED ({error}); screenshots and console in {artifacts}", file=sys.stderr)
        return 1
    finally:
        browser.quit()
    print(f"web: passed, {len(steps) + len(after_screenshots)} steps in {time.time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
