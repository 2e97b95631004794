package diff

import (
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// catalogOf writes a catalog of the given tool objects.
func catalogOf(tools ...string) string { return `{"tools":[` + strings.Join(tools, ",") + `]}` }

func compareCatalogsText(t *testing.T, left, right string) *CatalogDiff {
	t.Helper()
	res := Compare(left, right, ModeCatalog, false)
	if len(res.Problems) > 0 || res.Catalog == nil {
		t.Fatalf("problems %v", res.Problems)
	}
	return res.Catalog
}

// TestCatalogChangedFields: tools are matched by name, not position, and a changed tool names
// the top-level fields that differ.
func TestCatalogChangedFields(t *testing.T) {
	a := `{"name":"a","description":"Reads a file.","inputSchema":{"type":"object"}}`
	b := `{"name":"b","inputSchema":{"type":"object"}}`
	bTitled := `{"name":"b","title":"B","inputSchema":{"type":"object"}}`
	d := compareCatalogsText(t, catalogOf(a, b), catalogOf(bTitled, a))
	if len(d.Changed) != 1 || d.Changed[0].Tool != "b" || !slices.Equal(d.Changed[0].Fields, []string{"title"}) {
		t.Fatalf("changed %+v, want b with fields [title]", d.Changed)
	}
	if !slices.Equal(d.Unchanged, []string{"a"}) || len(d.Added)+len(d.Removed) != 0 {
		t.Errorf("unchanged %v added %v removed %v: a moved, it did not change", d.Unchanged, d.Added, d.Removed)
	}
	// A title alone is low risk.
	if d.Changed[0].Risk != lint.SeverityLow {
		t.Errorf("risk %s, want low for a title", d.Changed[0].Risk)
	}
	if d.Summary.Changed != 1 || d.Summary.Unchanged != 1 {
		t.Errorf("summary %+v", d.Summary)
	}
}

// TestCatalogRename: a tool removed and one added with the same definition but the name is a
// likely rename, still listed as added and removed (a pin keyed by name no longer matches).
func TestCatalogRename(t *testing.T) {
	old := `{"name":"read_file","description":"Reads a file from the workspace and returns its text.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`
	renamed := strings.Replace(old, `"read_file"`, `"read_file_v2"`, 1)
	other := `{"name":"send","description":"Sends mail to anyone.","inputSchema":{"type":"object","properties":{"to":{"type":"string"},"body":{"type":"string"}}}}`
	d := compareCatalogsText(t, catalogOf(old), catalogOf(renamed, other))
	if len(d.Renamed) != 1 || d.Renamed[0].From != "read_file" || d.Renamed[0].To != "read_file_v2" || d.Renamed[0].Similarity != 1 {
		t.Fatalf("renamed %+v, want read_file → read_file_v2 at similarity 1", d.Renamed)
	}
	if !slices.Equal(d.Added, []string{"read_file_v2", "send"}) || !slices.Equal(d.Removed, []string{"read_file"}) {
		t.Errorf("added %v removed %v", d.Added, d.Removed)
	}
}

// TestSchemaClasses: each schema change is classed by what it does to the accepted values, and
// the tool's verdict sums them up.
func TestSchemaClasses(t *testing.T) {
	tests := []struct {
		name, left, right string
		change            string
		class, verdict    SchemaClass
	}{
		// A raised maxLength accepts more; a lowered one less.
		{"maxLength raised", `{"type":"string","maxLength":10}`, `{"type":"string","maxLength":100}`, "maxLength-relaxed", ClassLoosened, ClassLoosened},
		{"maxLength lowered", `{"type":"string","maxLength":100}`, `{"type":"string","maxLength":10}`, "maxLength-tightened", ClassTightened, ClassTightened},
		// additionalProperties false removed opens the object.
		{"closed object opened", `{"type":"object","additionalProperties":false}`, `{"type":"object"}`, "additionalProperties-removed", ClassLoosened, ClassLoosened},
		// Another spelling of the same bound is no change at all.
		{"same bound", `{"maxLength":10}`, `{"maxLength":10.0}`, "", "", "unchanged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changes := CompareSchemas("inputSchema", parse(t, tt.left), parse(t, tt.right), "/l", "/r")
			if v := schemaVerdict(changes); v != tt.verdict {
				t.Errorf("verdict %s, want %s (%+v)", v, tt.verdict, changes)
			}
			if tt.change == "" {
				if len(changes) != 0 {
					t.Errorf("changes %+v, want none", changes)
				}
				return
			}
			if len(changes) != 1 || changes[0].Change != tt.change || changes[0].Class != tt.class {
				t.Fatalf("changes %+v, want one %s (%s)", changes, tt.change, tt.class)
			}
		})
	}
	// A loosening and a tightening together are mixed.
	mixed := CompareSchemas("inputSchema", parse(t, `{"maxLength":10,"minLength":1}`), parse(t, `{"maxLength":100,"minLength":2}`), "", "")
	if v := schemaVerdict(mixed); v != "mixed" {
		t.Errorf("verdict %s, want mixed (%+v)", v, mixed)
	}
}

