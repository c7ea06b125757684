// Starting from a person's GitHub stars: the login checked as GitHub (and the server) checks it, the import started
// through the API, followed until it ends, and its progress said in one line. Onboarding's first step and Profile
// both use it.

import { api } from "./api.js";

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/** Why `login` cannot be imported, or null when it can. */
export function loginProblem(login) {
  if (!login) return "Type a GitHub username first.";
  if (!LOGIN.test(login)) {
    return `'${login}' is not a GitHub login: logins have 1 to 39 letters, digits or single hyphens, and do not start or end with a hyphen.`;
  }
  return null;
}

const grouped = (count) => count.toLocaleString("en-US");
const stars = (count) => (count === 1 ? "1 star" : `${grouped(count)} stars`);

/** One line for an import, as every face says it. */
export function summary(progress) {
  switch (progress.state) {
    case "running": {
      const pages = progress.pagesTotal ? ` (page ${progress.pagesRead} of ${progress.pagesTotal})` : "";
      return `Reading ${progress.login}’s stars: ${grouped(progress.read)} so far${pages}`;
    }
    case "done": {
      if (progress.imported === 0) return `No new stars from ${progress.login} since the last import.`;
      const added = progress.added > 0 ? ` (${grouped(progress.added)} new to RepoFinder)` : "";
      return `Imported ${stars(progress.imported)} from ${progress.login}${added}.`;
    }
    default: {
      const verb = progress.imported === 1 ? "was" : "were";
      const kept = progress.imported > 0 ? ` ${stars(progress.imported).replace(/^./, (c) => c.toUpperCase())} ${verb} imported before it stopped.` : "";
      return (progress.failure || "The import failed.") + kept;
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
  let progress = await api.importStars(login);
  onProgress(progress);
  return follow(progress, onProgress, { interval });
}

/** Follows a running import until it ends; returns how it ended. */
export async function follow(progress, onProgress, { interval = 1000 } = {}) {
  while (progress.state === "running") {
    await new Promise((resolve) => setTimeout(resolve, interval));
    progress = await api.starImport(progress.id);
    onProgress(progress);
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
