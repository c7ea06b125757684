// What the web app keeps in the browser (IndexedDB): the queue of likes, saves and skips not yet sent, each with its
// own idempotency key, the last 50 cards dealt, so the deck works offline, and the newest 100 of Saved and Liked, so
// they list offline too (what is done here goes into them at once, queued or not). The queue is sent in order; the
// server stores each key once, so a batch sent twice (a lost answer, two tabs) is still recorded exactly once.
// Beside it, in a database of their own, the product analytics events waiting to be sent (events.js sends them).

import { api } from "./api.js";

const DB_NAME = "repofinder";
const MAX_CARDS = 50;
const MAX_BATCH = 500;
/** The newest entries of Saved and of Liked kept on the device. */
export const MAX_LISTED = 100;

let database = null;

function open() {
  if (database) return database;
  database = new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME, 2);
    opening.onupgradeneeded = (event) => {
      const db = opening.result;
      if (event.oldVersion < 1) {
        db.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("cards", { keyPath: "fullName" }).createIndex("dealt", "dealt");
      }
      if (event.oldVersion < 2) db.createObjectStore("lists", { keyPath: "key" }).createIndex("list", "list");
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  return database;
}

async function transaction(storeName, mode, work, opener = open) {
  const db = await opener();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName, mode);
    const store = tx.objectStore(storeName);
    let result;
    Promise.resolve(work(store)).then((value) => { result = value; });
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const promised = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// MARK: - The queue

/** Tells listeners how many interactions wait and whether the last attempt could reach the server. */
export const syncState = new EventTarget();
let state = { pending: 0, reachable: true, syncing: false };

function announce(changes) {
  state = { ...state, ...changes };
  syncState.dispatchEvent(new CustomEvent("change", { detail: state }));
}

export const currentSyncState = () => state;

/** Asks the server whether it answers (after it could not be reached); tells listeners when that changes. */
export async function checkReachable() {
  if (!navigator.onLine) return false;
  let reachable = false;
  try {
    reachable = (await fetch("/health", { cache: "no-store" })).ok;
  } catch { /* still unreachable */ }
  if (reachable !== state.reachable) announce({ reachable });
  if (reachable && state.pending > 0) sync();
  return reachable;
}

/**
 * Queues taking `repo` off a list ("liked" or "saved": an unlike or unsave) and tries to send it at once. A like or
 * save of it still queued is simply dropped instead: the server never hears of either.
 */
export async function unlist(list, repo) {
  const kind = list === "liked" ? "like" : "save";
  const queued = await transaction("queue", "readonly", (store) => promised(store.getAll()));
  const waiting = queued.filter((item) => !item.op && item.kind === kind && item.repo.toLowerCase() === repo.toLowerCase());
  if (waiting.length && !running) {
    await transaction("queue", "readwrite", (store) => { for (const item of waiting) store.delete(item.seq); });
  } else {
    await transaction("queue", "readwrite", (store) => store.add({ op: "unlist", list, repo, at: new Date().toISOString() }));
  }
  await forgetListed(list, repo);
  await refreshPending();
  sync();
}

/**
 * Queues a like, save, skip, view or open of `repo` ("owner/name") and tries to send it at once; a like or save of a
 * `repository` (the API's object) goes onto the list kept on this device at once.
 */
export async function record(kind, repo, repository = null) {
  const item = { id: uuid(), repo, kind, at: new Date().toISOString() };
  await transaction("queue", "readwrite", (store) => store.add(item));
  const list = { like: "liked", save: "saved" }[kind];
  if (list && repository) await keepListed(list, [{ repository, addedAt: item.at }]);
  await refreshPending();
  sync();
  return item;
}

export async function pendingCount() {
  return transaction("queue", "readonly", (store) => promised(store.count()));
}

async function refreshPending() {
  announce({ pending: await pendingCount() });
}

let running = null;

/** Sends everything queued, oldest first. Safe to call any time; one run at a time. */
export function sync() {
  if (!running) running = drain().finally(() => { running = null; });
  return running;
}

