"""The layout walk: every screen of the web app on five screens (a 390×844 touch phone, 375×667, 320×568, landscape
844×390 and a 1280×800 desktop), each checked the way a person would notice it going wrong:

- no horizontal scroll (the document no wider than the device: a phone's layout viewport widens with the page);
- no element overflowing its box (content wider or taller than an element that lets it spill, or off the screen);
- every tap target at least 44×44 px (links inside running text excepted, as WCAG 2.5.8 does);
- on the deck, its four buttons on the screen and not covered by anything (the tab bar, a toast, a banner);
- no console errors (the avatars' host is unreachable on purpose in these tests; those loads are not errors of ours).

Each screen's screenshot is kept in the folder given. Used by e2e.py (the `walk` step) after the journey, so Saved,
Liked and a comparison have something in them.
"""

import time

SCREENS = {
    "phone": (390, 844, True),
    "phone-small": (375, 667, True),
    "phone-320": (320, 568, True),
    "landscape": (844, 390, True),
    "desktop": (1280, 800, False),
}

# Runs in the page: returns a list of problems, each a short sentence naming the element.
CHECK = r"""
const problems = [];
// The device's width, given by the walk: on a phone the layout viewport (innerWidth) widens with a page that is too
// wide, so comparing with it would let such a page pass.
const width = arguments[0] || window.innerWidth, height = window.innerHeight;
const scroller = document.scrollingElement;
if (scroller.scrollWidth > width + 1 || window.innerWidth > width + 1)
  problems.push(`the page is wider than the screen: ${Math.max(scroller.scrollWidth, window.innerWidth)} px on ${width}`);
const name = (el) => {
  const id = el.id ? `#${el.id}` : "";
  const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).slice(0, 2).join(".") : "";
  const text = (el.getAttribute("aria-label") || el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 30);
  return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
};
const shown = (el) => {
  if (el.closest("[hidden], dialog:not([open]), .visually-hidden, .skip-link, [aria-hidden='true']")) return false;
  const style = getComputedStyle(el);
  if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};
// Inside something that clips or scrolls on purpose (a chip strip, an ellipsis, the card stack): not an overflow.
const clipped = (el) => {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX !== "visible" || s.overflowY !== "visible") return true;
  }
  return false;
};
const moving = (el) => el.closest(".card:not(.top), .toast:not(.visible), .flying");
// An open popup (a listbox of suggestions) lies over what follows on purpose: its box is not an overflow of the
// elements it is attached to.
const popupOpen = (el) => [...el.querySelectorAll('[role="listbox"]:not([hidden])')]
  .some((popup) => ["absolute", "fixed"].includes(getComputedStyle(popup).position));
for (const el of document.body.querySelectorAll("*")) {
  if (!shown(el) || moving(el) || ["svg", "path", "script", "style", "br", "option"].includes(el.tagName.toLowerCase())) continue;
  if (el.closest("svg")) continue;
  const style = getComputedStyle(el);
  const box = el.getBoundingClientRect();
  if (style.display !== "inline" && style.overflowX === "visible" && el.scrollWidth > el.clientWidth + 2 && el.clientWidth > 0)
    problems.push(`${name(el)} overflows its box sideways (${el.scrollWidth} > ${el.clientWidth})`);
  if (style.display !== "inline" && style.overflowY === "visible" && el.scrollHeight > el.clientHeight + 2 && el.clientHeight > 0 && !popupOpen(el))
    problems.push(`${name(el)} overflows its box (${el.scrollHeight} > ${el.clientHeight} high)`);
  if (style.position !== "fixed" && !clipped(el) && (box.right > width + 1 || box.left < -1))
    problems.push(`${name(el)} runs off the screen (${Math.round(box.left)}…${Math.round(box.right)} of ${width})`);
}
const targets = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]";
for (const el of document.body.querySelectorAll(targets)) {
  if (!shown(el) && !(el.matches("input[type=checkbox], input[type=radio]") && el.closest("label"))) continue;
  if (el.closest(".card:not(.top)")) continue;
  // Links inside running text are exempt (WCAG 2.5.8's inline exception).
  if (el.matches("a") && getComputedStyle(el).display === "inline" && el.parentElement.closest("p") && !el.closest("li")
      && (el.parentElement.textContent.trim().length > el.textContent.trim().length + 1)) continue;
  // A checkbox or radio is tapped through its label; a row's title link through the whole row (it stretches over it).
  const target = el.matches("input[type=checkbox], input[type=radio]") && el.closest("label") ? el.closest("label")
    : el.matches("a.row-title") && el.closest(".repo-row") ? el.closest(".repo-row") : el;
  if (!shown(target)) continue;
  const box = target.getBoundingClientRect();
  if (box.width < 43.5 || box.height < 43.5)
    problems.push(`tap target ${name(target)} is ${Math.round(box.width)}×${Math.round(box.height)} px`);
}
return problems;
"""

