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
	// so that a view can mark both sides: what changed, what was added, what was removed.
	Places []PatchPlace `json:"places,omitempty"`
	// Problems are what is wrong with either text, each [Problem] at its line and column.
	Problems Problems `json:"problems"`
}

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

// The parts of a [DiffResult]. Where a part is placed, pointer, line and column place it in the
// right text, and leftPointer, leftLine and leftColumn in the left one (0 when unknown).
type (
	// A PatchOp is one RFC 6902 operation: op ("add", "remove" or "replace"), path, and value
	// (for add and replace, a null included).
	PatchOp = diff.PatchOp
	// A CatalogDiff is two catalogs compared tool by tool, keyed by name (never by position):
	// added, removed, unchanged (tool names), changed (a list of [ToolChange]), renamed (a list of [Rename]),
	// addedTools and removedTools (a list of [ToolReport]: each added or removed tool's risk), summary
	// ([CatalogSummary]). A likely rename is in added, removed and renamed.
	CatalogDiff = diff.CatalogDiff
	// A CatalogSummary counts a [CatalogDiff]: added, removed, changed, unchanged, renamed,
	// highRisk (added and changed tools of high risk), and text, the summary line.
	CatalogSummary = diff.CatalogSummary
	// A ToolChange is a tool on both sides whose definition differs: tool, fields (the top-level
	// fields that differ), schema (the [SchemaClass] verdict on its schema changes), risk (a
	// [Severity]) and reasons (why, in plain words), description (a [WordDiff], when it changed),
	// schemaChanges (a list of [SchemaChange]), annotations (a list of [AnnotationFlip]), newFindings (the lint
	// findings ([Finding]) the new definition trips and the old did not), and its places.
	ToolChange = diff.ToolChange
	// A ToolReport is an added or removed tool: tool, risk, reasons, findings (of high or medium
	// severity), placed in the right text (added) or the left (removed).
	ToolReport = diff.ToolReport
	// A SchemaChange is one difference of a tool's inputSchema or outputSchema: schema (which),
	// schemaPointer (where in it), change (a short code such as "additionalProperties-removed"),
	// class ("loosened", "tightened" or "neutral"), message, and its places.
	SchemaChange = diff.SchemaChange
	// An AnnotationFlip is a behaviour hint that changed: hint, from and to (null when absent),
	// class ("riskier" or "safer", which is only a claim), message, and its places.
	AnnotationFlip = diff.AnnotationFlip
	// A Rename is a removed and an added tool that are (nearly) the same but for the name: from,
	// to, similarity (the share of top-level fields, name aside, that are equal).
	Rename = diff.Rename
	// A WordDiff is a description's change, word by word: segments (a list of [DiffSegment]), placed at
	// the new text.
	WordDiff = diff.WordDiff
	// A DiffSegment is a run of text: op ("equal", "insert" or "delete") and text.
	DiffSegment = diff.DiffSegment
	// A LockReport is a catalog verified against a lock file: ok (nothing changed, appeared or
	// vanished), changed, added, removed and unchanged (tool names), and tools, a [LockEntry]
	// per tool whose pin does not hold.
	LockReport = catalog.LockReport
	// A LockEntry is one tool whose pin does not hold: tool, status ("changed", "added" or
	// "removed"), pinned and actual (the pins), side ("right" for the catalog, "left" for the
	// lock), pointer, line and column there, and message.
	LockEntry = catalog.LockEntry
	// A PatchPlace is where one patch operation falls in the two texts: op (its index in the
	// patch), change ("changed", "added" or "removed"), line and column in the right text (for
	// what was added or changed), leftLine and leftColumn in the left one (for what was
	// removed or changed).
	PatchPlace = diff.PatchPlace
)

// Diff compares two JSON texts: as an RFC 6902 JSON Patch (numbers compared by their exact
// decimal value, so 10 and 10.0 are no change), and, for catalogs, tool by tool — what was added, removed or changed, whether a schema
// was loosened, which annotations flipped, a risk per tool — or a catalog against a lock file.
func Diff(req DiffRequest) DiffResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := DiffResult(diff.CompareWith(req.Left, req.Right, req.Mode, diff.Options{WithPatch: !req.OmitPatch, IgnoreArrayOrder: req.IgnoreArrayOrder}))
	if res.Mode == DiffModeCatalog || res.Mode == DiffModeLock {
		res.Findings = append(res.Findings, trifectaFindings(req.Right, "")...)
	}
	res.Problems = withLanguage(langProbs, res.Problems)
	return translateDiff(tr, res)
}
