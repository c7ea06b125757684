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

/** Keeps every Compare button on the page and the tray bar in step with the tray. */
export function mountTray() {
  const bar = document.getElementById("compare-tray");
  const render = () => {
    const items = trayItems();
    document.querySelectorAll("[data-compare]").forEach((button) => {
      button.setAttribute("aria-pressed", String(items.some((item) => same(item, button.dataset.compare))));
    });
    if (!bar) return;
    const onCompare = document.body.dataset.screen === "compare";
    bar.hidden = items.length === 0 || onCompare;
    if (bar.hidden) return;
    const label = items.length === 1 ? t("tray.single") : t("tray.count", items.length);
    bar.replaceChildren(
      h("span", { class: "tray-label" }, label),
      items.length >= 2
        ? h("a", { class: "button primary", href: trayPath(items) }, t("tray.compare"))
        : h("span", { class: "button primary disabled", "aria-disabled": "true" }, t("tray.compare")),
      h("button", { type: "button", class: "ghost", onclick: () => clearTray(), "aria-label": t("tray.clear.label") }, t("tray.clear.button")));
  };
  document.addEventListener("rf:tray", render);
  window.addEventListener("storage", (event) => { if (event.key === KEY) render(); });
  render();
}
