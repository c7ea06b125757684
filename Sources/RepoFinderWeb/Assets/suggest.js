// Suggestions while typing in Search: languages, topics and repositories that begin with what is typed, in a
// listbox under the field (the ARIA combobox pattern). Arrow keys move through them, Enter takes one, Escape closes
// them; a click or tap takes one too. A repository opens its page; a topic searches for it; a language filters by it.

import { api } from "./api.js";
import { compact, t } from "./i18n.js";
import { h } from "./ui.js";

export function suggestWhileTyping(form) {
  const field = form.q;
  const box = document.getElementById("search-suggestions");
  if (!field || !box) return;
  let items = [];
  let active = -1;
  let asked = 0;
  let timer = 0;

  const close = () => {
    box.hidden = true;
    box.replaceChildren();
    items = [];
    active = -1;
    field.setAttribute("aria-expanded", "false");
    field.removeAttribute("aria-activedescendant");
  };

  const choose = (item) => {
    close();
    if (item.kind === "repository") { location.assign(`/r/${item.text}`); return; }
    if (item.kind === "language") { form.language.value = item.text; field.value = ""; }
    else field.value = item.text.replaceAll("-", " ");
    form.requestSubmit();
  };

  const highlight = (index) => {
    active = index;
    [...box.children].forEach((option, position) => option.setAttribute("aria-selected", String(position === index)));
    if (index >= 0) field.setAttribute("aria-activedescendant", box.children[index].id);
    else field.removeAttribute("aria-activedescendant");
  };

  const show = (suggestions) => {
    items = suggestions;
    active = -1;
    if (items.length === 0 || document.activeElement !== field) { close(); return; }
    // What a suggestion is, with how many repositories it has (a repository shows its stars instead).
    const kinds = { topic: (count) => t("suggest.topic", count), language: (count) => t("suggest.language", count) };
    box.replaceChildren(...items.map((item, index) => h("li", {
      id: `suggestion-${index}`, role: "option", class: `suggest-option suggest-${item.kind}`, "aria-selected": "false",
      // Taken on pointerdown: a click would come after the field's blur closed the list.
      onpointerdown: (event) => { event.preventDefault(); choose(item); },
    }, h("span", { class: "suggest-text", translate: "no" }, item.text),
      h("span", { class: "suggest-kind" }, item.kind === "repository" || !kinds[item.kind]
        ? `★ ${compact(item.count)}` : kinds[item.kind](compact(item.count))))));
    box.hidden = false;
    field.setAttribute("aria-expanded", "true");
  };

  field.addEventListener("input", () => {
    clearTimeout(timer);
    const text = field.value.trim();
    if (text.length === 0 || /^repoverse:/i.test(text)) { close(); return; }
    timer = setTimeout(async () => {
      const mine = ++asked;
      try {
        const result = await api.suggest(text);
        if (mine === asked && field.value.trim() === text) show(result.items);
      } catch {
        if (mine === asked) close(); // suggestions are a help; the search itself says what went wrong
      }
    }, 120);
  });
  field.addEventListener("keydown", (event) => {
    if (box.hidden || items.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      // Through the suggestions and back to the field itself (-1), both ways round.
      let next = active + (event.key === "ArrowDown" ? 1 : -1);
      if (next >= items.length) next = -1;
      if (next < -1) next = items.length - 1;
      highlight(next);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  field.addEventListener("blur", close);
  form.addEventListener("submit", () => { clearTimeout(timer); asked += 1; close(); });
}
