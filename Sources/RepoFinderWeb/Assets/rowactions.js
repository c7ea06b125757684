// Like and Save on a repository wherever it appears outside the deck (search and trending rows, similar rows, the
// detail page): each shows where the repository stands with the person (the API's `viewer`) and toggles — like ↔
// unlike, save ↔ unsave — at once on screen, queued like the deck's swipes (so offline too). On touch, a row swiped
// right likes it and swiped left saves it.

import { record, unlist } from "./store.js";
import { buzz, h, toast } from "./ui.js";

const ICONS = {
  like: "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z",
  save: "M6 3h12v18l-6-4-6 4z",
};
const WORDS = { like: ["Like", "Liked"], save: ["Save", "Saved"] };

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
    h("span", { class: compact ? "label" : "" }, WORDS[kind][0]));
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
    toast(on ? `${WORDS[kind][1]} ${repository.fullName}` : `Took ${repository.fullName} off ${kind === "like" ? "Liked" : "Saved"}`);
  } catch (error) {
    toast(`Could not keep that on this device: ${error.message}`);
  }
}

function paint(button, repository, kind) {
  const on = stateOf(repository)[kind === "like" ? "liked" : "saved"];
  button.setAttribute("aria-pressed", String(on));
  const label = on ? WORDS[kind][1] : WORDS[kind][0];
  button.querySelector("span").textContent = label;
  button.setAttribute("aria-label", `${label}: ${repository.fullName}`);
  button.title = on ? `${label} — press to take it back` : label;
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
