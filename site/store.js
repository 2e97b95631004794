// The page's texts when they are too large for a link: kept in this browser's IndexedDB (this
// origin only, never sent anywhere), so a reload does not lose them. One record, replaced on every
// save; the page says when it restored it and offers to clear it. Long texts are stored as Blobs:
// IndexedDB then keeps a reference, where a string of megabytes would be copied into the record
// on the page's thread.

/** Texts longer than this are stored as Blobs. */
const blobOver = 64_000;

/**
 * pack replaces the long strings in a value (objects and arrays, however nested) by Blobs.
 * @param {any} value
 * @returns {any}
 */
function pack(value) {
  if (typeof value === 'string') return value.length > blobOver ? new Blob([value], { type: 'text/plain' }) : value;
  if (Array.isArray(value)) return value.map(pack);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pack(v)]));
  return value;
}

/**
 * unpack reads the Blobs pack made back into strings.
 * @param {any} value
 * @returns {Promise<any>}
 */
async function unpack(value) {
  if (value instanceof Blob) return value.text();
  if (Array.isArray(value)) return Promise.all(value.map(unpack));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await unpack(v)]));
    return Object.fromEntries(entries);
  }
  return value;
}

const dbName = 'gatehouse';
const storeName = 'state';
const key = 'texts';

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * run does one request in a transaction and resolves to its result.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} make
 * @returns {Promise<any>}
 */
async function run(mode, make) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const request = make(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/**
 * keepState stores the page's state; resolves false where the browser refuses (private mode,
 * storage full, IndexedDB off).
 * @param {import('./gatehouse').State} state
 */
export async function keepState(state) {
  try {
    await run('readwrite', (store) => store.put({ state: pack(state), saved: Date.now() }, key));
    return true;
  } catch {
    return false;
  }
}

/**
 * keptState returns the stored state and when it was saved, or null.
 * @returns {Promise<{state: import('./gatehouse').State, saved: number} | null>}
 */
export async function keptState() {
  try {
    const record = await run('readonly', (store) => store.get(key));
    if (!record || typeof record !== 'object' || !record.state) return null;
    return { state: await unpack(record.state), saved: record.saved };
  } catch {
    return null;
  }
}

/** clearState forgets the stored state. */
export async function clearState() {
  try {
    await run('readwrite', (store) => store.delete(key));
  } catch {
    // Nothing was stored, or storage is off: nothing to clear.
  }
}
