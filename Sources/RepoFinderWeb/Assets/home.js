// Home: a greeting by the person's local time, today's pick (Like / Save / Not for me count like swipes), the cards
// waiting in the deck, what moves in their languages this week, recent saves, and the Ask assistant's slot (shown
// only when the server has Ask).

import { api } from "./api.js";
import { date, list as listed, t } from "./i18n.js";
import { track } from "./events.js";
import { record, rememberedCards, sync } from "./store.js";
import { compareButton } from "./tray.js";
import {
  avatar, compact, detailPath, failure, fitWords, h, healthBadge, repositoryRow, showCatalogAge, toast,
} from "./ui.js";

const decisions = {
  like: () => t("home.decision.like"),
  save: () => t("home.decision.save"),
  skip: () => t("home.decision.skip"),
};

/**
 * "Not for me": once the skip reached the server, Home is asked again, and the server replaces the pick (a few times
 * a day). True when a new pick is shown; false offline or once the day's replacements are used (the pick stays,
 * marked, until tomorrow).
 */
const buttonWords = {
  like: () => t("home.pick.like"),
  save: () => t("home.pick.save"),
  skip: () => t("home.pick.skip"),
};

async function another(turnedDown) {
  try {
    await sync();
    const home = await api.home(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    if (!home.pick || home.pick.item.repository.fullName === turnedDown) return false;
    showPick(home);
    toast(t("home.pick.another", home.pick.item.repository.fullName));
    document.querySelector(".pick-card h3 a")?.focus();
    return true;
  } catch {
    return false;
  }
}

export async function start() {
  const section = document.querySelector(".home");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  document.getElementById("home-day").textContent = date(new Date(), { weekday: "long", day: "numeric", month: "long" });
  showWaiting();
  let home;
  try {
    home = await api.home(zone);
  } catch (error) {
    section.setAttribute("aria-busy", "false");
    document.getElementById("pick").replaceChildren(failure(
      error.offline ? t("home.pick.offline") : error.message,
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
    target.replaceChildren(h("p", { class: "help" }, home.pickMessage || t("home.pick.none")),
      home.onboarded ? h("a", { class: "button secondary", href: "/onboarding?edit=1" }, t("home.pick.widen"))
        : h("a", { class: "button secondary", href: "/onboarding" }, t("home.pick.setup")));
    return;
  }
  const { item, decision } = home.pick;
  const repository = item.repository;
  const status = h("p", { class: "pick-status", role: "status" }, decision ? decisions[decision]() : "");
  const buttons = ["like", "save", "skip"].map((kind) => h("button", {
    type: "button", class: kind === "like" ? "primary" : "secondary", dataset: { action: kind },
    "aria-pressed": String(decision === kind), disabled: Boolean(decision),
  }, buttonWords[kind]()));
  const actions = h("div", { class: "pick-actions", role: "group", "aria-label": t("home.pick.label") }, buttons, compareButton(repository.fullName));
  actions.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    const kind = button.dataset.action;
    buttons.forEach((each) => { each.disabled = true; });
    try {
      await record(kind, repository.fullName, repository);
      track("swipe", { label: kind });
      button.setAttribute("aria-pressed", "true");
      status.textContent = decisions[kind]();
      if (kind === "skip" && (await another(repository.fullName))) return;
      toast(status.textContent);
    } catch (error) {
      buttons.forEach((each) => { each.disabled = false; });
      toast(t("home.pick.failed", error.message));
    }
  });
  target.replaceChildren(h("article", { class: "pick-card", dataset: { repo: repository.fullName } },
    h("div", { class: "card-head" },
      avatar(repository, "large"),
      h("div", { class: "card-name" },
        h("p", { class: "owner", translate: "no" }, repository.owner?.login || repository.fullName.split("/")[0]),
        h("h3", {}, h("a", { href: detailPath(repository.fullName), translate: "no" }, repository.name))),
      item.fitScore ? h("span", { class: "fit", title: t("home.pick.fit-title") },
        h("strong", {}, fitWords(item.fitScore)), " · ", t("home.pick.fit-score", item.fitScore)) : null),
    repository.description ? h("p", { class: "description", translate: "no" }, repository.description) : null,
    h("p", { class: "row-facts" }, healthBadge(repository),
      repository.language ? h("span", { class: "language", translate: "no" }, repository.language) : null,
      h("span", {}, `★ ${compact(repository.stars)}`),
      repository.lastUpdated ? h("span", {}, t("home.pick.updated", repository.lastUpdated)) : null),
    item.reasons.length ? h("ul", { class: "reasons", "aria-label": t("home.pick.reasons-label") }, item.reasons.map((r) => h("li", {}, r))) : null,
    actions, status));
}

async function showWaiting() {
  const target = document.getElementById("continue");
  const waiting = await rememberedCards().then((cards) => cards.length).catch(() => 0);
  target.replaceChildren(
    h("p", {}, waiting === 0 ? t("home.continue.ready") : t("home.continue.waiting", waiting)),
    h("a", { class: "button primary", href: "/discover" }, waiting === 0 ? t("home.continue.open") : t("home.continue.resume")));
}

function showMoving(moving) {
  const list = document.getElementById("moving");
  const title = document.getElementById("moving-title");
  const languages = moving.languages;
  title.textContent = languages.length ? t("home.moving.title-languages", listed(languages)) : t("home.moving.title");
  document.getElementById("moving-note").textContent = moving.note || "";
  if (languages.length === 1) document.getElementById("moving-more").href = `/trending?since=weekly&language=${encodeURIComponent(languages[0])}`;
  list.replaceChildren(...moving.items.map((item) => repositoryRow(item.repository, {
    key: { value: `+${compact(item.starsGained)}`, label: t("home.moving.gain-label") },
  })));
  if (moving.items.length === 0) list.append(h("li", { class: "empty-row" }, t("home.moving.empty")));
}

function showSaves(home) {
  const list = document.getElementById("saves");
  list.replaceChildren(...home.recentSaves.map((repository) => repositoryRow(repository)));
  if (home.recentSaves.length === 0) list.append(h("li", { class: "empty-row" }, t("home.saves.empty")));
  document.getElementById("saves-more").textContent = home.savedCount > home.recentSaves.length
    ? t("home.saves.all", home.savedCount) : t("home.saves.library");
}

function showAsk(ask) {
  const section = document.getElementById("ask");
  section.hidden = !ask?.available;
  if (section.hidden) return;
  document.getElementById("ask-quota").textContent = ask.remainingQuestions === undefined || ask.remainingQuestions === null
    ? "" : t("home.ask.quota", ask.remainingQuestions);
  document.getElementById("ask-questions").replaceChildren(...ask.suggestedQuestions.map((question) =>
    h("li", {}, h("a", { class: "button ghost", lang: "en", translate: "no", href: `/ask?q=${encodeURIComponent(question)}` }, question))));
}
