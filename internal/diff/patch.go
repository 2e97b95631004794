package diff

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/wI2L/jsondiff"
)

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
			return nil, i18n.Errorf("patch operation at %q: %w", op.Path, err)
		}
		w.Value = raw
	}
	return json.Marshal(w)
}

// jsonPatch returns the RFC 6902 operations that turn left into right. Both values must be
// made of the types [jsondoc.Parse] produces (json.Number for numbers). The operations are
// add, remove and replace only: no move or copy, whose search is quadratic on large documents.
//
// Numbers are compared by value, as JSON Schema's equality does (10 = 10.0 = 1e1): a number on
// the right equal to the left's at the same place is no change, so the patch never holds an
// operation that changes nothing. jsondiff compares json.Number by its text, so the right side
// is first given the left's text wherever the two are equal.
//
// With matchArrays, arrays are matched by their longest common subsequence (quadratic in their
// length): after alignArrays an element's removal is then one "remove", not a shift of every
// element after it.
func jsonPatch(left, right any, matchArrays bool) ([]PatchOp, error) {
	aligned, _ := alignNumbers(left, right)
	var opts []jsondiff.Option
	if matchArrays {
		opts = append(opts, jsondiff.LCS())
	}
	ops, err := jsondiff.CompareWithoutMarshal(left, aligned, opts...)
	if err != nil {
		return []PatchOp{}, i18n.Errorf("the patch could not be computed: %w", err)
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

// alignNumbers returns right with every number that equals (by value) the left's number at the
// same place written as the left writes it, and whether it changed anything. Unchanged subtrees
// are shared, not copied, so a comparison without such numbers allocates nothing.
func alignNumbers(left, right any) (any, bool) {
	switch r := right.(type) {
	case json.Number:
		if l, ok := left.(json.Number); ok && l != r && jsondoc.Equal(l, r) {
			return l, true
		}
	case map[string]any:
		l, ok := left.(map[string]any)
		if !ok {
			return right, false
		}
		var aligned map[string]any
		for k, rv := range r {
			lv, in := l[k]
			if !in {
				continue
			}
			if nv, changed := alignNumbers(lv, rv); changed {
				if aligned == nil {
					aligned = maps.Clone(r)
				}
				aligned[k] = nv
			}
		}
		if aligned != nil {
			return aligned, true
		}
	case []any:
		l, ok := left.([]any)
		if !ok {
			return right, false
		}
		var aligned []any
		for i := range min(len(l), len(r)) {
			if nv, changed := alignNumbers(l[i], r[i]); changed {
				if aligned == nil {
					aligned = slices.Clone(r)
				}
				aligned[i] = nv
			}
		}
		if aligned != nil {
			return aligned, true
		}
	}
	return right, false
}
