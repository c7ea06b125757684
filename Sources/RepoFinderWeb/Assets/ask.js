// Ask: a question streams its answer in word by word, with the tools that ran as chips and the repositories it rests
// on as cards (Like, Save, Compare); conversations are threads in a history panel (Pinned, Today, Yesterday, Last 7
// days, Older, Archived) that can be pinned, archived, renamed or deleted. The address keeps the thread (?thread=),
// so a reload shows it again. The live region announces a finished answer, not every word.

import { api, askStream } from "./api.js";
import { track } from "./events.js";
import { date, lang, t } from "./i18n.js";
import { rowActions } from "./rowactions.js";
import { failure, h, repositoryRow, toast } from "./ui.js";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
// Ask understands questions in English (its meaning model is English): the questions it suggests stay English, marked
// as such, in every language (docs/languages.md).
const fallbackQuestions = () => [
  "A lightweight web framework for Swift",
  "Something like ripgrep but for JSON",
  "What is trending in Rust this week?",
  "Beginner-friendly Python projects with open issues",
];

let threadID = new URLSearchParams(location.search).get("thread");
let asking = null;

export async function start() {
  const form = document.getElementById("ask-form");
  const input = document.getElementById("ask-input");
  form.addEventListener("submit", (event) => { event.preventDefault(); ask(input.value); });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) { event.preventDefault(); ask(input.value); }
  });
  input.addEventListener("input", () => grow(input));
  document.getElementById("ask-stop").addEventListener("click", () => asking?.abort());
  const toggle = document.getElementById("ask-history-toggle");
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    document.querySelector(".ask").classList.toggle("history-open", open);
  });
  showSuggestions(fallbackQuestions());
  loadHistory();
  if (threadID) await openThread(threadID);
  const question = document.querySelector(".ask").dataset.question;
  if (question && !threadID) ask(question);
  else input.focus();
}

function grow(input) {
  input.style.height = "auto";
  input.style.height = `${Math.min(input.scrollHeight, 160)}px`;
}

function showSuggestions(questions) {
  document.getElementById("ask-suggestions").replaceChildren(...questions.map((question) =>
    h("li", {}, h("button", { type: "button", class: "button ghost", lang: "en", translate: "no", onclick: () => ask(question) }, question))));
  const note = document.getElementById("ask-language-note");
  if (note) {
    note.hidden = lang.startsWith("en") && lang !== "en-XA";
    note.textContent = t("ask.english-only");
  }
}

async function openThread(id) {
  try {
    const detail = await api.thread(id);
    document.getElementById("ask-messages").replaceChildren(...detail.messages.map(messageView));
    document.getElementById("ask-empty").hidden = detail.messages.length > 0;
    document.title = t("ask.document-title", detail.thread.title);
  } catch (error) {
    threadID = null;
    history.replaceState(null, "", "/ask");
    notice(error.status === 404 ? t("ask.thread.gone") : error.message);
  }
}

async function ask(text) {
  const question = text.trim();
  if (!question || asking) return;
  const input = document.getElementById("ask-input");
  notice("");
  document.getElementById("ask-empty").hidden = true;
  const list = document.getElementById("ask-messages");
  list.append(bubble("user", question));
  input.value = "";
  grow(input);
  const answer = answerView();
  list.append(answer.element);
  answer.element.scrollIntoView({ block: "end" });
  busy(true);
  asking = new AbortController();
  try {
    if (!threadID) {
      threadID = (await api.newThread()).id;
      history.replaceState(null, "", `/ask?thread=${encodeURIComponent(threadID)}`);
    }
    await askStream(threadID, question, null, (name, data) => answer.add(name, data), asking.signal);
    track("ask.question");
    loadHistory();
  } catch (error) {
    if (error.name === "AbortError") {
      answer.stop();
      loadHistory();
    } else {
      answer.element.remove();
      list.lastElementChild?.remove();
      input.value = question;
      grow(input);
      if (error.status === 429 && error.code === "quota_exhausted") track("ask.quota");
      notice(error.code === "quota_exhausted" ? t("ask.quota.exhausted", error.message) : error.message);
    }
  } finally {
    asking = null;
    busy(false);
    input.focus();
  }
}

function busy(on) {
  document.getElementById("ask-send").hidden = on;
  document.getElementById("ask-stop").hidden = !on;
  document.querySelector(".ask-chat").setAttribute("aria-busy", String(on));
}

function notice(text) {
  const element = document.getElementById("ask-notice");
  element.textContent = text;
  element.hidden = !text;
}

