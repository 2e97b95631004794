// The page's side of the worker protocol (worker.js, typed in gatehouse.d.ts): the main thread
// never runs the checker. Requests go to lanes, one worker each: the page's own requests (links,
// Format, Pin) on "main", each pane's checks on a lane of its own, so one slow check never holds up
// another pane. The first worker compiles gatehouse.wasm once and hands the compiled module to the
// others. A pane's worker starts when the pane is first shown or asked something; its Go program
// never before the first worker's has started and handed over the module: on two cores, four Go
// programs starting at once made the page's start several times slower than one does (see README
// "Speed"). A lane can be restarted: its worker is ended (whatever it was computing with it) and a
// new one takes its place, which is how a stale or cancelled check stops.
//
// A Channel adds what typing needs: requests are debounced, the answer to an old request never
// replaces the answer to a newer one, and a newer request never waits behind a slow stale one.

import { parseExact } from './text.js';
import { currentLanguage } from './i18n.js';

/**
 * @typedef {import('./gatehouse').Problem} Problem
 * @typedef {import('./gatehouse').AboutResponse} AboutResponse
 * @typedef {{version: string, functions: string[]}} ReadyInfo
 * @typedef {{workerURL: string, workerType: WorkerType, wasmGzipBase64?: string}} CheckerSource
 */

/** One worker and the requests it owes answers to. */
class Lane {
  /**
   * @param {Checker} checker
   * @param {string} name
   */
  constructor(checker, name) {
    this.checker = checker;
    this.name = name;
    /** @type {Map<number, {resolve: (answer: any) => void, reject: (err: Error) => void}>} */
    this.pending = new Map();
    this.started = 0;
    this.restarts = 0;
    this.start();
  }

  start() {
    const checker = this.checker;
    /** @type {(() => void) | null} */
    let resolveReady = null;
    /** @type {Promise<void>} */
    this.ready = new Promise((resolve) => { resolveReady = resolve; });
    // The first worker may already run, started by boot.js while the page loaded.
    const boot = checker.adoptBoot();
    const worker = boot?.worker ?? new Worker(checker.source.workerURL, { type: checker.source.workerType });
    this.worker = worker;
    this.started = performance.now();
    worker.onmessage = (event) => {
      if (worker !== this.worker) return; // a message from a worker already ended
      const m = event.data;
      if (m.type === 'ready') {
        checker.loadedFrom(m);
        resolveReady?.();
      } else if (m.type === 'failed' || m.type === 'exited') {
        this.fail(m.message);
        checker.failed(m.message);
        resolveReady?.();
        // A lane whose program stopped after the checker was up is replaced, once per stop.
        if (m.type === 'exited' && checker.loaded) this.restart(m.message);
      } else if (typeof m.id === 'number') {
        const waiter = this.pending.get(m.id);
        if (!waiter) return;
        this.pending.delete(m.id);
        if ('answer' in m) waiter.resolve(m.answer);
        else if (typeof m.result === 'string') waiter.resolve(m.result);
        else waiter.reject(new Error(String(m.error)));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const message = event.message || 'the checker worker could not start';
      this.fail(message);
      checker.failed(message);
      resolveReady?.();
    };
    for (const event of boot?.events.splice(0) ?? []) {
      if (event.type === 'error') worker.onerror?.(/** @type {ErrorEvent} */ (event));
      else worker.onmessage?.(/** @type {MessageEvent} */ (event));
    }
    if (boot) return; // boot.js asked it to load already
    // The compiled module, once a worker has made it, spares the next ones compiling it again.
    checker.module.then((module) => {
      if (worker !== this.worker || checker.failure !== null) return; // no module to load: the checker failed
      worker.postMessage({
        type: 'load', module: module ?? undefined, wasmGzipBase64: module ? undefined : checker.source.wasmGzipBase64,
        pageOrigin: performance.timeOrigin,
        // A pane's worker readies the schema compiler at once; the page's waits until it has
        // answered about(), which "ready" waits for.
        warmUpAtOnce: this.name !== 'main',
      });
    });
  }

  /**
   * restart ends this lane's worker, failing whatever it still owed, and starts a new one.
   * @param {string} why
   */
  restart(why) {
    this.worker?.terminate();
    this.fail(why);
    this.restarts++;
    this.start();
  }

  /** @param {string} message */
  fail(message) {
    for (const waiter of this.pending.values()) waiter.reject(new Error(message));
    this.pending.clear();
  }

  /**
   * send posts one request and resolves to the answer (parsed by the worker, or its JSON text).
   * @param {string} fn
   * @param {any} request
   * @returns {Promise<any>}
   */
  send(fn, request) {
    const id = this.checker.nextId++;
    // The checker answers in the page's language: every request object says which.
    if (request && typeof request === 'object' && !Array.isArray(request) && request.lang === undefined) {
      request = { ...request, lang: currentLanguage() };
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker?.postMessage({ id, fn, request });
    });
  }
}

