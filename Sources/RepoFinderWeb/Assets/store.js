// What the web app keeps in the browser (IndexedDB): the queue of likes, saves and skips not yet sent, each with its
// own idempotency key, and the last 50 cards dealt, so the deck works offline. The queue is sent in order; the server
// stores each key once, so a batch sent twice (a lost answer, two tabs) is still recorded exactly once.

import { api } from "./api.js";

const DB_NAME = "repofinder";
const MAX_CARDS = 50;
const MAX_BATCH = 500;

let database = null;

function open() {
  if (database) return database;
  database = new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME, 1);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      db.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
      db.createObjectStore("cards", { keyPath: "fullName" }).createIndex("dealt", "dealt");
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
  return database;
}

async function transaction(storeName, mode, work) {
  const db = await open();
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
  await refreshPending();
  sync();
}

/** Queues a like, save, skip, view or open of `repo` ("owner/name") and tries to send it at once. */
export async function record(kind, repo) {
  const item = { id: uuid(), repo, kind, at: new Date().toISOString() };
  await transaction("queue", "readwrite", (store) => store.add(item));
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
    announce({ reachable: false });
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

/** Forgets everything kept in this browser for the account: the queue and the cached cards (its account is gone). */
export async function forgetEverything() {
  await transaction("queue", "readwrite", (store) => store.clear());
  await transaction("cards", "readwrite", (store) => store.clear());
}
