// Package diff compares what was reviewed with what is in front of the reviewer now: two JSON
// texts as an RFC 6902 patch, two catalogs tool by tool (added, removed, changed, renamed; schema
// changes classed as loosened or tightened; annotation flips; a risk per tool), and a catalog
// against a lock file of pins.
package diff

import (
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// A Mode is how two texts are compared, as a request and its [Result] spell it.
type Mode string

// The modes.
const (
	ModeAuto    Mode = "auto"
	ModePatch   Mode = "patch"
	ModeCatalog Mode = "catalog"
	// ModeLock verifies a catalog (right) against a lock file (left).
	ModeLock Mode = "lock"
)

// Result is what [Compare] finds.
type Result struct {
	Mode Mode `json:"mode"`
	// Patch turns left into right (RFC 6902). It is given in every mode but "lock", so the page
	// can show the raw patch one click away from the catalog report, unless the comparison was
	// asked without it: then it is nil (null), not an empty patch, which would say "no change".
	Patch   []PatchOp           `json:"patch"`
	Catalog *CatalogDiff        `json:"catalog,omitempty"`
	Lock    *catalog.LockReport `json:"lock,omitempty"`
	// Findings are the lint findings on the right-hand catalog (catalog and lock modes), so the
	// page can show them beside the report without parsing a large text twice.
	Findings []lint.Finding `json:"findings,omitempty"`
	// Places say where the patch's operations fall in the two texts (a plain JSON diff only),
	// so that a view can mark both sides: what changed, what was added, what was removed.
	Places   []PatchPlace     `json:"places,omitempty"`
	Problems problem.Problems `json:"problems"`
	// RightDocument and RightCatalog are the right text as parsed (nil where it did not parse or
	// was not read as a catalog), for a caller that checks more of it: the trifecta of a large
	// catalog need not parse 10 MB a second time.
	RightDocument *jsondoc.Document `json:"-"`
	RightCatalog  *catalog.Catalog  `json:"-"`
}

// A PatchPlace is where one operation of the patch falls: in the right text for what was added,
// in the left for what was removed, in both for what changed. Lines and columns are 1-based.
type PatchPlace struct {
	Op         int    `json:"op"`     // the operation's index in the patch
	Change     string `json:"change"` // "changed", "added" or "removed"
	Line       int    `json:"line,omitempty"`
	Column     int    `json:"column,omitempty"`
	LeftLine   int    `json:"leftLine,omitempty"`
	LeftColumn int    `json:"leftColumn,omitempty"`
}

// maxPlaces bounds the places given: a view marks at most this many operations (the patch
// itself has them all), so a patch of a million operations costs no more than this to place.
const maxPlaces = 1000

// Options are a comparison's settings beyond its mode.
type Options struct {
	// WithPatch includes the RFC 6902 patch of a catalog comparison (see [Compare]).
	WithPatch bool
	// IgnoreArrayOrder compares a plain JSON diff's arrays by content: an element moved is no
	// change. Catalogs are keyed by tool name whatever it says.
	IgnoreArrayOrder bool
}

// Compare compares two JSON texts, left the approved one and right the one in front of the
// reviewer now, in the requested mode: "auto" (or ""), "patch", "catalog" or "lock". Auto picks
// "lock" when the left is a lock file and the right a catalog, "catalog" when both are catalogs,
// else "patch".
//
// The patch is computed on the strictly parsed values, so numbers keep every digit: a change in
// the 20th digit is a change. Numbers are compared by value, with the exact decimal equality of
// JSON Schema (10 = 10.0 = 1e1), everywhere: the patch, the catalog report, the gate's changed
// fields and the pins (which refuse a number no double holds exactly, so RFC 8785's doubles
// never merge two different values). 1.0 → 1 is therefore no change and gives no operation: a
// patch never holds an operation that changes nothing, and applying it to left gives right's
// values (with left's spelling of the numbers they share).
//
// Arrays are compared index by index (never with a longest-common-subsequence search, which is
// quadratic on large arrays); that is why catalogs get their own report keyed by tool name.
//
// withPatch false leaves the patch out of a catalog comparison: on two large catalogs it is most
// of the answer (a moved block of tools is an operation per changed index), and a reader who
// wants it can ask for it when they open it.
func Compare(leftText, rightText string, requested Mode, withPatch bool) Result {
	return CompareWith(leftText, rightText, requested, Options{WithPatch: withPatch})
}

// CompareWith is [Compare] with all its options.
func CompareWith(leftText, rightText string, requested Mode, opts Options) Result {
	withPatch := opts.WithPatch
	res := Result{Mode: ModePatch, Patch: []PatchOp{}, Problems: problem.Problems{}}
	mode := requested
	switch mode {
	case "", ModeAuto:
		mode = ModeAuto
	case ModePatch, ModeCatalog, ModeLock:
	default:
		res.Problems = append(res.Problems, problem.Problem{Source: problem.SourceLeft, Kind: problem.KindRule, Offset: -1,
			Message: i18n.Sprintf("unknown diff mode %q: use auto, patch, catalog or lock", untrusted.Shorten(string(requested), 40))})
		return res
	}
	left, lp := jsondoc.ParseString(problem.SourceLeft, leftText)
	right, rp := jsondoc.ParseString(problem.SourceRight, rightText)
	res.Problems = append(res.Problems, lp...)
	res.Problems = append(res.Problems, rp...)
	res.RightDocument = right
	if left == nil || right == nil {
		if mode != ModeAuto {
			res.Mode = mode
		}
		return res
	}
	if mode == ModeAuto {
		switch {
		case catalog.LooksLikeLock(left.Value) && catalog.LooksLike(right.Value):
			mode = ModeLock
		case catalog.LooksLike(left.Value) && catalog.LooksLike(right.Value):
			mode = ModeCatalog
		default:
			mode = ModePatch
		}
	}
	res.Mode = mode
	if mode == ModeLock {
		res.Lock, res.RightCatalog, res.Findings, res.Problems = verifyLock(left, right, res.Problems)
		return res
	}
	if mode == ModePatch {
		target, order := right.Value, (*arrayOrder)(nil)
		if opts.IgnoreArrayOrder {
			target, order = alignArrays(left.Value, right.Value)
		}
		patch, err := jsonPatch(left.Value, target, opts.IgnoreArrayOrder)
		if err != nil {
			res.Problems = append(res.Problems, problem.Problem{Source: problem.SourceRight, Kind: problem.KindRule, Offset: -1, Message: err.Error()})
		}
		res.Patch = patch
		res.Places = placePatch(patch, left, right, order)
		return res
	}
	if withPatch {
		patch, err := jsonPatch(left.Value, right.Value, false)
		if err != nil {
			res.Problems = append(res.Problems, problem.Problem{Source: problem.SourceRight, Kind: problem.KindRule, Offset: -1, Message: err.Error()})
		}
		res.Patch = patch
	} else {
		res.Patch = nil
	}
	lc, lps := catalog.Parse(left)
	rc, rps := catalog.Parse(right)
	res.RightCatalog = rc
	res.Problems = append(res.Problems, lps...)
	res.Problems = append(res.Problems, rps...)
	if lc == nil || rc == nil {
		return res
	}
	res.Catalog, res.Findings = compareCatalogs(lc, rc, left, right)
	return res
}

// placePatch finds each operation's place in the texts: a removed value in the left, an added
// one in the right (through order, when the right's arrays were aligned), a replaced one in both.
func placePatch(patch []PatchOp, left, right *jsondoc.Document, order *arrayOrder) []PatchPlace {
	var places []PatchPlace
	appended := map[string]int{} // array pointer → how many "-" appends so far
	for i, op := range patch {
		if parent, ok := strings.CutSuffix(op.Path, "/-"); ok {
			// An append names no index: it lands after the left's elements and earlier appends.
			if arr, isArray := jsondoc.Lookup(left.Value, parent).([]any); isArray {
				op.Path = jsondoc.JoinPointer(parent, strconv.Itoa(len(arr)+appended[parent]))
				appended[parent]++
			}
		}
		if len(places) == maxPlaces {
			break
		}
		p := PatchPlace{Op: i}
		inLeft, inRight := op.Op == "remove" || op.Op == "replace", op.Op == "add" || op.Op == "replace"
		switch op.Op {
		case "add":
			p.Change = "added"
		case "remove":
			p.Change = "removed"
		default:
			p.Change = "changed"
		}
		if off, ok := left.Locate(op.Path); inLeft && ok {
			p.LeftLine, p.LeftColumn = left.Position(off)
		}
		if off, ok := right.Locate(order.original(op.Path)); inRight && ok {
			p.Line, p.Column = right.Position(off)
		}
		if p.Line != 0 || p.LeftLine != 0 {
			places = append(places, p)
		}
	}
	return places
}
