// A text editor for JSON: a plain textarea (so undo, selection, IME and screen readers work as the
// browser makes them work), a line-number gutter kept in step with its scrolling, a band behind
// each line that has a problem, and Format / Minify through the checker.

import { h } from './dom.js';
import { t } from './i18n.js';
import { countLines, offsetOf, positionOf } from './text.js';

/**
 * @typedef {import('./checker.js').Checker} Checker
 * @typedef {{line?: number, column?: number, message?: string}} Located
 */

export class Editor {
  /**
   * @param {{id: string, label: string, source: string, placeholder?: string, optional?: boolean,
   *          checker: Checker, onInput: (text: string) => void, format?: boolean, actions?: HTMLElement[]}} options
   *   label and placeholder are i18n keys; source is the problem source this editor shows
   *   ("instance", "call", …); onInput runs after every change the user or the page makes;
   *   actions are more buttons for the editor's bar.
   */
  constructor({ id, label, source, placeholder, optional = false, checker, onInput, format = true, actions = [] }) {
    this.source = source;
    this.checker = checker;
    this.onInput = onInput;
    this.lineCount = 1;
    /** @type {Map<number, string[]>} line → messages of the problems on it */
    this.problemLines = new Map();
    /** @type {number} the line a click on a problem went to, marked more strongly */
    this.focusLine = 0;
    this.frame = 0;
    /** @type {{lineHeight: number, padTop: number, charWidth: number} | null} */
    this.cachedMetrics = null;

    this.textarea = h('textarea', {
      id,
      class: 'code',
      spellcheck: 'false',
      autocomplete: 'off',
      autocapitalize: 'off',
      autocorrect: 'off',
      wrap: 'off',
      dataset: { i18nPlaceholder: placeholder ?? '' },
      'aria-describedby': `${id}-note`,
    });
    this.gutterLines = h('div', { class: 'gutter-lines' });
    this.marks = h('div', { class: 'marks', 'aria-hidden': 'true' });
    this.cursor = h('span', { class: 'cursor-pos' });
    // Not a live region: it changes on every keystroke. The pane's result summary is the live
    // region; this note is read with the editor (aria-describedby).
    this.note = h('span', { class: 'editor-note', id: `${id}-note` });
    this.optionalTag = h('span', { class: 'optional', dataset: { i18n: 'editor.optional' }, hidden: !optional });

    const buttons = format
      ? [
          h('button', { type: 'button', class: 'small', dataset: { i18n: 'editor.format' }, onclick: () => this.format('  ') }),
          h('button', { type: 'button', class: 'small', dataset: { i18n: 'editor.minify' }, onclick: () => this.format('') }),
        ]
      : [];

    this.labelEl = h('label', { for: id, dataset: { i18n: label } });
    this.el = h('div', { class: 'editor', dataset: { source } },
      h('div', { class: 'editor-bar' }, this.labelEl, this.optionalTag, h('span', { class: 'spacer' }), actions, buttons),
      h('div', { class: 'editor-area' },
        h('div', { class: 'gutter', 'aria-hidden': 'true' }, this.gutterLines),
        h('div', { class: 'editor-main' }, this.marks, this.textarea)),
      h('div', { class: 'editor-foot' }, this.cursor, this.note));

    this.textarea.addEventListener('input', () => this.changed());
    this.textarea.addEventListener('scroll', () => this.schedulePaint());
    for (const type of ['keyup', 'click', 'select', 'focus']) {
      this.textarea.addEventListener(type, () => this.schedulePaint());
    }
    new ResizeObserver(() => this.schedulePaint()).observe(this.textarea);
  }

  /** @returns {string} */
  get value() {
    return this.textarea.value;
  }

  /** Setting the value (a loaded example, a restored link) counts as a change. */
  set value(text) {
    this.textarea.value = text;
    this.textarea.scrollTop = 0;
    this.textarea.scrollLeft = 0;
    this.changed();
  }

  /** setQuietly sets the text without reporting a change (restoring state). */
  setQuietly(/** @type {string} */ text) {
    this.textarea.value = text;
    this.lineCount = countLines(text);
    this.setNote('');
    this.schedulePaint();
  }

  changed() {
    this.lineCount = countLines(this.textarea.value);
    this.setNote('');
    this.schedulePaint();
    this.onInput(this.textarea.value);
  }

  /** Whether the editor says its text is optional. */
  set optional(/** @type {boolean} */ on) {
    this.optionalTag.hidden = !on;
  }

  set readOnly(/** @type {boolean} */ on) {
    this.textarea.readOnly = on;
  }

  /**
   * setProblems marks the lines of the problems that are about this editor's text.
   * @param {Located[]} problems
   */
  setProblems(problems) {
    this.problemLines = new Map();
    for (const p of problems) {
      if (!p.line) continue;
      const list = this.problemLines.get(p.line) ?? [];
      list.push(p.message ?? '');
      this.problemLines.set(p.line, list);
    }
    if (!this.problemLines.has(this.focusLine)) this.focusLine = 0;
    const lines = [...this.problemLines.keys()].sort((a, b) => a - b);
    this.setNote(lines.length ? t('editor.problems', { n: problems.length, line: lines[0] }) : '', lines.length > 0);
    this.schedulePaint();
  }

