// Trending, Search, Saved and Liked: lists that load further pages as you scroll (an IntersectionObserver on the end
// of the list), with filters kept in the address, pull to refresh on touch (Trending), and removal by a swipe or a
// button (Saved, Liked).

import { openLink } from "./links.js";
import { api } from "./api.js";
import { starButton } from "./githubstar.js";
import { LANGUAGES, unknownLanguage } from "./languages.js";
import { rowActions, suppressClickAfterSwipe, swipeToAct } from "./rowactions.js";
import { forgetListed, listed, MAX_LISTED, replaceListed, unlist } from "./store.js";
import { suggestWhileTyping } from "./suggest.js";
import { buzz, compact, failure, h, repositoryRow, skeletonRows, toast } from "./ui.js";

let list;
let summary;
let end;
let observer;
let generation = 0;
let state = { page: 0, done: false, loading: false, shown: 0 };

export function start() {
  list = document.getElementById("list");
  summary = document.getElementById("list-summary");
  end = document.getElementById("list-end");
  const kind = list.dataset.kind;
  const sources = {
    trending: trendingSource, search: searchSource, saved: personalSource("saved"), liked: personalSource("liked"),
    area: areaSource(list.dataset.area),
  };
  const source = sources[kind];
  // The address is the truth: a page the service worker kept (offline) may carry another search's fields.
  restoreFields(document.getElementById(kind === "trending" ? "trending-filters" : "search-form"));
  suggestLanguages();
  // Wide screens show Search's filters; a phone keeps them behind "Filters" until asked.
  const filtersBox = document.querySelector(".more-filters");
  if (filtersBox && (matchMedia("(min-width: 700px)").matches || new URLSearchParams(location.search).has("health"))) filtersBox.open = true;
  if (kind === "trending") watchTrendingFilters(() => reload(source));
  if (kind === "search") {
    watchSearchForm(() => reload(source));
    suggestWhileTyping(document.getElementById("search-form"));
  }
  if (kind === "trending") watchPull(() => reload(source));
  observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) more(source);
  }, { rootMargin: "600px 0px" });
  observer.observe(end);
  reload(source);
}

function reload(source) {
  generation += 1;
  state = { page: 0, done: false, loading: false, shown: 0 };
  list.replaceChildren();
  summary.textContent = "";
  more(source);
}

async function more(source) {
  if (state.loading || state.done) return;
  const mine = generation;
  let loaded = false;
  state.loading = true;
  // Grey rows where the next ones will be, so nothing jumps when they come.
  const bones = skeletonRows(state.shown === 0 ? 4 : 2);
  list.append(...bones);
  end.replaceChildren(h("span", { class: "visually-hidden" }, "Loading…"));
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
    end.textContent = state.done ? (state.shown > 0 ? "That’s all." : "") : "";
    if (state.shown === 0) list.append(h("li", { class: "empty-row" }, result.empty));
    loaded = true;
  } catch (error) {
    bones.forEach((bone) => bone.remove());
    if (mine !== generation) return;
    end.replaceChildren(failure(error.message, () => more(source), "list-error"));
  } finally {
    if (mine === generation) state.loading = false;
  }
  // A short page may not fill the screen: keep going while the end is in view — after a page that loaded, never
  // after a failure (Retry does that): while a page unloads, fetch fails at once, and retrying at once would spin.
  if (loaded && mine === generation && !state.done && end.getBoundingClientRect().top < window.innerHeight + 600) {
    more(source);
  }
}

