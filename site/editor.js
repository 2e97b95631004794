// A text editor for JSON: CodeMirror 6 (bundled into codemirror.js), with highlighting, folding,
// search and replace, bracket matching, Tab to indent (Escape then Tab leaves the editor), an
// undo history that includes Format and Minify, and each problem shown at its exact range with its
// message on hover and a marker in the gutter. CodeMirror draws only the lines in view, so a
// 10 MB text types and scrolls like a short one.
//
// Each editor lives in a shadow root: there CodeMirror's styles go into a constructed stylesheet
// (adoptedStyleSheets), which the page's Content-Security-Policy (style-src 'self', no inline
// style) allows, where a <style> element in the document would be refused.
//
// Around the editor: its label, Open… and Save (files are read in the page with the File API and
// written from a Blob: nothing is uploaded), a file dropped on it, Format and Minify through the
// checker, line wrapping, and a foot with the cursor position and a note.

import {
  Compartment, EditorSelection, EditorState, EditorView, HighlightStyle, bracketMatching, defaultKeymap,
  drawSelection, foldGutter, foldKeymap, highlightActiveLineGutter, highlightSelectionMatches,
  highlightSpecialChars, history, historyKeymap, indentOnInput, indentWithTab, json, keymap,
  lineNumbers, lintGutter, lintKeymap, placeholder, search, searchKeymap, setDiagnostics,
  syntaxHighlighting, syntaxTree, tags, Text, Transaction,
} from './codemirror.js';
import { download, h } from './dom.js';
import { t, tCount, tList } from './i18n.js';
import { describeCodePoint, hiddenChars, offsetOf, positionOf } from './text.js';

/**
 * @typedef {import('./checker.js').Checker} Checker
 * @typedef {{line?: number, column?: number, message?: string, kind?: string, severity?: string, mark?: MarkKind}} Located
 * @typedef {'problem' | 'reason' | 'finding' | 'change'} MarkKind what a mark is, for the editor's
 *   note ("2 problems, 1 lint finding, from line 4"): a problem with a text, a reason a decision
 *   gives, a lint finding, or a place where two texts differ
 */

/**
 * Problems marked in one editor at most (as many as a result list shows before it asks): CodeMirror
 * redraws every mark of the set at once, about 80 ms per thousand. The editor's note and the result
 * list say how many there are in all.
 */
export const maxMarks = 1_000;

/**
 * Past this many characters a text is edited as plain text: no syntax tree, so no highlighting,
 * folding or tree-based bracket matching. CodeMirror parses on the page's own thread, and for a
 * text of megabytes the parse (and the tree it hands over) blocks the page for seconds; search,
 * hidden characters, line numbers and problem marks stay.
 */
export const plainTextOver = 1_000_000;

/**
 * Past this many characters per line on average (minified JSON), brackets are not matched:
 * before the syntax tree reaches a bracket, CodeMirror looks for its partner by reading the whole
 * line, which for a 1 MB line is a long freeze on every move of the cursor.
 */
const bracketsUpToLineLength = 5_000;

/**
 * Past this many characters per line on average (a minified text of megabytes), hidden
 * characters are not drawn: CodeMirror looks for them again in the whole of each line that
 * changes, which for a 5 MB line is hundreds of milliseconds per key. The checker still reports
 * every one (lint, and the problems of the texts it reads).
 */
const hiddenCharsUpToLineLength = 100_000;

/**
 * Past this many characters, a pasted text is cut into lines by the page, a slice of ~sliceMs a
 * task, and goes in as one change (one step of the history) once it is read. CodeMirror would cut
 * it in the paste event's own task: two catalogs of 10,000 tools (5.7 MB each) held the page
 * 60–140 ms a paste.
 */
export const pasteInSlicesOver = 256 * 1024;

/** How long one slice of a pasted text's lines may take to cut (ms). */
const pasteSliceMs = 8;

/** @param {import('@codemirror/state').Text} doc */
const isLarge = (doc) => doc.length > plainTextOver;
/** @param {import('@codemirror/state').Text} doc */
const hasLongLines = (doc) => doc.length / doc.lines >= bracketsUpToLineLength;

