"""What a first-time person stumbled on (issue 23), each checked in the browser: every check here failed before its
fix. Used by e2e.py as the `first_use` step, after the journey (so there are likes, saves and a kept deck)."""

import time
import urllib.error
import urllib.request


class Failure(Exception):
    pass


def toast_shown(flow):
    """Skips the top card by key (the decision's toast appears) and waits until the toast shows."""
    flow.b.js("document.querySelector('.card.top').focus()")
    flow.act("skip", "key")
    flow.b.wait("the toast", lambda: flow.b.js("return document.getElementById('toast').classList.contains('visible')"))
    time.sleep(0.3)


def offline(b, on):
    if on:
        b.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        b.wait("the page to notice it is offline", lambda: b.js("return navigator.onLine === false"), 5)
    else:
        b.driver.delete_network_conditions()
        b.wait("the page to be online again", lambda: b.js("return navigator.onLine === true"), 5)


def empty_search(flow):
    """/search with no query: no request for an empty query, no raw error; it invites a search."""
    b = flow.b
    b.go("/search")
    b.wait("the search screen", lambda: b.finds('input[name="q"]'))
    time.sleep(0.8)
    text = b.find("main").text
    if "could not be read" in text or b.finds("#list-end [role=alert]"):
        raise Failure(f"/search with no query shows an error: {text[:200]!r}")
    if not b.finds('[data-state="prompt"]'):
        raise Failure("/search with no query does not invite a search")
    return "no query: an invitation, no request"


def profile_counts(flow):
    """Profile's Liked and Saved counts are the lists' lengths (a like taken back is not counted)."""
    b = flow.b
    liked = b.api("/v1/me/liked?perPage=100")["total"]
    saved = b.api("/v1/me/saved?perPage=100")["total"]
    b.go("/profile")
    b.wait("the profile's counts", lambda: b.finds("#stats .stat"))
    counts = {stat.find_element("css selector", "span").text: int(stat.find_element("css selector", "strong").text)
              for stat in b.finds("#stats .stat")}
    shown = (counts.get("Liked"), counts.get("Saved"))
    if shown != (liked, saved):
        raise Failure(f"Profile counts liked/saved {shown}; the lists hold {(liked, saved)}")
    return f"Profile counts {shown[0]} liked and {shown[1]} saved, as the lists"


def offline_reload_pending(flow):
    """Offline, two swipes, a reload: the banner still says 2 swipes wait."""
    b = flow.b
    b.go("/discover")
    b.top_card()
    offline(b, True)
    try:
        for _ in range(2):
            flow.act("skip", "key")
        b.driver.refresh()
        banner = b.wait("the offline banner after a reload",
                        lambda: b.find("#status-banner").is_displayed() and b.find("#status-banner").text, 10)
        if "2 swipes waiting" not in banner:
            raise Failure(f"after an offline reload the banner reads {banner!r}")
    finally:
        offline(b, False)
    flow.wait_synced(30)
    return f"after an offline reload: {banner!r}"


def cancelled_drag(flow):
    """A drag cut short by pointercancel springs back with no stamp left showing."""
    b = flow.b
    b.go("/discover")
    b.top_card()
    b.js("""
      const card = document.querySelector('.card.top');
      const box = card.getBoundingClientRect();
      const at = (type, x) => card.dispatchEvent(new PointerEvent(type, {pointerId: 7, bubbles: true, button: 0,
        isPrimary: true, pointerType: 'touch', clientX: box.left + x, clientY: box.top + 100}));
      at('pointerdown', 100); at('pointermove', 160); at('pointermove', 190); at('pointercancel', 190);
    """)
    time.sleep(0.4)
    opacity = b.js("const c = document.querySelector('.card.top');"
                   "return ['like', 'skip', 'save'].map((k) => getComputedStyle(c.querySelector('.stamp.' + k)).opacity)")
    if any(float(o) > 0.01 for o in opacity):
        raise Failure(f"after pointercancel the stamps' opacity is {opacity}")
    return "pointercancel leaves no stamp"


