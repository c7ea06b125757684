// Star on GitHub, from a repository's page and the rows of Saved and Liked: each button shows GitHub's current state
// (asked through the server, which holds the GitHub token), stars or unstars, and says so when GitHub did not take it
// yet (the server keeps it and tries again).

import { api } from "./api.js";
import { t } from "./i18n.js";
import { h, toast } from "./ui.js";

let account = null;

/** The account, asked once per page. */
export function currentAccount() {
  if (!account) account = api.account().catch(() => null);
  return account;
}

/** A Star on GitHub button for `fullName`, or null when this account is not signed in with GitHub. */
export async function starButton(fullName) {
  const known = await currentAccount();
  if (!known?.github) return null;
  const button = h("button", {
    type: "button", class: "ghost github-star", "aria-pressed": "false", dataset: { repo: fullName },
  });
  show(button, { starred: null }, fullName);
  button.addEventListener("click", () => toggle(button, fullName));
  queue(() => api.githubStar(fullName).then((state) => show(button, state, fullName)).catch(() => {}));
  return button;
}

function show(button, state, fullName) {
  const starred = state.starred === true || state.pending?.action === "star";
  button.setAttribute("aria-pressed", String(starred));
  button.dataset.state = state.pending ? "pending" : state.starred === null || state.starred === undefined
    ? "unknown" : (state.starred ? "starred" : "unstarred");
  const [label, spoken] = state.pending
    ? (state.pending.action === "star"
      ? [t("githubstar.waiting.star"), t("githubstar.label.waiting-star", fullName)]
      : [t("githubstar.waiting.unstar"), t("githubstar.label.waiting-unstar", fullName)])
    : (state.starred
      ? [t("githubstar.starred"), t("githubstar.label.starred", fullName)]
      : [t("githubstar.star"), t("githubstar.label.star", fullName)]);
  // The glyph always, the word where there is room (a narrow phone shows the glyph alone).
  button.replaceChildren(h("span", { "aria-hidden": "true" }, starred ? "★" : "☆"), h("span", { class: "label" }, label));
  button.setAttribute("aria-label", spoken);
}

async function toggle(button, fullName) {
  const star = button.getAttribute("aria-pressed") !== "true";
  button.disabled = true;
  try {
    const state = await (star ? api.starOnGitHub(fullName) : api.unstarOnGitHub(fullName));
    show(button, state, fullName);
    toast(state.pending
      ? t("githubstar.retrying", state.problem)
      : star ? t("githubstar.done.star", fullName) : t("githubstar.done.unstar", fullName));
  } catch (error) {
    toast(error.message);
  } finally {
    button.disabled = false;
  }
}

// At most four state requests at once (each asks GitHub).
const waiting = [];
let running = 0;
function queue(work) {
  waiting.push(work);
  pump();
}
function pump() {
  while (running < 4 && waiting.length) {
    const work = waiting.shift();
    running += 1;
    work().finally(() => { running -= 1; pump(); });
  }
}
