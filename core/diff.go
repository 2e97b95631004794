package core

import (
	"github.com/gatehouse-dev/gatehouse/internal/diff"
)

// DiffRequest is the input of [Diff]: two texts exactly as pasted, left the approved one and
// right the one in front of the reviewer now.
type DiffRequest struct {
	Left  string `json:"left"`
	Right string `json:"right"`
	// Mode is "auto" (or ""), "patch", "catalog" or "lock". Auto picks "lock" when the left is a
	// lock file and the right a catalog, "catalog" when both are catalogs, else "patch".
	Mode DiffMode `json:"mode"`
	// OmitPatch leaves the RFC 6902 patch out of a catalog comparison (its patch is then null):
	// the report of two large catalogs first, the patch when the reader opens it.
	OmitPatch bool `json:"omitPatch,omitempty"`
	// IgnoreArrayOrder compares a plain JSON diff's arrays by content (an element that moved is
	// no change; the patch turns left into right up to the order of arrays). Catalogs keep their
	// own report, keyed by tool name.
	IgnoreArrayOrder bool `json:"ignoreArrayOrder,omitempty"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// DiffResult is the answer of [Diff].
type DiffResult struct {
	// Mode is the [DiffMode] used: "patch", "catalog" or "lock" ("auto" is resolved).
	Mode DiffMode `json:"mode"`
	// Patch holds the operations that turn left into right (RFC 6902), in every mode but
	// "lock"; nil (null) when a catalog report was asked without it (OmitPatch), never an empty
	// patch, which would say "no change".
	Patch []PatchOp `json:"patch"`
	// Catalog is the report of two catalogs compared tool by tool, in catalog mode.
	Catalog *CatalogDiff `json:"catalog,omitempty"`
	// Lock is the catalog verified against the lock file, in lock mode.
	Lock *LockReport `json:"lock,omitempty"`
	// Findings are the lint findings on the right-hand catalog (catalog and lock modes), so
	// that a view can show them beside the report without reading a large text twice.
	Findings []Finding `json:"findings,omitempty"`
	// Places say where the patch's operations fall in the two texts (a plain JSON diff only),
	// so that a view can mark both sides: Op is the operation's index in the patch, Change
	// "changed", "added" or "removed", Line and Column are in the right text (what was added
	// or changed), LeftLine and LeftColumn in the left one (what was removed or changed).
	Places []struct {
		Op         int    `json:"op"`
		Change     string `json:"change"`
		Line       int    `json:"line,omitempty"`
		Column     int    `json:"column,omitempty"`
		LeftLine   int    `json:"leftLine,omitempty"`
		LeftColumn int    `json:"leftColumn,omitempty"`
	} `json:"places,omitempty"`
	// Problems are what is wrong with either text, each [Problem] at its line and column.
	Problems Problems `json:"problems"`
}

// A DiffMode is how [Diff] compares two texts; [DiffModes] lists them.
type DiffMode = diff.Mode

// DiffModes are the ways [Diff] compares, each spelled as its field's name in lower case, as
// DiffRequest.Mode and DiffResult.Mode write it (DiffModes.Lock is "lock"). Read it, never
// assign to it.
var DiffModes = struct {
	Auto    DiffMode // "lock", "catalog" or "patch", whichever the two texts are
	Patch   DiffMode // any two JSON texts: the RFC 6902 patch and the places that differ
	Catalog DiffMode // two catalogs, tool by tool
	Lock    DiffMode // a catalog (right) verified against a lock file (left)
}{Auto: diff.ModeAuto, Patch: diff.ModePatch, Catalog: diff.ModeCatalog, Lock: diff.ModeLock}

// A SchemaClass says what a schema change does to the values a schema accepts (loosened,
// tightened, neutral), or sums up a tool's schema changes (also mixed, unchanged).
type SchemaClass = diff.SchemaClass

// A PatchOp is one RFC 6902 operation of a [DiffResult]'s patch: op ("add", "remove" or
// "replace"), path, and value (for add and replace, a null included).
type PatchOp = diff.PatchOp

// A WordDiff is a description's change, word by word: segments (a list of [DiffSegment]), and
// pointer, line and column, where the new text is.
type WordDiff = diff.WordDiff

// A DiffSegment is a run of a [WordDiff]'s text: op ("equal", "insert" or "delete") and text.
type DiffSegment = diff.DiffSegment

// A CatalogDiff is two catalogs compared tool by tool, keyed by name (never by position). A
// likely rename is in Added, Removed and Renamed. Where a part is placed, Pointer, Line and
// Column place it in the right text, LeftPointer, LeftLine and LeftColumn in the left one
// (0 when unknown).
type CatalogDiff struct {
	// Added, Removed and Unchanged are tool names.
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	// Changed holds each tool on both sides whose definition differs.
	Changed []struct {
		Tool string `json:"tool"`
		// Fields names the top-level fields that differ.
		Fields []string `json:"fields"`
		// Schema sums up its schema changes; Risk is how urgently a reviewer should look,
		// Reasons say why in plain words.
		Schema  SchemaClass `json:"schema"`
		Risk    Severity    `json:"risk"`
		Reasons []string    `json:"reasons"`
		// Description is the description's change word by word, when it changed.
		Description *WordDiff `json:"description,omitempty"`
		// SchemaChanges are the differences of its inputSchema and outputSchema: Schema says
		// which, SchemaPointer where in it, Change is a short code such as
		// "additionalProperties-removed", Class what it does to the values the schema accepts.
		SchemaChanges []struct {
			Schema        string      `json:"schema"`
			SchemaPointer string      `json:"schemaPointer"`
			Change        string      `json:"change"`
			Class         SchemaClass `json:"class"`
			Message       string      `json:"message"`
			Pointer       string      `json:"pointer"`
			Line          int         `json:"line"`
			Column        int         `json:"column"`
			LeftPointer   string      `json:"leftPointer"`
			LeftLine      int         `json:"leftLine"`
			LeftColumn    int         `json:"leftColumn"`
		} `json:"schemaChanges"`
		// Annotations are the behaviour hints that changed: From and To are null when absent,
		// Class is "riskier" (the server now admits more) or "safer" (it now claims less,
		// which is only a claim).
		Annotations []struct {
			Hint        string `json:"hint"`
			From        any    `json:"from"`
			To          any    `json:"to"`
			Class       string `json:"class"`
			Message     string `json:"message"`
			Pointer     string `json:"pointer"`
			Line        int    `json:"line"`
			Column      int    `json:"column"`
			LeftPointer string `json:"leftPointer"`
			LeftLine    int    `json:"leftLine"`
			LeftColumn  int    `json:"leftColumn"`
		} `json:"annotations"`
		// NewFindings are the lint findings the new definition trips and the old did not.
		NewFindings []Finding `json:"newFindings"`
		Pointer     string    `json:"pointer"`
		Line        int       `json:"line"`
		Column      int       `json:"column"`
		LeftPointer string    `json:"leftPointer"`
		LeftLine    int       `json:"leftLine"`
		LeftColumn  int       `json:"leftColumn"`
	} `json:"changed"`
	Unchanged []string `json:"unchanged"`
	// Renamed are the removed and added tools that are (nearly) the same but for the name;
	// Similarity is the share of their top-level fields, name aside, that are equal.
	Renamed []struct {
		From       string  `json:"from"`
		To         string  `json:"to"`
		Similarity float64 `json:"similarity"`
	} `json:"renamed"`
	// AddedTools and RemovedTools say how risky each added and removed tool is, with its lint
	// findings of high or medium severity, placed in the right text (added) or the left
	// (removed).
	AddedTools   []ToolReport `json:"addedTools"`
	RemovedTools []ToolReport `json:"removedTools"`
	// Summary counts the comparison (HighRisk: the added and changed tools of high risk), and
	// Text says it in one line: "1 added, 0 removed, 2 changed (2 high risk), 12 unchanged".
	Summary struct {
		Added     int    `json:"added"`
		Removed   int    `json:"removed"`
		Changed   int    `json:"changed"`
		Unchanged int    `json:"unchanged"`
		Renamed   int    `json:"renamed"`
		HighRisk  int    `json:"highRisk"`
		Text      string `json:"text"`
	} `json:"summary"`
}

// AtOrAbove counts the added, removed and changed tools whose risk is threshold or more urgent.
func (d *CatalogDiff) AtOrAbove(threshold Severity) int {
	n := 0
	for _, t := range d.AddedTools {
		if t.Risk.AtLeast(threshold) {
			n++
		}
	}
	for _, t := range d.RemovedTools {
		if t.Risk.AtLeast(threshold) {
			n++
		}
	}
	for _, t := range d.Changed {
		if t.Risk.AtLeast(threshold) {
			n++
		}
	}
	return n
}

// A ToolReport is an added or removed tool of a [CatalogDiff]: how urgently a reviewer should
// look at it and why, its lint findings of high or medium severity, and where it is.
type ToolReport struct {
	Tool     string    `json:"tool"`
	Risk     Severity  `json:"risk"`
	Reasons  []string  `json:"reasons"`
	Findings []Finding `json:"findings,omitempty"`
	Pointer  string    `json:"pointer"`
	Line     int       `json:"line"`
	Column   int       `json:"column"`
}

// A LockReport is a catalog verified against a lock file.
type LockReport struct {
	// OK says nothing changed, appeared or vanished; Changed, Added, Removed and Unchanged are
	// tool names.
	OK        bool     `json:"ok"`
	Changed   []string `json:"changed"`
	Added     []string `json:"added"`
	Removed   []string `json:"removed"`
	Unchanged []string `json:"unchanged"`
	// Tools holds each tool whose pin does not hold: its Status ("changed", "added" or
	// "removed"), the Pinned and Actual pins, its Side ("right" for the catalog, "left" for the
	// lock) with its Pointer, Line and Column there, and a Message.
	Tools []struct {
		Tool    string `json:"tool"`
		Status  string `json:"status"`
		Pinned  string `json:"pinned,omitempty"`
		Actual  string `json:"actual,omitempty"`
		Side    string `json:"side"`
		Pointer string `json:"pointer"`
		Line    int    `json:"line,omitempty"`
		Column  int    `json:"column,omitempty"`
		Message string `json:"message"`
	} `json:"tools"`
}

// Diff compares two JSON texts: as an RFC 6902 JSON Patch (numbers compared by their exact
// decimal value, so 10 and 10.0 are no change), and, for catalogs, tool by tool — what was added, removed or changed, whether a schema
// was loosened, which annotations flipped, a risk per tool — or a catalog against a lock file.
func Diff(req DiffRequest) DiffResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := diff.CompareWith(req.Left, req.Right, req.Mode, diff.Options{WithPatch: !req.OmitPatch, IgnoreArrayOrder: req.IgnoreArrayOrder})
	if res.Mode == diff.ModeCatalog || res.Mode == diff.ModeLock {
		res.Findings = append(res.Findings, trifectaOf(res.RightDocument, res.RightCatalog)...)
	}
	res.Problems = withLanguage(langProbs, res.Problems)
	return diffResultOf(translateDiff(tr, res))
}

// diffResultOf is the face's answer for internal/diff's: the same fields, the parts' places
// spelt out. A nil list stays nil (null), an empty one empty.
func diffResultOf(res diff.Result) DiffResult {
	out := DiffResult{Mode: res.Mode, Patch: res.Patch, Findings: res.Findings, Problems: res.Problems}
	resize(&out.Places, res.Places)
	for i, p := range res.Places {
		out.Places[i] = p // the same fields, so assignable: a field changed in one fails the build
	}
	if c := res.Catalog; c != nil {
		out.Catalog = &CatalogDiff{Added: c.Added, Removed: c.Removed, Unchanged: c.Unchanged,
			AddedTools: toolReportsOf(c.AddedTools), RemovedTools: toolReportsOf(c.RemovedTools)}
		out.Catalog.Summary = c.Summary
		resize(&out.Catalog.Renamed, c.Renamed)
		for i, r := range c.Renamed {
			out.Catalog.Renamed[i] = r
		}
		resize(&out.Catalog.Changed, c.Changed)
		for i, t := range c.Changed {
			o := &out.Catalog.Changed[i]
			o.Tool, o.Fields, o.Schema, o.Risk, o.Reasons, o.Description, o.NewFindings = t.Tool, t.Fields, t.Schema, t.Risk, t.Reasons, t.Description, t.NewFindings
			o.Pointer, o.Line, o.Column, o.LeftPointer, o.LeftLine, o.LeftColumn = t.Pointer, t.Line, t.Column, t.LeftPointer, t.LeftLine, t.LeftColumn
			resize(&o.SchemaChanges, t.SchemaChanges)
			for j, sc := range t.SchemaChanges {
				os := &o.SchemaChanges[j]
				os.Schema, os.SchemaPointer, os.Change, os.Class, os.Message = sc.Schema, sc.SchemaPointer, sc.Change, sc.Class, sc.Message
				os.Pointer, os.Line, os.Column, os.LeftPointer, os.LeftLine, os.LeftColumn = sc.Pointer, sc.Line, sc.Column, sc.LeftPointer, sc.LeftLine, sc.LeftColumn
			}
			resize(&o.Annotations, t.Annotations)
			for j, a := range t.Annotations {
				oa := &o.Annotations[j]
				oa.Hint, oa.From, oa.To, oa.Class, oa.Message = a.Hint, a.From, a.To, string(a.Class), a.Message
				oa.Pointer, oa.Line, oa.Column, oa.LeftPointer, oa.LeftLine, oa.LeftColumn = a.Pointer, a.Line, a.Column, a.LeftPointer, a.LeftLine, a.LeftColumn
			}
		}
	}
	if l := res.Lock; l != nil {
		out.Lock = &LockReport{OK: l.OK, Changed: l.Changed, Added: l.Added, Removed: l.Removed, Unchanged: l.Unchanged}
		resize(&out.Lock.Tools, l.Tools)
		for i, e := range l.Tools {
			o := &out.Lock.Tools[i]
			o.Tool, o.Status, o.Pinned, o.Actual, o.Side, o.Pointer, o.Line, o.Column, o.Message = e.Tool, string(e.Status), e.Pinned, e.Actual, e.Side, e.Pointer, e.Line, e.Column, e.Message
		}
	}
	return out
}

func toolReportsOf(rs []diff.ToolReport) []ToolReport {
	var reports []ToolReport
	resize(&reports, rs)
	for i, r := range rs {
		reports[i] = ToolReport{Tool: r.Tool, Risk: r.Risk, Reasons: r.Reasons, Findings: r.Findings, Pointer: r.Pointer, Line: r.Line, Column: r.Column}
	}
	return reports
}

// resize makes *dst a list of len(like) zero elements, or nil when like is nil, for a copy of
// like's elements.
func resize[S ~[]E, E, T any](dst *S, like []T) {
	if like != nil {
		*dst = make(S, len(like))
	}
}
