// The deck's filter: languages, languages to leave out, areas, a minimum of stars and health, kept for the person on
// the server (every device deals with it) and named in the address (/discover?language=Rust&without=JavaScript&
// cluster=developer-tools), so a link reproduces it. A bar above the deck says what the deck is narrowed to; "Filter" opens a sheet to change it.

import { api } from "./api.js";
import { number, t } from "./i18n.js";
import { LANGUAGES } from "./languages.js";
import { areaWords } from "./reasons.js";
import { h, toast } from "./ui.js";

const KEPT = "rf.deckFilter";
// The sheet's chips: the most used languages (a person's own choices are added to them).
const CHIP_LANGUAGES = LANGUAGES.slice(0, 16);
const STARS = [0, 100, 1000, 10000, 50000];
const HEALTH = [
  ["", () => t("filter.health.any")], ["quiet", () => t("filter.health.quiet")], ["active", () => t("filter.health.active")],
];

let current = { languages: [], excludedLanguages: [], clusters: [], minimumStars: 0 };
let matching = null;
let clusterNames = new Map();
let onChange = () => {};
// The areas' names, asked for as soon as the deck loads (cards name their area).
const areasLoaded = api.clusters().then((list) => {
  clusterNames = new Map(list.items.map((c) => [c.id, c.name]));
}).catch(() => {});

/** The filter the deck deals within now (as last known on this device). */
export const filter = () => current;

/** How many repositories of the catalog the filter allows, once the server said (null before). */
export const matchingCount = () => matching;

/** An area's name ("CLI & developer tools") once the list of areas came, else a readable form of its id. */
export const areaName = (id) => clusterNames.get(id) || areaWords(id);

/** Whether a filter narrows anything. */
export const narrowed = (f = current) =>
  (f.languages?.length || 0) + (f.excludedLanguages?.length || 0) + (f.clusters?.length || 0) > 0 ||
  (f.minimumStars || 0) > 0 || Boolean(f.health);

/**
 * Whether a card's repository is inside `f` (what the server deals by): language in any case (and not left out), area,
 * stars, health.
 */
export function allows(item, f = current) {
  const repository = item.repository;
  const language = (repository.language || "").toLowerCase();
  if (language && f.excludedLanguages?.some((l) => l.toLowerCase() === language)) return false;
  if (f.languages?.length && !f.languages.some((l) => l.toLowerCase() === (repository.language || "").toLowerCase())) return false;
  if (f.clusters?.length && !f.clusters.includes(item.cluster)) return false;
  if ((f.minimumStars || 0) > repository.stars) return false;
  if (f.health === "active" && repository.health !== "active") return false;
  if (f.health === "quiet" && !["active", "quiet"].includes(repository.health)) return false;
  return true;
}

/**
 * Sets the filter up: a filter in the address is saved for the person (a shared link reproduces it); otherwise the
 * saved one is read. `changed(filter)` runs after every change the person makes.
 */
export async function setUpFilter(changed) {
  onChange = changed;
  try { current = JSON.parse(localStorage.getItem(KEPT)) || current; } catch { /* kept copy unreadable: none */ }
  document.getElementById("filter-open").addEventListener("click", openSheet);
  document.getElementById("filter-clear").addEventListener("click", () => save({}));
  areasLoaded.then(renderBar);
  const named = new URLSearchParams(location.search);
  try {
    if (["language", "without", "cluster", "stars", "health"].some((key) => named.has(key))) {
      const resolved = await api.resolve(location.pathname + location.search);
      await save(resolved.filter || {}, { quiet: true });
      return true;
    }
    keep(await api.deckFilter());
  } catch (error) {
    if (!error.offline) toast(error.message);
  }
  renderBar();
  return false;
}

/** Saves `next` for the person, then tells the deck. */
export async function save(next, { quiet = false } = {}) {
  try {
    const state = await api.saveDeckFilter(next);
    keep(state);
    renderBar();
    if (!quiet) toast(narrowed() ? t("filter.matching", state.matching) : t("filter.cleared"));
    await onChange(current);
  } catch (error) {
    toast(error.offline ? t("filter.offline") : error.message);
  }
}

/** Keeps a server's answer: the filter, here and in the address. */
function keep(state) {
  current = state.filter;
  matching = state.matching;
  localStorage.setItem(KEPT, JSON.stringify(current));
  if (state.webPath && location.pathname === "/discover" && location.pathname + location.search !== state.webPath) {
    history.replaceState(null, "", state.webPath);
  }
}

/** The bar above the deck: what it is narrowed to, and a way to clear it. */
function renderBar() {
  const summary = document.getElementById("filter-summary");
  const clear = document.getElementById("filter-clear");
  summary.textContent = describe(current);
  clear.hidden = !narrowed();
  document.getElementById("filter-open").setAttribute("aria-label", t("filter.open.label", describe(current)));
}

