// The Diff pane: the catalog a reviewer approved (left) against the one the server lists now
// (right). A catalog report keyed by tool name, with risk and reasons; the raw RFC 6902 patch one
// click away; lint findings on the right catalog; and pins — make a lock, or verify against one.

import { Channel } from './checker.js';
import { download, h, replace, visibleText } from './dom.js';
import { Editor } from './editor.js';
import { diffExamples } from './examples.js';
import { t, tCount, tList } from './i18n.js';
import { busyLine, copyButton, count, fileWord, lazyList, listLimit, located, problemList, saveButton, statusLine, today, VerdictBar } from './render.js';
import { ExampleMenu } from './menu.js';
import { formatAnswer } from './text.js';

/**
 * @typedef {import('./checker.js').Checker} Checker
 * @typedef {import('./gatehouse').DiffPaneState} DiffPaneState
 * @typedef {import('./gatehouse').DiffResponse} DiffResponse
 * @typedef {import('./gatehouse').LintFinding} LintFinding
 * @typedef {import('./gatehouse').LockReport} LockReport
 * @typedef {import('./gatehouse').Problem} Problem
 */

const modes = ['auto', 'catalog', 'patch'];

export class DiffPane {
  /**
   * @param {{checker: Checker, onChange: () => void}} options
   */
  constructor({ checker, onChange }) {
    this.checker = checker;
    this.onChange = onChange;
    /** @type {any} */
    this.lastDiff = null;
    /** 'report' or 'patch': which view of a catalog diff is shown */
    this.view = 'report';
    /** @type {(DiffPaneState & {omitPatch: boolean}) | null} the request of the diff last sent */
    this.requested = null;

    const changed = () => {
      this.check();
      this.onChange();
    };
    this.left = new Editor({ id: 'diff-left', label: 'diff.left', source: 'left', placeholder: 'diff.leftPlaceholder', checker, onInput: changed });
    this.right = new Editor({ id: 'diff-right', label: 'diff.right', source: 'right', placeholder: 'diff.rightPlaceholder', checker, onInput: changed });

    this.mode = h('select', { id: 'diff-mode', onchange: changed }, modes.map((m) => h('option', { value: m, dataset: { i18n: `diff.mode.${m}` } })));
    this.examples = new ExampleMenu({
      id: 'diff-examples',
      groups: () => [{ label: t('tab.diff'), items: diffExamples.map((e) => ({ id: e.id, label: t(e.label) })) }],
      onChoose: (id) => this.loadExample(id),
    });
    this.pinButton = h('button', { type: 'button', id: 'diff-pin', dataset: { i18n: 'diff.pin' }, onclick: () => this.pin() });
    this.swapButton = h('button', { type: 'button', id: 'diff-swap', dataset: { i18n: 'diff.swap' }, onclick: () => this.swap() });
    // Plain diffs only: catalogs are matched by tool name whatever the order.
    this.ignoreOrder = h('input', { type: 'checkbox', id: 'diff-ignore-order', onchange: changed });

    this.summary = h('div', { class: 'summary', id: 'diff-summary', dataset: { state: 'idle' } });
    this.report = h('div', { class: 'diff-report' });
    this.lockBox = h('div', { class: 'lock-box', hidden: true });
    this.lintSummary = h('div', { class: 'summary', id: 'lint-summary' });
    this.lintList = h('div', { class: 'lint-list' });
    this.saveReport = saveButton(() => this.lastDiff ? JSON.stringify(this.lastDiff, null, 2) + '\n' : '', () => `diff-${this.subject()}-${today()}.json`, 'diff.saveReport', 'report');
    this.saveReport.hidden = true;
    this.lintBox = h('section', { class: 'lint', 'aria-labelledby': 'lint-title' },
      h('div', { class: 'result-head' },
        h('h3', { id: 'lint-title', dataset: { i18n: 'lint.title' } }),
        h('span', { class: 'spacer' }),
        saveButton(() => JSON.stringify(this.lastDiff?.findings ?? [], null, 2) + '\n', () => `lint-${this.subject()}-${today()}.json`, 'lint.saveJSON', 'lint-json'),
        saveButton(async () => (await this.checker.call('sarif', { findings: this.lastDiff?.findings ?? [], uri: this.right.fileName ?? 'right.json' })).sarif ?? '', () => `lint-${this.subject()}-${today()}.sarif`, 'lint.saveSARIF', 'lint-sarif')),
      h('div', { 'aria-live': 'polite' }, this.lintSummary),
      this.lintList,
      this.legend = h('details', { class: 'lint-legend', id: 'lint-legend' }));

    this.diffChannel = new Channel(checker, {
      lane: 'diff',
      onResult: (result) => this.showDiff(result),
      onBusy: (busy) => { if (busy) this.setSummary(busyLine(this.diffChannel, t(checker.loaded ? 'result.working' : 'result.loading')), 'busy'); },
      onCancel: () => this.setSummary(statusLine('idle', t('result.cancelled')), 'cancelled'),
      el: this.summary,
    });

    const heading = h('h2', { id: 'diff-result-title', dataset: { i18n: 'result.title' } });
    this.bar = new VerdictBar(this.summary, heading);
    this.el = h('div', { class: 'pane-body' },
      h('div', { class: 'toolbar' },
        h('label', { for: 'diff-mode', class: 'inline' }, h('span', { dataset: { i18n: 'diff.modeLabel' } }), this.mode),
        h('label', { class: 'check', for: 'diff-ignore-order', dataset: { i18nTitle: 'diff.ignoreOrderHint' } },
          this.ignoreOrder, h('span', { dataset: { i18n: 'diff.ignoreOrder' } })),
        h('span', { class: 'spacer' }),
        this.swapButton,
        this.pinButton,
        this.examples.el),
      h('div', { class: 'columns' },
        h('div', { class: 'column' }, this.left.el),
        h('div', { class: 'column' }, this.right.el)),
      this.lockBox,
      this.bar.el,
      h('div', { class: 'diff-results' },
        h('section', { class: 'result', 'aria-labelledby': 'diff-result-title' },
          h('div', { class: 'result-head' }, heading, h('span', { class: 'spacer' }), this.saveReport),
          h('div', { 'aria-live': 'polite' }, this.summary),
          this.report),
        this.lintBox));
  }

