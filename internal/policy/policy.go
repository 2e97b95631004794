// Package policy reads the session's policy — the allowlist, the grant, what each tool
// requires, which tools need a person's confirmation, pins, and rules on argument values — and
// prepares it once ([Compile]) to decide every call of a session.
//
// The policy is JSON with a published schema (policy.schema.json): an unknown key is an error,
// not ignored, and a policy with any problem allows nothing.
package policy

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

//go:embed policy.schema.json
var policySchemaText []byte

// PublishedSchema is the published JSON Schema of the policy (policy.schema.json): the page
// validates a policy against it, and an unknown key is an error.
var PublishedSchema = schema.NewPublished(policySchemaText, "policy")

// A Policy is the session's rules for tool calls, in the seed's words. Its zero value denies every
// call: a tool not in AllowTools is denied.
//
// Every key naming a tool (in AllowTools, Requires, NeedsConfirm, Pins, PinnedTools, Arguments,
// Secrets.Skip) may use the tool's catalog key ("server/name" where the catalog has several
// servers) or the tool's own name. Entries that can only stop a call (Requires, NeedsConfirm,
// Pins, PinnedTools, Arguments) apply under either name, both where both are given, so the
// strictest holds. Entries that let a call through (AllowTools, Secrets.Skip) count under the
// tool's own name only when no other tool answers to that name: where two servers offer
// "read_file", only "files/read_file" admits the files server's.
type Policy struct {
	// Schema is the policy's "$schema", for editors; gatehouse does not read it.
	Schema     string              `json:"$schema,omitempty"`
	AllowTools []string            `json:"allow_tools,omitempty"`
	Grant      []string            `json:"grant,omitempty"`
	Requires   map[string][]string `json:"requires,omitempty"`
	// NeedsConfirm lists tools a person must confirm; Confirmed says one has.
	NeedsConfirm []string `json:"needs_confirm,omitempty"`
	Confirmed    bool     `json:"confirmed,omitempty"`
	// OnGrantMissing is "deny" (also when empty) or "ask".
	OnGrantMissing string `json:"on_grant_missing,omitempty"`
	// Pins maps a tool to the pin of its reviewed definition ([catalog.Pin]).
	Pins map[string]string `json:"pins,omitempty"`
	// PinnedTools maps a tool to its reviewed definition, so a changed tool can say which of its
	// fields changed. Where Pins has no entry for a tool, its pin is computed from this.
	PinnedTools map[string]map[string]any `json:"pinned_tools,omitempty"`
	// Arguments maps a tool, then an argument (a name, or a JSON Pointer into the arguments), to
	// the rule its value must hold.
	Arguments map[string]map[string]ArgumentRule `json:"arguments,omitempty"`
	// Secrets configures the secrets check, which is on for every tool by default.
	Secrets SecretsPolicy `json:"secrets,omitzero"`
	// Flows labels tools and tightens the calls that follow labelled results ([Flows]).
	Flows *Flows `json:"flows,omitempty"`
	// Results says, per tool or "*", what a tool's result may be (results.go); only the result
	// check reads it.
	Results map[string]ResultRule `json:"results,omitempty"`

	doc      *jsondoc.Document // the policy text, to place reasons at line:column
	invalid  bool              // the text had problems: every call is denied
	problems problem.Problems  // what they were, as evidence
	// pinnedPins holds the pin of each definition in PinnedTools ("" when it cannot be hashed),
	// computed once when the policy is read.
	pinnedPins map[string]string
	// allowIndex maps each allow_tools entry to its first index, so that a catalog of
	// thousands of tools is not looked up in a list of thousands, tool by tool.
	allowIndex map[string]int
	// boundRules holds each arguments entry's rules in argument order, made once when the
	// policy is read rather than sorted again for every call.
	boundRules map[string][]BoundRule
}

// Compile reads a policy text, checks it, and prepares it to decide many calls: argument rules
// with their hosts parsed and patterns compiled, the pins of the reviewed definitions computed.
// The policy is never nil. One whose text has problems allows nothing ([Policy.Invalid]), and the
// problems, each placed at its line and column, say why.
func Compile(text string) (*Policy, problem.Problems) {
	doc, probs := jsondoc.ParseString(problem.SourcePolicy, text)
	var pol *Policy
	if len(probs) == 0 {
		pol, probs = Parse(doc)
	}
	if len(probs) > 0 {
		return &Policy{invalid: true, problems: probs}, probs
	}
	pol.allowIndex = make(map[string]int, len(pol.AllowTools))
	for i := len(pol.AllowTools) - 1; i >= 0; i-- {
		pol.allowIndex[pol.AllowTools[i]] = i
	}
	pol.boundRules = make(map[string][]BoundRule, len(pol.Arguments))
	for name, entry := range pol.Arguments {
		pol.boundRules[name] = boundRulesOf(name, entry)
	}
	return pol, nil
}

