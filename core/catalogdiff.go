package core

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Risk levels of a tool in a [CatalogDiff].
const (
	RiskHigh   = "high"
	RiskMedium = "medium"
	RiskLow    = "low"
)

// A CatalogDiff is the report on two catalogs, tools keyed by name (server-qualified when the
// catalog holds several servers), never by position: one tool inserted at the top must not
// make every tool below it look changed.
//
// Added, Removed, Changed and Unchanged follow the right catalog's order (Removed the left's).
// A likely rename appears in Added and Removed (a name-keyed pin or policy no longer matches
// it) and in Renamed.
type CatalogDiff struct {
	Added     []string     `json:"added"`
	Removed   []string     `json:"removed"`
	Changed   []ToolChange `json:"changed"`
	Unchanged []string     `json:"unchanged"`
	Renamed   []Rename     `json:"renamed"`
	// AddedTools and RemovedTools give the risk of each added and removed tool, and where it is.
	AddedTools   []ToolReport   `json:"addedTools"`
	RemovedTools []ToolReport   `json:"removedTools"`
	Summary      CatalogSummary `json:"summary"`
}

// CatalogSummary counts a [CatalogDiff], for the page's summary line.
type CatalogSummary struct {
	Added     int    `json:"added"`
	Removed   int    `json:"removed"`
	Changed   int    `json:"changed"`
	Unchanged int    `json:"unchanged"`
	Renamed   int    `json:"renamed"`
	HighRisk  int    `json:"highRisk"` // added and changed tools of high risk
	Text      string `json:"text"`     // "1 added, 0 removed, 2 changed (2 high risk), 12 unchanged"
}

// A ToolReport is an added or removed tool with its risk. Pointer, Line and Column place it in
// the right text for an added tool, in the left text for a removed one.
type ToolReport struct {
	Tool     string    `json:"tool"`
	Risk     string    `json:"risk"`
	Reasons  []string  `json:"reasons"`
	Findings []Finding `json:"findings,omitempty"` // lint findings of high or medium severity
	Pointer  string    `json:"pointer"`
	Line     int       `json:"line"`
	Column   int       `json:"column"`
}

// A ToolChange is one tool present on both sides whose definition differs.
//
// Pointer, Line and Column place the tool in the right text; LeftPointer, LeftLine and
// LeftColumn in the left text.
type ToolChange struct {
	Tool string `json:"tool"`
	// Fields are the top-level fields that differ (description, inputSchema, annotations, …).
	Fields []string `json:"fields"`
	// Schema sums up the inputSchema and outputSchema changes: loosened, tightened, mixed,
	// neutral or unchanged.
	Schema  string   `json:"schema"`
	Risk    string   `json:"risk"`
	Reasons []string `json:"reasons"` // why the risk is what it is, in plain words
	// Description is a word diff of the description, when it changed.
	Description   *WordDiff        `json:"description,omitempty"`
	SchemaChanges []SchemaChange   `json:"schemaChanges"`
	Annotations   []AnnotationFlip `json:"annotations"`
	// NewFindings are lint findings the new definition trips and the old did not.
	NewFindings []Finding `json:"newFindings"`
	Pointer     string    `json:"pointer"`
	Line        int       `json:"line"`
	Column      int       `json:"column"`
	LeftPointer string    `json:"leftPointer"`
	LeftLine    int       `json:"leftLine"`
	LeftColumn  int       `json:"leftColumn"`
}

// A WordDiff shows how a text changed, word by word. Pointer, Line and Column place the new
// text in the right document.
type WordDiff struct {
	Segments []DiffSegment `json:"segments"`
	Pointer  string        `json:"pointer"`
	Line     int           `json:"line"`
	Column   int           `json:"column"`
}

// A DiffSegment is a run of text kept, inserted or deleted.
type DiffSegment struct {
	Op   string `json:"op"` // equal | insert | delete
	Text string `json:"text"`
}

