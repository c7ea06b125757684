// Profile: the preferences in words, activity counts, and a bar chart (SVG) of the languages liked and saved; the
// person's GitHub stars imported (the last import and its progress); a field that opens repoverse:// links; the
// page's language (a cookie, kept with the preferences too, so it follows the person to every device); the switch
// that shares anonymous usage figures (kept with the preferences, so every device follows it).

import { showAccount } from "./account.js";
import { openLink } from "./links.js";
import { api, forgetAccount, saveLanguagePreference, setLanguageCookie } from "./api.js";
import { setSharing } from "./events.js";
import { list as listWords, number, t } from "./i18n.js";
import * as stars from "./stars.js";
import { forgetEverything } from "./store.js";
import { h } from "./ui.js";

const levelNames = {
  beginner: () => t("profile.level.beginner"),
  intermediate: () => t("profile.level.intermediate"),
  advanced: () => t("profile.level.advanced"),
};
const goalNames = {
  "learning-new-tech": () => t("profile.goal.learning-new-tech"),
  "building-project": () => t("profile.goal.building-project"),
  contributing: () => t("profile.goal.contributing"),
  "finding-solutions": () => t("profile.goal.finding-solutions"),
  exploring: () => t("profile.goal.exploring"),
};

/** The languages the pages speak, each named in its own words (the same in every language). */
const LANGUAGES = [["en", "English"], ["es", "Español"], ["de", "Deutsch"], ["ja", "日本語"]];

export async function start() {
  document.getElementById("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    openLink(event.target.link.value);
  });
  document.getElementById("export-data").addEventListener("click", exportData);
  document.getElementById("delete-account").addEventListener("click", deleteAccount);
  document.getElementById("analytics-switch").addEventListener("change", saveAnalytics);
  document.getElementById("stars-form").addEventListener("submit", (event) => {
    event.preventDefault();
    importStars(event.target.login.value.trim());
  });
  showAccount(document.getElementById("account"));
  showLanguageSetting();
  const [preferences, stats, clusters, imports] = await Promise.all([
    api.preferences().catch((error) => ({ error })),
    api.stats().catch((error) => ({ error })),
    api.clusters().then((list) => list.items).catch(() => []),
    api.imports().then((list) => list.items).catch(() => []),
  ]);
  showPreferences(preferences, clusters);
  showAnalytics(preferences);
  showStats(stats);
  showLastImport(imports[0]);
}

let importing = false;

/** The last import: its login in the field, its outcome, and its progress followed if it still runs. */
async function showLastImport(last) {
  if (!last) return;
  const form = document.getElementById("stars-form");
  if (!form.login.value) form.login.value = last.login;
  const box = document.getElementById("stars-status");
  stars.show(box, last);
  if (last.state === "running") await run(() => stars.follow(last, (progress) => stars.show(box, progress)));
}

async function importStars(login) {
  const error = document.getElementById("stars-error");
  const problem = stars.loginProblem(login);
  const field = document.getElementById("stars-form").login;
  error.hidden = !problem;
  field.setAttribute("aria-invalid", String(Boolean(problem)));
  if (problem) {
    error.textContent = problem;
    field.focus();
    return;
  }
  const box = document.getElementById("stars-status");
  await run(() => stars.importStars(login, (progress) => stars.show(box, progress)));
}

/** Runs one import at a time with the button disabled; shows a failure; refreshes the counts after. */
async function run(work) {
  if (importing) return;
  importing = true;
  const button = document.querySelector("#stars-form button");
  const error = document.getElementById("stars-error");
  button.disabled = true;
  try {
    await work();
    showStats(await api.stats().catch((failure) => ({ error: failure })));
  } catch (failure) {
    error.textContent = failure.message;
    error.hidden = false;
  } finally {
    importing = false;
    button.disabled = false;
  }
}

