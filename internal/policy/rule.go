package policy

// Argument rules: the policy's per-argument constraints ("arguments": {tool: {argName: rule}}).
//
// A tool call can be well-formed for its schema and still ask for the wrong thing: a URL on a host
// nobody approved, a path that climbs out of the workspace. The rules here judge one argument value
// each. They are written to fail closed: when a value can be read in more than one way (a URL that
// parsers disagree on, a path that may or may not be percent-decoded by the tool), every reading must
// pass, and a rule that is itself malformed refuses everything.

import (
	"bytes"
	"encoding/json"
	"regexp"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// ArgumentRule is one entry of policy "arguments": {tool: {argName: ArgumentRule}}.
// Every field that is set must hold; fields left out do not constrain the value.
type ArgumentRule struct {
	// Hosts lists the hosts a URL argument may name: exact ("api.example.com"), wildcard
	// ("*.example.com": subdomains only, not the apex), IP literals ("192.0.2.1", "[2001:db8::1]"),
	// each optionally with a port ("api.example.com:8443"), which then must match.
	Hosts []string `json:"hosts,omitempty"`
	// Schemes lists the URL schemes allowed when Hosts is set; default ["https", "http"].
	Schemes []string `json:"schemes,omitempty"`
	// Workspace is an absolute directory a path argument must stay inside. A path that starts
	// like a URL ("file:", "https:", any scheme of two or more characters) is refused, except a
	// file: URL naming a local absolute path inside the workspace (file:///srv/work/a,
	// file://localhost/srv/work/a, file:/srv/work/a); a path that reads as invalid UTF-8 once
	// percent-decoded is refused too.
	Workspace string `json:"workspace,omitempty"`
	// Enum lists the values the argument may take, compared as JSON values (numbers exactly).
	Enum []any `json:"enum,omitempty"`
	// Pattern is an RE2 expression the string must contain a match for (like JSON Schema's
	// "pattern", it is not anchored: write ^…$ to match the whole value).
	Pattern string `json:"pattern,omitempty"`
	// MaxLength is the longest the string may be, in Unicode code points.
	MaxLength *int `json:"max_length,omitempty"`

	// workspaceEmpty and patternEmpty record a "workspace" or "pattern" written as "": without
	// them an empty string would read as a field left out, and the rule would silently check
	// less than its author wrote.
	workspaceEmpty, patternEmpty bool

	// The rule prepared once, when the policy is read, for every call it judges: the hosts
	// entries parsed and the pattern compiled (nil when it does not compile).
	prepared bool
	hosts    []hostEntry
	pattern  *regexp.Regexp
}

// prepare parses what the rule's checks need. A rule read from a policy is prepared as it is
// read; one built in Go is prepared on its first check.
func (r *ArgumentRule) prepare() {
	if r.prepared {
		return
	}
	r.prepared = true
	r.hosts = make([]hostEntry, len(r.Hosts))
	for i, raw := range r.Hosts {
		r.hosts[i] = parseHostEntry(raw)
	}
	if r.Pattern != "" {
		r.pattern, _ = regexp.Compile(r.Pattern)
	}
}

// UnmarshalJSON reads a rule from the policy's JSON. It differs from the default decoding so that
// the Go reading agrees with the policy schema: "max_length" may be written as any JSON number
// with a whole value (JSON Schema's "integer" admits 5.0 and 5e0), and a "workspace" or "pattern"
// written as "" is kept as written, for [ArgumentRule.Validate] to report. Unknown members are
// refused, and numbers in "enum" keep every digit.
func (r *ArgumentRule) UnmarshalJSON(data []byte) error {
	var wire struct {
		Hosts     []string     `json:"hosts"`
		Schemes   []string     `json:"schemes"`
		Workspace *string      `json:"workspace"`
		Enum      []any        `json:"enum"`
		Pattern   *string      `json:"pattern"`
		MaxLength *json.Number `json:"max_length"`
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&wire); err != nil {
		return err
	}
	rule := ArgumentRule{Hosts: wire.Hosts, Schemes: wire.Schemes, Enum: wire.Enum}
	if wire.Workspace != nil {
		rule.Workspace, rule.workspaceEmpty = *wire.Workspace, *wire.Workspace == ""
	}
	if wire.Pattern != nil {
		rule.Pattern, rule.patternEmpty = *wire.Pattern, *wire.Pattern == ""
	}
	if wire.MaxLength != nil {
		limit, err := wholeNumber(string(*wire.MaxLength))
		if err != nil {
			return i18n.Errorf("max_length %s", err)
		}
		rule.MaxLength = &limit
	}
	rule.prepare()
	*r = rule
	return nil
}

// wholeNumber reads a JSON number whose value is a whole number, in any of its spellings: 5, 5.0,
// 5e0, 0.5e1.
func wholeNumber(text string) (int, error) {
	number, ok := jsondoc.ParseNumber(text)
	if !ok {
		return 0, i18n.Errorf("must be a number, found %s", untrusted.Shorten(text, 40))
	}
	v, whole, fits := number.Int()
	switch {
	case !whole:
		return 0, i18n.Errorf("must be a whole number, found %s", untrusted.Shorten(text, 40))
	case !fits:
		return 0, i18n.Errorf("is too large: %s", untrusted.Shorten(text, 40))
	}
	return v, nil
}

// Violation is one argument rule that does not hold. It appears in a decision's "violations".
type Violation struct {
	Argument string `json:"argument"` // JSON Pointer into the arguments, e.g. "/url"
	Rule     string `json:"rule"`     // "hosts", "schemes", "workspace", "enum", "pattern", "max_length", "secret"
	Message  string `json:"message"`  // plain English: what was found and what was expected; never a secret
}

// Rule names used in [Violation.Rule].
const (
	ruleHosts     = "hosts"
	ruleSchemes   = "schemes"
	ruleWorkspace = "workspace"
	ruleEnum      = "enum"
	rulePattern   = "pattern"
	ruleMaxLength = "max_length"
)

// Check applies the rule to the argument value found at pointer. The value is a decoded JSON value
// (map[string]any, []any, json.Number, string, bool or nil; float64 and Go integers are accepted too).
//
// Check is for arguments that are present: the caller skips an argument the call leaves out, since
// whether it is Required is the schema's business, not the rule's. A present value of the wrong type
// for the rule (a number where a URL is expected, JSON null where a path is expected) is a violation.
// Violations come in a fixed order: hosts and schemes, workspace, enum, pattern, max_length.
func (r ArgumentRule) Check(pointer string, value any) []Violation {
	r.prepare()
	var found []Violation
	if r.Hosts != nil {
		found = append(found, r.checkHosts(pointer, value)...)
	}
	if r.Workspace != "" || r.workspaceEmpty {
		found = append(found, r.checkWorkspace(pointer, value)...)
	}
	if r.Enum != nil {
		found = append(found, r.checkEnum(pointer, value)...)
	}
	if r.Pattern != "" || r.patternEmpty {
		found = append(found, r.checkPattern(pointer, value)...)
	}
	if r.MaxLength != nil {
		found = append(found, r.checkMaxLength(pointer, value)...)
	}
	return found
}

// Validate reports what is wrong with the rule itself, one plain-English message per problem, so the
// policy loader can turn them into problems. A rule with problems still works in Check, refusing
// whatever its broken part would have judged.
func (r ArgumentRule) Validate() []string {
	r.prepare()
	var problems []string
	hasWorkspace, hasPattern := r.Workspace != "" || r.workspaceEmpty, r.Pattern != "" || r.patternEmpty
	if r.Hosts == nil && !hasWorkspace && r.Enum == nil && !hasPattern && r.MaxLength == nil {
		problems = append(problems, i18n.T("the rule checks nothing: set hosts, workspace, enum, pattern or max_length"))
	}
	for i, entry := range r.hosts {
		if entry.problem != "" {
			problems = append(problems, i18n.Sprintf("hosts[%d] %s %s", i, untrusted.Quote(r.Hosts[i]), entry.problem))
		}
	}
	if r.Schemes != nil && r.Hosts == nil {
		problems = append(problems, i18n.T("schemes only applies together with hosts"))
	}
	for i, scheme := range r.Schemes {
		if !schemeSyntax.MatchString(scheme) {
			problems = append(problems, i18n.Sprintf("schemes[%d] %s is not a URL scheme (letters, digits, +, - and . starting with a letter)", i, untrusted.Quote(scheme)))
		}
	}
	if hasWorkspace {
		if problem := workspaceProblem(r.Workspace); problem != "" {
			problems = append(problems, i18n.Sprintf("workspace %s %s", untrusted.Quote(r.Workspace), problem))
		}
	}
	if r.Enum != nil && len(r.Enum) == 0 {
		problems = append(problems, i18n.T("enum is empty, so no value can pass"))
	}
	if r.patternEmpty {
		problems = append(problems, `pattern is empty: it would match every value; write an RE2 expression, or leave "pattern" out`)
	} else if hasPattern {
		if _, err := regexp.Compile(r.Pattern); err != nil { // compiled again only to say why
			problems = append(problems, i18n.Sprintf("pattern does not compile as RE2: %s", untrusted.Shorten(err.Error(), 200)))
		}
	}
	if r.MaxLength != nil && *r.MaxLength < 0 {
		problems = append(problems, i18n.Sprintf("max_length is %d; it must be 0 or more", *r.MaxLength))
	}
	return problems
}
