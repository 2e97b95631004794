package gate

import "github.com/gatehouse-dev/gatehouse/internal/policy"

// ReasonFlow is the reason of a decision a flow rule of the policy made stricter than the gate's
// own (issue 18): the call follows, or carries text from, a labelled result of the session.
const ReasonFlow Reason = "flow"

// FlowEvidence is one flow rule that matched a call: which rule, about which label, and the
// earlier result that set it off. The gate itself never writes it; a session's flow check does
// (internal/flow), and the decision it tightens carries it.
type FlowEvidence struct {
	// Rule is the rule's index in the policy's flows.rules; Pointer is where it sits there, with
	// Line and Column of the rule in the policy text (zero when unknown).
	Rule       int    `json:"rule"`
	Pointer    string `json:"pointer"`
	RuleLine   int    `json:"ruleLine,omitempty"`
	RuleColumn int    `json:"ruleColumn,omitempty"`
	// Kind is "after" or "carries"; Label the label the rule is about; Call the rule's call.
	Kind  string `json:"kind"`
	Label string `json:"label"`
	Call  string `json:"call"`
	// Then is what the rule gives: ask or deny.
	Then Outcome `json:"then"`
	// Decided is true on the rules that made the decision (the strictest, where it is stricter
	// than the gate or names the flow beside the gate's own ask).
	Decided bool `json:"decided"`
	// Result is the earlier result the rule points at: the index of the call it answered and its
	// tool.
	Result FlowResult `json:"result"`
	// Argument is the JSON Pointer, in the arguments, of the value that carries the result's
	// text (carries only), and DecodedFrom the encoding it was read through ("percent-encoding",
	// "base64"; "" as written).
	Argument    string `json:"argument,omitempty"`
	DecodedFrom string `json:"decodedFrom,omitempty"`
	// Quote is the shared text, quoted with hidden characters shown (withheld where it looks
	// like a secret); Line and Column place it, or the result, in the transcript. A proxy, which
	// keeps no texts, leaves them empty.
	Quote  string `json:"quote,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// Overflow is true when the session had to stop fingerprinting this label's results (its
	// stated bound), so that carries acts as after for them: the rule fails closed.
	Overflow bool `json:"overflow,omitempty"`
}

// A FlowResult names a result of the session: the index of the call it answered (0-based, in
// the order of the calls) and the tool.
type FlowResult struct {
	Index int    `json:"index"`
	Tool  string `json:"tool"`
}

// Explain rewrites the decision's explanation from a new summary and its evidence, as the gate
// does: for a check that tightens a decision after the gate made it.
func (d *Decision) Explain(summary string) { d.explain(summary) }

// Restrictiveness orders outcomes: deny (2) > ask (1) > allow (0).
func Restrictiveness(o Outcome) int { return restrictiveness(o) }

// Policy is the policy the gate compiled, for the checks that follow the gate (a session's
// flows).
func (g *Prepared) Policy() *policy.Policy { return g.pol }