function showPreferences(preferences, clusters) {
  const list = document.getElementById("preferences");
  if (preferences.error) {
    list.replaceChildren(h("div", {}, h("dt", {}, t("profile.prefs.not-loaded")), h("dd", {}, preferences.error.message)));
    return;
  }
  const clusterName = (id) => clusters.find((c) => c.id === id)?.name || id;
  // The person's own words (their stack and interests) are not translated.
  const rows = [
    [t("profile.prefs.tech-stack"), listed(preferences.techStack || []), true],
    [t("profile.prefs.interests"), listed(preferences.interests || []), true],
    [t("profile.prefs.experience"), levelNames[preferences.experienceLevel]?.() || ""],
    [t("profile.prefs.goals"), listed((preferences.goals || []).map((g) => goalNames[g]?.() || g))],
    [t("profile.prefs.main-area"), preferences.primaryCluster ? [areaLink(preferences.primaryCluster)] : ""],
    [t("profile.prefs.also"), listedNodes((preferences.secondaryClusters || []).map(areaLink))],
  ];
  // Areas are links to their pages (their best repositories, a deck of them).
  function areaLink(id) { return h("a", { href: `/areas/${id}` }, clusterName(id)); }
  list.replaceChildren(...rows.map(([term, value, own]) => {
    const shown = value && value.length;
    return h("div", {}, h("dt", {}, term), h("dd", { translate: own && shown ? "no" : null }, shown ? value : "—"));
  }));
}

/** Items as a list in the page's language's words ("a, b, and c"; "a、b、c" in Japanese). */
function listed(items) {
  return items.length ? listWords(items) : "";
}

/** Elements (links) as a list in the page's language's words: the separators come from `Intl.ListFormat`. */
function listedNodes(nodes) {
  if (nodes.length === 0) return [];
  const marks = nodes.map((_, index) => `\u0001${index}\u0001`);
  return listWords(marks).split(/\u0001(\d+)\u0001/).map((part, index) => (index % 2 ? nodes[Number(part)] : part))
    .filter((part) => part !== "");
}

function showStats(stats) {
  const box = document.getElementById("stats");
  if (stats.error) {
    box.replaceChildren(h("p", { role: "alert" }, stats.error.message));
    return;
  }
  // Liked and Saved are the lists as they are now (a like taken back or removed is not counted).
  const counts = [
    [t("profile.stats.liked"), stats.liked ?? stats.likes], [t("profile.stats.saved"), stats.saved ?? stats.saves],
    [t("profile.stats.skipped"), stats.skips], [t("profile.stats.opened"), stats.opens],
  ];
  if (stats.stars > 0) counts.push([t("profile.stats.github-stars"), stats.stars]);
  box.replaceChildren(...counts.map(([label, count]) => h("div", { class: "stat" }, h("strong", {}, number(count)), h("span", {}, label))));
  document.getElementById("chart").replaceChildren(barChart(stats.topLanguages.slice(0, 6)));
}

/** A horizontal bar chart as SVG, labelled for screen readers. */
function barChart(rows) {
  if (rows.length === 0) return h("p", { class: "help" }, t("profile.chart.empty"));
  const width = 320;
  const rowHeight = 28;
  const labelWidth = 96;
  const max = Math.max(...rows.map((row) => row.count));
  const description = listWords(rows.map((row) => t("profile.chart.row", row.name, row.count)));
  return h("svg", {
    viewBox: `0 0 ${width} ${rows.length * rowHeight}`, role: "img", "aria-label": t("profile.chart.label", description),
    class: "bar-chart",
  }, rows.map((row, index) => {
    const barWidth = Math.max(4, ((width - labelWidth - 36) * row.count) / max);
    const y = index * rowHeight;
    return h("g", {},
      h("text", { x: 0, y: y + 18, class: "bar-label", translate: "no" }, row.name),
      h("rect", { x: labelWidth, y: y + 6, width: barWidth, height: 16, rx: 4, class: "bar" }),
      h("text", { x: labelWidth + barWidth + 6, y: y + 18, class: "bar-value" }, number(row.count)));
  }));
}

/** The usage figures switch as the preferences have it (on unless turned off); this device follows it. */
function showAnalytics(preferences) {
  if (preferences.error) return;
  const box = document.getElementById("analytics-switch");
  box.checked = preferences.analytics !== false;
  setSharing(box.checked);
}

