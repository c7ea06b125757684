// The JSON API, as the web app uses it: an anonymous account made on first use (its token kept in localStorage),
// JSON in and out, and errors that carry the server's own sentence for a person. Every request names the page's
// language (`Accept-Language`), so the server words its reasons, notes and errors in it.

import { lang, t } from "./i18n.js";

const TOKEN_KEY = "rf.token";

/** An answer that was not 2xx, or no answer at all (`offline` true). */
export class ApiError extends Error {
  constructor(message, { status = 0, code = "", offline = false, payload = null } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.offline = offline;
    this.payload = payload;
  }
}

let pendingAccount = null;

/** The bearer token, making an anonymous account the first time. */
export async function token() {
  const kept = localStorage.getItem(TOKEN_KEY);
  if (kept) return kept;
  if (!pendingAccount) {
    pendingAccount = request("POST", "/v1/users", { auth: false })
      .then((account) => {
        localStorage.setItem(TOKEN_KEY, account.token);
        // A new account has not been through onboarding, whatever an earlier account of this browser did.
        localStorage.removeItem("rf.onboarded");
        return account.token;
      })
      .finally(() => { pendingAccount = null; });
  }
  return pendingAccount;
}

/** Keeps a token the server gave this device (it signed in to another account). */
export function setToken(value) {
  localStorage.setItem(TOKEN_KEY, value);
}

