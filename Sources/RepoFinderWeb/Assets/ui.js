// Small DOM helpers shared by the screens: element building, numbers and dates worded for people, avatars, the
// repository row, a toast, and a short vibration where the device has one.

import { compact as compactNumber, date, t } from "./i18n.js";

const SVG_TAGS = new Set(["svg", "path", "rect", "text", "g", "line", "polyline", "circle", "title"]);

/** Makes an element: h("a", { href: "/", class: "x" }, "text", child). `on*` attributes become listeners. */
export function h(tag, attributes = {}, ...children) {
  const svg = SVG_TAGS.has(tag);
  const element = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * The words of `key` (i18n.js's `t`) with elements where placeholders take them: sentence("search.did-you-mean",
 * button) → ["Did you mean ", button, "?"], so a sentence with a link, a button or emphasis stays one message and
 * each language puts the element where its grammar wants it.
 */
export function sentence(key, ...args) {
  const nodes = [];
  const filled = t(key, ...args.map((arg) => (arg instanceof Node ? `\u0001${nodes.push(arg) - 1}\u0001` : arg)));
  return filled.split(/\u0001(\d+)\u0001/).map((part, index) => (index % 2 ? nodes[Number(part)] : part))
    .filter((part) => part !== "");
}

/** 1234 → "1.2K", 2500000 → "2.5M", in the page's language's own short form (i18n.js's `compact`). */
export function compact(number) {
  return compactNumber(number);
}

// Avatars download at most MAX_AVATARS at a time, those on screen (or about to be) first; the rest wait their turn
// until they come into view. `window.rfAvatars` counts them (the end-to-end test reads the peak).
const MAX_AVATARS = 5;
const waitingAvatars = new Set();
const visibleAvatars = new Set();
const avatarCounts = { loading: 0, peak: 0, started: 0 };
window.rfAvatars = avatarCounts;
// Watched: each avatar's circle (an image without a source has no size to watch).
const avatarImages = new WeakMap();
const avatarObserver = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const image = avatarImages.get(entry.target);
    if (!image) continue;
    if (entry.isIntersecting) visibleAvatars.add(image);
    else visibleAvatars.delete(image);
  }
  pumpAvatars();
}, { rootMargin: "150px" }) : null;

function pumpAvatars() {
  while (avatarCounts.loading < MAX_AVATARS) {
    let next = null;
    for (const image of waitingAvatars) {
      if (!image.isConnected) {
        // Not on the page yet (its row is being made), or gone from it (a list reloaded): forget the latter.
        if (image.dataset.shown) { waitingAvatars.delete(image); visibleAvatars.delete(image); }
        continue;
      }
      image.dataset.shown = "1";
      if (!avatarObserver || visibleAvatars.has(image)) { next = image; break; }
    }
    if (!next) return;
    waitingAvatars.delete(next);
    if (next.parentElement) avatarObserver?.unobserve(next.parentElement);
    visibleAvatars.delete(next);
    avatarCounts.loading += 1;
    avatarCounts.started += 1;
    avatarCounts.peak = Math.max(avatarCounts.peak, avatarCounts.loading);
    showOnceLoaded(next, () => { avatarCounts.loading -= 1; pumpAvatars(); });
    next.src = next.dataset.src;
  }
}

/** An avatar's image shows only once it has loaded, and goes if it fails (the initial underneath shows then, never
 * a broken-image icon, whenever the failure comes); `then` runs either way. */
export function showOnceLoaded(image, then = () => {}) {
  if (image.complete && image.getAttribute("src")) {
    if (image.naturalWidth > 0) image.classList.add("loaded");
    else image.remove();
    then();
    return;
  }
  image.addEventListener("load", () => { image.classList.add("loaded"); then(); }, { once: true });
  image.addEventListener("error", () => { image.remove(); then(); }, { once: true });
}

/** The owner's avatar over their initial (shown when the image cannot load, offline say). */
export function avatar(repository, size = "") {
  const login = repository.owner?.login || repository.fullName.split("/")[0];
  const source = repository.owner?.avatarUrl || `https://avatars.githubusercontent.com/${encodeURIComponent(login)}?s=96`;
  const image = h("img", { alt: "", referrerpolicy: "no-referrer", dataset: { src: source } });
  waitingAvatars.add(image);
  queueMicrotask(pumpAvatars);
  const hue = [...login].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 360, 7);
  const element = h("span", { class: `avatar ${size}`, "aria-hidden": "true" }, h("span", {}, login[0].toUpperCase()), image);
  element.style.setProperty("--hue", hue);
  avatarImages.set(element, image);
  avatarObserver?.observe(element);
  return element;
}

