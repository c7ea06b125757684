// A deck card's face: what the repository is first (its description, or — when the catalog has none — a sentence
// made of its facts: language, kind, area, topics), one line of key facts, the reasons, and the fit only when it is
// personal, worded on a scale a person reads and explained on tap. The card trims itself to the space it has
// ("+3" topics, "+1 reason") so nothing spills and the buttons stay in view; the gestures are taught once on touch.

import { compareButton } from "./tray.js";
import { avatar, compact, detailPath, h } from "./ui.js";

/** The fit in words: 0 means nothing personal stands behind it (no fit is shown). */
export function fitWords(score) {
  if (!score) return null;
  if (score >= 67) return "Strong fit";
  if (score >= 34) return "Good fit";
  return "Some fit";
}

// Words in a name or topic that say what kind of thing a repository is, most telling first: the noun and its
// article on its own ("" for a noun that takes none: "Python documentation").
// Topics that say it outright come first (a topic is the project's own word; a name word is a guess): "scikit-learn"
// is a machine-learning library, not learning material.
const kinds = [
  [/^(machine-learning|deep-learning|neural-networks?)$/, "machine-learning project", "a"],
  [/^(data-visualization|visualization|business-intelligence|dashboards?)$/, "data-visualization tool", "a"],
  [/^(video-player|media-player|music-player|audio-player)$/, "media player", "a"],
  [/^(database|sql-database|key-value-store)$/, "database", "a"],
  [/^(game-engine)$/, "game engine", "a"], [/^(games?)$/, "game", "a"],
  [/^awesome|awesome$|^awesome-/, "curated list", "a"], [/(^|-)(cli|cmd)(-|$)/, "command-line tool", "a"],
  [/(^|-)sdk(-|$)/, "SDK", "an"], [/(^|-)api(-|$)/, "API", "an"], [/(^|-)(docs?|documentation)(-|$)/, "documentation", ""],
  [/(^|-)(tutorials?|course|book|interview|roadmap)(-|$)/, "learning material", ""],
  [/(^|-)framework(-|$)/, "framework", "a"], [/(^|-)(lib|library)(-|$)/, "library", "a"],
  [/(^|-)(plugin|extension)s?(-|$)/, "plugin", "a"], [/(^|-)(template|boilerplate|starter)s?(-|$)/, "template", "a"],
  [/(^|-)(editor|ide)(-|$)/, "editor", "an"], [/(^|-)(app|desktop)(-|$)/, "app", "an"], [/(^|-)server(-|$)/, "server", "a"],
];

/** "A Rust command-line tool in CLI & developer tools since 2019." — what a repository without a description is,
 * from its facts (name and topic words, language, area, year created). */
export function whatItIs(repository, area) {
  const topics = (repository.topics || []).map((topic) => topic.toLowerCase());
  const words = [...topics, repository.fullName.split("/")[1].toLowerCase()];
  const [, noun, article] = kinds.find(([pattern]) => words.some((word) => pattern.test(word))) || [, "project", "a"];
  const language = repository.language || "";
  // A platform its topics name says where it runs, and then the area (a guess from the same facts) is left out:
  // "A macOS media player in Swift, since 2016", never "in Mobile".
  const platform = platforms.find(([topic]) => topics.includes(topic))?.[1];
  const since = repository.createdAt ? ` since ${new Date(repository.createdAt).getFullYear()}` : "";
  if (platform) {
    const phrase = `${/^[AEIOU]/i.test(platform) ? "an" : "a"} ${platform} ${noun === "project" ? "app" : noun}`;
    return `${phrase[0].toUpperCase()}${phrase.slice(1)}${language ? ` in ${language}` : ""}${since ? `,${since}` : ""}.`;
  }
  // A language in front decides the article ("an Elixir library"); a noun without one keeps none.
  const lead = !article ? "" : !language ? article : /^[AEIOU]/i.test(language) ? "an" : "a";
  const phrase = [lead, language, noun].filter(Boolean).join(" ");
  return `${phrase[0].toUpperCase()}${phrase.slice(1)}${area ? ` in ${area}` : ""}${since}.`;
}

const platforms = [["macos", "macOS"], ["ios", "iOS"], ["android", "Android"], ["windows", "Windows"], ["linux", "Linux"]];