  /** @returns {Editor[]} */
  editors() {
    return [this.left, this.right];
  }

  /** @returns {Required<DiffPaneState>} */
  getState() {
    return {
      left: this.left.value, right: this.right.value, mode: /** @type {Required<DiffPaneState>['mode']} */ (this.mode.value),
      ignoreArrayOrder: this.ignoreOrder.checked,
    };
  }

  /** swap exchanges the two sides (as one change, which the texts' histories can undo). */
  swap() {
    const [left, right] = [this.left.value, this.right.value];
    const [leftName, rightName] = [this.left.fileName, this.right.fileName];
    this.setState({ ...this.getState(), left: right, right: left });
    [this.left.fileName, this.right.fileName] = [rightName, leftName];
    this.onChange();
  }

  /**
   * subject names what the saved files are about: the server of the right-hand catalog when
   * the findings name one, else the file it was opened from, else "catalog".
   */
  subject() {
    const server = this.lastDiff?.findings?.find((/** @type {any} */ f) => f.server)?.server;
    const file = this.right.fileName?.replace(/\.[^.]*$/, '');
    return fileWord(server ?? file ?? '', this.lastDiff?.mode === 'patch' ? 'json' : 'catalog');
  }

  /** @param {Partial<DiffPaneState>} state */
  setState(state) {
    this.left.setQuietly(state.left ?? '');
    this.right.setQuietly(state.right ?? '');
    this.mode.value = modes.includes(state.mode ?? '') ? /** @type {string} */ (state.mode) : 'auto';
    this.ignoreOrder.checked = state.ignoreArrayOrder === true;
    this.lockBox.hidden = true;
    this.check({ immediate: true });
  }

  /** @param {string} id */
  loadExample(id) {
    const example = diffExamples.find((e) => e.id === id);
    if (!example) return;
    this.setState(example);
    this.onChange();
  }