// Colours come from the page's variables, so light and dark follow style.css.
const highlightStyle = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syn-key)' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syn-literal)', fontWeight: '600' },
  { tag: tags.invalid, color: 'var(--bad)' },
]);

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: 'var(--code-size)', color: 'var(--text)', backgroundColor: 'var(--surface)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: 'var(--code-line)' },
  '.cm-content': { caretColor: 'var(--text)', padding: '8px 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--selection)' },
  '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--surface)', color: 'var(--text)' },
  '.cm-placeholder': { color: 'var(--muted)', fontFamily: 'var(--sans)', whiteSpace: 'pre-wrap' },
  '.cm-hidden-char': {
    border: '1px dashed var(--warn)', borderRadius: '3px', backgroundColor: 'var(--warn-bg)', color: 'var(--warn)',
    fontSize: '0.85em', padding: '0 0.2em', margin: '0 0.1em',
  },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--match)', outline: '1px solid var(--muted)' },
  '.cm-searchMatch': { backgroundColor: 'var(--warn-bg)', outline: '1px solid var(--warn)' },
  '.cm-searchMatch-selected': { backgroundColor: 'var(--match)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--match)' },
  '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-panel input, .cm-panel button, .cm-panel label': { fontSize: '0.85rem' },
  '.cm-textfield': { backgroundColor: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-tooltip': { backgroundColor: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-diagnostic': { fontFamily: 'var(--sans)', maxWidth: '40rem' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--bad)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--warn)' },
  '.cm-lintRange-active': { backgroundColor: 'var(--band-focus)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', border: '1px solid var(--border)' },
  // A plain JSON diff marks both texts: changed, added (right) and removed (left).
  '.cm-diff-changed': { backgroundColor: 'var(--warn-bg)' },
  '.cm-diff-added': { backgroundColor: 'var(--ok-bg)' },
  '.cm-diff-removed': { backgroundColor: 'var(--bad-bg)' },
});

/** The editor buttons, by the i18n key of what they do. */
const actionKeys = ['editor.open', 'editor.save', 'editor.wrap', 'editor.format', 'editor.minify'];

/**
 * hiddenCharMark shows a character a reader cannot see as a labelled mark (U+202E, or the ASCII
 * a tag character hides), as the result lists show it.
 * @param {number} code
 * @param {string | null} description
 */
function hiddenCharMark(code, description) {
  const label = describeCodePoint(code);
  return h('span', { class: 'cm-hidden-char', title: description ?? label }, `⟨${label}⟩`);
}