export class Checker {
  /**
   * @param {CheckerSource} source where the worker script (and, in the single file, the wasm) is
   */
  constructor(source) {
    this.source = source;
    /** @type {Set<string>} lanes asked for by warm() before the checker was ready */
    this.prestart = new Set();
    /** @type {() => void} */
    this.resolvePrestarted = () => {};
    /** @type {Promise<void>} resolves once every lane warmed before "ready" has loaded */
    this.prestarted = new Promise((resolve) => { this.resolvePrestarted = resolve; });
    this.nextId = 1;
    /** @type {Record<string, number>[]} each worker's start-up steps, ms since navigation (for measuring) */
    this.startup = [];
    /** @type {Set<string>} */
    this.functions = new Set();
    this.version = '';
    /** @type {string | null} why the checker cannot answer, once it cannot */
    this.failure = null;
    /** @type {AboutResponse | null} what this build knows (severities, limits), once ready */
    this.about = null;
    /** @type {(module: WebAssembly.Module | null) => void} */
    this.resolveModule = () => {};
    /** @type {Promise<WebAssembly.Module | null>} the first worker loads the wasm; the others get its module */
    this.module = Promise.resolve(null);
    /** @type {Promise<WebAssembly.Module | null> | null} */
    this.firstModule = null;
    /** @type {(info: ReadyInfo) => void} */
    this.resolveReady = () => {};
    /** @type {(err: Error) => void} */
    this.rejectReady = () => {};
    /** @type {Promise<ReadyInfo>} */
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failure is shown by whoever awaits; never an unhandled rejection
    /** @type {Map<string, Lane>} */
    this.lanes = new Map();
    this.lane('main');
    // Every later lane waits for the first worker's compiled module.
    this.module = new Promise((resolve) => { this.resolveModule = resolve; });
  }