# The deck's buttons: on the screen, and the topmost thing at their centres.
DECK_BUTTONS = r"""
const problems = [];
for (const button of document.querySelectorAll(".deck-actions button")) {
  const box = button.getBoundingClientRect();
  const label = button.getAttribute("aria-label");
  if (box.width === 0 || box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) {
    problems.push(`the ${label} button is off the screen (${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)})`);
    continue;
  }
  for (const [x, y] of [[box.left + box.width / 2, box.top + box.height / 2], [box.left + 4, box.top + box.height / 2], [box.right - 4, box.top + box.height / 2]]) {
    const top = document.elementFromPoint(x, y);
    if (!top || !button.contains(top)) {
      const what = top ? `<${top.tagName.toLowerCase()}${top.id ? "#" + top.id : ""} class="${top.className && top.className.baseVal === undefined ? top.className : ""}">` : "nothing";
      problems.push(`the ${label} button is covered by ${what} at (${Math.round(x)}, ${Math.round(y)})`);
      break;
    }
  }
}
return problems;
"""


def console_errors(browser, path):
    """SEVERE console entries, less failed loads of GitHub's avatars (unreachable on purpose here), on a page meant to
    answer 404 the browser's note of that status, and the analytics quota's 429 on /v1/events: the one test account
    walks hundreds of screens an hour, past the 1,000 events an hour an account may send, and events.js keeps what was
    refused to send again later (the browser logs every refused request; the page is not at fault)."""
    errors = []
    for entry in browser.driver.get_log("browser"):
        message = entry["message"]
        if entry["level"] != "SEVERE":
            continue
        if message.split(" ")[0].endswith(path) and "status of 404" in message:
            continue
        if "avatars.githubusercontent.com" in message or "ERR_NAME_NOT_RESOLVED" in message:
            continue
        if "/v1/events " in message and "status of 429" in message:
            continue
        errors.append(message[:200])
    return errors


def walk(browser, screens, folder, deck_states=()):
    """Visits every (name, path, ready selector) of `screens` on every size; returns {size: {screen: problems}} and
    keeps a screenshot of each in `folder`. `deck_states` are (name, function of the browser) putting the deck, once
    checked at rest, into further states worth checking (a toast showing, the offline banner)."""
    folder.mkdir(parents=True, exist_ok=True)
    found = {}
    for size, (width, height, touch) in SCREENS.items():
        browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
        browser.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
        for screen, path, ready in screens:
            browser.driver.get_log("browser")  # what came before is not this screen's
            browser.go(path)
            try:
                browser.wait(f"{screen} to be ready on {size}", lambda: browser.finds(ready), 15)
            except Exception as error:
                found.setdefault(size, {})[screen] = [f"never ready: {error}"]
                browser.driver.save_screenshot(str(folder / f"{screen}-{size}.png"))
                continue
            time.sleep(0.6)  # fonts, avatars, the skeleton replaced
            states = [("", None)] + ([(f"-{n}", f) for n, f in deck_states] if screen == "discover" else [])
            for suffix, enter in states:
                if enter:
                    enter(browser)
                problems = list(browser.js(CHECK, width))
                if screen == "discover":
                    problems += browser.js(DECK_BUTTONS)
                problems += [f"console: {error}" for error in console_errors(browser, path)]
                browser.driver.save_screenshot(str(folder / f"{screen}{suffix}-{size}.png"))
                if problems:
                    found.setdefault(size, {})[f"{screen}{suffix}"] = problems
    browser.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    return found