def unknown_paths(flow):
    """Unknown page paths answer the app's not-found page (HTML, with the navigation), not the API's JSON."""
    b = flow.b
    seen = []
    for path in ("/trendin", "/Trending", "/r/apple"):
        request = urllib.request.Request(b.base + path, headers={"Accept": "text/html"})
        try:
            urllib.request.urlopen(request, timeout=5)
            raise Failure(f"{path} answers 200")
        except urllib.error.HTTPError as error:
            kind = error.headers.get("Content-Type", "")
            if error.code != 404 or not kind.startswith("text/html"):
                raise Failure(f"{path} answers {error.code} {kind}")
        b.go(path)
        b.wait(f"{path}'s not-found page", lambda: b.finds("nav.tabbar") and b.finds('[data-screen="not-found"]'))
        seen.append(path)
    return f"{', '.join(seen)}: the app's not-found page (404, HTML)"


def detail_avatar(flow):
    """The repository page shows the initial, not a broken image, when the avatar cannot load."""
    b = flow.b
    owner, name = flow.liked[0].split("/")
    b.go(f"/r/{owner}/{name}")
    b.wait("the detail", lambda: b.finds(".detail"))
    time.sleep(1.0)
    b.js("window.scrollTo(0, 0)")
    broken = b.js("return [...document.querySelectorAll('main img[src]')].filter((i) => i.getAttribute('src')"
                  " && i.complete && i.naturalWidth === 0 && i.getBoundingClientRect().width > 0).map((i) => i.src)")
    if broken:
        raise Failure(f"the detail page shows broken images: {broken}")
    return "the detail's avatar falls back to the initial"


def toast_placement(flow):
    """A toast's text sits inside its rounded box (not under the corner), and covers neither the deck's buttons nor
    the next card's Details / Compare row (issue 44: it covered Learning resources, Details and Compare)."""
    b = flow.b
    b.go("/discover")
    b.top_card()
    toast_shown(flow)
    problem = b.js("""
      const toast = document.getElementById('toast');
      const box = toast.getBoundingClientRect();
      const radius = parseFloat(getComputedStyle(toast).borderTopLeftRadius);
      const range = document.createRange(); range.selectNodeContents(toast);
      const first = range.getClientRects()[0];
      if (first.top - box.top < Math.min(radius, box.height / 2) * 0.3 || first.left - box.left < radius * 0.3)
        return `the text starts ${Math.round(first.top - box.top)} px below and ${Math.round(first.left - box.left)} px right of a corner of radius ${radius}`;
      const covered = '.deck-actions button, .card.top .card-links a, .card.top .card-links button';
      for (const element of document.querySelectorAll(covered)) {
        const r = element.getBoundingClientRect();
        if (!(r.bottom <= box.top || r.top >= box.bottom || r.right <= box.left || r.left >= box.right))
          return `the toast covers ${element.getAttribute('aria-label') || element.textContent.trim()}`;
      }
      return null;""")
    if problem:
        raise Failure(problem)
    return "the toast sits clear of its corners, the deck's buttons and the card's Details / Compare row"


def focus_after_decision(flow):
    """After a decision by keyboard the focus is on the next card, not lost to the page."""
    b = flow.b
    b.go("/discover")
    b.top_card()
    b.js("document.querySelector('.card.top').focus()")
    flow.act("skip", "key")
    time.sleep(0.3)
    focused = b.js("const e = document.activeElement; return e && e.matches('.card.top') ? 'card' : e.tagName")
    if focused != "card":
        raise Failure(f"after a decision by keyboard the focus is on {focused}")
    return "the focus lands on the next card"


