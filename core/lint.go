package core

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Severities of a [Finding], from the most to the least urgent.
const (
	SeverityHigh   = "high"
	SeverityMedium = "medium"
	SeverityLow    = "low"
)

// A Finding is one thing in a catalog that a reviewer should look at before trusting a tool.
type Finding struct {
	Rule     string `json:"rule"`     // the rule's name, one of [LintRules]
	Severity string `json:"severity"` // high | medium | low
	Tool     string `json:"tool"`     // the tool's key in the catalog
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

// A LintRule names one check of [LintCatalog].
type LintRule struct {
	Name     string `json:"name"`
	Severity string `json:"severity"` // the highest severity the rule gives
	Summary  string `json:"summary"`
}

// LintRequest is the input of [Lint]: a catalog text exactly as pasted.
type LintRequest struct {
	Catalog string `json:"catalog"`
}

// LintResult is the answer of [Lint].
type LintResult struct {
	Findings []Finding `json:"findings"`
	Problems Problems  `json:"problems"`
}

// Lint parses a catalog and returns its findings (see [LintCatalog]).
func Lint(req LintRequest) LintResult {
	res := LintResult{Findings: []Finding{}, Problems: Problems{}}
	doc, probs := ParseText(SourceCatalog, req.Catalog)
	res.Problems = append(res.Problems, probs...)
	if doc == nil {
		return res
	}
	c, probs := ParseCatalog(doc)
	res.Problems = append(res.Problems, probs...)
	if c == nil {
		return res
	}
	res.Findings = LintCatalog(c, doc)
	return res
}

// LintCatalog checks every tool of a catalog with the rules in [LintRules] and returns the
// findings in catalog order. Every string of a tool is read — name, title, description,
// property names and descriptions, enum values, defaults, examples — since the model reads
// them all. The rules are deterministic and offline. doc, when not nil, is the text the
// catalog was parsed from: findings are then placed at their line and column.
func LintCatalog(c *Catalog, doc *Document) []Finding {
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

// lintTools lints some of a catalog's tools (the rules still see the whole catalog), without
// placing the findings.
func lintTools(c *Catalog, tools []*Tool) []Finding {
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

// placeFindings sets Line and Column from the text, locating every pointer in one pass.
func placeFindings(findings []Finding, doc *Document) {
	if doc == nil || len(findings) == 0 {
		return
	}
	ix := newPointerIndex(doc)
	for i := range findings {
		ix.Want(findings[i].Pointer)
	}
	for i := range findings {
		f := &findings[i]
		off, ok := ix.Offset(f.Pointer)
		if !ok {
			continue
		}
		if f.at > 0 && off < len(doc.Text) && doc.Text[off] == '"' {
			off = stringByteOffset(doc.Text, off, f.at)
		}
		f.Line, f.Column = doc.Position(off)
	}
}

// stringByteOffset maps a byte offset inside a decoded JSON string to the offset of the same
// character in the raw text, whose string starts (at its quote) at start. Escapes such as
// \u200b take six raw bytes for three decoded ones, so the two offsets drift apart.
func stringByteOffset(text []byte, start, decoded int) int {
	i, n := start+1, 0
	for i < len(text) && n < decoded {
		switch c := text[i]; {
		case c == '"':
			return i
		case c == '\\' && i+1 < len(text):
			if text[i+1] != 'u' {
				i, n = i+2, n+1
				continue
			}
			r := hex4(text[i+2:])
			if r >= 0xD800 && r < 0xDC00 && i+11 < len(text) && text[i+6] == '\\' && text[i+7] == 'u' {
				if lo := hex4(text[i+8:]); lo >= 0xDC00 && lo < 0xE000 {
					i, n = i+12, n+4
					continue
				}
			}
			size := utf8.RuneLen(rune(r))
			if size < 0 || (r >= 0xD800 && r < 0xE000) {
				size = 3 // a lone surrogate decodes to U+FFFD
			}
			i, n = i+6, n+size
		default:
			i, n = i+1, n+1
		}
	}
	if i > len(text) {
		return len(text)
	}
	return i
}

// hex4 reads the four hex digits a \u escape starts text with, or -1.
func hex4(text []byte) int {
	if len(text) < 4 {
		return -1
	}
	v := 0
	for _, c := range text[:4] {
		if !isHex(c) {
			return -1
		}
		v = v<<4 | int(unhex(c))
	}
	return v
}

// A linter holds what the rules need to know about the whole catalog.
type linter struct {
	c *Catalog
	// toolsByName maps each tool's own name to the servers offering it ("" for a one-server
	// catalog), for the shadowing rule.
	toolsByName map[string][]string
	servers     map[string]bool
	words       foundWords   // the phrase filter's answer for the string being checked, reused
	strings     stringWalker // reused from tool to tool, with its buffers
}

func newLinter(c *Catalog) *linter {
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
	tool   *Tool
	list   []Finding
	seen   map[string]int  // rule and pointer → index in list
	props  []property      // the tool's parameters, read on first use
	params map[string]bool // their names
}

func (tf *toolFindings) add(rule, severity, pointer string, at int, msg, evidence string) {
	key := rule + "\x00" + pointer
	f := Finding{Rule: rule, Severity: severity, Tool: tf.tool.Name, Pointer: pointer, Message: msg, Evidence: evidence, at: at}
	if i, ok := tf.seen[key]; ok {
		// One finding per rule and string: keep the most severe.
		if moreSevere(severity, tf.list[i].Severity) {
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

// SeverityRank orders a severity — or a risk, on the same high/medium/low scale — so that two can
// be compared: low 0, medium 1, high 2. ok is false for any other word.
func SeverityRank(level string) (rank int, ok bool) {
	switch level {
	case SeverityLow:
		return 0, true
	case SeverityMedium:
		return 1, true
	case SeverityHigh:
		return 2, true
	}
	return 0, false
}

// moreSevere reports whether a ranks above b.
func moreSevere(a, b string) bool {
	ra, _ := SeverityRank(a)
	rb, _ := SeverityRank(b)
	return ra > rb
}

func (l *linter) tool(t *Tool) []Finding {
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

func (s textSite) pointer() string { return JoinPointer(s.base, s.tokens...) }

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

// visible writes untrusted text so that nothing in it hides: control, format and bidi
// characters become "U+XXXX", and the text is clipped on a rune boundary.
func visible(s string, max int) string {
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n >= max {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == '\n':
			b.WriteString("\\n")
		case r == '\t':
			b.WriteString("\\t")
		case isHiddenRune(r) || r == utf8.RuneError:
			fmt.Fprintf(&b, "[U+%04X]", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// snippet returns visible text around s[start:end], clipped to about width runes each side
// and never crossing a line break, so evidence reads as the sentence it came from.
func snippet(s string, start, end, width int) string {
	if start < 0 {
		start = 0
	}
	if end > len(s) {
		end = len(s)
	}
	from := start
	for k := 0; from > 0 && k < width; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:from])
		if s[from-size] == '\n' {
			break
		}
		from -= size
	}
	to := end
	for k := 0; to < len(s) && k < width; k++ {
		r, size := utf8.DecodeRuneInString(s[to:])
		if r == '\n' {
			break
		}
		to += size
	}
	out := visible(s[from:to], 4*width+(end-start))
	if from > 0 {
		out = "…" + out
	}
	if to < len(s) && !strings.HasSuffix(out, "…") {
		out += "…"
	}
	return out
}
