// The service worker: once the page has loaded, it works offline, and a reload needs no network.
// It keeps one copy of the page's files per version and answers every file of its version from
// it, without asking the server (README "Speed"). A new version is a new sw.js (the server writes
// the content hash of the page's files into `version`), which the browser finds when the page is
// next opened: its files go into a cache of their own, never mixed with the old. It never touches
// other origins' requests and stores nothing but the files listed here.
'use strict';

/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);

// The content hash of every page file but this one, written by the server (site.go, versionSW);
// as in the source tree, none: it then asks the network first, every time.
const version = 'unversioned';
const versioned = version !== 'unversioned';
const cacheName = versioned ? `gatehouse-${version}` : 'gatehouse-unversioned';

// The page's files, as site.go serves them (site_test.go checks these lists against the embed):
// pageFiles are kept when this worker installs; laterFiles, the first time the page fetches each
// (gatehouse.wasm: only a pane that needs more than the Schema module loads it).
const pageFiles = [
  './',
  'index.html',
  'style.css',
  'app.js',
  'boot.js',
  'linkpane.js',
  'checker.js',
  'codemirror.js',
  'dom.js',
  'editor.js',
  'examples.js',
  'hidden.js',
  'i18n.js',
  'lang-de.js',
  'lang-en.js',
  'lang-fr.js',
  'menu.js',
  'pane-decision.js',
  'pane-session.js',
  'pane-result.js',
  'pane-diff.js',
  'pane-schema.js',
  'render.js',
  'store.js',
  'text.js',
  'worker.js',
  'wasm_exec.js',
  'gatehouse.mjs',
  'gatehouse-schema.wasm',
];
const laterFiles = [
  'gatehouse.wasm',
];

const scope = new URL('./', worker.location.href);
const cacheable = new Set([...pageFiles, ...laterFiles].map((file) => new URL(file, scope).href));

worker.addEventListener('install', (event) => {
  // Static routes: the browser answers from this copy without this script (nor its start);
  // gatehouse.wasm, kept once fetched, stays with the fetch event.
  if (versioned && 'addRoutes' in event) {
    const rules = pageFiles.map((file) => {
      const { protocol, hostname, port, pathname } = new URL(file, scope); // any query, as cacheFirst
      return { condition: { urlPattern: new URLPattern({ protocol, hostname, port, pathname }), requestMethod: 'GET' }, source: { cacheName } };
    });
    event.waitUntil(/** @type {any} */ (event).addRoutes(rules).catch(() => undefined));
  }
  // A missing file (a build without the wasm) must not stop the others from being kept.
  event.waitUntil(caches.open(cacheName)
    .then((cache) => Promise.all(pageFiles.map((file) => cache.add(file).catch(() => undefined))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  // Only caches of this worker's making: the origin may hold others.
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('gatehouse-') && n !== cacheName).map((n) => caches.delete(n))))
    .then(() => worker.clients.claim()));
});

// The page asks for laterFiles to be kept once it has used them (a worker it started before this
// one took over fetched them past it): from the HTTP cache, revalidated (a 304, no download).
worker.addEventListener('message', (event) => {
  const data = event.data;
  const files = data?.type === 'keep' && Array.isArray(data.files) ? data.files.filter((/** @type {string} */ f) => laterFiles.includes(f)) : [];
  if (files.length === 0) return;
  event.waitUntil(caches.open(cacheName).then((cache) => Promise.all(files.map((/** @type {string} */ file) =>
    cache.match(file).then((hit) => hit ?? cache.add(file)).catch(() => undefined)))));
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  event.respondWith(versioned ? cacheFirst(request, url) : networkFirst(request, url));
});

/**
 * cacheFirst answers a file of this version from its copy, with no request to the server; one
 * not kept yet (the install still running, a failed fetch, laterFiles not fetched yet) comes from
 * the network, as networkFirst answers it, and is kept from then on.
 * @param {Request} request
 * @param {URL} url
 */
async function cacheFirst(request, url) {
  const key = url.origin + url.pathname;
  if (cacheable.has(key)) {
    const cached = await caches.open(cacheName).then((cache) => cache.match(key));
    if (cached) return cached;
  }
  return networkFirst(request, url);
}

/**
 * networkFirst asks the network (for an unversioned sw.js, every time, so a new version shows at
 * once; for a versioned one, only for what its copy does not hold); a file the cache holds is asked
 * for with its ETag, and while it has not changed (304) the answer is the cached copy: unlike a response passed through, one V8 keeps its
 * compiled code beside, so a reload instantiates the module from V8's code cache.
 * @param {Request} request
 * @param {URL} url
 */
async function networkFirst(request, url) {
  const key = url.origin + url.pathname; // the fragment never reaches here; a query is ignored
  const keep = cacheable.has(key);
  // A navigation's request cannot be copied with other headers: it goes as it came, without
  // waiting for the cache, which it only needs when there is no network.
  const navigation = request.mode === 'navigate';
  const cached = keep && !navigation ? await caches.open(cacheName).then((cache) => cache.match(key)) : undefined;
  const etag = cached?.headers.get('ETag');
  try {
    const response = await fetch(etag ? new Request(request, { headers: { 'If-None-Match': etag } }) : request);
    if (etag && response.status === 304 && cached) return cached;
    if (response.ok && keep) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch (err) {
    const fallback = cached ?? await caches.open(cacheName).then((cache) => cache.match(key));
    if (fallback) return fallback;
    throw err;
  }
}