// An AnnotationFlip is a change of one of a tool's behaviour hints. Class "riskier" means the
// server now admits more (readOnlyHint true→false, destructiveHint false→true); "safer" means it
// now claims less, which is only a claim.
type AnnotationFlip struct {
	Hint        string `json:"hint"`
	From        any    `json:"from"` // the old value, or null when absent
	To          any    `json:"to"`
	Class       string `json:"class"` // riskier | safer
	Message     string `json:"message"`
	Pointer     string `json:"pointer"`
	Line        int    `json:"line"`
	Column      int    `json:"column"`
	LeftPointer string `json:"leftPointer"`
	LeftLine    int    `json:"leftLine"`
	LeftColumn  int    `json:"leftColumn"`
}

// A Rename is a removed tool and an added tool whose definitions are (nearly) the same but
// for the name: renaming is how a changed tool slips past pins keyed by name.
type Rename struct {
	From       string  `json:"from"`
	To         string  `json:"to"`
	Similarity float64 `json:"similarity"` // share of the top-level fields (name aside) that are equal
}

// annotationHints are the MCP behaviour hints, with their defaults (the spec's: a tool is
// assumed to write, destroy and reach the open world unless it says otherwise) and which way
// is riskier.
var annotationHints = []struct {
	name    string
	def     bool
	riskier bool // the value that admits more risk
	meaning string
}{
	{"readOnlyHint", false, false, "whether the tool modifies anything"},
	{"destructiveHint", true, true, "whether its changes can destroy data"},
	{"idempotentHint", false, false, "whether calling it twice has the same effect as once"},
	{"openWorldHint", true, true, "whether it reaches beyond the local system"},
}

const hintReminder = "annotations are hints from the server, not guarantees: a client must not trust them from an untrusted server"

// CompareCatalogs compares two catalogs tool by tool (see [CatalogDiff]). The documents, when
// not nil, are the texts the catalogs came from, to place every change at its line.
func CompareCatalogs(left, right *Catalog, leftDoc, rightDoc *Document) *CatalogDiff {
	d, _ := compareCatalogs(left, right, leftDoc, rightDoc)
	return d
}

// compareCatalogs also returns the right catalog's lint findings, computed on the way.
func compareCatalogs(left, right *Catalog, leftDoc, rightDoc *Document) (*CatalogDiff, []Finding) {
	d := &CatalogDiff{Added: []string{}, Removed: []string{}, Changed: []ToolChange{}, Unchanged: []string{},
		Renamed: []Rename{}, AddedTools: []ToolReport{}, RemovedTools: []ToolReport{}}
	rightFindings := LintCatalog(right, rightDoc)
	rightByTool := findingsByTool(rightFindings)

	leftIndex := make(map[string]*Tool, len(left.Tools))
	for i := range left.Tools {
		leftIndex[left.Tools[i].Name] = &left.Tools[i]
	}
	rightNames := make(map[string]bool, len(right.Tools))
	var added []*Tool
	var pairs [][2]*Tool // changed tools, left and right
	for i := range right.Tools {
		rt := &right.Tools[i]
		rightNames[rt.Name] = true
		lt, ok := leftIndex[rt.Name]
		if !ok {
			added = append(added, rt)
			continue
		}
		if valuesEqual(lt.Def, rt.Def) {
			d.Unchanged = append(d.Unchanged, rt.Name)
			continue
		}
		pairs = append(pairs, [2]*Tool{lt, rt})
	}
	// The left side is linted only where a tool changed: what matters is which findings are new.
	oldTools := make([]*Tool, len(pairs))
	for i, p := range pairs {
		oldTools[i] = p[0]
	}
	leftByTool := findingKeysByTool(left, lintTools(left, oldTools))
	for _, p := range pairs {
		d.Changed = append(d.Changed, compareTool(p[0], p[1], leftByTool[p[0].Name], rightByTool[p[1].Name]))
	}
	var removed []*Tool
	for i := range left.Tools {
		if !rightNames[left.Tools[i].Name] {
			removed = append(removed, &left.Tools[i])
		}
	}
	renamedFrom := findRenames(removed, added)
	for _, rt := range added {
		d.Added = append(d.Added, rt.Name)
		rep := addedReport(rt, rightByTool[rt.Name])
		if r, ok := renamedFrom[rt.Name]; ok {
			d.Renamed = append(d.Renamed, r)
			rep.Reasons = append(rep.Reasons, fmt.Sprintf("it looks like %q renamed (similarity %.2f): pins and policies keyed by the old name no longer match it", r.From, r.Similarity))
			if rep.Risk == RiskLow {
				rep.Risk = RiskMedium
			}
		}
		d.AddedTools = append(d.AddedTools, rep)
	}
	for _, lt := range removed {
		d.Removed = append(d.Removed, lt.Name)
		d.RemovedTools = append(d.RemovedTools, ToolReport{Tool: lt.Name, Risk: RiskLow, Pointer: lt.Pointer,
			Reasons: []string{"removed: it can no longer be called; a pin or allow-list entry naming it is now stale"}})
	}
	placeCatalogDiff(d, leftDoc, rightDoc)
	d.Summary = summarize(d)
	return d, rightFindings
}

