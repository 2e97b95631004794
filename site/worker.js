// The checker's Web Worker: loads one of gatehouse's modules and answers the page's requests, so the page
// never freezes while the checker works. The page runs one worker per lane (each pane, and one for
// its own requests), so a slow check in one pane never holds up another; a lane whose check has
// gone stale, or that the user cancels, is ended and replaced by a new worker.
//
// Protocol (typed in gatehouse.d.ts, WorkerRequest / WorkerMessage):
//   page → worker, first:  {type: "load", module?, wasm?, wasmGzipBase64?, pageOrigin?, warmUpAtOnce?, about?}
//                          module: a compiled WebAssembly.Module another lane's worker made;
//                          wasmGzipBase64: the wasm itself (the single-file page has no files);
//                          neither: fetch the module named wasm (gatehouse-schema.wasm, the one
//                          the page loads first, or gatehouse.wasm, the default) beside this
//                          script (boot.js sends the first as soon as the document is parsed)
//   worker → page, once:   {type: "ready", version, functions: [name], module?, startup}
//                          (module: the one this worker compiled, for the next lanes; startup:
//                          ms since the page's navigation at each step, for measuring)
//                      or  {type: "failed", message}     (the wasm could not be loaded)
//   worker → page, once, right after "ready", when the load said about: true:
//                          {type: "about", about}  about({})'s answer, parsed as a reply's answer
//                          is, or its text; undefined when the build has none or it failed
//   page → worker:         {type: "warm"}  the page has taken that about(): warm up now
//   page → worker:         {id, fn, arg}      arg: the one JSON string gatehouse[fn] takes
//                      or  {id, fn, request}  request: a value this worker turns into that string,
//                                             so a 10 MB request is not stringified on the page
//   worker → page:         {id, result}       the JSON string gatehouse[fn] returned
//                      or  {id, answer}       the same, already parsed (for {id, fn, request},
//                                             when it holds no number a double would round)
//                      or  {id, error}        no such function, or it threw
//   worker → page:         {type: "exited", message}  (the Go program stopped)
// Requests are answered one at a time, in the order they arrive.
import { compile, load } from './gatehouse.mjs';

// Milliseconds since the page's navigation, in the page's own clock: the worker's start-up steps
// go to the page with "ready" (startup), for whoever measures the page.
/** @type {Record<string, number>} the steps' times, in the worker's clock (epoch ms) */
const steps = { script: performance.timeOrigin + performance.now() };
const step = (/** @type {string} */ name) => { steps[name] = performance.timeOrigin + performance.now(); };

// Numbers a float64 could round (as in text.js): such answers go back as text, for parseExact.
const unsafeNumber = /\d{16}|[eE][+-]?\d{3}/;

/**
 * parseHere parses an answer in the worker, so a large one costs the page nothing but the copy;
 * undefined when a number in it would not survive (the page then reads the text with parseExact,
 * which keeps such numbers exact).
 * @param {string} text
 */
function parseHere(text) {
  if (!unsafeNumber.test(text)) return JSON.parse(text);
  let lossy = false;
  // The reviver's third argument (the source text) says whether a number was read exactly.
  const parse = /** @type {(text: string, reviver: (key: string, value: unknown, context?: {source?: string}) => unknown) => any} */ (JSON.parse);
  const value = parse(text, (_key, v, context) => {
    if (typeof v === 'number' && (!context || context.source !== String(v))) lossy = true;
    return v;
  });
  return lossy ? undefined : value;
}

/**
 * loadChecker instantiates a module through gatehouse.mjs, the one loader of the wasm, and
 * returns its functions.
 * @param {{module?: WebAssembly.Module, wasm?: string, wasmGzipBase64?: string}} source
 * @returns {Promise<{api: Record<string, any>, module: WebAssembly.Module | null, exited: Promise<void>}>}
 */
async function loadChecker(source) {
  /** @type {WebAssembly.Module | ArrayBuffer | Promise<Response>} */
  let wasm;
  if (source.module) {
    wasm = source.module;
  } else if (source.wasmGzipBase64) {
    const bytes = Uint8Array.from(atob(source.wasmGzipBase64), (c) => c.charCodeAt(0));
    wasm = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  } else {
    // Only the page's own modules, beside this script.
    const name = source.wasm === 'gatehouse-schema.wasm' ? source.wasm : 'gatehouse.wasm';
    wasm = fetch(new URL(name, import.meta.url));
  }
  let api;
  try {
    const response = await wasm;
    step('fetched'); // the response's headers, for a fetch: its body streams into the compiler
    const module = await compile(response);
    step('compiled');
    api = await load(module);
    step('running');
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)} (run \`make wasm\`)`);
  }
  // The module this worker compiled goes to the page for the next lanes; one it was given, not.
  return { api, module: source.module ? null : api.module, exited: api.exited };
}

/** @type {Record<string, any> | null} */
let api = null;
let exited = false;
/** @type {any[]} */
const queue = [];

// close() would stop the Go program under the page; it is for scripts that are done.
const callable = (/** @type {string} */ fn) => fn !== 'close';