// TestChangeRisk: what a change may do sets its risk; a loosened inputSchema or a riskier
// annotation is high, a rewritten description medium.
func TestChangeRisk(t *testing.T) {
	base := `{"name":"t","description":"Lists items.","inputSchema":{"type":"object","additionalProperties":false},"annotations":{"readOnlyHint":true}}`
	tests := []struct {
		name, right string
		risk        lint.Severity
		reason      string // a word the reasons must hold
	}{
		{"input loosened", `{"name":"t","description":"Lists items.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`, lint.SeverityHigh, "inputSchema accepts more"},
		{"read-only dropped", `{"name":"t","description":"Lists items.","inputSchema":{"type":"object","additionalProperties":false},"annotations":{"readOnlyHint":false}}`, lint.SeverityHigh, "readOnlyHint"},
		{"description", `{"name":"t","description":"Lists all items.","inputSchema":{"type":"object","additionalProperties":false},"annotations":{"readOnlyHint":true}}`, lint.SeverityMedium, "word diff"},
		{"tightened only", `{"name":"t","description":"Lists items.","inputSchema":{"type":"object","additionalProperties":false,"maxProperties":0},"annotations":{"readOnlyHint":true}}`, lint.SeverityLow, "accept no more"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := compareCatalogsText(t, catalogOf(base), catalogOf(tt.right))
			if len(d.Changed) != 1 {
				t.Fatalf("changed %+v", d.Changed)
			}
			c := d.Changed[0]
			if c.Risk != tt.risk || !strings.Contains(strings.Join(c.Reasons, "; "), tt.reason) {
				t.Errorf("risk %s, reasons %q; want %s with %q", c.Risk, c.Reasons, tt.risk, tt.reason)
			}
		})
	}
}

// TestWordDiff: a description's change is shown word by word, and the segments rebuild both
// texts.
func TestWordDiff(t *testing.T) {
	tests := []struct {
		a, b string
		want []DiffSegment
	}{
		{"Reads a file.", "Reads a secret file.", []DiffSegment{{"equal", "Reads a "}, {"insert", "secret "}, {"equal", "file."}}},
		{"Send mail now", "Send mail", []DiffSegment{{"equal", "Send mail"}, {"delete", " now"}}},
		{"same", "same", []DiffSegment{{"equal", "same"}}},
	}
	for _, tt := range tests {
		got := wordDiff(tt.a, tt.b)
		var left, right strings.Builder
		for _, s := range got {
			if s.Op != "insert" {
				left.WriteString(s.Text)
			}
			if s.Op != "delete" {
				right.WriteString(s.Text)
			}
		}
		if left.String() != tt.a || right.String() != tt.b {
			t.Errorf("%q → %q: segments rebuild %q and %q", tt.a, tt.b, left.String(), right.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q → %q: %+v, want %+v", tt.a, tt.b, got, tt.want)
		}
	}
}
