// The operator's report (/admin): how the product does, from the events people's devices send. It asks for the
// operator token (the server's OPERATOR_TOKEN), kept in this tab only (sessionStorage), and shows the last 7, 30 or
// 90 days: headline figures, people active and swipes by day (charts, the same days in tables), onboarding's steps,
// weekly cohorts' returns, conversions, searches that found nothing and screens viewed. Every rate says what it
// divides. What people typed is shown as text, never as markup.

import { dayBars, longDay, shareBar, shortDay, table } from "./charts.js";
import { has, lang, number, percent, t } from "./i18n.js";
import { h } from "./ui.js";

const KEY = "rf.operator";
let call = 0;

export function start() {
  const form = document.getElementById("admin-form");
  const kept = sessionStorage.getItem(KEY);
  if (kept) form.token.value = kept;
  form.addEventListener("submit", (event) => { event.preventDefault(); load(); });
  form.since.addEventListener("change", () => { if (form.token.value.trim()) load(); });
  document.getElementById("admin-forget").addEventListener("click", () => {
    sessionStorage.removeItem(KEY);
    form.token.value = "";
    document.getElementById("admin-report").hidden = true;
    document.getElementById("admin-forget").hidden = true;
    document.getElementById("admin-status").textContent = t("admin.forgotten");
    form.token.focus();
  });
  if (kept) load();
}