// The first check of a schema compiles its draft's metaschema (~0.1 s, more while V8 still runs
// the code unoptimised). A pane's worker does it as soon as it runs (warmUpAtOnce); the page's own
// once it has answered its first request, or once the page has taken the about() it sent unasked
// ({type: "warm"}), so that neither the user's first check of a schema nor the page's start pays
// for it (warmed up while the page still builds its panes, it took a core from them).
let answered = false;
let warmed = false;
function warmUp() {
  if (warmed) return;
  warmed = true;
  setTimeout(() => {
    if (!exited) api?.validate(JSON.stringify({ schema: '{}', instance: 'null' }));
  }, 0);
}

function answer(/** @type {{id: number, fn: string, arg?: string, request?: unknown}} */ message) {
  try {
    reply(message);
  } finally {
    answered = true;
    if (api) warmUp();
  }
}

function reply(/** @type {{id: number, fn: string, arg?: string, request?: unknown}} */ message) {
  const { id, fn } = message;
  if (exited) return postMessage({ id, error: 'the checker stopped; reload the page' });
  if (!api) return postMessage({ id, error: 'the checker is not loaded' });
  const f = api[fn];
  if (typeof f !== 'function' || !callable(fn)) return postMessage({ id, error: `gatehouse.${fn} does not exist in this build` });
  try {
    const texts = typeof message.arg === 'string' ? null : validateTextsOf(fn, message.request);
    const arg = typeof message.arg === 'string' || texts ? message.arg : JSON.stringify(message.request);
    const result = texts ? api.validateTexts(...texts) : f(arg);
    if (typeof result !== 'string') return postMessage({ id, error: `gatehouse.${fn} did not return a string` });
    const parsed = typeof message.arg === 'string' ? undefined : parseHere(result);
    if (parsed !== undefined) return postMessage({ id, answer: parsed });
    postMessage({ id, result });
  } catch (err) {
    postMessage({ id, error: `gatehouse.${fn} failed: ${String(err)}` });
  }
}

/**
 * validateTextsOf returns validateTexts' arguments for a validate request it can answer (the
 * Schema pane's, with no further documents), or null: the texts then go to Go as they are, not
 * written into a JSON request there to read back (a third of a 1 MB document's check; README
 * "Speed"). validateTexts answers what validate answers (test/js/loader.test.mjs).
 * @param {string} fn
 * @param {any} request
 * @returns {[string, string, string, {draft: string, assertFormats: boolean}] | null}
 */
function validateTextsOf(fn, request) {
  if (fn !== 'validate' || typeof api?.validateTexts !== 'function' || !request || typeof request !== 'object') return null;
  const { schema, instance, lang = '', draft = '', assertFormats = false, resources = {}, ...rest } = request;
  if (typeof schema !== 'string' || typeof instance !== 'string' || typeof lang !== 'string' || typeof draft !== 'string' ||
    typeof assertFormats !== 'boolean' || !resources || typeof resources !== 'object' || Array.isArray(resources) ||
    Object.keys(resources).length > 0 || Object.keys(rest).length > 0) return null;
  return [schema, instance, lang, { draft, assertFormats }];
}

/**
 * aboutOf is about({})'s answer as a reply to {fn: "about", request: {}} carries it: parsed, or
 * its text when a number in it would not survive; undefined when the build has no about or it
 * failed (the page then asks for it).
 * @param {Record<string, any>} api
 */
function aboutOf(api) {
  if (typeof api.about !== 'function') return undefined;
  try {
    const text = api.about('{}');
    return typeof text === 'string' ? (parseHere(text) ?? text) : undefined;
  } catch {
    return undefined;
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (message && message.type === 'load') {
    start(message);
    return;
  }
  if (message && message.type === 'warm') {
    // The page took the unasked about(): the time its answer to a request would have warmed up.
    if (api) warmUp();
    return;
  }
  if (!message || typeof message.id !== 'number' || typeof message.fn !== 'string') return;
  if (api || exited) answer(message);
  else queue.push(message);
};

function start(/** @type {{module?: WebAssembly.Module, wasm?: string, wasmGzipBase64?: string, pageOrigin?: number, warmUpAtOnce?: boolean, about?: boolean}} */ source) {
  step('asked');
  loadChecker(source).then(
    (loaded) => {
      api = loaded.api;
      loaded.exited.then(() => {
        exited = true;
        postMessage({ type: 'exited', message: 'the checker stopped' });
      });
      const functions = [...api.functions].sort();
      const origin = source.pageOrigin ?? performance.timeOrigin;
      const startup = Object.fromEntries(Object.entries(steps).map(([k, t]) => [k, Math.round(t - origin)]));
      postMessage({ type: 'ready', version: String(api.version ?? ''), functions, module: loaded.module ?? undefined, startup });
      // The page's own worker answers about({}) at once, unasked: the page is ready once it has
      // it, and would otherwise ask only once its main thread had taken "ready". After "ready",
      // so that the compiled module it hands to the next lanes is not held up.
      if (source.about) postMessage({ type: 'about', about: aboutOf(api) });
      for (const message of queue.splice(0)) answer(message);
      if (source.warmUpAtOnce) warmUp();
    },
    (err) => {
      postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
      for (const message of queue.splice(0)) postMessage({ id: message.id, error: 'the checker is not loaded' });
    },
  );
}
