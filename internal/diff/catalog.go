package diff

import (
	"maps"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
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
	Tool     string         `json:"tool"`
	Risk     lint.Severity  `json:"risk"`
	Reasons  []string       `json:"reasons"`
	Findings []lint.Finding `json:"findings,omitempty"` // lint findings of high or medium severity
	jsondoc.Place
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
	Schema  SchemaClass   `json:"schema"`
	Risk    lint.Severity `json:"risk"`
	Reasons []string      `json:"reasons"` // why the risk is what it is, in plain words
	// Description is a word diff of the description, when it changed.
	Description   *WordDiff        `json:"description,omitempty"`
	SchemaChanges []SchemaChange   `json:"schemaChanges"`
	Annotations   []AnnotationFlip `json:"annotations"`
	// NewFindings are lint findings the new definition trips and the old did not.
	NewFindings []lint.Finding `json:"newFindings"`
	jsondoc.Place
	LeftPlace
}

// A WordDiff shows how a text changed, word by word. Pointer, Line and Column place the new
// text in the right document.
type WordDiff struct {
	Segments []DiffSegment `json:"segments"`
	jsondoc.Place
}

// A DiffSegment is a run of text kept, inserted or deleted.
type DiffSegment struct {
	Op   SegmentOp `json:"op"`
	Text string    `json:"text"`
}

// A SegmentOp says what a [DiffSegment] does to the text.
type SegmentOp string

// The segment operations.
const (
	SegmentEqual  SegmentOp = "equal"
	SegmentInsert SegmentOp = "insert"
	SegmentDelete SegmentOp = "delete"
)

// An AnnotationFlip is a change of one of a tool's behaviour hints. Class "riskier" means the
// server now admits more (readOnlyHint true→false, destructiveHint false→true); "safer" means it
// now claims less, which is only a claim.
type AnnotationFlip struct {
	Hint    string    `json:"hint"`
	From    any       `json:"from"` // the old value, or null when absent
	To      any       `json:"to"`
	Class   HintClass `json:"class"`
	Message string    `json:"message"`
	jsondoc.Place
	LeftPlace
}

// A HintClass says which way an [AnnotationFlip] goes.
type HintClass string

// The hint classes.
const (
	HintRiskier HintClass = "riskier" // the server now admits more
	HintSafer   HintClass = "safer"   // the server now claims less, which is only a claim
)

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
	{"readOnlyHint", false, false, i18n.T("whether the tool modifies anything")},
	{"destructiveHint", true, true, i18n.T("whether its changes can destroy data")},
	{"idempotentHint", false, false, i18n.T("whether calling it twice has the same effect as once")},
	{"openWorldHint", true, true, i18n.T("whether it reaches beyond the local system")},
}

var hintReminder = i18n.T("annotations are hints from the server, not guarantees: a client must not trust them from an untrusted server")

// CompareCatalogs compares two catalogs tool by tool (see [CatalogDiff]). The documents, when
// not nil, are the texts the catalogs came from, to place every change at its line.
func CompareCatalogs(left, right *catalog.Catalog, leftDoc, rightDoc *jsondoc.Document) *CatalogDiff {
	d, _ := compareCatalogs(left, right, leftDoc, rightDoc)
	return d
}

// compareCatalogs also returns the right catalog's lint findings, computed on the way.
func compareCatalogs(left, right *catalog.Catalog, leftDoc, rightDoc *jsondoc.Document) (*CatalogDiff, []lint.Finding) {
	d := &CatalogDiff{Added: []string{}, Removed: []string{}, Changed: []ToolChange{}, Unchanged: []string{},
		Renamed: []Rename{}, AddedTools: []ToolReport{}, RemovedTools: []ToolReport{}}
	rightFindings := lint.Catalog(right, rightDoc)
	rightByTool := findingsByTool(rightFindings)

	leftIndex := make(map[string]*catalog.Tool, len(left.Tools))
	for i := range left.Tools {
		leftIndex[left.Tools[i].Name] = &left.Tools[i]
	}
	rightNames := make(map[string]bool, len(right.Tools))
	var added []*catalog.Tool
	var pairs [][2]*catalog.Tool // changed tools, left and right
	for i := range right.Tools {
		rt := &right.Tools[i]
		rightNames[rt.Name] = true
		lt, ok := leftIndex[rt.Name]
		if !ok {
			added = append(added, rt)
			continue
		}
		if jsondoc.Equal(lt.Def, rt.Def) {
			d.Unchanged = append(d.Unchanged, rt.Name)
			continue
		}
		pairs = append(pairs, [2]*catalog.Tool{lt, rt})
	}
	// The left side is linted only where a tool changed: what matters is which findings are new.
	oldTools := make([]*catalog.Tool, len(pairs))
	for i, p := range pairs {
		oldTools[i] = p[0]
	}
	leftByTool := findingKeysByTool(left, lint.Tools(left, oldTools))
	for _, p := range pairs {
		d.Changed = append(d.Changed, compareTool(p[0], p[1], leftByTool[p[0].Name], rightByTool[p[1].Name]))
	}
	var removed []*catalog.Tool
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
			rep.Reasons = append(rep.Reasons, i18n.Sprintf("it looks like %q renamed (similarity %.2f): pins and policies keyed by the old name no longer match it", r.From, r.Similarity))
			if rep.Risk == lint.SeverityLow {
				rep.Risk = lint.SeverityMedium
			}
		}
		d.AddedTools = append(d.AddedTools, rep)
	}
	for _, lt := range removed {
		d.Removed = append(d.Removed, lt.Name)
		d.RemovedTools = append(d.RemovedTools, ToolReport{Tool: lt.Name, Risk: lint.SeverityLow, Place: jsondoc.Place{Pointer: lt.Pointer},
			Reasons: []string{i18n.T("removed: it can no longer be called; a pin or allow-list entry naming it is now stale")}})
	}
	placeCatalogDiff(d, leftDoc, rightDoc)
	d.Summary = summarize(d)
	return d, rightFindings
}

