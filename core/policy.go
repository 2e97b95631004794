package core

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:embed schemas/policy.schema.json
var policySchemaText []byte

// PolicySchema returns the published JSON Schema of the policy (core/schemas/policy.schema.json).
func PolicySchema() []byte { return bytes.Clone(policySchemaText) }

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
	// Pins maps a tool to the pin of its reviewed definition ([Pin]).
	Pins map[string]string `json:"pins,omitempty"`
	// PinnedTools maps a tool to its reviewed definition, so a changed tool can say which of its
	// fields changed. Where Pins has no entry for a tool, its pin is computed from this.
	PinnedTools map[string]map[string]any `json:"pinned_tools,omitempty"`
	// Arguments maps a tool, then an argument (a name, or a JSON Pointer into the arguments), to
	// the rule its value must hold.
	Arguments map[string]map[string]ArgumentRule `json:"arguments,omitempty"`
	// Secrets configures the secrets check, which is on for every tool by default.
	Secrets SecretsPolicy `json:"secrets,omitzero"`

	doc      *Document // the policy text, to place reasons at line:column
	invalid  bool      // the text had problems: every call is denied
	problems Problems  // what they were, as evidence
}

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

var policySchema = sync.OnceValues(func() (*Schema, Problems) {
	doc, probs := ParseDocument(SourceSchema, policySchemaText)
	if len(probs) > 0 {
		return nil, probs
	}
	return CompileSchema(doc, "2020-12", nil)
})

var policyPinPattern = lazyRE(`^sha256:[0-9a-f]{64}$`)