/** Fills a filter form's fields from the address's query (when the page came from a cache, say). */
function restoreFields(form) {
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
function suggestLanguages() {
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
function emptyWords(language, otherwise, formId) {
  const unknown = unknownLanguage(language);
  if (!unknown) return otherwise;
  const retry = () => {
    const form = document.getElementById(formId);
    form.language.value = unknown.suggestion;
    form.requestSubmit();
  };
  return [unknown.message, unknown.suggestion
    ? [" ", h("button", { type: "button", class: "secondary small", onclick: retry }, `Did you mean ${unknown.suggestion}?`)]
    : " Check the spelling, or clear it."];
}

// MARK: - Trending

function trendingFilters() {
  const form = document.getElementById("trending-filters");
  return { language: form.language.value.trim(), since: form.since.value || "daily", bursts: form.bursts.checked ? "shown" : "" };
}

async function trendingSource(page) {
  const filters = trendingFilters();
  const result = await api.trending({ ...filters, page, perPage: 25 });
  const rows = result.items.map((item) => actingRow(item.repository, {
    rank: item.rank,
    key: { value: `+${compact(item.starsGained)}`, label: "stars" },
    extra: [
      item.burst && h("span", { class: "badge burst", title: item.burst.note }, "Burst"),
      item.burst && h("span", { class: "burst-note" }, item.burst.note),
    ],
  }));
  // Honest dates: a window that ended days ago is not "today".
  const windowName = result.note
    ? { daily: "in a day", weekly: "in a week", monthly: "in a month" }[filters.since]
    : { daily: "today", weekly: "this week", monthly: "this month" }[filters.since];
  const range = result.from && result.to ? ` (${result.from} → ${result.to})` : "";
  const stale = result.note ? ` — ${result.note}` : "";
  const bursts = filters.bursts ? ", bursts shown" : ", unusual bursts left out";
  return {
    rows,
    done: result.items.length < 25 || page * 25 >= 100,
    summary: () => `Fastest-growing ${filters.language ? `${filters.language} ` : ""}repositories ${windowName}${range}${stale}${bursts}`,
    empty: emptyWords(filters.language, "Nothing gained stars in this window. Try another language or a longer window.",
      "trending-filters"),
  };
}

function watchTrendingFilters(changed) {
  const form = document.getElementById("trending-filters");
  let timer = 0;
  const apply = () => {
    const { language, since, bursts } = trendingFilters();
    const params = new URLSearchParams();
    if (language) params.set("language", language);
    params.set("since", since);
    if (bursts) params.set("bursts", bursts);
    history.replaceState(null, "", `/trending?${params}`);
    changed();
  };
  form.addEventListener("change", (event) => { if (event.target.name === "since" || event.target.name === "bursts") apply(); });
  form.language.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(apply, 350); });
  form.addEventListener("submit", (event) => { event.preventDefault(); apply(); });
}

/** Pull down from the top of the page on a touch screen to refresh. */
function watchPull(refresh) {
  const indicator = document.querySelector(".pull-indicator");
  let startY = null;
  let pulled = 0;
  document.addEventListener("touchstart", (event) => {
    startY = window.scrollY <= 0 ? event.touches[0].clientY : null;
    pulled = 0;
  }, { passive: true });
  document.addEventListener("touchmove", (event) => {
    if (startY === null) return;
    pulled = Math.max(0, event.touches[0].clientY - startY);
    indicator.classList.toggle("visible", pulled > 20);
    indicator.textContent = pulled > 70 ? "Release to refresh" : "Pull to refresh";
  }, { passive: true });
  document.addEventListener("touchend", () => {
    indicator.classList.remove("visible");
    if (startY !== null && pulled > 70) { refresh(); toast("Refreshed"); }
    startY = null;
  });
}

// MARK: - Search

function searchFilters() {
  const form = document.getElementById("search-form");
  return { q: form.q.value.trim(), language: form.language.value.trim(), health: form.health.value, sort: form.sort.value };
}

async function searchSource(page) {
  const filters = searchFilters();
  if (!filters.q && !filters.language) {
    showCorrection(null);
    // Nothing asked yet: an invitation, not a request for an empty query.
    return { rows: [], done: true, summary: () => "", empty: searchPrompt() };
  }
  const result = await api.search({ ...filters, page, perPage: 20 });
  if (page === 1) showCorrection(result.didYouMean);
  const highlight = new Set(result.highlights || []);
  return {
    rows: result.items.map((repository) => actingRow(repository, { highlight })),
    done: page * 20 >= result.total || result.items.length === 0,
    summary: (shown) => `${result.total.toLocaleString("en")} ${result.total === 1 ? "repository" : "repositories"}${filters.q ? ` for “${filters.q}”` : ""} — showing ${shown}`,
    empty: filters.health
      ? `No ${filters.health} repository matches. Health is judged from the last push the catalog knows of; choose Any health to see them all.`
      : emptyWords(filters.language, "No repository matches. Try fewer words or another language.", "search-form"),
  };
}