/** The web path of a repository's detail page. */
export const detailPath = (fullName) => `/r/${fullName.split("/").map(encodeURIComponent).join("/")}`;

/** One repository in a list: the whole row opens its detail (owner and name on their own lines, cut with an
 * ellipsis), facts, optional extras, its key figure on the right (`key`: `{ value, label }`, a trending gain), row
 * actions, and a Compare toggle. */
export function repositoryRow(repository, { rank, extra, actions, key, compare = true, highlight } = {}) {
  const [owner, name] = repository.fullName.split("/");
  const facts = [
    repository.goneAt && h("span", { class: "badge warn" }, t("ui.row.gone")),
    healthBadge(repository),
    repository.language && h("span", { class: "language", translate: "no" }, repository.language),
    h("span", { class: "stars", title: repository.countsNote
      ? t("ui.row.stars-title-note", repository.stars, repository.countsNote) : t("ui.row.stars-title", repository.stars) },
      `★ ${compact(repository.stars)}`, repository.countsNote ? h("small", { class: "as-of" }, ` · ${repository.countsNote}`) : null),
    ...[extra].flat(),
  ];
  return h("li", { class: "repo-row", dataset: { repo: repository.fullName } },
    rank ? h("span", { class: "rank", "aria-label": t("ui.row.rank", rank) }, String(rank)) : null,
    avatar(repository),
    h("div", { class: "row-body" },
      h("a", { class: "row-title", href: detailPath(repository.fullName), "aria-label": repository.fullName, draggable: "false", translate: "no" },
        h("span", { class: "row-owner" }, marked(`${owner}/`, highlight)), h("span", { class: "row-name" }, marked(name, highlight))),
      repository.description ? h("p", { class: "row-description", translate: "no" }, marked(repository.description, highlight)) : null,
      h("p", { class: "row-facts" }, facts, compare ? compareToggle(repository.fullName) : null)),
    key ? h("div", { class: "row-key" }, h("strong", {}, key.value), h("small", {}, key.label)) : null,
    actions ? h("div", { class: "row-actions" }, actions) : null);
}

/** `text` with every whole word (a run of letters and digits) whose lowercase form is in `words` (a search's
 * highlights) inside a <mark>; the text alone when there is nothing to mark. */
export function marked(text, words) {
  if (!words || words.size === 0) return text;
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!words.has(match[0].toLowerCase())) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(h("mark", {}, match[0]));
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Made by tray.js (which imports this module): the row's Compare button. */
let compareToggle = () => null;
export function useCompareButton(make) { compareToggle = make; }

const healthWords = {
  active: () => t("ui.health.active"),
  quiet: () => t("ui.health.quiet"),
  dormant: () => t("ui.health.dormant"),
};

/** A fit's level, as every face draws the lines (Swift's `FitLevel`: strong from 70, good from 50): "strong", "good",
 * "some", or null for 0 (nothing personal stands behind it, and no fit is shown). */
export function fitLevel(score) {
  if (!score) return null;
  return score >= 70 ? "strong" : score >= 50 ? "good" : "some";
}

/** The fit in words ("Good fit"); null for 0. Shown with its number ("Good fit · 62%") wherever there is room. */
export function fitWords(score) {
  const level = fitLevel(score);
  return level && t(`card.fit.${level}`);
}

/** "Active", "Quiet" or "Dormant" (in the page's language), with the rule's sentence as its title; nothing when
 * unknown. */
export function healthBadge(repository) {
  if (!repository.health) return null;
  // A level this script does not know yet: its name as the server gave it.
  const title = Object.hasOwn(healthWords, repository.health) ? healthWords[repository.health]() : repository.health;
  return h("span", { class: `badge health ${repository.health}`, title: repository.healthSummary }, title);
}

let toastTimer = 0;

/** A short message, read out by screen readers, with an optional action (`{ label, run, keys }`: an Undo button,
 * its key named for keyboards). It sits above the tab bar; on the deck clear of the card and its buttons. */
