// Saved and Liked: the person's lists, newest first, a page at a time; the newest are kept on this device for
// offline use (what still waits to sync is marked), and a row goes by its Remove button or a swipe to the left.

import { api } from "./api.js";
import { starButton } from "./githubstar.js";
import { pagedList } from "./pagedlist.js";
import { suppressClickAfterSwipe } from "./rowactions.js";
import { forgetListed, listed, MAX_LISTED, replaceListed, unlist } from "./store.js";
import { buzz, h, repositoryRow, toast } from "./ui.js";

let list;

export function start() {
  const kind = document.getElementById("list").dataset.kind;
  list = pagedList(personalPage(kind));
}

const counted = (count) => `${count} ${count === 1 ? "repository" : "repositories"}`;

function personalPage(kind) {
  const title = kind === "saved" ? "Saved" : "Liked";
  return async (page) => {
    let result;
    try {
      result = await api.list(kind, page, 20);
    } catch (error) {
      if (!error.offline) throw error;
      return keptPage(kind, title);
    }
    // Keep the newest of the list on this device (for offline), reconciled with what the server says now.
    if (page === 1) {
      const keep = result.total <= result.items.length ? Promise.resolve(result) : api.list(kind, 1, MAX_LISTED);
      keep.then((newest) => replaceListed(kind, newest.items)).catch(() => {});
    }
    return {
      rows: result.items.map((item) => removableRow(kind, title, item.repository)),
      done: page * 20 >= result.total || result.items.length === 0,
      summary: () => counted(result.total),
      empty: kind === "saved"
        ? "Nothing saved yet. Save a card on Discover (the bookmark button or S) to keep it here."
        : "Nothing liked yet. Swipe right on Discover (or press →) to like a card.",
    };
  };
}

/** The list as kept on this device, while offline: newest first, what still waits to sync marked. */
async function keptPage(kind, title) {
  const entries = await listed(kind);
  const waiting = entries.filter((entry) => entry.waiting).length;
  return {
    rows: entries.map((entry) => {
      const row = removableRow(kind, title, entry.repository);
      if (entry.waiting) row.querySelector(".row-facts")?.prepend(h("span", { class: "badge waiting" }, "Waiting to sync"));
      return row;
    }),
    done: true,
    summary: () => `${counted(entries.length)} kept on this device — `
      + `you’re offline${waiting ? `; ${waiting} waiting to sync` : ""}`,
    empty: "You’re offline and nothing of this list is kept on this device yet.",
  };
}

function removableRow(kind, title, repository) {
  const button = h("button", {
    type: "button", class: "ghost remove", "aria-label": `Remove ${repository.fullName} from ${title}`,
  }, "Remove");
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
      toast(`Removed ${repository.fullName} from ${title}`);
    } catch (error) {
      row.classList.remove("removing");
      row.style.transform = "";
      toast(error.status === 404 ? `${repository.fullName} was already removed` : error.message);
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