/** A question as the person wrote it (not translated), or a stored answer's words. */
function bubble(role, text) {
  return h("div", { class: `bubble ${role}` }, h("p", { translate: role === "user" ? "no" : null }, text));
}

/** An answer as it streams: chips, words (with a typing indicator until the first), then its sources. */
function answerView() {
  const chips = h("ul", { class: "chips", "aria-label": t("ask.answer.tools-label") });
  const typing = h("span", { class: "typing", "aria-label": t("ask.answer.writing") }, h("i"), h("i"), h("i"));
  const text = h("div", { class: "answer-text" }, typing);
  const sources = h("ol", { class: "repo-list sources", "aria-label": t("ask.answer.sources-label") });
  const note = h("p", { class: "help answer-notice", hidden: "" });
  // While the answer waits for the writing model (busy with others): its place in line.
  const line = h("p", { class: "help answer-queue", hidden: "", role: "status" });
  const element = h("div", { class: "bubble assistant" }, chips, note, line, text, sources);
  let words = "";
  let textEvents = 0;
  const found = [];
  return {
    element,
    add(name, data) {
      if (name === "tool") chips.append(h("li", { class: "chip" }, data.chip));
      else if (name === "source") found.push(data);
      else if (name === "queued") {
        line.textContent = data.position > 1 ? t("ask.answer.queued", data.position - 1) : t("ask.answer.next");
        line.hidden = false;
      } else if (name === "text") {
        line.hidden = true;
        words += data.text;
        // How many events the words came in (the page shows them as they come; checks read it).
        element.dataset.textEvents = String(++textEvents);
        text.replaceChildren(...paragraphs(words, found.length));
      } else if (name === "fallback") {
        // The writing model failed: its words go, the answer starts again from the facts.
        line.hidden = true;
        words = "";
        note.textContent = data.notice;
        note.hidden = false;
        text.replaceChildren(typing);
      } else if (name === "done") {
        line.hidden = true;
        if (data.message.notice) {
          note.textContent = data.message.notice;
          note.hidden = false;
        }
        text.replaceChildren(...paragraphs(data.message.text, data.message.sources.length));
        sources.replaceChildren(...data.message.sources.map(sourceView));
        document.getElementById("ask-live").textContent = data.message.text;
        quota(data.quota);
      }
    },
    stop() {
      line.hidden = true;
      text.replaceChildren(...paragraphs(words || t("ask.answer.stopped-empty"), found.length), h("p", { class: "help" }, t("ask.answer.stopped")));
      sources.replaceChildren(...found.map(sourceView));
    },
  };
}

/** A stored message. */
function messageView(message) {
  if (message.role === "user") return bubble("user", message.text);
  const element = h("div", { class: "bubble assistant" },
    message.tools.length ? h("ul", { class: "chips", "aria-label": t("ask.answer.tools-label") }, message.tools.map((tool) => h("li", { class: "chip" }, tool.chip))) : null,
    message.notice ? h("p", { class: "help answer-notice" }, message.notice) : null,
    h("div", { class: "answer-text" }, paragraphs(message.text, message.sources.length)),
    message.stopped ? h("p", { class: "help" }, t("ask.answer.stopped")) : null,
    h("ol", { class: "repo-list sources", "aria-label": t("ask.answer.sources-label") }, message.sources.map(sourceView)));
  return element;
}

/** The answer's lines, each citation [n] a link to its source card. */
function paragraphs(text, sourceCount) {
  return text.split("\n").map((line) => {
    const parts = [];
    let last = 0;
    for (const match of line.matchAll(/\[(\d+)\]/g)) {
      const number = Number(match[1]);
      if (number < 1 || number > Math.max(sourceCount, 1)) continue;
      parts.push(line.slice(last, match.index),
        h("a", { class: "citation", href: `#source-${number}`, "aria-label": t("ask.answer.citation", number) }, `[${number}]`));
      last = match.index + match[0].length;
    }
    parts.push(line.slice(last));
    return h("p", {}, ...parts);
  });
}

function sourceView(repository, index) {
  const row = repositoryRow(repository, { rank: index + 1, actions: rowActions(repository) });
  row.id = `source-${index + 1}`;
  return row;
}

function quota(value) {
  if (!value) return;
  const text = value.limit === undefined || value.limit === null
    ? ""
    : t("ask.quota.left", value.left, value.limit, date(`${value.renewsOn}T00:00:00`, { day: "numeric", month: "short" }));
  document.getElementById("ask-quota").textContent = text;
}

