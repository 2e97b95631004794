// The Decision pane's Session mode (issue 18): a session's transcript, the catalog and the
// policy → gatehouse.replay → a timeline of the session's calls and results in transcript order,
// each call's verdict, and an arrow from the result that tainted a call to the call it decided.
// The pane (pane-decision.js) keeps the catalog and policy editors and the link's state; this
// file holds the transcript editor and the timeline.

import { h, replace, visibleText } from './dom.js';
import { Editor } from './editor.js';
import { catalogs, t, tCount, tList } from './i18n.js';
import { located, problemList, statusLine } from './render.js';

// The SVG namespace names a vocabulary for createElementNS: nothing is ever fetched from it.
const svgNS = 'http://www.w3.org/2000/svg';

/**
 * @typedef {import('./gatehouse').ReplayResponse} ReplayResponse
 * @typedef {import('./gatehouse').ReplayCall} ReplayCall
 * @typedef {import('./gatehouse').ReplayedResult} ReplayedResult
 * @typedef {import('./render.js').GoTo} GoTo
 */

// The mode's words, kept beside it while the page's language files are being reworked; they
// join the page's catalogs, so t() and data-i18n find them as any other key.
const words = {
  en: {
    'decision.mode.session': 'Replay a session',
    'decision.transcript': 'Transcript',
    'decision.transcriptPlaceholder': 'Paste a session: OpenAI Chat messages, Responses items, Anthropic messages, Gemini contents, an MCP JSON-RPC log or gatehouse’s decision log',
    'decision.emptySession': 'Paste a transcript, the catalog and the policy.',
    'source.transcript': 'transcript',
    'session.summary': '{shape}: {calls} — {counts}',
    'session.calls': '{n} calls',
    'session.calls.one': '{n} call',
    'session.count.deny': '{n} denied',
    'session.count.ask': '{n} asked',
    'session.count.allow': '{n} allowed',
    'session.unplaced': 'The transcript could not be placed: {n} problems',
    'session.unplaced.one': 'The transcript could not be placed: {n} problem',
    'session.timeline': 'Timeline of the session',
    'session.call': 'call #{index}',
    'session.result': 'result of #{index}',
    'session.from': '← from the result of #{index}',
    'session.labelled': 'labelled',
    'session.quote': 'carries',
    'session.holds': 'which reads',
    'reason.flow.detail': 'A flow rule of the policy decided: {detail}.',
    'detail.after': 'a labelled result came earlier in the session',
    'detail.carries': 'an argument carries text of a labelled result',
    'session.verdict': 'result check: {verdict}',
  },
  fr: {
    'decision.mode.session': 'Rejouer une session',
    'decision.transcript': 'Transcription',
    'decision.transcriptPlaceholder': 'Collez une session : messages OpenAI Chat, éléments Responses, messages Anthropic, contents Gemini, un journal JSON-RPC MCP ou le journal des décisions de gatehouse',
    'decision.emptySession': 'Collez une transcription, le catalogue et la politique.',
    'source.transcript': 'transcription',
    'session.summary': '{shape} : {calls} — {counts}',
    'session.calls': '{n} appels',
    'session.calls.one': '{n} appel',
    'session.count.deny': '{n} refusés',
    'session.count.deny.one': '{n} refusé',
    'session.count.ask': '{n} à confirmer',
    'session.count.allow': '{n} autorisés',
    'session.count.allow.one': '{n} autorisé',
    'session.unplaced': 'La transcription n’a pas pu être lue : {n} problèmes',
    'session.unplaced.one': 'La transcription n’a pas pu être lue : {n} problème',
    'session.timeline': 'Chronologie de la session',
    'session.call': 'appel n°{index}',
    'session.result': 'résultat de n°{index}',
    'session.from': '← depuis le résultat de n°{index}',
    'session.labelled': 'étiqueté',
    'session.quote': 'porte',
    'session.holds': 'qui dit',
    'reason.flow.detail': 'Une règle de flux de la politique a décidé : {detail}.',
    'detail.after': 'un résultat étiqueté est venu plus tôt dans la session',
    'detail.carries': 'un argument porte du texte d’un résultat étiqueté',
    'session.verdict': 'vérification du résultat : {verdict}',
  },
  de: {
    'decision.mode.session': 'Eine Sitzung wiedergeben',
    'decision.transcript': 'Transkript',
    'decision.transcriptPlaceholder': 'Fügen Sie eine Sitzung ein: OpenAI-Chat-Nachrichten, Responses-Elemente, Anthropic-Nachrichten, Gemini-contents, ein MCP-JSON-RPC-Protokoll oder das Entscheidungsprotokoll von gatehouse',
    'decision.emptySession': 'Fügen Sie ein Transkript, den Katalog und die Richtlinie ein.',
    'source.transcript': 'Transkript',
    'session.summary': '{shape}: {calls} — {counts}',
    'session.calls': '{n} Aufrufe',
    'session.calls.one': '{n} Aufruf',
    'session.count.deny': '{n} abgelehnt',
    'session.count.ask': '{n} nachgefragt',
    'session.count.allow': '{n} erlaubt',
    'session.unplaced': 'Das Transkript ließ sich nicht einordnen: {n} Probleme',
    'session.unplaced.one': 'Das Transkript ließ sich nicht einordnen: {n} Problem',
    'session.timeline': 'Zeitleiste der Sitzung',
    'session.call': 'Aufruf Nr. {index}',
    'session.result': 'Ergebnis von Nr. {index}',
    'session.from': '← aus dem Ergebnis von Nr. {index}',
    'session.labelled': 'markiert als',
    'session.quote': 'trägt',
    'session.holds': 'mit dem Text',
    'reason.flow.detail': 'Eine Flussregel der Richtlinie hat entschieden: {detail}.',
    'detail.after': 'ein markiertes Ergebnis kam früher in der Sitzung',
    'detail.carries': 'ein Argument trägt Text eines markierten Ergebnisses',
    'session.verdict': 'Ergebnisprüfung: {verdict}',
  },
};
for (const [lang, table] of Object.entries(words)) {
  for (const [key, value] of Object.entries(table)) {
    if (!(key in catalogs[lang])) catalogs[lang][key] = value;
  }
}

