// The Decision pane's result check (issue 17): a tool's result pasted beside the call →
// gatehouse.checkResult (with the pane's call, catalog and policy) → the verdict, each finding
// marked in the result's text, and the outputSchema's problems at their line. The pane
// (pane-decision.js) keeps the other editors and the link's state; this file holds the Result
// editor and what is shown of its check.

import { Channel } from './checker.js';
import { h } from './dom.js';
import { Editor } from './editor.js';
import { catalogs, t } from './i18n.js';
import { located, problemList, statusLine } from './render.js';

/**
 * @typedef {import('./gatehouse').CheckResultResponse} CheckResultResponse
 * @typedef {import('./render.js').GoTo} GoTo
 */

// The check's words, kept beside it while the page's language files are being reworked; they
// join the page's catalogs, so t() and data-i18n find them as any other key.
const words = {
  en: {
    'example.resultInjectedEmail': 'Result: an e-mail that speaks to the assistant → flag',
    'example.resultSchemaMismatch': 'Result: structuredContent the outputSchema rejects → block',
    'example.resultHonestReadme': 'Result: an honest README → pass',
    'decision.result': 'Result',
    'decision.resultPlaceholder': 'Optional: paste what the tool returned (MCP CallToolResult, JSON-RPC response, OpenAI, Anthropic or Gemini tool result) to check it before the model reads it',
    'source.result': 'result',
    'resultCheck.title': 'What came back',
    'resultCheck.verdict.pass': 'Result: pass — nothing in it for the model to obey',
    'resultCheck.verdict.flag': 'Result: flag — someone should look before the model reads it',
    'resultCheck.verdict.block': 'Result: block — it must not reach the model',
    'resultCheck.schema': 'outputSchema: {state}',
    'resultCheck.schema.valid': 'structuredContent passes',
    'resultCheck.schema.invalid': 'structuredContent fails',
    'resultCheck.schema.unchecked': 'not checked',
    'resultCheck.size': '{bytes} bytes of {limit}, {blocks} blocks of {blockLimit}',
  },
  fr: {
    'example.resultInjectedEmail': 'Résultat : un e-mail qui s’adresse à l’assistant → signalé',
    'example.resultSchemaMismatch': 'Résultat : un structuredContent que l’outputSchema refuse → bloqué',
    'example.resultHonestReadme': 'Résultat : un README honnête → accepté',
    'decision.result': 'Résultat',
    'decision.resultPlaceholder': 'Facultatif : collez ce que l’outil a renvoyé (CallToolResult MCP, réponse JSON-RPC, résultat d’outil OpenAI, Anthropic ou Gemini) pour le vérifier avant que le modèle ne le lise',
    'source.result': 'résultat',
    'resultCheck.title': 'Ce qui est revenu',
    'resultCheck.verdict.pass': 'Résultat : accepté — rien à quoi le modèle devrait obéir',
    'resultCheck.verdict.flag': 'Résultat : signalé — quelqu’un devrait le lire avant le modèle',
    'resultCheck.verdict.block': 'Résultat : bloqué — il ne doit pas parvenir au modèle',
    'resultCheck.schema': 'outputSchema : {state}',
    'resultCheck.schema.valid': 'structuredContent le respecte',
    'resultCheck.schema.invalid': 'structuredContent ne le respecte pas',
    'resultCheck.schema.unchecked': 'non vérifié',
    'resultCheck.size': '{bytes} octets sur {limit}, {blocks} blocs sur {blockLimit}',
  },
  de: {
    'example.resultInjectedEmail': 'Ergebnis: eine E-Mail, die den Assistenten anspricht → markiert',
    'example.resultSchemaMismatch': 'Ergebnis: structuredContent, den das outputSchema ablehnt → blockiert',
    'example.resultHonestReadme': 'Ergebnis: ein ehrliches README → durchgelassen',
    'decision.result': 'Ergebnis',
    'decision.resultPlaceholder': 'Optional: Fügen Sie ein, was das Tool zurückgab (MCP-CallToolResult, JSON-RPC-Antwort, Tool-Ergebnis von OpenAI, Anthropic oder Gemini), um es zu prüfen, bevor das Modell es liest',
    'source.result': 'Ergebnis',
    'resultCheck.title': 'Was zurückkam',
    'resultCheck.verdict.pass': 'Ergebnis: durchgelassen — nichts darin, dem das Modell folgen soll',
    'resultCheck.verdict.flag': 'Ergebnis: markiert — jemand sollte es lesen, bevor das Modell es liest',
    'resultCheck.verdict.block': 'Ergebnis: blockiert — es darf das Modell nicht erreichen',
    'resultCheck.schema': 'outputSchema: {state}',
    'resultCheck.schema.valid': 'structuredContent erfüllt es',
    'resultCheck.schema.invalid': 'structuredContent erfüllt es nicht',
    'resultCheck.schema.unchecked': 'nicht geprüft',
    'resultCheck.size': '{bytes} von {limit} Bytes, {blocks} von {blockLimit} Blöcken',
  },
};
for (const [lang, table] of Object.entries(words)) {
  for (const [key, value] of Object.entries(table)) {
    if (catalogs[lang] && !(key in catalogs[lang])) catalogs[lang][key] = value;
  }
}

