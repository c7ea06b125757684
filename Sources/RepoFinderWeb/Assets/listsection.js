// A curated list's heading as a page (/lists?list=…&heading=…): what the list places there and under the headings
// below it, in the curators' order, as rows with actions; the headings below as links to their own pages. The head
// (the list on GitHub, the headings above, the name) is rendered by the server.

import { api } from "./api.js";
import { t } from "./i18n.js";
import { actingRow, pagedList } from "./pagedlist.js";
import { compact, h } from "./ui.js";

export function start() {
  const element = document.getElementById("list");
  const list = element.dataset.list;
  const heading = element.dataset.heading.split("\n");
  const limit = 50;
  pagedList(async (page) => {
    const section = await api.listSection(list, heading, { limit, page });
    if (page === 1) showHead(section);
    return {
      rows: section.items.map((repository) => actingRow(repository)),
      done: page * limit >= section.inCatalog,
      summary: () => t("lists.summary", section.inCatalog),
      empty: t("lists.empty"),
    };
  });
}

function showHead(section) {
  document.getElementById("area-about").textContent = t("lists.about", section.listed);
  const below = document.getElementById("subheadings");
  below.replaceChildren(...section.subheadings.map((subheading) => h("li", {},
    h("a", { href: sectionPath(section.list, [...section.heading, subheading.name]), translate: "no",
      "aria-label": `${subheading.name}, ${t("areas.size", compact(subheading.count))}` },
      subheading.name, h("span", {}, compact(subheading.count))))));
  // Many headings below (awesome-selfhosted's Software has 84) would push the repositories a phone's screens down:
  // past a dozen they fold behind "Headings below", open on a tap.
  const disclosure = document.getElementById("below");
  document.getElementById("below-count").textContent = compact(section.subheadings.length);
  disclosure.open = section.subheadings.length <= 12;
  disclosure.hidden = section.subheadings.length === 0;
}

/** The page of a list's heading (the server builds the same addresses). */
export function sectionPath(list, heading) {
  return `/lists?list=${encodeURIComponent(list)}${heading.map((name) => `&heading=${encodeURIComponent(name)}`).join("")}`;
}
