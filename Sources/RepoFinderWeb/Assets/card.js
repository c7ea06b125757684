// A deck card's face: what the repository is first (its description, or — when the catalog has none — a sentence
// made of its facts: language, kind, area, topics), one line of key facts, the reasons, and the fit only when it is
// personal, worded on a scale a person reads and explained on tap. The card trims itself to the space it has
// ("+3" topics, "+1 reason") so nothing spills and the buttons stay in view; the gestures are taught once on touch.

import { compact, date, lang, list as listOf, number, relative, t } from "./i18n.js";
import { personalReasons, reasonsOf } from "./reasons.js";
import { compareButton } from "./tray.js";
import { avatar, detailPath, fitLevel, fitWords, h } from "./ui.js";

// Words in a name or topic that say what kind of thing a repository is, most telling first, each with the words that
// begin the sentence about it ("A command-line tool", "Documentation": a whole phrase, its article included, so each
// language words it its own way).
// Topics that say it outright come first (a topic is the project's own word; a name word is a guess): "scikit-learn"
// is a machine-learning library, not learning material.
const kinds = [
  [/^(machine-learning|deep-learning|neural-networks?)$/, () => t("card.kind.machine-learning")],
  [/^(data-visualization|visualization|business-intelligence|dashboards?)$/, () => t("card.kind.data-visualization")],
  [/^(video-player|media-player|music-player|audio-player)$/, () => t("card.kind.media-player")],
  [/^(database|sql-database|key-value-store)$/, () => t("card.kind.database")],
  [/^(game-engine)$/, () => t("card.kind.game-engine")], [/^(games?)$/, () => t("card.kind.game")],
  [/^awesome|awesome$|^awesome-/, () => t("card.kind.curated-list")], [/(^|-)(cli|cmd)(-|$)/, () => t("card.kind.cli")],
  [/(^|-)sdk(-|$)/, () => t("card.kind.sdk")], [/(^|-)api(-|$)/, () => t("card.kind.api")],
  [/(^|-)(docs?|documentation)(-|$)/, () => t("card.kind.documentation")],
  [/(^|-)(tutorials?|course|book|interview|roadmap)(-|$)/, () => t("card.kind.learning")],
  [/(^|-)framework(-|$)/, () => t("card.kind.framework")], [/(^|-)(lib|library)(-|$)/, () => t("card.kind.library")],
  [/(^|-)(plugin|extension)s?(-|$)/, () => t("card.kind.plugin")],
  [/(^|-)(template|boilerplate|starter)s?(-|$)/, () => t("card.kind.template")],
  [/(^|-)(editor|ide)(-|$)/, () => t("card.kind.editor")], [/(^|-)(app|desktop)(-|$)/, () => t("card.kind.app")],
  [/(^|-)server(-|$)/, () => t("card.kind.server")],
];

/** The sentence for each combination of facts known (whole sentences, so each language orders them its own way). */
const sentences = {
  "": (what) => t("card.derived.bare", what),
  language: (what, language) => t("card.derived.language", what, language),
  area: (what, area) => t("card.derived.area", what, area),
  since: (what, year) => t("card.derived.since", what, year),
  "language-area": (what, language, area) => t("card.derived.language-area", what, language, area),
  "language-since": (what, language, year) => t("card.derived.language-since", what, language, year),
  "area-since": (what, area, year) => t("card.derived.area-since", what, area, year),
  "language-area-since": (what, language, area, year) => t("card.derived.language-area-since", what, language, area, year),
  platform: (what, platform) => t("card.derived.platform", what, platform),
  "platform-language": (what, platform, language) => t("card.derived.platform-language", what, platform, language),
  "platform-since": (what, platform, year) => t("card.derived.platform-since", what, platform, year),
  "platform-language-since": (what, platform, language, year) =>
    t("card.derived.platform-language-since", what, platform, language, year),
};

/** "A command-line tool in Rust (CLI & developer tools), since 2019." — what a repository without a description is,
 * from its facts (name and topic words, language, area, year created). */