function watchSearchForm(changed) {
  const form = document.getElementById("search-form");
  let timer = 0;
  const apply = () => {
    const filters = searchFilters();
    if (/^repoverse:\/\//i.test(filters.q)) { openLink(filters.q); return; }
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v && v !== "best-match"));
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

/** A search or trending row with Like and Save, swiped on touch (right likes, left saves). */
function actingRow(repository, options = {}) {
  const row = repositoryRow(repository, { ...options, actions: rowActions(repository) });
  swipeToAct(row, repository);
  return row;
}

// MARK: - An area

/** An area's best repositories the person has not seen (the server leaves those out when it knows the person). */
function areaSource(id) {
  return async () => {
    const result = await api.clusterRepositories(id, 50);
    return {
      rows: result.items.map((repository) => actingRow(repository)),
      done: true,
      summary: (shown) => `The best ${shown} you have not seen yet`,
      empty: "You have seen every repository of this area. Deal a deck of it to go deeper, or pick another area.",
    };
  };
}

// MARK: - Saved and Liked

function personalSource(kind) {
  const title = kind === "saved" ? "Saved" : "Liked";
  return async (page) => {
    let result;
    try {
      result = await api.list(kind, page, 20);
    } catch (error) {
      if (!error.offline) throw error;
      return keptSource(kind, title);
    }
    // Keep the newest of the list on this device (for offline), reconciled with what the server says now.
    if (page === 1) {
      const keep = result.total <= result.items.length ? Promise.resolve(result) : api.list(kind, 1, MAX_LISTED);
      keep.then((newest) => replaceListed(kind, newest.items)).catch(() => {});
    }
    return {
      rows: result.items.map((item) => removableRow(kind, title, item.repository)),
      done: page * 20 >= result.total || result.items.length === 0,
      summary: () => `${result.total} ${result.total === 1 ? "repository" : "repositories"}`,
      empty: kind === "saved"
        ? "Nothing saved yet. Save a card on Discover (the bookmark button or S) to keep it here."
        : "Nothing liked yet. Swipe right on Discover (or press →) to like a card.",
    };
  };
}

/** The list as kept on this device, while offline: newest first, what still waits to sync marked. */
async function keptSource(kind, title) {
  const entries = await listed(kind);
  const waiting = entries.filter((entry) => entry.waiting).length;
  return {
    rows: entries.map((entry) => {
      const row = removableRow(kind, title, entry.repository);
      if (entry.waiting) row.querySelector(".row-facts")?.prepend(h("span", { class: "badge waiting" }, "Waiting to sync"));
      return row;
    }),
    done: true,
    summary: () => `${entries.length} ${entries.length === 1 ? "repository" : "repositories"} kept on this device — `
      + `you’re offline${waiting ? `; ${waiting} waiting to sync` : ""}`,
    empty: "You’re offline and nothing of this list is kept on this device yet.",
  };
}

function removableRow(kind, title, repository) {
  const button = h("button", {
    type: "button", class: "ghost remove", "aria-label": `Remove ${repository.fullName} from ${title}`,
  }, "Remove");
  const row = repositoryRow(repository, { actions: button });
  const actions = row.querySelector(".row-actions");
  starButton(repository.fullName).then((star) => { if (star) actions.prepend(star); });
  const remove = async () => {
    buzz();
    row.classList.add("removing");
    try {
      try {
        await api.remove(kind, repository.fullName);
        await forgetListed(kind, repository.fullName);
      } catch (error) {
        if (!error.offline) throw error;
        await unlist(kind, repository.fullName); // offline: taken off here now, on the server when back
      }
      row.remove();
      state.shown -= 1;
      summary.textContent = `${state.shown} ${state.shown === 1 ? "repository" : "repositories"}`;
      toast(`Removed ${repository.fullName} from ${title}`);
    } catch (error) {
      row.classList.remove("removing");
      row.style.transform = "";
      toast(error.status === 404 ? `${repository.fullName} was already removed` : error.message);
      if (error.status === 404) row.remove();
    }
  };
  button.addEventListener("click", remove);
  swipeToRemove(row, remove);
  return row;
}

/** Drag a row left past a third of its width to remove it. */
function swipeToRemove(row, remove) {
  let startX = null;
  let pointer = null;
  row.addEventListener("pointerdown", (event) => {
    if (event.target.closest("button, a:not(.row-title)") || event.button !== 0) return;
    delete row.dataset.swiped;
    startX = event.clientX;
    pointer = event.pointerId;
    row.setPointerCapture(pointer);
  });
  row.addEventListener("pointermove", (event) => {
    if (event.pointerId !== pointer) return;
    const dx = Math.min(0, event.clientX - startX);
    if (dx < -10) row.dataset.swiped = "1";
    row.style.transform = `translateX(${dx}px)`;
  });
  suppressClickAfterSwipe(row);
  const finish = (event) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    const dx = event.clientX - startX;
    if (event.type === "pointerup" && dx < -row.offsetWidth / 3) {
      row.style.transform = "translateX(-100%)";
      remove();
    } else {
      row.style.transform = "";
    }
  };
  row.addEventListener("pointerup", finish);
  row.addEventListener("pointercancel", finish);
}
