// The service worker: once the page has loaded, it works offline, and a reload needs no network.
// It keeps a copy of the page's own files, one copy per version of the page, and answers every
// file of its version from that copy without asking the server first: a reload's scripts start
// as soon as the page asks for them, instead of each waiting for the server's 304 (README
// "Speed"). A new version is a new sw.js: the server writes the content hash of all the page's
// files into `version` below, the browser finds the changed sw.js when the page is next opened,
// and the new worker keeps the new files in a cache of their own and takes over; the old version
// is never mixed with the new one. It never touches requests to other origins (the page makes
// none) and never stores anything but the files listed here.
'use strict';

/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);

// The content hash of every page file but this one, written by the server (site.go, versionSW);
// a sw.js served as it is in the source tree has none and asks the network first, every time.
const version = 'unversioned';
const versioned = version !== 'unversioned';
const cacheName = versioned ? `gatehouse-${version}` : 'gatehouse-unversioned';

// The page's files, as site.go serves them (site_test.go checks these lists against the embed):
// pageFiles are kept when this worker installs; laterFiles, the first time the page fetches each
// (gatehouse.wasm, every check: the page loads it only once a pane needs more than the Schema
// module, so a visit that stays in the Schema pane never downloads it).
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
  // A versioned worker also tells the browser to answer its files from this version's copy
  // itself (static routing, where the browser has it): the fetch event below then runs only for
  // what the routes leave to it, and a reload's files, each asked for only once the one before has
  // arrived (the page, boot.js, worker.js, gatehouse.mjs, the module), wait neither for this
  // worker to start nor for a round through its script. A file the copy does not hold comes from
  // the network, as cacheFirst's does; gatehouse.wasm is kept here when first fetched, so it
  // stays with the fetch event.
  const routed = /** @type {any} */ (event).addRoutes;
  if (versioned && typeof routed === 'function') {
    const rules = pageFiles.map((file) => {
      const url = new URL(file, scope);
      // Any query, as cacheFirst ignores it; the copy is asked for by the request's own URL.
      const urlPattern = new URLPattern({ protocol: url.protocol.slice(0, -1), hostname: url.hostname, port: url.port, pathname: url.pathname });
      return { condition: { urlPattern, requestMethod: 'GET' }, source: { cacheName } };
    });
    event.waitUntil(Promise.resolve(routed.call(event, rules)).catch(() => undefined));
  }
  // A file that is missing (a build without the wasm) must not stop the others from being kept.
  event.waitUntil(caches.open(cacheName)
    .then((cache) => Promise.all(pageFiles.map((file) => cache.add(file).catch(() => undefined))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  // Only caches of this worker's making: the page's origin may hold other caches of its own.
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('gatehouse-') && n !== cacheName).map((n) => caches.delete(n))))
    .then(() => worker.clients.claim()));
});

// The page asks for laterFiles to be kept once it has used them: a worker the page started before
// this service worker took it over fetched them past it. The copy comes from the browser's HTTP
// cache, revalidated (a 304, no second download).
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
 * cacheFirst answers a file of this version from its copy, with no request to the server; a file
 * not kept yet (the install still running, a file it could not fetch, or one of laterFiles not
 * fetched before) comes from the network, as networkFirst answers it, and is kept from then on.
 * The copy is also what V8 keeps its compiled code beside: a reload
 * instantiates gatehouse.wasm from V8's code cache instead of compiling it again.
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
 * for with its ETag, and while it has not changed (304) the answer is the cached copy. That copy, unlike a response passed through from the network, is one V8 keeps its
 * compiled code beside: a reload instantiates gatehouse.wasm from V8's code cache instead of
 * compiling its 10 MB again (measured in README "Speed").
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
