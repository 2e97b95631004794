package core

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// CheckDecisionRequest is the input of [CheckDecision]: texts exactly as pasted. Policy and
// Schema are optional.
type CheckDecisionRequest struct {
	Decision string `json:"decision"`
	Policy   string `json:"policy,omitempty"`
	// Schema is the decision schema to hold the decision to (seed 000's, say); empty means the
	// project's own, [DecisionSchema].
	Schema string `json:"schema,omitempty"`
}

// CheckDecisionResult is the answer of [CheckDecision].
type CheckDecisionResult struct {
	Verdict string `json:"verdict"` // ok, schema_rejected or rule_refused
	// Should is what the decision should be: the decision itself when it is ok, deny or ask
	// when it is refused, deny when it cannot be read.
	Should   string   `json:"should"`
	Problems Problems `json:"problems"`
}

// The verdicts of [CheckDecision].
const (
	VerdictOK             = "ok"
	VerdictSchemaRejected = "schema_rejected" // the decision fails its schema (or does not parse)
	VerdictRuleRefused    = "rule_refused"    // it passes the schema, and the app's rule refuses it
)

// CheckDecision checks a decision someone wrote, as seed 000 says: a decision can pass its
// schema and still be a success to refuse.
//
// First the decision is held to the schema (req.Schema, default [DecisionSchema]); failing it,
// or not parsing, is schema_rejected. Then the app's rule: allow needs argumentsValid and
// toolAllowed both true and every required capability in grant; allow goes with reason ok and ok
// only with allow. The required capabilities come from the policy's requires for the tool when a
// policy is given, else from the decision's own "required". With a policy, allow also needs the
// tool in allow_tools, a grant the policy really gives, and confirmation where the tool needs it.
// A decision that breaks the rule is rule_refused, with a problem per broken part placed at its
// line and column in the decision, and Should says deny, or ask when all that is wrong is a
// missing grant under on_grant_missing ask or a confirmation not yet given.
//
// A policy given with problems cannot vouch for anything: the verdict is rule_refused.
func CheckDecision(req CheckDecisionRequest) CheckDecisionResult {
	refuse := func(verdict string, probs Problems) CheckDecisionResult {
		return CheckDecisionResult{Verdict: verdict, Should: DecisionDeny, Problems: probs}
	}
	doc, probs := ParseText(SourceDecision, req.Decision)
	if len(probs) > 0 {
		return refuse(VerdictSchemaRejected, probs)
	}
	sch, probs := decisionSchema()
	if strings.TrimSpace(req.Schema) != "" {
		var schemaDoc *Document
		if schemaDoc, probs = ParseText(SourceSchema, req.Schema); len(probs) == 0 {
			sch, probs = CompileSchema(schemaDoc, "", nil)
		}
	}
	if len(probs) > 0 {
		return refuse(VerdictSchemaRejected, probs)
	}
	if probs := sch.Check(doc, ""); len(probs) > 0 {
		for i := range probs {
			if at := probs[i].InstanceLocation; at != "" {
				probs[i].Message = fmt.Sprintf("decision at %s: %s", at, probs[i].Message)
			} else {
				probs[i].Message = "decision: " + probs[i].Message
			}
		}
		return refuse(VerdictSchemaRejected, probs)
	}

	var pol *Policy
	if strings.TrimSpace(req.Policy) != "" {
		polDoc, probs := ParseText(SourcePolicy, req.Policy)
		if len(probs) == 0 {
			pol, probs = ParsePolicy(polDoc)
		}
		if len(probs) > 0 {
			probs = append(probs, Problem{Source: SourceDecision, Kind: KindRule, Offset: -1,
				Message: "the policy has problems, so it cannot vouch for this decision"})
			return refuse(VerdictRuleRefused, probs)
		}
	}

	c := decisionChecker{doc: doc, pol: pol}
	return c.check()
}

// decisionChecker applies the app's rule to a decision that passed its schema.
type decisionChecker struct {
	doc      *Document
	pol      *Policy
	m        map[string]any
	probs    Problems
	onlyAsks bool // every refusal so far would be mended by asking a person
}

// refuse records a broken part of the rule at pointer (or, absent there, at the decision).
func (c *decisionChecker) refuse(pointer string, asks bool, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, at := range []string{pointer, "/decision", ""} {
		if _, ok := c.doc.Locate(at); ok {
			pointer = at
			break
		}
	}
	c.probs = append(c.probs, c.doc.Problem(KindRule, pointer, msg))
	c.onlyAsks = c.onlyAsks && asks
}