export function whatItIs(repository, area) {
  const topics = (repository.topics || []).map((topic) => topic.toLowerCase());
  const words = [...topics, repository.fullName.split("/")[1].toLowerCase()];
  const kind = kinds.find(([pattern]) => words.some((word) => pattern.test(word)))?.[1];
  const language = repository.language || "";
  const year = repository.createdAt ? date(repository.createdAt, { year: "numeric" }) : "";
  // A platform its topics name says where it runs, and then the area (a guess from the same facts) is left out:
  // "A media player for macOS in Swift, since 2016", never "in Mobile". A project for a platform is an app.
  const platform = platforms.find(([topic]) => topics.includes(topic))?.[1];
  const facts = platform
    ? [["platform", platform], ["language", language], ["since", year]]
    : [["language", language], ["area", area], ["since", year]];
  const known = facts.filter(([, value]) => value);
  const what = kind ? kind() : platform ? t("card.kind.app") : t("card.kind.project");
  return sentences[known.map(([name]) => name).join("-")](what, ...known.map(([, value]) => value));
}

const platforms = [["macos", "macOS"], ["ios", "iOS"], ["android", "Android"], ["windows", "Windows"], ["linux", "Linux"]];

/** The card's element (no stamps, no listeners): `areaName` names the card's area. */
export function cardBody(item, areaName) {
  const repository = item.repository;
  const [owner, name] = repository.fullName.split("/");
  const area = item.cluster && item.cluster !== "general" ? areaName(item.cluster) : "";
  const words = fitWords(item.fitScore);
  // A card kept from a deal in another language: what the server worded is worded again here, or left out.
  const kept = item.lang !== undefined && item.lang !== lang;
  const updated = kept ? repository.pushedAt && relative(repository.pushedAt) : repository.lastUpdated;
  const reasons = reasonsOf(item);
  const facts = [
    h("span", { class: "fact stars", title: t("card.stars", repository.stars) }, `★ ${compact(repository.stars)}`),
    repository.language && h("span", { class: "fact", translate: "no" }, repository.language),
    repository.health && h("span", { class: `fact health ${repository.health}`, title: kept ? "" : repository.healthSummary || "" },
      healthWords(repository.health)),
    updated && h("span", { class: "fact updated" }, t("card.updated", updated)),
  ];
  const topics = repository.topics || [];
  const label = words ? t("card.label.fit", repository.fullName, words) : repository.fullName;
  const element = h("article", {
    class: "card", dataset: { repo: repository.fullName, language: repository.language || "", cluster: item.cluster },
    "aria-roledescription": t("card.role"), "aria-label": label,
  },
    h("div", { class: "card-head" },
      avatar(repository, "large"),
      h("div", { class: "card-name" }, h("p", { class: "owner", translate: "no" }, owner), h("h2", { translate: "no" }, name)),
      words ? fitButton(item, words) : null),
    repository.description
      ? h("p", { class: "description", translate: "no" }, repository.description)
      : h("p", { class: "description derived" }, whatItIs(repository, area)),
    h("p", { class: "card-facts" }, facts),
    topics.length ? h("ul", { class: "topics", "aria-label": t("card.topics") }, topics.map((topic) => h("li", { translate: "no" }, topic))) : null,
    reasons.length ? h("ul", { class: "reasons", "aria-label": t("card.reasons") }, reasons.map((r) => h("li", {}, r))) : null,
    h("div", { class: "card-links" },
      area ? h("a", { class: "card-area", href: `/areas/${item.cluster}`, dataset: { area: item.cluster } }, area) : null,
      h("a", { class: "card-open", href: detailPath(repository.fullName) }, t("card.details")),
      compareButton(repository.fullName, "ghost small compare-toggle")));
  return element;
}

/** "Active", "Quiet" or "Dormant" (the API's `health`, in the badge's words); an unknown value as it came. */
function healthWords(health) {
  if (health === "active") return t("ui.health.active");
  if (health === "quiet") return t("ui.health.quiet");
  if (health === "dormant") return t("ui.health.dormant");
  return health;
}

/** The fit as words with a small meter; a tap (or Enter) opens what it is made of. */
function fitButton(item, words) {
  const level = { strong: 3, good: 2, some: 1 }[fitLevel(item.fitScore)];
  // Facts about the repository itself (popular, trending, active) are reasons for the card, not for the fit.
  const personal = personalReasons(item);
  const explanation = h("div", { class: "fit-why", role: "note", hidden: true },
    h("p", {}, h("strong", {}, t("card.fit.score", words, item.fitScore)), " ", t("card.fit.explanation")),
    personal.length ? h("p", {}, t("card.fit.mostly", listOf(personal))) : null);
  const button = h("button", {
    type: "button", class: "fit", "aria-expanded": "false", dataset: { level: String(level) },
    "aria-label": t("card.fit.label", words, item.fitScore),
    onclick: (event) => {
      event.stopPropagation();
      const open = explanation.hidden;
      explanation.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
    },
  }, h("span", { class: "meter", "aria-hidden": "true" }, h("i"), h("i"), h("i")), words);
  return h("div", { class: "fit-box" }, button, explanation);
}

