package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"

	"github.com/wI2L/jsondiff"
)

// Diff modes, as DiffRequest.Mode and DiffResult.Mode spell them.
const (
	DiffModeAuto    = "auto"
	DiffModePatch   = "patch"
	DiffModeCatalog = "catalog"
	// DiffModeLock verifies a catalog (right) against a lock file (left).
	DiffModeLock = "lock"
)

// DiffRequest is the input of [Diff]: two texts exactly as pasted, left the approved one and
// right the one in front of the reviewer now.
type DiffRequest struct {
	Left  string `json:"left"`
	Right string `json:"right"`
	// Mode is "auto" (or ""), "patch", "catalog" or "lock". Auto picks "lock" when the left is a
	// lock file and the right a catalog, "catalog" when both are catalogs, else "patch".
	Mode string `json:"mode"`
}

// A PatchOp is one RFC 6902 operation.
type PatchOp struct {
	Op   string `json:"op"`
	Path string `json:"path"`
	From string `json:"from,omitempty"`
	// Value is the operation's value for add, replace and test; a JSON null stays a null.
	Value any `json:"value,omitempty"`
}

// MarshalJSON writes "value" for add, replace and test even when it is null, as RFC 6902
// requires, and never for the other operations.
func (op PatchOp) MarshalJSON() ([]byte, error) {
	type wire struct {
		Op    string          `json:"op"`
		Path  string          `json:"path"`
		From  string          `json:"from,omitempty"`
		Value json.RawMessage `json:"value,omitempty"`
	}
	w := wire{Op: op.Op, Path: op.Path, From: op.From}
	switch op.Op {
	case "add", "replace", "test":
		raw, err := json.Marshal(op.Value)
		if err != nil {
			return nil, fmt.Errorf("patch operation at %q: %w", op.Path, err)
		}
		w.Value = raw
	}
	return json.Marshal(w)
}

// DiffResult is the answer of [Diff].
type DiffResult struct {
	Mode string `json:"mode"`
	// Patch turns left into right (RFC 6902). It is given in every mode but "lock", so the page
	// can show the raw patch one click away from the catalog report.
	Patch   []PatchOp    `json:"patch"`
	Catalog *CatalogDiff `json:"catalog,omitempty"`
	Lock    *LockReport  `json:"lock,omitempty"`
	// Findings are the lint findings on the right-hand catalog (catalog and lock modes), so the
	// page can show them beside the report without parsing a large text twice.
	Findings []Finding `json:"findings,omitempty"`
	Problems Problems  `json:"problems"`
}

// Diff compares two JSON texts.
//
// The patch is computed on the strictly parsed values, so numbers keep every digit: a change in
// the 20th digit is a change. Numbers are compared by their text, not their value: 1.0 → 1 and
// 1e2 → 100 produce a replace operation, so that applying the patch to left gives right's
// numbers exactly as written (a JSON Patch "test" would call them equal; a review tool should
// not hide a change a reader of the text can see). The catalog report, by contrast, compares
// numbers by value, like the pins, which are computed over the RFC 8785 canonical form.
//
// Arrays are compared index by index (never with a longest-common-subsequence search, which is
// quadratic on large arrays); that is why catalogs get their own report keyed by tool name.
func Diff(req DiffRequest) DiffResult {
	res := DiffResult{Mode: DiffModePatch, Patch: []PatchOp{}, Problems: Problems{}}
	mode := req.Mode
	switch mode {
	case "", DiffModeAuto:
		mode = DiffModeAuto
	case DiffModePatch, DiffModeCatalog, DiffModeLock:
	default:
		res.Problems = append(res.Problems, Problem{Source: SourceLeft, Kind: KindRule, Offset: -1,
			Message: fmt.Sprintf("unknown diff mode %q: use auto, patch, catalog or lock", shorten(req.Mode, 40))})
		return res
	}
	left, lp := ParseText(SourceLeft, req.Left)
	right, rp := ParseText(SourceRight, req.Right)
	res.Problems = append(res.Problems, lp...)
	res.Problems = append(res.Problems, rp...)
	if left == nil || right == nil {
		if mode != DiffModeAuto {
			res.Mode = mode
		}
		return res
	}
	if mode == DiffModeAuto {
		switch {
		case looksLikeLock(left.Value) && LooksLikeCatalog(right.Value):
			mode = DiffModeLock
		case LooksLikeCatalog(left.Value) && LooksLikeCatalog(right.Value):
			mode = DiffModeCatalog
		default:
			mode = DiffModePatch
		}
	}
	res.Mode = mode
	if mode == DiffModeLock {
		res.Lock, res.Findings, res.Problems = verifyLockDocs(left, right, res.Problems)
		return res
	}
	patch, err := JSONPatch(left.Value, right.Value)
	if err != nil {
		res.Problems = append(res.Problems, Problem{Source: SourceRight, Kind: KindRule, Offset: -1, Message: err.Error()})
	}
	res.Patch = patch
	if mode != DiffModeCatalog {
		return res
	}
	lc, lps := ParseCatalog(left)
	rc, rps := ParseCatalog(right)
	res.Problems = append(res.Problems, lps...)
	res.Problems = append(res.Problems, rps...)
	if lc == nil || rc == nil {
		return res
	}
	res.Catalog, res.Findings = compareCatalogs(lc, rc, left, right)
	return res
}

