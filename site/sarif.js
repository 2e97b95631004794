// Lint findings as SARIF 2.1.0, in the shape `gatehouse lint --format sarif` writes (one run,
// rule ids gatehouse/lint/<rule>, levels error / warning / note for high / medium / low, columns
// in code points), so a file saved from the page uploads to code scanning as the CLI's does.
// The rules' words come from the checker (about().lintRules); nothing here judges a finding.

/**
 * @typedef {import('./gatehouse').LintFinding} LintFinding
 * @typedef {{version: string, about: import('./gatehouse').AboutResponse | null}} CheckerInfo
 */

const levels = /** @type {Record<string, string>} */ ({ high: 'error', medium: 'warning' });

/**
 * lintSarif writes the findings of one catalog (named uri in the log) as a SARIF log.
 * @param {LintFinding[]} findings
 * @param {CheckerInfo} checker
 * @param {string} uri
 * @returns {string}
 */
export function lintSarif(findings, checker, uri) {
  const known = new Map((checker.about?.lintRules ?? []).map((r) => [r.name, r]));
  /** @type {Array<{id: string, shortDescription: {text: string}, defaultConfiguration: {level: string}}>} */
  const rules = [];
  /** @type {Map<string, number>} */
  const ruleIndex = new Map();
  const results = findings.map((f) => {
    const id = `gatehouse/lint/${f.rule}`;
    const level = levels[f.severity] ?? 'note';
    if (!ruleIndex.has(id)) {
      const rule = known.get(f.rule);
      ruleIndex.set(id, rules.length);
      rules.push({
        id,
        shortDescription: { text: rule ? `Lint rule ${rule.name} (${rule.severity}): ${rule.summary}.` : id },
        defaultConfiguration: { level },
      });
    }
    let message = `${f.severity}: ${f.tool}: ${f.message} [${f.rule}]`;
    if (f.evidence && !f.message.includes(f.evidence)) message += ` evidence: ${JSON.stringify(f.evidence)}`;
    /** @type {Record<string, any>} */
    const region = f.line > 0 ? { startLine: f.line, ...(f.column > 0 ? { startColumn: f.column } : {}) } : {};
    return {
      ruleId: id,
      ruleIndex: ruleIndex.get(id),
      level,
      message: { text: message },
      locations: [{ physicalLocation: { artifactLocation: { uri }, ...(f.line > 0 ? { region } : {}) } }],
    };
  });
  const log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{
      tool: { driver: { name: 'gatehouse', version: checker.version, informationUri: 'https://github.com/gatehouse-dev/gatehouse', rules } },
      results,
      columnKind: 'unicodeCodePoints',
    }],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