// ParsePolicy reads a policy from a parsed document. The document is validated against the
// published policy schema (an unknown key is an error, not ignored), then each rule is checked on
// its own: argument rules that cannot work, pins that are not "sha256:<64 hex digits>", a pinned
// definition that does not hash to its pin. Every problem is placed at its line and column. On
// any problem the policy is nil: a policy that says something other than what its author meant
// must not decide anything.
func ParsePolicy(doc *Document) (*Policy, Problems) {
	sch, probs := policySchema()
	if len(probs) > 0 {
		return nil, probs // the embedded schema is broken: a build problem, reported rather than panicking
	}
	if probs := sch.Check(doc, ""); len(probs) > 0 {
		for i := range probs {
			if at := probs[i].InstanceLocation; at != "" {
				probs[i].Message = fmt.Sprintf("policy at %s: %s", at, probs[i].Message)
			} else {
				probs[i].Message = "policy: " + probs[i].Message
			}
		}
		return nil, probs
	}
	raw, err := json.Marshal(doc.Value)
	if err != nil {
		return nil, Problems{doc.Problem(KindRule, "", "the policy cannot be read: "+err.Error())}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	pol := &Policy{doc: doc}
	if err := dec.Decode(pol); err != nil {
		return nil, Problems{doc.Problem(KindRule, "", "the policy cannot be read: "+err.Error())}
	}
	probs = pol.check(doc)
	if len(probs) > 0 {
		return nil, probs
	}
	return pol, nil
}

// check finds what the schema cannot: rules that cannot work and pins that cannot match.
func (p *Policy) check(doc *Document) Problems {
	var probs Problems
	for _, tool := range sortedKeys(p.Arguments) {
		for _, arg := range sortedKeys(p.Arguments[tool]) {
			at := JoinPointer("/arguments", tool, arg)
			if arg == "" {
				probs = append(probs, doc.Problem(KindRule, at, fmt.Sprintf("tool %q: an argument name must not be empty", tool)))
				continue
			}
			for _, msg := range p.Arguments[tool][arg].Validate() {
				probs = append(probs, doc.Problem(KindRule, at, fmt.Sprintf("rule for %s of tool %q: %s", arg, tool, msg)))
			}
		}
	}
	for _, tool := range sortedKeys(p.Pins) {
		if pin := p.Pins[tool]; !policyPinPattern.MatchString(pin) {
			probs = append(probs, doc.Problem(KindRule, JoinPointer("/pins", tool),
				fmt.Sprintf("the pin of %q must be \"sha256:\" and 64 lowercase hex digits, as gatehouse pin writes it; found %s", tool, quoteShort(pin))))
		}
	}
	for _, tool := range sortedKeys(p.PinnedTools) {
		got, err := Pin(p.PinnedTools[tool])
		if err != nil {
			probs = append(probs, doc.Problem(KindRule, JoinPointer("/pinned_tools", tool), fmt.Sprintf("the pinned definition of %q cannot be hashed: %v", tool, err)))
			continue
		}
		if want, ok := p.Pins[tool]; ok && policyPinPattern.MatchString(want) && want != got {
			probs = append(probs, doc.Problem(KindRule, JoinPointer("/pinned_tools", tool),
				fmt.Sprintf("the pinned definition of %q hashes to %s, not to its pin %s: one of the two is not what was reviewed", tool, got, want)))
		}
	}
	return probs
}

// toolNames are the names a tool goes by in a policy: its catalog key and, in a multi-server
// catalog, its own name.
type toolNames struct {
	// all holds every name, the key first. Entries that can only stop a call (requires,
	// needs_confirm, arguments, pins) apply under any of them, so the strictest holds: a rule
	// written for "read_file" binds every server's read_file, and one written for
	// "files/read_file" binds that one too.
	all []string
	// exact holds the names that call this tool and no other. Entries that let a call through
	// (allow_tools, secrets.skip) count only under these, so "read_file" in allow_tools does not
	// admit a read_file that another server shadows.
	exact []string
}

// namesOf are the names of a tool found in cat.
func namesOf(t *Tool, cat *Catalog) toolNames {
	n := toolNames{all: []string{t.Name}}
	if own := t.ToolName(); own != "" && own != t.Name {
		n.all = append(n.all, own)
	}
	for _, name := range n.all {
		if cat.namesOnly(name, t) {
			n.exact = append(n.exact, name)
		}
	}
	return n
}

// allowEntry finds the tool in allow_tools under one of its exact names.
func (p *Policy) allowEntry(n toolNames) (name string, index int, ok bool) {
	return firstListed(p.AllowTools, n.exact)
}

// skipsSecrets reports whether secrets.skip names the tool by one of its exact names.
func (p *Policy) skipsSecrets(n toolNames) bool {
	_, _, ok := firstListed(p.Secrets.Skip, n.exact)
	return ok
}

// confirmEntry finds the tool in needs_confirm under any of its names.
func (p *Policy) confirmEntry(n toolNames) (name string, index int, ok bool) {
	return firstListed(p.NeedsConfirm, n.all)
}

// required returns every capability requires lists for the tool under any of its names, once
// each, in the order the entries list them.
func (p *Policy) required(n toolNames) []string {
	caps := []string{}
	for _, name := range n.all {
		for _, c := range p.Requires[name] {
			if !slices.Contains(caps, c) {
				caps = append(caps, c)
			}
		}
	}
	return caps
}

// requiredAt returns the pointer of the requires entry that lists capability c for the tool.
func (p *Policy) requiredAt(n toolNames, c string) string {
	for _, name := range n.all {
		if i := slices.Index(p.Requires[name], c); i >= 0 {
			return JoinPointer("/requires", name, strconv.Itoa(i))
		}
	}
	return "/requires"
}

// A boundRule is one argument rule that applies to a tool, with the policy entry it comes from.
type boundRule struct {
	name     string // the tool's name the entry is under
	argument string // the argument name or JSON Pointer, as the policy writes it
	rule     ArgumentRule
}

// argumentRules returns the argument rules of every entry naming the tool, in name order, then
// argument order.
func (p *Policy) argumentRules(n toolNames) []boundRule {
	var rules []boundRule
	for _, name := range n.all {
		entry := p.Arguments[name]
		for _, arg := range sortedKeys(entry) {
			rules = append(rules, boundRule{name: name, argument: arg, rule: entry[arg]})
		}
	}
	return rules
}

// A pinEntry is a pin the tool must match: from pins, or computed from pinned_tools.
type pinEntry struct {
	name   string // the tool's name the entry is under
	pin    string // "" when a pinned definition cannot be hashed: nothing matches it
	inPins bool   // from pins; else from pinned_tools
}

// pinEntries returns every pin the tool must match, under any of its names.
func (p *Policy) pinEntries(n toolNames) []pinEntry {
	var pins []pinEntry
	for _, name := range n.all {
		if pin, ok := p.Pins[name]; ok {
			pins = append(pins, pinEntry{name: name, pin: pin, inPins: true})
		} else if def, ok := p.PinnedTools[name]; ok {
			pin, _ := Pin(def)
			pins = append(pins, pinEntry{name: name, pin: pin})
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

// place builds a problem about the policy value at pointer, at its line and column when the
// policy came from a text.
func (p *Policy) place(pointer, msg string) Problem {
	if p.doc == nil {
		return Problem{Source: SourcePolicy, Kind: KindRule, Message: msg, InstanceLocation: pointer, Offset: -1}
	}
	pr := p.doc.Problem(KindRule, pointer, msg)
	pr.Source = SourcePolicy
	return pr
}

// grantMissing returns the required capabilities the grant does not hold, in the order required
// lists them.
func grantMissing(required, grant []string) []string {
	missing := []string{}
	for _, c := range required {
		if !slices.Contains(grant, c) && !slices.Contains(missing, c) {
			missing = append(missing, c)
		}
	}
	return missing
}

// quotedList shows capabilities or tool names as ["a", "b"] for messages.
func quotedList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = quoteShort(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
