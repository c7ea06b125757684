// Small charts for the dashboards (a maintainer's repository, the operator's report): bars by day (one or two series
// side by side), a line, and share bars. Each bar carries its day and figure (`data-day`, `data-dealt` …) so a check
// can compare it with the table that always comes with it (the same figures, for screen readers and for reading).

import { date, number, t } from "./i18n.js";
import { h } from "./ui.js";

/** "2026-08-22" as "22 Aug" ("22 ago", "22. Aug.", "8月22日"). */
export const shortDay = (day) => date(`${day}T12:00:00Z`, { day: "numeric", month: "short" });

/** "2026-08-22" as "22 Aug 2026" in the page's language. */
export const longDay = (day) => date(`${day}T12:00:00Z`);

const WIDTH = 640;
const HEIGHT = 180;

/**
 * Bars by day: `rows` are `{ day, …figures }`, `series` `[{ key: "dealt", className: "dealt" }, …]` drawn side by side
 * in each day's slot; `point(row)` words a day for its tooltip. Under it the first and last day and the highest
 * figure, so the picture has a scale.
 */
export function dayBars(rows, series, { label, point }) {
  const max = Math.max(0, ...rows.flatMap((row) => series.map(({ key }) => row[key] || 0)));
  const slot = WIDTH / Math.max(1, rows.length);
  const gap = Math.min(4, slot * 0.25);
  const width = (slot - gap) / series.length;
  const scale = (value) => (max > 0 ? ((HEIGHT - 2) * value) / max : 0);
  // Stretched to the width it has (no words inside to distort): as tall on a phone as on a desktop.
  const svg = h("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, preserveAspectRatio: "none", class: "day-chart", role: "img", "aria-label": label,
    dataset: { series: series.map(({ key }) => key).join(",") },
  },
    h("line", { x1: 0, x2: WIDTH, y1: HEIGHT - 0.5, y2: HEIGHT - 0.5, class: "axis" }),
    rows.map((row, index) => h("g", { dataset: { day: row.day } },
      h("title", {}, point(row)),
      // The whole slot answers the pointer, so a day with nothing still shows its tooltip.
      h("rect", { x: index * slot, y: 0, width: slot, height: HEIGHT, class: "slot" }),
      series.map(({ key, className }, position) => {
        const height = scale(row[key] || 0);
        return h("rect", {
          x: (index * slot + gap / 2 + position * width).toFixed(2), y: (HEIGHT - height).toFixed(2),
          width: Math.max(0.5, width).toFixed(2), height: height.toFixed(2), class: `bar ${className}`,
          dataset: { day: row.day, [key]: String(row[key] || 0) },
        });
      }))));
  return h("div", { class: "day-chart-box" }, svg,
    h("p", { class: "chart-axis" },
      rows.length ? h("time", { datetime: rows[0].day }, shortDay(rows[0].day)) : h("span", {}),
      h("span", {}, t("charts.peak", max)),
      rows.length ? h("time", { datetime: rows[rows.length - 1].day }, shortDay(rows[rows.length - 1].day))
        : h("span", {})));
}

/** A line through `values` (oldest first), for a small history (stars by day). */
export function line(values, { label }) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (index) => (values.length > 1 ? (WIDTH * index) / (values.length - 1) : WIDTH / 2);
  const y = (value) => (high > low ? 8 + ((HEIGHT / 2 - 16) * (high - value)) / (high - low) : HEIGHT / 4);
  return h("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT / 2}`, preserveAspectRatio: "none", class: "line-chart", role: "img", "aria-label": label,
  },
    h("polyline", { points: values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" "), class: "line" }));
}

/**
 * A table of `rows`: `columns` are `[{ key, label, format }]`, the first one the row's header (a day, a week).
 * `id` names the table (a check finds it). `stacked`: on a phone each row is a block, its figures labelled (app.css);
 * the roles keep it a table for screen readers then.
 */
export function table(rows, columns, { id, caption, stacked = false } = {}) {
  return h("table", { id, class: stacked ? "figures stacked" : "figures", role: "table" },
    caption ? h("caption", { class: "visually-hidden" }, caption) : null,
    h("thead", { role: "rowgroup" }, h("tr", { role: "row" },
      columns.map((column) => h("th", { scope: "col", role: "columnheader" }, column.label)))),
    h("tbody", { role: "rowgroup" }, rows.map((row) => h("tr", { role: "row", dataset: row.day ? { day: row.day } : {} },
      columns.map((column, index) => {
        const value = column.format ? column.format(row[column.key], row) : number(row[column.key]);
        // The figure as it came (a day, a count) for checks; a share (an object) is in the cell's words only.
        const plain = typeof row[column.key] !== "object" || row[column.key] === null;
        const dataset = plain ? { key: column.key, value: String(row[column.key] ?? ""), label: column.label }
          : { key: column.key, label: column.label };
        return index === 0 ? h("th", { scope: "row", role: "rowheader", dataset }, value) : h("td", { role: "cell", dataset }, value);
      })))));
}

/** One labelled bar of a share or a count against the largest (`fraction` 0…1), with its figure in words beside. */
export function shareBar(label, fraction, figure, className = "") {
  const fill = h("span", { class: "fill" });
  fill.style.width = `${Math.max(0, Math.min(1, fraction || 0)) * 100}%`;
  return h("li", { class: `share-row ${className}`.trim() },
    h("span", { class: "share-label" }, label),
    h("span", { class: "share-bar", "aria-hidden": "true" }, fill),
    h("span", { class: "share-figure" }, figure));
}