func summarize(d *CatalogDiff) CatalogSummary {
	s := CatalogSummary{Added: len(d.Added), Removed: len(d.Removed), Changed: len(d.Changed), Unchanged: len(d.Unchanged), Renamed: len(d.Renamed)}
	for _, c := range d.Changed {
		if c.Risk == RiskHigh {
			s.HighRisk++
		}
	}
	for _, a := range d.AddedTools {
		if a.Risk == RiskHigh {
			s.HighRisk++
		}
	}
	s.Text = fmt.Sprintf("%d added, %d removed, %d changed (%d high risk), %d unchanged", s.Added, s.Removed, s.Changed, s.HighRisk, s.Unchanged)
	if s.Renamed > 0 {
		s.Text += fmt.Sprintf(", %d likely renamed", s.Renamed)
	}
	return s
}

// findingKey identifies a finding independently of the tool's position in its catalog.
func findingKey(toolPointer string, f Finding) string {
	return f.Rule + "\x00" + strings.TrimPrefix(f.Pointer, toolPointer) + "\x00" + f.Evidence
}

func findingKeysByTool(c *Catalog, findings []Finding) map[string]map[string]bool {
	pointers := make(map[string]string, len(c.Tools))
	for i := range c.Tools {
		pointers[c.Tools[i].Name] = c.Tools[i].Pointer
	}
	out := map[string]map[string]bool{}
	for _, f := range findings {
		if out[f.Tool] == nil {
			out[f.Tool] = map[string]bool{}
		}
		out[f.Tool][findingKey(pointers[f.Tool], f)] = true
	}
	return out
}

func findingsByTool(findings []Finding) map[string][]Finding {
	out := map[string][]Finding{}
	for _, f := range findings {
		out[f.Tool] = append(out[f.Tool], f)
	}
	return out
}

func serious(f Finding) bool { return f.Severity == SeverityHigh || f.Severity == SeverityMedium }

func compareTool(lt, rt *Tool, oldFindings map[string]bool, findings []Finding) ToolChange {
	c := ToolChange{Tool: rt.Name, Fields: []string{}, SchemaChanges: []SchemaChange{}, Annotations: []AnnotationFlip{},
		NewFindings: []Finding{}, Pointer: rt.Pointer, LeftPointer: lt.Pointer}
	fields := map[string]bool{}
	for k := range lt.Def {
		fields[k] = true
	}
	for k := range rt.Def {
		fields[k] = true
	}
	for _, k := range sortedKeys(fields) {
		lv, inL := lt.Def[k]
		rv, inR := rt.Def[k]
		if inL != inR || !valuesEqual(lv, rv) {
			c.Fields = append(c.Fields, k)
		}
	}
	changed := map[string]bool{}
	for _, f := range c.Fields {
		changed[f] = true
	}
	if changed["description"] {
		ld, _ := lt.Def["description"].(string)
		rd, _ := rt.Def["description"].(string)
		c.Description = &WordDiff{Segments: wordDiff(ld, rd), Pointer: JoinPointer(rt.Pointer, "description")}
		if _, ok := rt.Def["description"]; !ok {
			c.Description.Pointer = rt.Pointer
		}
	}
	for _, which := range []string{"inputSchema", "outputSchema"} {
		if changed[which] {
			c.SchemaChanges = append(c.SchemaChanges, CompareSchemas(which, lt.Def[which], rt.Def[which],
				JoinPointer(lt.Pointer, which), JoinPointer(rt.Pointer, which))...)
		}
	}
	sortChanges(c.SchemaChanges)
	c.Schema = schemaVerdict(c.SchemaChanges)
	if changed["annotations"] {
		c.Annotations = annotationFlips(lt, rt)
	}
	for _, f := range findings {
		if serious(f) && !oldFindings[findingKey(rt.Pointer, f)] {
			c.NewFindings = append(c.NewFindings, f)
		}
	}
	c.Risk, c.Reasons = changeRisk(rt, &c, changed)
	return c
}

