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
// or not parsing, is schema_rejected. Then the app's rule, which refuses any allow or ask the
// gate would not give:
//
//   - allow needs argumentsValid and toolAllowed true, every required capability in grant,
//     reason ok, and nothing that says a gate failed (missing, violations, errors, evidence,
//     detail, changedFields); ok goes only with allow;
//   - ask needs argumentsValid and toolAllowed true, no violations or errors, no detail or
//     changedFields, and reason needs_confirm (with nothing missing from the grant) or
//     grant_missing (with something missing);
//   - deny is always safe, but not with reason ok.
//
// The required capabilities are those the decision lists in "required" and, when a policy is
// given, those the policy's requires gives the tool under any of its names: the decision's tool
// (a "server/name" key) and its own name after the "/". With a policy, allow and ask also need
// the tool in allow_tools and a grant the policy really gives; allow needs confirmation where the
// tool needs it; ask for grant_missing needs on_grant_missing ask, and ask for needs_confirm a
// tool in needs_confirm with confirmed not true.
//
// A decision that breaks the rule is rule_refused, with a problem per broken part placed at its
// line and column in the decision, and Should says deny, or ask for an allow when all that is
// wrong is a missing grant under on_grant_missing ask or a confirmation not yet given. A policy
// given with problems cannot vouch for anything: the verdict is rule_refused.
//
// Without the catalog, CheckDecision cannot tell that another server shadows the tool's own
// name, so it takes an allow_tools entry under that name as the gate does for a tool no other
// server offers.
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
		c.refuse("", false, "a decision must be a JSON object, found %s", describeType(c.doc.Value))
		return CheckDecisionResult{Verdict: VerdictRuleRefused, Should: DecisionDeny, Problems: c.probs}
	}
	c.m, c.onlyAsks = m, true
	decision, _ := m["decision"].(string)
	reason, _ := m["reason"].(string)
	switch decision {
	case DecisionAllow:
		c.checkAllow(reason)
	case DecisionAsk:
		c.checkAsk(reason)
	case DecisionDeny:
		if reason == ReasonOK {
			c.refuse("/reason", false, "reason %q goes only with allow: a deny gives the reason that stopped the call", ReasonOK)
		}
	default:
		c.refuse("/decision", false, "decision must be %q, %q or %q, found %s", DecisionAllow, DecisionDeny, DecisionAsk, compactJSON(m["decision"]))
	}
	if len(c.probs) == 0 {
		return CheckDecisionResult{Verdict: VerdictOK, Should: decision, Problems: Problems{}}
	}
	should := DecisionDeny
	if decision == DecisionAllow && c.onlyAsks {
		should = DecisionAsk
	}
	return CheckDecisionResult{Verdict: VerdictRuleRefused, Should: should, Problems: c.probs}
}

// names are the names the decision's tool goes by in the policy, derived as the gate derives
// them: the tool as the decision gives it (a catalog key), and its own name after "server/".
func (c *decisionChecker) names() toolNames {
	tool, _ := c.m["tool"].(string)
	n := toolNames{all: []string{tool}, exact: []string{tool}}
	if server, _ := c.m["server"].(string); server != "" {
		if own, ok := strings.CutPrefix(tool, server+"/"); ok && own != "" {
			n.all, n.exact = append(n.all, own), append(n.exact, own)
		}
	}
	// Requirements also bind the name after the first "/", whether or not the decision names
	// its server: the gate would have found the tool under it in a multi-server catalog.
	if _, own, ok := strings.Cut(tool, "/"); ok && own != "" && !slices.Contains(n.all, own) {
		n.all = append(n.all, own)
	}
	return n
}