export class Editor {
  /**
   * @param {{id: string, label: string, source: string, placeholder?: string, optional?: boolean,
   *          checker: Checker, onInput: () => void, format?: boolean, actions?: HTMLElement[]}} options
   *   label and placeholder are i18n keys; source is the problem source this editor shows
   *   ("instance", "call", …) and names its saved file; onInput runs after every change the user
   *   or the page makes; actions are more buttons for the editor's bar.
   */
  constructor({ id, label, source, placeholder: placeholderKey, optional = false, checker, onInput, format = true, actions = [] }) {
    this.id = id;
    this.labelKey = label;
    this.placeholderKey = placeholderKey ?? '';
    this.source = source;
    this.checker = checker;
    this.onInput = onInput;
    /** While true, a change is the page's own (setQuietly) and not reported. */
    this.quiet = false;
    /** @type {Array<{from: number, to: number, line: number, column: number}>} the marked problems */
    this.marks = [];
    this.problemGeneration = 0;
    /** Counts long pastes, so that a newer one supersedes one still being read. */
    this.pasteGeneration = 0;
    /** @type {import('@codemirror/state').Text | null} */
    this.textDoc = null;
    this.text = '';
    /** @type {string | undefined} the name of the file last opened here, for Save */
    this.fileName = undefined;
    this.isReadOnly = false;
    this.wraps = false;

    this.labelComp = new Compartment();
    this.bracketComp = new Compartment();
    this.languageComp = new Compartment();
    this.hiddenComp = new Compartment();
    this.hiddenChars = highlightSpecialChars({ addSpecialChars: hiddenChars, render: hiddenCharMark });
    // The "off" values of the two compartments, told apart from "on" by identity.
    this.plain = [];
    this.noBrackets = [];
    this.placeholderComp = new Compartment();
    this.editableComp = new Compartment();
    this.wrapComp = new Compartment();

    this.cursor = h('span', { class: 'cursor-pos' });
    this.note = h('span', { class: 'editor-note', id: `${id}-note` });
    this.optionalTag = h('span', { class: 'optional', dataset: { i18n: 'editor.optional' }, hidden: !optional });
    this.fileTag = h('span', { class: 'file-name', hidden: true });
    this.fileInput = h('input', {
      type: 'file', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true', accept: '.json,application/json,text/*',
      onchange: () => {
        const file = this.fileInput.files?.[0];
        this.fileInput.value = '';
        if (file) this.openFile(file);
      },
    });
    this.wrapButton = h('button', {
      type: 'button', class: 'small', 'aria-pressed': 'false', dataset: { i18n: 'editor.wrap' },
      onclick: () => this.setWrap(!this.wraps),
    });
    const buttons = [
      h('button', { type: 'button', class: 'small', dataset: { i18n: 'editor.open', i18nTitle: 'editor.openHint' }, onclick: () => this.fileInput.click() }),
      h('button', { type: 'button', class: 'small', dataset: { i18n: 'editor.save' }, onclick: () => this.save() }),
      this.wrapButton,
      format ? h('button', { type: 'button', class: 'small', dataset: { i18n: 'editor.format' }, onclick: () => this.format('  ') }) : null,
      format ? h('button', { type: 'button', class: 'small', dataset: { i18n: 'editor.minify' }, onclick: () => this.format('') }) : null,
    ].filter((b) => b !== null);
    // The buttons are a group named after their editor, and each says which editor it acts on
    // ("Policy: Format"): a screen reader going through the page hears five editors' Format.
    this.actionButtons = /** @type {HTMLButtonElement[]} */ (buttons);
    this.toolGroup = h('div', { class: 'editor-tools', role: 'group' }, actions, buttons);

    this.labelEl = h('span', { class: 'editor-label', id: `${id}-label`, dataset: { i18n: label } });
    this.host = h('div', { class: 'editor-area', id });
    // The tests and whoever scripts the page reach the editor from its element.
    Object.defineProperty(this.host, 'editor', { value: this });
    const root = this.host.attachShadow({ mode: 'open' });
    this.el = h('div', { class: 'editor', dataset: { source } },
      h('div', { class: 'editor-bar' }, this.labelEl, this.optionalTag, this.fileTag, h('span', { class: 'spacer' }), this.toolGroup, this.fileInput),
      this.host,
      h('div', { class: 'editor-foot' }, this.cursor, this.note));

    this.view = new EditorView({
      root,
      parent: root,
      state: EditorState.create({ doc: '', extensions: this.extensions() }),
    });
    this.el.addEventListener('dragover', (event) => {
      if (event.dataTransfer?.types.includes('Files')) {
        event.preventDefault();
        this.el.classList.add('drop-target');
      }
    });
    this.el.addEventListener('dragleave', () => this.el.classList.remove('drop-target'));
    this.el.addEventListener('drop', (event) => this.dropped(event));
    this.showCursor();
    this.nameActions();
  }

  /** nameActions gives the button group and each button its editor's name, in the language. */
  nameActions() {
    const editor = t(this.labelKey);
    this.toolGroup.setAttribute('aria-label', t('editor.tools', { editor }));
    for (const button of this.actionButtons) {
      const key = button.dataset.i18n ?? '';
      if (actionKeys.includes(key)) button.setAttribute('aria-label', t('editor.action', { editor, action: t(key) }));
    }
  }

  extensions() {
    return [
      lineNumbers(),
      foldGutter(),
      lintGutter(),
      highlightActiveLineGutter(),
      this.hiddenComp.of(this.hiddenChars),
      history(),
      drawSelection(),
      indentOnInput(),
      this.bracketComp.of(bracketMatching()),
      this.languageComp.of([json(), syntaxHighlighting(highlightStyle)]),
      // The language and bracket matching follow the text's size, in the same transaction.
      EditorState.transactionExtender.of((tr) => {
        if (!tr.docChanged) return null;
        const effects = [];
        const language = !isLarge(tr.newDoc);
        if (language !== (this.languageComp.get(tr.startState) !== this.plain)) {
          effects.push(this.languageComp.reconfigure(language ? [json(), syntaxHighlighting(highlightStyle)] : this.plain));
        }
        const hidden = tr.newDoc.length / tr.newDoc.lines < hiddenCharsUpToLineLength;
        if (hidden !== (this.hiddenComp.get(tr.startState) === this.hiddenChars)) {
          effects.push(this.hiddenComp.reconfigure(hidden ? this.hiddenChars : []));
        }
        const brackets = language && !hasLongLines(tr.newDoc);
        if (brackets !== (this.bracketComp.get(tr.startState) !== this.noBrackets)) {
          effects.push(this.bracketComp.reconfigure(brackets ? bracketMatching() : this.noBrackets));
        }
        return effects.length ? { effects } : null;
      }),
      highlightSelectionMatches(),
      search({ top: true }),
      EditorState.tabSize.of(2),
      keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap, indentWithTab]),
      theme,
      this.labelComp.of(this.labelAttributes()),
      this.placeholderComp.of(this.placeholderKey ? placeholder(t(this.placeholderKey)) : []),
      this.editableComp.of(this.isReadOnly ? [EditorState.readOnly.of(true)] : []),
      this.wrapComp.of(this.wraps ? EditorView.lineWrapping : []),
      EditorView.domEventHandlers({
        // A long text pasted is read in slices (pasteLarge); a short one as CodeMirror does.
        paste: (event) => {
          if (this.view.state.readOnly) return false;
          const text = event.clipboardData?.getData('text/plain') ?? '';
          if (text.length <= pasteInSlicesOver) return false;
          event.preventDefault();
          this.pasteLarge(text);
          return true;
        },
        // A file dropped on the text replaces it (as Open… does), rather than CodeMirror's
        // default of inserting its text at the drop point.
        drop: (event) => {
          if (!event.dataTransfer?.files.length) return false;
          this.dropped(event);
          return true;
        },
      }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) {
          // Any change of the text (typing, a short paste, a file opened) supersedes a long paste
          // still being read, which would otherwise land after it, on a selection it never saw.
          this.pasteGeneration++;
          // Not the text: reading a 5 MB document out on every key would be 10 MB of garbage per
          // key; whoever needs it reads value, once per pause in the typing.
          if (!this.quiet) this.onInput();
        }
        if (update.docChanged || update.selectionSet || update.focusChanged) this.showCursor();
      }),
    ];
  }

  labelAttributes() {
    // tabindex says in so many words that the text is focusable (it is, being contenteditable),
    // which is how checkers such as axe know its scrolling area can be reached from the keyboard.
    // The way out is said where a keyboard user meets the trap: Tab indents inside the text.
    return EditorView.contentAttributes.of({
      'aria-label': t(this.labelKey), 'aria-multiline': 'true', tabindex: '0', 'aria-description': t('editor.leave'),
    });
  }

  /** @returns {string} the text (kept between changes: a 10 MB document is read once). */
  get value() {
    const doc = this.view.state.doc;
    if (this.textDoc !== doc) {
      this.text = doc.toString();
      this.textDoc = doc;
    }
    return this.text;
  }

  /** Setting the value (a loaded example, an opened file) counts as a change, and can be undone. */
  set value(text) {
    this.replaceAll(text, 'input.replace');
  }

  /** The text's length in UTF-16 units, without reading it out. */
  get length() {
    return this.view.state.doc.length;
  }

  /** isBlank tells an empty (or all-white) text apart without reading a large one. */
  isBlank() {
    const doc = this.view.state.doc;
    return doc.length === 0 || (doc.length < 100_000 && this.value.trim() === '');
  }

  /**
   * replaceAll puts text in place of the whole document, as one step of the history.
   * @param {string} text
   * @param {string} userEvent
   */
  replaceAll(text, userEvent) {
    const view = this.view;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: text },
      selection: EditorSelection.cursor(0),
      userEvent,
      scrollIntoView: true,
    });
  }

  /**
   * pasteLarge puts a long pasted text in place of the selection as CodeMirror's paste does (one
   * change, userEvent input.paste, one step of the history), having cut it into lines a slice
   * at a time (linesOf), so that no task of the page holds it for long. A newer paste, or any
   * other change of the text, supersedes one still being read. When the text replaces the whole document, it is kept as the value:
   * the check that follows reads it without joining the document's lines back together.
   * @param {string} text
   */
  async pasteLarge(text) {
    const generation = ++this.pasteGeneration;
    const lines = await linesOf(text, () => generation !== this.pasteGeneration);
    if (!lines || generation !== this.pasteGeneration) return;
    const view = this.view;
    const { state } = view;
    const { ranges } = state.selection;
    const whole = ranges.length === 1 && ranges[0].from === 0 && ranges[0].to === state.doc.length && !text.includes('\r');
    view.dispatch(state.update(state.replaceSelection(Text.of(lines)), { userEvent: 'input.paste', scrollIntoView: true }));
    if (whole && view.state.doc.length === text.length) {
      this.text = text;
      this.textDoc = view.state.doc;
    }
  }

  /** setQuietly sets the text without reporting a change or adding it to the undo history (restoring state). */
  setQuietly(/** @type {string} */ text) {
    if (text === this.value) return;
    this.quiet = true;
    try {
      this.view.dispatch({
        changes: { from: 0, to: this.view.state.doc.length, insert: text },
        selection: EditorSelection.cursor(0),
        annotations: Transaction.addToHistory.of(false),
        effects: setDiagnostics(this.view.state, []).effects,
        scrollIntoView: true,
      });
    } finally {
      this.quiet = false;
    }
    this.problemGeneration++;
    this.marks = [];
    this.setNote('');
    this.showCursor();
  }

  /** Whether the editor says its text is optional. */
  set optional(/** @type {boolean} */ on) {
    this.optionalTag.hidden = !on;
  }

  set readOnly(/** @type {boolean} */ on) {
    this.isReadOnly = on;
    this.view.dispatch({ effects: this.editableComp.reconfigure(on ? [EditorState.readOnly.of(true)] : []) });
  }

  /** @param {boolean} on */
  setWrap(on) {
    this.wraps = on;
    this.wrapButton.setAttribute('aria-pressed', String(on));
    this.view.dispatch({ effects: this.wrapComp.reconfigure(on ? EditorView.lineWrapping : []) });
  }

  /**
   * setProblems marks each problem about this editor's text at its exact range: a line and a
   * code-point column become an offset, and the range runs to the end of the JSON token there
   * (a string, a number, a literal, or the object or array the syntax tree knows). Thousands of
   * problems are placed a few hundred at a time, letting the page paint in between; a newer call
   * supersedes one still placing.
   * @param {Located[]} problems
   */
  async setProblems(problems) {
    const generation = ++this.problemGeneration;
    /** @type {import('@codemirror/lint').Diagnostic[]} */
    const diagnostics = [];
    const marks = [];
    let firstLine = 0;
    for (let i = 0; i < problems.length; i++) {
      if (i % 500 === 499) {
        await yieldToPage();
        if (generation !== this.problemGeneration) return;
      }
      const p = problems[i];
      if (!p.line) continue;
      if (!firstLine || p.line < firstLine) firstLine = p.line;
      if (diagnostics.length >= maxMarks) continue;
      const doc = this.view.state.doc;
      const from = this.offsetOf(p.line, p.column ?? 1);
      const to = Math.max(from, Math.min(doc.length, tokenEnd(this.view.state, from)));
      marks.push({ from, to, line: p.line, column: p.column ?? 1 });
      /** @type {import('@codemirror/lint').Diagnostic} */
      const diagnostic = { from, to, severity: severityOf(p), message: p.message ?? '' };
      if (p.mark === 'change') diagnostic.markClass = `cm-diff-${p.kind}`;
      diagnostics.push(diagnostic);
    }
    diagnostics.sort((a, b) => a.from - b.from);
    // Drawing the marks is a task of its own, apart from placing them.
    if (problems.length > 100) {
      await yieldToPage();
      if (generation !== this.problemGeneration) return;
    }
    this.marks = marks;
    this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
    this.setNote(firstLine ? marksNote(problems, firstLine) : '', firstLine > 0 && problems.some((p) => (p.mark ?? 'problem') === 'problem'));
  }

  /**
   * offsetOf turns a 1-based line and code-point column (as the checker reports them) into an
   * offset in the document, clamped to the line.
   * @param {number} line
   * @param {number} column
   */
  offsetOf(line, column) {
    const doc = this.view.state.doc;
    const l = doc.line(Math.min(Math.max(1, line), doc.lines));
    // A column is at most two UTF-16 units per code point: read only that much of a long line.
    const text = column > 1 ? doc.sliceString(l.from, Math.min(l.to, l.from + 2 * column + 2)) : '';
    return l.from + offsetOf(text, 1, column);
  }

  /**
   * setNote shows a short message under the editor (problems, a failed format, a file).
   * @param {string} text
   * @param {boolean} [bad]
   */
  setNote(text, bad = false) {
    this.note.textContent = text;
    this.note.classList.toggle('bad', bad);
  }

  /**
   * goTo selects the problem at a 1-based line and code-point column (its whole range when one is
   * marked there), scrolls to it and focuses the editor.
   * @param {number} line
   * @param {number} [column]
   */
  goTo(line, column = 1) {
    const at = this.offsetOf(line, column);
    const mark = this.marks.find((m) => m.from === at);
    const to = mark ? mark.to : at;
    this.view.dispatch({ selection: EditorSelection.single(at, to), scrollIntoView: true });
    // Centred both ways: with wrapping off, a mark at column 90 is past the editor's right edge.
    this.view.dispatch({ effects: EditorView.scrollIntoView(EditorSelection.range(at, to), { y: 'center', x: 'center' }) });
    this.view.focus();
  }

  /** @returns {{from: number, to: number}} the main selection, for tests and scripts. */
  get selection() {
    const { from, to } = this.view.state.selection.main;
    return { from, to };
  }

  focus() {
    this.view.focus();
  }

  /**
   * format pretty-prints (indent "  ") or minifies (indent "") through gatehouse.format, which
   * keeps every number exact and refuses text that is not strict JSON. The new text is one step
   * of the history: Ctrl+Z brings the old one back.
   * @param {string} indent
   */
  async format(indent) {
    const text = this.value;
    if (text.trim() === '') return;
    const source = this.source === 'resource' ? 'schema' : this.source;
    const answer = await this.checker.call('format', { text, indent, source });
    if (typeof answer.text === 'string' && !(answer.problems ?? []).length) {
      if (this.value === text && answer.text !== text) this.replaceAll(answer.text, 'input.format');
      return;
    }
    const first = (answer.problems ?? [])[0];
    const where = first?.line ? ` (${first.line}:${first.column ?? 1})` : '';
    this.setNote(t('editor.formatFailed', { message: (first?.message ?? '?') + where }), true);
  }

  /**
   * openFile reads a file in the page (never uploaded) and puts its text in the editor.
   * @param {File} file
   */
  async openFile(file) {
    try {
      const text = await file.text();
      this.value = text;
      this.fileName = file.name;
      this.fileTag.textContent = file.name;
      this.fileTag.title = t('editor.opened', { name: file.name });
      this.fileTag.hidden = false;
    } catch (err) {
      this.setNote(t('editor.openFailed', { name: file.name, message: err instanceof Error ? err.message : String(err) }), true);
    }
  }

  /** @param {DragEvent} event */
  dropped(event) {
    this.el.classList.remove('drop-target');
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    this.openFile(file);
  }

  /** save offers the text as a file, under the name it was opened with or the text's name. */
  save() {
    download(this.fileName ?? `${this.source}.json`, this.value);
  }

  showCursor() {
    const state = this.view.state;
    const lines = state.doc.lines;
    if (this.view.hasFocus) {
      const head = state.selection.main.head;
      const line = state.doc.lineAt(head);
      // Columns count code points, as the checker's do; far into a very long line, UTF-16
      // units stand in for them rather than read the line on every move of the cursor.
      const column = head - line.from < 10_000 ? positionOf(state.doc.sliceString(line.from, head), head - line.from).column : head - line.from + 1;
      this.cursor.textContent = t('editor.cursor', { line: line.number, column, lines, n: lines });
    } else {
      this.cursor.textContent = t('editor.lines', { lines, n: lines });
    }
  }

  /** relabel redraws what depends on the language. */
  relabel() {
    this.view.dispatch({
      effects: [
        this.labelComp.reconfigure(this.labelAttributes()),
        this.placeholderComp.reconfigure(this.placeholderKey ? placeholder(t(this.placeholderKey)) : []),
      ],
    });
    this.showCursor();
    this.nameActions();
  }
}