func annotationFlips(lt, rt *Tool) []AnnotationFlip {
	flips := []AnnotationFlip{}
	lann, _ := lt.Def["annotations"].(map[string]any)
	rann, _ := rt.Def["annotations"].(map[string]any)
	for _, h := range annotationHints {
		lv, inL := lann[h.name]
		rv, inR := rann[h.name]
		if inL == inR && valuesEqual(lv, rv) {
			continue
		}
		lb, lok := lv.(bool)
		rb, rok := rv.(bool)
		if !lok {
			lb = h.def
		}
		if !rok {
			rb = h.def
		}
		class := "safer"
		if rb == h.riskier {
			class = "riskier"
		}
		var msg string
		if lb == rb {
			msg = fmt.Sprintf("%s went from %s to %s, which means the same (%s defaults to %v); %s", h.name, hintText(lv, inL), hintText(rv, inR), h.name, h.def, hintReminder)
			class = "safer"
			if !rok {
				class = "riskier" // an explicit promise was withdrawn
			}
		} else if class == "riskier" {
			msg = fmt.Sprintf("%s flipped %v → %v: the server now admits more about %s; %s", h.name, lb, rb, h.meaning, hintReminder)
		} else {
			msg = fmt.Sprintf("%s flipped %v → %v: the server now claims less about %s, but %s", h.name, lb, rb, h.meaning, hintReminder)
		}
		f := AnnotationFlip{Hint: h.name, From: lv, To: rv, Class: class, Message: msg,
			Pointer: JoinPointer(rt.Pointer, "annotations", h.name), LeftPointer: JoinPointer(lt.Pointer, "annotations", h.name)}
		if !inR {
			f.Pointer = annotationsOrTool(rt)
		}
		if !inL {
			f.LeftPointer = annotationsOrTool(lt)
		}
		flips = append(flips, f)
	}
	return flips
}

func annotationsOrTool(t *Tool) string {
	if _, ok := t.Def["annotations"].(map[string]any); ok {
		return JoinPointer(t.Pointer, "annotations")
	}
	return t.Pointer
}

func hintText(v any, present bool) string {
	if !present {
		return "absent"
	}
	return compactJSON(v)
}

// --- risk ---

// descriptionVerb finds what the first sentence of a description says the tool does.
var descriptionVerb = lazyRE(`(?i)^\W*(?:(?:this\s+tool|tool\s+to|use\s+(?:this\s+)?to|used\s+to|allows?\s+(?:you\s+)?to|lets?\s+you)\s+)?(deletes?|removes?|drops?|destroys?|purges?|truncates?|overwrites?|writes?|creates?|updates?|modif(?:y|ies)|edits?|moves?|renames?|uploads?|executes?|runs?|evaluates?|sends?|emails?|posts?|publish(?:es)?|notif(?:y|ies)|fetch(?:es)?|downloads?|navigates?|browses?|crawls?|scrapes?|calls?\s+(?:an?\s+)?(?:http|url|api|endpoint|webhook))\b`)

