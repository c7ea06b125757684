"""Issue 44 part 8: the small things found on the way, each checked in the browser. Used by e2e.py as the
`small_things` step (after the journey, so the person has a deck, likes and a Compare tray to work with), and two of
them by search.py on the whole shared catalog (`FULL_CATALOG_CHECKS`)."""

import json
import time
import urllib.request


class Failure(Exception):
    pass


# A card as the API deals it, drawn with the page's own card.js and stylesheet (the names and the area are the ones
# that were cut on phones).
CARD = """
  const { cardBody, fitCard } = await import('/assets/card.js');
  const item = (fullName, fit, cluster) => ({ fitScore: fit, cluster, reasons: ['Python — in your tech stack'],
    repository: { fullName, name: fullName.split('/')[1], owner: { login: fullName.split('/')[0] }, stars: 164321,
      language: 'Python', topics: ['deep-learning'], createdAt: '2018-10-29T00:00:00Z', url: 'https://github.com/' + fullName } });
  const deck = document.getElementById('deck');
  const made = [];
  for (const [fullName, fit, cluster, area] of arguments[0]) {
    const element = cardBody(item(fullName, fit, cluster), () => area);
    element.classList.add('top');
    element.style.zIndex = '50';
    deck.append(element);
    fitCard(element);
    made.push(element);
  }
  return made.map((element) => {
    const name = element.querySelector('h2');
    const link = element.querySelector('.card-area');
    const card = element.getBoundingClientRect();
    const area = link ? link.getBoundingClientRect() : null;
    const result = {
      name: name.textContent, cut: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
      areaOverflows: link ? link.scrollWidth > link.clientWidth + 1 : false,
      // An ellipsis is drawn only by a block container: a flex box clips its text mid-letter instead.
      areaEllipsis: link ? getComputedStyle(link).textOverflow === 'ellipsis'
        && !getComputedStyle(link).display.includes('flex') : true,
      areaInside: area ? area.right <= card.right + 0.5 : true,
    };
    element.remove();
    return result;
  });
"""


def drawn_cards(b, cards):
    return b.driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; (async () => {" + CARD + "})().then(done, (e) => done(String(e)));",
        cards)


def card_names_whole(flow):
    """At 390 and 320 px the name is whole (it may wrap), while the fit keeps its pill: "transformers", "CodeEdit"."""
    b = flow.b
    problems = []
    try:
        for width, height in ((390, 844), (320, 568)):
            b.viewport(width, height)
            b.go("/discover")
            b.top_card()
            for card in drawn_cards(b, [["huggingface/transformers", 92, "machine-learning", "Machine learning & AI"],
                                        ["CodeEditApp/CodeEdit", 70, "desktop", "Desktop apps"],
                                        ["microsoft/generative-ai-for-beginners", 80, "learning", "Learning resources"]]):
                if isinstance(card, str):
                    raise Failure(card)
                if card["cut"]:
                    problems.append(f"{card['name']} is cut at {width} px")
    finally:
        b.viewport(390, 844)
    if problems:
        raise Failure("; ".join(problems))
    return "names whole at 390 and 320 px beside a Strong fit"


def area_link_ellipsis(flow):
    """An area name too long for its row ends in an ellipsis inside the card, never clipped mid-letter."""
    b = flow.b
    try:
        b.viewport(320, 568)
        b.go("/discover")
        b.top_card()
        [card] = drawn_cards(b, [["a/b", 50, "web-frontend",
                                  "Web frontend, design systems and everything around components"]])
    finally:
        b.viewport(390, 844)
    if isinstance(card, str):
        raise Failure(card)
    if card["areaOverflows"] and not card["areaEllipsis"] or not card["areaInside"]:
        raise Failure(f"the area link is clipped: {card}")
    return "a long area name ends in … inside the card at 320 px"


