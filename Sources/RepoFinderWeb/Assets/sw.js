// The service worker: keeps the app shell (every screen's page, scripts, styles, icons) so RepoFinder opens offline.
// Pages: network first, the kept copy when offline. Files: from the cache (its name carries the build's version, so
// a new build replaces it). The API is never cached here: the deck keeps its last 50 cards in IndexedDB and
// queues what you do there (store.js).

const VERSION = "__VERSION__";
const CACHE = `repofinder-${VERSION}`;
const SHELL = ["/", "/ask", "/discover", "/compare", "/trending", "/search", "/saved", "/liked", "/profile", "/onboarding", "/offline"];
// Every file of the build but this worker and the manifest (kept under its own address), filled in by the server.
const FILES = __FILES__.map((name) => `/assets/${name}`).concat(["/manifest.webmanifest"]);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL, ...FILES])).then(() => self.skipWaiting()));
});

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
    if (response.ok) cache.put(url.pathname.startsWith("/r/") ? request : url.pathname, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) || (await cache.match(url.pathname)) || (await cache.match("/offline"));
  }
}
