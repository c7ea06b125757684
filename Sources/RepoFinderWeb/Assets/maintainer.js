// Your repositories in RepoFinder, for a person signed in with GitHub: the catalog's repositories they or their
// organisations own, each with how often it was dealt and liked over 7, 30 or 90 days. One chosen (a link, or
// `/maintainer?repo=owner/name`) shows how it fared: totals, its like rate beside its area's typical repository's, a
// chart by day (the same days in a table, `#maintainer-days`), why and where it was dealt, who liked it (in groups
// of at least 5 people only), its stars and trending ranks, and the days as a CSV file.

import { signIn } from "./account.js";
import { api, download } from "./api.js";
import { dayBars, line, longDay, shareBar, shortDay, table } from "./charts.js";
import { has, list as listWords, number, percent, t } from "./i18n.js";
import { failure, h, sentence } from "./ui.js";

const WINDOWS = [7, 30, 90];
const NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;
const state = { days: 30, repo: null };
let areas = null;
let listCall = 0;
let dashboardCall = 0;

export async function start() {
  readAddress();
  document.querySelectorAll("#maintainer-window [data-window]").forEach((button) => {
    button.addEventListener("click", () => choose({ days: Number(button.dataset.window) }));
  });
  document.getElementById("maintainer-csv").addEventListener("click", downloadCSV);
  document.getElementById("maintainer-sign-in-button").addEventListener("click", async () => {
    const status = document.getElementById("maintainer-sign-in-status");
    status.textContent = t("account.opening");
    try { await signIn(address()); } catch (error) { status.textContent = error.message; }
  });
  window.addEventListener("popstate", () => { readAddress(); load(); });
  await load();
}

/** The window and repository the address names (a bad one is ignored). */
function readAddress() {
  const params = new URLSearchParams(location.search);
  const days = Number(params.get("window"));
  state.days = WINDOWS.includes(days) ? days : 30;
  const repo = params.get("repo") || "";
  state.repo = NAME.test(repo) ? repo : null;
}

/** `/maintainer?repo=owner/name&window=7`: the slash kept as it is, so the address reads as the repository. */
function address({ days = state.days, repo = state.repo } = {}) {
  const parts = [];
  if (repo) parts.push(`repo=${repo.split("/").map(encodeURIComponent).join("/")}`);
  if (days !== 30) parts.push(`window=${days}`);
  return `/maintainer${parts.length ? `?${parts.join("&")}` : ""}`;
}

async function choose(changes) {
  const before = { ...state };
  Object.assign(state, changes);
  if (state.days === before.days && state.repo === before.repo) return;
  history.pushState(null, "", address());
  if (state.days !== before.days) await load();
  else await showChosen(true);
}

async function load() {
  document.querySelectorAll("#maintainer-window [data-window]").forEach((button) => {
    button.setAttribute("aria-pressed", String(Number(button.dataset.window) === state.days));
  });
  if (await loadList()) await showChosen(false);
}

// MARK: - The list

/** The account: whether it is signed in with GitHub and whether this server offers signing in (asked once a page). */
let account = null;

async function loadList() {
  const call = ++listCall;
  const status = document.getElementById("maintainer-status");
  const problem = document.getElementById("maintainer-problem");
  status.hidden = false;
  status.textContent = t("page.loading");
  problem.replaceChildren();
  try {
    // Not signed in with GitHub: said at once, without asking for figures the server would refuse.
    account ??= await api.account();
    if (call !== listCall) return false;
    if (!account?.github) {
      status.hidden = true;
      showSignIn(t("maintainer.sign-in.message"));
      return false;
    }
    const answer = await api.maintainedRepositories(state.days);
    if (call !== listCall) return false;
    status.textContent = "";
    status.hidden = true;
    showList(answer);
    return true;
  } catch (error) {
    if (call !== listCall) return false;
    status.hidden = true;
    if (error.status === 403) {
      showSignIn(error.message);
    } else {
      problem.replaceChildren(failure(error.message, () => load(), "error-state"));
    }
    return false;
  }
}

/** Not signed in with GitHub: the server's sentence, and a button that starts signing in (back here after) — or,
 * where this server offers no sign-in, why not instead of a button that cannot work. */