// boundRulesOf is the rules of one arguments entry, in argument order.
func boundRulesOf(name string, entry map[string]ArgumentRule) []BoundRule {
	rules := make([]BoundRule, 0, len(entry))
	for _, arg := range slices.Sorted(maps.Keys(entry)) {
		rules = append(rules, BoundRule{Name: name, Argument: arg, Rule: entry[arg]})
	}
	return rules
}

// Invalid reports whether the policy's text had problems, so that it allows nothing.
func (p *Policy) Invalid() bool { return p.invalid }

// Problems are what was wrong with the policy's text.
func (p *Policy) Problems() problem.Problems { return p.problems }

// SecretsPolicy configures the secrets check on argument values.
type SecretsPolicy struct {
	// Skip lists tools whose arguments are not checked for secrets (a secrets manager's own tool).
	Skip []string `json:"skip,omitempty"`
}

// On-grant-missing values.
const (
	OnGrantMissingDeny = "deny"
	OnGrantMissingAsk  = "ask"
)

// Parse reads a policy from a parsed document. The document is validated against the
// published policy schema (an unknown key is an error, not ignored), then each rule is checked on
// its own: argument rules that cannot work, pins that are not "sha256:<64 hex digits>", a pinned
// definition that does not hash to its pin. Every problem is placed at its line and column. On
// any problem the policy is nil: a policy that says something other than what its author meant
// must not decide anything.
func Parse(doc *jsondoc.Document) (*Policy, problem.Problems) {
	if probs := PublishedSchema.Check(doc); len(probs) > 0 {
		return nil, probs
	}
	raw, err := json.Marshal(doc.Value)
	if err != nil {
		return nil, problem.Problems{doc.Problem(problem.KindRule, "", i18n.Sprintf("the policy cannot be read: %s", err.Error()))}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	pol := &Policy{doc: doc}
	if err := dec.Decode(pol); err != nil {
		return nil, problem.Problems{doc.Problem(problem.KindRule, "", i18n.Sprintf("the policy cannot be read: %s", err.Error()))}
	}
	probs := append(pol.check(doc), pol.Flows.check(doc)...)
	if len(probs) > 0 {
		return nil, probs
	}
	return pol, nil
}

// check finds what the schema cannot: rules that cannot work and pins that cannot match.
func (p *Policy) check(doc *jsondoc.Document) problem.Problems {
	var probs problem.Problems
	for _, tool := range slices.Sorted(maps.Keys(p.Arguments)) {
		for _, arg := range slices.Sorted(maps.Keys(p.Arguments[tool])) {
			at := jsondoc.JoinPointer("/arguments", tool, arg)
			if arg == "" {
				probs = append(probs, doc.Problem(problem.KindRule, at, i18n.Sprintf("tool %q: an argument name must not be empty", tool)))
				continue
			}
			for _, msg := range p.Arguments[tool][arg].Validate() {
				probs = append(probs, doc.Problem(problem.KindRule, at, i18n.Sprintf("rule for %s of tool %q: %s", arg, tool, msg)))
			}
		}
	}
	for _, tool := range slices.Sorted(maps.Keys(p.Pins)) {
		if pin := p.Pins[tool]; !catalog.IsPin(pin) {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("/pins", tool),
				i18n.Sprintf("the pin of %q must be \"sha256:\" and 64 lowercase hex digits, as gatehouse pin writes it; found %s", tool, untrusted.Quote(pin))))
		}
	}
	p.pinnedPins = make(map[string]string, len(p.PinnedTools))
	for _, tool := range slices.Sorted(maps.Keys(p.PinnedTools)) {
		got, err := catalog.Pin(p.PinnedTools[tool])
		p.pinnedPins[tool] = got
		if err != nil {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("/pinned_tools", tool), i18n.Sprintf("the pinned definition of %q cannot be hashed: %v", tool, err)))
			continue
		}
		if want, ok := p.Pins[tool]; ok && catalog.IsPin(want) && want != got {
			probs = append(probs, doc.Problem(problem.KindRule, jsondoc.JoinPointer("/pinned_tools", tool),
				i18n.Sprintf("the pinned definition of %q hashes to %s, not to its pin %s: one of the two is not what was reviewed", tool, got, want)))
		}
	}
	return probs
}

// ToolNames are the names a tool goes by in a policy: its catalog key and, in a multi-server
// catalog, its own name.
type ToolNames struct {
	// All holds every name, the key first. Entries that can only stop a call (requires,
	// needs_confirm, arguments, pins) apply under any of them, so the strictest holds: a rule
	// written for "read_file" binds every server's read_file, and one written for
	// "files/read_file" binds that one too.
	All []string
	// Exact holds the names that call this tool and no other. Entries that let a call through
	// (allow_tools, secrets.skip) count only under these, so "read_file" in allow_tools does not
	// admit a read_file that another server shadows.
	Exact []string
}