def legend_aligned(flow):
    """The legend under the buttons ("Like — more like this", "Save — read later") is centred on the buttons."""
    b = flow.b
    b.go("/discover")
    b.top_card()
    offset = b.js("""
      const buttons = document.querySelector('.deck-actions').getBoundingClientRect();
      const spans = [...document.querySelectorAll('.meaning span')].map((s) => s.getBoundingClientRect());
      const left = Math.min(...spans.map((r) => r.left)), right = Math.max(...spans.map((r) => r.right));
      return Math.round(((left + right) / 2) - ((buttons.left + buttons.right) / 2));""")
    if abs(offset) > 4:
        raise Failure(f"the legend is {offset} px off the buttons' centre")
    return f"the legend is centred on the buttons ({offset} px)"


def compare_whole_columns(flow):
    """Compare on a phone shows whole columns (the fact names and one or two repositories), not 1.3 of them."""
    b = flow.b
    names = ",".join(flow.liked[:3]) if len(flow.liked) >= 3 else "vapor/vapor,apple/swift-nio,pointfreeco/swift-composable-architecture"
    b.go(f"/compare?repos={names}")
    b.wait("the comparison", lambda: b.finds(".compare-table thead th"))
    measure = """
      const scroll = document.querySelector('.compare-scroll').getBoundingClientRect();
      const facts = document.querySelector('.compare-table tbody th').getBoundingClientRect().width;
      const columns = [...document.querySelectorAll('.compare-table thead th')].map((th) => th.getBoundingClientRect().width);
      return (scroll.width - facts) / columns[0];"""
    # The fit row and the avatars fill in after the table: judge the layout once it has settled.
    shown, previous = b.js(measure), None
    for _ in range(20):
        if previous is not None and abs(shown - previous) < 0.005:
            break
        time.sleep(0.3)
        previous, shown = shown, b.js(measure)
    if abs(shown - round(shown)) > 0.12:
        raise Failure(f"Compare shows {shown:.2f} repository columns at 390 px")
    return f"Compare shows {shown:.2f} repository column(s) beside the facts at 390 px"


def ask_long_name_fits(flow):
    """An answer citing a long name (Ramotion/swift-ui-animation-components-and-libraries) keeps the page as wide as
    the phone: it once made it 597 px at 390, with the Ask button and the tab bar off the screen."""
    from selenium.webdriver.common.keys import Keys
    b = flow.b
    b.viewport(390, 844)
    b.go("/ask")
    field = b.wait("the question field", lambda: b.finds(".ask-form textarea")[0])
    field.send_keys("swiftui animation components", Keys.ENTER)
    b.wait("the answer's sources", lambda: b.finds(".bubble.assistant .sources .repo-row"), 20)
    time.sleep(0.8)
    cited = [e.get_attribute("data-repo") or "" for e in b.finds(".bubble.assistant .sources .repo-row")]
    longest = max(cited, key=len)
    if len(longest) < 40:
        raise Failure(f"the probe no longer cites a long name ({cited}): ask something that does")
    wide = b.js("return Math.max(document.scrollingElement.scrollWidth, window.innerWidth)")
    if wide > 391:
        raise Failure(f"an answer citing {longest} makes the page {wide} px wide at 390")
    return f"an answer citing {longest} ({len(longest)} characters) keeps the page {wide} px wide at 390"


def measure_top_card(b, width, height, script):
    """Runs `script` on the deck at `width` × `height` once a card is on top (and settled), then back to the phone."""
    try:
        b.viewport(width, height)
        b.go("/discover")
        b.top_card()
        time.sleep(0.6)
        return b.js(script)
    finally:
        b.viewport(390, 844)


def desktop_card(flow):
    """On a desktop the card is wide enough to read (≥ 400 px) and its content fills it (not 40 % empty)."""
    width, empty = measure_top_card(flow.b, 1280, 800, """
      const card = document.querySelector('.card.top'); const box = card.getBoundingClientRect();
      const bottom = Math.max(...[...card.children].filter((c) => c.offsetParent && !c.classList.contains('stamp'))
        .map((c) => c.getBoundingClientRect().bottom));
      return [box.width, (box.bottom - bottom) / box.height];""")
    if width < 400 or empty > 0.3:
        raise Failure(f"the desktop card is {width:.0f} px wide and {empty:.0%} empty")
    return f"the desktop card is {width:.0f} px wide, {empty:.0%} empty"


