package core

import (
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
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

// GateResult is the answer of [Gate].
type GateResult struct {
	// Decisions holds one [Decision] per call in the call text, in text order; never empty.
	Decisions []Decision `json:"decisions"`
	// Decision is the most restrictive of Decisions (deny > ask > allow; the first of equals).
	Decision *Decision `json:"decision"`
	// Problems are what is wrong with the texts themselves (parse errors, unreadable calls, a
	// catalog or policy that breaks its rules), each placed at its line and column.
	Problems Problems `json:"problems"`
}

// gateResultOf is the face's answer for the gate's own.
func gateResultOf(res gate.Result) GateResult {
	out := GateResult{Decisions: make([]Decision, len(res.Decisions)), Problems: res.Problems}
	for i := range res.Decisions {
		out.Decisions[i] = Decision(res.Decisions[i])
		if &res.Decisions[i] == res.Decision {
			out.Decision = &out.Decisions[i]
		}
	}
	if out.Decision == nil && res.Decision != nil {
		d := Decision(*res.Decision)
		out.Decision = &d
	}
	return out
}

// internal is the decision as internal/gate's type, whose fields are the same, for the gate's
// and the flows' own functions.
func (d *Decision) internal() *gate.Decision { return (*gate.Decision)(d) }

// A Decision is the gate's answer for one tool call: seed 000's decision (tool, argumentsValid,
// toolAllowed, grant, decision, reason), extended with why. Its JSON always validates against
// the published decision schema.
type Decision struct {
	// Tool is the tool's catalog key ("server/name" in a multi-server catalog) when the call
	// found it, else the name the call gave; Server is the server offering it in a
	// multi-server catalog.
	Tool   string `json:"tool"`
	Server string `json:"server,omitempty"`
	// ArgumentsValid says gate 3 ran and passed. ArgumentsChecked says whether it ran: false
	// when an earlier gate denied, so that argumentsValid false says "not known valid" there,
	// not "found invalid".
	ArgumentsValid   bool `json:"argumentsValid"`
	ArgumentsChecked bool `json:"argumentsChecked"`
	// ToolAllowed says gate 1 passed: the tool is allowlisted and in the catalog.
	ToolAllowed bool `json:"toolAllowed"`
	// Grant is the session's grant, from the policy.
	Grant []string `json:"grant"`
	// Decision is allow, deny or ask; Reason the gate that decided; Detail says more about it.
	Decision Outcome `json:"decision"`
	Reason   Reason  `json:"reason"`
	Detail   Detail  `json:"detail,omitempty"`
	// Required lists the capabilities the policy requires for the tool; Missing those the
	// grant lacks.
	Required []string `json:"required"`
	Missing  []string `json:"missing"`
	// Errors are the arguments' problems (parse and schema), placed in the pasted call.
	Errors []Problem `json:"errors"`
	// Violations are the argument rules and secrets the arguments break.
	Violations []Violation `json:"violations"`
	// ChangedFields names the tool's top-level fields that differ from the pinned definition,
	// when the policy keeps that definition (pinned_tools); a pin alone says only that
	// something changed.
	ChangedFields []string `json:"changedFields,omitempty"`
	// Format is the call's shape (one of [AboutResult.CallFormats], or "unknown"); ID the
	// call's id where its shape has one; Call the whole call object as pasted, for the log.
	Format string `json:"format"`
	ID     string `json:"id,omitempty"`
	Call   any    `json:"call"`
	// Explanation says in plain words what decided, then every reason found, each with the
	// text, line and column it comes from where known.
	Explanation []string `json:"explanation"`
	// Evidence is the reasons as problems, each placed in the text it is about (the call, the
	// catalog or the policy), so that a view can link them to their lines.
	Evidence []Problem `json:"evidence"`
	// Unmatched lists the argument values that match none of the alternatives of a oneOf or
	// anyOf, each with the indexes of its alternatives' problems in Evidence, so that a view
	// shows one line per value with the closest alternative's problems under it (Errors and
	// Evidence keep every problem, each with its alternative).
	Unmatched []Unmatched `json:"unmatched,omitempty"`
	// Flow lists the flow rules that matched, where a session's flows were checked ([Replay],
	// [FlowSession]).
	Flow []FlowEvidence `json:"flow,omitempty"`
}

// An Outcome is what the gate decides for a call: allow, deny or ask.
type Outcome = gate.Outcome

// The three outcomes. Only allow lets the call run; ask shows it to a person first.
const (
	DecisionAllow = gate.DecisionAllow
	DecisionDeny  = gate.DecisionDeny
	DecisionAsk   = gate.DecisionAsk
)

// A Reason says which gate decided, one per gate, in gate order: "tool_not_allowlisted" (1:
// unreadable, not in allow_tools, or not in the catalog), "definition_changed" (2: the tool no
// longer matches its pin or lock), "arguments_invalid" (3: the arguments do not parse or fail
// inputSchema), "grant_missing" (4: the grant lacks a capability the tool requires),
// "policy_violation" (5: an argument rule or the secrets check), "needs_confirm" (6: a person
// must confirm), "flow" (a flow rule of the policy made the decision stricter than the gates'),
// "unreadable_transcript" ([Replay]: the transcript could not be placed before the call, so it
// and every later call are denied, never guessed; no gate judged it), and "ok" (every gate
// passed; only with allow).
// [AboutResult.Reasons] lists them.
type Reason = gate.Reason

// A Detail says more about a reason: "unreadable_call" (the call text or this call cannot be
// read), "no_tool_call" (the reply holds no call: the model answered in text), "policy_invalid" (the policy has problems, so nothing is allowed), "not_in_catalog",
// "ambiguous_tool" (several tools answer to that name), "not_in_allow_tools", "invalid_json" (the
// arguments are not JSON, or are missing), "duplicate_key" (the arguments repeat a key),
// "schema_rejected" (the arguments fail the tool's inputSchema).
type Detail = gate.Detail

// A Violation is one argument rule (hosts, workspace, enum, pattern, max_length) or secret the
// arguments break: argument (its JSON Pointer in the arguments), rule ("hosts", "schemes",
// "workspace", "enum", "pattern", "max_length" or "secret") and message (what was found and what
// was expected; never a secret).
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
	return translateGate(tr, gateResultOf(res))
}

