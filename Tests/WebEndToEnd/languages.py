"""The language walk (issue 48): every screen of the web app in the pseudo-language and in each of the four
languages, checked the way a reader of that language would notice it going wrong. The pseudo-language (every word
40% longer) walks walk.py's five screens (390×844 and 375×667 phones, the narrowest 320×568, landscape 844×390 and a
1280×800 desktop); Spanish, German and Japanese the three phones, where their words have the least room (issue 69:
landscape and the desktop never failed where the phones and the pseudo-language passed); English, which walk.py
itself walks on all five, the phone only:

- in the pseudo-language (`en-XA`: every catalogue word accented, 40% longer, bracketed), any visible text, label,
  title or placeholder with plain unaccented words is a word that escaped the catalogues (text from repositories and
  people, marked `translate="no"`, numbers, and days the language's formatter wrote, in `<time>` or marked
  `data-formatted`, are not words);
- in every language: no message key the scripts asked for is missing, no key shows as text, `<html lang>` is the
  language, nothing overflows its box or runs off the screen (walk.py's layout check, with German's long words and
  Japanese's script), and no box cuts off its own words (an ellipsis or hidden overflow on catalogue words);

and each screen's screenshot is kept (`<folder>/<language>/<screen>-<size>.png`). Used by e2e.py (the `languages`
step) after the journey, so the lists and a comparison have something in them.
"""

import time

import walk

LANGUAGES = ["en-XA", "es", "de", "ja", "en"]
SIZES = {
    "phone": (390, 844), "phone-small": (375, 667), "phone-320": (320, 568), "landscape": (844, 390),
    "desktop": (1280, 800),
}
# walk.py walks English on every size already.
ENGLISH_SIZES = ("phone",)
# The real languages where their words have the least room; the pseudo-language, longer than any, on every size.
PHONE_SIZES = ("phone", "phone-small", "phone-320")


def walked(language, size):
    """Whether the walk visits `size` in `language`."""
    if language == "en":
        return size in ENGLISH_SIZES
    return language == "en-XA" or size in PHONE_SIZES

# Runs in the page: words shown that are not from a catalogue (pseudo-language only), keys shown as text, missing keys.
WORDS = r"""
const pseudo = arguments[0];
const problems = [];
const accented = /[åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/;
const plain = /[A-Za-z]{2,}/;
const keyLike = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+){1,}$/;
// Repository and person text (translate=no), and values the language's formatters wrote (days: <time>,
// [data-formatted]), are not words of a catalogue.
const skipped = (el) => el.closest("[translate=no], time, [data-formatted], script, style, noscript, [hidden], dialog:not([open]), template");
const visible = (el) => {
  const style = getComputedStyle(el);
  if (style.visibility === "hidden" || style.display === "none") return false;
  return el.getClientRects().length > 0;
};
const where = (el) => {
  const id = el.id ? `#${el.id}` : "";
  const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/)[0] : "";
  return `<${el.tagName.toLowerCase()}${id}${cls}>`;
};
const check = (text, el, what) => {
  const words = text.trim().replace(/\s+/g, " ");
  if (!words) return;
  if (keyLike.test(words)) { problems.push(`${where(el)} shows the key ${what}"${words}"`); return; }
  if (/^[\w.-]+\/[\w.-]+$/.test(words)) return;  // a repository's name (a card's label, a page's title)
  if (pseudo && plain.test(words) && !accented.test(words)) problems.push(`${where(el)} ${what}"${words.slice(0, 60)}" is not from a catalogue`);
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const el = walker.currentNode.parentElement;
  if (!el || skipped(el) || !visible(el)) continue;
  check(walker.currentNode.textContent, el, "");
}
for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
  if (skipped(el) || !visible(el)) continue;
  for (const name of ["aria-label", "title", "placeholder", "alt"]) {
    const value = el.getAttribute(name);
    if (value) check(value, el, `${name}=`);
  }
}
const title = document.title.split(" · ")[0];
if (title) check(title, document.documentElement, "title=");
// Words cut off: a box that hides what does not fit (an ellipsis, overflow: hidden) and is too narrow for its own words.
for (const el of document.body.querySelectorAll("*")) {
  if (skipped(el) || !visible(el) || el.closest("svg")) continue;
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!own) continue;
  const style = getComputedStyle(el);
  // (A box of a pixel or two hides its words from sight on purpose, for screen readers only.)
  if (style.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 4 && el.clientHeight > 4)
    problems.push(`${where(el)} cuts its words "${el.textContent.trim().slice(0, 40)}" (${el.scrollWidth} > ${el.clientWidth})`);
}
for (const key of (window.rfMissingMessages || [])) problems.push(`no message for key "${key}"`);
return problems;
"""


