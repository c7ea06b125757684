// Repository detail: the page is rendered by the server; this adds Like and Save (showing where it stands with the
// person, toggling, queued like swipes), copying the repoverse:// link, and the similar and alternative repositories.

import { api } from "./api.js";
import { t } from "./i18n.js";
import { starButton } from "./githubstar.js";
import { rowActions, swipeToAct, toggleButton } from "./rowactions.js";
import { track } from "./events.js";
import { record } from "./store.js";
import { compareButton } from "./tray.js";
import { reasonsOf } from "./reasons.js";
import { detailPath, h, repositoryRow, toast } from "./ui.js";

export async function start() {
  const article = document.querySelector(".detail");
  if (!article) return;
  const fullName = article.dataset.repo;
  record("view", fullName).catch(() => {});
  article.addEventListener("click", async (event) => {
    const action = event.target.closest("[data-action]");
    if (!action) return;
    const kind = action.dataset.action;
    if (kind === "open") { record("open", fullName).catch(() => {}); track("open"); return; }
    if (kind === "share") {
      // An https address any browser opens (the app still resolves repoverse:// links pasted into it).
      const link = `${location.origin}${detailPath(fullName)}`;
      try { await navigator.clipboard.writeText(link); toast(t("detail.copied", link)); } catch { toast(link); }
      return;
    }
  });
  // Like and Save as toggles, pressed when the person already did; the server's answer says (with this browser's
  // token), and until it comes they show unpressed.
  const repository = { fullName };
  for (const kind of ["like", "save"]) {
    article.querySelector(`[data-action=${kind}]`).replaceWith(toggleButton(repository, kind, { compact: false }));
  }
  api.repository(fullName).then((answer) => {
    if (!answer.viewer) return;
    Object.assign(repository, answer);
    for (const kind of ["like", "save"]) {
      article.querySelector(`[data-toggle=${kind}]`).replaceWith(toggleButton(repository, kind, { compact: false }));
    }
  }).catch(() => {});
  article.querySelector(".detail-actions").insertBefore(
    compareButton(fullName, "secondary compare-toggle"), article.querySelector("[data-action=share]"));
  watchChart(document.querySelector(".star-history"));
  starButton(fullName).then((button) => {
    if (button) article.querySelector(".detail-actions").insertBefore(button, article.querySelector("[data-action=share]"));
  });
  // Similar and alternatives load together and show in one step, so neither list moves the other once shown; the
  // alternatives section stays hidden when there are none (or they could not be loaded).
  const list = document.getElementById("list");
  const [similar, alternatives] = await Promise.allSettled([api.similar(fullName), api.alternatives(fullName)]);
  if (similar.status === "fulfilled") {
    list.replaceChildren(...similar.value.items.map(cardRow));
    if (similar.value.items.length === 0) list.append(h("li", { class: "empty-row" }, t("detail.similar.empty")));
  } else {
    list.replaceChildren(h("li", { class: "empty-row", role: "alert" }, similar.reason.message));
  }
  const section = document.getElementById("alternatives");
  const items = alternatives.status === "fulfilled" ? alternatives.value.items : [];
  if (section && items.length > 0) {
    document.getElementById("alternatives-list").replaceChildren(...items.map(cardRow));
    section.hidden = false;
  }
}

/** A similar or alternative repository as a row: its first reason, Like and Save, swipe to act. */
function cardRow(item) {
  const row = repositoryRow(item.repository, {
    extra: reasonsOf(item)[0] ? h("span", { class: "reason" }, reasonsOf(item)[0]) : null,
    actions: rowActions(item.repository),
  });
  swipeToAct(row, item.repository);
  return row;
}

/** Hover (or touch) the star chart: the nearest day's count is marked and read out under it. */
function watchChart(section) {
  const svg = section?.querySelector("svg");
  if (!svg) return;
  const readout = section.querySelector(".chart-readout");
  let current = null;
  const show = (event) => {
    const scale = section.querySelector("input[name=scale]:checked")?.value || "linear";
    const points = [...svg.querySelectorAll(`.series.${scale} .point`)];
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * svg.viewBox.baseVal.width;
    let nearest = null;
    for (const point of points) {
      if (!nearest || Math.abs(point.cx.baseVal.value - x) < Math.abs(nearest.cx.baseVal.value - x)) nearest = point;
    }
    if (!nearest || nearest === current) return;
    current?.classList.remove("current");
    nearest.classList.add("current");
    current = nearest;
    // The server wrote the day in the page's language; the count (`data-count`, else the grouped `data-stars`'s
    // digits) is written again by i18n.js and chooses the plural form.
    const count = Number(nearest.dataset.count ?? nearest.dataset.stars.replace(/\D/g, ""));
    readout.textContent = t("detail.chart.readout", count, nearest.dataset.day);
  };
  svg.addEventListener("pointermove", show);
  svg.addEventListener("pointerdown", show);
  section.addEventListener("change", () => { current?.classList.remove("current"); current = null; readout.textContent = ""; });
}
