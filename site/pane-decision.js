// The Decision pane. Gate mode: a tool call, the server's catalog and the session's policy →
// allow / deny / ask per call, with every reason linked to its line. Check mode: a decision
// someone wrote (and optionally the schema to hold it to) → does it pass the schema, and the rule?

import { Channel } from './checker.js';
import { h, replace, visibleText } from './dom.js';
import { Editor } from './editor.js';
import { ExampleMenu } from './menu.js';
import { checkExamples, gateExamples, resultExamples } from './examples.js';
import { t } from './i18n.js';
import { busyLine, fileWord, jsonBlock, problemList, saveButton, statusLine, today, VerdictBar } from './render.js';
import { formatAnswer } from './text.js';
import { SessionMode, showSession } from './pane-session.js';
import { ResultCheck } from './pane-result.js';

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
    /** @type {'gate' | 'check' | 'session'} */
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
    this.session = new SessionMode({ checker, onInput: changed });
    /** @type {Record<string, Editor>} */
    this.editorsBySource = { call: this.call, catalog: this.catalog, policy: this.policy, decision: this.decision, schema: this.schema, transcript: this.session.transcript };

    this.modeInputs = ['gate', 'check', 'session'].map((mode) => h('input', {
      type: 'radio', name: 'decision-mode', id: `decision-mode-${mode}`, value: mode,
      onchange: () => {
        this.setMode(/** @type {'gate' | 'check' | 'session'} */ (mode));
        changed();
      },
    }));
    this.examples = new ExampleMenu({
      id: 'decision-examples',
      groups: () => [
        { label: t('decision.mode.gate'), items: gateExamples.map((e) => ({ id: e.id, label: t(e.label) })) },
        { label: t('decision.mode.check'), items: checkExamples.map((e) => ({ id: e.id, label: t(e.label) })) },
        { label: t('decision.result'), items: resultExamples.map((e) => ({ id: e.id, label: t(e.label) })) },
      ],
      onChoose: (id) => this.loadExample(id),
    });

    this.summary = h('div', { class: 'summary', id: 'decision-summary', dataset: { state: 'idle' } });
    this.output = h('div', { class: 'decision-output' });
    // Where more of the pane goes: an editor added beside the texts (extraEditors, in the
    // right-hand column) and its result after the decision's (extraResults).
    this.extraEditors = h('div', { class: 'decision-extra-editors column' });
    this.extraResults = h('div', { class: 'decision-extra-results' });
    // The result check (issue 17): the tool's result beside the call, its check after the decision.
    this.resultCheck = new ResultCheck({
      checker, onInput: changed,
      goTo: (source, line, column) => (source === 'result' ? this.resultCheck.editor.goTo(line, column) : this.goTo(source, line, column)),
    });
    this.extraEditors.append(this.resultCheck.editor.el);
    this.extraResults.append(this.resultCheck.el);
    const heading = h('h2', { id: 'decision-result-title', dataset: { i18n: 'result.title' } });
    this.bar = new VerdictBar(this.summary, heading);
    this.channel = new Channel(checker, {
      lane: 'decision',
      onResult: (result, request) => this.show(result, request.fn),
      onBusy: (busy) => { if (busy) this.setSummary(busyLine(this.channel, t(checker.loaded ? 'result.working' : 'result.loading')), 'busy'); },
      onCancel: () => this.setSummary(statusLine('idle', t('result.cancelled')), 'cancelled'),
      el: this.summary,
    });

    this.el = h('div', { class: 'pane-body' },
      h('div', { class: 'toolbar' },
        h('fieldset', { class: 'segmented' },
          h('legend', { class: 'visually-hidden', dataset: { i18n: 'decision.mode' } }),
          this.modeInputs.map((input) => [input, h('label', { for: input.id, dataset: { i18n: `decision.mode.${input.value}` } })])),
        h('span', { class: 'spacer' }),
        this.examples.el),
      h('div', { class: 'columns' },
        h('div', { class: 'column' }, this.call.el, this.session.transcript.el, this.decision.el, this.policy.el),
        h('div', { class: 'column' }, this.catalog.el, this.schema.el, this.extraEditors)),
      this.bar.el,
      h('section', { class: 'result', 'aria-labelledby': 'decision-result-title' },
        heading,
        h('div', { 'aria-live': 'polite' }, this.summary),
        this.output,
        this.extraResults));
    this.setMode('gate');
  }

  /** @returns {Editor[]} */
  editors() {
    return Object.values(this.editorsBySource);
  }

  /** @param {'gate' | 'check' | 'session'} mode */
  setMode(mode) {
    this.mode = mode === 'check' || mode === 'session' ? mode : 'gate';
    for (const input of this.modeInputs) input.checked = input.value === this.mode;
    const gate = this.mode === 'gate';
    const session = this.mode === 'session';
    this.call.el.hidden = !gate;
    this.session.transcript.el.hidden = !session;
    this.catalog.el.hidden = !gate && !session;
    if (session) {
      this.decision.el.hidden = this.schema.el.hidden = true;
      this.policy.optional = false;
      this.el.dataset.mode = this.mode;
      return;
    }
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
      transcript: this.session.transcript.value,
      result: this.resultCheck.editor.value,
    };
  }

  /** @param {Partial<DecisionPaneState>} state */
  setState(state) {
    this.call.setQuietly(state.call ?? '');
    this.catalog.setQuietly(state.catalog ?? '');
    this.policy.setQuietly(state.policy ?? '');
    this.decision.setQuietly(state.decision ?? '');
    this.schema.setQuietly(state.schema ?? '');
    this.session.transcript.setQuietly(state.transcript ?? '');
    this.resultCheck.editor.setQuietly(state.result ?? '');
    this.setMode(state.mode === 'check' || state.mode === 'session' ? state.mode : 'gate');
    this.check({ immediate: true });
  }

  /** @param {string} id */
  loadExample(id) {
    const withResult = resultExamples.find((e) => e.id === id);
    const gate = gateExamples.find((e) => e.id === id) ?? withResult;
    const check = checkExamples.find((e) => e.id === id);
    if (gate) {
      this.setState({ ...this.getState(), mode: 'gate', call: gate.call, catalog: gate.catalog, policy: gate.policy, result: withResult?.result ?? '' });
    } else if (check) {
      this.setState({ ...this.getState(), mode: 'check', decision: check.decision, schema: check.schema, policy: check.policy });
    } else {
      return;
    }
    this.onChange();
  }

  /** @param {{immediate?: boolean}} [options] */
  check(options) {
    this.resultCheck.editor.el.hidden = this.mode !== 'gate';
    if (this.mode === 'gate') this.resultCheck.check({ call: this.call, catalog: this.catalog, policy: this.policy }, options);
    else this.resultCheck.check({ call: this.call, catalog: this.catalog, policy: this.policy, skip: true }, options);
    if (this.mode === 'session') {
      const request = this.session.request(this.catalog, this.policy);
      if (!request) return this.idle(t('decision.emptySession'));
      this.channel.schedule('replay', () => /** @type {any} */ (this.session.request(this.catalog, this.policy)), options);
      return;
    }
    if (this.mode === 'gate') {
      if (this.call.isBlank() || this.catalog.isBlank() || this.policy.isBlank()) {
        return this.idle(t('decision.emptyGate'));
      }
      this.channel.schedule('gate', () => ({ call: this.call.value, catalog: this.catalog.value, policy: this.policy.value }), options);
    } else {
      if (this.decision.isBlank()) return this.idle(t('decision.emptyCheck'));
      this.channel.schedule('checkDecision', () => {
        /** @type {{decision: string, policy?: string, schema?: string}} */
        const request = { decision: this.decision.value };
        if (!this.policy.isBlank()) request.policy = this.policy.value;
        if (!this.schema.isBlank()) request.schema = this.schema.value;
        return request;
      }, options);
    }
  }

  /** @param {string} message */
  idle(message) {
    this.channel.forget();
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
    this.bar.show(line, state);
  }

  /**
   * @param {any} result
   * @param {string} fn
   */
  show(result, fn) {
    this.lastResult = { result, fn };
    if (fn === 'checkDecision') this.showCheck(result);
    else if (fn === 'replay') showSession(this, this.session, result, this.goTo.bind(this), reasonText);
    else this.showGate(result);
  }

  /**
   * markEditors puts each problem's (or reason's) line mark on the editor of its source.
   * @param {Array<Problem & {mark?: import('./editor.js').MarkKind}>} problems
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
    // A decision's evidence is its reasons: a valid policy that denies a call has no problem.
    // What is also among the answer's problems (a text that cannot be read) is one, said once.
    const isProblem = new Set(problems.map(problemKey));
    const evidence = decisions.flatMap((d) => d.evidence ?? d.errors ?? []);
    this.markEditors([...problems, ...evidence.filter((e) => !isProblem.has(problemKey(e))).map((e) => ({ ...e, mark: /** @type {const} */ ('reason') }))]);
    const shown = new Set(evidence.map(problemKey));
    const unshown = problems.filter((p) => !shown.has(problemKey(p)));

    const overall = result.decision?.decision ?? decisions[0]?.decision;
    if (decisions.length === 1 && decisions[0].detail === 'no_tool_call') {
      this.setSummary(statusLine('warn', t('decision.noCall', { verdict: overall ?? 'deny' })), overall ?? 'deny');
    } else if (overall) {
      const key = decisions.length > 1 ? 'decision.overallMany' : 'decision.overallOne';
      const kind = overall === 'allow' ? 'ok' : overall === 'ask' ? 'warn' : 'bad';
      this.setSummary(statusLine(kind, t(key, { verdict: overall, n: decisions.length })), overall);
    } else {
      this.setSummary(statusLine('bad', t('decision.noDecision', { n: problems.length })), 'problems');
    }

    const goTo = this.goTo.bind(this);
    replace(this.output,
      h('div', { class: 'verdicts' }, decisions.map((d) => verdictCard(d, goTo))),
      unshown.length ? h('div', { class: 'problem-box' }, h('h3', { dataset: { i18n: 'result.problems' }, text: t('result.problems') }), problemList(unshown, goTo)) : null,
      decisions.length ? decisionBlock(decisions) : null);
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
    if (editor.el.hidden) this.setMode(source === 'decision' || source === 'schema' ? 'check' : source === 'transcript' ? 'session' : 'gate');
    editor.goTo(line, column);
  }

  relabel() {
    this.examples.relabel();
    for (const e of Object.values(this.editorsBySource)) e.relabel();
    this.resultCheck.editor.relabel();
    // The result on show stays until the checker answers again, in the new language.
    if (this.lastResult) this.show(this.lastResult.result, this.lastResult.fn);
    this.check({ immediate: true });
  }
}