  /**
   * setNote shows a short message under the editor (problems, a failed format).
   * @param {string} text
   * @param {boolean} [bad]
   */
  setNote(text, bad = false) {
    this.note.textContent = text;
    this.note.classList.toggle('bad', bad);
  }

  /**
   * goTo puts the cursor at a 1-based line and code-point column, scrolls there and focuses.
   * @param {number} line
   * @param {number} [column]
   */
  goTo(line, column = 1) {
    const text = this.textarea.value;
    const offset = offsetOf(text, line, column);
    this.focusLine = line;
    this.textarea.focus({ preventScroll: true });
    this.textarea.setSelectionRange(offset, offset);
    const { lineHeight, padTop, charWidth } = this.metrics();
    const ta = this.textarea;
    const y = padTop + (line - 1) * lineHeight;
    if (y < ta.scrollTop || y + lineHeight > ta.scrollTop + ta.clientHeight) {
      ta.scrollTop = Math.max(0, y - ta.clientHeight / 3);
    }
    const x = (column - 1) * charWidth;
    if (x < ta.scrollLeft || x > ta.scrollLeft + ta.clientWidth - 4 * charWidth) {
      ta.scrollLeft = Math.max(0, x - ta.clientWidth / 2);
    }
    this.schedulePaint();
  }

  /**
   * format pretty-prints (indent "  ") or minifies (indent "") through gatehouse.format, which
   * keeps every number exact and refuses text that is not strict JSON.
   * @param {string} indent
   */
  async format(indent) {
    const text = this.textarea.value;
    if (text.trim() === '') return;
    const source = this.source === 'resource' ? 'schema' : this.source;
    const answer = await this.checker.call('format', { text, indent, source });
    if (typeof answer.text === 'string' && !(answer.problems ?? []).length) {
      if (this.textarea.value === text) this.value = answer.text;
      return;
    }
    const first = (answer.problems ?? [])[0];
    const where = first?.line ? ` (${first.line}:${first.column ?? 1})` : '';
    this.setNote(t('editor.formatFailed', { message: (first?.message ?? '?') + where }), true);
  }

  /** relabel redraws what depends on the language. */
  relabel() {
    this.paint();
  }

  metrics() {
    if (!this.cachedMetrics) {
      const style = getComputedStyle(this.textarea);
      const lineHeight = parseFloat(style.lineHeight) || 20;
      const padTop = parseFloat(style.paddingTop) || 0;
      const context = document.createElement('canvas').getContext('2d');
      let charWidth = 8;
      if (context) {
        context.font = `${style.fontSize} ${style.fontFamily}`;
        charWidth = context.measureText('0000000000').width / 10 || 8;
      }
      if (this.textarea.isConnected && this.textarea.clientHeight > 0) {
        this.cachedMetrics = { lineHeight, padTop, charWidth };
      }
      return { lineHeight, padTop, charWidth };
    }
    return this.cachedMetrics;
  }

  schedulePaint() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  /**
   * paint draws only the visible line numbers and problem bands, so a 100,000-line document
   * costs no more than a short one.
   */
  paint() {
    const ta = this.textarea;
    if (!ta.isConnected || ta.clientHeight === 0) return;
    const { lineHeight, padTop } = this.metrics();
    const first = Math.max(0, Math.floor((ta.scrollTop - padTop) / lineHeight));
    const visible = Math.ceil(ta.clientHeight / lineHeight) + 2;
    const last = Math.min(this.lineCount, first + visible);
    const offsetY = padTop + first * lineHeight - ta.scrollTop;

    const numbers = [];
    const bands = [];
    for (let line = first + 1; line <= last; line++) {
      const messages = this.problemLines.get(line);
      const cls = messages ? (line === this.focusLine ? 'bad focus' : 'bad') : '';
      numbers.push(h('div', { class: cls || null, title: messages ? messages.join('\n') : null }, String(line)));
      if (messages) {
        const band = h('div', { class: line === this.focusLine ? 'band focus' : 'band' });
        band.style.top = `${padTop + (line - 1) * lineHeight - ta.scrollTop}px`;
        band.style.height = `${lineHeight}px`;
        bands.push(band);
      }
    }
    this.gutterLines.replaceChildren(...numbers);
    this.gutterLines.style.transform = `translateY(${offsetY}px)`;
    this.marks.replaceChildren(...bands);
    this.gutterLines.parentElement?.style.setProperty('--digits', String(Math.max(2, String(this.lineCount).length)));

    if (document.activeElement === ta) {
      const { line, column } = positionOf(ta.value, ta.selectionStart);
      this.cursor.textContent = t('editor.cursor', { line, column, lines: this.lineCount });
    } else {
      this.cursor.textContent = t('editor.lines', { lines: this.lineCount, n: this.lineCount });
    }
  }
}