function showSignIn(message) {
  for (const id of ["maintainer-repos", "maintainer-dashboard", "maintainer-window"]) document.getElementById(id).hidden = true;
  document.getElementById("maintainer-sign-in-message").textContent = message;
  const button = document.getElementById("maintainer-sign-in-button");
  const status = document.getElementById("maintainer-sign-in-status");
  const offered = account?.signIn ?? { available: true };
  button.hidden = !offered.available;
  status.textContent = offered.available ? ""
    : offered.reason ? t("account.unavailable-reason", offered.reason) : t("account.unavailable");
  document.getElementById("maintainer-sign-in").hidden = false;
}

function showList(answer) {
  document.getElementById("maintainer-sign-in").hidden = true;
  document.getElementById("maintainer-window").hidden = false;
  document.getElementById("maintainer-repos").hidden = false;
  const login = h("strong", { translate: "no" }, answer.login);
  const organisations = answer.organisations.length
    ? [" ", t("maintainer.who.organisations", listWords(answer.organisations))] : [];
  document.getElementById("maintainer-who").replaceChildren(...sentence("maintainer.who.login", login), ...organisations);
  const box = document.getElementById("maintainer-list");
  if (answer.repos.length === 0) {
    box.replaceChildren(h("p", { class: "help" }, t("maintainer.repos.empty")));
    return;
  }
  const columns = [t("maintainer.total.dealt"), t("maintainer.total.likes"), t("maintainer.total.like-rate")];
  // On a phone the rows are laid out as blocks (app.css): the roles keep them a table for screen readers.
  box.replaceChildren(h("table", { class: "figures repos stacked", role: "table" },
    h("caption", { class: "visually-hidden" }, t("maintainer.repos.caption", answer.window)),
    h("thead", { role: "rowgroup" }, h("tr", { role: "row" },
      h("th", { scope: "col", role: "columnheader" }, t("maintainer.column.repository")),
      columns.map((label) => h("th", { scope: "col", role: "columnheader" }, label)))),
    h("tbody", { role: "rowgroup" }, answer.repos.map((repo) => h("tr", { role: "row", dataset: { repo: repo.repository } },
      h("th", { scope: "row", role: "rowheader" }, h("a", {
        href: address({ repo: repo.repository }), translate: "no", class: "repo-link",
        onclick: (event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          choose({ repo: repo.repository });
        },
      }, repo.repository)),
      [number(repo.dealt), number(repo.likes), rate(repo.likeRate)].map((value, index) =>
        h("td", { role: "cell", dataset: { label: columns[index] } }, value)))))));
  markChosen();
}

/** A like rate as a percent, or a dash that says why there is none. */
function rate(value) {
  return value === undefined || value === null
    ? h("span", { title: t("maintainer.rate.no-swipes"), "aria-label": t("maintainer.rate.no-swipes") }, "—")
    : percent(value);
}

function markChosen() {
  document.querySelectorAll("#maintainer-list .repo-link").forEach((link) => {
    if (link.textContent.toLowerCase() === state.repo?.toLowerCase()) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  });
}

// MARK: - One repository

async function showChosen(focus) {
  markChosen();
  const section = document.getElementById("maintainer-dashboard");
  if (!state.repo) {
    section.hidden = true;
    return;
  }
  const call = ++dashboardCall;
  const title = document.getElementById("dashboard-title");
  const error = document.getElementById("dashboard-error");
  section.hidden = false;
  section.setAttribute("aria-busy", "true");
  title.textContent = state.repo;
  document.getElementById("csv-status").textContent = "";
  if (focus) title.focus();
  try {
    const [dashboard, names] = await Promise.all([api.maintainerDashboard(state.repo, state.days), areaNames()]);
    if (call !== dashboardCall) return;
    error.hidden = true;
    showDashboard(dashboard, names);
  } catch (problem) {
    if (call !== dashboardCall) return;
    if (problem.status === 403 && problem.code !== "not_maintainer") {
      showSignIn(problem.message);
      return;
    }
    error.textContent = problem.message;
    error.hidden = false;
    document.getElementById("dashboard-overview").hidden = true;
    document.getElementById("dashboard-body").hidden = true;
    document.getElementById("dashboard-range").textContent = "";
  } finally {
    if (call === dashboardCall) section.setAttribute("aria-busy", "false");
  }
}