func (c *decisionChecker) check() CheckDecisionResult {
	m, ok := c.doc.Value.(map[string]any)
	if !ok {
		c.onlyAsks = false
		c.refuse("", false, "a decision must be a JSON object, found %s", describeType(c.doc.Value))
		return CheckDecisionResult{Verdict: VerdictRuleRefused, Should: DecisionDeny, Problems: c.probs}
	}
	c.m, c.onlyAsks = m, true
	decision, _ := m["decision"].(string)
	reason, _ := m["reason"].(string)
	switch decision {
	case DecisionAllow:
		c.checkAllow(reason)
	case DecisionDeny, DecisionAsk:
		if reason == ReasonOK {
			c.refuse("/reason", false, "reason %q goes only with allow: a %s gives the reason that stopped the call", ReasonOK, decision)
		}
		if len(c.probs) == 0 {
			return CheckDecisionResult{Verdict: VerdictOK, Should: decision, Problems: Problems{}}
		}
		return CheckDecisionResult{Verdict: VerdictRuleRefused, Should: decision, Problems: c.probs}
	default:
		c.refuse("/decision", false, "decision must be %q, %q or %q, found %s", DecisionAllow, DecisionDeny, DecisionAsk, callShowJSON(m["decision"]))
	}
	if len(c.probs) == 0 {
		return CheckDecisionResult{Verdict: VerdictOK, Should: DecisionAllow, Problems: Problems{}}
	}
	should := DecisionDeny
	if c.onlyAsks {
		should = DecisionAsk
	}
	return CheckDecisionResult{Verdict: VerdictRuleRefused, Should: should, Problems: c.probs}
}

func (c *decisionChecker) checkAllow(reason string) {
	m, pol := c.m, c.pol
	if reason != ReasonOK {
		c.refuse("/reason", false, "allow goes only with reason %q, not %s", ReasonOK, callShowJSON(m["reason"]))
	}
	if m["argumentsValid"] != true {
		c.refuse("/argumentsValid", false, "allow needs argumentsValid true: arguments not known to be valid must not run")
	}
	if m["toolAllowed"] != true {
		c.refuse("/toolAllowed", false, "allow needs toolAllowed true: the tool must be on the allowlist")
	}
	for _, field := range []string{"missing", "violations", "errors"} {
		if list, ok := m[field].([]any); ok && len(list) > 0 {
			c.refuse("/"+field, false, "allow with a non-empty %q: the decision lists what stops the call", field)
		}
	}
	tool, _ := m["tool"].(string)
	keys := []string{tool}
	if server, _ := m["server"].(string); server != "" && strings.HasPrefix(tool, server+"/") {
		keys = append(keys, tool[len(server)+1:])
	}
	grant, grantPointers := stringsAt(m, "grant")

	var required []string
	from := "the decision's own \"required\""
	if pol != nil {
		if _, i := policyListIndex(pol.AllowTools, keys); i < 0 {
			c.refuse("/tool", false, "tool %s is not in the policy's allow_tools, so it cannot be allowed", gateQuote(tool))
		}
		for i, g := range grant {
			if !slices.Contains(pol.Grant, g) {
				c.refuse(grantPointers[i], false, "the decision's grant holds %s, which the policy does not grant (it grants %s)", gateQuote(g), quotedList(nonNilStrings(pol.Grant)))
			}
		}
		_, required, _ = policyMapEntry(pol.Requires, keys)
		from = "the policy"
		if key, i := policyListIndex(pol.NeedsConfirm, keys); i >= 0 && !pol.Confirmed {
			c.refuse("/decision", true, "%s needs a person's confirmation and the policy's confirmed is not true: ask first", gateQuote(key))
		}
	} else {
		required, _ = stringsAt(m, "required")
	}
	asks := pol != nil && pol.OnGrantMissing == OnGrantMissingAsk
	for _, missing := range grantMissing(required, grant) {
		c.refuse("/grant", asks, "allow needs capability %s in grant (%s requires it for %s), and grant holds %s: %s is missing",
			gateQuote(missing), from, gateQuote(tool), quotedList(nonNilStrings(grant)), gateQuote(missing))
	}
}

// stringsAt returns the strings of the decision's array field and their pointers.
func stringsAt(m map[string]any, field string) ([]string, []string) {
	list, _ := m[field].([]any)
	var out, at []string
	for i, it := range list {
		if s, ok := it.(string); ok {
			out = append(out, s)
			at = append(at, JoinPointer("/"+field, strconv.Itoa(i)))
		}
	}
	return out, at
}