def card_fits_small_phone(flow):
    """On a 320 × 568 phone the top card's content ends inside the card: nothing cut at its bottom edge (the
    reasons' "+3 more" was cut in half, Details and Compare pushed out)."""
    b = getattr(flow, "b", flow)
    if not b.js("return localStorage.getItem('rf.onboarded') === '1'"):
        # search.py's browser has not set up: an ML person through the API, as the tester was.
        b.go("/")
        b.wait("an account", lambda: b.token())
        b.driver.execute_async_script("""
          const done = arguments[arguments.length - 1];
          fetch('/v1/me/preferences', {method: 'PUT', headers: {'Content-Type': 'application/json',
            Authorization: 'Bearer ' + localStorage.getItem('rf.token')},
            body: JSON.stringify({techStack: ['Python'], interests: ['machine-learning'], experienceLevel: 'advanced',
              primaryCluster: 'machine-learning', onboardingCompleted: true})})
            .then(() => { localStorage.setItem('rf.onboarded', '1'); done(); });""")
    spill, links = measure_top_card(b, 320, 568, """
      const card = document.querySelector('.card.top'); const box = card.getBoundingClientRect();
      const inner = box.top + card.clientTop + card.clientHeight;
      const shown = [...card.children].filter((c) => c.offsetParent && !c.classList.contains('stamp'));
      const worst = Math.max(...shown.map((c) => c.getBoundingClientRect().bottom - inner));
      const links = card.querySelector('.card-links').getBoundingClientRect();
      return [Math.round(worst), Math.round(links.bottom - inner)];""")
    if spill > 1:
        raise Failure(f"the card's content spills {spill} px past its bottom at 320 × 568 (Details/Compare row: {links} px)")
    return f"the card's content ends inside it at 320 × 568 ({-spill} px to spare)"


def tray_leaves_the_card_its_room(flow):
    """Issue 66 item 6: with three in the compare tray, the deck on a phone keeps the card's height and its reasons
    (the bar above the tab bar took 88 px, so a German card folded every reason into "+3 weitere"), and the tray
    covers none of the deck's buttons (at 320 × 568 it lay over Skip, Save and Like)."""
    b = flow.b
    script = """
      const card = document.querySelector('.card.top');
      const tray = document.getElementById('compare-tray');
      const shown = (e) => e && !e.hidden && e.getClientRects().length > 0;
      const box = (e) => e.getBoundingClientRect();
      const over = (a, c) => a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
      const buttons = [...document.querySelectorAll('.deck-actions button')].map(box);
      return {height: Math.round(box(card).height),
              reasons: [...card.querySelectorAll('.reasons li')].filter((li) => shown(li)).length,
              tray: shown(tray) ? tray.innerText.trim() : null,
              cut: shown(tray) && [...tray.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
              covers: shown(tray) && buttons.some((button) => over(box(tray), button))};"""
    kept = b.js("return localStorage.getItem('rf.compare')")
    problems, seen = [], []
    try:
        for width, height in ((375, 667), (320, 568)):
            b.js("localStorage.removeItem('rf.compare')")
            alone = measure_top_card(b, width, height, script)
            b.js("localStorage.setItem('rf.compare', JSON.stringify(['a/one', 'b/two', 'c/three']))")
            tray = measure_top_card(b, width, height, script)
            seen.append(f"{width}×{height}: card {alone['height']}→{tray['height']} px, reasons {alone['reasons']}→"
                        f"{tray['reasons']}, tray {tray['tray']!r}")
            if not tray["tray"]:
                problems.append(f"no tray on the deck at {width} px")
            if tray["covers"] or tray["cut"]:
                problems.append(f"at {width} px the tray {'covers a deck button' if tray['covers'] else 'is cut'}")
            if tray["height"] < alone["height"] - 1 or tray["reasons"] < alone["reasons"]:
                problems.append(f"at {width} px the tray takes the card's room ({seen[-1]})")
    finally:
        b.js("arguments[0] ? localStorage.setItem('rf.compare', arguments[0]) : localStorage.removeItem('rf.compare')",
             kept)
    if problems:
        raise Failure("; ".join(problems))
    return "; ".join(seen)


