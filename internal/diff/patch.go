package diff

import (
	"encoding/json"

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
// With matchArrays, arrays are matched by their longest common subsequence (quadratic in their
// length): after alignArrays an element's removal is then one "remove", not a shift of every
// element after it.
func jsonPatch(left, right any, matchArrays bool) ([]PatchOp, error) {
	var opts []jsondiff.Option
	if matchArrays {
		opts = append(opts, jsondiff.LCS())
	}
	ops, err := jsondiff.CompareWithoutMarshal(left, right, opts...)
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