const verdictKinds = { pass: 'ok', flag: 'warn', block: 'bad' };

export class ResultCheck {
  /**
   * @param {{checker: import('./checker.js').Checker, onInput: () => void, goTo: GoTo}} options
   */
  constructor({ checker, onInput, goTo }) {
    this.editor = new Editor({
      id: 'decision-result', label: 'decision.result', source: 'result', optional: true,
      placeholder: 'decision.resultPlaceholder', checker, onInput,
    });
    this.goTo = goTo;
    this.el = h('section', { class: 'result-check', id: 'decision-result-check', hidden: true, 'aria-live': 'polite' });
    this.channel = new Channel(checker, { lane: 'result', onResult: (result) => this.show(result), el: this.el });
  }

  /**
   * check sends the result with the pane's texts, or clears what was shown when there is none.
   * @param {{call: Editor, catalog: Editor, policy: Editor, skip?: boolean}} texts skip: the
   *   pane is in a mode without a result
   * @param {{immediate?: boolean}} [options]
   */
  check({ call, catalog, policy, skip = false }, options) {
    if (skip || this.editor.isBlank()) {
      this.channel.forget();
      this.editor.setProblems([]);
      this.el.replaceChildren();
      this.el.hidden = true;
      return;
    }
    this.channel.schedule('checkResult', () => {
      /** @type {Record<string, string>} */
      const request = { result: this.editor.value };
      if (!call.isBlank()) request.call = call.value;
      if (!catalog.isBlank()) request.catalog = catalog.value;
      if (!policy.isBlank()) request.policy = policy.value;
      return request;
    }, options);
  }

  /** @param {CheckResultResponse} result */
  show(result) {
    const problems = [...(result.problems ?? []), ...(result.schema?.problems ?? [])];
    const findings = (result.findings ?? []).map((f) => ({
      ...f, source: 'result', kind: f.rule, mark: /** @type {const} */ ('finding'),
      message: `${f.severity}: ${f.message}${f.evidence ? ` — “${f.evidence}”` : ''}`,
    }));
    this.editor.setProblems([...problems.filter((p) => p.source === 'result'), ...findings]);
    const verdict = result.verdict ?? 'block';
    const schemaState = !result.schema?.checked ? 'unchecked' : result.schema.valid ? 'valid' : 'invalid';
    const size = result.size ?? { bytes: 0, limit: 0, blocks: 0, blockLimit: 0 };
    this.el.replaceChildren(
      h('h3', { dataset: { i18n: 'resultCheck.title' } }, t('resultCheck.title')),
      statusLine(verdictKinds[verdict] ?? 'bad', t(`resultCheck.verdict.${verdict}`)),
      ...(result.reasons?.length ? [h('ul', { class: 'result-reasons' }, ...result.reasons.map((r) => h('li', {}, r)))] : []),
      h('p', { class: 'result-facts' },
        t('resultCheck.schema', { state: t(`resultCheck.schema.${schemaState}`) }), ' · ',
        t('resultCheck.size', { bytes: String(size.bytes), limit: String(size.limit), blocks: String(size.blocks), blockLimit: String(size.blockLimit) })),
      ...(findings.length ? [h('ul', { class: 'result-findings' }, ...findings.map((f) => h('li', { dataset: { severity: f.severity, rule: f.rule } },
        located(f, 'result', this.goTo, h('span', { class: 'rule' }, f.rule), ' ', f.message))))] : []),
      ...(problems.length ? [problemList(problems, this.goTo, 'result')] : []),
    );
    this.el.hidden = false;
  }
}
