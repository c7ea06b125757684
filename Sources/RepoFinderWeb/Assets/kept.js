// Saved and Liked: the person's lists, newest first, a page at a time; the newest are kept on this device for
// offline use (what still waits to sync is marked), and a row goes by its Remove button or a swipe to the left.

import { api } from "./api.js";
import { starButton } from "./githubstar.js";
import { t } from "./i18n.js";
import { pagedList } from "./pagedlist.js";
import { suppressClickAfterSwipe } from "./rowactions.js";
import { forgetListed, listed, MAX_LISTED, replaceListed, unlist } from "./store.js";
import { buzz, h, repositoryRow, toast } from "./ui.js";

let list;

export function start() {
  const kind = document.getElementById("list").dataset.kind;
  list = pagedList(personalPage(kind));
}

const counted = (count) => t("kept.count", count);

// Each list's own sentences, whole (the repository's full name is their argument).
const words = {
  saved: {
    remove: (fullName) => t("kept.remove.label.saved", fullName),
    removed: (fullName) => t("kept.removed.saved", fullName),
    empty: () => t("kept.empty.saved"),
  },
  liked: {
    remove: (fullName) => t("kept.remove.label.liked", fullName),
    removed: (fullName) => t("kept.removed.liked", fullName),
    empty: () => t("kept.empty.liked"),
  },
};

function personalPage(kind) {
  return async (page) => {
    let result;
    try {
      result = await api.list(kind, page, 20);
    } catch (error) {
      if (!error.offline) throw error;
      return keptPage(kind);
    }
    // Keep the newest of the list on this device (for offline), reconciled with what the server says now.
    if (page === 1) {
      const keep = result.total <= result.items.length ? Promise.resolve(result) : api.list(kind, 1, MAX_LISTED);
      keep.then((newest) => replaceListed(kind, newest.items)).catch(() => {});
    }
    return {
      rows: result.items.map((item) => removableRow(kind, item.repository)),
      done: page * 20 >= result.total || result.items.length === 0,
      summary: () => counted(result.total),
      empty: words[kind].empty(),
    };
  };
}

/** The list as kept on this device, while offline: newest first, what still waits to sync marked. */
async function keptPage(kind) {
  const entries = await listed(kind);
  const waiting = entries.filter((entry) => entry.waiting).length;
  return {
    rows: entries.map((entry) => {
      const row = removableRow(kind, entry.repository);
      if (entry.waiting) row.querySelector(".row-facts")?.prepend(h("span", { class: "badge waiting" }, t("kept.waiting")));
      return row;
    }),
    done: true,
    summary: () => (waiting
      ? t("kept.offline.summary-waiting", entries.length, waiting) : t("kept.offline.summary", entries.length)),
    empty: t("kept.offline.empty"),
  };
}

function removableRow(kind, repository) {
  const button = h("button", {
    type: "button", class: "ghost remove", "aria-label": words[kind].remove(repository.fullName),
  }, t("kept.remove.button"));
  const row = repositoryRow(repository, { actions: button });
  const actions = row.querySelector(".row-actions");
  starButton(repository.fullName).then((star) => { if (star) actions.prepend(star); });
  const remove = async () => {
    buzz();
    row.classList.add("removing");
    try {
      try {
        await api.remove(kind, repository.fullName);
        await forgetListed(kind, repository.fullName);
      } catch (error) {
        if (!error.offline) throw error;
        await unlist(kind, repository.fullName); // offline: taken off here now, on the server when back
      }
      row.remove();
      list.removed(counted);
      toast(words[kind].removed(repository.fullName));
    } catch (error) {
      row.classList.remove("removing");
      row.style.transform = "";
      toast(error.status === 404 ? t("kept.already-removed", repository.fullName) : error.message);
      if (error.status === 404) row.remove();
    }
  };
  button.addEventListener("click", remove);
  swipeToRemove(row, remove);
  return row;
}

/** Drag a row left past a third of its width to remove it. */
function swipeToRemove(row, remove) {
  let startX = null;
  let pointer = null;
  row.addEventListener("pointerdown", (event) => {
    if (event.target.closest("button, a:not(.row-title)") || event.button !== 0) return;
    delete row.dataset.swiped;
    startX = event.clientX;
    pointer = event.pointerId;
    row.setPointerCapture(pointer);
  });
  row.addEventListener("pointermove", (event) => {
    if (event.pointerId !== pointer) return;
    const dx = Math.min(0, event.clientX - startX);
    if (dx < -10) row.dataset.swiped = "1";
    row.style.transform = `translateX(${dx}px)`;
  });
  suppressClickAfterSwipe(row);
  const finish = (event) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    const dx = event.clientX - startX;
    if (event.type === "pointerup" && dx < -row.offsetWidth / 3) {
      row.style.transform = "translateX(-100%)";
      remove();
    } else {
      row.style.transform = "";
    }
  };
  row.addEventListener("pointerup", finish);
  row.addEventListener("pointercancel", finish);
}
