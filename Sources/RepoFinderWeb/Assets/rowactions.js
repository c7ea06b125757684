// Like and Save on a repository wherever it appears outside the deck (search and trending rows, similar rows, the
// detail page): each shows where the repository stands with the person (the API's `viewer`) and toggles — like ↔
// unlike, save ↔ unsave — at once on screen, queued like the deck's swipes (so offline too). On touch, a row swiped
// right likes it and swiped left saves it.

import { t } from "./i18n.js";
import { record, unlist } from "./store.js";
import { buzz, h, toast } from "./ui.js";

const ICONS = {
  like: "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z",
  save: "M6 3h12v18l-6-4-6 4z",
};
// Each toggle's words, off and on: the button, its label and title, and what the toast says (whole sentences).
const WORDS = {
  like: {
    off: () => t("row.like"), on: () => t("row.liked"),
    offLabel: (fullName) => t("row.label.like", fullName), onLabel: (fullName) => t("row.label.liked", fullName),
    onTitle: () => t("row.title.liked"),
    done: (fullName) => t("row.done.like", fullName), undone: (fullName) => t("row.undone.like", fullName),
  },
  save: {
    off: () => t("row.save"), on: () => t("row.saved"),
    offLabel: (fullName) => t("row.label.save", fullName), onLabel: (fullName) => t("row.label.saved", fullName),
    onTitle: () => t("row.title.saved"),
    done: (fullName) => t("row.done.save", fullName), undone: (fullName) => t("row.undone.save", fullName),
  },
};

/** What the person did with repositories on this page, by full name (a toggle here wins over an older answer). */
const known = new Map();

/** The person's state of `repository`: what they did here, else what the server said, else nothing. */
export function stateOf(repository) {
  return known.get(repository.fullName.toLowerCase()) || repository.viewer || { liked: false, saved: false };
}

/** A Like or Save toggle for `repository` (`kind` "like" or "save"); `compact` shows the icon with a hidden word. */
export function toggleButton(repository, kind, { compact = true, className = "" } = {}) {
  const button = h("button", { type: "button", class: `toggle ${kind} ${compact ? "icon-toggle" : "secondary"} ${className}`, dataset: { toggle: kind } },
    h("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, h("path", { d: ICONS[kind] })),
    h("span", { class: compact ? "label" : "" }, WORDS[kind].off()));
  paint(button, repository, kind);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    toggle(repository, kind);
  });
  return button;
}

/** Likes or saves `repository`, or takes it back off that list; every button for it on the page follows. */
export async function toggle(repository, kind) {
  const key = repository.fullName.toLowerCase();
  const state = { ...stateOf(repository) };
  const field = kind === "like" ? "liked" : "saved";
  const on = !state[field];
  state[field] = on;
  known.set(key, state);
  document.querySelectorAll(`[data-toggle="${kind}"]`).forEach((button) => {
    if (button.closest("[data-repo]")?.dataset.repo?.toLowerCase() === key) paint(button, repository, kind);
  });
  buzz();
  try {
    if (on) await record(kind, repository.fullName, repository);
    else await unlist(kind === "like" ? "liked" : "saved", repository.fullName);
    toast(on ? WORDS[kind].done(repository.fullName) : WORDS[kind].undone(repository.fullName));
  } catch (error) {
    toast(t("row.error", error.message));
  }
}

function paint(button, repository, kind) {
  const on = stateOf(repository)[kind === "like" ? "liked" : "saved"];
  button.setAttribute("aria-pressed", String(on));
  const words = WORDS[kind];
  button.querySelector("span").textContent = on ? words.on() : words.off();
  button.setAttribute("aria-label", on ? words.onLabel(repository.fullName) : words.offLabel(repository.fullName));
  button.title = on ? words.onTitle() : words.off();
}

/** Like and Save for a row, and the touch gestures: swipe right to like, left to save. */
export function rowActions(repository) {
  return [toggleButton(repository, "like"), toggleButton(repository, "save")];
}

/** On touch, a row dragged past a third of its width to the right likes it, to the left saves it. */
export function swipeToAct(row, repository) {
  let startX = null;
  let startY = 0;
  let pointer = null;
  row.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || event.target.closest("button, a:not(.row-title)")) return;
    delete row.dataset.swiped;
    startX = event.clientX;
    startY = event.clientY;
    pointer = event.pointerId;
  });
  row.addEventListener("pointermove", (event) => {
    if (event.pointerId !== pointer) return;
    const dx = event.clientX - startX;
    if (Math.abs(event.clientY - startY) > Math.abs(dx)) { pointer = null; row.style.transform = ""; return; }
    if (!row.hasPointerCapture(pointer)) row.setPointerCapture(pointer);
    if (Math.abs(dx) > 10) row.dataset.swiped = "1";
    row.style.transform = `translateX(${dx}px)`;
    row.dataset.swipe = dx > 40 ? "like" : dx < -40 ? "save" : "";
  });
  const finish = (event) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    const dx = event.clientX - startX;
    row.style.transform = "";
    row.dataset.swipe = "";
    if (event.type === "pointerup" && Math.abs(dx) > row.offsetWidth / 3) toggle(repository, dx > 0 ? "like" : "save");
  };
  row.addEventListener("pointerup", finish);
  row.addEventListener("pointercancel", finish);
  suppressClickAfterSwipe(row);
}

/** The click that ends a swipe over a row's link (marked `data-swiped`) does not open the repository. */
export function suppressClickAfterSwipe(row) {
  row.addEventListener("click", (event) => {
    if (!row.dataset.swiped) return;
    delete row.dataset.swiped;
    event.preventDefault();
    event.stopPropagation();
  }, true);
}