/** The card's element (no stamps, no listeners): `areaName` names the card's area. */
export function cardBody(item, areaName) {
  const repository = item.repository;
  const [owner, name] = repository.fullName.split("/");
  const area = item.cluster && item.cluster !== "general" ? areaName(item.cluster) : "";
  const words = fitWords(item.fitScore);
  const facts = [
    h("span", { class: "fact stars", title: `${repository.stars} stars` }, `★ ${compact(repository.stars)}`),
    repository.language && h("span", { class: "fact" }, repository.language),
    repository.health && h("span", { class: `fact health ${repository.health}`, title: repository.healthSummary || "" },
      repository.health[0].toUpperCase() + repository.health.slice(1)),
    repository.lastUpdated && h("span", { class: "fact updated" }, `updated ${repository.lastUpdated}`),
  ];
  const topics = repository.topics || [];
  const label = `${repository.fullName}${words ? `, ${words.toLowerCase()}` : ""}`;
  const element = h("article", {
    class: "card", dataset: { repo: repository.fullName, language: repository.language || "", cluster: item.cluster },
    "aria-roledescription": "card", "aria-label": label,
  },
    h("div", { class: "card-head" },
      avatar(repository, "large"),
      h("div", { class: "card-name" }, h("p", { class: "owner" }, owner), h("h2", {}, name)),
      words ? fitButton(item, words) : null),
    repository.description
      ? h("p", { class: "description" }, repository.description)
      : h("p", { class: "description derived" }, whatItIs(repository, area)),
    h("p", { class: "card-facts" }, facts),
    topics.length ? h("ul", { class: "topics", "aria-label": "Topics" }, topics.map((t) => h("li", {}, t))) : null,
    item.reasons.length ? h("ul", { class: "reasons", "aria-label": "Why this card" }, item.reasons.map((r) => h("li", {}, r))) : null,
    h("div", { class: "card-links" },
      area ? h("a", { class: "card-area", href: `/areas/${item.cluster}`, dataset: { area: item.cluster } }, area) : null,
      h("a", { class: "card-open", href: detailPath(repository.fullName) }, "Details"),
      compareButton(repository.fullName, "ghost small compare-toggle")));
  return element;
}

/** The fit as words with a small meter; a tap (or Enter) opens what it is made of. */
function fitButton(item, words) {
  const level = item.fitScore >= 67 ? 3 : item.fitScore >= 34 ? 2 : 1;
  // Facts about the repository itself (popular, trending, active) are reasons for the card, not for the fit.
  const personal = item.reasons.filter((reason) => !/^(popular|trending|rising|active|new|quiet)\b/i.test(reason));
  const explanation = h("div", { class: "fit-why", role: "note", hidden: true },
    h("p", {}, h("strong", {}, `${words}: ${item.fitScore} of 100.`),
      " How much of what you liked, saved and told us points to this repository — popularity is not part of it."),
    personal.length ? h("p", {}, "Mostly: ", personal.join("; "), ".") : null);
  const button = h("button", {
    type: "button", class: "fit", "aria-expanded": "false", dataset: { level: String(level) },
    "aria-label": `${words}, ${item.fitScore} of 100: why?`,
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
    more.textContent = list.classList.contains("reasons") ? `+${hidden} more` : `+${hidden}`;
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
    ? "Swipe right to like, left to skip, up to save · tap a card for details"
    : "Drag the card or use ← skip, → like, S save, Enter details, U undo");
  if (!touch || localStorage.getItem("rf.gestures") === "1") return;
  const coach = h("div", { class: "coach", role: "dialog", "aria-labelledby": "coach-title" },
    h("h2", { id: "coach-title" }, "How the deck works"),
    h("ul", {},
      h("li", {}, h("strong", {}, "Swipe right — Like: "), "more like this in your deck."),
      h("li", {}, h("strong", {}, "Swipe left — Skip: "), "fewer like it."),
      h("li", {}, h("strong", {}, "Swipe up — Save: "), "keep it to read later."),
      h("li", {}, h("strong", {}, "Tap the card: "), "all its details.")),
    h("button", {
      type: "button", class: "primary", onclick: () => { localStorage.setItem("rf.gestures", "1"); coach.remove(); },
    }, "Got it"));
  document.querySelector(".deck-screen").append(coach);
}