var descriptionCapability = map[string]string{
	"delete": "delete", "remove": "delete", "drop": "delete", "destroy": "delete", "purge": "delete", "truncate": "delete",
	"overwrite": "write", "write": "write", "create": "write", "update": "write", "modify": "write", "modifie": "write",
	"edit": "write", "move": "write", "rename": "write", "upload": "send", "execute": "execute", "run": "execute",
	"evaluate": "execute", "send": "send", "email": "send", "post": "send", "publish": "send", "notify": "send", "notifie": "send",
	"fetch": "fetch", "download": "fetch", "navigate": "fetch", "browse": "fetch", "crawl": "fetch", "scrape": "fetch", "call": "fetch",
}

// paramCapability are parameter names that give a tool away.
var paramCapability = map[string]string{
	"sql": "execute", "command": "execute", "cmd": "execute", "script": "execute", "shell": "execute", "code": "execute",
	"url": "fetch", "uri": "fetch", "endpoint": "fetch", "webhook": "send", "webhookurl": "send",
	"recipient": "send", "recipients": "send", "to": "send", "bcc": "send", "cc": "send",
}

// toolCapabilities says what a tool can do, from its name's verbs, its annotations, the first
// words of its description and its parameters' names.
func toolCapabilities(t *Tool) []capability {
	caps := nameCapabilities(t.ToolName())
	seen := map[string]bool{}
	for _, c := range caps {
		seen[c.kind] = true
	}
	add := func(kind, why string) {
		if !seen[kind] {
			seen[kind] = true
			caps = append(caps, capability{kind, why})
		}
	}
	readOnly, readOnlySet := annotationBool(t.Def, "readOnlyHint")
	if destructive, set := annotationBool(t.Def, "destructiveHint"); set && destructive && !(readOnlySet && readOnly) {
		add("delete", "its annotations say destructiveHint: true")
	}
	if readOnlySet && !readOnly {
		add("write", "its annotations say readOnlyHint: false")
	}
	if desc, ok := t.Def["description"].(string); ok {
		if m := descriptionVerb.FindStringSubmatch(shorten(desc, 200)); m != nil {
			verb := strings.ToLower(strings.Fields(m[1])[0])
			stem := strings.TrimSuffix(strings.TrimSuffix(verb, "es"), "s")
			if k, ok := descriptionCapability[stem]; ok {
				add(k, fmt.Sprintf("its description starts %q", m[1]))
			} else if k, ok := descriptionCapability[strings.TrimSuffix(verb, "s")]; ok {
				add(k, fmt.Sprintf("its description starts %q", m[1]))
			}
		}
	}
	if schema, ok := t.Def["inputSchema"].(map[string]any); ok {
		if props, ok := schema["properties"].(map[string]any); ok {
			for _, name := range sortedKeys(props) {
				if k, ok := paramCapability[squash(name)]; ok {
					add(k, fmt.Sprintf("it takes a %q parameter", name))
				}
			}
		}
	}
	return caps
}

func describeCapabilities(caps []capability) string {
	parts := make([]string, len(caps))
	for i, c := range caps {
		parts[i] = fmt.Sprintf("%s (%s)", c.kind, c.why)
	}
	return strings.Join(parts, ", ")
}

