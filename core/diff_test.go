package core_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// applyPatch applies an emitted patch to left with a real RFC 6902 library (not jsondiff, which
// made it) and returns the result parsed strictly, so numbers compare by their exact text.
func applyPatch(t testing.TB, left string, patch []core.PatchOp) (any, error) {
	t.Helper()
	raw, err := json.Marshal(patch)
	if err != nil {
		return nil, fmt.Errorf("marshal patch: %w", err)
	}
	leftDoc, probs := jsondoc.Parse(core.Sources.Left, []byte(left))
	if leftDoc == nil {
		return nil, probs
	}
	// evanphx/json-patch only applies to an object or an array, and only replaces a root by
	// one; a replace of the whole document (RFC 6902 allows any value) is checked directly.
	if len(patch) == 1 && patch[0].Op == "replace" && patch[0].Path == "" {
		return reparse(t, raw, "/0/value")
	}
	switch leftDoc.Value.(type) {
	case map[string]any, []any:
	default:
		if len(patch) == 0 {
			return leftDoc.Value, nil
		}
		if len(patch) != 1 || patch[0].Op != "replace" || patch[0].Path != "" {
			return nil, fmt.Errorf("a scalar root needs one replace at \"\", got %s", raw)
		}
		return reparse(t, raw, "/0/value")
	}
	p, err := jsonpatch.DecodePatch(raw)
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", raw, err)
	}
	out, err := p.Apply([]byte(left))
	if err != nil {
		return nil, fmt.Errorf("apply %s: %w", raw, err)
	}
	doc, probs := jsondoc.Parse(core.Sources.Right, out)
	if doc == nil {
		return nil, probs
	}
	return doc.Value, nil
}

// reparse pulls the value at a pointer out of a JSON text, parsed strictly.
func reparse(t testing.TB, raw []byte, pointer string) (any, error) {
	t.Helper()
	doc, probs := jsondoc.Parse(core.Sources.Right, raw)
	if doc == nil {
		return nil, probs
	}
	v := doc.Value
	for _, tok := range strings.Split(pointer[1:], "/") {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			var i int
			fmt.Sscan(tok, &i)
			v = x[i]
		}
	}
	return v, nil
}

// evanphxMisreadsPath reports a path evanphx/json-patch v5.9.11 resolves wrongly: it takes an
// empty reference token before the last one ("//k") for the document itself instead of the
// member named "" (RFC 6901 says the member). Such patches are checked by referenceApply alone.
func evanphxMisreadsPath(patch []core.PatchOp) bool {
	for _, op := range patch {
		for _, p := range []string{op.Path, op.From} {
			tokens := strings.Split(p, "/")
			for i := 1; i < len(tokens)-1; i++ {
				if tokens[i] == "" {
					return true
				}
			}
		}
	}
	return false
}