  /**
   * lane returns the lane of that name, starting its worker on first use.
   * @param {string} name
   */
  lane(name) {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = new Lane(this, name);
      this.lanes.set(name, lane);
    }
    return lane;
  }

  /**
   * adoptBoot takes the worker boot.js started (once, and only for the page's own worker
   * script), with what it sent so far; null when there is none.
   * @returns {{worker: Worker, events: (MessageEvent | ErrorEvent)[]} | null}
   */
  adoptBoot() {
    const g = /** @type {any} */ (globalThis);
    const boot = g.gatehouseBoot;
    g.gatehouseBoot = 'taken'; // a boot.js that runs later starts nothing
    if (typeof boot !== 'object' || this.source.workerURL !== 'worker.js') {
      if (typeof boot === 'object') boot.worker.terminate();
      return null;
    }
    return boot;
  }

  /**
   * warm starts a lane's worker ahead of its first request (its pane is shown). Its script
   * loads at once, beside the first worker's download and compilation; its Go program starts
   * only once the first worker has handed over the compiled module (Lane.start waits for it), so
   * that the page's own start does not share the processor with a second Go start-up.
   * @param {string} name
   */
  warm(name) {
    if (!this.loaded) this.prestart.add(name);
    if (this.failure === null) this.lane(name);
  }

  /**
   * loadedFrom takes a worker's "ready": the first one tells the version and functions, and
   * hands over its compiled module; then the page asks what the build knows.
   * @param {{version: string, functions: string[], module?: WebAssembly.Module, startup?: Record<string, number>}} m
   */
  loadedFrom(m) {
    if (m.module) this.resolveModule(m.module);
    if (m.startup) this.startup.push(m.startup);
    if (this.loaded) return;
    this.functions = new Set(m.functions);
    this.version = m.version;
    const info = { version: m.version, functions: m.functions };
    if (!this.functions.has('about')) {
      this.resolveReady(info);
      return;
    }
    this.lane('main').send('about', {}).then((answer) => {
      this.about = typeof answer === 'string' ? parseExact(answer) : answer;
    }, () => {}).finally(() => {
      this.resolveReady(info);
      // The lanes of the panes shown so far start now (warm), so the shown pane's first check
      // does not wait for its worker.
      Promise.all([...this.prestart].map((name) => this.lane(name).ready)).then(() => this.resolvePrestarted());
    });
  }

  /** @param {string} message */
  failed(message) {
    if (this.loaded) return; // one lane's end is that lane's; the others still answer
    this.failure = message;
    this.resolveModule(null);
    this.rejectReady(new Error(message));
  }

  /** loaded tells whether the checker has answered "ready". */
  get loaded() {
    return this.version !== '' || this.functions.size > 0;
  }

  /** @param {string} fn */
  has(fn) {
    return this.functions.has(fn);
  }

  /**
   * call waits for the checker, sends the request on a lane and reads the answer. It never
   * rejects: a missing function, a failed or restarted worker or an unreadable answer come back
   * as {problems: [...]}, the same shape bad input has, so every caller shows them the same way.
   * @param {string} fn
   * @param {any} request
   * @param {string} [laneName]
   * @returns {Promise<any>}
   */
  async call(fn, request, laneName = 'main') {
    try {
      await this.ready;
    } catch (err) {
      return pageProblem(`the checker is not available: ${errorMessage(err)}`);
    }
    if (!this.has(fn)) {
      return pageProblem(`this build of gatehouse.wasm has no gatehouse.${fn}`, 'missing');
    }
    try {
      const answer = await this.lane(laneName).send(fn, request);
      return typeof answer === 'string' ? parseExact(answer) : answer;
    } catch (err) {
      return pageProblem(errorMessage(err));
    }
  }

  /**
   * reloadAbout asks about() again, in the page's language now: the lint rules' words are
   * translated by the checker.
   */
  async reloadAbout() {
    const answer = await this.call('about', {});
    if (answer && Array.isArray(answer.lintRules)) this.about = answer;
  }

  /**
   * severityRank orders severities and risks as the checker does (most urgent first); an
   * unknown one sorts last.
   * @param {string | undefined} severity
   */
  severityRank(severity) {
    const order = this.about?.severities ?? [];
    const i = order.indexOf(/** @type {any} */ (severity));
    return i < 0 ? order.length : i;
  }
}

/**
 * pageProblem wraps a message from the page itself (not about any pasted text) as an answer.
 * @param {string} message
 * @param {string} [code]
 */
export function pageProblem(message, code = 'page') {
  return { problems: [{ source: 'page', kind: 'limit', message, code }] };
}

