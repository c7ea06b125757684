// Profile: the preferences in words, activity counts, and a bar chart (SVG) of the languages liked and saved; the
// person's GitHub stars imported (the last import and its progress); a field that opens repoverse:// links.

import { showAccount } from "./account.js";
import { openLink } from "./links.js";
import { api, forgetAccount } from "./api.js";
import * as stars from "./stars.js";
import { forgetEverything } from "./store.js";
import { h } from "./ui.js";

const levelNames = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" };
const goalNames = {
  "learning-new-tech": "Learning new tech", "building-project": "Building a project",
  contributing: "Contributing", "finding-solutions": "Finding solutions", exploring: "Exploring",
};

export async function start() {
  document.getElementById("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    openLink(event.target.link.value);
  });
  document.getElementById("export-data").addEventListener("click", exportData);
  document.getElementById("delete-account").addEventListener("click", deleteAccount);
  document.getElementById("stars-form").addEventListener("submit", (event) => {
    event.preventDefault();
    importStars(event.target.login.value.trim());
  });
  showAccount(document.getElementById("account"));
  const [preferences, stats, clusters, imports] = await Promise.all([
    api.preferences().catch((error) => ({ error })),
    api.stats().catch((error) => ({ error })),
    api.clusters().then((list) => list.items).catch(() => []),
    api.imports().then((list) => list.items).catch(() => []),
  ]);
  showPreferences(preferences, clusters);
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
    list.replaceChildren(h("div", {}, h("dt", {}, "Not loaded"), h("dd", {}, preferences.error.message)));
    return;
  }
  const clusterName = (id) => clusters.find((c) => c.id === id)?.name || id;
  const rows = [
    ["Tech stack", (preferences.techStack || []).join(", ")],
    ["Interests", (preferences.interests || []).join(", ")],
    ["Experience", levelNames[preferences.experienceLevel] || ""],
    ["Goals", (preferences.goals || []).map((g) => goalNames[g] || g).join(", ")],
    ["Main area", preferences.primaryCluster ? [areaLink(preferences.primaryCluster)] : ""],
    ["Also", (preferences.secondaryClusters || []).flatMap((id, i) => (i ? [", ", areaLink(id)] : [areaLink(id)]))],
  ];
  // Areas are links to their pages (their best repositories, a deck of them).
  function areaLink(id) { return h("a", { href: `/areas/${id}` }, clusterName(id)); }
  list.replaceChildren(...rows.map(([term, value]) =>
    h("div", {}, h("dt", {}, term), h("dd", {}, value && value.length ? value : "—"))));
}

function showStats(stats) {
  const box = document.getElementById("stats");
  if (stats.error) {
    box.replaceChildren(h("p", { role: "alert" }, stats.error.message));
    return;
  }
  // Liked and Saved are the lists as they are now (a like taken back or removed is not counted).
  const counts = [["Liked", stats.liked ?? stats.likes], ["Saved", stats.saved ?? stats.saves], ["Skipped", stats.skips], ["Opened", stats.opens]];
  if (stats.stars > 0) counts.push(["GitHub stars", stats.stars]);
  box.replaceChildren(...counts.map(([label, count]) => h("div", { class: "stat" }, h("strong", {}, String(count)), h("span", {}, label))));
  document.getElementById("chart").replaceChildren(barChart(stats.topLanguages.slice(0, 6)));
}

/** A horizontal bar chart as SVG, labelled for screen readers. */
function barChart(rows) {
  if (rows.length === 0) return h("p", { class: "help" }, "Like or save a few cards to see your languages here.");
  const width = 320;
  const rowHeight = 28;
  const labelWidth = 96;
  const max = Math.max(...rows.map((row) => row.count));
  const description = rows.map((row) => `${row.name}: ${row.count}`).join(", ");
  return h("svg", {
    viewBox: `0 0 ${width} ${rows.length * rowHeight}`, role: "img", "aria-label": `Languages liked and saved — ${description}`,
    class: "bar-chart",
  }, rows.map((row, index) => {
    const barWidth = Math.max(4, ((width - labelWidth - 36) * row.count) / max);
    const y = index * rowHeight;
    return h("g", {},
      h("text", { x: 0, y: y + 18, class: "bar-label" }, row.name),
      h("rect", { x: labelWidth, y: y + 6, width: barWidth, height: 16, rx: 4, class: "bar" }),
      h("text", { x: labelWidth + barWidth + 6, y: y + 18, class: "bar-value" }, String(row.count)));
  }));
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
    status.textContent = `Downloaded: ${document_.interactions.length} interactions, ${document_.saved.length} saved, ${document_.liked.length} liked.`;
  } catch (error) {
    status.textContent = `Not downloaded: ${error.message}`;
  }
}

/** Deletes the account after asking, forgets it in this browser, and starts over. */
async function deleteAccount() {
  const status = document.getElementById("data-status");
  if (!window.confirm("Delete your account and everything in it? This cannot be undone.")) return;
  try {
    await api.deleteAccount();
    await forgetEverything().catch(() => {});
    forgetAccount();
    localStorage.removeItem("rf.onboarded");
    location.assign("/onboarding");
  } catch (error) {
    status.textContent = `Not deleted: ${error.message}`;
  }
}
