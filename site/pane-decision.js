// The Decision pane. Gate mode: a tool call, the server's catalog and the session's policy →
// allow / deny / ask per call, with every reason linked to its line. Check mode: a decision
// someone wrote (and optionally the schema to hold it to) → does it pass the schema, and the rule?

import { Channel } from './checker.js';
import { h, replace, visibleText } from './dom.js';
import { Editor } from './editor.js';
import { checkExamples, gateExamples } from './examples.js';
import { t } from './i18n.js';
import { jsonBlock, problemList, statusLine } from './render.js';
import { formatAnswer } from './text.js';

/**
 * @typedef {import('./checker.js').Checker} Checker
 * @typedef {import('./gatehouse').DecisionPaneState} DecisionPaneState
 * @typedef {import('./gatehouse').Decision} Decision
 * @typedef {import('./gatehouse').Problem} Problem
 */

const verdictSymbols = { allow: '✓', deny: '✗', ask: '?' };

export class DecisionPane {
  /**
   * @param {{checker: Checker, onChange: () => void}} options
   */
  constructor({ checker, onChange }) {
    this.checker = checker;
    this.onChange = onChange;
    /** @type {'gate' | 'check'} */
    this.mode = 'gate';
    /** @type {any} */
    this.lastResult = null;

    const changed = () => {
      this.check();
      this.onChange();
    };
    const editor = (/** @type {string} */ name, /** @type {string} */ source, optional = false) => new Editor({
      id: `decision-${name}`, label: `decision.${name}`, source, optional,
      placeholder: `decision.${name}Placeholder`, checker, onInput: changed,
    });
    this.call = editor('call', 'call');
    this.catalog = editor('catalog', 'catalog');
    this.policy = editor('policy', 'policy');
    this.decision = editor('decision', 'decision');
    this.schema = editor('schema', 'schema', true);
    /** @type {Record<string, Editor>} */
    this.editorsBySource = { call: this.call, catalog: this.catalog, policy: this.policy, decision: this.decision, schema: this.schema };

    this.modeInputs = ['gate', 'check'].map((mode) => h('input', {
      type: 'radio', name: 'decision-mode', id: `decision-mode-${mode}`, value: mode,
      onchange: () => {
        this.setMode(/** @type {'gate' | 'check'} */ (mode));
        changed();
      },
    }));
    this.examples = h('select', { id: 'decision-examples', onchange: () => this.loadExample() });
    this.renderExamples();

    this.summary = h('div', { class: 'summary', id: 'decision-summary', dataset: { state: 'idle' } });
    this.output = h('div', { class: 'decision-output' });
    this.channel = new Channel(checker, {
      onResult: (result, request) => this.show(result, request.fn),
      onBusy: (busy) => { if (busy) this.setSummary(statusLine('busy', t(checker.loaded ? 'result.working' : 'result.loading')), 'busy'); },
    });

    this.el = h('div', { class: 'pane-body' },
      h('div', { class: 'toolbar' },
        h('fieldset', { class: 'segmented' },
          h('legend', { class: 'visually-hidden', dataset: { i18n: 'decision.mode' } }),
          this.modeInputs.map((input) => [input, h('label', { for: input.id, dataset: { i18n: `decision.mode.${input.value}` } })])),
        h('span', { class: 'spacer' }),
        h('label', { for: 'decision-examples', class: 'inline' }, h('span', { dataset: { i18n: 'result.examples' } }), this.examples)),
      h('div', { class: 'columns' },
        h('div', { class: 'column' }, this.call.el, this.decision.el, this.policy.el),
        h('div', { class: 'column' }, this.catalog.el, this.schema.el)),
      h('section', { class: 'result', 'aria-labelledby': 'decision-result-title' },
        h('h2', { id: 'decision-result-title', dataset: { i18n: 'result.title' } }),
        h('div', { 'aria-live': 'polite' }, this.summary),
        this.output));
    this.setMode('gate');
  }

  renderExamples() {
    const selected = this.examples.value;
    replace(this.examples,
      h('option', { value: '' }, t('result.chooseExample')),
      h('optgroup', { label: t('decision.mode.gate') }, gateExamples.map((e) => h('option', { value: e.id }, t(e.label)))),
      h('optgroup', { label: t('decision.mode.check') }, checkExamples.map((e) => h('option', { value: e.id }, t(e.label)))));
    this.examples.value = selected;
  }

  /** @param {'gate' | 'check'} mode */
  setMode(mode) {
    this.mode = mode === 'check' ? 'check' : 'gate';
    for (const input of this.modeInputs) input.checked = input.value === this.mode;
    const gate = this.mode === 'gate';
    this.call.el.hidden = !gate;
    this.catalog.el.hidden = !gate;
    this.decision.el.hidden = gate;
    this.schema.el.hidden = gate;
    this.policy.optional = !gate; // checkDecision applies the rule with or without a policy
    this.el.dataset.mode = this.mode;
  }

