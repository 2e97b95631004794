// The Schema pane: an instance and a schema (plus more schema documents by URL, so a $ref across
// files resolves without a fetch) → "valid" or every problem, each pinned to its line.

import { Channel } from './checker.js';
import { h, replace } from './dom.js';
import { Editor } from './editor.js';
import { t } from './i18n.js';
import { ExampleMenu } from './menu.js';
import { busyLine, problemList, saveButton, statusLine, today, VerdictBar } from './render.js';
import { schemaExamples } from './examples.js';

/**
 * @typedef {import('./checker.js').Checker} Checker
 * @typedef {import('./gatehouse').SchemaPaneState} SchemaPaneState
 */

export class SchemaPane {
  /**
   * @param {{checker: Checker, onChange: () => void}} options
   */
  constructor({ checker, onChange }) {
    this.checker = checker;
    this.onChange = onChange;
    /** @type {{url: string, text: string}[]} extra schema documents */
    this.resources = [];
    /** -1: the main schema; otherwise the index of the resource shown */
    this.activeDoc = -1;

    const changed = () => {
      this.check();
      this.onChange();
    };
    this.instance = new Editor({
      id: 'schema-instance', label: 'schema.instance', source: 'instance',
      placeholder: 'schema.instancePlaceholder', checker, onInput: changed,
    });
    this.schema = new Editor({
      id: 'schema-schema', label: 'schema.schema', source: 'schema',
      placeholder: 'schema.schemaPlaceholder', checker, onInput: changed,
      actions: [h('button', {
        type: 'button', class: 'small', id: 'schema-add-document',
        dataset: { i18n: 'schema.addDocumentShort', i18nTitle: 'schema.addDocument' },
        onclick: () => this.addResource(),
      })],
    });
    this.schema.el.id = 'schema-main-panel';
    this.schema.el.setAttribute('role', 'tabpanel');
    this.resourceEditor = new Editor({
      id: 'schema-resource', label: 'schema.resource', source: 'resource',
      placeholder: 'schema.resourcePlaceholder', checker,
      onInput: changed,
    });

    // The drafts are the checker's (about().drafts); until it has said, the select is empty and
    // the draft a link asked for is kept in wantedDraft.
    this.draft = h('select', { id: 'schema-draft', onchange: changed });
    // Off by default, as 2020-12 says: "format" is an annotation unless asserted.
    this.assertFormats = h('input', { type: 'checkbox', id: 'schema-assert-formats', onchange: changed });
    this.examples = new ExampleMenu({
      id: 'schema-examples',
      groups: () => [{ label: t('tab.schema'), items: schemaExamples.map((e) => ({ id: e.id, label: t(e.label) })) }],
      onChoose: (id) => this.loadExample(id),
    });
    this.wantedDraft = '';
    checker.ready.then(() => {
      const drafts = checker.about?.drafts;
      if (drafts?.length) this.setDrafts([...drafts].reverse());
    }, () => {});
    this.docTabs = h('div', { class: 'doc-tabs', role: 'tablist', dataset: { i18nAriaLabel: 'schema.documents' } });
    this.resourceURL = h('input', {
      id: 'schema-resource-url', type: 'url', class: 'url-input', spellcheck: 'false',
      dataset: { i18nPlaceholder: 'schema.resourceURLPlaceholder' },
      oninput: () => {
        const doc = this.resources[this.activeDoc];
        if (!doc) return;
        doc.url = this.resourceURL.value;
        this.renderDocTabs();
        changed();
      },
    });
    this.resourceBox = h('div', { class: 'resource-box', id: 'schema-resource-panel', role: 'tabpanel', hidden: true },
      h('div', { class: 'resource-url' },
        h('label', { for: 'schema-resource-url', dataset: { i18n: 'schema.resourceURL' } }),
        this.resourceURL,
        h('button', { type: 'button', class: 'small danger', dataset: { i18n: 'schema.removeDocument' }, onclick: () => this.removeResource() })),
      this.resourceEditor.el);

    this.summary = h('div', { class: 'summary', id: 'schema-summary', dataset: { state: 'idle' } });
    this.problems = h('div', { class: 'problem-box' });
    this.saveResult = saveButton(() => this.lastResult ? JSON.stringify(this.lastResult, null, 2) + '\n' : '', () => `validation-${today()}.json`, 'result.save', 'validation');
    this.saveResult.hidden = true;
    this.channel = new Channel(checker, {
      lane: 'schema',
      onResult: (result) => this.show(result),
      onBusy: (busy) => { if (busy) this.showBusy(); },
      onCancel: () => this.setSummary(statusLine('idle', t('result.cancelled')), 'cancelled'),
      el: this.summary,
    });

    const heading = h('h2', { id: 'schema-result-title', dataset: { i18n: 'result.title' } });
    this.bar = new VerdictBar(this.summary, heading);
    this.el = h('div', { class: 'pane-body' },
      h('div', { class: 'toolbar' },
        h('label', { for: 'schema-draft', class: 'inline' }, h('span', { dataset: { i18n: 'schema.draft' } }), this.draft),
        h('span', { class: 'hint', dataset: { i18n: 'schema.draftHint' } }),
        h('label', { class: 'check', for: 'schema-assert-formats', title: t('schema.assertFormatsHint'), dataset: { i18nTitle: 'schema.assertFormatsHint' } },
          this.assertFormats, h('span', { dataset: { i18n: 'schema.assertFormats' } })),
        h('span', { class: 'spacer' }),
        this.examples.el),
      h('div', { class: 'columns' },
        h('div', { class: 'column' }, this.instance.el),
        h('div', { class: 'column' }, this.docTabs, this.schema.el, this.resourceBox)),
      this.bar.el,
      h('section', { class: 'result', 'aria-labelledby': 'schema-result-title' },
        h('div', { class: 'result-head' }, heading, h('span', { class: 'spacer' }), this.saveResult),
        h('div', { 'aria-live': 'polite' }, this.summary),
        this.problems));
    this.renderDocTabs();
  }