/**
 * marksNote says what is marked in the text, by kind, and where the first is: "2 problems and
 * 1 lint finding, from line 4". A decision's reasons and a diff's changes are not problems.
 * @param {Located[]} marks
 * @param {number} firstLine
 */
function marksNote(marks, firstLine) {
  /** @type {Record<MarkKind, number>} */
  const counts = { problem: 0, reason: 0, finding: 0, change: 0 };
  for (const m of marks) counts[m.mark ?? 'problem']++;
  const phrases = Object.entries(counts).filter(([, n]) => n > 0).map(([kind, n]) => tCount(`editor.count.${kind}`, n));
  return t('editor.marksFrom', { counts: tList(phrases), line: firstLine });
}

/**
 * linesOf cuts a text into its lines as CodeMirror does (at \n, \r\n and \r), checking the
 * clock every few thousand lines and letting the page run once a slice has taken pasteSliceMs.
 * Resolves null when stale() says the text is no longer wanted.
 * @param {string} text
 * @param {() => boolean} stale
 * @returns {Promise<string[] | null>}
 */
async function linesOf(text, stale) {
  const separator = text.includes('\r') ? /\r\n?|\n/g : /\n/g;
  /** @type {string[]} */
  const lines = [];
  let start = 0;
  let t0 = performance.now();
  for (let m; (m = separator.exec(text));) {
    lines.push(text.slice(start, m.index));
    start = m.index + m[0].length;
    if (lines.length % 2048 === 0 && performance.now() - t0 > pasteSliceMs) {
      await yieldToPage();
      if (stale()) return null;
      t0 = performance.now();
    }
  }
  lines.push(text.slice(start));
  return lines;
}

