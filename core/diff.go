package core

import (
	"github.com/gatehouse-dev/gatehouse/internal/catalog"
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

// DiffResult is the answer of [Diff]: the mode used, the RFC 6902 patch from left to right, the
// catalog or lock report, and the lint findings on the right-hand catalog.
type DiffResult = diff.Result

// A DiffMode is how [Diff] compares two texts.
type DiffMode = diff.Mode

// Diff modes, as DiffRequest.Mode and DiffResult.Mode spell them.
const (
	DiffModeAuto    = diff.ModeAuto
	DiffModePatch   = diff.ModePatch
	DiffModeCatalog = diff.ModeCatalog
	DiffModeLock    = diff.ModeLock // a catalog (right) verified against a lock file (left)
)

// A SchemaClass says what a schema change does to the values a schema accepts (loosened,
// tightened, neutral), or sums up a tool's schema changes (also mixed, unchanged).
type SchemaClass = diff.SchemaClass

// The parts of a [DiffResult].
type (
	PatchOp        = diff.PatchOp        // one RFC 6902 operation
	CatalogDiff    = diff.CatalogDiff    // two catalogs compared tool by tool, keyed by name
	CatalogSummary = diff.CatalogSummary // the counts of a CatalogDiff
	ToolChange     = diff.ToolChange     // a tool on both sides whose definition differs
	ToolReport     = diff.ToolReport     // an added or removed tool, with its risk
	SchemaChange   = diff.SchemaChange   // one inputSchema or outputSchema change, loosened or tightened
	AnnotationFlip = diff.AnnotationFlip // a behaviour hint that changed
	Rename         = diff.Rename         // a removed and an added tool that are (nearly) the same
	WordDiff       = diff.WordDiff       // a description's change, word by word
	DiffSegment    = diff.DiffSegment    // a run of text kept, inserted or deleted
	LockReport     = catalog.LockReport  // a catalog verified against a lock file
	LockEntry      = catalog.LockEntry   // one tool whose pin does not hold
	PatchPlace     = diff.PatchPlace     // where one patch operation falls in the two texts
)

// Diff compares two JSON texts: as an RFC 6902 JSON Patch (numbers compared by their exact
// decimal value, so 10 and 10.0 are no change), and, for catalogs, tool by tool — what was added, removed or changed, whether a schema
// was loosened, which annotations flipped, a risk per tool — or a catalog against a lock file.
func Diff(req DiffRequest) DiffResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := diff.CompareWith(req.Left, req.Right, req.Mode, diff.Options{WithPatch: !req.OmitPatch, IgnoreArrayOrder: req.IgnoreArrayOrder})
	if res.Mode == DiffModeCatalog || res.Mode == DiffModeLock {
		res.Findings = append(res.Findings, trifectaFindings(req.Right, "")...)
	}
	res.Problems = withLanguage(langProbs, res.Problems)
	return translateDiff(tr, res)
}
