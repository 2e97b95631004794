package gate

import (
	_ "embed"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
)

//go:embed decision.schema.json
var decisionSchemaText []byte

// DecisionSchema is the published JSON Schema of a decision (decision.schema.json): seed 000's
// schema with tool and grant opened to any string, every reason the gate gives, and the fields it
// adds. Every [Decision] the gate makes validates against it.
var DecisionSchema = schema.NewPublished(decisionSchemaText, "decision")

// An Outcome is what the gate decides for a call: allow, deny or ask. Only allow lets the call
// run; ask shows it to a person first.
type Outcome string

// The three outcomes.
const (
	DecisionAllow Outcome = "allow"
	DecisionDeny  Outcome = "deny"
	DecisionAsk   Outcome = "ask"
)

// A Reason says which gate decided (see [Prepared.Gate]).
type Reason string

// The reasons of a decision, one per gate.
const (
	ReasonOK                 Reason = "ok"                   // every gate passed; only with allow
	ReasonToolNotAllowlisted Reason = "tool_not_allowlisted" // gate 1: unreadable, not in allow_tools, or not in the catalog
	ReasonDefinitionChanged  Reason = "definition_changed"   // gate 2: the tool no longer matches its pin
	ReasonArgumentsInvalid   Reason = "arguments_invalid"    // gate 3: the arguments do not parse or fail inputSchema
	ReasonGrantMissing       Reason = "grant_missing"        // gate 4: the grant lacks a capability the tool requires
	ReasonPolicyViolation    Reason = "policy_violation"     // gate 5: an argument rule or the secrets check
	ReasonNeedsConfirm       Reason = "needs_confirm"        // gate 6: a person must confirm
	// A replayed call after the point where its transcript could not be placed: no gate ran,
	// since what came before the call is unknown.
	ReasonUnreadableTranscript Reason = "unreadable_transcript"
)

// Reasons lists every reason a decision can give, in gate order.
var Reasons = []Reason{ReasonToolNotAllowlisted, ReasonDefinitionChanged, ReasonArgumentsInvalid,
	ReasonGrantMissing, ReasonPolicyViolation, ReasonNeedsConfirm, ReasonFlow, ReasonUnreadableTranscript, ReasonOK}

// A Detail says more about a reason.
type Detail string

// The details.
const (
	DetailUnreadableCall  Detail = "unreadable_call"    // the call text or this call cannot be read
	DetailNoToolCall      Detail = "no_tool_call"       // the reply holds no call: the model answered in text
	DetailPolicyInvalid   Detail = "policy_invalid"     // the policy has problems, so nothing is allowed
	DetailNotInCatalog    Detail = "not_in_catalog"     // no tool of that name in the catalog
	DetailAmbiguousTool   Detail = "ambiguous_tool"     // several servers offer that name
	DetailNotInAllowTools Detail = "not_in_allow_tools" // the policy does not allow the tool
	DetailInvalidJSON     Detail = "invalid_json"       // the arguments are not JSON (or are missing)
	DetailDuplicateKey    Detail = "duplicate_key"      // the arguments repeat a key
	DetailSchemaRejected  Detail = "schema_rejected"    // the arguments fail the tool's inputSchema
)

// A Decision is the gate's answer for one tool call: seed 000's decision, extended with why.
// Its JSON always validates against [DecisionSchema].
type Decision struct {
	// Tool is the tool's catalog key ("server/name" in a multi-server catalog) when the call
	// found it, else the name the call gave.
	Tool string `json:"tool"`
	// Server is the server offering the tool in a multi-server catalog.
	Server         string `json:"server,omitempty"`
	ArgumentsValid bool   `json:"argumentsValid"` // gate 3 ran and passed
	// ArgumentsChecked says whether gate 3 ran: false when an earlier gate denied (the tool is
	// not allowed, or its definition is not the one reviewed), so that argumentsValid false says
	// "not known valid" there, not "found invalid".
	ArgumentsChecked bool `json:"argumentsChecked"`
	ToolAllowed      bool `json:"toolAllowed"` // gate 1 passed: allowlisted and in the catalog
	// Grant is the session's grant, from the policy.
	Grant    []string `json:"grant"`
	Decision Outcome  `json:"decision"` // allow, deny or ask
	Reason   Reason   `json:"reason"`   // one of [Reasons]
	Detail   Detail   `json:"detail,omitempty"`
	// Required lists the capabilities the policy requires for the tool; Missing those the
	// grant lacks.
	Required []string `json:"required"`
	Missing  []string `json:"missing"`
	// Errors are the arguments' problems (parse and schema), placed in the pasted call.
	Errors []problem.Problem `json:"errors"`
	// Violations are the argument rules and secrets the arguments break.
	Violations []policy.Violation `json:"violations"`
	// ChangedFields names the tool's top-level fields that differ from the pinned definition,
	// when the policy keeps that definition (pinned_tools); a pin alone says only that something
	// changed.
	ChangedFields []string `json:"changedFields,omitempty"`
	Format        string   `json:"format"`
	ID            string   `json:"id,omitempty"`
	// Call is the whole call object as pasted, for the log.
	Call any `json:"call"`
	// Explanation says in plain English what decided, then every reason found, each with the
	// text, line and column it comes from where known.
	Explanation []string `json:"explanation"`
	// Evidence is the reasons as problems, each placed in the text it is about (the call, the
	// catalog or the policy), so a page can link them to their lines.
	Evidence []problem.Problem `json:"evidence"`
	// Unmatched lists the argument values that match none of the alternatives of a oneOf or
	// anyOf, each with the indexes of its alternatives' problems in Evidence, so that a view
	// shows one line per value with the closest alternative's problems under it (Errors and
	// Evidence keep every problem, each with its alternative).
	Unmatched []problem.Unmatched `json:"unmatched,omitempty"`
	// Flow lists the flow rules that matched, where a session's flows were checked.
	Flow []FlowEvidence `json:"flow,omitempty"`
}

// restrictiveness orders decisions: deny > ask > allow.
func restrictiveness(decision Outcome) int {
	switch decision {
	case DecisionAllow:
		return 0
	case DecisionAsk:
		return 1
	}
	return 2
}

// explained says a problem's message and where it is, for an explanation.
func explained(p problem.Problem) string {
	switch {
	case p.Line > 0:
		return i18n.Sprintf("%s (%s, line %d, column %d)", p.Message, p.Source.Words(), p.Line, p.Column)
	case p.InstanceLocation != "":
		return i18n.Sprintf("%s (%s, at %s)", p.Message, p.Source.Words(), p.InstanceLocation)
	}
	return p.Message
}

// explain rewrites the explanation from the summary and the evidence.
func (d *Decision) explain(summary string) {
	d.Explanation = make([]string, 0, 1+len(d.Evidence))
	d.Explanation = append(d.Explanation, summary)
	for _, p := range d.Evidence {
		d.Explanation = append(d.Explanation, explained(p))
	}
}
