// Search: names, descriptions and topics, with a language, health and order; the fields live in the address,
// suggestions come while typing, "Did you mean …?" offers a likely spelling, and a pasted repoverse:// link opens.

import { api } from "./api.js";
import { track } from "./events.js";
import { t } from "./i18n.js";
import { openLink } from "./links.js";
import { actingRow, emptyWords, pagedList, restoreFields, suggestLanguages } from "./pagedlist.js";
import { suggestWhileTyping } from "./suggest.js";
import { h, sentence } from "./ui.js";

/** An empty list's words when a health level was chosen (each level's name agrees with its sentence). */
const emptyForHealth = {
  active: () => t("search.empty.active"),
  quiet: () => t("search.empty.quiet"),
  dormant: () => t("search.empty.dormant"),
};

export function start() {
  const form = document.getElementById("search-form");
  // The address is the truth: a page the service worker kept (offline) may carry another search's fields.
  restoreFields(form);
  suggestLanguages();
  // Wide screens show the filters; a phone keeps them behind "Filters" until asked.
  const filtersBox = document.querySelector(".more-filters");
  if (filtersBox && (matchMedia("(min-width: 700px)").matches || new URLSearchParams(location.search).has("health"))) filtersBox.open = true;
  const list = pagedList(searchPage);
  watchForm(() => list.reload());
  suggestWhileTyping(form);
}

function filters() {
  const form = document.getElementById("search-form");
  return { q: form.q.value.trim(), language: form.language.value.trim(), health: form.health.value, sort: form.sort.value };
}

async function searchPage(page) {
  const chosen = filters();
  if (!chosen.q && !chosen.language) {
    showCorrection(null);
    // Nothing asked yet: an invitation, not a request for an empty query.
    return { rows: [], done: true, summary: () => "", empty: searchPrompt() };
  }
  const result = await api.search({ ...chosen, page, perPage: 20 });
  if (page === 1) showCorrection(result.didYouMean);
  if (page === 1 && chosen.q) track("search", { value: chosen.q.length, count: result.total, query: chosen.q });
  const highlight = new Set(result.highlights || []);
  return {
    rows: result.items.map((repository) => actingRow(repository, { highlight })),
    done: page * 20 >= result.total || result.items.length === 0,
    summary: (shown) => (chosen.q ? t("search.summary.query", result.total, chosen.q, shown) : t("search.summary.all", result.total, shown)),
    empty: chosen.health && emptyForHealth[chosen.health]
      ? emptyForHealth[chosen.health]()
      : emptyWords(chosen.language, t("search.empty.none"), "search-form"),
  };
}

function watchForm(changed) {
  const form = document.getElementById("search-form");
  let timer = 0;
  const apply = () => {
    const chosen = filters();
    if (/^repoverse:\/\//i.test(chosen.q)) { openLink(chosen.q); return; }
    const params = new URLSearchParams(Object.entries(chosen).filter(([, v]) => v && v !== "best-match"));
    history.replaceState(null, "", `/search${params.size ? `?${params}` : ""}`);
    changed();
  };
  form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); apply(); });
  form.addEventListener("change", (event) => { if (event.target.name === "sort" || event.target.name === "health") apply(); });
  for (const field of [form.q, form.language]) {
    field.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(apply, 350); });
  }
}

/** "Did you mean …?" above the results when a word was unknown and has a likely spelling; a button searches it. */
function showCorrection(didYouMean) {
  const notice = document.getElementById("search-notice");
  if (!notice) return;
  notice.hidden = !didYouMean;
  if (!didYouMean) { notice.replaceChildren(); return; }
  const form = document.getElementById("search-form");
  notice.replaceChildren(...sentence("search.did-you-mean", h("button", {
    type: "button", class: "link-button", translate: "no", onclick: () => { form.q.value = didYouMean; form.requestSubmit(); },
  }, didYouMean)));
}

/** What Search shows before anything is asked: what to type, and a few searches to start from. */
function searchPrompt() {
  const form = document.getElementById("search-form");
  // Searches of the catalog's own words (its descriptions and topics are in English): kept as they are in every
  // language, since a translated example would find nothing.
  const examples = ["terminal file manager", "swift web framework", "kubernetes", "machine learning"];
  return h("div", { class: "search-prompt", dataset: { state: "prompt" } },
    h("p", {}, t("search.prompt")),
    h("p", { class: "chips" }, examples.map((example) => h("button", {
      type: "button", class: "chip", translate: "no", onclick: () => { form.q.value = example; form.requestSubmit(); },
    }, example))));
}