// Names are the names of a tool found in cat.
func Names(t *catalog.Tool, cat *catalog.Catalog) ToolNames {
	n := ToolNames{All: []string{t.Name}}
	if own := t.ToolName(); own != "" && own != t.Name {
		n.All = append(n.All, own)
	}
	for _, name := range n.All {
		if cat.NamesOnly(name, t) {
			n.Exact = append(n.Exact, name)
		}
	}
	return n
}

// AllowEntry finds the tool in allow_tools under one of its exact names.
func (p *Policy) AllowEntry(n ToolNames) (name string, index int, ok bool) {
	if p.allowIndex == nil {
		return firstListed(p.AllowTools, n.Exact)
	}
	for _, name := range n.Exact {
		if i, found := p.allowIndex[name]; found {
			return name, i, true
		}
	}
	return "", -1, false
}

// SkipsSecrets reports whether secrets.skip names the tool by one of its exact names.
func (p *Policy) SkipsSecrets(n ToolNames) bool {
	_, _, ok := firstListed(p.Secrets.Skip, n.Exact)
	return ok
}

// ConfirmEntry finds the tool in needs_confirm under any of its names.
func (p *Policy) ConfirmEntry(n ToolNames) (name string, index int, ok bool) {
	return firstListed(p.NeedsConfirm, n.All)
}

// Required returns every capability requires lists for the tool under any of its names, once
// each, in the order the entries list them.
func (p *Policy) Required(n ToolNames) []string {
	caps := []string{}
	for _, name := range n.All {
		for _, c := range p.Requires[name] {
			if !slices.Contains(caps, c) {
				caps = append(caps, c)
			}
		}
	}
	return caps
}

// RequiredAt returns the pointer of the requires entry that lists capability c for the tool.
func (p *Policy) RequiredAt(n ToolNames, c string) string {
	for _, name := range n.All {
		if i := slices.Index(p.Requires[name], c); i >= 0 {
			return jsondoc.JoinPointer("/requires", name, strconv.Itoa(i))
		}
	}
	return "/requires"
}

// A BoundRule is one argument rule that applies to a tool, with the policy entry it comes from.
type BoundRule struct {
	Name     string // the tool's name the entry is under
	Argument string // the argument name or JSON Pointer, as the policy writes it
	Rule     ArgumentRule
}

// ArgumentRules returns the argument rules of every entry naming the tool, in name order, then
// argument order.
// The list is the caller's to read, not to change: a tool under one name gets the policy's own.
func (p *Policy) ArgumentRules(n ToolNames) []BoundRule {
	entryOf := func(name string) []BoundRule {
		if rules, ok := p.boundRules[name]; ok || p.boundRules != nil {
			return rules
		}
		return boundRulesOf(name, p.Arguments[name]) // a policy not made by Compile
	}
	if len(n.All) == 1 {
		return slices.Clip(entryOf(n.All[0]))
	}
	var rules []BoundRule
	for _, name := range n.All {
		rules = append(rules, entryOf(name)...)
	}
	return rules
}

// A PinEntry is a pin the tool must match: from pins, or computed from pinned_tools.
// A PinEntry is a pin the tool must match: from pins, or computed from pinned_tools.
type PinEntry struct {
	Name   string // the tool's name the entry is under
	Pin    string // "" when a pinned definition cannot be hashed: nothing matches it
	InPins bool   // from pins; else from pinned_tools
}

// PinEntries returns every pin the tool must match, under any of its names.
func (p *Policy) PinEntries(n ToolNames) []PinEntry {
	var pins []PinEntry
	for _, name := range n.All {
		if pin, ok := p.Pins[name]; ok {
			pins = append(pins, PinEntry{Name: name, Pin: pin, InPins: true})
		} else if _, ok := p.PinnedTools[name]; ok {
			pin, computed := p.pinnedPins[name]
			if !computed { // a policy built in Go, not read
				pin, _ = catalog.Pin(p.PinnedTools[name])
			}
			pins = append(pins, PinEntry{Name: name, Pin: pin})
		}
	}
	return pins
}

// firstListed finds the first of names in list, returning the name and its index there.
func firstListed(list, names []string) (string, int, bool) {
	for _, name := range names {
		if i := slices.Index(list, name); i >= 0 {
			return name, i, true
		}
	}
	return "", -1, false
}

// Place builds a problem about the policy value at pointer, at its line and column when the
// policy came from a text.
func (p *Policy) Place(pointer, msg string) problem.Problem {
	if p.doc == nil {
		return problem.Problem{Source: problem.SourcePolicy, Kind: problem.KindRule, Message: msg, InstanceLocation: pointer, Offset: -1}
	}
	pr := p.doc.Problem(problem.KindRule, pointer, msg)
	pr.Source = problem.SourcePolicy
	return pr
}

// GrantMissing returns the Required capabilities the grant does not hold, in the order Required
// lists them.
func GrantMissing(Required, grant []string) []string {
	missing := []string{}
	for _, c := range Required {
		if !slices.Contains(grant, c) && !slices.Contains(missing, c) {
			missing = append(missing, c)
		}
	}
	return missing
}