def onboarding_narrow(flow):
    """At 320 px onboarding's Areas step does not scroll sideways and "Start swiping" is whole."""
    b = flow.b
    try:
        b.viewport(320, 568)
        b.go("/onboarding?edit=1")
        b.wait("onboarding", lambda: b.finds("#clusters .area-choice"))
        problem = b.js("""
          const page = document.scrollingElement;
          if (page.scrollWidth > page.clientWidth + 1) return `the page scrolls sideways (${page.scrollWidth} px wide)`;
          for (const element of document.querySelectorAll('#clusters, #clusters *, form button')) {
            const r = element.getBoundingClientRect();
            if (r.width > 0 && (r.right > page.clientWidth + 1 || r.left < -1))
              return `${element.tagName.toLowerCase()} '${element.textContent.trim().slice(0, 30)}' sticks out (${Math.round(r.left)}–${Math.round(r.right)} px)`;
          }
          return null;""")
    finally:
        b.viewport(390, 844)
    if problem:
        raise Failure(problem)
    return "onboarding's areas and buttons fit 320 px"


def profile_plain(flow):
    """Profile with sign-in off speaks to a person: no environment variable names."""
    b = flow.b
    b.go("/profile")
    b.wait("the profile", lambda: b.finds("#stats .stat"))
    time.sleep(0.5)
    text = b.find("main").text
    if "GITHUB_" in text or "TOKEN_KEY" in text:
        raise Failure(f"Profile names environment variables: {text[:300]!r}")
    return "Profile names no environment variables"


def unknown_repository(flow):
    """/r/nobody/nothing while GitHub cannot be reached says so plainly, without a transport error."""
    b = flow.b
    b.go("/r/nobody/nothing")
    b.wait("the page", lambda: b.finds("main"))
    time.sleep(0.5)
    text = b.find("main").text
    if "unknown host" in text or "api.github.com" in text or "URLError" in text:
        raise Failure(f"/r/nobody/nothing shows a transport error: {text[:300]!r}")
    if "nobody/nothing" not in text:
        raise Failure(f"/r/nobody/nothing does not say what is missing: {text[:300]!r}")
    return "an unknown repository is explained without a transport error"


def office_accounts(flow):
    """Ten new accounts from one address (an office): the eleventh's onboarding still lists every area."""
    b = flow.b
    for _ in range(10):
        request = urllib.request.Request(b.base + "/v1/users", method="POST")
        try:
            urllib.request.urlopen(request, timeout=10).read()
        except urllib.error.HTTPError as error:
            if error.code != 429:
                raise
    b.js("localStorage.clear()")
    b.driver.delete_all_cookies()
    b.go("/onboarding")
    try:
        b.wait("the areas", lambda: len(b.finds("#clusters .area-choice")) >= 10, 10)
    except Exception:
        raise Failure(f"after ten accounts from one address onboarding shows {len(b.finds('#clusters .area-choice'))} "
                      f"areas: {b.find('main').text[:200]!r}")
    return f"the eleventh account's onboarding lists {len(b.finds('#clusters .area-choice'))} areas"