/** Forgets the account (a new one is made on the next call). */
export function forgetAccount() {
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * Sends a request; `auth` adds the bearer token (and makes a new account once if the server forgot the old);
 * `auth: "optional"` adds it only when this browser has one (public pages then say where each repository stands with
 * the person), and asks again without it if the server forgot it.
 */
export async function request(method, path, { body, auth = true, retried = false } = {}) {
  const headers = { Accept: "application/json", "Accept-Language": lang };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (auth === "optional") {
    const kept = localStorage.getItem(TOKEN_KEY);
    if (!kept) return request(method, path, { body, auth: false });
    headers.Authorization = `Bearer ${kept}`;
  } else if (auth) {
    headers.Authorization = `Bearer ${await token()}`;
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // No answer: the device is offline, or it is online and RepoFinder's server cannot be reached (down, restarting).
    if (navigator.onLine === false) {
      throw new ApiError(t("api.error.offline"), { offline: true });
    }
    const error = new ApiError(t("api.error.unreachable"), { offline: true });
    error.unreachable = true;
    throw error;
  }
  if (response.status === 401 && auth === "optional") return request(method, path, { body, auth: false });
  if (response.status === 401 && auth && !retried) {
    // The server no longer knows this account (deleted, or another database): what this browser kept of it —
    // cards dealt to it, its lists — is not the new account's (store.js listens).
    forgetAccount();
    window.dispatchEvent(new Event("rf-account-gone"));
    return request(method, path, { body, auth, retried: true });
  }
  if (response.status === 204) return null;
  let payload = null;
  try { payload = await response.json(); } catch { payload = null; }
  if (!response.ok) {
    const message = payload?.message || t("api.error.status", response.status);
    throw new ApiError(message, { status: response.status, code: payload?.error || "", payload });
  }
  return payload;
}

function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

const repoPath = (fullName) => fullName.split("/").map(encodeURIComponent).join("/");

export const api = {
  preferences: () => request("GET", "/v1/me/preferences"),
  savePreferences: (preferences) => request("PUT", "/v1/me/preferences", { body: preferences }),
  feed: (limit = 20) => request("GET", `/v1/me/feed${query({ limit })}`),
  returnCards: (repos) => request("POST", "/v1/me/feed/returns", { body: { repos } }),
  deckFilter: () => request("GET", "/v1/me/deck-filter"),
  saveDeckFilter: (filter) => request("PUT", "/v1/me/deck-filter", { body: filter }),
  interactions: (interactions) => request("POST", "/v1/me/interactions", { body: { interactions } }),
  withdraw: (id) => request("DELETE", `/v1/me/interactions/${encodeURIComponent(id)}`),
  list: (kind, page, perPage = 20) => request("GET", `/v1/me/${kind}${query({ page, perPage })}`),
  remove: (kind, fullName) => request("DELETE", `/v1/me/${kind}/${repoPath(fullName)}`),
  stats: () => request("GET", "/v1/me/stats"),
  home: (timeZone) => request("GET", `/v1/me/home${query({ timeZone })}`),
  compare: (repos, { auth = false } = {}) => request("GET", `/v1/compare${query({ repos })}`, { auth }),
  trending: (params) => request("GET", `/v1/trending${query(params)}`, { auth: "optional" }),
  search: (params) => request("GET", `/v1/search${query(params)}`, { auth: "optional" }),
  suggest: (q, limit = 8) => request("GET", `/v1/search/suggest${query({ q, limit })}`, { auth: false }),
  repository: (fullName) => request("GET", `/v1/repos/${repoPath(fullName)}`, { auth: "optional" }),
  similar: (fullName) => request("GET", `/v1/repos/${repoPath(fullName)}/similar?limit=10`, { auth: "optional" }),
  alternatives: (fullName) =>
    request("GET", `/v1/repos/${repoPath(fullName)}/alternatives?limit=10`, { auth: "optional" }),
  clusters: () => request("GET", "/v1/clusters", { auth: false }),
  /** A curated list's heading: `heading` is its path, outermost first (one `heading=` per level). */
  listSection: (list, heading, { limit = 100, page = 1 } = {}) =>
    request("GET", `/v1/lists/section${query({ list, limit, page })}${heading.map((name) => `&heading=${encodeURIComponent(name)}`).join("")}`,
      { auth: "optional" }),
  clusterRepositories: (id, limit = 50) =>
    request("GET", `/v1/clusters/${encodeURIComponent(id)}/repos${query({ limit })}`, { auth: "optional" }),
  resolve: (url) => request("GET", `/v1/links/resolve${query({ url })}`, { auth: false }),
  // A second import while one runs answers 409 with the running one: follow that.
  importStars: (login) => request("POST", "/v1/me/imports/github-stars", { body: { login } })
    .catch((error) => { if (error.status === 409 && error.payload?.id) return error.payload; throw error; }),
  starImport: (id) => request("GET", `/v1/me/imports/${encodeURIComponent(id)}`),
  imports: () => request("GET", "/v1/me/imports"),
  exportAccount: () => request("GET", "/v1/me/export"),
  deleteAccount: () => request("DELETE", "/v1/me"),
  account: () => request("GET", "/v1/me/account"),
  startSignIn: (redirectUri) => request("POST", "/v1/me/sign-in/github", { body: { redirectUri } }),
  completeSignIn: (code, state) => request("POST", "/v1/me/sign-in/github/callback", { body: { code, state } }),
  signOut: (everywhere) => request("POST", "/v1/me/sign-out", { body: { everywhere } }),
  gitHubSettings: (settings) => request("PUT", "/v1/me/github/settings", { body: settings }),
  githubStar: (fullName) => request("GET", `/v1/me/github/stars/${repoPath(fullName)}`),
  starOnGitHub: (fullName) => request("PUT", `/v1/me/github/stars/${repoPath(fullName)}`),
  unstarOnGitHub: (fullName) => request("DELETE", `/v1/me/github/stars/${repoPath(fullName)}`),
  threads: (timeZone, cursor) => request("GET", `/v1/me/threads${query({ timeZone, cursor })}`),
  newThread: () => request("POST", "/v1/me/threads"),
  thread: (id) => request("GET", `/v1/me/threads/${encodeURIComponent(id)}`),
  changeThread: (id, change) => request("PATCH", `/v1/me/threads/${encodeURIComponent(id)}`, { body: change }),
  deleteThread: (id) => request("DELETE", `/v1/me/threads/${encodeURIComponent(id)}`),
  events: (events) => request("POST", "/v1/events", { body: { events } }),
  maintainedRepositories: (days) => request("GET", `/v1/me/maintainer/repos${query({ window: days })}`),
  maintainerDashboard: (fullName, days) =>
    request("GET", `/v1/me/maintainer/repos/${repoPath(fullName)}${query({ window: days })}`),
  maintainerCSVPath: (fullName, days) =>
    `/v1/me/maintainer/repos/${repoPath(fullName)}${query({ window: days, format: "csv" })}`,
};

/**
 * Downloads `path` (a CSV, say) with the bearer token as a Blob; an answer that is not 2xx throws an ApiError with
 * the server's sentence, as `request` does.
 */
export async function download(path, accept = "text/csv") {
  let response;
  try {
    response = await fetch(path, {
      headers: { Accept: accept, "Accept-Language": lang, Authorization: `Bearer ${await token()}` },
    });
  } catch {
    throw new ApiError(navigator.onLine === false ? t("api.error.offline") : t("api.error.unreachable-retry"), { offline: true });
  }
  if (!response.ok) {
    let payload = null;
    try { payload = await response.json(); } catch { payload = null; }
    throw new ApiError(payload?.message || t("api.error.status", response.status), { status: response.status, code: payload?.error || "", payload });
  }
  return response.blob();
}

/**
 * Keeps the page's language with the person's preferences (`language`: "en", "es", "de", "ja"; "" for each device's
 * own), so it follows them to every device. Preferences are replaced whole (PUT), so the ones kept are read first and
 * sent back with the language changed.
 */
export async function saveLanguagePreference(code) {
  const preferences = (await request("GET", "/v1/me/preferences")) || {};
  return request("PUT", "/v1/me/preferences", { body: { ...preferences, language: code || "" } });
}

/** The page's language on this device: the `lang` cookie the server reads (`""` deletes it: the browser's language). */
export function setLanguageCookie(code) {
  document.cookie = code
    ? `lang=${encodeURIComponent(code)}; Path=/; Max-Age=31536000; SameSite=Lax`
    : "lang=; Path=/; Max-Age=0; SameSite=Lax";
}

/**
 * Asks a question in a thread and reads the answer as server-sent events as they arrive: `onEvent(name, data)` for
 * each (`tool`, `source`, `text`, `done`; `data` parsed). Resolves once the stream ends; rejects with an ApiError
 * (429 `quota_exhausted` past the quota, or an `error` event). `signal` stops it (the server keeps what was written).
 */
export async function askStream(threadID, text, repository, onEvent, signal) {
  const headers = {
    Accept: "text/event-stream", "Accept-Language": lang, "Content-Type": "application/json",
    Authorization: `Bearer ${await token()}`,
  };
  let response;
  try {
    response = await fetch(`/v1/me/threads/${encodeURIComponent(threadID)}/messages`, {
      method: "POST", headers, body: JSON.stringify(repository ? { text, repository } : { text }), signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(t("api.error.unreachable-retry"), { offline: true });
  }
  if (!response.ok) {
    let payload = null;
    try { payload = await response.json(); } catch { payload = null; }
    throw new ApiError(payload?.message || t("api.error.status-short", response.status), { status: response.status, code: payload?.error || "", payload });
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let end;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      let name = "message";
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (!data.length) continue;
      const parsed = JSON.parse(data.join("\n"));
      if (name === "error") throw new ApiError(parsed.message, { status: 500, code: parsed.error });
      onEvent(name, parsed);
    }
    if (done) return;
  }
}