func summarize(d *CatalogDiff) CatalogSummary {
	s := CatalogSummary{Added: len(d.Added), Removed: len(d.Removed), Changed: len(d.Changed), Unchanged: len(d.Unchanged), Renamed: len(d.Renamed)}
	for _, c := range d.Changed {
		if c.Risk == lint.SeverityHigh {
			s.HighRisk++
		}
	}
	for _, a := range d.AddedTools {
		if a.Risk == lint.SeverityHigh {
			s.HighRisk++
		}
	}
	s.Text = i18n.Sprintf("%d added, %d removed, %d changed (%d high risk), %d unchanged", s.Added, s.Removed, s.Changed, s.HighRisk, s.Unchanged)
	if s.Renamed > 0 {
		s.Text = i18n.Sprintf("%d added, %d removed, %d changed (%d high risk), %d unchanged, %d likely renamed", s.Added, s.Removed, s.Changed, s.HighRisk, s.Unchanged, s.Renamed)
	}
	return s
}

// findingKey identifies a finding independently of the tool's position in its catalog.
func findingKey(toolPointer string, f lint.Finding) string {
	return f.Rule + "\x00" + strings.TrimPrefix(f.Pointer, toolPointer) + "\x00" + f.Evidence
}

func findingKeysByTool(c *catalog.Catalog, findings []lint.Finding) map[string]map[string]bool {
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

func findingsByTool(findings []lint.Finding) map[string][]lint.Finding {
	out := map[string][]lint.Finding{}
	for _, f := range findings {
		out[f.Tool] = append(out[f.Tool], f)
	}
	return out
}

func serious(f lint.Finding) bool {
	return f.Severity == lint.SeverityHigh || f.Severity == lint.SeverityMedium
}

func compareTool(lt, rt *catalog.Tool, oldFindings map[string]bool, findings []lint.Finding) ToolChange {
	c := ToolChange{Tool: rt.Name, Fields: []string{}, SchemaChanges: []SchemaChange{}, Annotations: []AnnotationFlip{},
		NewFindings: []lint.Finding{}, Place: jsondoc.Place{Pointer: rt.Pointer}, LeftPlace: LeftPlace{LeftPointer: lt.Pointer}}
	fields := map[string]bool{}
	for k := range lt.Def {
		fields[k] = true
	}
	for k := range rt.Def {
		fields[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		lv, inL := lt.Def[k]
		rv, inR := rt.Def[k]
		if inL != inR || !jsondoc.Equal(lv, rv) {
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
		c.Description = &WordDiff{Segments: wordDiff(ld, rd), Place: jsondoc.Place{Pointer: jsondoc.JoinPointer(rt.Pointer, "description")}}
		if _, ok := rt.Def["description"]; !ok {
			c.Description.Pointer = rt.Pointer
		}
	}
	for _, which := range []string{"inputSchema", "outputSchema"} {
		if changed[which] {
			c.SchemaChanges = append(c.SchemaChanges, CompareSchemas(which, lt.Def[which], rt.Def[which],
				jsondoc.JoinPointer(lt.Pointer, which), jsondoc.JoinPointer(rt.Pointer, which))...)
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

func annotationFlips(lt, rt *catalog.Tool) []AnnotationFlip {
	flips := []AnnotationFlip{}
	lann, _ := lt.Def["annotations"].(map[string]any)
	rann, _ := rt.Def["annotations"].(map[string]any)
	for _, h := range annotationHints {
		lv, inL := lann[h.name]
		rv, inR := rann[h.name]
		if inL == inR && jsondoc.Equal(lv, rv) {
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
		class := HintSafer
		if rb == h.riskier {
			class = HintRiskier
		}
		var msg string
		if lb == rb {
			msg = i18n.Sprintf("%s went from %s to %s, which means the same (%s defaults to %v); %s", h.name, hintText(lv, inL), hintText(rv, inR), h.name, h.def, hintReminder)
			class = HintSafer
			if !rok {
				class = HintRiskier // an explicit promise was withdrawn
			}
		} else if class == HintRiskier {
			msg = i18n.Sprintf("%s flipped %v → %v: the server now admits more about %s; %s", h.name, lb, rb, h.meaning, hintReminder)
		} else {
			msg = i18n.Sprintf("%s flipped %v → %v: the server now claims less about %s, but %s", h.name, lb, rb, h.meaning, hintReminder)
		}
		f := AnnotationFlip{Hint: h.name, From: lv, To: rv, Class: class, Message: msg,
			Place:     jsondoc.Place{Pointer: jsondoc.JoinPointer(rt.Pointer, "annotations", h.name)},
			LeftPlace: LeftPlace{LeftPointer: jsondoc.JoinPointer(lt.Pointer, "annotations", h.name)}}
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

func annotationsOrTool(t *catalog.Tool) string {
	if _, ok := t.Def["annotations"].(map[string]any); ok {
		return jsondoc.JoinPointer(t.Pointer, "annotations")
	}
	return t.Pointer
}

func hintText(v any, present bool) string {
	if !present {
		return i18n.T("absent")
	}
	return jsondoc.Compact(v)
}

// A LeftPlace is where a report entry is in the left text, the approved one: as a
// [jsondoc.Place], its fields named for the left side.
type LeftPlace struct {
	LeftPointer string `json:"leftPointer"`
	LeftLine    int    `json:"leftLine"`
	LeftColumn  int    `json:"leftColumn"`
}
