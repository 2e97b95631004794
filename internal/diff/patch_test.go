package diff

import (
	"encoding/json"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

func parse(t *testing.T, text string) any {
	t.Helper()
	doc, probs := jsondoc.ParseString(problem.SourceLeft, text)
	if len(probs) > 0 {
		t.Fatalf("%s: %v", text, probs)
	}
	return doc.Value
}

// TestPatchNumbersByValue: the patch compares numbers with JSON Schema's exact decimal equality,
// so it never holds an operation that changes nothing, yet sees a change in any digit.
func TestPatchNumbersByValue(t *testing.T) {
	tests := []struct {
		name, left, right string
		want              string // the patch as JSON
	}{
		// The case: another spelling of the same bound is no change.
		{"maxLength 10 and 10.0", `{"maxLength":10}`, `{"maxLength":10.0}`, `[]`},
		{"exponent", `{"n":1e1}`, `{"n":10}`, `[]`},
		{"top level", `3`, `3.0`, `[]`},
		{"zero's sign", `[0]`, `[-0.0]`, `[]`},
		// The 20th digit is a change that a double would hide.
		{"20th digit", `[12345678901234567890]`, `[12345678901234567891]`, `[{"op":"replace","path":"/0","value":12345678901234567891}]`},
		// Equal numbers beside a change: only the change, and the right's text of it.
		{"mixed", `{"a":1,"b":[2,3.0]}`, `{"a":1.0,"b":[2e0,3.5]}`, `[{"op":"replace","path":"/b/1","value":3.5}]`},
		// A number and a string that reads the same are different values.
		{"number and string", `{"a":1}`, `{"a":"1"}`, `[{"op":"replace","path":"/a","value":"1"}]`},
		// An added key keeps its own spelling.
		{"added", `{}`, `{"a":1.50}`, `[{"op":"add","path":"/a","value":1.50}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			right := parse(t, tt.right)
			rightText := jsondoc.Compact(right)
			ops, err := jsonPatch(parse(t, tt.left), right, false)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(ops)
			if string(got) != tt.want {
				t.Errorf("patch %s, want %s", got, tt.want)
			}
			if jsondoc.Compact(right) != rightText {
				t.Errorf("the right value was changed in place: %s, was %s", jsondoc.Compact(right), rightText)
			}
		})
	}
}

// TestCompareNothingChanged: through Compare, the same document with other number spellings is
// an empty patch in patch mode and no tool change in catalog mode.
func TestCompareNothingChanged(t *testing.T) {
	left := `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":"string","maxLength":10}}}}]}`
	right := `{"tools":[{"name":"a","inputSchema":{"type":"object","properties":{"s":{"type":"string","maxLength":10.0}}}}]}`
	for _, mode := range []Mode{ModePatch, ModeCatalog} {
		res := Compare(left, right, mode, true)
		if len(res.Problems) > 0 {
			t.Fatalf("%s: %v", mode, res.Problems)
		}
		if len(res.Patch) != 0 {
			t.Errorf("%s: patch %v, want none", mode, res.Patch)
		}
		if mode == ModeCatalog && (res.Catalog == nil || len(res.Catalog.Changed) != 0) {
			t.Errorf("catalog report %+v, want no change", res.Catalog)
		}
	}
}

// TestPinNumbersByValue: a pin does not change with another spelling of the same number (RFC
// 8785 writes doubles), and a number a double cannot hold is refused rather than pinned loosely,
// so pins agree with the patch and the report.
func TestPinNumbersByValue(t *testing.T) {
	pin := func(text string) (string, error) {
		return catalog.Pin(parse(t, text).(map[string]any))
	}
	a, errA := pin(`{"name":"a","inputSchema":{"maxLength":10}}`)
	b, errB := pin(`{"name":"a","inputSchema":{"maxLength":10.0}}`)
	if errA != nil || errB != nil || a != b {
		t.Errorf("pins %s (%v) and %s (%v), want one pin", a, errA, b, errB)
	}
	if c, _ := pin(`{"name":"a","inputSchema":{"maxLength":11}}`); c == a {
		t.Errorf("11 has the pin of 10")
	}
	if _, err := pin(`{"name":"a","n":12345678901234567891}`); err == nil {
		t.Errorf("a number beyond a double's precision was pinned")
	}
}