const verdictSymbols = { allow: '✓', deny: '✗', ask: '?' };

export class SessionMode {
  /**
   * @param {{checker: import('./checker.js').Checker, onInput: () => void}} options
   */
  constructor({ checker, onInput }) {
    this.transcript = new Editor({
      id: 'decision-transcript', label: 'decision.transcript', source: 'transcript',
      placeholder: 'decision.transcriptPlaceholder', checker, onInput,
    });
    /** @type {Array<() => void>} */
    this.redraws = [];
  }

  /**
   * request is the replay's request, or null when a text is missing.
   * @param {Editor} catalog
   * @param {Editor} policy
   */
  request(catalog, policy) {
    if (this.transcript.isBlank() || catalog.isBlank() || policy.isBlank()) return null;
    return { transcript: this.transcript.value, catalog: catalog.value, policy: policy.value };
  }

  /**
   * render shows a replay's answer: the summary line, then the timeline and the problems.
   * @param {ReplayResponse} result
   * @param {GoTo} goTo
   * @param {(d: import('./gatehouse').Decision) => string} reasonText
   * @returns {{line: HTMLElement, state: string, body: HTMLElement}}
   */
  render(result, goTo, reasonText) {
    const calls = result.calls ?? [];
    const results = result.results ?? [];
    const problems = result.problems ?? [];
    const counts = { allow: 0, ask: 0, deny: 0 };
    for (const c of calls) counts[c.decision?.decision ?? 'deny']++;
    const worst = counts.deny ? 'deny' : counts.ask ? 'ask' : 'allow';
    const line = !result.shape
      ? statusLine('bad', tCount('session.unplaced', problems.length))
      : statusLine(worst === 'allow' ? 'ok' : worst === 'ask' ? 'warn' : 'bad',
        t('session.summary', {
          shape: result.shape,
          calls: tCount('session.calls', calls.length),
          counts: tList(['deny', 'ask', 'allow'].map((what) => tCount(`session.count.${what}`, counts[what]))),
        }));

    /** @type {Array<{line: number, column: number, el: HTMLElement}>} */
    const rows = [];
    /** @type {Map<number, HTMLElement>} the row of the result of each call, by call index */
    const resultRows = new Map();
    for (const r of results) {
      const el = h('li', { class: 'session-result', dataset: { index: String(r.index), verdict: r.verdict } },
        located({ source: 'transcript', line: r.line, column: r.column }, 'transcript', goTo,
          h('span', { class: 'muted' }, t('session.result', { index: r.index }), ' · '),
          h('code', null, visibleText(r.tool ?? '?')),
          ' ',
          (r.labels ?? []).map((l) => h('code', { class: 'chip' }, visibleText(l))),
          ' ',
          h('span', { class: 'muted' }, t('session.verdict', { verdict: r.verdict }))));
      resultRows.set(r.index, el);
      rows.push({ line: r.line ?? 0, column: r.column ?? 0, el });
    }
    /** @type {Array<[HTMLElement, HTMLElement]>} arrows from a result's row to a call's */
    const arrows = [];
    for (const c of calls) {
      const d = c.decision;
      const verdict = d?.decision ?? 'deny';
      const decided = (d?.flow ?? []).filter((f) => f.decided);
      const el = h('li', { class: `session-call verdict verdict-${verdict}`, dataset: { index: String(c.index), verdict, reason: d?.reason ?? '' } },
        located({ source: 'transcript', line: c.line, column: c.column }, 'transcript', goTo,
          h('span', { class: 'verdict-word' }, `${verdictSymbols[verdict] ?? '✗'} ${verdict.toUpperCase()}`),
          ' ',
          h('span', { class: 'muted' }, t('session.call', { index: c.index }), ' · '),
          h('code', null, visibleText(c.tool ?? '?')),
          ' ',
          h('code', { class: 'verdict-code' }, d?.detail ? `${d.reason} · ${d.detail}` : d?.reason ?? '')),
        h('p', { class: 'verdict-reason' }, d ? reasonText(d) : ''),
        decided.map((f) => h('p', { class: 'session-from' },
          located({ source: 'transcript', line: f.line, column: f.column }, 'transcript', goTo,
            t('session.from', { index: f.result.index }), ' ', h('code', null, visibleText(f.result.tool)),
            ', ', t('session.labelled'), ' ', h('code', { class: 'chip' }, visibleText(f.label)),
            f.quote ? h('span', { class: 'muted' }, ' · ', t(f.kind === 'carries' ? 'session.quote' : 'session.holds'), ' ', visibleText(f.quote)) : null))));
      for (const f of decided) {
        const from = resultRows.get(f.result.index);
        if (from) arrows.push([from, el]);
      }
      rows.push({ line: c.line ?? 0, column: c.column ?? 0, el });
    }
    rows.sort((a, b) => a.line - b.line || a.column - b.column);

    const list = h('ol', { class: 'session-timeline', 'aria-label': t('session.timeline') }, rows.map((r) => r.el));
    // Styled through the CSSOM, which the page's content security policy allows (a style
    // attribute it would refuse).
    Object.assign(list.style, { position: 'relative', listStyle: 'none', paddingLeft: '2.5rem', margin: '0' });
    const svg = document.createElementNS(svgNS, 'svg');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('class', 'session-arrows');
    Object.assign(svg.style, { position: 'absolute', left: '0', top: '0', width: '2.5rem', height: '100%', overflow: 'visible', pointerEvents: 'none' });
    list.prepend(/** @type {any} */ (svg));
    const draw = () => {
      const top = list.getBoundingClientRect().top;
      const paths = arrows.map(([from, to]) => {
        const y1 = from.getBoundingClientRect().top - top + 12;
        const y2 = to.getBoundingClientRect().top - top + 12;
        const p = document.createElementNS(svgNS, 'path');
        p.setAttribute('d', `M 36 ${y1} C 4 ${y1}, 4 ${y2}, 34 ${y2}`);
        p.setAttribute('fill', 'none');
        p.setAttribute('stroke', 'currentColor');
        p.setAttribute('stroke-width', '1.5');
        p.setAttribute('marker-end', 'url(#session-arrowhead)');
        return p;
      });
      const defs = document.createElementNS(svgNS, 'defs');
      const marker = document.createElementNS(svgNS, 'marker');
      for (const [k, v] of Object.entries({ id: 'session-arrowhead', viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '6', markerHeight: '6', orient: 'auto' })) marker.setAttribute(k, v);
      const head = document.createElementNS(svgNS, 'path');
      head.setAttribute('d', 'M 0 0 L 10 5 L 0 10 z');
      head.setAttribute('fill', 'currentColor');
      marker.append(head);
      defs.append(marker);
      svg.replaceChildren(defs, ...paths);
    };
    // The arrows need the rows laid out; they are drawn again when the list's size changes.
    requestAnimationFrame(draw);
    if (typeof ResizeObserver === 'function') new ResizeObserver(draw).observe(list);

    const body = h('div', { class: 'session' },
      list,
      problems.length ? h('div', { class: 'problem-box' }, h('h3', { dataset: { i18n: 'result.problems' }, text: t('result.problems') }), problemList(problems, goTo)) : null);
    return { line, state: result.shape ? worst : 'problems', body };
  }
}

/**
 * sessionProblems are the problems to mark in the editors: the answer's, and each call's
 * evidence (placed in the transcript, the catalog or the policy).
 * @param {ReplayResponse} result
 */
export function sessionProblems(result) {
  return [...(result.problems ?? []), ...(result.calls ?? []).flatMap((c) => c.decision?.evidence ?? [])];
}

/**
 * showSession replaces the pane's output with the replay's timeline.
 * @param {{setSummary: (line: HTMLElement, state: string) => void, output: HTMLElement, markEditors: (p: any[]) => void}} pane
 * @param {SessionMode} mode
 * @param {ReplayResponse} result
 * @param {GoTo} goTo
 * @param {(d: import('./gatehouse').Decision) => string} reasonText
 */
export function showSession(pane, mode, result, goTo, reasonText) {
  pane.markEditors(sessionProblems(result));
  const { line, state, body } = mode.render(result, goTo, reasonText);
  pane.setSummary(line, state);
  replace(pane.output, body);
}
