// Package lint looks at every string of every tool of a catalog — names, descriptions, parameter
// names and descriptions, enum values, defaults, examples, since the model reads them all — for
// what a poisoned tool carries: instructions aimed at the model, hidden characters, requests for
// secrets and sensitive paths, steering of other tools, parameters shaped to carry data out, loose
// schemas, and annotations that contradict the tool. Rules are deterministic and offline; a
// finding's severity says how urgently a reviewer should look ([Severity]).
package lint

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// A Severity says how urgently a reviewer should look at a [Finding] (and, in a catalog diff,
// at a changed tool's risk): high, medium or low.
type Severity string

// Severities, from the most to the least urgent.
const (
	SeverityHigh   Severity = "high"
	SeverityMedium Severity = "medium"
	SeverityLow    Severity = "low"
)

// Severities lists every severity, from the most to the least urgent.
var Severities = []Severity{SeverityHigh, SeverityMedium, SeverityLow}

// A Finding is one thing in a catalog that a reviewer should look at before trusting a tool.
type Finding struct {
	Rule     string   `json:"rule"`     // the rule's name, one of [Rules]
	Severity Severity `json:"severity"` // high | medium | low
	Tool     string   `json:"tool"`     // the tool's key in the catalog
	// Pointer is the JSON Pointer of the value the finding is about, in the catalog text.
	Pointer string `json:"pointer"`
	Message string `json:"message"`
	// Evidence is the text that tripped the rule, with hidden characters written visibly
	// ("U+200B") so that what the model reads is what the reviewer sees.
	Evidence string `json:"evidence"`
	// Line and Column place the evidence itself (inside a long description, not just at its
	// start) in the catalog text; zero when unknown.
	Line   int `json:"line"`
	Column int `json:"column"`

	// at is the byte offset of the evidence inside the decoded string at Pointer, or -1 when the
	// finding is about the value as a whole.
	at int
}

// A Rule names one check of [Catalog].
type Rule struct {
	Name     string   `json:"name"`
	Severity Severity `json:"severity"` // the highest severity the rule gives
	Summary  string   `json:"summary"`
}

// Catalog checks every tool of a catalog with the rules in [Rules] and returns the
// findings in catalog order. Every string of a tool is read — name, title, description,
// property names and descriptions, enum values, defaults, examples — since the model reads
// them all. The rules are deterministic and offline. doc, when not nil, is the text the
// catalog was parsed from: findings are then placed at their line and column.
func Catalog(c *catalog.Catalog, doc *jsondoc.Document) []Finding {
	findings := []Finding{}
	if c == nil {
		return findings
	}
	l := newLinter(c)
	for i := range c.Tools {
		findings = append(findings, l.tool(&c.Tools[i])...)
	}
	placeFindings(findings, doc)
	return findings
}

// Tools lints some of a catalog's tools (the rules still see the whole catalog), without
// placing the findings.
func Tools(c *catalog.Catalog, tools []*catalog.Tool) []Finding {
	findings := []Finding{}
	if len(tools) == 0 {
		return findings
	}
	l := newLinter(c)
	for _, t := range tools {
		findings = append(findings, l.tool(t)...)
	}
	return findings
}

// placeFindings sets Line and Column from the text.
func placeFindings(findings []Finding, doc *jsondoc.Document) {
	if doc == nil || len(findings) == 0 {
		return
	}
	for i := range findings {
		f := &findings[i]
		off, ok := doc.Locate(f.Pointer)
		if !ok {
			continue
		}
		if f.at > 0 && off < len(doc.Text) && doc.Text[off] == '"' {
			if rel, ok := jsondoc.RawOffset(doc.Text[off:], f.at); ok {
				off += rel
			}
		}
		f.Line, f.Column = doc.Position(off)
	}
}

// A linter holds what the rules need to know about the whole catalog.
type linter struct {
	c *catalog.Catalog
	// toolsByName maps each tool's own name to the servers offering it ("" for a one-server
	// catalog), for the shadowing rule.
	toolsByName map[string][]string
	servers     map[string]bool
	words       foundWords   // the phrase filter's answer for the string being checked, reused
	strings     stringWalker // reused from tool to tool, with its buffers
}

func newLinter(c *catalog.Catalog) *linter {
	l := &linter{c: c, toolsByName: make(map[string][]string, len(c.Tools)), servers: map[string]bool{}}
	for i := range c.Tools {
		t := &c.Tools[i]
		n := t.ToolName()
		l.toolsByName[n] = append(l.toolsByName[n], t.Server)
	}
	for _, s := range c.Servers {
		l.servers[s] = true
	}
	return l
}

// toolFindings collects one tool's findings, one per rule and pointer.
type toolFindings struct {
	tool   *catalog.Tool
	list   []Finding
	seen   map[string]int  // rule and pointer → index in list
	props  []property      // the tool's parameters, read on first use
	params map[string]bool // their names
}

