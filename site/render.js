// Pieces of result display shared by the panes: problem lists that jump to line:column, long
// lists that render in batches, and copyable JSON blocks.

import { copyText, download, h, replace } from './dom.js';
import { currentLanguage, t } from './i18n.js';

/**
 * @typedef {import('./gatehouse').Problem} Problem
 * @typedef {(source: string, line: number, column: number, document?: string) => void} GoTo
 */

/**
 * sourceName is the translated name of a problem source ("instance", "call", …).
 * @param {string} source
 */
export function sourceName(source) {
  const key = `source.${source}`;
  const name = t(key);
  return name === key ? source : name;
}

/**
 * whereLabel writes "instance 3:15", or just the source when the position is unknown.
 * @param {{source?: string, line?: number, column?: number}} p
 * @param {string} [fallbackSource]
 */
export function whereLabel(p, fallbackSource = '') {
  // A problem in one of the extra schema documents is named by that document's URL.
  const source = p.document || sourceName(p.source ?? fallbackSource);
  return p.line ? `${source} ${p.line}:${p.column ?? 1}` : source;
}

/**
 * located renders an item that jumps to its line when it has one: a button when p.line is known,
 * a plain block otherwise. The body is given as children.
 * @param {{source?: string, line?: number, column?: number, document?: string}} p
 * @param {string} fallbackSource
 * @param {GoTo} goTo
 * @param {...any} children
 */
export function located(p, fallbackSource, goTo, ...children) {
  const source = p.source ?? fallbackSource;
  if (p.line && source) {
    return h('button', {
      type: 'button',
      class: 'located',
      title: t('result.goTo', { where: whereLabel(p, fallbackSource) }),
      onclick: () => goTo(source, p.line ?? 1, p.column ?? 1, p.document),
    }, ...children);
  }
  return h('div', { class: 'located' }, ...children);
}

/**
 * How many rows a list shows before it asks, the rest one click away: the checker's
 * about().limits.shownProblems, from the moment it has said (no list is shown before).
 */
export let listLimit = Infinity;

/**
 * useLimits takes the views' limits from the checker's about().
 * @param {import('./gatehouse').AboutResponse | null} about
 */
export function useLimits(about) {
  if (about?.limits?.shownProblems) listLimit = about.limits.shownProblems;
}

/**
 * problemList renders problems, each with where it is, its message, and its instance and keyword
 * locations; clicking one selects it in its editor. A value that matches none of the
 * alternatives of a oneOf or anyOf (the checker's `unmatched`) is one row, the closest
 * alternative's problems under it; the other alternatives' problems stay in the saved answer. A
 * flood shows the first listLimit rows with the total, and the rest on request.
 * @param {Problem[]} problems
 * @param {GoTo} goTo
 * @param {string} [fallbackSource] the source of problems that name none
 * @param {import('./gatehouse').Unmatched[]} [unmatched]
 */
export function problemList(problems, goTo, fallbackSource = '', unmatched = []) {
  /** @type {Map<number, import('./gatehouse').Unmatched>} */
  const groupOf = new Map();
  for (const u of unmatched) for (const i of u.problems) groupOf.set(i, u);
  /** @type {Array<Problem | {unmatched: import('./gatehouse').Unmatched, closest: Problem[]}>} */
  const rows = [];
  problems.forEach((p, i) => {
    const u = groupOf.get(i);
    if (!u) rows.push(p);
    else if (u.problems[0] === i) rows.push({ unmatched: u, closest: u.problems.map((j) => problems[j]).filter((q) => q.alternative?.best) });
  });
  /** @param {any} p */
  const row = (p, /** @type {HTMLElement | null} */ under = null) => h('li', { class: `problem kind-${p.kind ?? 'validation'}` },
    located(p, fallbackSource, goTo,
      h('span', { class: 'where' }, whereLabel(p, fallbackSource)),
      h('span', { class: 'message' }, p.message ?? ''),
      p.instanceLocation != null || p.keywordLocation
        ? h('span', { class: 'pointers' },
            p.instanceLocation != null ? h('span', null, t('result.at'), ' ', h('code', null, p.instanceLocation || '/')) : null,
            p.keywordLocation ? h('span', null, t('result.keyword'), ' ', h('code', null, p.keywordLocation)) : null)
        : null),
    under);
  return lazyList(rows, (r) => 'unmatched' in r
    ? row(r.unmatched, h('ul', { class: 'problems closest' }, r.closest.map((p) => row(p))))
    : row(r), { class: 'problems', limit: listLimit, what: 'problems' });
}