def one_like_then_set_up(flow):
    """Issue 44's derail: the server forgets this browser's account (a new database, a sign-out), the person likes
    sxyazi/yazi on its page, opens the deck, then sets up as a Rust CLI person: the deck waits for the set-up (the
    new account is not "onboarded" because an earlier one was), and its first cards follow it — no popular
    repositories dealt from the one like before the set-up."""
    b = flow.b
    # What a sign-out or another server's database leaves: a token the server does not know, and the earlier
    # account's "onboarded".
    b.js("localStorage.setItem('rf.token', 'forgotten-by-the-server'); localStorage.setItem('rf.onboarded', '1')")
    b.go("/r/sxyazi/yazi")
    b.wait("the like button", lambda: b.finds('.detail-actions [data-toggle="like"]'))
    time.sleep(0.5)  # the toggle is replaced once the page knows the viewer
    b.click('.detail-actions [data-toggle="like"]')
    b.wait("the like to be sent", lambda: b.js("return localStorage.getItem('rf.token')") != "forgotten-by-the-server"
           and b.api("/v1/me/liked")["total"] == 1)
    b.go("/discover")
    time.sleep(1.0)
    if "/onboarding" not in b.driver.current_url:
        raise Failure(f"a new account that never set up was dealt a deck at {b.driver.current_url}")
    flow.put("/v1/me/preferences", {"techStack": ["Rust"], "interests": ["cli"], "primaryCluster": "developer-tools",
                                    "secondaryClusters": ["systems"], "onboardingCompleted": True})
    b.go("/discover")
    b.top_card()
    time.sleep(0.5)
    first = [(card["repository"]["fullName"], card["repository"].get("language"), card["cluster"])
             for card in b.driver.execute_async_script("""
               const done = arguments[arguments.length - 1];
               import('/assets/store.js').then((store) => store.rememberedCards()).then(done, () => done([]));""")[:4]]
    off = [name for name, language, cluster in first
           if language != "Rust" and cluster not in ("developer-tools", "systems")]
    if off or len(first) < 4:
        raise Failure(f"after one like and the set-up the first cards are {first}")
    return "the deck waited for the set-up; first cards " + ", ".join(name for name, _, _ in first)


CHECKS = [card_names_whole, area_link_ellipsis, legend_aligned, compare_whole_columns, ask_long_name_fits,
          desktop_card, card_fits_small_phone, tray_leaves_the_card_its_room, onboarding_narrow, profile_plain,
          unknown_repository]
# Last: it leaves the browser with a new account.
LAST = [one_like_then_set_up, office_accounts]


def no_correction_while_typing(b):
    """Typing "vector datab" offers no "Did you mean vector data?" (the last word is still being typed)."""
    b.go("/search")
    field = b.wait("the search field", lambda: b.finds('input[name="q"]')[0])
    field.send_keys("vector datab")
    time.sleep(1.5)
    text = b.find("main").text
    if "Did you mean" in text:
        raise Failure(f"while typing 'vector datab' the page says: {text[:200]!r}")
    return "no correction while the last word is typed"


def similar_once(b):
    """A renamed project appears once in Similar: gitui's page lists no gitui, and no repository twice."""
    b.go("/r/gitui-org/gitui")
    b.wait("similar", lambda: b.finds("#list .repo-row"), 20)
    names = [e.get_attribute("data-repo") for e in b.finds("#list .repo-row")]
    lowered = [n.lower() for n in names if n]
    if len(set(lowered)) != len(lowered) or any(n.endswith("/gitui") for n in lowered):
        raise Failure(f"Similar lists {names}")
    return f"Similar lists {len(lowered)} repositories, each once, no old gitui"


FULL_CATALOG_CHECKS = [no_correction_while_typing, similar_once, card_fits_small_phone]


def run(flow, checks, only=None):
    """Runs the checks with `flow` (e2e's journey or search.py's browser); returns the failures as (name, message)."""
    failures = []
    for check in checks:
        if only and check.__name__ not in only:
            continue
        try:
            print(f"  {check.__name__}: {check(flow)}")
        except Exception as error:
            browser = getattr(flow, "b", flow)
            browser.keep_failure(f"small-{check.__name__}")
            print(f"  {check.__name__}: FAILED — {error}")
            failures.append((check.__name__, str(error)))
    return failures
