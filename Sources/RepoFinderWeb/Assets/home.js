// Home: a greeting by the person's local time, today's pick (Like / Save / Not for me count like swipes), the cards
// waiting in the deck, what moves in their languages this week, recent saves, and the Ask assistant's slot (shown
// only when the server has Ask).

import { api } from "./api.js";
import { record, rememberedCards, sync } from "./store.js";
import { compareButton } from "./tray.js";
import { avatar, compact, detailPath, failure, h, healthBadge, repositoryRow, showCatalogAge, toast } from "./ui.js";

const decisions = { like: "You liked it — it is in your Library.", save: "Saved to your Library.", skip: "Noted: not for you. A new pick comes tomorrow." };

/**
 * "Not for me": once the skip reached the server, Home is asked again, and the server replaces the pick (a few times
 * a day). True when a new pick is shown; false offline or once the day's replacements are used (the pick stays,
 * marked, until tomorrow).
 */
async function another(turnedDown) {
  try {
    await sync();
    const home = await api.home(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    if (!home.pick || home.pick.item.repository.fullName === turnedDown) return false;
    showPick(home);
    toast(`Another pick: ${home.pick.item.repository.fullName}`);
    document.querySelector(".pick-card h3 a")?.focus();
    return true;
  } catch {
    return false;
  }
}

export async function start() {
  const section = document.querySelector(".home");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  document.getElementById("home-day").textContent = new Date().toLocaleDateString(undefined, { weekday: "long", day: "numeric", month: "long" });
  showWaiting();
  let home;
  try {
    home = await api.home(zone);
  } catch (error) {
    section.setAttribute("aria-busy", "false");
    document.getElementById("pick").replaceChildren(failure(
      error.offline ? "You’re offline: today’s pick shows when you’re back online. Your deck works offline." : error.message,
      () => location.reload(), "error-state"));
    return;
  }
  section.setAttribute("aria-busy", "false");
  document.getElementById("greeting").textContent = home.greeting;
  document.getElementById("home-setup").hidden = home.onboarded;
  showCatalogAge(home.catalog);
  showPick(home);
  showMoving(home.moving);
  showSaves(home);
  showAsk(home.ask);
}

function showPick(home) {
  const target = document.getElementById("pick");
  if (!home.pick) {
    target.replaceChildren(h("p", { class: "help" }, home.pickMessage || "No pick today."),
      home.onboarded ? h("a", { class: "button secondary", href: "/onboarding?edit=1" }, "Widen your preferences")
        : h("a", { class: "button secondary", href: "/onboarding" }, "Set up"));
    return;
  }
  const { item, decision } = home.pick;
  const repository = item.repository;
  const status = h("p", { class: "pick-status", role: "status" }, decision ? decisions[decision] : "");
  const buttons = ["like", "save", "skip"].map((kind) => h("button", {
    type: "button", class: kind === "like" ? "primary" : "secondary", dataset: { action: kind },
    "aria-pressed": String(decision === kind), disabled: Boolean(decision),
  }, { like: "Like", save: "Save", skip: "Not for me" }[kind]));
  const actions = h("div", { class: "pick-actions", role: "group", "aria-label": "Today’s pick" }, buttons, compareButton(repository.fullName));
  actions.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    const kind = button.dataset.action;
    buttons.forEach((each) => { each.disabled = true; });
    try {
      await record(kind, repository.fullName, repository);
      button.setAttribute("aria-pressed", "true");
      status.textContent = decisions[kind];
      if (kind === "skip" && (await another(repository.fullName))) return;
      toast(status.textContent);
    } catch (error) {
      buttons.forEach((each) => { each.disabled = false; });
      toast(`Could not keep that: ${error.message}`);
    }
  });
  target.replaceChildren(h("article", { class: "pick-card", dataset: { repo: repository.fullName } },
    h("div", { class: "card-head" },
      avatar(repository, "large"),
      h("div", { class: "card-name" },
        h("p", { class: "owner" }, repository.owner?.login || repository.fullName.split("/")[0]),
        h("h3", {}, h("a", { href: detailPath(repository.fullName) }, repository.name))),
      h("span", { class: "fit", title: "How well it fits what you told us" }, h("strong", {}, `${item.fitScore}%`), " fit")),
    repository.description ? h("p", { class: "description" }, repository.description) : null,
    h("p", { class: "row-facts" }, healthBadge(repository), repository.language ? h("span", { class: "language" }, repository.language) : null,
      h("span", {}, `★ ${compact(repository.stars)}`), repository.lastUpdated ? h("span", {}, `updated ${repository.lastUpdated}`) : null),
    item.reasons.length ? h("ul", { class: "reasons", "aria-label": "Why it was picked" }, item.reasons.map((r) => h("li", {}, r))) : null,
    actions, status));
}

async function showWaiting() {
  const target = document.getElementById("continue");
  const waiting = await rememberedCards().then((cards) => cards.length).catch(() => 0);
  target.replaceChildren(
    h("p", {}, waiting === 0 ? "New cards are ready to be dealt." : waiting === 1 ? "1 card is waiting where you left off." : `${waiting} cards are waiting where you left off.`),
    h("a", { class: "button primary", href: "/discover" }, waiting === 0 ? "Open your deck" : "Continue swiping"));
}

function showMoving(moving) {
  const list = document.getElementById("moving");
  const title = document.getElementById("moving-title");
  const languages = moving.languages;
  title.textContent = languages.length ? `Moving in ${languages.join(", ")} this week` : "Moving this week";
  document.getElementById("moving-note").textContent = moving.note || "";
  if (languages.length === 1) document.getElementById("moving-more").href = `/trending?since=weekly&language=${encodeURIComponent(languages[0])}`;
  list.replaceChildren(...moving.items.map((item) => repositoryRow(item.repository, {
    key: { value: `+${compact(item.starsGained)}`, label: "this week" },
  })));
  if (moving.items.length === 0) list.append(h("li", { class: "empty-row" }, "Nothing gained stars this week yet."));
}

function showSaves(home) {
  const list = document.getElementById("saves");
  list.replaceChildren(...home.recentSaves.map((repository) => repositoryRow(repository)));
  if (home.recentSaves.length === 0) list.append(h("li", { class: "empty-row" }, "Nothing saved yet: save cards you want to come back to."));
  document.getElementById("saves-more").textContent = home.savedCount > home.recentSaves.length ? `All ${home.savedCount} saved` : "Your library";
}

function showAsk(ask) {
  const section = document.getElementById("ask");
  section.hidden = !ask?.available;
  if (section.hidden) return;
  document.getElementById("ask-quota").textContent = ask.remainingQuestions === undefined ? "" : `${ask.remainingQuestions} questions left this month`;
  document.getElementById("ask-questions").replaceChildren(...ask.suggestedQuestions.map((question) =>
    h("li", {}, h("a", { class: "button ghost", href: `/ask?q=${encodeURIComponent(question)}` }, question))));
}