/** yieldToPage lets the page handle input and paint before the work goes on. */
function yieldToPage() {
  // @ts-ignore: scheduler.yield is newer than some type libraries
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * severityOf maps a problem (or a lint finding) to a diagnostic's severity.
 * @param {Located} p
 * @returns {'error' | 'warning' | 'info'}
 */
function severityOf(p) {
  if (p.mark === 'change') return p.kind === 'removed' ? 'error' : p.kind === 'added' ? 'info' : 'warning';
  if (p.severity === 'medium' || p.kind === 'limit') return 'warning';
  if (p.severity === 'low') return 'info';
  return 'error';
}

const numberToken = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const literalToken = /^(?:true|false|null)/;

/**
 * tokenEnd finds where the JSON token starting at from ends: a string to its closing quote, a
 * number or literal to its last character, an object or array to its closing bracket when the
 * syntax tree reaches that far; otherwise the one character there.
 * @param {import('@codemirror/state').EditorState} state
 * @param {number} from
 */
function tokenEnd(state, from) {
  const doc = state.doc;
  if (from >= doc.length) return from;
  let head = doc.sliceString(from, Math.min(doc.length, from + 256));
  const c = head[0];
  if (c === '"') {
    // Most strings end within the first slice; a long one is read further, up to 64 KB.
    for (let i = 1; i < head.length; i++) {
      if (head[i] === '\\') i++;
      else if (head[i] === '"') return from + i + 1;
      else if (head[i] === '\n') return from + i;
      if (i === head.length - 1 && head.length < 65_536 && from + head.length < doc.length) {
        head = doc.sliceString(from, Math.min(doc.length, from + head.length * 4));
      }
    }
    return from + head.length;
  }
  const m = numberToken.exec(head) ?? literalToken.exec(head);
  if (m) return from + m[0].length;
  if (c === '{' || c === '[') {
    for (let node = syntaxTree(state).resolveInner(from, 1); node; node = node.parent) {
      if (node.from === from && (node.name === 'Object' || node.name === 'Array')) return node.to;
      if (node.from < from) break;
    }
  }
  return from + 1;
}