async function drain() {
  if (!navigator.onLine) {
    announce({ reachable: false, pending: await pendingCount() });
    return;
  }
  announce({ syncing: true });
  try {
    for (;;) {
      const queued = await transaction("queue", "readonly", (store) => promised(store.getAll(null, MAX_BATCH)));
      if (queued.length === 0) break;
      // Interactions go in batches; a removal from a list goes alone, in its place in the order.
      const firstRemoval = queued.findIndex((item) => item.op === "unlist");
      const batch = firstRemoval === 0 ? queued.slice(0, 1) : firstRemoval > 0 ? queued.slice(0, firstRemoval) : queued;
      try {
        if (batch[0].op === "unlist") await sendRemoval(batch[0]);
        else await send(batch);
      } catch (error) {
        if (error.offline || error.status === 429 || error.status >= 500) {
          announce({ reachable: !error.offline });
          return;
        }
        throw error;
      }
      await transaction("queue", "readwrite", (store) => { for (const item of batch) store.delete(item.seq); });
      await refreshPending();
    }
    announce({ reachable: true });
  } finally {
    announce({ syncing: false });
    await refreshPending();
  }
}

/**
 * Takes back a like, save or skip `record` queued: out of the queue if it was not sent yet (after any send in progress), else
 * withdrawn on the server (a 404 means there is nothing to take back). Throws when the server cannot be reached.
 */
export async function undoDecision(item) {
  if (running) await running;
  const queued = await transaction("queue", "readonly", (store) => promised(store.getAll()));
  const entry = queued.find((candidate) => candidate.id === item.id);
  const list = { like: "liked", save: "saved" }[item.kind];
  if (list) await forgetListed(list, item.repo);
  if (entry) {
    await transaction("queue", "readwrite", (store) => store.delete(entry.seq));
    await refreshPending();
    return;
  }
  try {
    await api.withdraw(item.id);
  } catch (error) {
    if (error.status !== 404) throw error;
  }
}

/** Takes a repository off a list on the server; one that is not on it (404) is already done. */
async function sendRemoval(item) {
  try {
    await api.remove(item.list, item.repo);
  } catch (error) {
    if (error.status === 404) return;
    if (error.status >= 400 && error.status < 500 && error.status !== 429) {
      syncState.dispatchEvent(new CustomEvent("dropped", { detail: { item, message: error.message } }));
      return;
    }
    throw error;
  }
}

/** Sends a batch; a batch the server refuses (all or nothing) is sent one by one and the refused items dropped. */
async function send(batch) {
  const strip = ({ id, repo, kind, at }) => ({ id, repo, kind, at });
  try {
    await api.interactions(batch.map(strip));
  } catch (error) {
    if (error.offline || error.status === 429 || error.status >= 500 || batch.length === 1) {
      if (batch.length === 1 && error.status >= 400 && error.status < 500 && error.status !== 429) {
        syncState.dispatchEvent(new CustomEvent("dropped", { detail: { item: batch[0], message: error.message } }));
        return;
      }
      throw error;
    }
    for (const item of batch) await send([item]);
  }
}

// MARK: - Cards kept for offline use

/** Keeps dealt cards (newest last), at most the last 50. */
export async function rememberCards(items) {
  const now = Date.now();
  await transaction("cards", "readwrite", async (store) => {
    items.forEach((item, position) => store.put({ ...item, fullName: item.repository.fullName, dealt: now + position }));
    const all = await promised(store.index("dealt").getAllKeys());
    for (const key of all.slice(0, Math.max(0, all.length - MAX_CARDS))) store.delete(key);
  });
}

/** Drops a card once it has been swiped. */
export async function forgetCard(fullName) {
  await transaction("cards", "readwrite", (store) => store.delete(fullName));
}

/** The kept cards not yet swiped, in the order they were dealt. */
export async function rememberedCards() {
  const cards = await transaction("cards", "readonly", (store) => promised(store.index("dealt").getAll()));
  return cards.map(({ fullName, dealt, ...item }) => item);
}

// An account the server forgot: its dealt cards and lists go; queued swipes stay (they are the person's taste, and
// go to the new account).
window.addEventListener("rf-account-gone", () => {
  transaction("cards", "readwrite", (store) => store.clear()).catch(() => {});
  transaction("lists", "readwrite", (store) => store.clear()).catch(() => {});
});

/** Forgets everything kept in this browser for the account: the queue, the cached cards and lists, the analytics
 * events not sent yet (it is gone). */
