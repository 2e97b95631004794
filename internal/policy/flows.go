package policy

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Flows is the policy's "flows" section: labels given to tools, and rules on the calls that
// follow a labelled tool's result in one session (issue 18). Labels are free names; "private",
// "untrusted" and "sink" are the documented conventions, and [LabelInjected] is given by the
// result check, never by the policy.
type Flows struct {
	// Labels maps a tool key ("server/name" or a tool's own name), "server/*" or "*" to labels.
	// A tool's labels are the union of every key that matches it.
	Labels map[string][]string `json:"labels,omitempty"`
	// Rules apply in any order: of those that match a call, the strictest wins.
	Rules []FlowRule `json:"rules,omitempty"`
}

// A FlowRule tightens a call that follows a labelled result. Exactly one of After and Carries
// is set.
type FlowRule struct {
	// After L: a result of a tool labelled L stands earlier in the session.
	After string `json:"after,omitempty"`
	// Carries L: a string value of the call's arguments shares a run of at least eight
	// informative characters with an earlier result of a tool labelled L.
	Carries string `json:"carries,omitempty"`
	// Call is what the rule binds: a label, a tool key, or "*".
	Call string `json:"call"`
	// Then is "ask" or "deny".
	Then string `json:"then"`
}

// LabelInjected is the label a tool's result gets when the result check flags or blocks it.
const LabelInjected = "injected"

// The outcomes a flow rule gives.
const (
	FlowAsk  = "ask"
	FlowDeny = "deny"
)

// Label is the label the rule is about: After or Carries.
func (r FlowRule) Label() string {
	if r.After != "" {
		return r.After
	}
	return r.Carries
}

// Kind is "after" or "carries".
func (r FlowRule) Kind() string {
	if r.After != "" {
		return "after"
	}
	return "carries"
}

// A ToolKey is what a flow label or rule can name a tool by: its catalog key, its own name and
// its server ("" in a single-server catalog).
type ToolKey struct {
	Key    string // the catalog key: "server/name" in a multi-server catalog, else the name
	Name   string // the tool's own name
	Server string
}

// matches reports whether a labels key or a rule's call names the tool.
func (k ToolKey) matches(pattern string) bool {
	switch {
	case pattern == "*":
		return true
	case pattern == k.Key || pattern == k.Name:
		return pattern != ""
	case strings.HasSuffix(pattern, "/*"):
		return k.Server != "" && strings.TrimSuffix(pattern, "/*") == k.Server
	}
	return false
}

// LabelsOf returns the tool's labels: the union of every labels entry whose key matches it,
// sorted, once each.
func (f *Flows) LabelsOf(k ToolKey) []string {
	if f == nil {
		return nil
	}
	var labels []string
	for key, ls := range f.Labels {
		if k.matches(key) {
			for _, l := range ls {
				if !slices.Contains(labels, l) {
					labels = append(labels, l)
				}
			}
		}
	}
	slices.Sort(labels)
	return labels
}

// Binds reports whether the rule's call names the tool, which carries labels.
func (r FlowRule) Binds(k ToolKey, labels []string) bool {
	return k.matches(r.Call) || slices.Contains(labels, r.Call)
}

// RulePointer is where rule i sits in the policy.
func RulePointer(i int) string { return "/flows/rules/" + strconv.Itoa(i) }

// checkFlows finds what the schema cannot: a rule with both or neither of after and carries,
// and a rule about a label that no tool can get (a typo would make the rule never fire).
func (f *Flows) check(doc *jsondoc.Document) problem.Problems {
	if f == nil {
		return nil
	}
	var probs problem.Problems
	given := map[string]bool{LabelInjected: true}
	for _, key := range slices.Sorted(maps.Keys(f.Labels)) {
		for i, l := range f.Labels[key] {
			if l == "" {
				probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("/flows/labels", key, strconv.Itoa(i)), i18n.T("a label must not be empty")))
			}
			given[l] = true
		}
		if key == "" || key == "/*" {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("/flows/labels", key),
				i18n.Sprintf("%s names no tool: a labels key is a tool key (\"server/name\" or a name), \"server/*\" or \"*\"", untrusted.Quote(key))))
		}
	}
	for i, r := range f.Rules {
		at := RulePointer(i)
		switch {
		case r.After != "" && r.Carries != "":
			probs = append(probs, doc.Problem(problem.KindRule, at, i18n.T("a flow rule has either \"after\" or \"carries\", not both: write two rules")))
			continue
		case r.After == "" && r.Carries == "":
			probs = append(probs, doc.Problem(problem.KindRule, at, i18n.T("a flow rule needs \"after\" or \"carries\": the label whose results it is about")))
			continue
		}
		if !given[r.Label()] {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer(at, r.Kind()),
				i18n.Sprintf("no tool gets the label %s in flows.labels, so this rule can never apply", untrusted.Quote(r.Label()))))
		}
	}
	return probs
}
