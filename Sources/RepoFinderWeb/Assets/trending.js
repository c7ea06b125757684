// Trending: the fastest-growing repositories of a window (day, week, month), by language, with unusual bursts left
// out unless asked; the filters live in the address, and a pull from the top refreshes on touch.

import { api } from "./api.js";
import { actingRow, emptyWords, pagedList, restoreFields, suggestLanguages } from "./pagedlist.js";
import { compact, h, toast } from "./ui.js";

export function start() {
  // The address is the truth: a page the service worker kept (offline) may carry other fields.
  restoreFields(document.getElementById("trending-filters"));
  suggestLanguages();
  const list = pagedList(trendingPage);
  watchFilters(() => list.reload());
  watchPull(() => list.reload());
}

function filters() {
  const form = document.getElementById("trending-filters");
  return { language: form.language.value.trim(), since: form.since.value || "daily", bursts: form.bursts.checked ? "shown" : "" };
}

async function trendingPage(page) {
  const chosen = filters();
  const result = await api.trending({ ...chosen, page, perPage: 25 });
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
    ? { daily: "in a day", weekly: "in a week", monthly: "in a month" }[chosen.since]
    : { daily: "today", weekly: "this week", monthly: "this month" }[chosen.since];
  const range = result.from && result.to ? ` (${result.from} → ${result.to})` : "";
  const stale = result.note ? ` — ${result.note}` : "";
  const bursts = chosen.bursts ? ", bursts shown" : ", unusual bursts left out";
  return {
    rows,
    done: result.items.length < 25 || page * 25 >= 100,
    summary: () => `Fastest-growing ${chosen.language ? `${chosen.language} ` : ""}repositories ${windowName}${range}${stale}${bursts}`,
    empty: emptyWords(chosen.language, "Nothing gained stars in this window. Try another language or a longer window.",
      "trending-filters"),
  };
}

function watchFilters(changed) {
  const form = document.getElementById("trending-filters");
  let timer = 0;
  const apply = () => {
    const { language, since, bursts } = filters();
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
