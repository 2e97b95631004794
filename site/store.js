// The page's texts when they are too large for the address bar: kept in this browser's IndexedDB
// (this origin only, never sent anywhere), so a reload does not lose them. One record per pane and
// one for the rest (which pane, the language, when); a save writes only the panes whose texts
// changed since the last one, so typing in one pane never copies another pane's megabytes again.
// The page says when it restored them and offers to clear them.

const dbName = 'gatehouse';
const storeName = 'panes';
const paneNames = ['schema', 'decision', 'diff'];

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of [...db.objectStoreNames]) db.deleteObjectStore(name);
      db.createObjectStore(storeName);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * run does requests in one transaction and resolves to the last one's result.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest | void} make
 * @returns {Promise<any>}
 */
async function run(mode, make) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const request = make(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** @type {Record<string, any>} the pane states last written, to skip the unchanged ones */
let written = {};

/**
 * samePane tells whether two states of a pane hold the same texts and settings. Texts read out
 * of an unchanged editor are the same string, so the comparison is cheap for them.
 * @param {any} a
 * @param {any} b
 */
function samePane(a, b) {
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => (a[k] && typeof a[k] === 'object' ? samePane(a[k], b[k]) : a[k] === b[k]));
}

// A long text is stored as a Blob: IndexedDB copies a string into its record on the page's own
// thread (280 ms for two catalogs of 10,000 tools), where a Blob's bytes are written off it. A
// Blob is made from a string on the page's thread too (up to ~50 ms a megabyte on a busy machine;
// a piece of 256 K characters took 40–120 ms while a 10,000-tool diff ran), so a long text becomes
// one in pieces, a task each.
const blobFrom = 64 * 1024;
const pieceChars = 64 * 1024;

/**
 * asBlobs is a pane's state with its long texts as Blobs.
 * @param {any} pane
 */
async function asBlobs(pane) {
  if (!pane || typeof pane !== 'object') return pane;
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, v] of Object.entries(pane)) {
    if (typeof v !== 'string' || v.length < blobFrom) {
      out[k] = v;
      continue;
    }
    const pieces = [];
    for (let i = 0; i < v.length;) {
      let end = Math.min(v.length, i + pieceChars);
      const last = v.charCodeAt(end - 1);
      if (end < v.length && last >= 0xd800 && last <= 0xdbff) end--; // never split a surrogate pair
      pieces.push(new Blob([v.slice(i, end)]));
      i = end;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    out[k] = new Blob(pieces);
  }
  return out;
}

/**
 * fromBlobs reads a stored pane's Blobs back into texts.
 * @param {any} pane
 */
async function fromBlobs(pane) {
  if (!pane || typeof pane !== 'object' || Array.isArray(pane)) return pane;
  const entries = await Promise.all(Object.entries(pane).map(async ([k, v]) => [k, v instanceof Blob ? await v.text() : v]));
  return Object.fromEntries(entries);
}

/**
 * keepState stores the page's state; resolves false where the browser refuses (private mode,
 * storage full, IndexedDB off). Saves are written one after the other, in the order asked: a
 * long text takes several tasks to prepare, and a later, smaller save must not overtake it.
 * @param {import('./gatehouse').State} state
 * @returns {Promise<boolean>}
 */
export function keepState(state) {
  const next = saving.then(() => save(state));
  saving = next;
  return next;
}

/** @type {Promise<boolean>} the last save asked for */
let saving = Promise.resolve(true);

/** @param {import('./gatehouse').State} state */
async function save(state) {
  const changed = paneNames.filter((name) => !samePane(written[name], /** @type {any} */ (state.panes)[name]));
  try {
    const records = await Promise.all(changed.map((name) => asBlobs(/** @type {any} */ (state.panes)[name])));
    await run('readwrite', (store) => {
      changed.forEach((name, i) => store.put(records[i], name));
      return store.put({ pane: state.pane, options: state.options, saved: Date.now() }, 'page');
    });
    for (const name of changed) written[name] = /** @type {any} */ (state.panes)[name];
    return true;
  } catch {
    written = {};
    return false;
  }
}

/**
 * keptState returns the stored state and when it was saved, or null.
 * @returns {Promise<{state: import('./gatehouse').State, saved: number} | null>}
 */
export async function keptState() {
  try {
    /** @type {IDBRequest[]} */
    const requests = [];
    await run('readonly', (store) => {
      for (const key of ['page', ...paneNames]) requests.push(store.get(key));
    });
    const [page, ...panes] = await Promise.all(requests.map((r) => fromBlobs(r.result)));
    if (!page || typeof page !== 'object') return null;
    /** @type {any} */
    const state = { pane: page.pane, options: page.options ?? {}, panes: {} };
    paneNames.forEach((name, i) => {
      state.panes[name] = panes[i] ?? {};
      written[name] = panes[i];
    });
    return { state, saved: page.saved };
  } catch {
    return null;
  }
}

/** clearState forgets the stored state, after any save still being written. */
export function clearState() {
  const next = saving.then(async () => {
    written = {};
    try {
      await run('readwrite', (store) => store.clear());
    } catch {
      // Nothing was stored, or storage is off: nothing to clear.
    }
    return true;
  });
  saving = next;
  return next;
}