/**
 * Trims a card to its box: topics then reasons fold into "+N", the description shortens; on a very small screen
 * (320 × 568) the description goes to one line, the "updated" fact leaves (the health's title keeps it) and, last,
 * the reasons' "+N more" — until nothing spills past the card's edge.
 */
export function fitCard(element) {
  if (!element.isConnected || element.classList.contains("skeleton")) return;
  const lists = [element.querySelector(".topics"), element.querySelector(".reasons")].filter(Boolean);
  // Start from everything shown (the box may have grown).
  for (const list of lists) {
    list.hidden = false;
    list.querySelectorAll("li").forEach((li) => { li.hidden = false; });
    list.querySelector(".more")?.remove();
  }
  const description = element.querySelector(".description");
  if (description) description.style.removeProperty("-webkit-line-clamp");
  const updated = element.querySelector(".fact.updated");
  if (updated) updated.hidden = false;
  const overflows = () => element.scrollHeight > element.clientHeight + 1;
  if (!overflows()) return;
  const shrink = (list, keepAtLeast) => {
    const items = [...list.querySelectorAll("li:not(.more)")];
    const visible = items.filter((li) => !li.hidden);
    if (visible.length <= keepAtLeast) return false;
    visible[visible.length - 1].hidden = true;
    const hidden = items.filter((li) => li.hidden).length;
    let more = list.querySelector(".more");
    if (!more) { more = h("li", { class: "more" }); list.append(more); }
    more.textContent = list.classList.contains("reasons") ? t("card.more", hidden) : `+${number(hidden)}`;
    return true;
  };
  const topics = element.querySelector(".topics");
  const reasons = element.querySelector(".reasons");
  for (let step = 0; step < 40 && overflows(); step++) {
    if (topics && shrink(topics, 2)) continue;
    if (reasons && shrink(reasons, 1)) continue;
    if (topics && shrink(topics, 0)) continue;
    if (description) {
      const lines = Number(description.style.webkitLineClamp || 6);
      if (lines > 2) { description.style.webkitLineClamp = String(lines - 1); continue; }
    }
    if (reasons && shrink(reasons, 0)) continue;
    if (description && Number(description.style.webkitLineClamp) > 1) { description.style.webkitLineClamp = "1"; continue; }
    if (updated && !updated.hidden) { updated.hidden = true; continue; }
    if (reasons && !reasons.hidden) { reasons.hidden = true; continue; }
    break;
  }
  topics?.classList.toggle("none-shown", topics && !topics.querySelector("li:not(.more):not([hidden])"));
}

/** Once, on a touch screen: how to swipe, and what Like and Save mean. */
export function teachGestures() {
  const hint = document.querySelector(".hint");
  if (!hint) return;
  const touch = matchMedia("(pointer: coarse)").matches;
  hint.replaceChildren(touch
    ? t("card.hint.touch")
    : t("card.hint.keys"));
  if (!touch || localStorage.getItem("rf.gestures") === "1") return;
  const coach = h("div", { class: "coach", role: "dialog", "aria-labelledby": "coach-title" },
    h("h2", { id: "coach-title" }, t("card.coach.title")),
    h("ul", {},
      h("li", {}, h("strong", {}, t("card.coach.like.gesture")), " ", t("card.coach.like.result")),
      h("li", {}, h("strong", {}, t("card.coach.skip.gesture")), " ", t("card.coach.skip.result")),
      h("li", {}, h("strong", {}, t("card.coach.save.gesture")), " ", t("card.coach.save.result")),
      h("li", {}, h("strong", {}, t("card.coach.tap.gesture")), " ", t("card.coach.tap.result"))),
    h("button", {
      type: "button", class: "primary", onclick: () => { localStorage.setItem("rf.gestures", "1"); coach.remove(); },
    }, t("card.coach.done")));
  document.querySelector(".deck-screen").append(coach);
}
