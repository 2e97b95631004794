// The page's side of the worker protocol (worker.js, typed in gatehouse.d.ts): the main thread
// never runs the checker. Requests go to lanes, one worker each: the page's own requests (about,
// links, Format) on "main" (Pin and SARIF on "full", the same on the whole module), each pane's
// checks on a lane of its own, so one slow check never holds up another pane. The served page
// has two modules: gatehouse-schema.wasm (the Schema pane's checks and the page's own requests:
// about, links, Format), which the page loads first, and gatehouse.wasm (every check), which only
// the lanes of the other panes load, when first used; a link to another pane starts every lane on
// the whole module (linkpane.js), and falls back to the Schema module when it cannot load (the
// single-file page carries the whole module alone, for every lane). The first worker of a module
// compiles it once and hands the compiled module to that module's later workers. A pane's worker
// starts when the pane is first shown or asked something; its Go program never before the first
// worker's has started: on two cores, four Go programs starting at once made the page's start
// several times slower than one does (see README "Speed"). A lane can be restarted: its worker is
// ended (whatever it was computing with it) and a new one takes its place, which is how a stale or
// cancelled check stops.
//
// A Channel adds what typing needs: requests are debounced, the answer to an old request never
// replaces the answer to a newer one, and a newer request never waits behind a slow stale one.

import { parseExact } from './text.js';
import { currentLanguage } from './i18n.js';

/**
 * @typedef {import('./gatehouse').Problem} Problem
 * @typedef {import('./gatehouse').AboutResponse} AboutResponse
 * @typedef {{version: string, functions: string[]}} ReadyInfo
 * @typedef {{workerURL: string, workerType: WorkerType, wasmGzipBase64?: string, firstModule?: string, fallbackModule?: string}} CheckerSource
 *   firstModule: the small module the page's own lane and the Schema pane's load (the served page's
 *   gatehouse-schema.wasm); without it every lane loads the one module (gatehouse.wasm, or the
 *   single file's wasmGzipBase64). fallbackModule: the small module to start over on when the
 *   whole module, which a link to another pane starts on, cannot load (offline before a pane
 *   ever fetched it): the link still opens, the Schema pane still checks.
 * @typedef {'schema' | 'full'} ModuleKind
 */

/** The served page's whole module, which every lane but the page's own and the Schema pane's loads. */
const fullModule = 'gatehouse.wasm';

/** How long a lane whose module could not load waits before a request tries it again. */
const retryAfterMs = 3000;

/**
 * A ModuleSlot is one module's compilation: the first lane to load the module compiles it (its
 * owner), and the module it hands back starts the later lanes without compiling again.
 */