// referenceApply is a small RFC 6902 applier for add, remove and replace (the operations Diff
// emits), written from the RFC as a second opinion.
func referenceApply(doc any, patch []core.PatchOp) (any, error) {
	for _, op := range patch {
		var tokens []string
		if op.Path != "" {
			for _, tok := range strings.Split(op.Path[1:], "/") {
				tokens = append(tokens, strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"))
			}
		}
		var err error
		doc, err = applyAt(doc, tokens, op)
		if err != nil {
			return nil, fmt.Errorf("%s %q: %w", op.Op, op.Path, err)
		}
	}
	return doc, nil
}

func applyAt(v any, tokens []string, op core.PatchOp) (any, error) {
	if len(tokens) == 0 {
		if op.Op == "remove" {
			return nil, fmt.Errorf("cannot remove the root")
		}
		return roundTrip(op.Value), nil
	}
	tok, rest := tokens[0], tokens[1:]
	switch x := v.(type) {
	case map[string]any:
		child, ok := x[tok]
		if len(rest) > 0 {
			if !ok {
				return nil, fmt.Errorf("missing member %q", tok)
			}
			nv, err := applyAt(child, rest, op)
			x[tok] = nv
			return x, err
		}
		switch op.Op {
		case "add":
			x[tok] = roundTrip(op.Value)
		case "replace":
			if !ok {
				return nil, fmt.Errorf("replace of missing member %q", tok)
			}
			x[tok] = roundTrip(op.Value)
		case "remove":
			if !ok {
				return nil, fmt.Errorf("remove of missing member %q", tok)
			}
			delete(x, tok)
		}
		return x, nil
	case []any:
		if tok == "-" && len(rest) == 0 && op.Op == "add" {
			return append(x, roundTrip(op.Value)), nil
		}
		var i int
		if _, err := fmt.Sscan(tok, &i); err != nil || i < 0 || i > len(x) || (i == len(x) && op.Op != "add") {
			return nil, fmt.Errorf("bad index %q for length %d", tok, len(x))
		}
		if len(rest) > 0 {
			nv, err := applyAt(x[i], rest, op)
			x[i] = nv
			return x, err
		}
		switch op.Op {
		case "add":
			x = append(x[:i], append([]any{roundTrip(op.Value)}, x[i:]...)...)
		case "replace":
			x[i] = roundTrip(op.Value)
		case "remove":
			x = append(x[:i], x[i+1:]...)
		}
		return x, nil
	}
	return nil, fmt.Errorf("cannot descend into %T", v)
}

// roundTrip copies a patch value through its JSON text, as a patch sent over the wire is.
func roundTrip(v any) any {
	raw, _ := json.Marshal(v)
	doc, _ := jsondoc.Parse(core.Sources.Right, raw)
	return doc.Value
}

// checkPatchApplies is the property every patch must have: applied to left, by a real patch
// library and by the reference applier, it gives right.
func checkPatchApplies(t testing.TB, left, right string) {
	t.Helper()
	res := core.Diff(core.DiffRequest{Left: left, Right: right, Mode: core.DiffModes.Patch})
	if len(res.Problems) > 0 {
		t.Fatalf("problems: %v\nleft:  %s\nright: %s", res.Problems, left, right)
	}
	raw, _ := json.Marshal(res.Patch)
	want, _ := jsondoc.Parse(core.Sources.Right, []byte(right))
	leftDoc, _ := jsondoc.Parse(core.Sources.Left, []byte(left))
	got, err := referenceApply(leftDoc.Value, res.Patch)
	if err != nil || !jsondoc.Equal(got, want.Value) {
		t.Fatalf("reference applier: patch does not turn left into right (%v)\nleft:  %s\nright: %s\npatch: %s\ngot:   %v", err, left, right, raw, got)
	}
	if evanphxMisreadsPath(res.Patch) {
		return
	}
	got, err = applyPatch(t, left, res.Patch)
	if err != nil {
		t.Fatalf("%v\nleft:  %s\nright: %s", err, left, right)
	}
	if !jsondoc.Equal(got, want.Value) {
		t.Fatalf("evanphx/json-patch: patch does not turn left into right\nleft:  %s\nright: %s\npatch: %s\ngot:   %v", left, right, raw, got)
	}
}

func TestDiffNumbersExact(t *testing.T) {
	tests := []struct {
		name, left, right string
		ops               int
	}{
		// float64 would make these equal; the 20th digit is a change.
		{"20th digit", `{"n":12345678901234567890}`, `{"n":12345678901234567891}`, 1},
		// Numbers are compared by exact decimal value (JSON Schema's equality): another
		// spelling of the same value is no change, so no operation.
		{"same value, other text", `{"n":1.0}`, `{"n":1}`, 0},
		{"exponent", `[1e2]`, `[100]`, 0},
		{"maxLength 10 and 10.0", `{"maxLength":10}`, `{"maxLength":10.0}`, 0},
		{"top-level number", `3`, `3.0`, 0},
		// Equal numbers beside a real change: only the change is an operation.
		{"one of two", `{"a":1e1,"b":[2,3]}`, `{"a":10,"b":[2.0,4]}`, 1},
		{"identical", `{"n":-0.5e-10}`, `{"n":-0.5e-10}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.Diff(core.DiffRequest{Left: tt.left, Right: tt.right})
			if len(res.Patch) != tt.ops {
				t.Fatalf("got %d ops %v, want %d", len(res.Patch), res.Patch, tt.ops)
			}
			checkPatchApplies(t, tt.left, tt.right)
		})
	}
}

func TestPatchOpMarshalsNull(t *testing.T) {
	tests := []struct {
		op   core.PatchOp
		want string
	}{
		// RFC 6902: add, replace and test need "value", and a null is a value.
		{core.PatchOp{Op: "add", Path: "/a"}, `{"op":"add","path":"/a","value":null}`},
		{core.PatchOp{Op: "replace", Path: "", Value: json.Number("1")}, `{"op":"replace","path":"","value":1}`},
		// remove has no value, even when one is set by mistake.
		{core.PatchOp{Op: "remove", Path: "/a", Value: "x"}, `{"op":"remove","path":"/a"}`},
		{core.PatchOp{Op: "move", Path: "/b", From: "/a"}, `{"op":"move","path":"/b","from":"/a"}`},
	}
	for _, tt := range tests {
		got, err := json.Marshal(tt.op)
		if err != nil || string(got) != tt.want {
			t.Errorf("got %s, %v; want %s", got, err, tt.want)
		}
	}
}

func TestDiffModes(t *testing.T) {
	catalog := `{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`
	lock := `{"a":"sha256:0000000000000000000000000000000000000000000000000000000000000000"}`
	tests := []struct {
		name, left, right, mode string
		wantMode                string
		wantProblems            int
	}{
		// Two catalogs: the catalog report.
		{"auto catalogs", catalog, catalog, "", "catalog", 0},
		// Anything else: a plain patch.
		{"auto documents", `{"a":1}`, `{"a":2}`, "auto", "patch", 0},
		// A lock on the left and a catalog on the right: verify.
		{"auto lock", lock, catalog, "", "lock", 0},
		// Patch mode is honoured on catalogs too.
		{"forced patch", catalog, catalog, "patch", "patch", 0},
		// Catalog mode on non-catalogs explains why no report comes.
		{"forced catalog", `{"a":1}`, `{"a":2}`, "catalog", "catalog", 2},
		{"unknown mode", `1`, `2`, "semantic", "patch", 1},
		// Both texts are parsed strictly and problems say which side.
		{"bad left", `{"a":1,"a":2}`, `{}`, "", "patch", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.Diff(core.DiffRequest{Left: tt.left, Right: tt.right, Mode: core.DiffMode(tt.mode)})
			if string(res.Mode) != tt.wantMode || len(res.Problems) != tt.wantProblems {
				t.Fatalf("got mode %q problems %v; want %q and %d problems", res.Mode, res.Problems, tt.wantMode, tt.wantProblems)
			}
			if res.Patch == nil || res.Problems == nil {
				t.Fatal("patch and problems must be [] rather than null")
			}
		})
	}
	res := core.Diff(core.DiffRequest{Left: `{"a":1,"a":2}`, Right: `{}`})
	if p := res.Problems[0]; p.Source != core.Sources.Left || p.Line != 1 || p.Column != 8 {
		t.Errorf("duplicate key problem: %+v, want left 1:8", p)
	}
}

// randomValue builds a JSON text of bounded depth with the awkward parts of JSON: exact
// big numbers, keys that need escaping in a pointer, unicode, nulls, empty containers.
func randomValue(r *rand.Rand, depth int) string {
	kind := r.IntN(10)
	if depth <= 0 && kind >= 6 {
		kind = r.IntN(6)
	}
	switch kind {
	case 0:
		return "null"
	case 1:
		return []string{"true", "false"}[r.IntN(2)]
	case 2:
		return []string{"0", "-1", "1.0", "1e2", "12345678901234567890", "12345678901234567891", "3.14159", "-0.0"}[r.IntN(8)]
	case 3, 4:
		return []string{`""`, `"a"`, `"b"`, `"é😀"`, `"a/b~c"`, `"\u0000"`}[r.IntN(6)]
	case 5, 6, 7:
		keys := []string{"a", "b", "c", "a/b", "m~n", "", "é", "~1", "0", "-"}
		n := r.IntN(5)
		parts := make([]string, 0, n)
		seen := map[string]bool{}
		for i := 0; i < n; i++ {
			k := keys[r.IntN(len(keys))]
			if seen[k] {
				continue
			}
			seen[k] = true
			kb, _ := json.Marshal(k)
			parts = append(parts, string(kb)+":"+randomValue(r, depth-1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	default:
		n := r.IntN(6)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = randomValue(r, depth-1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
}

// mutate changes a parsed value a little, so random pairs share structure as real pairs do.
func mutate(r *rand.Rand, v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			switch r.IntN(6) {
			case 0: // drop
			case 1:
				out[k] = mutate(r, e)
			default:
				out[k] = e
			}
		}
		if r.IntN(3) == 0 {
			out[fmt.Sprintf("k%d", r.IntN(4))] = json.Number("7")
		}
		return out
	case []any:
		out := []any{}
		for _, e := range x {
			switch r.IntN(6) {
			case 0:
			case 1:
				out = append(out, mutate(r, e), nil)
			case 2:
				out = append(out, mutate(r, e))
			default:
				out = append(out, e)
			}
		}
		return out
	case json.Number:
		return json.Number([]string{"12345678901234567892", "1.5", "2e-3", "0"}[r.IntN(4)])
	case string:
		return x + "!"
	}
	return []any{v}
}

func TestDiffPatchAppliesRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2026))
	const pairs = 3000
	for i := 0; i < pairs; i++ {
		left := randomValue(r, 4)
		var right string
		if i%3 == 0 {
			right = randomValue(r, 4)
		} else {
			doc, _ := jsondoc.Parse(core.Sources.Left, []byte(left))
			b, err := json.Marshal(mutate(r, doc.Value))
			if err != nil {
				t.Fatal(err)
			}
			right = string(b)
		}
		checkPatchApplies(t, left, right)
	}
	t.Logf("%d random pairs: every patch applies and gives the right side", pairs)
}

// TestDiffPatchAppliesSuite uses the documents of the RFC 6902 test suite: each test's "doc"
// and "expected" are a left and a right.
func TestDiffPatchAppliesSuite(t *testing.T) {
	dir := testenv.SharedDir(t, "suites/json-patch-tests")
	n := 0
	for _, name := range []string{"tests.json", "spec_tests.json"} {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct {
			Doc      json.RawMessage `json:"doc"`
			Expected json.RawMessage `json:"expected"`
			Disabled bool            `json:"disabled"`
			Comment  string          `json:"comment"`
		}
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			if c.Disabled || c.Doc == nil || c.Expected == nil {
				continue
			}
			t.Run(fmt.Sprintf("%s/%d", name, i), func(t *testing.T) {
				checkPatchApplies(t, string(c.Doc), string(c.Expected))
			})
			n++
		}
	}
	t.Logf("%d suite document pairs: every patch applies", n)
}

func TestDiffCatalogReportsAndPatch(t *testing.T) {
	left := `{"tools":[{"name":"a","description":"x","inputSchema":{"type":"object"}}]}`
	right := `{"tools":[{"name":"b","inputSchema":{"type":"object"}},{"name":"a","description":"y","inputSchema":{"type":"object"}}]}`
	res := core.Diff(core.DiffRequest{Left: left, Right: right})
	if res.Mode != "catalog" || res.Catalog == nil {
		t.Fatalf("mode %q catalog %v", res.Mode, res.Catalog)
	}
	// The raw patch is there too, one click away on the page; by index it touches both tools.
	if len(res.Patch) == 0 {
		t.Fatal("catalog mode must also return the raw patch")
	}
	checkPatchApplies(t, left, right)
	if got := res.Catalog.Added; len(got) != 1 || got[0] != "b" {
		t.Errorf("added %v, want [b]", got)
	}
	if got := res.Catalog.Changed; len(got) != 1 || got[0].Tool != "a" {
		t.Errorf("changed %v, want [a]", got)
	}
}

// OmitPatch leaves out only the patch, and says so with null rather than an empty patch; the
// report is the same, and a request in patch mode still gets its patch.
func TestDiffOmitPatch(t *testing.T) {
	left := `{"tools":[{"name":"a","description":"x","inputSchema":{"type":"object"}}]}`
	right := `{"tools":[{"name":"b","inputSchema":{"type":"object"}},{"name":"a","description":"y","inputSchema":{"type":"object"}}]}`
	full := core.Diff(core.DiffRequest{Left: left, Right: right})
	short := core.Diff(core.DiffRequest{Left: left, Right: right, OmitPatch: true})
	if short.Patch != nil {
		t.Errorf("patch %v, want none", short.Patch)
	}
	full.Patch = nil
	if !reflect.DeepEqual(full, short) {
		t.Errorf("the report changed with the patch left out:\n%+v\n%+v", full, short)
	}
	answer, _ := core.Call("diff", fmt.Sprintf(`{"left":%q,"right":%q,"omitPatch":true}`, left, right))
	if !strings.Contains(string(answer), `"patch":null`) {
		t.Errorf("answer without patch: %s", answer)
	}
	if patch := core.Diff(core.DiffRequest{Left: `[1]`, Right: `[2]`, OmitPatch: true}).Patch; len(patch) != 1 {
		t.Errorf("patch mode with omitPatch: %v, want its one operation", patch)
	}
}

// A plain diff places each operation in the texts: what changed on both sides, what was added
// on the right, what was removed on the left.
func TestDiffPlaces(t *testing.T) {
	left := "{\n  \"a\": 1,\n  \"b\": 2\n}"
	right := "{\n  \"a\": 5,\n  \"c\": 3\n}"
	res := core.Diff(core.DiffRequest{Left: left, Right: right})
	// change, line, column, left line, left column
	got := map[string][5]any{}
	for _, p := range res.Places {
		got[res.Patch[p.Op].Path] = [5]any{p.Change, p.Line, p.Column, p.LeftLine, p.LeftColumn}
	}
	want := map[string][5]any{
		"/a": {"changed", 2, 8, 2, 8},
		"/b": {"removed", 0, 0, 3, 8},
		"/c": {"added", 3, 8, 0, 0},
	}
	for path, w := range want {
		if g, ok := got[path]; !ok || g != w {
			t.Errorf("%s: got %v, want %v", path, g, w)
		}
	}
	if cat := core.Diff(core.DiffRequest{Left: `{"tools":[]}`, Right: `{"tools":[]}`}); cat.Places != nil {
		t.Errorf("a catalog diff has its own report, not places: %+v", cat.Places)
	}
}

// IgnoreArrayOrder matches array elements by content: a reordered array is no change, an
// element removed is one "remove", and the places point into the right text as written.
func TestDiffIgnoreArrayOrder(t *testing.T) {
	left := `{"tags":["a","b","c"],"list":[{"k":1},{"k":2}]}`
	right := `{"tags":["c","a","b"],"list":[{"k":2},{"k":1}]}`
	if res := core.Diff(core.DiffRequest{Left: left, Right: right, IgnoreArrayOrder: true}); len(res.Patch) != 0 || len(res.Problems) != 0 {
		t.Errorf("a reordering is no change when order is ignored: %+v", res.Patch)
	}
	if res := core.Diff(core.DiffRequest{Left: left, Right: right}); len(res.Patch) == 0 {
		t.Error("by default, order counts")
	}
	res := core.Diff(core.DiffRequest{Left: `["a","b","c"]`, Right: `["c","a"]`, IgnoreArrayOrder: true})
	if len(res.Patch) != 1 || res.Patch[0].Op != "remove" || res.Patch[0].Path != "/1" {
		t.Errorf("one element removed: want one remove at /1, got %+v", res.Patch)
	}
	res = core.Diff(core.DiffRequest{Left: `["a","b"]`, Right: "[\n\"x\",\n\"a\"\n]", IgnoreArrayOrder: true})
	if len(res.Places) != 1 || res.Places[0].Line != 2 || res.Places[0].LeftLine != 1 || res.Places[0].LeftColumn != 6 {
		t.Errorf("b changed into x: the places must be b in the left and x (line 2) in the right: %+v %+v", res.Patch, res.Places)
	}
	// The patch turns left into right up to order: applied, it has the right's elements.
	for _, pair := range [][2]string{{`[1,2,3,4]`, `[4,3,9]`}, {`{"a":[{"x":[1,2]},3]}`, `{"a":[3,{"x":[2,1,5]}]}`}} {
		res := core.Diff(core.DiffRequest{Left: pair[0], Right: pair[1], IgnoreArrayOrder: true})
		if _, err := applyPatch(t, pair[0], res.Patch); err != nil {
			t.Errorf("%s → %s: the patch does not apply: %v", pair[0], pair[1], err)
		}
	}
}

// An append ("/-") is placed at the element it adds, after the left's and earlier appends.
func TestDiffPlacesAppend(t *testing.T) {
	res := core.Diff(core.DiffRequest{Left: `{"a":[1]}`, Right: "{\"a\":[1,\n2,\n3]}"})
	if len(res.Places) != 2 || res.Places[0].Line != 2 || res.Places[1].Line != 3 || res.Places[0].Change != "added" {
		t.Errorf("appends: %+v %+v", res.Patch, res.Places)
	}
}