func changeRisk(rt *Tool, c *ToolChange, changed map[string]bool) (string, []string) {
	risk := RiskLow
	var reasons []string
	raise := func(level, reason string) {
		if moreSevere(level, risk) {
			risk = level
		}
		reasons = append(reasons, reason)
	}
	if caps := toolCapabilities(rt); len(caps) > 0 {
		raise(RiskHigh, fmt.Sprintf("it can %s, and its definition changed: review the change before trusting it", describeCapabilities(caps)))
	}
	var inLoose, outLoose []SchemaChange
	for _, sc := range c.SchemaChanges {
		if sc.Class != ClassLoosened {
			continue
		}
		if sc.Schema == "inputSchema" {
			inLoose = append(inLoose, sc)
		} else {
			outLoose = append(outLoose, sc)
		}
	}
	if len(inLoose) > 0 {
		raise(RiskHigh, fmt.Sprintf("its inputSchema accepts more than before (%d loosening change%s, first: %s)", len(inLoose), plural(len(inLoose)), inLoose[0].Message))
	}
	if len(outLoose) > 0 {
		raise(RiskMedium, fmt.Sprintf("its outputSchema accepts more than before (%d loosening change%s, first: %s)", len(outLoose), plural(len(outLoose)), outLoose[0].Message))
	}
	for _, f := range c.Annotations {
		if f.Class == "riskier" {
			raise(RiskHigh, f.Message)
		} else {
			raise(RiskMedium, f.Message)
		}
	}
	for _, f := range c.NewFindings {
		raise(RiskHigh, fmt.Sprintf("it now trips the lint rule %s (%s): %s", f.Rule, f.Severity, f.Message))
	}
	if changed["description"] {
		raise(RiskMedium, "its description changed: the model reads it as instructions, so read the word diff")
	}
	if changed["name"] {
		raise(RiskMedium, "its name field changed")
	}
	var other []string
	for _, f := range c.Fields {
		switch f {
		case "description", "inputSchema", "outputSchema", "annotations", "name":
		default:
			other = append(other, f)
		}
	}
	if len(other) > 0 {
		level := RiskMedium
		if len(other) == 1 && other[0] == "title" {
			level = RiskLow
		}
		raise(level, fmt.Sprintf("other fields changed: %s", strings.Join(other, ", ")))
	}
	if c.Schema == ClassTightened || c.Schema == ClassNeutral {
		reasons = append(reasons, fmt.Sprintf("its schemas changed but accept no more than before (%s)", c.Schema))
	}
	if len(reasons) == 0 {
		reasons = append(reasons, "only "+strings.Join(c.Fields, ", ")+" changed")
	}
	return risk, reasons
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func addedReport(rt *Tool, findings []Finding) ToolReport {
	rep := ToolReport{Tool: rt.Name, Risk: RiskMedium, Pointer: rt.Pointer}
	caps := toolCapabilities(rt)
	if len(caps) > 0 {
		rep.Risk = RiskHigh
		rep.Reasons = append(rep.Reasons, fmt.Sprintf("a new tool that can %s: nobody has reviewed it", describeCapabilities(caps)))
	}
	for _, f := range findings {
		if serious(f) {
			rep.Findings = append(rep.Findings, f)
			rep.Risk = RiskHigh
			rep.Reasons = append(rep.Reasons, fmt.Sprintf("it trips the lint rule %s (%s): %s", f.Rule, f.Severity, f.Message))
		}
	}
	if rep.Risk != RiskHigh {
		if ro, set := annotationBool(rt.Def, "readOnlyHint"); set && ro {
			rep.Risk = RiskLow
			rep.Reasons = append(rep.Reasons, "a new tool that says it is read-only (a hint from the server) and whose name shows no write, delete, execute, send or fetch verb")
		} else {
			rep.Reasons = append(rep.Reasons, "a new tool nobody has reviewed: it does not say it is read-only")
		}
	}
	return rep
}

// --- renames ---

// findRenames pairs removed and added tools whose definitions, name aside, are the same or
// nearly so: at least 80% of the fields equal and the descriptions three-quarters the same words. Candidates are found through maps keyed by the whole definition, the description
// and the inputSchema, so the work stays linear however many tools were added and removed.
func findRenames(removed, added []*Tool) map[string]Rename {
	out := map[string]Rename{}
	if len(removed) == 0 || len(added) == 0 {
		return out
	}
	const perKey = 8 // candidates kept per key: identical boilerplate must not go quadratic
	index := map[string][]int{}
	keysOf := func(t *Tool) []string {
		keys := []string{"def\x00" + compactJSON(withoutName(t.Def))}
		if d, ok := t.Def["description"].(string); ok && d != "" {
			keys = append(keys, "desc\x00"+d)
		}
		if s, ok := t.Def["inputSchema"]; ok {
			keys = append(keys, "schema\x00"+compactJSON(s))
		}
		return keys
	}
	for i, t := range removed {
		for _, k := range keysOf(t) {
			if len(index[k]) < perKey {
				index[k] = append(index[k], i)
			}
		}
	}
	type pair struct {
		from, to int
		score    float64
	}
	var pairs []pair
	for j, t := range added {
		seen := map[int]bool{}
		for _, k := range keysOf(t) {
			for _, i := range index[k] {
				if seen[i] {
					continue
				}
				seen[i] = true
				if s := similarity(removed[i].Def, t.Def); s >= 0.8 && descriptionsClose(removed[i].Def, t.Def) {
					pairs = append(pairs, pair{i, j, s})
				}
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].score > pairs[b].score })
	usedFrom, usedTo := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		if usedFrom[p.from] || usedTo[p.to] {
			continue
		}
		usedFrom[p.from], usedTo[p.to] = true, true
		out[added[p.to].Name] = Rename{From: removed[p.from].Name, To: added[p.to].Name, Similarity: float64(int(p.score*100+0.5)) / 100}
	}
	return out
}