func (tf *toolFindings) add(rule string, severity Severity, pointer string, at int, msg, evidence string) {
	key := rule + "\x00" + pointer
	f := Finding{Rule: rule, Severity: severity, Tool: tf.tool.Name, Pointer: pointer, Message: msg, Evidence: evidence, at: at}
	if i, ok := tf.seen[key]; ok {
		// One finding per rule and string: keep the most severe.
		if severity.Above(tf.list[i].Severity) {
			tf.list[i] = f
		}
		return
	}
	if tf.seen == nil {
		tf.seen = map[string]int{}
	}
	tf.seen[key] = len(tf.list)
	tf.list = append(tf.list, f)
}

// Rank orders severities so that two can be compared: low 0, medium 1, high 2. ok is false for
// a word that is not a severity.
func (s Severity) Rank() (rank int, ok bool) {
	switch s {
	case SeverityLow:
		return 0, true
	case SeverityMedium:
		return 1, true
	case SeverityHigh:
		return 2, true
	}
	return 0, false
}

// Above reports whether s is more urgent than t.
func (s Severity) Above(t Severity) bool {
	rs, _ := s.Rank()
	rt, _ := t.Rank()
	return rs > rt
}

// AtLeast reports whether s is as urgent as t or more.
func (s Severity) AtLeast(t Severity) bool {
	rs, _ := s.Rank()
	rt, _ := t.Rank()
	return rs >= rt
}

func (l *linter) tool(t *catalog.Tool) []Finding {
	tf := &toolFindings{tool: t}
	l.strings.base = t.Pointer
	l.strings.fn = func(s textSite) { l.checkString(tf, s) }
	l.strings.walk(t.Def)
	l.checkNames(tf)
	l.checkParameters(tf)
	l.checkSchema(tf)
	l.checkAnnotations(tf)
	sort.SliceStable(tf.list, func(i, j int) bool { return tf.list[i].Pointer < tf.list[j].Pointer })
	return tf.list
}

// A textSite is one string in a tool: a value, or a member name (isKey).
type textSite struct {
	text  string
	isKey bool
	// key is the member name the value sits under ("description", "default", "enum"'s parent…),
	// or "" for array elements; parent is the one above it.
	key, parent string
	// base and tokens make the site's JSON Pointer, written out only when a finding needs it
	// (most strings have none). tokens is only valid during the callback.
	base   string
	tokens []string
}

func (s textSite) pointer() string { return jsondoc.JoinPointer(s.base, s.tokens...) }

// A stringWalker calls fn for every string value and member name under the value it walks,
// depth first, members in sorted order so findings come out the same every time.
type stringWalker struct {
	base   string
	tokens []string // the path to the current value; the last two name its key and parent
	keys   []bool   // whether each token is a member name (not an array index)
	// sorted holds the sorted member names of the objects being walked, one run per level,
	// so that sorting them allocates nothing once the walk is under way.
	sorted []string
	fn     func(textSite)
}

func (w *stringWalker) site(text string, isKey bool) textSite {
	s := textSite{text: text, isKey: isKey, base: w.base, tokens: w.tokens}
	n := len(w.tokens)
	if isKey {
		// A member name sits under the member that holds its object.
		if n >= 2 && w.keys[n-2] {
			s.key = w.tokens[n-2]
		}
		return s
	}
	if n >= 1 && w.keys[n-1] {
		s.key = w.tokens[n-1]
	}
	if n >= 2 && w.keys[n-2] {
		s.parent = w.tokens[n-2]
	}
	return s
}

func (w *stringWalker) walk(v any) {
	switch x := v.(type) {
	case string:
		w.fn(w.site(x, false))
	case map[string]any:
		from := len(w.sorted)
		for k := range x {
			w.sorted = append(w.sorted, k)
		}
		slices.Sort(w.sorted[from:])
		for i := from; i < from+len(x); i++ {
			k := w.sorted[i]
			w.tokens, w.keys = append(w.tokens, k), append(w.keys, true)
			w.fn(w.site(k, true))
			w.walk(x[k])
			w.tokens, w.keys = w.tokens[:len(w.tokens)-1], w.keys[:len(w.keys)-1]
		}
		w.sorted = w.sorted[:from]
	case []any:
		for i, e := range x {
			w.tokens, w.keys = append(w.tokens, strconv.Itoa(i)), append(w.keys, false)
			w.walk(e)
			w.tokens, w.keys = w.tokens[:len(w.tokens)-1], w.keys[:len(w.keys)-1]
		}
	}
}

// Text parses a catalog text and returns its findings and the problems that kept any tool from
// being read.
func Text(catalogText string) ([]Finding, problem.Problems) {
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, catalogText)
	if doc == nil {
		return []Finding{}, probs
	}
	c, probs := catalog.Parse(doc)
	if c == nil {
		return []Finding{}, probs
	}
	return Catalog(c, doc), probs
}

// ParseSeverity reads a severity as the CLI's --fail-on and a team's configuration write it.
func ParseSeverity(s string) (Severity, error) {
	if _, ok := Severity(s).Rank(); ok {
		return Severity(s), nil
	}
	return "", fmt.Errorf("unknown severity %q: use high, medium, low", s)
}

// CountAtOrAbove counts the findings as urgent as threshold or more.
func CountAtOrAbove(findings []Finding, threshold Severity) int {
	n := 0
	for _, f := range findings {
		if f.Severity.AtLeast(threshold) {
			n++
		}
	}
	return n
}