// GatekeeperRequest is the input of [NewGatekeeper]: the texts a long-running process gates
// against, exactly as read.
type GatekeeperRequest struct {
	// Catalog is the tools as the server listed them (any catalog shape [Gate] reads).
	Catalog string `json:"catalog"`
	// Policy is the policy text, as the page's Decision pane takes it.
	Policy string `json:"policy"`
	// Lock is a lock file's text ('gatehouse pin', [PinCatalog]); "" for none. With a lock, a
	// tool the lock does not hold as it is now — changed since it was pinned, or new — is
	// denied with definition_changed and is not offered.
	Lock string `json:"lock,omitempty"`
	// Lang is the language of the answers' messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// A Gatekeeper is a catalog read, a policy compiled and a lock verified once, to gate many calls
// with [Gatekeeper.Gate]: what a long-running process in front of a server keeps for as long as
// the server's catalog is unchanged. It decides exactly as [Gate] does, and says which tools a
// client may be offered ([Gatekeeper.Offered]) and what is wrong with its texts
// ([Gatekeeper.Problems]). It is safe for concurrent use.
type Gatekeeper struct {
	req       GatekeeperRequest
	langProbs Problems

	mu       sync.Mutex
	prepared *gate.Prepared
	made     i18n.Stamp // when prepared was made, for a translation to keep its messages
}

// NewGatekeeper reads the catalog, compiles the policy and verifies the lock. A catalog that
// cannot be read holds no tool, a policy with problems allows nothing, and a lock that cannot be
// read matches no tool; every answer carries their problems, and [Gatekeeper.Problems] lists
// them before any call.
func NewGatekeeper(req GatekeeperRequest) *Gatekeeper {
	g := &Gatekeeper{req: req}
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	g.langProbs = langProbs
	g.prepare()
	return g
}

// prepare makes the prepared gate again; g.mu is held or g is not yet shared.
func (g *Gatekeeper) prepare() {
	g.made = i18n.Now()
	g.prepared = gate.Prepare(g.req.Catalog, g.req.Policy, g.req.Lock, session.schemas)
}

// current returns the prepared gate, made again when its messages can no longer be translated
// (see [i18n.Translation.Keep]).
func (g *Gatekeeper) current(tr *i18n.Translation) *gate.Prepared {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !tr.Keep(g.made) {
		g.prepare()
	}
	return g.prepared
}

// Problems are what is wrong with the request's texts — the catalog, the policy, the lock — and
// its language, each placed at its line and column. A process that must not run on a policy
// that does not say what its author meant refuses to start on any of source policy or lock.
func (g *Gatekeeper) Problems() Problems {
	tr, _ := openTranslation(g.req.Lang)
	defer closeTranslation(tr)
	return translateProblems(tr, orEmpty(withLanguage(g.langProbs, g.current(tr).Problems())))
}

// Gate decides every call in the call text, as [Gate] does, against the gatekeeper's catalog,
// policy and lock.
func (g *Gatekeeper) Gate(call string) GateResult {
	tr, _ := openTranslation(g.req.Lang)
	defer closeTranslation(tr)
	res := g.current(tr).Gate(call)
	res.Problems = withLanguage(g.langProbs, res.Problems)
	return translateGate(tr, gateResultOf(res))
}

// GateOne decides a text that must hold exactly one call (one MCP tools/call request): a text
// holding several calls, or none, is denied with tool_not_allowlisted (detail unreadable_call),
// since a process that forwards one request forwards nothing it did not decide as a whole. The
// answer has one decision.
func (g *Gatekeeper) GateOne(call string) GateResult {
	res, _ := g.gateOne(call)
	return res
}

// gateOne is [Gatekeeper.GateOne] with the decoded arguments of the calls the text holds (see
// gate.Result's Arguments), for the flows to check without reading the text again.
func (g *Gatekeeper) gateOne(call string) (GateResult, []any) {
	tr, _ := openTranslation(g.req.Lang)
	defer closeTranslation(tr)
	res := g.current(tr).GateOne(call)
	res.Problems = withLanguage(g.langProbs, res.Problems)
	return translateGate(tr, gateResultOf(res)), res.Arguments
}

// Offered lists, in catalog order, the keys of the tools a client may be shown: those a call
// could get past the first two gates for (allowlisted, in the catalog under one definition,
// matching every pin of the policy and the lock). A tool the policy does not allow is not
// offered, and a tool changed since review (a rug pull) is not shown to the model at all.
func (g *Gatekeeper) Offered() []string {
	tr, _ := openTranslation(g.req.Lang)
	defer closeTranslation(tr)
	return g.current(tr).Offered()
}