// descriptionsClose says two tools describe themselves (nearly) alike: a shared schema alone
// does not make a rename, since many tools take just a path.
func descriptionsClose(a, b map[string]any) bool {
	ad, aok := a["description"].(string)
	bd, bok := b["description"].(string)
	if !aok || !bok {
		return aok == bok
	}
	return ad == bd || wordOverlap(ad, bd) >= 0.75
}

func withoutName(def map[string]any) map[string]any {
	m := make(map[string]any, len(def))
	for k, v := range def {
		if k != "name" {
			m[k] = v
		}
	}
	return m
}

// similarity is the share of top-level fields, name aside, equal on both sides; a changed
// description counts by how many of its words survive.
func similarity(a, b map[string]any) float64 {
	fields := map[string]bool{}
	for k := range a {
		fields[k] = true
	}
	for k := range b {
		fields[k] = true
	}
	delete(fields, "name")
	if len(fields) == 0 {
		return 1
	}
	score := 0.0
	for k := range fields {
		av, inA := a[k]
		bv, inB := b[k]
		switch {
		case inA && inB && valuesEqual(av, bv):
			score++
		case k == "description" && inA && inB:
			as, _ := av.(string)
			bs, _ := bv.(string)
			score += wordOverlap(as, bs)
		}
	}
	return score / float64(len(fields))
}

func wordOverlap(a, b string) float64 {
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw) == 0 || len(bw) == 0 {
		return 0
	}
	count := map[string]int{}
	for _, w := range aw {
		count[w]++
	}
	common := 0
	for _, w := range bw {
		if count[w] > 0 {
			count[w]--
			common++
		}
	}
	return float64(common) / float64(max(len(aw), len(bw)))
}

// --- word diff ---

// maxWordDiffTokens bounds the word diff: past it (a description of a hundred thousand words)
// the changed middle is shown as one deletion and one insertion rather than searched.
const maxWordDiffTokens = 20000

// wordTokens splits text into words, runs of white space and single other characters, so a
// diff of the tokens reads as a diff of words and joins back into the text exactly.
func wordTokens(s string) []string {
	var tokens []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !(unicode.IsLetter(r2) || unicode.IsDigit(r2) || r2 == '_' || unicode.Is(unicode.Mn, r2)) {
					break
				}
				j += n
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n
			}
		}
		tokens = append(tokens, s[i:j])
		i = j
	}
	return tokens
}

