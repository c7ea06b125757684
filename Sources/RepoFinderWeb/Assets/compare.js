// Compare: the table and chart are drawn by the server; this adds each one's fit for the person and Like and Save
// showing where each stands with them (when this browser has an account), copying the repoverse:// link, and — on an
// empty or broken comparison — the tray's own link.

import { api } from "./api.js";
import { track } from "./events.js";
import { list, t } from "./i18n.js";
import { rowActions } from "./rowactions.js";
import { trayItems, trayPath } from "./tray.js";
import { fitWords, h, toast } from "./ui.js";

export async function start() {
  const section = document.querySelector(".compare");
  if (!section) {
    const items = trayItems();
    const offer = document.getElementById("compare-from-tray");
    if (offer && items.length >= 2) {
      offer.hidden = false;
      offer.querySelector("a").href = trayPath(items);
      offer.querySelector("a").textContent = t("compare.tray", list(items));
    }
    return;
  }
  track("compare", { count: section.dataset.repos.split(",").filter(Boolean).length });
  section.addEventListener("click", async (event) => {
    if (!event.target.closest("[data-action=share]")) return;
    const link = section.querySelector("code")?.textContent || "";
    try { await navigator.clipboard.writeText(link); toast(t("compare.copied", link)); } catch { toast(link); }
  });
  if (!localStorage.getItem("rf.token")) return;
  try {
    const comparison = await api.compare(section.dataset.repos, { auth: true });
    const row = section.querySelector(".fit-row");
    comparison.items.forEach((item, position) => {
      const cell = row.querySelector(`td[data-position="${position}"]`);
      if (!cell || item.fitScore === undefined) return;
      const score = item.fitScore ? [h("strong", {}, fitWords(item.fitScore)), " · ", t("compare.fit-score", item.fitScore)] : ["—"];
      cell.replaceChildren(...score,
        item.fitReasons?.length ? h("ul", { class: "reasons" }, item.fitReasons.map((reason) => h("li", {}, reason))) : null);
    });
    row.hidden = comparison.items.every((item) => item.fitScore === undefined);
    comparison.items.forEach((item, position) => {
      const head = section.querySelector(`thead th.column-${position}`);
      if (head) head.append(h("div", { class: "compare-toggles", dataset: { repo: item.repository.fullName } }, rowActions(item.repository)));
    });
  } catch {
    // The facts are on the page already; the fit is a bonus that waits for a connection.
  }
}