// The threads the history shows: the server lists threads a page at a time (the 50 most recent first); "Show older
// conversations" adds the next page, and reading the list again (after a change) goes as far as it had gone.
let shownThreads = { groups: [], cursor: null, pages: 1 };

async function loadHistory() {
  const target = document.getElementById("ask-groups");
  try {
    let list = await api.threads(zone);
    let groups = list.groups;
    for (let page = 1; page < shownThreads.pages && list.nextCursor; page += 1) {
      list = await api.threads(zone, list.nextCursor);
      groups = mergeGroups(groups, list.groups);
    }
    quota(list.quota);
    shownThreads = { groups, cursor: list.nextCursor ?? null, pages: shownThreads.pages };
    renderHistory();
  } catch (error) {
    target.replaceChildren(failure(error.message, loadHistory, "error-state"));
  } finally {
    target.setAttribute("aria-busy", "false");
  }
}

/** The threads shown so far with a next page's: a group the page continues grows, new groups follow. */
function mergeGroups(groups, more) {
  const merged = groups.map((group) => ({ ...group, threads: [...group.threads] }));
  for (const group of more) {
    const same = merged.find((shown) => shown.title === group.title);
    if (same) same.threads.push(...group.threads);
    else merged.push(group);
  }
  return merged;
}

function renderHistory() {
  document.getElementById("ask-groups").replaceChildren(
    ...(shownThreads.groups.length ? shownThreads.groups.map(groupView) : [h("p", { class: "help" }, t("ask.history.empty"))]),
    ...(shownThreads.cursor ? [h("button", { type: "button", class: "secondary ask-more", id: "ask-more", onclick: loadOlder }, t("ask.history.older"))] : []));
}

async function loadOlder(event) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    const list = await api.threads(zone, shownThreads.cursor);
    shownThreads = { groups: mergeGroups(shownThreads.groups, list.groups), cursor: list.nextCursor ?? null, pages: shownThreads.pages + 1 };
    renderHistory();
  } catch (error) {
    button.disabled = false;
    toast(error.message);
  }
}

function groupView(group) {
  return h("section", { class: "thread-group" },
    h("h3", {}, group.title),
    h("ul", {}, group.threads.map((thread) => h("li", { class: "thread-row", dataset: { thread: thread.id } },
      h("a", { href: `/ask?thread=${encodeURIComponent(thread.id)}`, "aria-current": thread.id === threadID ? "page" : null },
        h("strong", { translate: "no" }, thread.title), h("small", { translate: "no" }, thread.preview)),
      h("div", { class: "thread-actions" },
        action(thread.pinned ? threadActions.unpin : threadActions.pin, thread, { pinned: !thread.pinned }),
        action(thread.archived ? threadActions.unarchive : threadActions.archive, thread, { archived: !thread.archived }),
        h("button", { type: "button", class: "ghost", "aria-label": t("ask.thread.delete-label", thread.title), onclick: () => remove(thread) },
          t("ask.thread.delete")))))));
}

/** What each change to a thread is called: its button, the button's full name, and what the toast says after. */
const threadActions = {
  pin: {
    label: () => t("ask.thread.pin"), named: (title) => t("ask.thread.pin-label", title), done: (title) => t("ask.thread.pinned", title),
  },
  unpin: {
    label: () => t("ask.thread.unpin"), named: (title) => t("ask.thread.unpin-label", title), done: (title) => t("ask.thread.unpinned", title),
  },
  archive: {
    label: () => t("ask.thread.archive"), named: (title) => t("ask.thread.archive-label", title), done: (title) => t("ask.thread.archived", title),
  },
  unarchive: {
    label: () => t("ask.thread.unarchive"), named: (title) => t("ask.thread.unarchive-label", title),
    done: (title) => t("ask.thread.unarchived", title),
  },
};

function action(words, thread, change) {
  return h("button", {
    type: "button", class: "ghost", "aria-label": words.named(thread.title),
    onclick: async () => {
      try {
        await api.changeThread(thread.id, change);
        toast(words.done(thread.title));
        loadHistory();
      } catch (error) {
        toast(error.message);
      }
    },
  }, words.label());
}

async function remove(thread) {
  try {
    await api.deleteThread(thread.id);
    toast(t("ask.thread.deleted", thread.title));
    if (thread.id === threadID) location.assign("/ask");
    else loadHistory();
  } catch (error) {
    toast(error.message);
  }
}
