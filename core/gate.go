package core

import (
	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
)

// GateRequest is the input of [Gate]: the three texts exactly as pasted.
type GateRequest struct {
	Call    string `json:"call"`
	Catalog string `json:"catalog"`
	Policy  string `json:"policy"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// GateResult is the answer of [Gate]: one [Decision] per call in the call text, the most
// restrictive of them (deny > ask > allow), and the problems of the texts themselves.
type GateResult = gate.Result

// A Decision is the gate's answer for one tool call: seed 000's decision (tool, argumentsValid,
// toolAllowed, grant, decision, reason), extended with why — the required and missing
// capabilities, the arguments' errors, the rules they break, and every reason as evidence placed
// at its line and column. Its JSON always validates against the published decision schema.
type Decision = gate.Decision

// An Outcome is what the gate decides for a call: allow, deny or ask.
type Outcome = gate.Outcome

// The three outcomes. Only allow lets the call run; ask shows it to a person first.
const (
	DecisionAllow = gate.DecisionAllow
	DecisionDeny  = gate.DecisionDeny
	DecisionAsk   = gate.DecisionAsk
)

// A Reason says which gate decided.
type Reason = gate.Reason

// The reasons, one per gate, in gate order.
const (
	ReasonToolNotAllowlisted = gate.ReasonToolNotAllowlisted // 1: unreadable, not in allow_tools, or not in the catalog
	ReasonDefinitionChanged  = gate.ReasonDefinitionChanged  // 2: the tool no longer matches its pin
	ReasonArgumentsInvalid   = gate.ReasonArgumentsInvalid   // 3: the arguments do not parse or fail inputSchema
	ReasonGrantMissing       = gate.ReasonGrantMissing       // 4: the grant lacks a capability the tool requires
	ReasonPolicyViolation    = gate.ReasonPolicyViolation    // 5: an argument rule or the secrets check
	ReasonNeedsConfirm       = gate.ReasonNeedsConfirm       // 6: a person must confirm
	ReasonOK                 = gate.ReasonOK                 // every gate passed; only with allow
)

// A Detail says more about a reason.
type Detail = gate.Detail

// The details.
const (
	DetailUnreadableCall  = gate.DetailUnreadableCall  // the call text or this call cannot be read
	DetailNoToolCall      = gate.DetailNoToolCall      // the reply holds no call: the model answered in text
	DetailPolicyInvalid   = gate.DetailPolicyInvalid   // the policy has problems, so nothing is allowed
	DetailNotInCatalog    = gate.DetailNotInCatalog    // no tool of that name in the catalog
	DetailAmbiguousTool   = gate.DetailAmbiguousTool   // several tools answer to that name
	DetailNotInAllowTools = gate.DetailNotInAllowTools // the policy does not allow the tool
	DetailInvalidJSON     = gate.DetailInvalidJSON     // the arguments are not JSON (or are missing)
	DetailDuplicateKey    = gate.DetailDuplicateKey    // the arguments repeat a key
	DetailSchemaRejected  = gate.DetailSchemaRejected  // the arguments fail the tool's inputSchema
)

// A Violation is one argument rule (hosts, workspace, enum, pattern, max_length) or secret the
// arguments break.
type Violation = policy.Violation

// Gate decides, for every tool call in the call text, whether it may run: allow, deny or ask,
// with the reason and every piece of evidence placed at its line and column. It reads the call in
// any of the common shapes (OpenAI, Anthropic, Gemini, MCP) and fails closed: what it cannot read
// is denied, a policy with problems allows nothing. The gates, in order: the tool is allowlisted
// and in the catalog; its definition matches its pin; the arguments parse strictly and pass its
// inputSchema; the grant holds every capability it requires; every argument rule holds and no
// argument carries a secret; a tool that needs confirmation is confirmed.
//
// The catalog is read and the policy compiled once for as long as their texts are unchanged
// between calls (see [Gatekeeper]).
func Gate(req GateRequest) GateResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := session.gatekeeperFor(req.Catalog, req.Policy, tr).Gate(req.Call)
	res.Problems = withLanguage(langProbs, res.Problems)
	return translateGate(tr, res)
}

// A Gatekeeper is a catalog read and a policy compiled once, to gate many calls with
// [Gatekeeper.Gate]: what a long-running process in front of a server keeps for as long as the
// server's catalog is unchanged.
type Gatekeeper = gate.Gatekeeper

// NewGatekeeper reads a catalog and compiles a policy for many calls. A catalog that cannot be
// read holds no tool, and a policy with problems allows nothing; every answer carries their
// problems.
func NewGatekeeper(catalog, policy string) *Gatekeeper {
	return gate.New(catalog, policy, session.schemas)
}