/** Asks for the report with the operator token (not this browser's account token). */
async function report(token, since) {
  let response;
  try {
    response = await fetch(`/v1/admin/report?since=${encodeURIComponent(since)}`, {
      headers: { Accept: "application/json", "Accept-Language": lang, Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new Error(navigator.onLine === false ? t("api.error.offline") : t("api.error.unreachable-retry"));
  }
  let payload = null;
  try { payload = await response.json(); } catch { payload = null; }
  if (response.status === 401 || response.status === 403) {
    const error = new Error(t("admin.error.token"));
    error.refused = true;
    throw error;
  }
  if (response.status === 404) throw new Error(t("admin.error.no-token"));
  if (!response.ok) throw new Error(payload?.message || t("api.error.status", response.status));
  return payload;
}

async function load() {
  const form = document.getElementById("admin-form");
  const error = document.getElementById("admin-error");
  const status = document.getElementById("admin-status");
  const box = document.getElementById("admin-report");
  const token = form.token.value.trim();
  error.hidden = true;
  form.token.removeAttribute("aria-invalid");
  if (!token) {
    error.textContent = t("admin.error.empty");
    error.hidden = false;
    form.token.setAttribute("aria-invalid", "true");
    form.token.focus();
    return;
  }
  const mine = ++call;
  status.textContent = t("admin.loading");
  box.setAttribute("aria-busy", "true");
  try {
    const answer = await report(token, form.since.value);
    if (mine !== call) return;
    sessionStorage.setItem(KEY, token);
    document.getElementById("admin-forget").hidden = false;
    show(answer);
    status.textContent = t("admin.loaded", longDay(answer.from), longDay(answer.through));
  } catch (failure) {
    if (mine !== call) return;
    if (failure.refused) {
      sessionStorage.removeItem(KEY);
      form.token.setAttribute("aria-invalid", "true");
    }
    status.textContent = "";
    error.textContent = failure.message;
    error.hidden = false;
    box.hidden = true;
  } finally {
    if (mine === call) box.setAttribute("aria-busy", "false");
  }
}

const hasRate = (share) => share && share.rate !== undefined && share.rate !== null;

/** A share as a percent, its counts in its title and beside it ("45% · 9 of 20"); a dash when nothing divides. */
function shareText(share) {
  return hasRate(share) ? t("admin.share", percent(share.rate), share.count, share.of) : t("admin.no-rate");
}

function show(answer) {
  const box = document.getElementById("admin-report");
  box.hidden = false;
  showTiles(answer);
  showDays("active", answer.dailyActive, t("admin.active.label"), (row) => t("admin.active.point", shortDay(row.day), row.value), t("admin.column.people"));
  showDays("swipes", answer.swipesPerDay, t("admin.swipes.label"), (row) => t("admin.swipes.point", shortDay(row.day), row.value), t("admin.tile.swipes"));
  showFunnel(answer.onboardingSteps);
  showRetention(answer.retention);
  showConversions(answer);
  showCounts("admin-zero", answer.topZeroResultQueries, (query) => h("span", { class: "query", translate: "no" }, query), t("admin.zero.none"));
  // A screen by its title where the catalogue has one (`page.title.discover`), else its name as sent.
  showCounts("admin-screens", answer.screenViews,
    (name) => (has(`page.title.${name}`) ? t(`page.title.${name}`) : name), t("admin.screens.none"));
}

function showTiles(answer) {
  const rateTile = (share) => h("strong", { title: hasRate(share) ? t("admin.of", share.count, share.of) : t("admin.no-rate") },
    hasRate(share) ? percent(share.rate) : "—");
  const tiles = [
    [t("admin.column.people"), number(answer.people)],
    [t("admin.tile.person-days"), number(answer.activePersonDays)],
    [t("admin.tile.swipes"), number(answer.swipes)],
    [t("admin.tile.swipes-per-day"), answer.swipesPerPersonDay === undefined || answer.swipesPerPersonDay === null
      ? "—" : number(Math.round(answer.swipesPerPersonDay * 10) / 10)],
    [t("maintainer.total.like-rate"), rateTile(answer.likeRate)],
    [t("admin.tile.save-rate"), rateTile(answer.saveRate)],
    [t("admin.tile.undos"), number(answer.undos)],
    [t("maintainer.total.opens"), number(answer.opens)],
    [t("admin.tile.searches"), number(answer.searches)],
    [t("admin.tile.zero-results"), rateTile(answer.zeroResultRate)],
    [t("admin.tile.questions"), number(answer.askQuestions)],
    [t("admin.tile.askers"), number(answer.askPeople)],
    [t("admin.tile.quota"), number(answer.askQuotaHits)],
    [t("admin.tile.batches"), number(answer.deckBatches)],
    [t("admin.tile.compares"), number(answer.compares)],
  ];
  document.getElementById("admin-tiles").replaceChildren(...tiles.map(([label, value]) =>
    h("div", { class: "stat" }, value instanceof Node ? value : h("strong", {}, value), h("span", {}, label))));
}

function showDays(name, rows, label, point, heading) {
  document.getElementById(`admin-${name}-chart`).replaceChildren(
    dayBars(rows, [{ key: "value", className: name }], { label, point }));
  document.getElementById(`admin-${name}-table`).replaceChildren(table(rows, [
    { key: "day", label: t("page.chart.day"), format: (day) => h("time", { datetime: day }, shortDay(day)) },
    { key: "value", label: heading },
  ], { id: `admin-${name}-days`, caption: label }));
}

/** Onboarding's steps: how many saw each (a bar against the first step's), and how many left there for good. */
function showFunnel(steps) {
  const list = document.getElementById("admin-funnel");
  const most = Math.max(1, ...steps.map((step) => step.seen));
  list.replaceChildren(...steps.map((step) => {
    const seen = h("span", { class: "fill seen" });
    const dropped = h("span", { class: "fill dropped" });
    seen.style.width = `${(100 * step.seen) / most}%`;
    dropped.style.width = `${(100 * step.droppedOff) / most}%`;
    return h("li", { class: "funnel-step", dataset: { step: step.step } },
      h("span", { class: "share-label" }, has(`page.onboarding.step.${step.step}`) ? t(`page.onboarding.step.${step.step}`) : step.step),
      h("span", { class: "funnel-bars", "aria-hidden": "true" }, h("span", { class: "share-bar" }, seen), h("span", { class: "share-bar" }, dropped)),
      h("span", { class: "share-figure" }, t("admin.funnel.figures", step.seen, step.finished, step.skipped, step.droppedOff)));
  }));
}

/** Weekly cohorts (the Monday each started on): of those new that week, how many came back 1, 7 and 30 days later. */
function showRetention(cohorts) {
  const box = document.getElementById("admin-retention");
  if (cohorts.length === 0) {
    box.replaceChildren(h("p", { class: "help" }, t("admin.retention.none")));
    return;
  }
  const cell = (share) => (hasRate(share)
    ? h("span", { title: t("admin.of", share.count, share.of) }, percent(share.rate), h("small", { class: "of" }, t("admin.of", share.count, share.of)))
    : h("span", { title: t("admin.retention.not-yet") }, "—", h("small", { class: "of" }, t("admin.retention.not-yet"))));
  box.replaceChildren(table(cohorts, [
    { key: "week", label: t("admin.retention.week"), format: (week) => h("time", { datetime: week }, shortDay(week)) },
    { key: "people", label: t("admin.column.people") },
    { key: "day1", label: t("admin.retention.day1"), format: cell },
    { key: "day7", label: t("admin.retention.day7"), format: cell },
    { key: "day30", label: t("admin.retention.day30"), format: cell },
  ], { id: "admin-cohorts", caption: t("admin.retention.caption"), stacked: true }));
}

function showConversions(answer) {
  const shares = [
    [t("admin.conversion.onboarding"), answer.onboardingCompletion],
    [t("admin.conversion.import"), answer.importConversion],
    [t("admin.conversion.sign-in"), answer.signInConversion],
    [t("admin.conversion.exhaustion"), answer.deckExhaustion],
    [t("admin.conversion.zero-results"), answer.zeroResultRate],
  ];
  document.getElementById("admin-conversions").replaceChildren(...shares.map(([label, share]) =>
    shareBar(label, hasRate(share) ? share.rate : 0, shareText(share))));
}

/** A list of `{ query, count }` with its count; `name` makes each entry's text (always as text, never markup). */
function showCounts(id, entries, name, empty) {
  const list = document.getElementById(id);
  if (entries.length === 0) {
    list.replaceChildren(h("li", { class: "help" }, empty));
    return;
  }
  list.replaceChildren(...entries.map((entry) =>
    h("li", {}, h("span", { class: "count-name" }, name(entry.query)), h("strong", {}, number(entry.count)))));
}
