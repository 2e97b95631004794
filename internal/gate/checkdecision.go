package gate

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// CheckResult is the answer of [Check].
type CheckResult struct {
	Verdict Verdict `json:"verdict"` // ok, schema_rejected or rule_refused
	// Should is what the decision should be: the decision itself when it is ok, deny or ask
	// when it is refused, deny when it cannot be read.
	Should   Outcome          `json:"should"`
	Problems problem.Problems `json:"problems"`
}

// A Verdict is what [Check] says of a decision someone wrote.
type Verdict string

// The verdicts.
const (
	VerdictOK             Verdict = "ok"
	VerdictSchemaRejected Verdict = "schema_rejected" // the decision fails its schema (or does not parse)
	VerdictRuleRefused    Verdict = "rule_refused"    // it passes the schema, and the app's rule refuses it
)

// Check checks a decision someone wrote, as seed 000 says: a decision can pass its
// schema and still be a success to refuse.
//
// First the decision is held to the schema (schemaText, compiled through schemas, which may be
// nil; default [DecisionSchema]); failing it,
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
func Check(decisionText, policyText, schemaText string, schemas *schema.Cache) CheckResult {
	refuse := func(verdict Verdict, probs problem.Problems) CheckResult {
		return CheckResult{Verdict: verdict, Should: DecisionDeny, Problems: probs}
	}
	doc, probs := jsondoc.ParseString(problem.SourceDecision, decisionText)
	if len(probs) > 0 {
		return refuse(VerdictSchemaRejected, probs)
	}
	if strings.TrimSpace(schemaText) == "" {
		if probs := DecisionSchema.Check(doc); len(probs) > 0 {
			return refuse(VerdictSchemaRejected, probs)
		}
	} else {
		sch, probs := schemas.CompileTexts(schemaText, "", nil)
		if len(probs) > 0 {
			return refuse(VerdictSchemaRejected, probs)
		}
		if probs := schema.Label(sch.Check(doc, ""), "decision"); len(probs) > 0 {
			return refuse(VerdictSchemaRejected, probs)
		}
	}

	var pol *policy.Policy
	if strings.TrimSpace(policyText) != "" {
		var probs problem.Problems
		if pol, probs = policy.Compile(policyText); len(probs) > 0 {
			probs = append(probs, problem.Problem{Source: problem.SourceDecision, Kind: problem.KindRule, Offset: -1,
				Message: i18n.T("the policy has problems, so it cannot vouch for this decision")})
			return refuse(VerdictRuleRefused, probs)
		}
	}

	c := decisionChecker{doc: doc, pol: pol}
	return c.check()
}

// decisionChecker applies the app's rule to a decision that passed its schema.
type decisionChecker struct {
	doc      *jsondoc.Document
	pol      *policy.Policy
	m        map[string]any
	probs    problem.Problems
	onlyAsks bool // every refusal so far would be mended by asking a person
}

// refuse records a broken part of the rule at pointer (or, absent there, at the decision).
func (c *decisionChecker) refuse(pointer string, asks bool, format string, args ...any) {
	msg := i18n.Sprintf(format, args...)
	for _, at := range []string{pointer, "/decision", ""} {
		if _, ok := c.doc.Locate(at); ok {
			pointer = at
			break
		}
	}
	c.probs = append(c.probs, c.doc.Problem(problem.KindRule, pointer, msg))
	c.onlyAsks = c.onlyAsks && asks
}

func (c *decisionChecker) check() CheckResult {
	m, ok := c.doc.Value.(map[string]any)
	if !ok {
		c.refuse("", false, "a decision must be a JSON object, found %s", jsondoc.TypeName(c.doc.Value))
		return CheckResult{Verdict: VerdictRuleRefused, Should: DecisionDeny, Problems: c.probs}
	}
	c.m, c.onlyAsks = m, true
	decisionText, _ := m["decision"].(string)
	reasonText, _ := m["reason"].(string)
	decision, reason := Outcome(decisionText), Reason(reasonText)
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
		c.refuse("/decision", false, "decision must be %q, %q or %q, found %s", DecisionAllow, DecisionDeny, DecisionAsk, jsondoc.Compact(m["decision"]))
	}
	if len(c.probs) == 0 {
		return CheckResult{Verdict: VerdictOK, Should: decision, Problems: problem.Problems{}}
	}
	should := DecisionDeny
	if decision == DecisionAllow && c.onlyAsks {
		should = DecisionAsk
	}
	return CheckResult{Verdict: VerdictRuleRefused, Should: should, Problems: c.probs}
}

// names are the names the decision's tool goes by in the policy, derived as the gate derives
// them: the tool as the decision gives it (a catalog key), and its own name after "server/".
func (c *decisionChecker) names() policy.ToolNames {
	tool, _ := c.m["tool"].(string)
	n := policy.ToolNames{All: []string{tool}, Exact: []string{tool}}
	if server, _ := c.m["server"].(string); server != "" {
		if own, ok := strings.CutPrefix(tool, server+"/"); ok && own != "" {
			n.All, n.Exact = append(n.All, own), append(n.Exact, own)
		}
	}
	// Requirements also bind the name after the first "/", whether or not the decision names
	// its server: the gate would have found the tool under it in a multi-server catalog.
	if _, own, ok := strings.Cut(tool, "/"); ok && own != "" && !slices.Contains(n.All, own) {
		n.All = append(n.All, own)
	}
	return n
}

