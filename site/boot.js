// boot.js starts the checker's first worker as soon as it arrives (async: it waits for neither
// the document nor its style sheet), while the page's modules are still being fetched and run:
// the wasm's download, compilation and Go's start-up then overlap them instead of waiting for
// them (~0.3 s on a busy 2-core machine; README "Speed"). checker.js adopts the worker, with what
// it sent before the page listened, as its first lane's; if the page's modules ran first, they
// started their own and this does nothing. The single-file page has no boot.js.
import { startsOnSchemaModule } from './linkpane.js';

(() => {
  if ('gatehouseBoot' in globalThis) return; // checker.js came first and started its own
  const worker = new Worker('worker.js', { type: 'module' });
  /** @type {(MessageEvent | ErrorEvent)[]} what it said (or how it failed) before the page listened */
  const events = [];
  worker.onmessage = (event) => { events.push(event); };
  worker.onerror = (event) => { event.preventDefault(); events.push(event); };
  // The Schema module for the page's own requests and the Schema pane's (checker.js, kindOf);
  // the whole module when the link opens a pane that needs it (linkpane.js).
  const wasm = startsOnSchemaModule(location.hash) ? 'gatehouse-schema.wasm' : 'gatehouse.wasm';
  worker.postMessage({ type: 'load', wasm, pageOrigin: performance.timeOrigin, about: true });
  /** @type {any} */ (globalThis).gatehouseBoot = { worker, events, wasm };
})();