/** @param {unknown} err */
function errorMessage(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * A check that has run this long says "working…"; if a newer one comes due while it still runs,
 * it is dropped (its worker ended), not waited for. Quicker checks are simply waited for.
 */
const slowAfterMs = 200;

/**
 * A Channel runs one kind of request for one part of the page, on its own lane. schedule()
 * replaces whatever was waiting; after `delay` ms of quiet the newest request is sent. When a
 * request is still running as a newer one comes due, the old one is stale: if it has run long
 * (a big text), its worker is ended and the newer one runs at once; otherwise the newer one
 * waits for it. cancel() ends the running check and leaves the texts as they are.
 */
export class Channel {
  /**
   * @param {Checker} checker
   * @param {{lane: string, onResult: (result: any, request: {fn: string, arg: any}) => void,
   *          onBusy?: (busy: boolean) => void, onCancel?: () => void, delay?: number, el?: HTMLElement}} options
   *   el, when given, shows in data-dropped how many stale checks were dropped (for whoever
   *   measures the page).
   */
  constructor(checker, { lane, onResult, onBusy = () => {}, onCancel = () => {}, delay = 150, el }) {
    this.el = el;
    this.checker = checker;
    this.laneName = lane;
    this.onResult = onResult;
    this.onBusy = onBusy;
    this.onCancel = onCancel;
    this.delay = delay;
    this.seq = 0;
    /** @type {{fn: string, arg: any, seq: number} | null} */
    this.waiting = null;
    /** @type {{fn: string, seq: number, started: number} | null} the request running now */
    this.running = null;
    this.timerPending = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.busyTimer = undefined;
    /** Requests dropped because a newer one came. */
    this.dropped = 0;
  }

  /**
   * schedule queues a request; arg may be a function, called only when the request is sent (so
   * a burst of keystrokes reads a large text once).
   * @param {string} fn
   * @param {any} arg
   * @param {{immediate?: boolean}} [options]
   */
  schedule(fn, arg, { immediate = false } = {}) {
    this.waiting = { fn, arg, seq: ++this.seq };
    clearTimeout(this.timer);
    this.timerPending = true;
    this.timer = setTimeout(() => {
      this.timerPending = false;
      this.flush();
    }, immediate ? 0 : this.delay);
  }

  /** forget drops the waiting request and any answer still to come (the texts became empty). */
  forget() {
    this.seq++;
    this.waiting = null;
    this.timerPending = false;
    clearTimeout(this.timer);
    clearTimeout(this.busyTimer);
  }

  /** cancel stops the running check: its worker is ended and a new one started; texts stay. */
  cancel() {
    const wasRunning = this.running !== null;
    this.forget();
    if (wasRunning) {
      this.checker.lane(this.laneName).restart('cancelled');
      this.running = null;
    }
    this.onBusy(false);
    this.onCancel();
  }

  /** How long the running request has run, in ms (0 when none runs). */
  get elapsed() {
    return this.running ? performance.now() - this.running.started : 0;
  }

  async flush() {
    if (!this.waiting) return;
    if (this.running) {
      if (performance.now() - this.running.started < slowAfterMs) return; // flushed again when it lands
      // The running request is stale and slow: end it rather than wait behind it.
      this.dropped++;
      if (this.el) this.el.dataset.dropped = String(this.dropped);
      this.checker.lane(this.laneName).restart('stale');
      this.running = null;
    }
    const request = this.waiting;
    this.waiting = null;
    const arg = typeof request.arg === 'function' ? request.arg() : request.arg;
    const running = { fn: request.fn, seq: request.seq, started: performance.now() };
    this.running = running;
    // "working…" only shows for requests that take long enough to notice.
    clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => { if (this.running === running) this.onBusy(true); }, slowAfterMs);
    const result = await this.checker.call(request.fn, arg, this.laneName);
    // The answer was copied out of the worker's message in this task (40 ms for a diff of two
    // 10,000-tool catalogs); it is shown in the next, so the two never add up to one long task.
    await nextTask();
    if (this.running !== running) return; // ended: cancelled, or dropped for a newer request
    this.running = null;
    clearTimeout(this.busyTimer);
    if (request.seq === this.seq) {
      this.onBusy(false);
      this.onResult(result, { fn: request.fn, arg });
    } else if (this.waiting && !this.timerPending) {
      this.flush(); // the newer request came due while this one ran
    }
  }
}

/** nextTask resolves in a new task of the page's event loop, soon (scheduler.yield where there is one). */
function nextTask() {
  // @ts-ignore: scheduler.yield is not in every browser's types yet
  const scheduler = globalThis.scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