// checkLetThrough holds what allow and ask share: the gates before the grant passed, and the
// decision claims nothing the policy does not give.
func (c *decisionChecker) checkLetThrough(decision string, n toolNames) {
	m, pol := c.m, c.pol
	if m["argumentsValid"] != true {
		c.refuse("/argumentsValid", false, "%s needs argumentsValid true: arguments not known to be valid must not run", decision)
	}
	if m["toolAllowed"] != true {
		c.refuse("/toolAllowed", false, "%s needs toolAllowed true: the tool must be on the allowlist", decision)
	}
	fields := []string{"violations", "errors", "changedFields"}
	if decision == DecisionAllow {
		fields = append(fields, "missing", "evidence")
	}
	for _, field := range fields {
		if list, ok := m[field].([]any); ok && len(list) > 0 {
			c.refuse("/"+field, false, "%s with a non-empty %q: the decision lists what stops the call", decision, field)
		}
	}
	if detail, ok := m["detail"]; ok && detail != "" {
		c.refuse("/detail", false, "%s with detail %s: a detail says why a call was stopped", decision, shorten(compactJSON(detail), 60))
	}
	tool, _ := m["tool"].(string)
	if server, _ := m["server"].(string); server != "" && !strings.HasPrefix(tool, server+"/") {
		c.refuse("/server", false, "server %s does not match tool %s: the gate keys a server's tool \"server/name\"", quoteShort(server), quoteShort(tool))
	}
	if pol == nil {
		return
	}
	if _, _, listed := pol.allowEntry(n); !listed {
		c.refuse("/tool", false, "tool %s is not in the policy's allow_tools, so it cannot be let through", quoteShort(tool))
	}
	grant, grantPointers := stringsAt(m, "grant")
	for i, g := range grant {
		if !slices.Contains(pol.Grant, g) {
			c.refuse(grantPointers[i], false, "the decision's grant holds %s, which the policy does not grant (it grants %s)", quoteShort(g), quotedList(nonNilStrings(pol.Grant)))
		}
	}
}

// missing returns the required capabilities the decision's grant lacks, each with who requires
// it: the policy, or the decision's own "required".
func (c *decisionChecker) missing(n toolNames) (caps []string, from map[string]string) {
	ownRequired, _ := stringsAt(c.m, "required")
	var required []string
	from = map[string]string{}
	if c.pol != nil {
		for _, r := range c.pol.required(n) {
			required, from[r] = append(required, r), "the policy"
		}
	}
	for _, r := range ownRequired {
		if _, known := from[r]; !known {
			required, from[r] = append(required, r), "the decision's own \"required\""
		}
	}
	grant, _ := stringsAt(c.m, "grant")
	return grantMissing(required, grant), from
}

func (c *decisionChecker) checkAllow(reason string) {
	m, pol := c.m, c.pol
	if reason != ReasonOK {
		c.refuse("/reason", false, "allow goes only with reason %q, not %s", ReasonOK, compactJSON(m["reason"]))
	}
	n := c.names()
	c.checkLetThrough(DecisionAllow, n)
	if pol != nil {
		if name, _, listed := pol.confirmEntry(n); listed && !pol.Confirmed {
			c.refuse("/decision", true, "%s needs a person's confirmation and the policy's confirmed is not true: ask first", quoteShort(name))
		}
	}
	tool, _ := m["tool"].(string)
	grant, _ := stringsAt(m, "grant")
	asks := pol != nil && pol.OnGrantMissing == OnGrantMissingAsk
	caps, from := c.missing(n)
	for _, missing := range caps {
		c.refuse("/grant", asks, "allow needs capability %s in grant (%s requires it for %s), and grant holds %s: %s is missing",
			quoteShort(missing), from[missing], quoteShort(tool), quotedList(nonNilStrings(grant)), quoteShort(missing))
	}
}

func (c *decisionChecker) checkAsk(reason string) {
	pol := c.pol
	n := c.names()
	c.checkLetThrough(DecisionAsk, n)
	caps, _ := c.missing(n)
	switch reason {
	case ReasonGrantMissing:
		if len(caps) == 0 {
			c.refuse("/reason", false, "ask for grant_missing, but the grant holds every capability the tool requires")
		}
		if pol != nil && pol.OnGrantMissing != OnGrantMissingAsk {
			c.refuse("/reason", false, "ask for grant_missing needs the policy's on_grant_missing to be \"ask\"; under %q a missing grant denies", OnGrantMissingDeny)
		}
	case ReasonNeedsConfirm:
		if len(caps) > 0 {
			c.refuse("/reason", false, "ask for needs_confirm, but the grant lacks %s: the grant is checked first, and its answer stands", quotedList(caps))
		}
		if pol != nil {
			if _, _, listed := pol.confirmEntry(n); !listed {
				c.refuse("/reason", false, "ask for needs_confirm, but the policy's needs_confirm does not list the tool")
			} else if pol.Confirmed {
				c.refuse("/reason", false, "ask for needs_confirm, but the policy's confirmed is true")
			}
		}
	default:
		c.refuse("/reason", false, "ask goes only with reason %q or %q, not %s: any other reason denies", ReasonNeedsConfirm, ReasonGrantMissing, compactJSON(c.m["reason"]))
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