/** The areas' names by id, asked once (an id stands for its name when they cannot be had). */
async function areaNames() {
  if (!areas) {
    areas = api.clusters().then((list) => new Map(list.items.map((area) => [area.id, area.name]))).catch(() => new Map());
  }
  return areas;
}

function showDashboard(dashboard, names) {
  document.getElementById("dashboard-overview").hidden = false;
  document.getElementById("dashboard-body").hidden = false;
  document.getElementById("dashboard-range").textContent = t("maintainer.range", longDay(dashboard.from), longDay(dashboard.through));
  const totals = dashboard.totals;
  const tiles = [
    [t("maintainer.total.dealt"), number(totals.dealt)], [t("maintainer.total.likes"), number(totals.likes)],
    [t("maintainer.total.saves"), number(totals.saves)], [t("maintainer.total.skips"), number(totals.skips)],
    [t("maintainer.total.opens"), number(totals.opens)], [t("maintainer.total.like-rate"), rate(totals.likeRate)],
  ];
  document.getElementById("dashboard-totals").replaceChildren(
    ...tiles.map(([label, value]) => h("div", { class: "stat" }, h("strong", {}, value), h("span", {}, label))));
  showRate(dashboard, names);
  showDays(dashboard);
  showReasons(dashboard.reasons);
  showSources(dashboard.sources);
  showLikers(dashboard.likers);
  showStars(dashboard.stars);
  showTrending(dashboard.trending);
}

/** Its like rate beside the typical one of its area (the median of the area's repositories swiped 5 times or more). */
function showRate(dashboard, names) {
  const own = dashboard.totals.likeRate;
  const typical = dashboard.clusterLikeRate;
  const area = dashboard.cluster ? names.get(dashboard.cluster) || dashboard.cluster : null;
  const box = document.getElementById("dashboard-rate");
  if (own === undefined || own === null) {
    box.replaceChildren(h("p", {}, t("maintainer.rate.none")));
    return;
  }
  if (typical === undefined || typical === null) {
    box.replaceChildren(h("p", {}, t("maintainer.rate.own", percent(own))),
      h("p", { class: "help" }, area ? t("maintainer.rate.no-typical", area) : t("maintainer.rate.no-area")));
    return;
  }
  const most = Math.max(own, typical, 0.0001);
  box.replaceChildren(
    h("p", {}, t("maintainer.rate.versus", percent(own), percent(typical), area)),
    h("ul", { class: "share-list" },
      shareBar(t("maintainer.rate.this"), own / most, percent(own), "own"),
      shareBar(t("maintainer.rate.typical"), typical / most, percent(typical), "typical")),
    h("p", { class: "help" }, t("maintainer.rate.basis", dashboard.clusterRepositories)));
}

function showDays(dashboard) {
  const days = dashboard.days;
  const label = t("maintainer.days.label", longDay(dashboard.from), longDay(dashboard.through));
  document.getElementById("days-chart").replaceChildren(
    dayBars(days, [{ key: "dealt", className: "dealt" }, { key: "likes", className: "likes" }], {
      label, point: (row) => t("maintainer.days.point", shortDay(row.day), row.dealt, row.likes),
    }));
  document.getElementById("days-table").replaceChildren(table(days, [
    { key: "day", label: t("page.chart.day"), format: (day) => h("time", { datetime: day }, shortDay(day)) },
    { key: "dealt", label: t("maintainer.total.dealt") }, { key: "likes", label: t("maintainer.total.likes") },
    { key: "saves", label: t("maintainer.total.saves") }, { key: "skips", label: t("maintainer.total.skips") },
    { key: "opens", label: t("maintainer.total.opens") },
  ], { id: "maintainer-days", caption: label, stacked: true }));
}

/** An experience level in words (`profile.level.beginner`), or as it came for one this page does not know. */
const levelName = (value) => (has(`profile.level.${value}`) ? t(`profile.level.${value}`) : value);