export function toast(message, action = null) {
  const element = document.getElementById("toast");
  if (!element) return;
  const text = h("span", { class: "toast-text" }, message);
  const button = action && h("button", {
    type: "button", class: "toast-action", "aria-keyshortcuts": action.keys || null,
    onclick: () => { element.classList.remove("visible"); action.run(); },
  }, action.label, action.keys && !matchMedia("(pointer: coarse)").matches ? h("kbd", {}, action.keys) : null);
  element.replaceChildren(text, button || "");
  element.classList.toggle("with-action", !!action);
  element.style.bottom = "";
  element.style.top = "";
  place(element, document.querySelector(".deck-actions"));
  element.classList.add("visible");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => element.classList.remove("visible"), action ? 5000 : 2600);
}

/** On the deck, where a toast over the card would hide its Details and Compare and one over the buttons would take
 * a tap: under the buttons (over the legend) when there is room, else over the filter bar at the top. */
function place(element, controls) {
  if (!controls || !controls.getClientRects().length) return;
  const actions = controls.getBoundingClientRect();
  const bar = document.querySelector(".tabbar")?.getBoundingClientRect();
  // The tab bar is at the bottom on phones, at the side on desktops.
  const floor = bar && bar.top > actions.bottom ? bar.top : innerHeight;
  const height = element.getBoundingClientRect().height;
  if (floor - actions.bottom >= height + 8) {
    element.style.top = `${Math.round(actions.bottom + (floor - actions.bottom - height) / 2)}px`;
  } else {
    const filter = document.querySelector(".deck-filter")?.getBoundingClientRect();
    element.style.top = `${Math.round(Math.max(4, filter ? filter.top : 8))}px`;
  }
  element.style.bottom = "auto";
}

/** A short buzz on devices that can, unless the person asked for less motion. */
export function buzz(ms = 12) {
  if (navigator.vibrate && !matchMedia("(prefers-reduced-motion: reduce)").matches) navigator.vibrate(ms);
}

/** Grey stand-ins that keep the layout still while the first cards or rows come (no spinner). */
export function skeletonRows(count = 4) {
  return Array.from({ length: count }, () => h("li", { class: "skeleton-row skeleton", "aria-hidden": "true" },
    h("span", { class: "avatar bone" }), h("div", { class: "row-body" }, h("span", { class: "bone line wide" }), h("span", { class: "bone line" }))));
}

/** A grey card in the deck's place while the first cards come. */
export function skeletonCard() {
  return h("div", { class: "card skeleton", "aria-hidden": "true" },
    h("div", { class: "card-head" }, h("span", { class: "avatar large bone" }), h("div", { class: "card-name" }, h("span", { class: "bone line" }), h("span", { class: "bone line wide" }))),
    h("span", { class: "bone block" }), h("span", { class: "bone line wide" }), h("span", { class: "bone line" }));
}

/** A message with a Retry button, for when the server fails (`className` places it: the deck or a list's end). */
export function failure(message, retry, className = "deck-state error-state") {
  return h("div", { class: className, role: "alert" },
    h("p", {}, message),
    retry ? h("button", { type: "button", class: "primary", onclick: retry }, t("ui.retry")) : null);
}

/** True when the key event happens while typing in a field. */
export const typing = (event) => event.target.closest?.("input, textarea, select, [contenteditable]") !== null;

/** Says once, above Home or the deck, how old the catalog is when its figures are more than 2 days old (the API's
 * `catalog`): what is judged as of that day, and what would refresh it. Hidden again when the catalog is fresh. */
export function showCatalogAge(catalog, { short = false } = {}) {
  const line = document.getElementById("catalog-age");
  if (!line) return;
  line.hidden = !catalog;
  if (!catalog) return;
  // The deck has little room: the day and the age, the whole sentence on hover and for screen readers.
  const day = date(`${catalog.asOf}T12:00:00Z`, { day: "numeric", month: "short", year: "numeric" });
  // Worded here from its figures (a note kept from an earlier visit may be in another language).
  const note = t("facts.catalog.stale", catalog.ageDays, day);
  line.textContent = short ? t("ui.catalog.age", catalog.ageDays, day) : note;
  line.title = note;
}
