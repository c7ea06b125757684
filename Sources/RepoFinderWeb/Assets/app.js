// The web app's entry point on every page: the service worker, the offline banner and sync, repoverse:// links
// pasted anywhere, the screen's view for analytics (events.js; not the operator's page), then the script of this
// page's screen.

import { track } from "./events.js";
import { t } from "./i18n.js";
import { openLink } from "./links.js";
import { checkReachable, currentSyncState, pendingCount, sync, syncState } from "./store.js";
import { mountTray } from "./tray.js";
import { showOnceLoaded, toast } from "./ui.js";

const screens = {
  home: () => import("./home.js"),
  ask: () => import("./ask.js"),
  compare: () => import("./compare.js"),
  discover: () => import("./deck.js"),
  onboarding: () => import("./onboarding.js"),
  trending: () => import("./trending.js"),
  search: () => import("./search.js"),
  saved: () => import("./kept.js"),
  liked: () => import("./kept.js"),
  repository: () => import("./detail.js"),
  area: () => import("./areas.js"),
  list: () => import("./listsection.js"),
  profile: () => import("./profile.js"),
  maintainer: () => import("./maintainer.js"),
  admin: () => import("./admin.js"),
  "sign-in": () => import("./account.js").then((module) => ({ start: module.completeCallback })),
};

function showBanner() {
  const banner = document.getElementById("status-banner");
  if (!banner) return;
  const { pending, reachable } = currentSyncState();
  const deviceOffline = !navigator.onLine;
  // Online but no answer: the server is down or restarting, not the person's connection.
  const unreachable = !deviceOffline && !reachable;
  const offline = deviceOffline || unreachable;
  let text = "";
  if (deviceOffline) text = pending > 0 ? t("app.banner.offline-waiting", pending) : t("app.banner.offline");
  else if (unreachable) text = pending > 0 ? t("app.banner.unreachable-waiting", pending) : t("app.banner.unreachable");
  else if (pending > 0) text = t("app.banner.syncing", pending);
  banner.textContent = text;
  banner.hidden = text === "";
  banner.dataset.pending = String(pending);
  banner.classList.toggle("offline", offline);
}

function watchPaste() {
  document.addEventListener("paste", (event) => {
    if (event.target.closest?.("input, textarea")) return;
    const text = event.clipboardData?.getData("text") || "";
    if (/^\s*repoverse:\/\//i.test(text)) {
      event.preventDefault();
      openLink(text);
    }
  });
}

async function start() {
  if ("serviceWorker" in navigator) {
    // After the page has loaded: the shell it keeps is fetched once the first screen is up, not before.
    const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
  syncState.addEventListener("change", showBanner);
  syncState.addEventListener("dropped", (event) => toast(t("app.dropped", event.detail.message)));
  window.addEventListener("online", () => { showBanner(); sync(); });
  window.addEventListener("offline", showBanner);
  setInterval(() => {
    if (!currentSyncState().reachable) checkReachable();
    else if (currentSyncState().pending > 0) sync();
  }, 5000);
  watchPaste();
  mountTray();
  // Server-drawn avatars: shown once loaded; when GitHub's image cannot load (offline, blocked), the initial shows.
  document.querySelectorAll(".avatar img").forEach((image) => showOnceLoaded(image));
  showBanner();
  pendingCount().then(() => sync()).catch(() => {});
  const screen = document.body.dataset.screen;
  if (screen !== "admin") track("screen.view", { label: screen });
  const load = screens[screen];
  if (load) (await load()).start(document.querySelector("main"));
}

start();
