// Product analytics from the web app: what a person did (a screen shown, a swipe, a search's length and how many it
// found), when, and that it was on the web — never an address, a browser or what they typed (except a search that
// found nothing). Events wait in IndexedDB (store.js) and go to POST /v1/events in batches of up to 100: a few
// seconds after one is made, every 30 s while any wait, when the page is hidden and when the device is back online.
// Each has its own id, so a batch sent twice counts once. A person who turned "Share anonymous usage figures" off
// (`analytics: false` in their preferences) sends nothing: what waits is dropped.

import { api } from "./api.js";
import { clearEvents, dropEvents, queueEvent, queuedEvents } from "./store.js";

const NAMES = new Set([
  "onboarding.step.seen", "onboarding.step.finished", "onboarding.step.skipped", "onboarding.finished", "screen.view",
  "search", "deck.dealt", "deck.emptied", "swipe", "undo", "open", "import.started", "import.finished",
  "signin.started", "signin.finished", "ask.question", "ask.quota", "compare",
]);
const BATCH = 100;
const EVERY = 30_000;
const SOON = 5_000;
/** "off" once the person turned analytics off (Profile, or their preferences as the server keeps them). */
const SETTING = "rf.analytics";
/** When this tab last read the preference (it is read again after an hour). */
const CHECKED = "rf.analytics.checked";

const sharing = () => localStorage.getItem(SETTING) !== "off";

function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const whole = (value) => (Number.isFinite(value) ? Math.max(0, Math.min(100_000, Math.round(value))) : undefined);

/**
 * Queues an event: `track("swipe", { label: "like" })`, `track("search", { value: 5, count: 0, query: "ruts" })`.
 * Never throws; resolves once the event is kept (await it before leaving the page).
 */
export async function track(name, { label, value, count, query } = {}) {
  if (!NAMES.has(name) || !sharing()) return;
  const event = { id: uuid(), name, at: new Date().toISOString(), platform: "web" };
  if (label) event.label = String(label).replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) || undefined;
  if (whole(value) !== undefined) event.value = whole(value);
  if (whole(count) !== undefined) event.count = whole(count);
  // A search's words only when it found nothing.
  if (name === "search" && event.count === 0 && query) event.query = String(query).slice(0, 200);
  try {
    await queueEvent(event);
    soon();
  } catch { /* no IndexedDB (a private window): the event is lost, nothing else is */ }
}

/** Turns sending on or off on this device (Profile's switch, after the preference was saved); off drops the queue. */
export async function setSharing(on) {
  localStorage.setItem(SETTING, on ? "on" : "off");
  localStorage.setItem(CHECKED, String(Date.now()));
  if (!on) await clearEvents().catch(() => {});
}

let timer = 0;
function soon() {
  if (!timer) timer = setTimeout(() => { timer = 0; flush(); }, SOON);
}

/** Whether the person shares, as their preferences say (read at most once an hour; offline: as last known). */
async function allowed() {
  if (!sharing()) return false;
  if (Date.now() - Number(localStorage.getItem(CHECKED) || 0) < 3_600_000) return true;
  try {
    const preferences = await api.preferences();
    await setSharing(preferences?.analytics !== false);
  } catch { /* unknown: as last known */ }
  return sharing();
}

let running = null;

/** Sends what waits, oldest first; one run at a time. */
export function flush() {
  if (!running) running = send().catch(() => {}).finally(() => { running = null; });
  return running;
}

async function send() {
  // No account yet: events wait for one rather than make one (the first screen that needs it does).
  if (!navigator.onLine || !localStorage.getItem("rf.token")) return;
  if (!(await allowed())) {
    await clearEvents();
    return;
  }
  for (;;) {
    const batch = await queuedEvents(BATCH);
    if (batch.length === 0) return;
    try {
      await api.events(batch.map(({ seq, ...event }) => event));
    } catch (error) {
      if (error.offline || error.status === 429 || error.status >= 500 || batch.length === 1) {
        // Refused outright (a 4xx): that one event is dropped rather than block the rest.
        if (batch.length === 1 && error.status >= 400 && error.status < 500 && error.status !== 429) await dropEvents(batch);
        return;
      }
      // A batch is stored whole or not at all: one by one, the refused ones dropped.
      for (const event of batch) {
        await api.events([(({ seq, ...rest }) => rest)(event)]).catch((failure) => {
          if (failure.offline || failure.status === 429 || failure.status >= 500) throw failure;
        });
        await dropEvents([event]);
      }
      continue;
    }
    await dropEvents(batch);
  }
}

setInterval(flush, EVERY);
window.addEventListener("online", () => flush());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flush(); });
setTimeout(flush, SOON);

// A console hook for checks (`rfEvents.track(…)`, `rfEvents.flush()`).
window.rfEvents = { track, flush };
