// The service worker: once the page has loaded, it works offline. It keeps a copy of the page's
// own files and answers from the network first (so a new version shows at once), falling back to
// the copy when there is no network. It never touches requests to other origins (the page makes
// none) and never stores anything but the files listed here.
'use strict';

/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);

const cacheName = 'gatehouse-v2';

// The page's files, as site.go serves them (site_test.go checks this list against the embed).
const pageFiles = [
  './',
  'index.html',
  'style.css',
  'app.js',
  'boot.js',
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
  'gatehouse.wasm',
];

const scope = new URL('./', worker.location.href);
const cacheable = new Set(pageFiles.map((file) => new URL(file, scope).href));

worker.addEventListener('install', (event) => {
  // A file that is missing (a build without the wasm) must not stop the others from being kept.
  event.waitUntil(caches.open(cacheName)
    .then((cache) => Promise.all(pageFiles.map((file) => cache.add(file).catch(() => undefined))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== cacheName).map((n) => caches.delete(n))))
    .then(() => worker.clients.claim()));
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  event.respondWith(networkFirst(request, url));
});

/**
 * networkFirst asks the network every time, so a new version shows at once; a file the cache
 * holds is asked for with its ETag, and while it has not changed (304) the answer is the cached
 * copy. That copy, unlike a response passed through from the network, is one V8 keeps its
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
  const cached = keep && !navigation ? await caches.match(key) : undefined;
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
    const fallback = cached ?? await caches.match(key);
    if (fallback) return fallback;
    throw err;
  }
}
