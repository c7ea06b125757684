// The compare tray: up to four repositories collected with "Compare" on cards, rows and detail pages, kept in
// localStorage (so it survives reloads and works offline), shown as a bar above the tab bar with a link to Compare.

import { t } from "./i18n.js";
import { h, toast, useCompareButton } from "./ui.js";

const KEY = "rf.compare";
export const TRAY_LIMIT = 4;

/** The names in the tray, oldest first. */
export function trayItems() {
  try {
    const items = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(items) ? items.filter((item) => typeof item === "string").slice(0, TRAY_LIMIT) : [];
  } catch {
    return [];
  }
}

function save(items) {
  localStorage.setItem(KEY, JSON.stringify(items));
  document.dispatchEvent(new CustomEvent("rf:tray", { detail: items }));
}

const same = (a, b) => a.toLowerCase() === b.toLowerCase();
export const inTray = (fullName) => trayItems().some((item) => same(item, fullName));

/** Adds or removes `fullName`; says so (or that the tray is full). True when it is in the tray afterwards. */
export function toggleTray(fullName) {
  const items = trayItems();
  if (items.some((item) => same(item, fullName))) {
    save(items.filter((item) => !same(item, fullName)));
    toast(t("tray.removed", fullName));
    return false;
  }
  if (items.length >= TRAY_LIMIT) {
    toast(t("tray.full", TRAY_LIMIT));
    return false;
  }
  save([...items, fullName]);
  toast(items.length === 0 ? t("tray.first", fullName) : t("tray.added", fullName));
  return true;
}

export function clearTray() { save([]); }

/** The path of Compare for the tray's names. */
export const trayPath = (items = trayItems()) => `/compare?repos=${items.map(encodeURIComponent).join(",").replace(/%2F/g, "/")}`;

/** A "Compare" toggle button for `fullName` that follows the tray. */
export function compareButton(fullName, className = "ghost compare-toggle") {
  const button = h("button", { type: "button", class: className, "aria-pressed": String(inTray(fullName)), dataset: { compare: fullName } }, t("tray.compare"));
  button.addEventListener("click", (event) => {
    event.preventDefault();
    event.stopPropagation();
    toggleTray(fullName);
  });
  return button;
}

useCompareButton((fullName) => compareButton(fullName, "ghost small compare-toggle in-row"));

// Below this width the deck's card needs the whole height, so there the tray is a badge in the top bar.
const phone = window.matchMedia("(max-width: 899px)");

/** The tray as a badge beside the title (the deck on a phone): a columns glyph and the count, a link to Compare from
 * two, its full words for screen readers and on hover. The bar above the tab bar took 88 px of the card's height, and
 * a German card folded its reasons into "+3 weitere" beside "3 zum Vergl…". */
function badge(items, label) {
  const glyph = h("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, h("path", { d: "M4 5h6v14H4zM14 5h6v14h-6z" }));
  const count = h("span", { class: "tray-count" }, String(items.length));
  return items.length >= 2
    ? h("a", { class: "button primary tray-badge", href: trayPath(items), "aria-label": label, title: label }, glyph, count)
    : h("span", { class: "button primary disabled tray-badge", "aria-disabled": "true", "aria-label": label, title: label, role: "img" }, glyph, count);
}

/** Keeps every Compare button on the page and the tray bar in step with the tray. */
export function mountTray() {
  const bar = document.getElementById("compare-tray");
  const home = bar?.parentElement;
  const render = () => {
    const items = trayItems();
    document.querySelectorAll("[data-compare]").forEach((button) => {
      button.setAttribute("aria-pressed", String(items.some((item) => same(item, button.dataset.compare))));
    });
    if (!bar) return;
    const screen = document.body.dataset.screen;
    // Not on Compare itself, nor over onboarding's step buttons.
    bar.hidden = items.length === 0 || screen === "compare" || screen === "onboarding";
    if (bar.hidden) return;
    const label = items.length === 1 ? t("tray.single") : t("tray.count", items.length);
    const compact = screen === "discover" && phone.matches;
    bar.classList.toggle("compact", compact);
    const topbar = document.querySelector(".topbar");
    if (compact && topbar && bar.parentElement !== topbar) topbar.insertBefore(bar, topbar.querySelector(".profile-link"));
    if (!compact && home && bar.parentElement !== home) home.insertBefore(bar, document.getElementById("toast"));
    if (compact) {
      bar.replaceChildren(badge(items, label));
      return;
    }
    bar.replaceChildren(
      h("span", { class: "tray-label" }, label),
      items.length >= 2
        ? h("a", { class: "button primary", href: trayPath(items) }, t("tray.compare"))
        : h("span", { class: "button primary disabled", "aria-disabled": "true" }, t("tray.compare")),
      h("button", { type: "button", class: "ghost", onclick: () => clearTray(), "aria-label": t("tray.clear.label") }, t("tray.clear.button")));
  };
  document.addEventListener("rf:tray", render);
  phone.addEventListener("change", render);
  window.addEventListener("storage", (event) => { if (event.key === KEY) render(); });
  render();
}