class ModuleSlot {
  constructor() {
    /** @type {Lane | null} */
    this.owner = null;
    this.settled = false;
    /** @type {(module: WebAssembly.Module | null) => void} */
    this.resolve = () => {};
    /** @type {Promise<WebAssembly.Module | null>} null: the owner could not load it (each lane then tries itself) */
    this.module = new Promise((resolve) => {
      this.resolve = (module) => {
        this.settled = true;
        resolve(module);
      };
    });
  }
}

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
    /** @type {ModuleKind} */
    this.kind = checker.kindOf(name);
    /** @type {Set<string>} the functions of this lane's module, once its worker is ready */
    this.functions = new Set();
    /** When this lane's worker last said "ready" (performance.now()); 0 while it loads. */
    this.readyAt = 0;
    /** @type {string | null} why this lane's worker could not load its module */
    this.failure = null;
    /** When its module last failed to load (performance.now()), to retry no more than every few seconds. */
    this.failedAt = 0;
    /** @type {() => void} settles this worker's ready, whether it loaded, failed or was replaced */
    this.settleReady = () => {};
    this.start();
  }

  start() {
    const checker = this.checker;
    /** @type {(() => void) | null} */
    let resolveReady = null;
    /** @type {Promise<void>} */
    this.ready = new Promise((resolve) => { resolveReady = resolve; });
    this.settleReady = () => resolveReady?.();
    this.readyAt = 0;
    this.failure = null;
    /** @type {(about: unknown) => void} */
    this.resolveAbout = () => {};
    /** @type {Promise<unknown>} about({})'s answer, which the main lane's worker sends unasked after "ready" (undefined: it has none) */
    this.aboutAnswer = new Promise((resolve) => { this.resolveAbout = resolve; });
    const slot = checker.slot(this.kind);
    // The first worker may already run, started by boot.js while the page loaded.
    const boot = this.kind === checker.firstKind ? checker.adoptBoot() : null;
    const worker = boot?.worker ?? new Worker(checker.source.workerURL, { type: checker.source.workerType });
    this.worker = worker;
    this.started = performance.now();
    worker.onmessage = (event) => {
      if (worker !== this.worker) return; // a message from a worker already ended
      const m = event.data;
      if (m.type === 'ready') {
        this.functions = new Set(m.functions);
        this.readyAt = performance.now();
        checker.loadedFrom(m, this);
        resolveReady?.();
      } else if (m.type === 'about') {
        this.resolveAbout(m.about);
      } else if (m.type === 'failed' || m.type === 'exited') {
        if (m.type === 'failed') {
          this.failure = m.message;
          this.failedAt = performance.now();
          // The module's owner could not load it: each lane waiting for it tries itself.
          if (slot.owner === this) slot.resolve(null);
        }
        this.fail(m.message);
        if (this.kind === checker.firstKind) checker.failed(m.message);
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
      this.failure = message;
      this.failedAt = performance.now();
      if (slot.owner === this) slot.resolve(null);
      this.fail(message);
      if (this.kind === checker.firstKind) checker.failed(message);
      resolveReady?.();
    };
    // The first lane of a module (or the lane that was, restarted before it handed the module
    // over) compiles it; the later ones wait for its compiled module.
    const owner = boot !== null || (!slot.settled && (slot.owner === null || slot.owner === this));
    if (owner) slot.owner = this;
    for (const event of boot?.events.splice(0) ?? []) {
      if (event.type === 'error') worker.onerror?.(/** @type {ErrorEvent} */ (event));
      else worker.onmessage?.(/** @type {MessageEvent} */ (event));
    }
    if (boot) return; // boot.js asked it to load already
    // A module's first lane starts with the page's (the first module's owner, at once; the whole
    // module's, once the first module runs: the page's start does not share the processor with
    // a second Go start-up); a later lane, once the compiled module is there.
    const when = owner ? (this.kind === checker.firstKind ? Promise.resolve(null) : checker.firstStarted.then(() => null)) : slot.module;
    when.then((module) => {
      if (worker !== this.worker || checker.failure !== null) return; // no module to load: the checker failed
      worker.postMessage({
        type: 'load', module: module ?? undefined, wasm: checker.wasmName(this.kind),
        wasmGzipBase64: module ? undefined : checker.source.wasmGzipBase64,
        pageOrigin: performance.timeOrigin,
        // A pane's worker readies the schema compiler at once; the page's waits until it has
        // answered about(), which "ready" waits for, and sends that answer unasked after its "ready".
        warmUpAtOnce: this.name !== 'main',
        about: this.name === 'main',
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
    // Whoever waits for the ended worker's ready waits for the new one's instead (Checker.call).
    const settle = this.settleReady;
    this.start();
    settle();
  }

  /** retire ends this lane for good (the page started over on another module). */
  retire(/** @type {string} */ why) {
    this.worker?.terminate();
    this.worker = null;
    this.fail(why);
    this.failure = why;
    this.settleReady();
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
    /** @type {AboutResponse | null} what this build knows (severities, limits), once ready: the
     *  first module's about(), then the whole module's once a lane has loaded it */
    this.about = null;
    /** Whether the page has two modules (the served page) or one (the single file). */
    this.split = typeof source.firstModule === 'string' && source.firstModule !== '';
    /** @type {ModuleKind} the module the page's own lane loads */
    this.firstKind = this.split ? 'schema' : 'full';
    /** @type {Map<ModuleKind, ModuleSlot>} */
    this.slots = new Map();
    /** @type {Promise<void> | null} the whole module's about(), asked once a lane of it is used */
    this.fullAbout = null;
    /** The lane about() is asked on: the page's own, then a lane of the whole module once one has answered it. */
    this.aboutLane = 'main';
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
    /** @type {Promise<void>} settles once the first module runs (or could not) */
    this.firstStarted = this.ready.then(() => {}, () => {});
    /** @type {Map<string, Lane>} */
    this.lanes = new Map();
    this.lane('main');
  }

  /**
   * kindOf names the module a lane loads: the page's own lane and the Schema pane's, the first
   * module; every other pane's, the whole one.
   * @param {string} name
   * @returns {ModuleKind}
   */
  kindOf(name) {
    if (!this.split) return 'full';
    return name === 'main' || name === 'schema' ? 'schema' : 'full';
  }

  /**
   * wasmName is the file a lane of that kind fetches (none in the single file, which carries it).
   * @param {ModuleKind} kind
   */
  wasmName(kind) {
    if (this.source.wasmGzipBase64) return undefined;
    return kind === 'schema' && this.source.firstModule ? this.source.firstModule : fullModule;
  }

  /**
   * slot is the compilation of the module of that kind, shared by its lanes.
   * @param {ModuleKind} kind
   */
  slot(kind) {
    let slot = this.slots.get(kind);
    if (!slot) {
      slot = new ModuleSlot();
      this.slots.set(kind, slot);
    }
    return slot;
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
    // It loads the module boot.js chose from the fragment (linkpane.js); the page chose the same,
    // unless the fragment changed between the two.
    if (typeof boot !== 'object' || this.source.workerURL !== 'worker.js' || boot.wasm !== this.wasmName(this.firstKind)) {
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
   * loadedFrom takes a worker's "ready": a module's first one hands over its compiled module; the
   * page's first tells the version and functions, and then what the build knows (about()'s
   * answer, which the page's own worker sends unasked right after; asked for when it has none).
   * @param {{version: string, functions: string[], module?: WebAssembly.Module, startup?: Record<string, number>}} m
   * @param {Lane} lane
   */
  loadedFrom(m, lane) {
    if (m.module) this.slot(lane.kind).resolve(m.module);
    if (m.startup) this.startup.push(m.startup);
    if (this.loaded || lane.kind !== this.firstKind) return;
    this.functions = new Set(m.functions);
    this.version = m.version;
    const info = { version: m.version, functions: m.functions };
    if (!this.functions.has('about')) {
      this.resolveReady(info);
      return;
    }
    // The answer comes unasked from the page's own worker (one round trip less, with the page's
    // main thread busy building its panes on a reload), or is asked for.
    const main = this.lane('main');
    const unasked = lane === main ? main.aboutAnswer : Promise.resolve(undefined);
    const about = unasked.then((a) => {
      if (a === undefined) return main.send('about', {});
      main.worker.postMessage({ type: 'warm' }); // what answering the request would have started
      return a;
    });
    about.then((answer) => {
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
    if (this.source.fallbackModule && !this.split) {
      this.fallBack(message);
      return;
    }
    this.failure = message;
    for (const slot of this.slots.values()) slot.resolve(null);
    this.rejectReady(new Error(message));
  }

  /**
   * fallBack starts the page over on the Schema module when the whole module, which a link to
   * another pane started it on, could not load: every lane so far is ended, and the page's own
   * lane starts again on the Schema module (the other panes' lanes, on demand, try the whole
   * module again and say why they cannot answer).
   * @param {string} why
   */
  fallBack(why) {
    const lanes = [...this.lanes.values()];
    this.lanes.clear();
    this.slots.clear();
    this.source = { ...this.source, firstModule: this.source.fallbackModule, fallbackModule: undefined };
    this.split = true;
    this.firstKind = 'schema';
    for (const lane of lanes) lane.retire(`gatehouse.wasm could not load (${why}); the page started over on the Schema module`);
    this.lane('main');
  }

  /** loaded tells whether the checker has answered "ready". */
  get loaded() {
    return this.version !== '' || this.functions.size > 0;
  }

  /**
   * has tells whether the first module serves fn (the whole module's functions are known once one
   * of its lanes is ready).
   * @param {string} fn
   */
  has(fn) {
    return this.functions.has(fn);
  }

  /**
   * laneFor is the lane a request goes to: the one asked for, but a function the first module
   * lacks (Pin, SARIF) asked of one of its lanes goes to "full", the page's own lane on the whole
   * module.
   * @param {string} fn
   * @param {string} laneName
   */
  laneFor(fn, laneName) {
    if (this.split && this.kindOf(laneName) === 'schema' && !this.has(fn)) return 'full';
    return laneName;
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
    const lane = this.lane(this.laneFor(fn, laneName));
    if (lane.kind !== this.firstKind) {
      // A module that could not load (offline, say) is tried again on a later request, a few
      // seconds on at most, so the pane answers once the network is back.
      if (lane.failure !== null && performance.now() - lane.failedAt > retryAfterMs) lane.restart('retry');
      // The whole module's functions are known once its worker is ready (a restarted worker's
      // ready is the new worker's).
      for (let ready = null; lane.readyAt === 0 && lane.failure === null && lane.ready !== ready;) {
        ready = lane.ready;
        await ready;
      }
      if (lane.failure !== null) return pageProblem(`the checker is not available: ${lane.failure}`);
    }
    const functions = lane.kind === this.firstKind ? this.functions : lane.functions;
    if (!functions.has(fn)) {
      return pageProblem(`this build of ${this.wasmName(lane.kind) ?? fullModule} has no gatehouse.${fn}`, 'missing');
    }
    try {
      if (lane.kind !== this.firstKind) this.aboutWhole(lane);
      const answer = await lane.send(fn, request);
      // What the whole build knows (lint's severities and rules) is in place before its first
      // answer is shown: about() was asked before it, on the same lane, and is answered first.
      await this.fullAbout;
      return typeof answer === 'string' ? parseExact(answer) : answer;
    } catch (err) {
      return pageProblem(errorMessage(err));
    }
  }

  /**
   * aboutWhole asks the whole module's about() once (the first module's says nothing of lint's
   * severities and rules), on a lane of it, ahead of what that lane is asked next; asked again
   * after a failure.
   * @param {Lane} lane
   */
  aboutWhole(lane) {
    if (!this.split || this.fullAbout !== null) return;
    this.fullAbout = lane.send('about', {}).then((answer) => {
      const about = typeof answer === 'string' ? parseExact(answer) : answer;
      if (about && Array.isArray(about.lintRules)) {
        this.about = about;
        this.aboutLane = lane.name;
      } else {
        this.fullAbout = null;
      }
    }, () => { this.fullAbout = null; });
  }

  /**
   * reloadAbout asks about() again, in the page's language now: the lint rules' words are
   * translated by the checker (the whole module's, once a lane of it has answered).
   */
  async reloadAbout() {
    const laneName = this.aboutLane;
    const answer = await this.call('about', {}, laneName);
    // The first module's answer never replaces the whole module's that came meanwhile.
    if (answer && Array.isArray(answer.lintRules) && laneName === this.aboutLane) this.about = answer;
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
    if (wasRunning && this.running) {
      // The lane the running request went to (flush's), which may be another than this channel's.
      this.checker.lane(this.checker.laneFor(this.running.fn, this.laneName)).restart('cancelled');
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
      // A lane still loading its module is not slow: ending it would only start the load again.
      const lane = this.checker.lane(this.checker.laneFor(this.running.fn, this.laneName));
      if (lane.readyAt === 0 || performance.now() - Math.max(this.running.started, lane.readyAt) < slowAfterMs) return; // flushed again when it lands
      // The running request is stale and slow: end it rather than wait behind it.
      this.dropped++;
      if (this.el) this.el.dataset.dropped = String(this.dropped);
      lane.restart('stale');
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