export async function forgetEverything() {
  await transaction("queue", "readwrite", (store) => store.clear());
  await transaction("cards", "readwrite", (store) => store.clear());
  await transaction("lists", "readwrite", (store) => store.clear());
  await clearEvents().catch(() => {});
}

// MARK: - Saved and Liked kept for offline use

const listKey = (list, fullName) => `${list}:${fullName.toLowerCase()}`;

/** Puts entries (`{ repository, addedAt }`) onto a list kept on this device (a newer one replaces an older). */
export async function keepListed(list, entries) {
  await transaction("lists", "readwrite", (store) => {
    for (const { repository, addedAt } of entries) {
      store.put({ key: listKey(list, repository.fullName), list, repository, addedAt });
    }
  });
}

/** Takes a repository off a list kept on this device. */
export async function forgetListed(list, fullName) {
  await transaction("lists", "readwrite", (store) => store.delete(listKey(list, fullName)));
}

/**
 * Replaces a kept list with the server's newest entries — except what this device did that the server has not heard
 * of yet (likes and saves still queued stay on it; removals still queued stay off).
 */
export async function replaceListed(list, entries) {
  const queued = await transaction("queue", "readonly", (store) => promised(store.getAll()));
  const kind = list === "liked" ? "like" : "save";
  const waiting = new Set(queued.filter((item) => !item.op && item.kind === kind).map((item) => item.repo.toLowerCase()));
  const leaving = new Set(queued.filter((item) => item.op === "unlist" && item.list === list).map((item) => item.repo.toLowerCase()));
  const kept = (await listed(list)).filter((entry) => waiting.has(entry.repository.fullName.toLowerCase()));
  await transaction("lists", "readwrite", async (store) => {
    const keys = await promised(store.index("list").getAllKeys(list));
    for (const key of keys) store.delete(key);
    for (const entry of [...entries, ...kept]) {
      if (leaving.has(entry.repository.fullName.toLowerCase())) continue;
      store.put({ key: listKey(list, entry.repository.fullName), list, repository: entry.repository, addedAt: entry.addedAt });
    }
  });
}

/** A list as kept on this device, newest first; each entry says whether it still waits to reach the server. */
export async function listed(list) {
  const entries = await transaction("lists", "readonly", (store) => promised(store.index("list").getAll(list)));
  const queued = await transaction("queue", "readonly", (store) => promised(store.getAll()));
  const kind = list === "liked" ? "like" : "save";
  const waiting = new Set(queued.filter((item) => !item.op && item.kind === kind).map((item) => item.repo.toLowerCase()));
  return entries
    .map(({ repository, addedAt }) => ({ repository, addedAt, waiting: waiting.has(repository.fullName.toLowerCase()) }))
    .sort((a, b) => String(b.addedAt).localeCompare(String(a.addedAt)));
}

// MARK: - Analytics events waiting to be sent

// Their own database, so adding them upgraded nothing of "repofinder" (a tab of an older build keeps working).
const EVENTS_DB = "repofinder-events";
/** The most events kept while they cannot be sent (the oldest go first). */
const MAX_EVENTS = 1000;
let eventsDatabase = null;

function openEvents() {
  if (eventsDatabase) return eventsDatabase;
  eventsDatabase = new Promise((resolve, reject) => {
    const opening = indexedDB.open(EVENTS_DB, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("events", { keyPath: "seq", autoIncrement: true });
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  return eventsDatabase;
}

/** Queues one event (`{ id, name, at, platform, … }`), dropping the oldest past MAX_EVENTS. */
export async function queueEvent(event) {
  await transaction("events", "readwrite", async (store) => {
    store.add(event);
    const keys = await promised(store.getAllKeys());
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_EVENTS))) store.delete(key);
  }, openEvents);
}

/** The oldest `limit` events waiting, each with its `seq` (for `dropEvents`). */
export async function queuedEvents(limit) {
  return transaction("events", "readonly", (store) => promised(store.getAll(null, limit)), openEvents);
}

/** Deletes events once the server has them (or refused them for good). */
export async function dropEvents(events) {
  await transaction("events", "readwrite", (store) => { for (const event of events) store.delete(event.seq); }, openEvents);
}

/** Deletes every event waiting (the person turned analytics off, or the account is gone). */
export async function clearEvents() {
  await transaction("events", "readwrite", (store) => store.clear(), openEvents);
}