/**
 * count writes a number the way the page's language does ("17,398", "17 398").
 * @param {number} n
 */
export function count(n) {
  return new Intl.NumberFormat(currentLanguage()).format(n);
}

/**
 * lazyList renders the first `batch` items, then more as the end of the list scrolls into view
 * (or the "show more" button is pressed), so a report of 10,000 rows renders in steps of the
 * same size, never all at once. Past `limit` items it stops and says how many there are, with a
 * button for the rest. Rows outside the viewport skip layout and paint (content-visibility in
 * style.css), so a long list costs what is on screen.
 *
 * A batch is itself rendered in slices of at most ~sliceMs, each in its own task, so that rows
 * that are slow to build (a changed tool with its findings: ~3 ms each) never hold the page: 100
 * of them in one go were a 280 ms task. The first slice is rendered at once and is shorter, since
 * it shares its task with the answer that brought the list.
 * @template T
 * @param {T[]} items
 * @param {(item: T, index: number) => HTMLElement} render
 * @param {{class?: string, batch?: number, tag?: 'ul' | 'ol' | 'div', limit?: number, what?: string}} [options]
 */
export function lazyList(items, render, { class: cls = '', batch = 100, tag = 'ul', limit = Infinity, what = 'items' } = {}) {
  const list = h(tag, { class: cls });
  let shown = 0;
  let target = 0; // rows asked for so far: shown catches up with it slice by slice
  /** @type {ReturnType<typeof setTimeout> | null} */
  let pending = null;
  let cap = Math.min(limit, items.length);
  const more = h('button', { type: 'button', class: 'small show-more' });
  const capNote = h('p', { class: 'list-cap', role: 'status' });
  const showAll = h('button', { type: 'button', class: 'small show-all' });
  /** @type {IntersectionObserver | null} */
  let observer = null;
  /** @type {HTMLElement} */
  let wrapper = list;
  const renderSlice = (/** @type {number} */ budget) => {
    pending = null;
    const t0 = performance.now();
    const rows = [];
    while (shown < target && (rows.length === 0 || performance.now() - t0 < budget)) {
      rows.push(render(items[shown], shown));
      shown++;
    }
    list.append(...rows);
    more.hidden = shown >= cap;
    more.textContent = t('result.showMore', { n: count(Math.min(batch, cap - shown)) });
    const capped = cap < items.length;
    capNote.hidden = !capped;
    if (capped) {
      replace(capNote, t(`result.showing.${what}`, { shown: count(cap), total: count(items.length) }), ' ', showAll);
      showAll.textContent = t('result.showAll', { total: count(items.length) });
    }
    if (shown >= items.length) observer?.disconnect();
    // The rest of the batch in the next task, unless the list was taken off the page meanwhile
    // (a newer answer replaced it); put back, it goes on when its button is shown or pressed.
    if (shown < target) {
      pending = setTimeout(() => {
        if (wrapper.isConnected) renderSlice(sliceMs);
        else pending = null;
      }, 0);
    }
  };
  const showMore = (budget = sliceMs) => {
    target = Math.min(cap, Math.max(target, shown) + batch);
    if (pending === null) renderSlice(budget);
  };
  more.addEventListener('click', () => showMore());
  showAll.addEventListener('click', () => {
    cap = items.length;
    showMore();
  });
  showMore(firstSliceMs);
  if (shown >= items.length) return list;
  wrapper = h('div', { class: 'lazy', dataset: { total: String(items.length) } }, capNote, list, more);
  observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting) && target < cap) showMore();
  });
  observer.observe(more);
  return wrapper;
}

/** How long one slice of a list's rows may take to render (ms); the first, less. */
const sliceMs = 30;
const firstSliceMs = 15;

/**
 * busyLine says a check is running, for how long, and offers to stop it. Stopping ends the
 * checker's worker for that pane (a new one starts) and leaves every text as it is.
 * @param {{elapsed: number, cancel: () => void}} channel
 * @param {string} text
 */
export function busyLine(channel, text) {
  const elapsed = h('span', { class: 'elapsed muted' });
  const cancel = h('button', { type: 'button', class: 'small cancel', onclick: () => channel.cancel() }, t('result.cancel'));
  const line = h('div', { class: 'busy-line' }, statusLine('busy', text), elapsed, cancel);
  const tick = () => {
    if (!line.isConnected) return;
    elapsed.textContent = t('result.elapsed', { s: (channel.elapsed / 1000).toFixed(1) });
    setTimeout(tick, 250);
  };
  setTimeout(tick, 0);
  return line;
}