/**
 * Keeps the switch with the preferences. They are replaced whole (PUT), so the ones kept are read first and sent
 * back with `analytics` changed; off, the events waiting on this device are dropped.
 */
async function saveAnalytics(event) {
  const box = event.target;
  const on = box.checked;
  const status = document.getElementById("analytics-status");
  box.disabled = true;
  try {
    const preferences = (await api.preferences()) || {};
    await api.savePreferences({ ...preferences, analytics: on });
    await setSharing(on);
    status.textContent = on ? t("profile.analytics.on") : t("profile.analytics.off");
  } catch (error) {
    box.checked = !on;
    status.textContent = t("profile.analytics.not-saved", error.message);
  } finally {
    box.disabled = false;
  }
}

/** Downloads the export as a file. */
async function exportData() {
  const status = document.getElementById("data-status");
  try {
    const document_ = await api.exportAccount();
    const blob = new Blob([JSON.stringify(document_, null, 2)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `repofinder-export-${document_.exportedAt.slice(0, 10)}.json` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    status.textContent = t("profile.data.downloaded", document_.interactions.length, document_.saved.length, document_.liked.length);
  } catch (error) {
    status.textContent = t("profile.data.not-downloaded", error.message);
  }
}

/** Deletes the account after asking, forgets it in this browser, and starts over. */
async function deleteAccount() {
  const status = document.getElementById("data-status");
  if (!window.confirm(t("profile.data.delete-confirm"))) return;
  try {
    await api.deleteAccount();
    await forgetEverything().catch(() => {});
    forgetAccount();
    localStorage.removeItem("rf.onboarded");
    location.assign("/onboarding");
  } catch (error) {
    status.textContent = t("profile.data.not-deleted", error.message);
  }
}

/** The language chosen on this device (the `lang` cookie), or "" when the pages follow the browser's language. */
function chosenLanguage() {
  const cookie = document.cookie.split(";").map((part) => part.trim()).find((part) => part.startsWith("lang="));
  return cookie ? decodeURIComponent(cookie.slice(5)) : "";
}

/**
 * The Language setting, in the preferences' panel under what onboarding asked: Automatic (the browser's language)
 * or one of the four, each named in its own words. A choice is kept in the `lang` cookie (the page's language on
 * this device), with the preferences when the server can be reached (so every device follows), then the page is
 * drawn again in it.
 */
function showLanguageSetting() {
  if (document.getElementById("language-select")) return;
  const select = h("select", { id: "language-select", name: "language" },
    h("option", { value: "" }, t("profile.language.automatic")),
    LANGUAGES.map(([code, name]) => h("option", { value: code, lang: code, translate: "no" }, name)));
  const chosen = chosenLanguage();
  // Another code in the cookie (the pseudo-language of development, `en-XA`): shown as it is, so the choice is true.
  if (chosen && !LANGUAGES.some(([code]) => code === chosen)) select.append(h("option", { value: chosen, translate: "no" }, chosen));
  select.value = chosen;
  const status = h("p", { class: "help", id: "language-status", role: "status", "aria-live": "polite" });
  const field = h("div", { class: "language-setting" },
    h("label", { class: "field", for: "language-select" }, t("profile.language.label"), select), status);
  field.style.margin = "12px 0";
  field.style.maxWidth = "420px";
  select.addEventListener("change", async () => {
    const code = select.value;
    select.disabled = true;
    status.textContent = t("profile.language.changing");
    setLanguageCookie(code);
    // Offline, or refused: this device still speaks the new language (the cookie); the preferences keep the old one.
    await saveLanguagePreference(code).catch(() => {});
    location.reload();
  });
  const edit = document.querySelector('a[href="/onboarding?edit=1"]');
  const preferences = document.getElementById("preferences");
  if (edit && edit.parentElement === preferences?.parentElement) edit.before(field);
  else if (preferences) preferences.after(field);
  else document.querySelector("main")?.append(field);
}
