package gate

import (
	"slices"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// TestChangedFields: the gate names the top-level fields of a tool that differ, numbers by exact
// decimal value, as the diff report and the patch compare them.
func TestChangedFields(t *testing.T) {
	tests := []struct {
		name, before, after string
		want                []string
	}{
		// Another spelling of the same number is no change.
		{"10 and 10.0", `{"name":"a","inputSchema":{"maxLength":10}}`, `{"name":"a","inputSchema":{"maxLength":10.0}}`, []string{}},
		{"1e1 and 10", `{"name":"a","n":1e1}`, `{"name":"a","n":10}`, []string{}},
		// A double cannot tell these apart; the exact equality does.
		{"20th digit", `{"name":"a","n":12345678901234567890}`, `{"name":"a","n":12345678901234567891}`, []string{"n"}},
		// Added and removed fields count, in key order.
		{"added and removed", `{"name":"a","title":"T"}`, `{"name":"a","description":"d"}`, []string{"description", "title"}},
		// A null is a value: present as null differs from absent.
		{"null versus absent", `{"name":"a","x":null}`, `{"name":"a"}`, []string{"x"}},
		// Key order inside a field is not a change.
		{"key order", `{"name":"a","s":{"p":1,"q":2}}`, `{"name":"a","s":{"q":2,"p":1}}`, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := jsondoc.ParseString(problem.SourceCatalog, tt.before)
			after, _ := jsondoc.ParseString(problem.SourceCatalog, tt.after)
			got := changedFields(before.Value.(map[string]any), after.Value.(map[string]any))
			if !slices.Equal(got, tt.want) {
				t.Errorf("changed %q, want %q", got, tt.want)
			}
		})
	}
}
