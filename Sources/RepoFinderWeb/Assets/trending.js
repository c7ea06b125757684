// Trending: the fastest-growing repositories of a window (day, week, month), by language, with unusual bursts left
// out unless asked; the filters live in the address, and a pull from the top refreshes on touch.

import { api } from "./api.js";
import { date, t } from "./i18n.js";
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

/**
 * The list's headline by window, for a window that ends today (`current`) or one that ended days ago (`past`: the
 * catalog is old, and "today" would not be true), with and without a language (`%@`).
 */
const headlines = {
  daily: {
    current: () => t("trending.summary.daily"), currentLanguage: (language) => t("trending.summary.daily-language", language),
    past: () => t("trending.summary.daily-past"), pastLanguage: (language) => t("trending.summary.daily-past-language", language),
  },
  weekly: {
    current: () => t("trending.summary.weekly"), currentLanguage: (language) => t("trending.summary.weekly-language", language),
    past: () => t("trending.summary.weekly-past"), pastLanguage: (language) => t("trending.summary.weekly-past-language", language),
  },
  monthly: {
    current: () => t("trending.summary.monthly"), currentLanguage: (language) => t("trending.summary.monthly-language", language),
    past: () => t("trending.summary.monthly-past"), pastLanguage: (language) => t("trending.summary.monthly-past-language", language),
  },
};

/** A day the API names ("2026-08-22") in the page's language. */
const day = (value) => date(`${value}T12:00:00Z`, { day: "numeric", month: "short" });

function filters() {
  const form = document.getElementById("trending-filters");
  return { language: form.language.value.trim(), since: form.since.value || "daily", bursts: form.bursts.checked ? "shown" : "" };
}

async function trendingPage(page) {
  const chosen = filters();
  const result = await api.trending({ ...chosen, page, perPage: 25 });
  const rows = result.items.map((item) => actingRow(item.repository, {
    rank: item.rank,
    key: { value: `+${compact(item.starsGained)}`, label: t("trending.gain-label") },
    extra: [
      item.burst && h("span", { class: "badge burst", title: item.burst.note }, t("trending.burst")),
      item.burst && h("span", { class: "burst-note" }, item.burst.note),
    ],
  }));
  // Honest dates: a window that ended days ago is not "today".
  const words = headlines[chosen.since] || headlines.daily;
  const headline = result.note
    ? (chosen.language ? words.pastLanguage(chosen.language) : words.past())
    : (chosen.language ? words.currentLanguage(chosen.language) : words.current());
  // The headline, the window's days, the server's note on an old catalog, and what was done with bursts: " · "
  // between them.
  const parts = [
    headline,
    result.from && result.to ? t("trending.summary.range", day(result.from), day(result.to)) : null,
    result.note || null,
    chosen.bursts ? t("trending.summary.bursts-shown") : t("trending.summary.bursts-hidden"),
  ].filter(Boolean);
  return {
    rows,
    done: result.items.length < 25 || page * 25 >= 100,
    summary: () => parts.join(" · "),
    empty: emptyWords(chosen.language, t("trending.empty"), "trending-filters"),
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
    indicator.textContent = pulled > 70 ? t("trending.pull.release") : t("trending.pull.start");
  }, { passive: true });
  document.addEventListener("touchend", () => {
    indicator.classList.remove("visible");
    if (startY !== null && pulled > 70) { refresh(); toast(t("trending.refreshed")); }
    startY = null;
  });
}