// checkLetThrough holds what allow and ask share: the gates before the grant passed, and the
// decision claims nothing the policy does not give.
func (c *decisionChecker) checkLetThrough(decision Outcome, n policy.ToolNames) {
	m, pol := c.m, c.pol
	if m["argumentsValid"] != true {
		c.refuse("/argumentsValid", false, "%s needs argumentsValid true: arguments not known to be valid must not run", decision)
	}
	if checked, present := m["argumentsChecked"]; present && checked != true {
		c.refuse("/argumentsChecked", false, "%s with argumentsChecked false: arguments that were not checked must not run", decision)
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
		c.refuse("/detail", false, "%s with detail %s: a detail says why a call was stopped", decision, untrusted.Shorten(jsondoc.Compact(detail), 60))
	}
	tool, _ := m["tool"].(string)
	if server, _ := m["server"].(string); server != "" && !strings.HasPrefix(tool, server+"/") {
		c.refuse("/server", false, "server %s does not match tool %s: the gate keys a server's tool \"server/name\"", untrusted.Quote(server), untrusted.Quote(tool))
	}
	if pol == nil {
		return
	}
	if _, _, listed := pol.AllowEntry(n); !listed {
		c.refuse("/tool", false, "tool %s is not in the policy's allow_tools, so it cannot be let through", untrusted.Quote(tool))
	}
	grant, grantPointers := stringsAt(m, "grant")
	for i, g := range grant {
		if !slices.Contains(pol.Grant, g) {
			c.refuse(grantPointers[i], false, "the decision's grant holds %s, which the policy does not grant (it grants %s)", untrusted.Quote(g), untrusted.QuoteList(nonNilStrings(pol.Grant)))
		}
	}
}

// missing returns the required capabilities the decision's grant lacks, each with who requires
// it: the policy, or the decision's own "required".
func (c *decisionChecker) missing(n policy.ToolNames) (caps []string, from map[string]string) {
	ownRequired, _ := stringsAt(c.m, "required")
	var required []string
	from = map[string]string{}
	if c.pol != nil {
		for _, r := range c.pol.Required(n) {
			required, from[r] = append(required, r), i18n.T("the policy")
		}
	}
	for _, r := range ownRequired {
		if _, known := from[r]; !known {
			required, from[r] = append(required, r), i18n.T("the decision's own \"required\"")
		}
	}
	grant, _ := stringsAt(c.m, "grant")
	return policy.GrantMissing(required, grant), from
}

func (c *decisionChecker) checkAllow(reason Reason) {
	m, pol := c.m, c.pol
	if reason != ReasonOK {
		c.refuse("/reason", false, "allow goes only with reason %q, not %s", ReasonOK, jsondoc.Compact(m["reason"]))
	}
	n := c.names()
	c.checkLetThrough(DecisionAllow, n)
	if pol != nil {
		if name, _, listed := pol.ConfirmEntry(n); listed && !pol.Confirmed {
			c.refuse("/decision", true, "%s needs a person's confirmation and the policy's confirmed is not true: ask first", untrusted.Quote(name))
		}
	}
	tool, _ := m["tool"].(string)
	grant, _ := stringsAt(m, "grant")
	asks := pol != nil && pol.OnGrantMissing == policy.OnGrantMissingAsk
	caps, from := c.missing(n)
	for _, missing := range caps {
		c.refuse("/grant", asks, "allow needs capability %s in grant (%s requires it for %s), and grant holds %s: %s is missing",
			untrusted.Quote(missing), from[missing], untrusted.Quote(tool), untrusted.QuoteList(nonNilStrings(grant)), untrusted.Quote(missing))
	}
}

func (c *decisionChecker) checkAsk(reason Reason) {
	pol := c.pol
	n := c.names()
	c.checkLetThrough(DecisionAsk, n)
	caps, _ := c.missing(n)
	switch reason {
	case ReasonGrantMissing:
		if len(caps) == 0 {
			c.refuse("/reason", false, "ask for grant_missing, but the grant holds every capability the tool requires")
		}
		if pol != nil && pol.OnGrantMissing != policy.OnGrantMissingAsk {
			c.refuse("/reason", false, "ask for grant_missing needs the policy's on_grant_missing to be \"ask\"; under %q a missing grant denies", policy.OnGrantMissingDeny)
		}
	case ReasonNeedsConfirm:
		if len(caps) > 0 {
			c.refuse("/reason", false, "ask for needs_confirm, but the grant lacks %s: the grant is checked first, and its answer stands", untrusted.QuoteList(caps))
		}
		if pol != nil {
			if _, _, listed := pol.ConfirmEntry(n); !listed {
				c.refuse("/reason", false, "ask for needs_confirm, but the policy's needs_confirm does not list the tool")
			} else if pol.Confirmed {
				c.refuse("/reason", false, "ask for needs_confirm, but the policy's confirmed is true")
			}
		}
	default:
		c.refuse("/reason", false, "ask goes only with reason %q or %q, not %s: any other reason denies", ReasonNeedsConfirm, ReasonGrantMissing, jsondoc.Compact(c.m["reason"]))
	}
}

// stringsAt returns the strings of the decision's array field and their pointers.
func stringsAt(m map[string]any, field string) ([]string, []string) {
	list, _ := m[field].([]any)
	var out, at []string
	for i, it := range list {
		if s, ok := it.(string); ok {
			out = append(out, s)
			at = append(at, jsondoc.JoinPointer("/"+field, strconv.Itoa(i)))
		}
	}
	return out, at
}
