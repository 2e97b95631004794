package core

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"
)

//go:embed schemas/decision.schema.json
var decisionSchemaText []byte

// DecisionSchema returns the published JSON Schema of a decision
// (core/schemas/decision.schema.json): seed 000's schema with tool and grant opened to any
// string, every reason the gate gives, and the fields it adds. Every [Decision] the gate makes
// validates against it.
func DecisionSchema() []byte { return bytes.Clone(decisionSchemaText) }

var decisionSchema = sync.OnceValues(func() (*Schema, Problems) {
	doc, probs := ParseDocument(SourceSchema, decisionSchemaText)
	if len(probs) > 0 {
		return nil, probs
	}
	return CompileSchema(doc, "2020-12", nil)
})

// The three decisions. Only allow lets the call run; ask shows it to a person first.
const (
	DecisionAllow = "allow"
	DecisionDeny  = "deny"
	DecisionAsk   = "ask"
)

// The reasons of a decision, one per gate (see [Gate]).
const (
	ReasonOK                 = "ok"                   // every gate passed; only with allow
	ReasonToolNotAllowlisted = "tool_not_allowlisted" // gate 1: unreadable, not in allow_tools, or not in the catalog
	ReasonDefinitionChanged  = "definition_changed"   // gate 2: the tool no longer matches its pin
	ReasonArgumentsInvalid   = "arguments_invalid"    // gate 3: the arguments do not parse or fail inputSchema
	ReasonGrantMissing       = "grant_missing"        // gate 4: the grant lacks a capability the tool requires
	ReasonPolicyViolation    = "policy_violation"     // gate 5: an argument rule or the secrets check
	ReasonNeedsConfirm       = "needs_confirm"        // gate 6: a person must confirm
)

// Reasons lists every reason a decision can give, in gate order.
var Reasons = []string{ReasonToolNotAllowlisted, ReasonDefinitionChanged, ReasonArgumentsInvalid,
	ReasonGrantMissing, ReasonPolicyViolation, ReasonNeedsConfirm, ReasonOK}

// Details say more about a reason.
const (
	DetailUnreadableCall  = "unreadable_call"    // the call text or this call cannot be read
	DetailPolicyInvalid   = "policy_invalid"     // the policy has problems, so nothing is allowed
	DetailNotInCatalog    = "not_in_catalog"     // no tool of that name in the catalog
	DetailAmbiguousTool   = "ambiguous_tool"     // several servers offer that name
	DetailNotInAllowTools = "not_in_allow_tools" // the policy does not allow the tool
	DetailInvalidJSON     = "invalid_json"       // the arguments are not JSON (or are missing)
	DetailDuplicateKey    = "duplicate_key"      // the arguments repeat a key
	DetailSchemaRejected  = "schema_rejected"    // the arguments fail the tool's inputSchema
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
	ToolAllowed    bool   `json:"toolAllowed"`    // gate 1 passed: allowlisted and in the catalog
	// Grant is the session's grant, from the policy.
	Grant    []string `json:"grant"`
	Decision string   `json:"decision"` // allow, deny or ask
	Reason   string   `json:"reason"`   // one of [Reasons]
	Detail   string   `json:"detail,omitempty"`
	// Required lists the capabilities the policy requires for the tool; Missing those the
	// grant lacks.
	Required []string `json:"required"`
	Missing  []string `json:"missing"`
	// Errors are the arguments' problems (parse and schema), placed in the pasted call.
	Errors []Problem `json:"errors"`
	// Violations are the argument rules and secrets the arguments break.
	Violations []Violation `json:"violations"`
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
	Evidence []Problem `json:"evidence"`
}

// restrictiveness orders decisions: deny > ask > allow.
func restrictiveness(decision string) int {
	switch decision {
	case DecisionAllow:
		return 0
	case DecisionAsk:
		return 1
	}
	return 2
}

// whereWords says in words where a problem is, for an explanation.
func whereWords(p Problem) string {
	switch {
	case p.Line > 0:
		return fmt.Sprintf(" (%s, line %d, column %d)", p.Source, p.Line, p.Column)
	case p.InstanceLocation != "":
		return fmt.Sprintf(" (%s, at %s)", p.Source, p.InstanceLocation)
	}
	return ""
}

// explain rewrites the explanation from the summary and the evidence.
func (d *Decision) explain(summary string) {
	d.Explanation = make([]string, 0, 1+len(d.Evidence))
	d.Explanation = append(d.Explanation, summary)
	for _, p := range d.Evidence {
		d.Explanation = append(d.Explanation, p.Message+whereWords(p))
	}
}
