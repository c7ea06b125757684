// Discover: the deck. Cards come from /v1/me/feed (and, offline, from the last 50 kept in IndexedDB); the top card
// follows a finger or the mouse and tilts, flies off past a threshold (right like, left skip, up save) or springs
// back; buttons and keys (← skip, → like, S save, Enter open) do the same; U (or the undo button) takes back the last
// decision, whatever it was, and brings its card back. Every decision is queued and synced.
// Re-deal: every REDEAL_AFTER decisions the cards in hand that never reached the top go back to the server's pool
// (POST /v1/me/feed/returns) and the deck is dealt again, so the next cards follow the latest swipes. It runs while
// the decided card flies off, and the next card waits for it (up to REDEAL_WAIT ms), so card 6 reflects the first five.

import { api } from "./api.js";
import { checkReachable, forgetCard, record, rememberCards, rememberedCards, sync, syncState, undoDecision } from "./store.js";
import { allows, areaName, matchingCount, narrowed, openSheet, save as saveFilter, setUpFilter } from "./deckfilter.js";
import { buzz, detailPath, failure, h, showCatalogAge, skeletonCard, toast, typing } from "./ui.js";
import { cardBody, fitCard, teachGestures } from "./card.js";
import { track } from "./events.js";
import { lang, t } from "./i18n.js";

const VISIBLE = 3;
const REFILL_BELOW = 6;
const THRESHOLD = 110;
const REDEAL_AFTER = 5;
const REDEAL_WAIT = 1500;
const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

const deck = {
  cards: [],
  known: new Set(),
  loading: false,
  /** The refill on its way, if any (a re-deal waits for it). */
  refilling: null,
  exhausted: false,
  message: "",
  error: null,
  busy: false,
  firstCardShown: false,
  /** The last decision if it was a skip: `{ item, queued }` (the card and the promise of its queued record). */
  last: null,
  /** Decisions since the last re-deal (or the page's start): at REDEAL_AFTER, the unseen cards are dealt again. */
  sinceDeal: 0,
  /** Cards that reached the top (seen): they never go back to the pool. */
  shown: new Set(),
};

let container;

export async function start() {
  container = document.getElementById("deck");
  document.querySelectorAll(".deck-actions [data-action]").forEach((button) => {
    button.addEventListener("click", () => (button.dataset.action === "undo" ? undo() : decide(button.dataset.action)));
  });
  document.addEventListener("keydown", onKey);
  // The card sizes itself to the space left: trimmed again when the screen turns or resizes.
  if ("ResizeObserver" in window) new ResizeObserver(() => container.querySelectorAll(".card:not(.skeleton)").forEach(fitCard)).observe(container);
  if (!(await onboarded())) return;
  teachGestures();
  try { showCatalogAge(JSON.parse(localStorage.getItem("rf.catalog") || "null"), { short: true }); } catch { /* none kept */ }
  // Cards kept from an earlier visit, in the order dealt: only the first of them reached the top then.
  const kept = add(await rememberedCards().catch(() => []));
  if (kept[0]) deck.shown.add(kept[0].repository.fullName);
  render();
  // Back online, or the server answering again: an empty deck that failed deals again by itself.
  const retry = () => { if (deck.error && deck.cards.length === 0) refill(); };
  window.addEventListener("online", retry);
  syncState.addEventListener("change", (event) => { if (event.detail.reachable) retry(); });
  await setUpFilter(applyFilter);
  // Cards shown before the areas' names came say them now.
  container.querySelectorAll(".card-area").forEach((link) => { link.textContent = areaName(link.dataset.area); });
  await refill();
}

/** A new filter: the cards in hand it does not allow leave (here and on the device), the next ones follow it. */
async function applyFilter() {
  const leaving = deck.cards.filter((item) => !allows(item));
  deck.cards = deck.cards.filter((item) => allows(item));
  for (const item of leaving) forgetCard(item.repository.fullName).catch(() => {});
  deck.exhausted = false;
  deck.message = "";
  deck.last = null;
  deck.firstCardShown = false;
  render();
  await refill();
}

/** False (and off to onboarding) for a person who has not been through it yet. */
async function onboarded() {
  if (localStorage.getItem("rf.onboarded") === "1") return true;
  try {
    const preferences = await api.preferences();
    if (preferences?.onboardingCompleted) {
      localStorage.setItem("rf.onboarded", "1");
      return true;
    }
    location.replace("/onboarding");
    return false;
  } catch {
    return true; // offline: deal what is kept; onboarding can wait
  }
}

function add(items) {
  const fresh = items.filter((item) => !deck.known.has(item.repository.fullName) && allows(item));
  for (const item of fresh) deck.known.add(item.repository.fullName);
  deck.cards.push(...fresh);
  return fresh;
}

