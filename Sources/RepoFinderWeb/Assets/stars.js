// Starting from a person's GitHub stars: the login checked as GitHub (and the server) checks it, the import started
// through the API, followed until it ends, and its progress said in one line. Onboarding's first step and Profile
// both use it.

import { api } from "./api.js";
import { track } from "./events.js";
import { t } from "./i18n.js";

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** Why `login` cannot be imported, or null when it can. */
export function loginProblem(login) {
  if (!login) return t("stars.login.missing");
  if (!LOGIN.test(login)) return t("stars.login.invalid", login);
  return null;
}

/** One line for an import, as every face says it. */
export function summary(progress) {
  switch (progress.state) {
    case "running":
      return progress.pagesTotal
        ? t("stars.reading.pages", progress.login, progress.read, progress.pagesRead, progress.pagesTotal)
        : t("stars.reading.count", progress.login, progress.read);
    case "done":
      if (progress.imported === 0) return t("stars.imported.none", progress.login);
      return progress.added > 0
        ? t("stars.imported.added", progress.imported, progress.login, progress.added)
        : t("stars.imported.some", progress.imported, progress.login);
    default: {
      // The server's words for what went wrong, then (when some came in) how many were imported before.
      const failure = progress.failure || t("stars.failed.plain");
      return progress.imported > 0 ? t("stars.failed.kept", progress.imported, failure) : failure;
    }
  }
}

/** How far an import has come, 0…1, or null while the number of pages is unknown. */
export function fraction(progress) {
  if (progress.state === "done") return 1;
  return progress.pagesTotal ? Math.min(1, progress.pagesRead / progress.pagesTotal) : null;
}

/** Starts importing `login`'s stars (or finds the import already running) and calls `onProgress` until it ends. */
export async function importStars(login, onProgress, { interval = 1000 } = {}) {
  // Where it was started from: the screen (onboarding, profile).
  track("import.started", { label: document.body.dataset.screen });
  let progress = await api.importStars(login);
  onProgress(progress);
  if (progress.state === "done") track("import.finished", { count: progress.imported });
  return follow(progress, onProgress, { interval });
}

/** Follows a running import until it ends; returns how it ended. */
export async function follow(progress, onProgress, { interval = 1000 } = {}) {
  while (progress.state === "running") {
    await new Promise((resolve) => setTimeout(resolve, interval));
    progress = await api.starImport(progress.id);
    onProgress(progress);
    if (progress.state === "done") track("import.finished", { count: progress.imported });
  }
  return progress;
}

/** Shows `progress` in a status box made of a <progress> and a <p>. */
export function show(box, progress) {
  box.hidden = false;
  const bar = box.querySelector("progress");
  const value = fraction(progress);
  if (value === null) bar.removeAttribute("value");
  else bar.value = value;
  bar.hidden = progress.state === "failed";
  box.querySelector("p").textContent = summary(progress);
  box.dataset.state = progress.state;
}
