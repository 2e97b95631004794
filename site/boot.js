// boot.js starts the checker's first worker as soon as it arrives (async: it waits for neither
// the document nor its style sheet), while the page's modules are still being fetched and run:
// the wasm's download, compilation and Go's start-up then overlap them instead of waiting for
// them (~0.3 s on a busy 2-core machine; README "Speed"). checker.js adopts the worker, with what
// it sent before the page listened, as its first lane's; if the page's modules ran first, they
// started their own and this does nothing. The single-file page has no boot.js.
//
// It imports nothing before the worker starts: a static import of linkpane.js held the worker's
// start back by one round through the service worker. Without a link (no `#v1.` fragment,
// linkpane.js's linkPane answers '') the page starts on the Schema module, known at once; a link
// asks linkpane.js which module its pane needs, fetched only then.

(() => {
  if ('gatehouseBoot' in globalThis) return; // checker.js came first and started its own
  const worker = new Worker('worker.js', { type: 'module' });
  /** @type {(MessageEvent | ErrorEvent)[]} what it said (or how it failed) before the page listened */
  const events = [];
  worker.onmessage = (event) => { events.push(event); };
  worker.onerror = (event) => { event.preventDefault(); events.push(event); };
  /** @type {{worker: Worker, events: (MessageEvent | ErrorEvent)[], wasm: string}} */
  const boot = { worker, events, wasm: 'gatehouse-schema.wasm' };
  /** @type {any} */ (globalThis).gatehouseBoot = boot;
  // The Schema module for the page's own requests and the Schema pane's (checker.js, kindOf);
  // the whole module when the link opens a pane that needs it (linkpane.js).
  const load = () => worker.postMessage({ type: 'load', wasm: boot.wasm, pageOrigin: performance.timeOrigin, about: true });
  if (!location.hash.startsWith('#v1.')) {
    load();
    return;
  }
  import('./linkpane.js').then(({ startsOnSchemaModule }) => {
    if (!startsOnSchemaModule(location.hash)) boot.wasm = 'gatehouse.wasm';
  }).finally(load);
})();
