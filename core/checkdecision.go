package core

import "github.com/gatehouse-dev/gatehouse/internal/gate"

// CheckDecisionRequest is the input of [CheckDecision]: texts exactly as pasted. Policy and
// Schema are optional.
type CheckDecisionRequest struct {
	Decision string `json:"decision"`
	Policy   string `json:"policy,omitempty"`
	// Schema is the decision schema to hold the decision to (seed 000's, say); empty means the
	// project's own.
	Schema string `json:"schema,omitempty"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// CheckDecisionResult is the answer of [CheckDecision].
type CheckDecisionResult struct {
	Verdict Verdict `json:"verdict"`
	// Should is the [Outcome] the decision should have: itself when it is ok, deny or ask when
	// it is refused, deny when it cannot be read.
	Should Outcome `json:"should"`
	// Problems holds a [Problem] per broken part of the schema or the rule, at its line and
	// column in the decision.
	Problems Problems `json:"problems"`
}

// A Verdict is what [CheckDecision] says of a decision: "ok", "schema_rejected" (it fails its
// schema, or does not parse) or "rule_refused" (it passes the schema, and the app's rule refuses
// it).
type Verdict = gate.Verdict

// CheckDecision holds a decision someone wrote to the gate's rule, as seed 000 says: a decision
// can pass its schema and still be a success to refuse. An allow needs argumentsValid and
// toolAllowed true, every required capability in the grant and reason ok; an ask needs the
// grant_missing or needs_confirm conditions; with a policy, the decision must claim nothing the
// policy does not give.
func CheckDecision(req CheckDecisionRequest) CheckDecisionResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := CheckDecisionResult(gate.Check(req.Decision, req.Policy, req.Schema, session.schemas))
	res.Problems = translateProblems(tr, withLanguage(langProbs, res.Problems))
	return res
}