def offline_trending_filter(flow):
    """Offline, /trending?language=Rust keeps Rust in the field and asks for (or shows) the Rust list."""
    b = flow.b
    b.go("/trending")
    b.wait("the list online", lambda: flow.b.list_repos())
    b.wait("the service worker", lambda: b.js("return !!navigator.serviceWorker.controller"), 15)
    offline(b, True)
    try:
        b.go("/trending?language=Rust")
        b.wait("the page offline", lambda: b.finds('input[name="language"]'))
        time.sleep(1.0)
        value = b.find('input[name="language"]').get_attribute("value")
        languages = {el.text for el in b.finds("#list .language")}
        if value != "Rust" or (languages and languages != {"Rust"}):
            raise Failure(f"offline, /trending?language=Rust shows the field {value!r} and languages {languages}")
    finally:
        offline(b, False)
    return f"offline: the field keeps Rust; rows in {sorted(languages) or 'none (not kept)'}"


def copy_link(flow):
    """Copy link copies an https address a browser opens (the app still resolves repoverse:// links)."""
    b = flow.b
    owner, name = flow.liked[0].split("/")
    b.go(f"/r/{owner}/{name}")
    b.wait("the copy button", lambda: b.finds('[data-action="share"]'))
    b.js("window.copied = null; navigator.clipboard.writeText = async (text) => { window.copied = text; };")
    b.click('[data-action="share"]')
    copied = b.wait("the copied link", lambda: b.js("return window.copied"), 5)
    if not copied.startswith(("http://", "https://")) or not copied.endswith(f"/r/{owner}/{name}"):
        raise Failure(f"Copy link copied {copied!r}")
    return f"copied {copied}"


def redeal(flow):
    """Five decisions: the swipes reach the server, then the cards in hand never on top go back (POST
    /v1/me/feed/returns) and the deck is dealt again (issue 44: card 6 reflects the first five)."""
    b = flow.b
    b.go("/discover")
    b.top_card()
    # Every request the page makes from now on, in order.
    b.js("""window.sent = []; const original = window.fetch;
      window.fetch = (input, init = {}) => { window.sent.push(`${init.method || 'GET'} ${String(input).replace(location.origin, '')}`);
        return original(input, init); };""")
    tops = []
    for _ in range(5):
        b.js("document.querySelector('.card.top').focus()")
        tops.append(flow.act("skip", "key"))

    def redealt():
        sent = b.js("return window.sent")
        given = [i for i, s in enumerate(sent) if "/feed/returns" in s]
        return bool(given) and any(s.startswith("GET /v1/me/feed") for s in sent[given[0]:])
    try:
        b.wait("the re-deal", redealt)
    except Exception:
        raise Failure(f"no re-deal after 5 skips; the page sent {b.js('return window.sent')}")
    sent = b.js("return window.sent")
    given = next(i for i, s in enumerate(sent) if s.startswith("POST /v1/me/feed/returns"))
    posts = [i for i, s in enumerate(sent) if s.startswith("POST /v1/me/interactions")]
    if not posts or posts[-1] > given:
        raise Failure(f"the cards went back before the swipes were sent: {sent}")
    top = b.top_card()
    if top in tops:
        raise Failure(f"a decided card is back on top: {top}")
    return f"after 5 skips: {len(posts)} interaction post(s), then the return, then a new deal; on top {top}"


CHECKS = [empty_search, profile_counts, offline_reload_pending, cancelled_drag, unknown_paths, detail_avatar,
          toast_placement, focus_after_decision, offline_trending_filter, copy_link, redeal]


def run(flow, only=None):
    """Runs every check (or those named); returns the failures as (name, message) and prints what each saw."""
    failures = []
    for check in CHECKS:
        if only and check.__name__ not in only:
            continue
        try:
            print(f"  {check.__name__}: {check(flow)}")
        except Exception as error:
            flow.b.keep_failure(f"first-use-{check.__name__}")
            print(f"  {check.__name__}: FAILED — {error}")
            failures.append((check.__name__, str(error)))
    return failures
