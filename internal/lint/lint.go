package lint

import (
	bits2 "math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// A Severity says how urgently a reviewer should look at a [Finding] (and, in a catalog diff, at
// a changed tool's risk). From the most to the least urgent:
//
//   - high: the text steers the model against the user, in any of the languages lint reads
//     (English, French, German, Spanish, Portuguese, Italian, Chinese, Japanese, Korean, Russian):
//     hidden text, instructions that override its own, concealment, coercion, exfiltration,
//     fetching secrets, covert recipients, steering or disparaging another tool, priority hijack,
//     encoded commands, declared harvesting; or weak signals that together are an order: a tag or
//     marker aimed at the model around an order that is medium alone, a tag beside a place
//     secrets live and an order to read or include in one sentence, an order aimed at the model to
//     read or hand over a file or variable that holds secrets for a tool whose purpose is not
//     about them, an HTML comment or another server's tool carrying a high instruction; or the
//     definition lies about itself (annotations that contradict the name, a harmless-looking tool
//     whose schema asks for credentials, or a free-form parameter its purpose gives no use that
//     asks for what the model holds). Do not approve the tool before reading it. On honest servers
//     of the calibration corpus, fewer than 1 tool in 1,000 gets one.
//   - medium: a reviewer should look: any one weak signal alone (a tag or marker aimed at the
//     model, a path to secrets, an HTML comment), an order that is medium alone (a precondition,
//     a "call this tool first" scoped to its subject, "use this tool rather than others", changing
//     another tool's result, calling another server's tool with arguments), a loose schema on a
//     dangerous tool, another server's tool named.
//   - low: hygiene or guidance: an open schema, a free path or URL string, a destructive tool
//     without a warning word, an order that protects the user ("never deploy before the user
//     confirms"), the same server's tools named.
type Severity string

// The severities.
const (
	SeverityHigh   Severity = "high"
	SeverityMedium Severity = "medium"
	SeverityLow    Severity = "low"
)

// Severities lists every severity, from the most to the least urgent.
var Severities = []Severity{SeverityHigh, SeverityMedium, SeverityLow}

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

// ParseSeverity reads a severity as the CLI's --fail-on and a team's configuration write it.
func ParseSeverity(s string) (Severity, error) {
	if _, ok := Severity(s).Rank(); ok {
		return Severity(s), nil
	}
	return "", i18n.Errorf("unknown severity %q: use high, medium, low", s)
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

// A Finding is one thing in a catalog that a reviewer should look at before trusting a tool.
type Finding struct {
	Rule     string   `json:"rule"`     // the rule's name, one of [Rules]
	Severity Severity `json:"severity"` // high | medium | low
	Tool     string   `json:"tool"`     // the tool's key in the catalog
	// Pointer is the JSON Pointer of the value the finding is about, in the catalog text.
	Pointer string `json:"pointer"`
	Message string `json:"message"`
	// Evidence is the text that tripped the rule, with hidden characters written visibly
	// ("[U+200B]") so that what the model reads is what the reviewer sees. For text decoded from
	// an encoding it is the decoded text.
	Evidence string `json:"evidence"`
	// Line and Column place the evidence itself (inside a long description, not just at its
	// start) in the catalog text; zero when unknown. For decoded text they place the encoded text.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Why says in one sentence why the finding matters: the rule's (from [Rules]), or one
	// of its own where the rule gives findings of different kinds.
	Why string `json:"why"`
	// DecodedFrom names what the evidence was read through when it is not the text as written:
	// "base64", "hex", "percent-encoding", "html-entities", "unicode-tags", "variation-selectors",
	// "confusables" (letters of another script standing for Latin ones), "nfkc" (compatibility
	// characters) or "letter-shift" (letters moved along the alphabet, as ROT13); "" for the text
	// as written.
	DecodedFrom string `json:"decodedFrom,omitempty"`
	// Suppression is set on a finding an entry of the lint configuration suppressed; such a
	// finding is in [Result.Suppressed], not in its findings.
	Suppression *Suppression `json:"suppression,omitempty"`

	// at is the byte offset of the evidence inside the decoded string at Pointer, or -1 when the
	// finding is about the value as a whole.
	at int
	// hidesTo, on a run of blanks that pads text, is the offset where the line it pushes out of
	// view ends: what follows a line break starts again at the left, in view.
	hidesTo int
}

// A Rule names one check of [Catalog]; [Rules] lists them all.
type Rule struct {
	Name     string   `json:"name"`
	Severity Severity `json:"severity"` // the highest severity the rule gives
	Summary  string   `json:"summary"`
	// Why says in one sentence why a finding of the rule matters.
	Why string `json:"why"`
	// Help says what the rule looks for, what lowers its severity, and what to do about a finding.
	Help string `json:"help"`
	// Families are the attack families the rule catches at high severity, as the README names
	// them ("hidden-text", "exfiltration", …); none for rules that only advise.
	Families []string `json:"families,omitempty"`
}

// Text parses a catalog text and lints it (see [Catalog]), less the findings the lint
// configuration ignoreText suppresses, which are returned apart. A configuration that names an
// unknown rule or tool is a problem (source "ignore"), and none of it applies.
func Text(catalogText, ignoreText string) (findings, suppressed []Finding, probs problem.Problems) {
	findings, suppressed = []Finding{}, []Finding{}
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, catalogText)
	if doc == nil {
		return findings, suppressed, probs
	}
	c, catProbs := catalog.Parse(doc)
	probs = append(probs, catProbs...)
	if c == nil {
		return findings, suppressed, probs
	}
	all := Catalog(c, doc)
	if strings.TrimSpace(ignoreText) == "" {
		return all, suppressed, probs
	}
	cfg, cfgProbs := ParseConfig(ignoreText, c)
	probs = append(probs, cfgProbs...)
	if cfg == nil {
		return all, suppressed, probs
	}
	findings, suppressed = cfg.Apply(all)
	return findings, suppressed, probs
}

// Catalog checks every tool of a catalog with the rules in [Rules] and returns the
// findings in catalog order. Every string of a tool is read — name, title, description,
// property names and descriptions, enum values, defaults, examples — since the model reads
// them all, and so is what can be decoded from them (base64, hex, percent-encoding, HTML
// entities, Unicode tag characters). The rules are deterministic and offline. doc, when not nil,
// is the text the catalog was parsed from: findings are then placed at their line and column.
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

// placeFindings sets Line and Column from the text: the evidence's own place, inside the string
// when the finding is about part of one.
func placeFindings(findings []Finding, doc *jsondoc.Document) {
	if doc == nil {
		return
	}
	for i := range findings {
		f := &findings[i]
		off, ok := doc.Locate(f.Pointer)
		if !ok {
			continue
		}
		if f.at >= 0 && off < len(doc.Text) && doc.Text[off] == '"' {
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
	words       foundWords   // the phrase filter's answer for the view being checked, reused
	hits        []wordHit    // where its leading literals end, for a long ASCII view ([linter.newView])
	strings     stringWalker // reused from tool to tool, with its buffers
	// site and view are the string being checked and its reading as written, reused from string
	// to string: most strings are checked once and never referred to again.
	site       textSite
	view       textView
	candidates []phraseRef
	// viewFindings is how many findings the tool had before the view being checked: the
	// findings after it are the view's own.
	viewFindings int
	// credentialCounts counts, by squashed name, the catalog's tools taking each credential
	// parameter; built on first use.
	credentialCounts map[string]int
	// required is the phrases' literals found in the text being checked ([linter.mayMatch]).
	required requiredScan
}

func newLinter(c *catalog.Catalog) *linter {
	buildPhraseTables()
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
	l      *linter // the linter reading the tool, for the judges that resolve tool names
	list   []Finding
	seen   map[string]int  // rule and pointer → index in list
	props  []property      // the tool's parameters, read on first use
	params map[string]bool // their names
	// highs counts the high findings added, so the engine can tell whether a decoded text
	// tripped one.
	highs int
	// keptHighs counts those of them the profile leaves high.
	keptHighs int
	// marked are the pointers of the strings that carry a tag or marker aimed at the model.
	marked []string
	// pressured are the pointers of the strings that put compliance pressure on the model.
	pressured []string
	// comments are the HTML comments found medium, judged again after every check has run.
	comments []textSpan
	// profile is the kind of text read: descriptions in a catalog, a tool's result in
	// [ScanText]. Signals that combine weak ones into an order (a bare imperative beside a
	// secret's place, a verb of exfiltration, another tool named as a means) read descriptions
	// only: a README, an e-mail or a web page gives people such orders all the time.
	profile TextProfile
}

// definition reports that the text read is a tool's definition, not a result.
func (tf *toolFindings) definition() bool { return tf.profile == ProfileDescription }

// add records a finding, keeping one per rule and string: the most severe.
func (tf *toolFindings) add(f Finding) {
	f.Tool = tf.tool.Name
	if r := lintRuleByName[f.Rule]; r != nil && f.Why == "" {
		f.Why = r.Why
	}
	if f.Severity == SeverityHigh {
		tf.highs++
		if tf.profile.knobs().keepsHigh(f.Rule) {
			tf.keptHighs++
		}
	}
	key := f.Rule + "\x00" + f.Pointer
	if i, ok := tf.seen[key]; ok {
		if f.Severity.Above(tf.list[i].Severity) {
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

// hasRule reports whether any string of the tool tripped rule.
func (tf *toolFindings) hasRule(rule string) bool {
	return slices.ContainsFunc(tf.list, func(f Finding) bool { return f.Rule == rule })
}

// has reports whether the string at pointer tripped rule.
func (tf *toolFindings) has(rule, pointer string) bool {
	_, found := tf.seen[rule+"\x00"+pointer]
	return found
}

func (l *linter) tool(t *catalog.Tool) []Finding {
	tf := &toolFindings{tool: t, l: l}
	l.strings.base = t.Pointer
	l.strings.fn = func(s textSite) { l.checkString(tf, s) }
	l.strings.walk(t.Def)
	for _, r := range lintRegistry {
		if r.tool != nil {
			r.tool(l, tf)
		}
	}
	// In the order of the text: by string, then by place in it.
	sort.SliceStable(tf.list, func(i, j int) bool {
		a, b := tf.list[i], tf.list[j]
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		return a.at < b.at
	})
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
	// sorted holds the members of the objects being walked, sorted by name, one run per level,
	// so that sorting them allocates nothing once the walk is under way; each with its value,
	// taken as the map is read, not looked up again.
	sorted []member
	fn     func(textSite)
}

// A member is one name and value of an object.
type member struct {
	name  string
	value any
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
		for k, e := range x {
			w.sorted = append(w.sorted, member{k, e})
		}
		sortMembers(w.sorted[from:])
		for i := from; i < from+len(x); i++ {
			k, e := w.sorted[i].name, w.sorted[i].value
			w.tokens, w.keys = append(w.tokens, k), append(w.keys, true)
			w.fn(w.site(k, true))
			w.walk(e)
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

// sortMembers sorts an object's members by name: by insertion for the few most objects have,
// which no comparison function called through a pointer slows.
func sortMembers(ms []member) {
	if len(ms) > 12 {
		slices.SortFunc(ms, func(a, b member) int { return strings.Compare(a.name, b.name) })
		return
	}
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].name < ms[j-1].name; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// schemaMachinery are the members whose strings are read by programs, not models: phrases
// are not looked for in them (a "pattern" of "^[^<>]+$" is no tag).
var schemaMachinery = map[string]bool{
	"pattern": true, "$ref": true, "$schema": true, "$id": true, "format": true, "type": true,
	"$anchor": true, "$dynamicRef": true, "$dynamicAnchor": true, "contentEncoding": true, "contentMediaType": true,
}

// A textView is one reading of a string that the text rules check: the string as written, or
// what was decoded from part of it. The rules match in its folded reading ([foldForMatch]).
type textView struct {
	site   *textSite
	raw    string // the text read: the string itself, or the decoded text
	folded string
	ascii  bool  // folded is all ASCII, as most strings are (asked once, by newView)
	index  []int // folded byte → raw byte; nil when folded is raw
	words  foundWords
	// placed says hits holds where the registry's leading literals end in folded (a long ASCII
	// view's, read with its words).
	placed bool
	hits   []wordHit
	// from names the decoding ("" for the string as written); start and end are then the
	// encoded span in the string, where every finding of the view is placed.
	from       string
	start, end int
}

// rawAt maps a byte offset of the folded reading to one of raw.
func (v *textView) rawAt(i int) int {
	if v.index == nil {
		return min(i, len(v.raw))
	}
	if i >= len(v.index) {
		return len(v.raw)
	}
	return v.index[i]
}

// find reports a finding of rule in the view, at folded[start:end], with evidence from the text
// read there.
func (v *textView) find(tf *toolFindings, rule string, severity Severity, start, end int, msg string) {
	rs, re := v.rawAt(start), v.rawAt(end)
	f := Finding{Rule: rule, Severity: severity, Pointer: v.site.pointer(), Message: i18n.Sprintf("%s %s", where(*v.site), msg), at: rs}
	f.Evidence = untrusted.Snippet(v.raw, rs, re, 30)
	if v.from != "" {
		f.at = v.start
		f.DecodedFrom = v.from
		f.Message = i18n.Sprintf("%s %s (in text decoded from %s)", where(*v.site), msg, v.from)
	} else if v.index != nil {
		f.DecodedFrom = foldedFrom(v.raw, rs, re)
	}
	tf.add(f)
}

// sentence returns the folded sentence around folded[start:end].
func (v *textView) sentence(start, end int) string {
	from, to := sentenceAround(v.folded, start, end)
	return v.folded[from:to]
}

func (l *linter) newView(v *textView, site *textSite, raw, from string, start, end int) *textView {
	rawASCII := untrusted.IsASCII(raw)
	folded, index := foldKnown(raw, rawASCII)
	folded = unwrapLines(folded)
	// Unfolded, the reading is the text with some line breaks made blanks: ASCII as it is.
	ascii := rawASCII
	if index != nil {
		ascii = untrusted.IsASCII(folded)
	}
	*v = textView{site: site, raw: raw, folded: folded, ascii: ascii, index: index, from: from, start: start, end: end}
	if ascii && len(folded) >= placeAtOnce {
		// The registry's phrases place their leading literals in a long text (a piece of a
		// result) in the pass that finds their words: this one, the filter being theirs.
		l.words, l.hits = scanRequired(phraseFilter, phraseLead, folded, l.words, l.hits)
		v.hits, v.placed = l.hits, true
	} else {
		l.words = phraseFilter.scan(folded, l.words)
	}
	v.words = l.words
	return v
}

func (l *linter) checkString(tf *toolFindings, site textSite) {
	l.site = site
	s := &l.site
	for _, r := range lintRegistry {
		if r.raw != nil {
			r.raw(l, tf, s)
		}
	}
	if s.isKey || schemaMachinery[s.key] || s.text == "" {
		return
	}
	v := l.newView(&l.view, s, s.text, "", 0, len(s.text))
	l.checkView(tf, v)
	// An unfolded reading is ASCII when its text is (a view's folded text is raw then, but for
	// some line breaks made blanks).
	for _, d := range decodeAll(s.text, v.index == nil && v.ascii) {
		highs, kept := tf.highs, tf.keptHighs
		v := l.newView(&textView{}, s, d.text, d.from, d.start, d.end)
		l.checkView(tf, v)
		// HTML's entities are how a page writes what it shows, not a hiding place: what they
		// spell counts as hidden only where the profile keeps it high (an override in a result
		// advises, and a page's decoded scripts are full of the rules' words).
		if tf.highs > highs && (d.from != "html-entities" || tf.keptHighs > kept) {
			tf.add(Finding{Rule: RuleEncodedCommand, Severity: SeverityHigh, Pointer: s.pointer(), at: d.start, DecodedFrom: d.from,
				Message:  i18n.Sprintf("%s hides instructions for the model in %s: the decoded text trips the rules above, and no reader sees it", where(*s), d.from),
				Evidence: untrusted.Snippet(d.text, 0, 0, 60)})
		} else if readableProse(d.text) {
			tf.add(Finding{Rule: RuleEncodedCommand, Severity: SeverityMedium, Pointer: s.pointer(), at: d.start, DecodedFrom: d.from,
				Message:  i18n.Sprintf("%s carries %s that decodes to readable text a reviewer does not see", where(*s), d.from),
				Evidence: untrusted.Snippet(d.text, 0, 0, 60)})
		}
	}
}

// checkView runs every text rule on one reading of a string: the phrases one of whose words the
// string holds, in registry order, then the rules' own checks.
func (l *linter) checkView(tf *toolFindings, v *textView) {
	l.candidates = l.candidates[:0]
	for w, bits := range v.words {
		for bits != 0 {
			id := w*64 + bits2.TrailingZeros64(bits)
			bits &= bits - 1
			for _, ref := range phrasesByWord[id] {
				if !slices.ContainsFunc(l.candidates, func(c phraseRef) bool { return c.phrase == ref.phrase }) {
					l.candidates = append(l.candidates, ref)
				}
			}
		}
	}
	slices.SortFunc(l.candidates, func(a, b phraseRef) int { return a.order - b.order })
	l.viewFindings = len(tf.list)
	for _, c := range l.candidates {
		c.phrase.check(tf, v, c.rule.Name)
	}
	for _, r := range lintRegistry {
		if r.text != nil {
			r.text(l, tf, v)
		}
	}
}

// where says which string of the tool a finding is in, to start its message: "%s %s", where
// and what the string does.
func where(s textSite) string {
	switch {
	case s.isKey:
		return i18n.T("a member name")
	case s.key == "description" && s.parent == "":
		return i18n.T("the description")
	case s.key == "description":
		return i18n.T("a parameter description")
	case s.key == "title":
		return i18n.T("the title")
	case s.key == "default":
		return i18n.T("a default value")
	case s.key == "enum" || s.parent == "enum":
		return i18n.T("an enum value")
	case s.key == "examples" || s.parent == "examples":
		return i18n.T("an example")
	}
	return i18n.T("a string")
}

// A property is one parameter of a tool's inputSchema, nested objects and array items included.
type property struct {
	name     string
	parent   string // the pointer of the "properties" object holding it, shared by its siblings
	schema   map[string]any
	required bool   // listed in its object's "required"
	squashed string // the name lowercased without separators, as the name lists hold them
}

// pointer is written out only for a property a finding is about.
func (p property) pointer() string { return jsondoc.JoinPointer(p.parent, p.name) }

// properties lists the tool's parameters, read once for all the rules that need them.
func (tf *toolFindings) properties() []property {
	if tf.props == nil {
		tf.props = []property{}
		if schema, ok := tf.tool.Def["inputSchema"].(map[string]any); ok {
			tf.props = appendProperties(tf.props, schema, jsondoc.JoinPointer(tf.tool.Pointer, "inputSchema"), 0)
		}
	}
	return tf.props
}

// appendProperties appends the properties of an object schema at pointer, each followed by
// those nested in it (in its own properties, or in its items), members in name order.
func appendProperties(list []property, schema map[string]any, pointer string, depth int) []property {
	if depth > 16 {
		return list
	}
	if props, ok := schema["properties"].(map[string]any); ok {
		required, _ := schema["required"].([]any)
		parent := pointer + "/properties"
		names := make([]string, 0, len(props))
		for name := range props {
			names = append(names, name)
		}
		slices.Sort(names)
		list = slices.Grow(list, len(names))
		for _, name := range names {
			prop, ok := props[name].(map[string]any)
			if !ok {
				continue
			}
			isRequired := slices.ContainsFunc(required, func(r any) bool { s, ok := r.(string); return ok && s == name })
			list = append(list, property{name, parent, prop, isRequired, Squash(name)})
			if prop["properties"] != nil || prop["items"] != nil {
				list = appendProperties(list, prop, jsondoc.JoinPointer(parent, name), depth+1)
			}
		}
	}
	if items, ok := schema["items"].(map[string]any); ok {
		list = appendProperties(list, items, pointer+"/items", depth+1)
	}
	return list
}

// isParameter reports a name that is one of the tool's own parameters ("replaces old_string
// with new_string" speaks of arguments, not of tools).
func (tf *toolFindings) isParameter(name string) bool {
	if tf.params == nil {
		tf.params = map[string]bool{}
		for _, p := range tf.properties() {
			tf.params[p.name] = true
		}
	}
	return tf.params[name]
}

// purpose is what a tool says it is for: its name (as words), its title and the first sentence
// of its description, where honest descriptions say what the tool does. Instructions an attacker
// adds come later; except, a sentence under judgement, is left out even when it is the first.
func (tf *toolFindings) purpose(except string) string {
	title, _ := tf.tool.Def["title"].(string)
	desc, _ := tf.tool.Def["description"].(string)
	desc = strings.TrimSpace(desc)
	from, to := sentenceAround(desc, 0, 0)
	first := desc[from:min(to, from+300)]
	if except != "" {
		// The sentence under judgement comes from a folded reading ("，" read as ","): compare
		// the first sentence both as written and folded.
		folded, _ := foldForMatch(first)
		for _, f := range []string{first, folded} {
			if strings.Contains(except, strings.TrimSpace(f)) || strings.Contains(f, except) {
				first = ""
				break
			}
		}
	}
	return strings.Join(nameWords(tf.tool.ToolName()), " ") + " " + title + " " + first
}
