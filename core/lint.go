package core

import "github.com/gatehouse-dev/gatehouse/internal/lint"

// LintRequest is the input of [Lint]: a catalog text exactly as pasted and, optionally, the lint
// configuration a team keeps beside it.
type LintRequest struct {
	Catalog string `json:"catalog"`
	// Ignore is the text of a lint configuration: rules to ignore for named tools, each with a
	// reason, as {"ignore": [{"rule": …, "tool": …, "reason": …}]}. Findings it matches are
	// reported as suppressed, never dropped.
	Ignore string `json:"ignore,omitempty"`
	// Policy is a policy text, optional: its flows labels join what the lethal-trifecta finding
	// infers from descriptions and annotations, and its flow rules lower its severity.
	Policy string `json:"policy,omitempty"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// LintResult is the answer of [Lint].
type LintResult struct {
	Findings []Finding `json:"findings"`
	// Suppressed are the findings the configuration ignores, each with its suppression.
	Suppressed []Finding `json:"suppressed"`
	Problems   Problems  `json:"problems"`
}

// A Finding is one thing in a catalog that a reviewer should look at before trusting a tool:
// rule, severity (a [Severity]), tool (its key), pointer, line and column (of the evidence
// itself), message, evidence (hidden characters shown visibly, as [U+200B]), why (one sentence:
// why it matters), decodedFrom (what the evidence was read through: "base64", "hex", …, or
// absent) and, on a suppressed finding, suppression (the lint configuration's reason, line and
// column).
type Finding = lint.Finding

// A Severity is how urgently a reviewer should look: at a lint finding, or at a changed tool's
// risk in a catalog diff; [Severities] lists them.
type Severity = lint.Severity

// Severities are the severities by name, from the most to the least urgent, each spelled as its
// field's name in lower case (Severities.High is "high"; [AboutResult.Severities] lists them in
// that order). Read it, never assign to it.
var Severities = struct {
	High   Severity // the text steers the model against the user, or the definition lies about itself: read it before approving the tool
	Medium Severity // a reviewer should look: one weak signal alone, a loose schema on a dangerous tool
	Low    Severity // hygiene or guidance: an open schema, a destructive tool without a warning word
}{High: lint.SeverityHigh, Medium: lint.SeverityMedium, Low: lint.SeverityLow}

// Lint looks at every tool of a catalog for what a poisoned tool carries: instructions aimed at
// the model, hidden characters, requests for secrets and sensitive paths, references to other
// tools, parameters shaped to carry data out, loose schemas, annotations that contradict the tool.
//
// A lint configuration that names an unknown rule or tool is a problem (source "ignore"), and
// none of it applies.
func Lint(req LintRequest) LintResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	findings, suppressed, probs := lint.Text(req.Catalog, req.Ignore)
	findings = append(findings, trifectaFindings(req.Catalog, req.Policy)...)
	return LintResult{Findings: translateFindings(tr, findings), Suppressed: translateFindings(tr, suppressed),
		Problems: translateProblems(tr, orEmpty(withLanguage(langProbs, probs)))}
}

// ParseSeverity reads a severity: "high", "medium" or "low".
func ParseSeverity(s string) (Severity, error) { return lint.ParseSeverity(s) }

// AtOrAbove counts the findings as urgent as threshold or more: what fails a CI run at that
// threshold.
func (r LintResult) AtOrAbove(threshold Severity) int {
	return lint.CountAtOrAbove(r.Findings, threshold)
}