// JSONPatch returns the RFC 6902 operations that turn left into right. Both values must be
// made of the types [ParseDocument] produces (json.Number for numbers). The operations are
// add, remove and replace only: no move or copy, whose search is quadratic on large documents.
func JSONPatch(left, right any) ([]PatchOp, error) {
	ops, err := jsondiff.CompareWithoutMarshal(left, right)
	if err != nil {
		return []PatchOp{}, fmt.Errorf("the patch could not be computed: %w", err)
	}
	patch := make([]PatchOp, 0, len(ops))
	for _, op := range ops {
		p := PatchOp{Op: op.Type, Path: op.Path, From: op.From, Value: op.Value}
		if p.Path == "" && p.Op == "add" {
			// jsondiff writes a change of the root's type as "add" at "". RFC 6902 allows it, but
			// "replace" says what happens and every patch library applies it.
			p.Op = "replace"
		}
		patch = append(patch, p)
	}
	return patch, nil
}

// valuesEqual compares two parsed values, numbers by value (1.0 equals 1, 1e2 equals 100), as the
// catalog report and the RFC 8785 pins do.
func valuesEqual(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !valuesEqual(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !valuesEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case json.Number:
		y, ok := b.(json.Number)
		return ok && compareNumbers(x, y) == 0
	case string:
		y, ok := b.(string)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

// maxExactExponent bounds the decimal exponent compared exactly: beyond it big arithmetic would
// cost memory an attacker controls, so such numbers are compared as float64 (which still sees
// 1e400 and 1e401 as equal infinities; no real schema bound is that large).
const maxExactExponent = 400

// compareNumbers returns -1, 0 or 1 as a is less than, equal to or greater than b, exactly for
// numbers of reasonable exponent.
func compareNumbers(a, b json.Number) int {
	if a == b {
		return 0
	}
	ra, okA := exactNumber(string(a))
	rb, okB := exactNumber(string(b))
	if okA && okB {
		return ra.Cmp(rb)
	}
	fa, _ := strconv.ParseFloat(string(a), 64)
	fb, _ := strconv.ParseFloat(string(b), 64)
	switch {
	case fa < fb:
		return -1
	case fa > fb:
		return 1
	}
	return 0
}

func exactNumber(s string) (*big.Rat, bool) {
	if i := bytes.IndexAny([]byte(s), "eE"); i >= 0 {
		exp, err := strconv.Atoi(s[i+1:])
		if err != nil || exp > maxExactExponent || exp < -maxExactExponent {
			return nil, false
		}
	}
	if len(s) > 2*maxExactExponent {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}
