// The checker's Web Worker: loads gatehouse.wasm and answers the page's requests, so the page
// never freezes while the checker works.
//
// Protocol (see gatehouse.d.ts, WorkerInbound / WorkerOutbound):
//   worker → page, once:  {type: "ready", version, functions: [name]}
//                     or  {type: "failed", message}     (the wasm could not be loaded)
//   page → worker:        {id, fn, arg}                 (arg: the one JSON string gatehouse[fn] takes)
//   worker → page:        {id, result}                  (result: the JSON string gatehouse[fn] returned)
//                     or  {id, error}                   (no such function, or it threw)
//   worker → page:        {type: "exited", message}     (the Go program stopped; nothing more will be answered)
// Requests are answered one at a time, in the order they arrive.
'use strict';

/** @type {Record<string, any> | null} */
let api = null;
let exited = false;

async function load() {
  try {
    importScripts('wasm_exec.js');
  } catch (err) {
    throw new Error('wasm_exec.js could not be loaded (run `make wasm`): ' + String(err));
  }
  // @ts-ignore: Go comes from wasm_exec.js
  const go = new Go();
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch('gatehouse.wasm'), go.importObject));
  } catch {
    // instantiateStreaming needs the application/wasm type and a browser that has it; fall back to
    // compiling the bytes, which also tells a missing file apart from a broken one.
    const response = await fetch('gatehouse.wasm');
    if (!response.ok) {
      throw new Error(`gatehouse.wasm could not be loaded (HTTP ${response.status}; run \`make wasm\`)`);
    }
    ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), go.importObject));
  }
  go.run(instance).then(() => {
    exited = true;
    postMessage({ type: 'exited', message: 'the checker stopped' });
  });
  // main() registers globalThis.gatehouse before it blocks, which go.run reaches synchronously;
  // the short wait only covers a runtime that yields first.
  for (let i = 0; i < 100 && !globalThis.gatehouse && !exited; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!globalThis.gatehouse) throw new Error('gatehouse.wasm did not define globalThis.gatehouse');
  return /** @type {Record<string, any>} */ (/** @type {unknown} */ (globalThis.gatehouse));
}

/** @type {Array<{id: number, fn: string, arg: string}>} */
const queue = [];

// close() would stop the Go program under the page; it is for scripts that are done.
const callable = (/** @type {string} */ fn) => fn !== 'close';

function answer(/** @type {{id: number, fn: string, arg: string}} */ request) {
  const { id, fn, arg } = request;
  if (exited) return postMessage({ id, error: 'the checker stopped; reload the page' });
  if (!api) return postMessage({ id, error: 'the checker is not loaded' });
  const f = api[fn];
  if (typeof f !== 'function' || !callable(fn)) return postMessage({ id, error: `gatehouse.${fn} does not exist in this build` });
  try {
    const result = f(arg);
    if (typeof result !== 'string') return postMessage({ id, error: `gatehouse.${fn} did not return a string` });
    postMessage({ id, result });
  } catch (err) {
    postMessage({ id, error: `gatehouse.${fn} failed: ${String(err)}` });
  }
}

self.onmessage = (event) => {
  const request = event.data;
  if (!request || typeof request.id !== 'number' || typeof request.fn !== 'string' || typeof request.arg !== 'string') return;
  if (api || exited) answer(request);
  else queue.push(request);
};

load().then(
  (loaded) => {
    api = loaded;
    const functions = Object.keys(loaded).filter((k) => typeof loaded[k] === 'function' && callable(k)).sort();
    const version = String(loaded.version ?? '');
    postMessage({ type: 'ready', version, functions });
    for (const request of queue.splice(0)) answer(request);
  },
  (err) => {
    postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    for (const request of queue.splice(0)) postMessage({ id: request.id, error: 'the checker is not loaded' });
  },
);