  /** @param {{immediate?: boolean}} [options] */
  check(options) {
    if (this.left.isBlank() || this.right.isBlank()) {
      this.diffChannel.forget();
      this.lastDiff = null;
      this.saveReport.hidden = true;
      this.left.setProblems([]);
      this.right.setProblems([]);
      this.setSummary(statusLine('idle', t('diff.empty')), 'idle');
      // The command that writes a server's catalog, as words with the command as code.
      const [before, after] = t('diff.emptyHowTo').split('gatehouse catalog -- ');
      replace(this.report, h('p', { class: 'empty-howto', id: 'diff-howto' }, before ?? '', h('code', null, 'gatehouse catalog -- '), after ?? ''));
      this.lintBox.hidden = true;
      return;
    }
    // One request: the checker tells catalogs, locks and other JSON apart ("auto"), and sends
    // the lint findings of the right catalog with the report. A catalog's patch is left out and
    // asked for when its tab opens: on large catalogs it is most of the answer.
    this.diffChannel.schedule('diff', () => (this.requested = { ...this.getState(), omitPatch: true }), options);
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

  /** @param {DiffResponse} result */
  showDiff(result) {
    this.lastDiff = result;
    this.saveReport.hidden = false;
    /** @type {Problem[]} */
    const problems = result.problems ?? [];
    const goTo = this.goTo.bind(this);
    const problemBox = problems.length ? problemList(problems, goTo, 'right') : null;

    if (result.mode === 'lock' && result.lock) {
      this.showLock(result.lock, problemBox);
    } else if (result.mode === 'catalog' && result.catalog) {
      this.showCatalog(result, problemBox);
    } else if (result.mode === 'patch' && result.patch && problems.length === 0) {
      // Only two texts that were both read can be the same: with any problem, nothing was compared.
      const n = result.patch.length;
      this.setSummary(statusLine(n ? 'warn' : 'ok', n ? tCount('diff.patchOps', n) : t('diff.identical')), n ? 'patch' : 'same');
      const patch = patchBlock(result.patch, () => `patch-${today()}.json`);
      replace(this.report, problemBox, placeList(result, goTo), patch.el);
      patch.show();
    } else {
      this.setSummary(statusLine('bad', t('diff.notCompared', { n: problems.length })), 'problems');
      replace(this.report, problemBox);
    }
    // The verdict first; the lint list, then the marks in each text, each in a task of its own,
    // so a large answer never holds the page for long in one go.
    this.showRest(result, problems);
  }

  /**
   * showRest shows what comes after the verdict, a task each: the lint list, the left text's
   * marks, the right text's. A newer answer stops it.
   * @param {DiffResponse} result
   * @param {Problem[]} problems
   */
  async showRest(result, problems) {
    const current = () => this.lastDiff === result;
    await nextTask();
    if (!current()) return;
    this.showLint(result);
    await nextTask();
    if (!current()) return;
    // A plain diff marks both texts where they differ: changed on both sides, removed on the
    // left, added on the right.
    const places = result.mode === 'patch' ? placeMarks(result) : { left: [], right: [] };
    const left = this.left.setProblems([...problems.filter((p) => p.source === 'left' || p.source === 'lock'), ...places.left]);
    await nextTask();
    if (!current()) return;
    // The right catalog's lint findings are marked in its text too, at their evidence.
    await Promise.all([left, this.right.setProblems([...problems.filter((p) => p.source === 'right' || p.source === 'catalog'), ...places.right,
      ...(result.findings ?? []).filter((f) => f.line).map((f) => ({ ...f, message: `${f.rule}: ${f.message}`, mark: /** @type {const} */ ('finding') }))])]);
  }

  /**
   * showLock shows a catalog verified against a lock (the left side): every tool whose pin does
   * not hold, placed in its text.
   * @param {LockReport} lock
   * @param {HTMLElement | null} problemBox
   */
  showLock(lock, problemBox) {
    const counts = { changed: (lock.changed ?? []).length, added: (lock.added ?? []).length, removed: (lock.removed ?? []).length };
    const drift = !lock.ok;
    const list = tList(Object.entries(counts).map(([what, n]) => tCount(`lock.count.${what}`, n)));
    this.setSummary(statusLine(drift ? 'bad' : 'ok', drift ? t('diff.lockDrift', { list }) : t('diff.lockOk')), drift ? 'drift' : 'locked');
    const goTo = this.goTo.bind(this);
    replace(this.report,
      h('p', { class: 'hint' }, t('diff.lockMode')),
      problemBox,
      lazyList(lock.tools ?? [], (entry) => h('li', { class: `tool-row status-${entry.status}`, dataset: { tool: entry.tool, status: entry.status } },
        located({ source: entry.side, line: entry.line, column: entry.column }, 'right', goTo,
          h('span', { class: 'badge status' }, t(`diff.status.${entry.status}`)),
          h('code', { class: 'tool-name' }, entry.tool),
          h('span', { class: 'message' }, entry.message ?? ''))), { class: 'tool-rows' }));
  }

  /**
   * @param {DiffResponse} result
   * @param {HTMLElement | null} problemBox
   */
  showCatalog(result, problemBox) {
    const c = /** @type {import('./gatehouse').CatalogDiff} */ (result.catalog);
    const renamedTo = new Map((c.renamed ?? []).map((r) => [r.to, r.from]));
    const renamedFrom = new Map((c.renamed ?? []).map((r) => [r.from, r.to]));
    const rank = (/** @type {string | undefined} */ s) => this.checker.severityRank(s);
    const changed = [...(c.changed ?? [])].sort((a, b) => rank(a.risk) - rank(b.risk) || a.tool.localeCompare(b.tool));
    const addedReports = new Map((c.addedTools ?? []).map((x) => [x.tool, x]));
    const removedReports = new Map((c.removedTools ?? []).map((x) => [x.tool, x]));
    /** @type {any[]} */
    const rows = [
      ...changed.map((x) => ({ ...x, status: 'changed' })),
      ...(c.added ?? []).map((tool) => ({ tool, ...addedReports.get(tool), status: 'added', renamedFrom: renamedTo.get(tool) })),
      ...(c.removed ?? []).map((tool) => ({ tool, ...removedReports.get(tool), status: 'removed', renamedTo: renamedFrom.get(tool) })),
    ];
    const summary = c.summary ?? {
      added: (c.added ?? []).length, removed: (c.removed ?? []).length, changed: changed.length,
      unchanged: (c.unchanged ?? []).length, renamed: (c.renamed ?? []).length,
      highRisk: rows.filter((r) => r.risk === 'high' && r.status !== 'removed').length,
    };
    const anyChange = summary.added + summary.removed + summary.changed > 0;
    const counts = { added: summary.added, removed: summary.removed, changed: summary.changed, high: summary.highRisk };
    const phrases = Object.entries(counts).map(([what, n]) => tCount(`diff.count.${what}`, n));
    this.setSummary(statusLine(summary.highRisk ? 'bad' : anyChange ? 'warn' : 'ok',
      anyChange ? phrases.join(', ') : tCount('diff.noChange', summary.unchanged)),
    summary.highRisk ? 'high' : anyChange ? 'changed' : 'same');

    const goTo = this.goTo.bind(this);
    const reportView = h('div', { class: 'report-view' },
      problemBox,
      // The first few high-risk rows open by themselves; a long report stays a list of lines.
      rows.length ? lazyList(rows, (row, i) => toolRow(row, goTo, i < 3), { class: 'tool-rows', limit: listLimit, what: 'tools' }) : null,
      summary.unchanged && anyChange ? h('p', { class: 'muted' }, tCount('diff.unchanged', summary.unchanged)) : null);
    reportView.id = 'diff-report-view';
    reportView.setAttribute('role', 'tabpanel');
    reportView.setAttribute('aria-labelledby', 'diff-report-tab');
    // The texts this report is of, for its patch when the tab opens.
    const compared = this.requested;
    const patch = patchBlock(result.patch ?? (async () => {
      const answer = await this.checker.call('diff', { left: compared?.left ?? '', right: compared?.right ?? '', mode: 'patch' }, 'diff');
      if (answer.problems?.length || !Array.isArray(answer.patch)) throw new Error(answer.problems?.[0]?.message ?? 'no patch');
      patchTab.textContent = t('diff.viewPatch', { n: answer.patch.length });
      return answer.patch;
    }), () => `patch-${this.subject()}-${today()}.json`);
    const patchView = patch.el;
    patchView.id = 'diff-patch-view';
    patchView.setAttribute('role', 'tabpanel');
    patchView.setAttribute('aria-labelledby', 'diff-patch-tab');
    const views = ['report', 'patch'];
    const showView = (/** @type {string} */ view, focus = false) => {
      this.view = view;
      for (const [tab, v] of [[reportTab, 'report'], [patchTab, 'patch']]) {
        tab.setAttribute('aria-selected', String(view === v));
        tab.tabIndex = view === v ? 0 : -1;
      }
      reportView.hidden = view !== 'report';
      patchView.hidden = view !== 'patch';
      if (view === 'patch') patch.show();
      if (focus) (view === 'report' ? reportTab : patchTab).focus();
    };
    // A tab list as ARIA describes it: one stop for Tab, arrows (and Home, End) between tabs.
    const onkeydown = (/** @type {KeyboardEvent} */ e) => {
      const at = views.indexOf(this.view);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: views.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      showView(views[(to + views.length) % views.length], true);
    };
    const reportTab = h('button', { type: 'button', role: 'tab', class: 'view-tab', id: 'diff-report-tab', 'aria-controls': 'diff-report-view', onclick: () => showView('report'), onkeydown }, t('diff.viewReport'));
    const patchTab = h('button', { type: 'button', role: 'tab', class: 'view-tab', id: 'diff-patch-tab', 'aria-controls': 'diff-patch-view', onclick: () => showView('patch'), onkeydown },
      result.patch ? t('diff.viewPatch', { n: result.patch.length }) : t('diff.viewPatchLater'));
    replace(this.report, h('div', { class: 'view-tabs', role: 'tablist', 'aria-label': t('diff.views') }, reportTab, patchTab), reportView, patchView);
    showView(this.view);
  }

  /**
   * showLint lists the lint findings of the right catalog, which come with the diff (catalog and
   * lock modes); a plain JSON Patch has none.
   * @param {DiffResponse} result
   */
  showLint(result) {
    if (result.mode === 'patch' || !result.mode) {
      this.lintBox.hidden = true;
      return;
    }
    const findings = result.findings ?? [];
    this.lintBox.hidden = false;
    this.renderLegend();
    const high = findings.filter((f) => f.severity === 'high').length;
    replace(this.lintSummary, statusLine(high ? 'bad' : findings.length ? 'warn' : 'ok',
      findings.length ? t('lint.summary', { findings: tCount('lint.count.findings', findings.length), high: tCount('lint.count.high', high) }) : t('lint.none')));
    const sorted = [...findings].sort((a, b) => this.checker.severityRank(a.severity) - this.checker.severityRank(b.severity));
    replace(this.lintList, lazyList(sorted, (f) => findingItem(f, this.goTo.bind(this)), { class: 'findings', limit: listLimit, what: 'findings' }));
  }

  async pin() {
    const answer = await this.checker.call('pin', { catalog: this.right.value });
    const problems = answer.problems ?? [];
    if (!answer.pins) {
      this.lockBox.hidden = false;
      replace(this.lockBox, h('p', { class: 'status status-bad' }, t('diff.pinFailed')), problemList(problems, this.goTo.bind(this), 'right'));
      return;
    }
    const lock = JSON.stringify(answer.pins, null, 2) + '\n';
    this.lockBox.hidden = false;
    replace(this.lockBox,
      h('div', { class: 'lock-head' },
        h('h3', null, t('diff.lockTitle')),
        h('span', { class: 'spacer' }),
        copyButton(() => lock),
        h('button', { type: 'button', class: 'small', dataset: { save: 'lock' }, onclick: () => download(`${this.subject()}-${today()}.lock.json`, lock) }, t('diff.download')),
        h('button', { type: 'button', class: 'small', onclick: () => { this.left.value = lock; } }, t('diff.useAsLeft')),
        h('button', { type: 'button', class: 'small', 'aria-label': t('result.close'), onclick: () => { this.lockBox.hidden = true; } }, '×')),
      h('p', { class: 'hint' }, t('diff.lockHint')),
      h('pre', { class: 'code-out', tabindex: '0' }, lock));
  }

  /**
   * @param {string} source
   * @param {number} line
   * @param {number} column
   */
  goTo(source, line, column) {
    if (source === 'left' || source === 'lock') this.left.goTo(line, column);
    else if (source === 'right' || source === 'catalog') this.right.goTo(line, column);
  }

  /**
   * renderLegend says what each severity means and which rules give it, from the checker's own
   * list of rules (about().lintRules), in the page's language.
   */
  renderLegend() {
    const about = this.checker.about;
    const rules = about?.lintRules ?? [];
    const open = this.legend.open;
    this.legend.replaceChildren(
      h('summary', null, t('lint.legend')),
      h('dl', null, (about?.severities ?? []).map((severity) => [
        h('dt', null, h('span', { class: `badge severity-${severity}` }, t(`severity.${severity}`)), ' ', t(`lint.meaning.${severity}`)),
        h('dd', null, h('ul', null, rules.filter((r) => r.severity === severity).map((r) =>
          h('li', { dataset: { rule: r.name } }, h('code', null, r.name), ' — ', r.summary)))),
      ])));
    this.legend.open = open;
  }

  relabel() {
    this.examples.relabel();
    this.checker.reloadAbout().then(() => { if (!this.lintBox.hidden) this.renderLegend(); });
    this.left.relabel();
    this.right.relabel();
    // The result on show stays until the checker answers again, in the new language.
    if (this.lastDiff) this.showDiff(this.lastDiff);
    this.check({ immediate: true });
  }
}

/** A patch longer than this shows its beginning; Copy and Save give all of it. */
const patchShown = 200_000;

/**
 * patchBlock shows an RFC 6902 patch, copyable and savable. Its text is written when it is first
 * shown (show()), and a long one shows only its first patchShown characters. The patch is given,
 * or fetched when first shown (a catalog diff's, asked for only when its tab opens).
 * @param {any[] | (() => Promise<any[]>)} patch
 * @param {() => string} fileName the name it is saved under
 */
function patchBlock(patch, fileName) {
  /** @type {string | null} */
  let text = null;
  const get = () => text ?? '';
  const pre = h('pre', { class: 'code-out', id: 'diff-patch', tabindex: '0' });
  const cut = h('p', { class: 'list-cap', hidden: true });
  const tools = h('span', { hidden: true }, copyButton(get), saveButton(get, fileName, 'result.save', 'patch'));
  const el = h('div', { class: 'patch-view' },
    h('div', { class: 'json-tools' }, h('span', { class: 'muted' }, t('diff.patchTitle')), h('span', { class: 'spacer' }), tools),
    cut, pre);
  const write = (/** @type {any[]} */ ops) => {
    const all = (text = formatAnswer(ops) + '\n');
    pre.textContent = all.length > patchShown ? all.slice(0, patchShown) + '…' : all;
    cut.hidden = all.length <= patchShown;
    cut.textContent = t('diff.patchCut', { shown: count(patchShown), total: count(all.length) });
    tools.hidden = false;
  };
  let shown = false;
  return {
    el,
    show() {
      if (shown) return;
      shown = true;
      if (Array.isArray(patch)) return write(patch);
      pre.textContent = t('diff.patchWorking');
      patch().then(write, (/** @type {unknown} */ err) => {
        shown = false; // opening the tab again asks again
        pre.textContent = t('diff.patchFailed', { message: err instanceof Error ? err.message : String(err) });
      });
    },
  };
}

/**
 * findingItem is one lint finding: severity, rule, tool, message, and the evidence with hidden
 * characters shown; it jumps to the evidence in the right text.
 * @param {LintFinding} f
 * @param {import('./render.js').GoTo} goTo
 */
function findingItem(f, goTo) {
  return h('li', { class: `finding severity-${f.severity}`, dataset: { rule: f.rule } },
    located(f, 'right', goTo,
      h('span', { class: 'finding-head' },
        h('span', { class: `badge severity-${f.severity}` }, t(`severity.${f.severity}`)), ' ',
        h('code', null, f.rule), f.tool ? [' · ', h('code', null, f.tool)] : null,
        f.line ? h('span', { class: 'where' }, `${f.line}:${f.column ?? 1}`) : null),
      h('span', { class: 'message' }, f.message ?? ''),
      f.evidence ? h('span', { class: 'evidence' }, visibleText(wordCut(f.evidence))) : null));
}

/**
 * wordCut drops the piece of a word that a snippet's context was cut in, at either end
 * ("…oject docs. Before" reads "…docs. Before"), never more than a fifth of the snippet, so the
 * evidence in the middle stays whole.
 * @param {string} evidence
 */
export function wordCut(evidence) {
  let s = evidence;
  const most = Math.floor(s.length / 5);
  if (s.startsWith('…')) {
    const i = s.indexOf(' ', 1);
    if (i > 1 && i <= most) s = '…' + s.slice(i + 1);
  }
  if (s.endsWith('…')) {
    const i = s.lastIndexOf(' ', s.length - 2);
    if (i > 0 && s.length - i <= most + 1) s = s.slice(0, i) + '…';
  }
  return s;
}

/**
 * positions links one change to its place on each side: "right 36:22", "left 38:33".
 * @param {{line?: number, column?: number, leftLine?: number, leftColumn?: number}} item
 * @param {import('./render.js').GoTo} goTo
 */
function positions(item, goTo) {
  const link = (/** @type {string} */ side, /** @type {number | undefined} */ line, /** @type {number | undefined} */ column) => line
    ? h('button', { type: 'button', class: 'small pos', title: t('result.goTo', { where: `${t(`source.${side}`)} ${line}:${column ?? 1}` }), onclick: () => goTo(side, line, column ?? 1) },
      `${t(`source.${side}`)} ${line}:${column ?? 1}`)
    : null;
  const links = [link('left', item.leftLine, item.leftColumn), link('right', item.line, item.column)].filter(Boolean);
  return links.length ? h('span', { class: 'positions' }, links) : null;
}

/**
 * toolRow is one tool of the catalog report: a summary line (risk, status, name, what changed)
 * that expands to the reasons, the description's word diff, each schema and annotation change,
 * and the lint findings the new version trips — each linked to its line.
 * @param {any} row
 * @param {import('./render.js').GoTo} goTo
 * @param {boolean} mayOpen whether a high-risk row starts expanded
 */
function toolRow(row, goTo, mayOpen) {
  const risk = row.risk ?? '';
  /** @type {string[]} */
  const reasons = row.reasons ?? [];
  // A removed tool is placed in the left text; everything else in the right.
  const place = row.status === 'removed'
    ? { leftLine: row.line, leftColumn: row.column }
    : { line: row.line, column: row.column, leftLine: row.leftLine, leftColumn: row.leftColumn };
  const head = h('summary', { class: 'tool-head' },
    risk ? h('span', { class: `badge risk-${risk}` }, t(`risk.${risk}`)) : null,
    h('span', { class: 'badge status' }, t(`diff.status.${row.status}`)),
    h('code', { class: 'tool-name' }, row.tool),
    row.renamedFrom ? h('span', { class: 'muted' }, t('diff.renamedFrom', { from: row.renamedFrom })) : null,
    row.renamedTo ? h('span', { class: 'muted' }, t('diff.renamedTo', { to: row.renamedTo })) : null,
    row.fields?.length ? h('span', { class: 'fields' }, row.fields.join(', ')) : null,
    row.schema && row.schema !== 'unchanged' ? h('span', { class: `badge schema-${row.schema}` }, t(`schemaChange.${row.schema}`)) : null);
  const body = h('div', { class: 'tool-body' },
    reasons.length ? h('ul', { class: 'reasons' }, reasons.map((r) => h('li', null, visibleText(String(r))))) : null,
    descriptionDiff(row, goTo),
    schemaChanges(row, goTo),
    annotationChanges(row, goTo),
    newFindings(row, goTo),
    h('p', { class: 'positions' }, h('span', { class: 'positions-label' }, t('diff.showTool')), positions(place, goTo)));
  return h('li', { class: `tool-row status-${row.status} risk-${risk || 'none'}`, dataset: { tool: row.tool, risk, status: row.status } },
    h('details', { open: mayOpen && risk === 'high' && row.status !== 'removed' }, head, body));
}

/**
 * @param {any} row
 * @param {import('./render.js').GoTo} goTo
 */
function descriptionDiff(row, goTo) {
  /** @type {Array<{op: string, text: string}>} */
  const segments = row.description?.segments ?? [];
  if (!segments.length) return null;
  return h('div', { class: 'word-diff-box' },
    h('h4', null, t('diff.descriptionDiff'), ' ', positions(row.description, goTo)),
    h('p', { class: 'word-diff' }, segments.map((p) => {
      if (p.op === 'insert') return h('ins', null, visibleText(p.text));
      if (p.op === 'delete') return h('del', null, visibleText(p.text));
      return h('span', null, visibleText(p.text));
    })));
}

/**
 * @param {any} row
 * @param {import('./render.js').GoTo} goTo
 */
function schemaChanges(row, goTo) {
  /** @type {any[]} */
  const changes = row.schemaChanges ?? [];
  if (!changes.length) return null;
  return h('div', null,
    h('h4', null, t('diff.schemaChanges')),
    h('ul', { class: 'changes' }, changes.map((c) => h('li', { class: `change change-${c.class}` },
      h('span', { class: `badge schema-${c.class}` }, t(`schemaChange.${c.class}`)),
      h('span', { class: 'message' }, c.message ?? ''),
      positions(c, goTo)))));
}

/**
 * @param {any} row
 * @param {import('./render.js').GoTo} goTo
 */
function annotationChanges(row, goTo) {
  /** @type {any[]} */
  const flips = row.annotations ?? [];
  if (!flips.length) return null;
  return h('div', null,
    h('h4', null, t('diff.annotationChanges')),
    h('ul', { class: 'changes' }, flips.map((c) => h('li', { class: `change change-${c.class}` },
      h('span', { class: `badge annotation-${c.class}` }, t(`annotation.${c.class}`)),
      h('span', { class: 'message' }, h('code', null, c.hint), ': ', h('code', null, JSON.stringify(c.from ?? null)), ' → ', h('code', null, JSON.stringify(c.to ?? null))),
      positions(c, goTo)))),
    h('p', { class: 'hint' }, t('diff.annotationsAreHints')));
}

/**
 * @param {any} row
 * @param {import('./render.js').GoTo} goTo
 */
function newFindings(row, goTo) {
  /** @type {LintFinding[]} */
  const findings = row.newFindings ?? row.findings ?? [];
  if (!findings.length) return null;
  return h('div', null,
    h('h4', null, t(row.newFindings ? 'diff.newFindings' : 'diff.findings')),
    h('ul', { class: 'findings' }, findings.map((f) => findingItem(f, goTo))));
}

/**
 * placeMarks turns a plain diff's places into marks for the two editors: each operation on the
 * side (or sides) it is about.
 * @param {DiffResponse} result
 */
function placeMarks(result) {
  /** @type {any[]} */
  const left = [];
  /** @type {any[]} */
  const right = [];
  for (const place of /** @type {any[]} */ (result.places ?? [])) {
    const path = result.patch?.[place.op]?.path || '/';
    const message = t(`diff.place.${place.change}`, { path });
    const mark = { kind: place.change, mark: 'change', message };
    if (place.leftLine) left.push({ ...mark, source: 'left', line: place.leftLine, column: place.leftColumn });
    if (place.line) right.push({ ...mark, source: 'right', line: place.line, column: place.column });
  }
  return { left, right };
}

/**
 * placeList lists where two plain JSON texts differ, each entry linked to its place on each side.
 * @param {DiffResponse} result
 * @param {import('./render.js').GoTo} goTo
 */
function placeList(result, goTo) {
  /** @type {any[]} */
  const places = result.places ?? [];
  if (!places.length) return null;
  return h('div', { class: 'places-box' },
    h('h3', null, t('diff.placesTitle')),
    lazyList(places, (place) => h('li', { class: `place change-${place.change}`, dataset: { change: place.change } },
      h('div', { class: 'located' },
        h('span', { class: `badge status change-${place.change}` }, t(`diff.status.${place.change}`)),
        h('code', null, result.patch?.[place.op]?.path || '/'),
        positions(place, goTo))), { class: 'places', limit: listLimit, what: 'items' }));
}

/** nextTask resolves in a new task of the page's event loop (setTimeout, so that painting comes first). */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