FIRST_LOAD = r"""
const own = (entry) => new URL(entry.name).origin === location.origin;
const navigation = performance.getEntriesByType('navigation')[0];
const resources = performance.getEntriesByType('resource').filter(own);
return { bytes: navigation.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
         requests: resources.length + 1 };
"""


def first_load(browser):
    """Bytes transferred for a first visit to Discover (no HTTP cache, no service worker), up to the first card."""
    driver = browser.driver
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    try:
        browser.go("/discover")
        browser.wait("the first card", lambda: browser.js("return performance.getEntriesByName('first-card').length > 0"), 15)
        return browser.js(FIRST_LOAD)
    finally:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
        driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})


def walk_languages(browser, screens, folder, sizes=SIZES, languages=LANGUAGES, loads=None):
    """Visits every (name, path, ready selector) of `screens` in every language on every size; returns
    {language: {size/screen: problems}}, keeping a screenshot of each."""
    found = {}
    for language in languages:
        browser.go("/offline")  # the origin, for its cookie
        browser.driver.add_cookie({"name": "lang", "value": language, "path": "/"})
        if loads is not None:
            loads[language] = first_load(browser)
        for size, (width, height) in sizes.items():
            if not walked(language, size):
                continue
            browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            (folder / language).mkdir(parents=True, exist_ok=True)
            for screen, path, ready in screens:
                browser.driver.get_log("browser")
                browser.go(path)
                problems = []
                try:
                    browser.wait(f"{screen} in {language} on {size}", lambda: browser.finds(ready), 15)
                    time.sleep(0.5)
                    lang = browser.js("return document.documentElement.lang")
                    if lang != language:
                        problems.append(f"<html lang> is {lang!r}")
                    problems += list(browser.js(WORDS, language == "en-XA"))
                    problems += [p for p in browser.js(walk.CHECK, width) if "tap target" not in p]
                    problems += [f"console: {e}" for e in walk.console_errors(browser, path)]
                except Exception as error:
                    problems.append(f"never ready: {error}")
                browser.driver.save_screenshot(str(folder / language / f"{screen}-{size}.png"))
                if problems:
                    found.setdefault(language, {})[f"{size}/{screen}"] = problems
    browser.driver.delete_cookie("lang")
    return found


def gallery(browser, shots, out, screens=("discover", "home", "ask", "profile"), languages=("en", "es", "de", "ja")):
    """One picture of `screens` (rows) in `languages` (columns) from the phone screenshots in `shots`
    (`<screen>-<language>.png`), drawn by the browser itself (no image library needed): the README's gallery."""
    names = {"en": "English", "es": "Español", "de": "Deutsch", "ja": "日本語"}
    cells = "".join(f"<th>{names[language]}</th>" for language in languages)
    rows = "".join(
        "<tr>" + "".join(f'<td><img src="{(shots / f"{screen}-{language}.png").resolve().as_uri()}"></td>'
                         for language in languages) + "</tr>" for screen in screens)
    page = shots / "gallery.html"
    page.write_text(f"""<!doctype html><meta charset="utf-8"><style>
        body {{ margin: 0; overflow: hidden; background: #eef1f7; font: 600 15px system-ui, "Noto Sans CJK JP", sans-serif; }}
        table {{ border-spacing: 10px; }} th {{ padding: 4px; color: #1f2a44; }}
        img {{ width: 176px; height: 381px; border-radius: 12px; box-shadow: 0 1px 4px #0003; display: block; }}
        </style><table><tr>{cells}</tr>{rows}</table>""")
    driver = browser.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 24 + len(languages) * 186, "height": 48 + len(screens) * 391, "deviceScaleFactor": 1, "mobile": False})
    driver.get(page.resolve().as_uri())
    time.sleep(0.5)
    driver.save_screenshot(str(out))
    page.unlink()