  /** @returns {Required<SchemaPaneState>} */
  getState() {
    this.syncResource();
    /** @type {Record<string, string>} */
    const resources = {};
    for (const doc of this.resources) resources[doc.url] = doc.text;
    return { schema: this.schema.value, instance: this.instance.value, draft: this.draft.value || this.wantedDraft, resources, assertFormats: this.assertFormats.checked };
  }

  /** @param {Partial<SchemaPaneState>} state */
  setState(state) {
    this.instance.setQuietly(state.instance ?? '');
    this.schema.setQuietly(state.schema ?? '');
    this.wantedDraft = state.draft ?? '';
    const drafts = [...this.draft.options].map((o) => o.value);
    this.draft.value = drafts.includes(this.wantedDraft) ? this.wantedDraft : (this.checker.about?.defaultDraft ?? '');
    this.assertFormats.checked = state.assertFormats === true;
    this.activeDoc = -1; // the editor's text belongs to none of the new documents
    this.resources = Object.entries(state.resources ?? {}).map(([url, text]) => ({ url, text: String(text) }));
    this.showDoc(-1);
    this.check({ immediate: true });
  }

  /** @param {string} id */
  loadExample(id) {
    const example = schemaExamples.find((e) => e.id === id);
    if (!example) return;
    this.setState(example);
    this.onChange();
  }

  /** @param {string[]} drafts newest first */
  setDrafts(drafts) {
    const selected = this.draft.value || this.wantedDraft;
    replace(this.draft, drafts.map((d) => h('option', { value: d }, /^\d$/.test(d) ? `draft-0${d}` : d)));
    this.draft.value = drafts.includes(selected) ? selected : (this.checker.about?.defaultDraft ?? drafts[0]);
  }

  /** @returns {Editor[]} */
  editors() {
    return [this.instance, this.schema, this.resourceEditor];
  }

