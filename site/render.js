// Pieces of result display shared by the panes: problem lists that jump to line:column, long
// lists that render in batches, and copyable JSON blocks.

import { copyText, h } from './dom.js';
import { t } from './i18n.js';

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
 * problemList renders problems, each with where it is, its message, and its instance and keyword
 * locations; clicking one puts the cursor there.
 * @param {Problem[]} problems
 * @param {GoTo} goTo
 * @param {string} [fallbackSource] the source of problems that name none
 */
export function problemList(problems, goTo, fallbackSource = '') {
  return lazyList(problems, (p) => h('li', { class: `problem kind-${p.kind ?? 'unknown'}` },
    located(p, fallbackSource, goTo,
      h('span', { class: 'where' }, whereLabel(p, fallbackSource)),
      h('span', { class: 'message' }, p.message ?? ''),
      p.instanceLocation != null || p.keywordLocation
        ? h('span', { class: 'pointers' },
            p.instanceLocation != null ? h('span', null, t('result.at'), ' ', h('code', null, p.instanceLocation || '/')) : null,
            p.keywordLocation ? h('span', null, t('result.keyword'), ' ', h('code', null, p.keywordLocation)) : null)
        : null)), { class: 'problems' });
}

/**
 * lazyList renders the first `batch` items, then more as the end of the list scrolls into view
 * (or the "show more" button is pressed), so a report of 10,000 rows does not freeze the page.
 * @template T
 * @param {T[]} items
 * @param {(item: T, index: number) => HTMLElement} render
 * @param {{class?: string, batch?: number, tag?: 'ul' | 'ol' | 'div'}} [options]
 */
export function lazyList(items, render, { class: cls = '', batch = 200, tag = 'ul' } = {}) {
  const list = h(tag, { class: cls });
  let shown = 0;
  const more = h('button', { type: 'button', class: 'small show-more' });
  /** @type {IntersectionObserver | null} */
  let observer = null;
  const showMore = () => {
    const end = Math.min(items.length, shown + batch);
    const rows = [];
    for (let i = shown; i < end; i++) rows.push(render(items[i], i));
    list.append(...rows);
    shown = end;
    if (shown >= items.length) {
      more.remove();
      observer?.disconnect();
    } else {
      more.textContent = t('result.showMore', { n: items.length - shown });
    }
  };
  more.addEventListener('click', showMore);
  showMore();
  if (shown >= items.length) return list;
  const wrapper = h('div', { class: 'lazy' }, list, more);
  observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) showMore();
  });
  observer.observe(more);
  return wrapper;
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