/** "Rust · without JavaScript · CLI & developer tools · ★ 1k+ · active", or "Everything". */
export function describe(f) {
  const parts = [
    ...(f.languages || []),
    f.excludedLanguages?.length ? t("filter.summary.without", f.excludedLanguages.join(", ")) : null,
    ...(f.clusters || []).map((id) => clusterNames.get(id) || id),
    f.minimumStars ? `★ ${number(f.minimumStars)}+` : null,
    f.health === "active" ? t("filter.summary.active") : f.health === "quiet" ? t("filter.summary.quiet") : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : t("filter.summary.everything");
}

/** Opens the sheet with the current filter; Apply saves it. */
export async function openSheet() {
  const sheet = document.getElementById("filter-sheet");
  if (clusterNames.size === 0) {
    try { clusterNames = new Map((await api.clusters()).items.map((c) => [c.id, c.name])); } catch { /* shown as ids */ }
  }
  const languages = [...new Set([...CHIP_LANGUAGES, ...(current.languages || [])])];
  const chosen = new Set((current.languages || []).map((l) => l.toLowerCase()));
  const leftOut = new Set((current.excludedLanguages || []).map((l) => l.toLowerCase()));
  const avoidable = [...new Set([...CHIP_LANGUAGES, ...(current.excludedLanguages || [])])];
  const check = (name, value, label, checked) =>
    h("label", { class: "chip-choice" }, h("input", { type: "checkbox", name, value, checked: checked ? "" : null }),
      h("span", { translate: name === "cluster" ? null : "no" }, label));
  const form = h("form", { method: "dialog", class: "sheet-form" },
    h("h2", { id: "filter-title" }, t("filter.title")),
    h("fieldset", {}, h("legend", {}, t("filter.languages")),
      h("div", { class: "filter-chips" }, languages.map((l) => check("language", l, l, chosen.has(l.toLowerCase())))),
      h("label", { class: "field" }, t("filter.other.label"), h("input", { name: "other", type: "text", maxlength: "64", autocomplete: "off", placeholder: t("filter.other.placeholder") }))),
    h("fieldset", {}, h("legend", {}, t("filter.without")),
      h("div", { class: "filter-chips" }, avoidable.map((l) => check("without", l, l, leftOut.has(l.toLowerCase()))))),
    h("fieldset", {}, h("legend", {}, t("filter.areas")),
      h("div", { class: "filter-chips" }, [...clusterNames].filter(([id]) => id !== "general")
        .map(([id, name]) => check("cluster", id, name, (current.clusters || []).includes(id))))),
    h("div", { class: "sheet-row" },
      h("label", { class: "field" }, t("filter.stars.label"),
        h("select", { name: "stars" }, STARS.map((s) => h("option", { value: String(s), selected: s === (current.minimumStars || 0) ? "" : null },
          s ? `★ ${number(s)}` : t("filter.stars.any"))))),
      h("label", { class: "field" }, t("filter.health.label"),
        h("select", { name: "health" }, HEALTH.map(([value, label]) => h("option", { value, selected: value === (current.health || "") ? "" : null }, label()))))),
    h("p", { class: "muted small" }, t("filter.note")),
    h("div", { class: "sheet-actions" },
      h("button", { type: "button", class: "ghost", value: "clear" }, t("filter.clear")),
      h("button", { type: "button", class: "secondary", value: "cancel" }, t("filter.cancel")),
      h("button", { type: "submit", class: "primary", value: "apply" }, t("filter.apply"))));
  form.querySelector('[value="cancel"]').addEventListener("click", () => sheet.close());
  form.querySelector('[value="clear"]').addEventListener("click", () => {
    form.querySelectorAll("input[type=checkbox]").forEach((box) => { box.checked = false; });
    form.elements.other.value = "";
    form.elements.stars.value = "0";
    form.elements.health.value = "";
  });
  // A language is either kept or left out: checking one side unchecks the other.
  form.addEventListener("change", (event) => {
    const box = event.target;
    if (!box.checked || !["language", "without"].includes(box.name)) return;
    const other = box.name === "language" ? "without" : "language";
    form.querySelectorAll(`input[name="${other}"]`).forEach((twin) => {
      if (twin.value.toLowerCase() === box.value.toLowerCase()) twin.checked = false;
    });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const other = String(data.get("other") || "").split(",").map((l) => l.trim()).filter(Boolean);
    const next = {
      languages: [...data.getAll("language").map(String), ...other],
      excludedLanguages: data.getAll("without").map(String),
      clusters: data.getAll("cluster").map(String),
      minimumStars: Number(data.get("stars") || 0),
    };
    if (data.get("health")) next.health = String(data.get("health"));
    sheet.close();
    save(next);
  });
  sheet.replaceChildren(form);
  sheet.showModal();
  form.querySelector("input")?.focus();
}