  renderDocTabs() {
    // A tab list as ARIA describes it: the selected tab is the one in the tab order, the arrow
    // keys (and Home, End) move between tabs, and each tab names the panel it shows.
    const count = this.resources.length + 1;
    const tab = (/** @type {number} */ index, /** @type {string} */ label) => h('button', {
      type: 'button', role: 'tab', class: 'doc-tab', id: `schema-doc-tab-${index + 1}`,
      'aria-selected': String(index === this.activeDoc),
      'aria-controls': index < 0 ? this.schema.el.id : this.resourceBox.id,
      tabindex: index === this.activeDoc ? '0' : '-1',
      title: label,
      onclick: () => this.showDoc(index),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: -1, End: count - 2 }[e.key];
        if (to === undefined) return;
        e.preventDefault();
        const next = ((to + 1 + count) % count) - 1;
        this.showDoc(next);
        document.getElementById(`schema-doc-tab-${next + 1}`)?.focus();
      },
    }, label);
    // The tabs appear once there is more than the main schema.
    this.docTabs.hidden = this.resources.length === 0;
    replace(this.docTabs,
      tab(-1, t('schema.mainSchema')),
      ...this.resources.map((doc, i) => tab(i, doc.url || t('schema.untitled'))));
  }

  /** syncResource copies the text of the extra document on show back into its record. */
  syncResource() {
    const doc = this.resources[this.activeDoc];
    if (doc) doc.text = this.resourceEditor.value;
  }

  /** @param {number} index */
  showDoc(index) {
    this.syncResource();
    this.activeDoc = index < this.resources.length ? index : -1;
    const doc = this.resources[this.activeDoc];
    this.schema.el.hidden = Boolean(doc);
    this.resourceBox.hidden = !doc;
    if (doc) {
      this.resourceURL.value = doc.url;
      this.resourceEditor.setQuietly(doc.text);
    }
    this.markResource();
    this.renderDocTabs();
  }

  /** Marks the problems of the extra document on show, which core names by its URL. */
  markResource() {
    const doc = this.resources[this.activeDoc];
    const problems = this.lastResult?.problems ?? [];
    this.resourceEditor.setProblems(doc ? problems.filter((p) => p.source === 'schema' && p.document === doc.url) : []);
  }

  addResource() {
    this.resources.push({ url: '', text: '' });
    this.showDoc(this.resources.length - 1);
    this.resourceURL.focus();
  }

  removeResource() {
    this.resources.splice(this.activeDoc, 1);
    this.activeDoc = -1;
    this.showDoc(-1);
    this.check();
    this.onChange();
  }

  /** @param {{immediate?: boolean}} [options] */
  check(options) {
    if (this.instance.isBlank() || this.schema.isBlank()) {
      this.channel.forget();
      this.lastResult = null;
      this.saveResult.hidden = true;
      this.instance.setProblems([]);
      this.schema.setProblems([]);
      this.setSummary(statusLine('idle', t('schema.empty')), 'idle');
      this.problems.replaceChildren();
      return;
    }
    // The texts are read when the request is sent, once per pause in the typing.
    this.channel.schedule('validate', () => {
      const state = this.getState();
      // A document still without a URL cannot be referred to; leave it out until it has one.
      const resources = Object.fromEntries(Object.entries(state.resources).filter(([url]) => url.trim() !== ''));
      return { ...state, resources };
    }, options);
  }

  showBusy() {
    this.setSummary(busyLine(this.channel, t(this.checker.loaded ? 'result.working' : 'result.loading')), 'busy');
  }

  /**
   * @param {HTMLElement} line
   * @param {string} state
   */
  setSummary(line, state) {
    replace(this.summary, line);
    this.summary.dataset.state = state;
    this.bar.show(line, state);
  }

  /** @param {import('./gatehouse').ValidateResponse} result */
  show(result) {
    this.lastResult = result;
    this.saveResult.hidden = false;
    const problems = result.problems ?? [];
    this.instance.setProblems(problems.filter((p) => p.source === 'instance'));
    this.schema.setProblems(problems.filter((p) => p.source === 'schema' && !p.document));
    this.markResource();
    const goTo = (/** @type {string} */ source, /** @type {number} */ line, /** @type {number} */ column, /** @type {string | undefined} */ document) => this.goTo(source, line, column, document);
    // A format that would fail if asserted is said, and marked as a hint: formats are
    // annotations unless asserted, and "not-an-email" passing surprises whoever does not know.
    const unasserted = result.unassertedFormats ?? [];
    const hint = unasserted.length
      ? h('div', { class: 'unasserted', id: 'schema-unasserted' },
        h('p', null, t('schema.unasserted', { n: unasserted.length })),
        problemList(unasserted, goTo, 'instance'))
      : null;
    if (result.valid && problems.length === 0) {
      this.setSummary(statusLine(unasserted.length ? 'warn' : 'ok', t('schema.valid')), 'valid');
      replace(this.problems, hint);
      return;
    }
    this.setSummary(statusLine('bad', t('schema.invalid', { n: problems.length })), 'invalid');
    replace(this.problems, problemList(problems, goTo, 'instance', result.unmatched ?? []), hint);
  }

  /**
   * @param {string} source
   * @param {number} line
   * @param {number} column
   * @param {string} [document] the resource's URL, for a problem in one of the extra documents
   */
  goTo(source, line, column, document) {
    const index = document ? this.resources.findIndex((d) => d.url === document) : -1;
    if (source === 'schema' && index >= 0) {
      this.showDoc(index);
      this.resourceEditor.goTo(line, column);
    } else if (source === 'schema') {
      this.showDoc(-1);
      this.schema.goTo(line, column);
    } else if (source === 'instance') {
      this.instance.goTo(line, column);
    }
  }

  relabel() {
    this.examples.relabel();
    this.renderDocTabs();
    for (const e of [this.instance, this.schema, this.resourceEditor]) e.relabel();
    // The result on show stays until the checker answers again, in the new language.
    if (this.lastResult) this.show(this.lastResult);
    this.check({ immediate: true });
  }
}
