// Areas: every topic cluster with its size (/areas), and one area's best repositories the person has not seen yet
// (/areas/<id>), with a button that deals a deck of it (the deck's filter set to that area).

import { api } from "./api.js";
import { t } from "./i18n.js";
import { actingRow, pagedList } from "./pagedlist.js";
import { compact, failure, h } from "./ui.js";

export async function start() {
  const grid = document.getElementById("areas");
  if (grid) return showAll(grid);
  const id = document.getElementById("list").dataset.area;
  pagedList(areaPage(id));
  try {
    const clusters = (await api.clusters()).items;
    const area = clusters.find((cluster) => cluster.id === id);
    if (!area) return;
    document.getElementById("area-title").textContent = area.name;
    document.querySelector(".screen-title").textContent = area.name;
    document.title = t("areas.document-title", area.name);
    document.getElementById("area-about").textContent = t("areas.about", area.size);
  } catch { /* the list says what went wrong */ }
}

async function showAll(grid) {
  try {
    const clusters = (await api.clusters()).items.filter((cluster) => cluster.id !== "general");
    grid.replaceChildren(...clusters.map((cluster) => h("li", {},
      h("a", { class: "area-link", href: `/areas/${cluster.id}` },
        h("strong", {}, cluster.name), h("span", {}, t("areas.size", compact(cluster.size)))))));
  } catch (error) {
    grid.replaceChildren(h("li", {}, failure(error.message, () => showAll(grid), "list-error")));
  } finally {
    grid.setAttribute("aria-busy", "false");
  }
}

/** An area's best repositories the person has not seen (the server leaves those out when it knows the person). */
function areaPage(id) {
  return async () => {
    const result = await api.clusterRepositories(id, 50);
    return {
      rows: result.items.map((repository) => actingRow(repository)),
      done: true,
      summary: (shown) => t("areas.summary", shown),
      empty: t("areas.empty"),
    };
  };
}