/** Deals the next cards into the hand (the caller holds `deck.loading`). */
async function deal() {
  const feed = await api.feed(20);
  showCatalogAge(feed.catalog, { short: true });
  localStorage.setItem("rf.catalog", JSON.stringify(feed.catalog || null));
  const fresh = add(feed.items.map((item) => ({ ...item, lang })));
  rememberCards(fresh).catch(() => {});
  if (feed.items.length > 0) track("deck.dealt", { count: feed.items.length });
  if (feed.exhausted && fresh.length === 0) {
    if (!deck.exhausted) track("deck.emptied");
    deck.exhausted = true;
    deck.message = feed.message || "";
  }
}

/**
 * The re-deal: once the latest decisions reached the server, the cards in hand that never reached the top go back to
 * the pool and the deck is dealt again. Offline or on a failure the cards in hand simply stay.
 */
async function redeal(queued) {
  // A refill on its way (the hand ran low) finishes first, within 5 s: its cards are dealt again with the rest.
  if (deck.loading && deck.refilling) {
    await Promise.race([deck.refilling, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  if (deck.loading || !navigator.onLine) return;
  deck.loading = true;
  try {
    await queued;
    await sync();
    const unseen = deck.cards.filter((item) => !deck.shown.has(item.repository.fullName)).map((item) => item.repository.fullName);
    if (unseen.length > 0) {
      const answer = await api.returnCards(unseen);
      // A card that reached the top while the answer came (a slow server) stays in hand, and a view tells the
      // server it was seen, so it is never dealt again.
      const back = new Set(answer.returned.filter((fullName) => !deck.shown.has(fullName)));
      for (const fullName of answer.returned) if (!back.has(fullName)) record("view", fullName).catch(() => {});
      deck.cards = deck.cards.filter((item) => !back.has(item.repository.fullName));
      for (const fullName of back) {
        deck.known.delete(fullName);
        forgetCard(fullName).catch(() => {});
      }
    }
    // Counted from here: a refill while the hand ran low adds cards but leaves the older ones as they were dealt.
    deck.sinceDeal = 0;
    await deal();
  } catch {
    // The cards in hand stay; the next decisions try again.
  } finally {
    deck.loading = false;
  }
}

/** Asks for more cards when the stack runs low. */
async function refill() {
  if (deck.loading || deck.exhausted || deck.cards.length >= REFILL_BELOW) return;
  deck.loading = true;
  deck.error = null;
  if (deck.cards.length === 0) render();
  // Kept while it runs, so a re-deal can wait for it rather than poll.
  deck.refilling = (async () => {
    try {
      await deal();
    } catch (error) {
      deck.error = error;
      if (error.unreachable) checkReachable();
    } finally {
      deck.loading = false;
      deck.refilling = null;
    }
  })();
  await deck.refilling;
  render();
  if (!deck.error && !deck.exhausted && deck.cards.length < REFILL_BELOW && deck.cards.length > 0) refill();
}

function render() {
  container.setAttribute("aria-busy", String(deck.loading && deck.cards.length === 0));
  const top = deck.cards.slice(0, VISIBLE);
  if (top[0]) deck.shown.add(top[0].repository.fullName);
  const existing = new Map([...container.querySelectorAll(".card")].map((el) => [el.dataset.repo, el]));
  container.replaceChildren();
  if (top.length === 0) {
    container.append(emptyState());
    setButtons(false);
    return;
  }
  setButtons(true);
  top.slice().reverse().forEach((item, reversed) => {
    const depth = top.length - 1 - reversed;
    const kept = existing.get(item.repository.fullName);
    const element = kept || card(item);
    element.dataset.depth = String(depth);
    element.classList.toggle("top", depth === 0);
    element.tabIndex = depth === 0 ? 0 : -1;
    element.setAttribute("aria-hidden", depth === 0 ? "false" : "true");
    element.style.transform = "";
    container.append(element);
    // A new card is trimmed to its box once it is on the page; a kept one already is (resizes re-trim them all).
    if (!kept) fitCard(element);
  });
  const first = container.querySelector(".card.top");
  attachDrag(first);
  if (!deck.firstCardShown) {
    deck.firstCardShown = true;
    performance.mark("first-card");
    first.focus({ preventScroll: true });
  } else if (!document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected) {
    // A decision by keyboard removed the focused card: the focus goes to the next one, not to the page.
    first.focus({ preventScroll: true });
  }
}

/** Enables the swipe buttons when there is a card, and the undo button right after a decision. */
function setButtons(haveCard) {
  document.querySelectorAll(".deck-actions button").forEach((button) => {
    button.disabled = button.dataset.action === "undo" ? !deck.last : !haveCard;
  });
}

function emptyState() {
  if (deck.loading) {
    return h("div", { class: "deck-loading" }, skeletonCard(), h("p", { class: "visually-hidden" }, t("deck.loading")));
  }
  if (deck.error) {
    const message = deck.error.unreachable
      ? t("deck.error.unreachable")
      : deck.error.offline
        ? t("deck.error.offline")
        : t("deck.error.other", deck.error.message);
    return failure(message, () => refill());
  }
  if (deck.exhausted && narrowed()) {
    return h("div", { class: "deck-state", dataset: { state: "dry" } },
      h("h2", {}, matchingCount() === 0 ? t("deck.dry.none.title") : t("deck.dry.more.title")),
      h("p", {}, matchingCount() === 0 ? t("deck.dry.none.body")
        : deck.message || t("deck.dry.more.body")),
      h("p", {}, h("button", { type: "button", class: "primary", onclick: () => openSheet() }, t("deck.dry.widen")), " ",
        h("button", { type: "button", class: "secondary", onclick: () => saveFilter({}) }, t("deck.dry.everything"))));
  }
  if (deck.exhausted) {
    return h("div", { class: "deck-state", dataset: { state: "exhausted" } },
      h("h2", {}, t("deck.exhausted.title")),
      h("p", {}, deck.message || t("deck.exhausted.body")),
      h("p", {}, h("a", { class: "button primary", href: "/onboarding?edit=1" }, t("deck.exhausted.preferences")), " ",
        h("a", { class: "button secondary", href: "/trending" }, t("deck.exhausted.trending"))));
  }
  return h("div", { class: "deck-state" }, h("p", {}, t("deck.empty")));
}

function card(item) {
  const repository = item.repository;
  const element = cardBody(item, areaName);
  element.addEventListener("click", (event) => {
    // A tap (not the end of a drag) anywhere but a link or button opens the repository.
    if (element.dataset.moved === "1" || event.target.closest("a, button, .fit-why")) return;
    location.assign(detailPath(repository.fullName));
  });
  element.append(
    h("span", { class: "stamp like", "aria-hidden": "true" }, t("deck.stamp.like")),
    h("span", { class: "stamp skip", "aria-hidden": "true" }, t("deck.stamp.skip")),
    h("span", { class: "stamp save", "aria-hidden": "true" }, t("deck.stamp.save")));
  return element;
}

// Each decision's sentences, whole (the repository's name or full name is their one argument).
const words = {
  like: {
    done: (name) => t("deck.done.like", name),
    failed: (message) => t("deck.failed.like", message),
    undone: (fullName) => t("deck.undone.like", fullName),
    offline: () => t("deck.undo-offline.like"),
  },
  skip: {
    done: (name) => t("deck.done.skip", name),
    failed: (message) => t("deck.failed.skip", message),
    undone: (fullName) => t("deck.undone.skip", fullName),
    offline: () => t("deck.undo-offline.skip"),
  },
  save: {
    done: (name) => t("deck.done.save", name),
    failed: (message) => t("deck.failed.save", message),
    undone: (fullName) => t("deck.undone.save", fullName),
    offline: () => t("deck.undo-offline.save"),
  },
};

/** Likes, skips or saves the top card: it flies off, the decision is queued, the next card comes up. */
async function decide(kind, fromDrag = null) {
  const item = deck.cards[0];
  const element = container.querySelector(".card.top");
  if (!item || !element || deck.busy) return;
  deck.busy = true;
  const fullName = item.repository.fullName;
  // A first decision shows the gestures were found: the one-time guide goes for good.
  if (document.querySelector(".coach")) { localStorage.setItem("rf.gestures", "1"); document.querySelector(".coach").remove(); }
  buzz();
  const { x, y } = fromDrag || { x: kind === "like" ? 1 : kind === "skip" ? -1 : 0, y: kind === "save" ? -1 : 0 };
  const queued = record(kind, fullName, item.repository);
  queued.catch((error) => toast(words[kind].failed(error.message)));
  track("swipe", { label: kind });
  deck.sinceDeal += 1;
  const redealing = deck.sinceDeal >= REDEAL_AFTER ? redeal(queued) : null;
  await flyOff(element, kind, x, y);
  if (redealing) await Promise.race([redealing, new Promise((resolve) => setTimeout(resolve, REDEAL_WAIT))]);
  const at = deck.cards.indexOf(item);
  if (at >= 0) deck.cards.splice(at, 1);
  deck.busy = false;
  deck.last = { item, queued, kind };
  render();
  // The name alone keeps the toast to one line, so it fits under the buttons.
  toast(words[kind].done(item.repository.name || fullName), { label: t("deck.undo"), run: () => undo(), keys: "U" });
  forgetCard(fullName).catch(() => {});
  refill();
}

/** Takes back the last like, save or skip and brings its card back: the decision leaves the queue, or is withdrawn
 * on the server (kept in its record, no longer counted, off the liked or saved list). */
async function undo() {
  const last = deck.last;
  if (!last || deck.busy) return;
  deck.busy = true;
  deck.last = null;
  const fullName = last.item.repository.fullName;
  try {
    await undoDecision(await last.queued);
    deck.cards.unshift(last.item);
    rememberCards([last.item]).catch(() => {});
    track("undo");
    toast(words[last.kind].undone(fullName));
  } catch (error) {
    toast(error.offline ? words[last.kind].offline() : t("deck.undo-failed", error.message));
  } finally {
    deck.busy = false;
    render();
  }
}

function flyOff(element, kind, x, y) {
  element.classList.add(`decided-${kind}`);
  if (reducedMotion()) return Promise.resolve();
  const width = window.innerWidth;
  const dx = kind === "save" ? x * 0.3 : Math.sign(x || (kind === "like" ? 1 : -1)) * width * 1.2;
  const dy = kind === "save" ? -window.innerHeight : y * 0.5;
  element.classList.add("flying");
  element.style.transform = `translate(${dx}px, ${dy}px) rotate(${dx / 18}deg)`;
  return new Promise((resolve) => {
    const done = () => resolve();
    element.addEventListener("transitionend", done, { once: true });
    setTimeout(done, 400);
  });
}

function attachDrag(element) {
  if (element.dataset.draggable) return;
  element.dataset.draggable = "1";
  let startX = 0;
  let startY = 0;
  let lastX = 0;
  let lastTime = 0;
  let velocity = 0;
  let pointer = null;

  const move = (event) => {
    if (event.pointerId !== pointer) return;
    const dx = event.clientX - startX;
    const dy = event.clientY - startY;
    const now = performance.now();
    velocity = (event.clientX - lastX) / Math.max(1, now - lastTime);
    lastX = event.clientX;
    lastTime = now;
    element.style.transform = `translate(${dx}px, ${dy}px) rotate(${dx / 20}deg)`;
    element.style.setProperty("--like-o", String(Math.max(0, Math.min(1, dx / THRESHOLD))));
    element.style.setProperty("--skip-o", String(Math.max(0, Math.min(1, -dx / THRESHOLD))));
    element.style.setProperty("--save-o", String(Math.max(0, Math.min(1, -dy / THRESHOLD - Math.abs(dx) / THRESHOLD))));
    if (Math.abs(dx) > 8 || Math.abs(dy) > 8) element.dataset.moved = "1";
    tintButtons(element);
  };
  const springBack = () => {
    element.style.transform = "";
    for (const name of ["--like-o", "--skip-o", "--save-o"]) element.style.setProperty(name, "0");
    tintButtons(null);
  };
  const end = (event) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    element.classList.remove("dragging");
    const dx = event.clientX - startX;
    const dy = event.clientY - startY;
    const fling = Math.abs(velocity) > 0.7 && Math.abs(dx) > 40;
    let kind = null;
    if (dx > THRESHOLD || (fling && velocity > 0)) kind = "like";
    else if (dx < -THRESHOLD || (fling && velocity < 0)) kind = "skip";
    else if (dy < -THRESHOLD && Math.abs(dx) < THRESHOLD) kind = "save";
    tintButtons(null);
    if (kind) decide(kind, { x: dx, y: dy });
    else springBack();
    // The click that ends a drag is not a tap: forgotten once it has been ignored.
    setTimeout(() => { delete element.dataset.moved; }, 0);
  };
  element.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest("a, button") || deck.busy) return;
    pointer = event.pointerId;
    startX = lastX = event.clientX;
    startY = event.clientY;
    lastTime = performance.now();
    velocity = 0;
    delete element.dataset.moved;
    try { element.setPointerCapture(event.pointerId); } catch { /* a synthetic pointer has nothing to capture */ }
    element.classList.add("dragging");
  });
  element.addEventListener("pointermove", move);
  element.addEventListener("pointerup", end);
  element.addEventListener("pointercancel", (event) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    element.classList.remove("dragging");
    springBack();
  });
}

/** While a card is dragged, the button of the decision it heads for tints to match; `null` clears them. */
function tintButtons(element) {
  const actions = document.querySelector(".deck-actions");
  for (const name of ["--like-o", "--skip-o", "--save-o"]) {
    actions.style.setProperty(name, element ? element.style.getPropertyValue(name) || "0" : "0");
  }
}

function onKey(event) {
  if (typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
  if ((event.key === "u" || event.key === "U") && deck.last) {
    event.preventDefault();
    undo();
    return;
  }
  const top = deck.cards[0];
  if (!top) return;
  if (event.key === "ArrowLeft") decide("skip");
  else if (event.key === "ArrowRight") decide("like");
  else if (event.key === "s" || event.key === "S") decide("save");
  else if (event.key === "Enter" && !event.target.closest("a, button")) {
    location.assign(detailPath(top.repository.fullName));
  } else return;
  event.preventDefault();
}
