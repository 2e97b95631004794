// The page's side of the worker protocol (worker.js): the main thread never runs the checker, it
// sends {id, fn, arg} and reads {id, result}. A Channel adds what typing needs: requests are
// debounced, and the answer to an old request never replaces the answer to a newer one.

import { parseExact } from './text.js';

/**
 * @typedef {import('./gatehouse').Problem} Problem
 * @typedef {{version: string, functions: string[]}} ReadyInfo
 */

export class Checker {
  /** @param {string} url the worker script */
  constructor(url = 'worker.js') {
    /** @type {Map<number, {resolve: (text: string) => void, reject: (err: Error) => void}>} */
    this.pending = new Map();
    this.nextId = 1;
    /** @type {Set<string>} */
    this.functions = new Set();
    this.version = '';
    /** @type {string | null} why the checker cannot answer, once it cannot */
    this.failure = null;
    /** @type {(info: ReadyInfo) => void} */
    let resolveReady = () => {};
    /** @type {(err: Error) => void} */
    let rejectReady = () => {};
    /** @type {Promise<ReadyInfo>} */
    this.ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failure is shown by whoever awaits; never an unhandled rejection

    this.worker = new Worker(url);
    this.worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'ready') {
        this.functions = new Set(m.functions);
        this.version = m.version;
        resolveReady({ version: m.version, functions: m.functions });
      } else if (m.type === 'failed' || m.type === 'exited') {
        this.fail(m.message);
        rejectReady(new Error(m.message));
      } else if (typeof m.id === 'number') {
        const waiter = this.pending.get(m.id);
        if (!waiter) return;
        this.pending.delete(m.id);
        if (typeof m.result === 'string') waiter.resolve(m.result);
        else waiter.reject(new Error(String(m.error)));
      }
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const message = event.message || 'the checker worker could not start';
      this.fail(message);
      rejectReady(new Error(message));
    };
  }

  /** @param {string} message */
  fail(message) {
    this.failure = message;
    for (const waiter of this.pending.values()) waiter.reject(new Error(message));
    this.pending.clear();
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
   * raw sends one request and resolves to the JSON text the checker answered.
   * @param {string} fn
   * @param {string} arg
   * @returns {Promise<string>}
   */
  raw(fn, arg) {
    if (this.failure) return Promise.reject(new Error(this.failure));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, arg });
    });
  }

  /**
   * call waits for the checker, sends request as JSON and reads the answer. It never rejects: a
   * missing function, a failed worker or an unreadable answer come back as {problems: [...]},
   * the same shape bad input has, so every caller shows them the same way.
   * @param {string} fn
   * @param {any} request
   * @returns {Promise<any>}
   */
  async call(fn, request) {
    try {
      await this.ready;
    } catch (err) {
      return pageProblem(`the checker is not available: ${errorMessage(err)}`);
    }
    if (!this.has(fn)) {
      return pageProblem(`this build of gatehouse.wasm has no gatehouse.${fn}`, 'missing');
    }
    try {
      const text = await this.raw(fn, JSON.stringify(request));
      return parseExact(text);
    } catch (err) {
      return pageProblem(errorMessage(err));
    }
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
 * A Channel runs one kind of request for one part of the page. schedule() replaces whatever was
 * waiting; after `delay` ms of quiet the newest request is sent. At most one request is in flight
 * per channel; its answer is delivered only if no newer request was scheduled meanwhile.
 */
export class Channel {
  /**
   * @param {Checker} checker
   * @param {{delay?: number, onResult: (result: any, request: {fn: string, arg: any}) => void,
   *          onBusy?: (busy: boolean) => void}} options
   */
  constructor(checker, { delay = 150, onResult, onBusy = () => {} }) {
    this.checker = checker;
    this.delay = delay;
    this.onResult = onResult;
    this.onBusy = onBusy;
    this.seq = 0;
    /** @type {{fn: string, arg: any, seq: number} | null} */
    this.waiting = null;
    this.inFlight = false;
    this.timerPending = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.busyTimer = undefined;
  }

  /**
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

  /** cancel forgets the waiting request and any answer still to come. */
  cancel() {
    this.seq++;
    this.waiting = null;
    this.timerPending = false;
    clearTimeout(this.timer);
  }

  async flush() {
    if (this.inFlight || !this.waiting) return; // the answer in flight flushes again when it lands
    const request = this.waiting;
    this.waiting = null;
    this.inFlight = true;
    // "working…" only shows for requests that take long enough to notice.
    this.busyTimer = setTimeout(() => this.onBusy(true), 200);
    const result = await this.checker.call(request.fn, request.arg);
    clearTimeout(this.busyTimer);
    this.inFlight = false;
    if (request.seq === this.seq) {
      this.onBusy(false);
      this.onResult(result, request);
    } else if (this.waiting && !this.timerPending) {
      this.flush(); // the newer request came due while this one ran
    }
  }
}