/**
 * decisionBlock shows the decision JSON (one, or one per call), to copy or save.
 * @param {Decision[]} decisions
 */
function decisionBlock(decisions) {
  const text = formatAnswer(decisions.length === 1 ? decisions[0] : decisions) + '\n';
  const tool = decisions.length === 1 ? fileWord(decisions[0].tool ?? '', 'call') : `${decisions.length}-calls`;
  return jsonBlock('decision.json', text, { open: true, extra: [saveButton(() => text, () => `decision-${tool}-${today()}.json`, 'result.save', 'decision')] });
}

/**
 * problemKey tells one placed message from another, to say each once.
 * @param {{source?: string, line?: number, column?: number, message?: string}} p
 */
function problemKey(p) {
  return `${p.source ?? ''}\u0000${p.line ?? 0}:${p.column ?? 0}\u0000${p.message ?? ''}`;
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
    d.detail ? `reason.${d.reason}.${d.detail}` : '',
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
        // A reply with no call has no tool and no format: nothing is shown rather than "".
        d.tool ? h('code', null, visibleText(d.tool)) : null,
        d.format && d.format !== 'unknown' ? h('span', { class: 'muted' }, ` · ${d.format}`) : null,
        d.id ? h('span', { class: 'muted' }, ' · ', visibleText(d.id)) : null),
      h('code', { class: 'verdict-code' }, d.detail ? `${d.reason} · ${d.detail}` : d.reason ?? '')),
    h('p', { class: 'verdict-reason' }, reasonText(d)),
    evidence.length ? h('h3', { class: 'visually-hidden' }, t('decision.reasons')) : null,
    d.missing?.length ? h('p', { class: 'verdict-detail' }, t('decision.missing'), ' ', d.missing.map((m) => h('code', { class: 'chip' }, visibleText(m)))) : null,
    evidence.length ? problemList(evidence, goTo, 'call', d.evidence ? d.unmatched ?? [] : []) : null);
}