  /** @returns {Required<DecisionPaneState>} */
  getState() {
    return {
      call: this.call.value, catalog: this.catalog.value, policy: this.policy.value,
      decision: this.decision.value, schema: this.schema.value, mode: this.mode,
    };
  }

  /** @param {Partial<DecisionPaneState>} state */
  setState(state) {
    this.call.setQuietly(state.call ?? '');
    this.catalog.setQuietly(state.catalog ?? '');
    this.policy.setQuietly(state.policy ?? '');
    this.decision.setQuietly(state.decision ?? '');
    this.schema.setQuietly(state.schema ?? '');
    this.setMode(state.mode === 'check' ? 'check' : 'gate');
    this.check({ immediate: true });
  }

  loadExample() {
    const id = this.examples.value;
    this.examples.value = '';
    const gate = gateExamples.find((e) => e.id === id);
    const check = checkExamples.find((e) => e.id === id);
    if (gate) {
      this.setState({ ...this.getState(), mode: 'gate', call: gate.call, catalog: gate.catalog, policy: gate.policy });
    } else if (check) {
      this.setState({ ...this.getState(), mode: 'check', decision: check.decision, schema: check.schema, policy: check.policy });
    } else {
      return;
    }
    this.onChange();
  }

  /** @param {{immediate?: boolean}} [options] */
  check(options) {
    const s = this.getState();
    if (this.mode === 'gate') {
      if (s.call.trim() === '' || s.catalog.trim() === '' || s.policy.trim() === '') {
        return this.idle(t('decision.emptyGate'));
      }
      this.channel.schedule('gate', { call: s.call, catalog: s.catalog, policy: s.policy }, options);
    } else {
      if (s.decision.trim() === '') return this.idle(t('decision.emptyCheck'));
      /** @type {{decision: string, policy?: string, schema?: string}} */
      const request = { decision: s.decision };
      if (s.policy.trim() !== '') request.policy = s.policy;
      if (s.schema.trim() !== '') request.schema = s.schema;
      this.channel.schedule('checkDecision', request, options);
    }
  }

  /** @param {string} message */
  idle(message) {
    this.channel.cancel();
    this.lastResult = null;
    for (const e of Object.values(this.editorsBySource)) e.setProblems([]);
    this.setSummary(statusLine('idle', message), 'idle');
    this.output.replaceChildren();
  }

  /**
   * @param {HTMLElement} line
   * @param {string} state
   */
  setSummary(line, state) {
    replace(this.summary, line);
    this.summary.dataset.state = state;
  }

  /**
   * @param {any} result
   * @param {string} fn
   */
  show(result, fn) {
    this.lastResult = { result, fn };
    if (fn === 'checkDecision') this.showCheck(result);
    else this.showGate(result);
  }

  /**
   * markEditors puts each problem's line mark on the editor of its source.
   * @param {Problem[]} problems
   */
  markEditors(problems) {
    for (const [source, editor] of Object.entries(this.editorsBySource)) {
      editor.setProblems(problems.filter((p) => p.source === source));
    }
  }

  /** @param {import('./gatehouse').GateResponse} result */
  showGate(result) {
    const problems = result.problems ?? [];
    /** @type {Decision[]} */
    const decisions = result.decisions?.length ? result.decisions : result.decision ? [result.decision] : [];
    this.markEditors([...problems, ...decisions.flatMap((d) => d.evidence ?? d.errors ?? [])]);

    const overall = result.decision?.decision ?? decisions[0]?.decision;
    if (overall) {
      const key = decisions.length > 1 ? 'decision.overallMany' : 'decision.overallOne';
      const kind = overall === 'allow' ? 'ok' : overall === 'ask' ? 'warn' : 'bad';
      this.setSummary(statusLine(kind, t(key, { verdict: overall, n: decisions.length })), overall);
    } else {
      this.setSummary(statusLine('bad', t('decision.noDecision', { n: problems.length })), 'problems');
    }

    const goTo = this.goTo.bind(this);
    replace(this.output,
      h('div', { class: 'verdicts' }, decisions.map((d) => verdictCard(d, goTo))),
      problems.length ? h('div', { class: 'problem-box' }, h('h3', { dataset: { i18n: 'result.problems' }, text: t('result.problems') }), problemList(problems, goTo)) : null,
      decisions.length ? jsonBlock('decision.json', formatAnswer(decisions.length === 1 ? decisions[0] : decisions), { open: true }) : null);
  }

