// The paged-list machinery under Trending, Search, an area, Saved and Liked: a screen gives a source of pages and the
// list loads the next as its end comes near (an IntersectionObserver on #list-end), with grey rows while it waits, a
// summary above (#list-summary), Retry on a failure, and "That’s all." at the end. The helpers below are the ones the
// list screens share: filter fields from the address, language suggestions, empty-list words and rows with actions.

import { t } from "./i18n.js";
import { LANGUAGES, unknownLanguage } from "./languages.js";
import { rowActions, swipeToAct } from "./rowactions.js";
import { failure, h, repositoryRow, skeletonRows } from "./ui.js";

/**
 * Shows `source`'s pages in the screen's list. `source(page)` resolves to `{ rows, done, summary(shown), empty }`.
 * Returns `reload()` (from page 1 again, after a filter changed) and `removed(summaryOf)` (a row was taken off: one
 * fewer shown, and the summary says `summaryOf(shown)`).
 */
export function pagedList(source) {
  const list = document.getElementById("list");
  const summary = document.getElementById("list-summary");
  const end = document.getElementById("list-end");
  let generation = 0;
  let state = { page: 0, done: false, loading: false, shown: 0 };

  function reload() {
    generation += 1;
    state = { page: 0, done: false, loading: false, shown: 0 };
    list.replaceChildren();
    summary.textContent = "";
    more();
  }

  async function more() {
    if (state.loading || state.done) return;
    const mine = generation;
    let loaded = false;
    state.loading = true;
    // Grey rows where the next ones will be, so nothing jumps when they come.
    const bones = skeletonRows(state.shown === 0 ? 4 : 2);
    list.append(...bones);
    end.replaceChildren(h("span", { class: "visually-hidden" }, t("list.loading")));
    try {
      const page = state.page + 1;
      const result = await source(page);
      bones.forEach((bone) => bone.remove());
      if (mine !== generation) return;
      state.page = page;
      state.done = result.done;
      state.shown += result.rows.length;
      list.append(...result.rows);
      summary.textContent = result.summary(state.shown);
      end.textContent = state.done ? (state.shown > 0 ? t("list.end") : "") : "";
      if (state.shown === 0) list.append(h("li", { class: "empty-row" }, result.empty));
      loaded = true;
    } catch (error) {
      bones.forEach((bone) => bone.remove());
      if (mine !== generation) return;
      // A 400 or 404 says what is wrong with the address itself (a heading no list has): retrying cannot change it.
      const lasting = error.status === 400 || error.status === 404;
      end.replaceChildren(failure(error.message, lasting ? null : () => more(), "list-error"));
    } finally {
      if (mine === generation) state.loading = false;
    }
    // A short page may not fill the screen: keep going while the end is in view — after a page that loaded, never
    // after a failure (Retry does that): while a page unloads, fetch fails at once, and retrying at once would spin.
    if (loaded && mine === generation && !state.done && end.getBoundingClientRect().top < window.innerHeight + 600) {
      more();
    }
  }

  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) more();
  }, { rootMargin: "600px 0px" });
  observer.observe(end);
  reload();
  return {
    reload,
    removed(summaryOf) {
      state.shown -= 1;
      summary.textContent = summaryOf(state.shown);
    },
  };
}

/** Fills a filter form's fields from the address's query (when the page came from a cache, say). */
export function restoreFields(form) {
  if (!form) return;
  const query = new URLSearchParams(location.search);
  for (const field of form.elements) {
    if (!field.name || field.type === "submit") continue;
    const value = query.get(field.name);
    if (field.type === "radio") { if (value) field.checked = field.value === value; }
    else if (field.type === "checkbox") field.checked = value === field.value;
    else if (field.tagName === "SELECT") field.value = value || field.options[0]?.value || "";
    else field.value = value || "";
  }
}

/** Known languages offered while typing in any language field. */
export function suggestLanguages() {
  const fields = document.querySelectorAll('input[name="language"]');
  if (fields.length === 0) return;
  let options = document.getElementById("languages");
  if (!options) {
    options = h("datalist", { id: "languages" }, LANGUAGES.map((language) => h("option", { value: language })));
    document.body.append(options);
  }
  fields.forEach((field) => field.setAttribute("list", "languages"));
}

/** An empty list's words, naming an unknown language before anything else, with a button that searches the form
 * (`formId`) again in the likely one. */
export function emptyWords(language, otherwise, formId) {
  const unknown = unknownLanguage(language);
  if (!unknown) return otherwise;
  const retry = () => {
    const form = document.getElementById(formId);
    form.language.value = unknown.suggestion;
    form.requestSubmit();
  };
  return [unknown.message, unknown.suggestion
    ? [" ", h("button", { type: "button", class: "secondary small", onclick: retry }, t("list.did-you-mean", unknown.suggestion))]
    : [" ", t("list.check-spelling")]];
}

/** A search, trending or area row with Like and Save, swiped on touch (right likes, left saves). */
export function actingRow(repository, options = {}) {
  const row = repositoryRow(repository, { ...options, actions: rowActions(repository) });
  swipeToAct(row, repository);
  return row;
}