function showReasons(reasons) {
  const list = document.getElementById("dashboard-reasons");
  if (reasons.length === 0) {
    list.replaceChildren(h("li", { class: "help" }, t("maintainer.reasons.none")));
    return;
  }
  const most = Math.max(...reasons.map((reason) => reason.count), 1);
  list.replaceChildren(...reasons.map((reason) => {
    const name = has(`maintainer.reason.${reason.name}`) ? t(`maintainer.reason.${reason.name}`) : reason.name;
    return shareBar(name, reason.count / most, number(reason.count));
  }));
}

function showSources(sources) {
  const most = Math.max(...sources.map((source) => source.count), 1);
  document.getElementById("dashboard-sources").replaceChildren(...sources.map((source) => {
    const name = has(`maintainer.source.${source.name}`) ? t(`maintainer.source.${source.name}`) : source.name;
    return shareBar(name, source.count / most, number(source.count));
  }));
}

/** The likers in groups: a group's size only when it has at least 5 people ("fewer than 5" otherwise). */
function showLikers(likers) {
  const groups = [
    [t("profile.prefs.tech-stack"), likers.languages, (value) => h("span", { translate: "no" }, value)],
    [t("profile.prefs.interests"), likers.interests, (value) => h("span", { translate: "no" }, value)],
    [t("profile.prefs.experience"), likers.experienceLevels, levelName],
  ];
  document.getElementById("dashboard-likers").replaceChildren(
    h("p", {}, likers.fewerThanFive ? t("maintainer.likers.few") : t("maintainer.likers.people", likers.people)),
    ...groups.map(([title, buckets, name]) => h("div", { class: "likers-group" },
      h("h3", {}, title),
      buckets.length === 0 ? h("p", { class: "help" }, t("maintainer.likers.none")) : h("ul", { class: "buckets" },
        buckets.map((bucket) => h("li", {}, h("span", {}, name(bucket.value)),
          h("strong", {}, bucket.fewerThanFive ? t("maintainer.likers.fewer-than-five") : number(bucket.count))))))));
}

function showStars(stars) {
  const box = document.getElementById("dashboard-stars");
  if (stars.length < 2) {
    box.replaceChildren(h("p", { class: "help" }, t("maintainer.stars.none")));
    return;
  }
  const first = stars[0];
  const last = stars[stars.length - 1];
  const caption = t("page.chart.caption", number(first.stars), last.stars, longDay(first.day), longDay(last.day));
  box.replaceChildren(line(stars.map((point) => point.stars), { label: t("page.chart.label", caption) }),
    h("p", { class: "summary" }, caption));
}

function showTrending(ranks) {
  document.getElementById("dashboard-trending").replaceChildren(...ranks.map((rank) => {
    const ranked = rank.rank !== undefined && rank.rank !== null;
    // A window this page does not know yet: its name and rank as the server gave them.
    const words = !has(`maintainer.trending.${rank.window}`) ? `${rank.window}: ${rank.rank ?? "—"}`
      : ranked ? t(`maintainer.trending.${rank.window}`, rank.rank) : t(`maintainer.trending.${rank.window}-out`);
    return h("li", { dataset: { trending: rank.window, rank: ranked ? String(rank.rank) : "" } }, words);
  }));
}

// MARK: - CSV

/** The days as a CSV file (`owner-name-30d.csv`), fetched with this browser's token and saved. */
async function downloadCSV() {
  const status = document.getElementById("csv-status");
  const button = document.getElementById("maintainer-csv");
  if (!state.repo) return;
  const [owner, name] = state.repo.split("/");
  const file = `${owner}-${name}-${state.days}d.csv`;
  button.disabled = true;
  try {
    const blob = await download(api.maintainerCSVPath(state.repo, state.days));
    const link = h("a", { href: URL.createObjectURL(new Blob([blob], { type: "text/csv" })), download: file, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    status.textContent = t("maintainer.csv.saved", file);
  } catch (error) {
    status.textContent = t("maintainer.csv.failed", error.message);
  } finally {
    button.disabled = false;
  }
}