  /** @param {import('./gatehouse').CheckDecisionResponse} result */
  showCheck(result) {
    const problems = result.problems ?? [];
    this.markEditors(problems.map((p) => ({ ...p, source: p.source ?? 'decision' })));
    const verdict = result.verdict;
    const goTo = this.goTo.bind(this);
    if (!verdict) {
      this.setSummary(statusLine('bad', t('decision.noDecision', { n: problems.length })), 'problems');
      replace(this.output, problemList(problems, goTo, 'decision'));
      return;
    }
    const kind = verdict === 'ok' ? 'ok' : 'bad';
    this.setSummary(statusLine(kind, t(`check.${verdict}.title`)), verdict);
    const cardClass = verdict === 'ok' ? 'verdict-allow' : verdict === 'rule_refused' ? 'verdict-ask' : 'verdict-deny';
    replace(this.output,
      h('section', { class: `verdict ${cardClass}`, dataset: { verdict } },
        h('div', { class: 'verdict-head' },
          h('span', { class: 'verdict-word' }, `${verdict === 'ok' ? '✓' : '✗'} ${t(`check.${verdict}.title`)}`)),
        h('p', { class: 'verdict-reason' }, t(`check.${verdict}.text`, { should: result.should ?? '' })),
        result.should && verdict !== 'ok'
          ? h('p', { class: 'verdict-should' }, t('check.should'), ' ', h('strong', { class: `chip chip-${result.should}` }, result.should))
          : null,
        problems.length ? problemList(problems, goTo, 'decision') : null));
  }

  /**
   * @param {string} source
   * @param {number} line
   * @param {number} column
   */
  goTo(source, line, column) {
    const editor = this.editorsBySource[source];
    if (!editor) return;
    if (editor.el.hidden) this.setMode(source === 'decision' || source === 'schema' ? 'check' : 'gate');
    editor.goTo(line, column);
  }

  relabel() {
    this.renderExamples();
    for (const e of Object.values(this.editorsBySource)) e.relabel();
    if (this.lastResult) this.show(this.lastResult.result, this.lastResult.fn);
    else this.check({ immediate: true });
  }
}

/**
 * reasonText says in plain words why a decision is what it is.
 * @param {Decision} d
 */
export function reasonText(d) {
  const vars = {
    tool: d.tool ?? '?',
    missing: (d.missing ?? []).join(', '),
    fields: (d.changedFields ?? []).join(', '),
    detail: d.detail ? t(`detail.${d.detail}`, {}, d.detail) : '',
    reason: d.reason ?? '?',
  };
  // A sentence for the reason with its detail where there is one, else for the reason alone.
  for (const key of [
    d.detail ? `reason.${d.reason}.detail` : '',
    d.reason === 'definition_changed' && !vars.fields ? 'reason.definition_changed.unknown' : '',
    `reason.${d.reason}`,
  ]) {
    if (key && t(key, vars) !== key) return t(key, vars);
  }
  return t('reason.other', vars);
}

/**
 * verdictCard shows one decision: the verdict as a symbol and a word (never colour alone), the
 * tool, the reason in plain words, and each error or violation linked to its line.
 * @param {Decision} d
 * @param {import('./render.js').GoTo} goTo
 */
function verdictCard(d, goTo) {
  const verdict = d.decision ?? 'deny';
  const symbol = verdictSymbols[/** @type {'allow' | 'deny' | 'ask'} */ (verdict)] ?? '✗';
  // evidence holds every reason placed in its text; older answers had only errors and violations.
  const evidence = d.evidence ?? [...(d.errors ?? []),
    ...(d.violations ?? []).map((v) => ({ source: 'call', kind: 'rule', message: v.message, instanceLocation: v.argument }))];
  return h('section', { class: `verdict verdict-${verdict}`, dataset: { verdict, reason: d.reason ?? '' } },
    h('div', { class: 'verdict-head' },
      h('span', { class: 'verdict-word' }, `${symbol} ${verdict.toUpperCase()}`),
      h('span', { class: 'verdict-tool' },
        h('code', null, visibleText(d.tool ?? '?')),
        d.format ? h('span', { class: 'muted' }, ` · ${d.format}`) : null,
        d.id ? h('span', { class: 'muted' }, ' · ', visibleText(d.id)) : null),
      h('code', { class: 'verdict-code' }, d.detail ? `${d.reason} · ${d.detail}` : d.reason ?? '')),
    h('p', { class: 'verdict-reason' }, reasonText(d)),
    d.missing?.length ? h('p', { class: 'verdict-detail' }, t('decision.missing'), ' ', d.missing.map((m) => h('code', { class: 'chip' }, visibleText(m)))) : null,
    evidence.length ? problemList(evidence, goTo, 'call') : null);
}
