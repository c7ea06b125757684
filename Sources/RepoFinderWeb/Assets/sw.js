// The service worker: keeps the app shell (every screen's page, scripts, styles, icons) so RepoFinder opens offline.
// Pages: network first, the kept copy when offline, kept per language (a page says its language in
// `Content-Language`; offline, the pages of the language last seen are shown, and a new language's shell is fetched
// once it is first seen). Files: from the cache (its name carries the build's version, so a new build replaces it). The API is never cached here: the deck keeps its last 50 cards in IndexedDB and
// queues what you do there (store.js).

const VERSION = "__VERSION__";
const CACHE = `repofinder-${VERSION}`;
const SHELL = ["/", "/ask", "/discover", "/compare", "/trending", "/search", "/saved", "/liked", "/profile", "/onboarding", "/offline"];
// Every file of the build but this worker and the manifest (kept under its own address), filled in by the server.
const FILES = __FILES__.map((name) => `/assets/${name}`).concat(["/manifest.webmanifest"]);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES).then(() => keepShell(cache)))
    .then(() => self.skipWaiting()));
});

/** Where a page is kept: its path and its language. */
const pageKey = (path, language) => `${path}?lang=${encodeURIComponent(language)}`;
/** The language of the pages the person saw last (kept in the cache too, for a worker started offline). */
let language = null;

async function lastLanguage(cache) {
  if (!language) language = await (await cache.match("/__language"))?.text() ?? "en";
  return language;
}

/** Fetches every shell page not yet kept in the language the server answers in now (the person's), keeping each. */
async function keepShell(cache) {
  await Promise.all(SHELL.map(async (path) => {
    const response = await fetch(path, { credentials: "same-origin" });
    if (!response.ok) return;
    const spoken = response.headers.get("Content-Language") || "en";
    await cache.put(pageKey(path, spoken), response);
    if (path === "/offline") await remember(cache, spoken);
  }));
}

async function remember(cache, spoken) {
  language = spoken;
  await cache.put("/__language", new Response(spoken));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("repofinder-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()));
});

const passThrough = (url) =>
  url.origin !== self.location.origin || /^\/(v1|health|metrics|openapi\.yaml|open|sw\.js)(\/|$|\?)/.test(url.pathname);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (passThrough(url)) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  } else {
    event.respondWith(caches.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request)));
  }
});

async function page(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const spoken = response.headers.get("Content-Language") || "en";
      cache.put(pageKey(url.pathname, spoken), response.clone());
      if (spoken !== await lastLanguage(cache)) {
        await remember(cache, spoken);
        if (!(await cache.match(pageKey("/offline", spoken)))) keepShell(cache).catch(() => {});
      }
    }
    return response;
  } catch {
    const spoken = await lastLanguage(cache);
    return (await cache.match(pageKey(url.pathname, spoken))) || (await cache.match(pageKey("/offline", spoken)));
  }
}