// wordDiff diffs two texts word by word with go-diff: each distinct token becomes one rune,
// the runes are diffed, and the runes are mapped back to their tokens.
func wordDiff(a, b string) []DiffSegment {
	at, bt := wordTokens(a), wordTokens(b)
	ids := map[string]rune{}
	var vocab []string
	encode := func(tokens []string) []rune {
		out := make([]rune, len(tokens))
		for i, t := range tokens {
			id, ok := ids[t]
			if !ok {
				id = tokenRune(len(vocab))
				ids[t] = id
				vocab = append(vocab, t)
			}
			out[i] = id
		}
		return out
	}
	ar, br := encode(at), encode(bt)
	decode := func(s string) string {
		var sb strings.Builder
		for _, r := range s {
			sb.WriteString(vocab[runeToken(r)])
		}
		return sb.String()
	}
	var diffs []diffmatchpatch.Diff
	if len(ar)+len(br) > maxWordDiffTokens || len(vocab) > maxTokenRunes {
		p := 0
		for p < len(ar) && p < len(br) && ar[p] == br[p] {
			p++
		}
		s := 0
		for s < len(ar)-p && s < len(br)-p && ar[len(ar)-1-s] == br[len(br)-1-s] {
			s++
		}
		add := func(op diffmatchpatch.Operation, rs []rune) {
			if len(rs) > 0 {
				diffs = append(diffs, diffmatchpatch.Diff{Type: op, Text: string(rs)})
			}
		}
		add(diffmatchpatch.DiffEqual, ar[:p])
		add(diffmatchpatch.DiffDelete, ar[p:len(ar)-s])
		add(diffmatchpatch.DiffInsert, br[p:len(br)-s])
		add(diffmatchpatch.DiffEqual, ar[len(ar)-s:])
	} else {
		dmp := diffmatchpatch.New()
		dmp.DiffTimeout = 0 // deterministic; the token bound above keeps it fast
		diffs = dmp.DiffMainRunes(ar, br, false)
		diffs = dmp.DiffCleanupSemantic(diffs)
	}
	segments := make([]DiffSegment, 0, len(diffs))
	for _, df := range diffs {
		op := "equal"
		switch df.Type {
		case diffmatchpatch.DiffInsert:
			op = "insert"
		case diffmatchpatch.DiffDelete:
			op = "delete"
		}
		text := decode(df.Text)
		if n := len(segments); n > 0 && segments[n-1].Op == op {
			segments[n-1].Text += text
			continue
		}
		segments = append(segments, DiffSegment{Op: op, Text: text})
	}
	return segments
}

// Token ids are runes from U+E000 upward (private use), skipping nothing up to U+10FFFF but
// the surrogates, which a Go string cannot hold.
const maxTokenRunes = 0x10FFFF - 0xE000 - 0x800

func tokenRune(i int) rune { return rune(0xE000 + i) }
func runeToken(r rune) int { return int(r - 0xE000) }

// --- placing ---

// placeCatalogDiff sets every line and column, locating all pointers in one pass per text.
func placeCatalogDiff(d *CatalogDiff, leftDoc, rightDoc *Document) {
	li, ri := newPointerIndex(leftDoc), newPointerIndex(rightDoc)
	for i := range d.Changed {
		c := &d.Changed[i]
		ri.Want(c.Pointer)
		li.Want(c.LeftPointer)
		if c.Description != nil {
			ri.Want(c.Description.Pointer)
		}
		for _, s := range c.SchemaChanges {
			ri.Want(s.Pointer)
			li.Want(s.LeftPointer)
		}
		for _, f := range c.Annotations {
			ri.Want(f.Pointer)
			li.Want(f.LeftPointer)
		}
	}
	for _, a := range d.AddedTools {
		ri.Want(a.Pointer)
	}
	for _, r := range d.RemovedTools {
		li.Want(r.Pointer)
	}
	for i := range d.Changed {
		c := &d.Changed[i]
		c.Line, c.Column = ri.Position(c.Pointer)
		c.LeftLine, c.LeftColumn = li.Position(c.LeftPointer)
		if c.Description != nil {
			c.Description.Line, c.Description.Column = ri.Position(c.Description.Pointer)
		}
		for j := range c.SchemaChanges {
			s := &c.SchemaChanges[j]
			s.Line, s.Column = ri.Position(s.Pointer)
			s.LeftLine, s.LeftColumn = li.Position(s.LeftPointer)
		}
		for j := range c.Annotations {
			f := &c.Annotations[j]
			f.Line, f.Column = ri.Position(f.Pointer)
			f.LeftLine, f.LeftColumn = li.Position(f.LeftPointer)
		}
	}
	for i := range d.AddedTools {
		a := &d.AddedTools[i]
		a.Line, a.Column = ri.Position(a.Pointer)
	}
	for i := range d.RemovedTools {
		r := &d.RemovedTools[i]
		r.Line, r.Column = li.Position(r.Pointer)
	}
}