/**
 * copyButton copies the text the getter returns and says so for a moment.
 * @param {() => string} getText
 * @param {string} [labelKey]
 */
export function copyButton(getText, labelKey = 'result.copy') {
  const button = h('button', { type: 'button', class: 'small', dataset: { i18n: labelKey }, text: t(labelKey) });
  button.addEventListener('click', async () => {
    const ok = await copyText(getText());
    button.textContent = t(ok ? 'result.copied' : 'result.copyFailed');
    setTimeout(() => { button.textContent = t(labelKey); }, 1500);
  });
  return button;
}

/**
 * jsonBlock shows a JSON text in a collapsible block with a Copy button.
 * @param {string} titleKey
 * @param {string} text
 * @param {{open?: boolean, extra?: HTMLElement[]}} [options]
 */
export function jsonBlock(titleKey, text, { open = false, extra = [] } = {}) {
  return h('details', { class: 'json-block', open },
    h('summary', null, h('span', { dataset: { i18n: titleKey }, text: t(titleKey) })),
    h('div', { class: 'json-tools' }, copyButton(() => text), ...extra),
    h('pre', { class: 'code-out', tabindex: '0' }, text));
}

/**
 * statusLine is the one-line outcome at the top of a result: a symbol and words, so the outcome
 * never rests on colour alone.
 * @param {'ok' | 'bad' | 'warn' | 'busy' | 'idle'} kind
 * @param {string} text
 */
export function statusLine(kind, text) {
  const symbol = { ok: '✓', bad: '✗', warn: '!', busy: '…', idle: '·' }[kind];
  return h('p', { class: `status status-${kind}`, dataset: { status: kind } },
    h('span', { class: 'status-symbol', 'aria-hidden': 'true' }, symbol), ' ', text);
}

/**
 * saveButton offers the text the getter returns (or promises) as a file, made in the page
 * (nothing is sent). The file is named when it is saved, after what it holds
 * ("lint-acme-2026-12-01.sarif").
 * @param {() => string | Promise<string>} getText
 * @param {string | (() => string)} fileName
 * @param {string} [labelKey]
 * @param {string} [what] what it saves, for whoever scripts the page (data-save)
 */
export function saveButton(getText, fileName, labelKey = 'result.save', what = '') {
  const name = () => (typeof fileName === 'function' ? fileName() : fileName);
  return h('button', {
    type: 'button', class: 'small', dataset: { i18n: labelKey, save: what }, text: t(labelKey),
    onclick: async () => download(name(), await getText()),
  });
}

/**
 * VerdictBar keeps a pane's verdict in view: a line stuck to the bottom of the window, shown
 * while the result's own summary is out of sight (below the editors at every width), with a
 * button that jumps to the result. The summary itself is the live region that announces a
 * changed verdict; the bar repeats its words for the eye.
 */
export class VerdictBar {
  /**
   * @param {HTMLElement} summary the result's summary line
   * @param {HTMLElement} heading the result's heading, focused by the jump
   */
  constructor(summary, heading) {
    this.line = h('div', { class: 'verdict-line' });
    heading.tabIndex = -1;
    this.jump = h('button', {
      type: 'button', class: 'small verdict-jump', dataset: { i18n: 'verdict.jump' }, text: t('verdict.jump'),
      onclick: () => {
        summary.scrollIntoView({ block: 'center' });
        heading.focus({ preventScroll: true });
      },
    });
    this.el = h('div', { class: 'verdict-bar', role: 'region', dataset: { i18nAriaLabel: 'verdict.label', inView: 'false' } }, this.line, this.jump);
    this.el.setAttribute('aria-label', t('verdict.label'));
    new IntersectionObserver((entries) => {
      for (const e of entries) this.el.dataset.inView = String(e.isIntersecting);
    }).observe(summary);
  }

  /**
   * show repeats a summary line: its words and symbol, without its buttons (a busy line's
   * Cancel stays in the result).
   * @param {HTMLElement} line
   * @param {string} state
   */
  show(line, state) {
    const status = line.matches('.status') ? line : line.querySelector('.status');
    replace(this.line, status ? status.cloneNode(true) : line.textContent ?? '');
    this.el.dataset.state = state;
  }
}

/** today is the date for a saved file's name (2026-12-01), so saved files sort by day. */
export function today() {
  return new Date().toISOString().slice(0, 10);
}

/**
 * fileWord makes a name fit for a file name: letters, digits, dot, dash and underscore.
 * @param {string} name
 * @param {string} fallback when nothing of the name is left
 */
export function fileWord(name, fallback) {
  const word = name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 60);
  return word || fallback;
}
