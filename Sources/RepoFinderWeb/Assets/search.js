// Search: names, descriptions and topics, with a language, health and order; the fields live in the address,
// suggestions come while typing, "Did you mean …?" offers a likely spelling, and a pasted repoverse:// link opens.

import { api } from "./api.js";
import { openLink } from "./links.js";
import { actingRow, emptyWords, pagedList, restoreFields, suggestLanguages } from "./pagedlist.js";
import { suggestWhileTyping } from "./suggest.js";
import { h } from "./ui.js";

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
  const highlight = new Set(result.highlights || []);
  return {
    rows: result.items.map((repository) => actingRow(repository, { highlight })),
    done: page * 20 >= result.total || result.items.length === 0,
    summary: (shown) => `${result.total.toLocaleString("en")} ${result.total === 1 ? "repository" : "repositories"}${chosen.q ? ` for “${chosen.q}”` : ""} — showing ${shown}`,
    empty: chosen.health
      ? `No ${chosen.health} repository matches. Health is judged from the last push the catalog knows of; choose Any health to see them all.`
      : emptyWords(chosen.language, "No repository matches. Try fewer words or another language.", "search-form"),
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
  notice.replaceChildren("Did you mean ", h("button", {
    type: "button", class: "link-button", onclick: () => { form.q.value = didYouMean; form.requestSubmit(); },
  }, didYouMean), "?");
}

/** What Search shows before anything is asked: what to type, and a few searches to start from. */
function searchPrompt() {
  const form = document.getElementById("search-form");
  const examples = ["terminal file manager", "swift web framework", "kubernetes", "machine learning"];
  return h("div", { class: "search-prompt", dataset: { state: "prompt" } },
    h("p", {}, "Search names, descriptions and topics — or paste a repoverse:// link."),
    h("p", { class: "chips" }, examples.map((example) => h("button", {
      type: "button", class: "chip", onclick: () => { form.q.value = example; form.requestSubmit(); },
    }, example))));
}
