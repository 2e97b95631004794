package catalog_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/core"
)

func pinText(t *testing.T, catalog string) map[string]string {
	t.Helper()
	res := core.PinCatalog(core.PinRequest{Catalog: catalog})
	if len(res.Problems) > 0 {
		t.Fatal(res.Problems)
	}
	return res.Pins
}

func TestPinCatalog(t *testing.T) {
	base := `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}]}`
	pins := pinText(t, base)
	if len(pins) != 1 || !strings.HasPrefix(pins["a"], "sha256:") || len(pins["a"]) != 71 {
		t.Fatalf("pins %v", pins)
	}
	tests := []struct {
		name, catalog string
		same          bool
	}{
		// Key order and white space are not part of the definition.
		{"reformatted", "{\"tools\":[{\"annotations\":{\"readOnlyHint\":true},\n \"inputSchema\":{\"type\":\"object\"},\"description\":\"d\",\"name\":\"a\"}]}", true},
		// Every field counts: an annotation or schema rug pull changes the pin, not just the description.
		{"annotation flip", `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":false}}]}`, false},
		{"schema change", `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"x":{}}},"annotations":{"readOnlyHint":true}}]}`, false},
		{"new field", `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true},"title":"A"}]}`, false},
	}
	for _, tt := range tests {
		if got := pinText(t, tt.catalog)["a"]; (got == pins["a"]) != tt.same {
			t.Errorf("%s: pin %s vs %s, same=%v wanted", tt.name, got, pins["a"], tt.same)
		}
	}
	if res := core.PinCatalog(core.PinRequest{Catalog: `[`}); len(res.Problems) != 1 || res.Pins == nil {
		t.Errorf("bad text: %+v", res)
	}
}

func TestParseLock(t *testing.T) {
	pin := "sha256:" + strings.Repeat("ab", 32)
	tests := []struct {
		name, text string
		entries    int
		problems   int
	}{
		// A bare map, as a lock file is usually kept.
		{"bare", `{"a":"` + pin + `"}`, 1, 0},
		// The answer of gatehouse.pin, pasted whole.
		{"pin result", `{"pins":{"a":"` + pin + `","b":"` + pin + `"},"problems":[]}`, 2, 0},
		{"bad pin", `{"a":"sha256:xyz","b":"` + pin + `"}`, 1, 1},
		{"not an object", `["a"]`, 0, 1},
		{"stray member", `{"pins":{},"extra":1}`, 0, 1},
	}
	for _, tt := range tests {
		doc, probs := jsondoc.Parse(problem.SourceLock, []byte(tt.text))
		if doc == nil {
			t.Fatal(probs)
		}
		lock, probs := catalog.ParseLock(doc)
		if len(lock) != tt.entries || len(probs) != tt.problems {
			t.Errorf("%s: lock %v problems %v", tt.name, lock, probs)
		}
		for _, p := range probs {
			if p.Line == 0 {
				t.Errorf("%s: problem without a line: %v", tt.name, p)
			}
		}
	}
}

// TestVerifyLock pins testdata/lock/approved.json and verifies testdata/lock/now.json against
// it: one tool changed (its annotations only), one added, one vanished.
func TestVerifyLock(t *testing.T) {
	approved, err := os.ReadFile("../../testdata/lock/approved.json")
	if err != nil {
		t.Fatal(err)
	}
	now, err := os.ReadFile("../../testdata/lock/now.json")
	if err != nil {
		t.Fatal(err)
	}
	lock, _ := json.Marshal(core.PinCatalog(core.PinRequest{Catalog: string(approved)}))
	res := core.Diff(core.DiffRequest{Left: string(lock), Right: string(now)})
	if res.Mode != "lock" || res.Lock == nil || len(res.Problems) > 0 {
		t.Fatalf("mode %q lock %v problems %v", res.Mode, res.Lock, res.Problems)
	}
	rep := res.Lock
	if rep.OK || strings.Join(rep.Changed, ",") != "delete_file" || strings.Join(rep.Added, ",") != "run_command" ||
		strings.Join(rep.Removed, ",") != "list_files" || strings.Join(rep.Unchanged, ",") != "read_file" {
		t.Fatalf("report %+v", rep)
	}
	for _, e := range rep.Tools {
		if e.Line == 0 || e.Pointer == "" {
			t.Errorf("entry not placed: %+v", e)
		}
	}
	// The same catalog verifies clean.
	res = core.Diff(core.DiffRequest{Left: string(lock), Right: string(approved), Mode: "lock"})
	if res.Lock == nil || !res.Lock.OK {
		t.Errorf("approved catalog against its own lock: %+v", res.Lock)
	}
	// VerifyLock works on a catalog alone.
	doc, _ := jsondoc.Parse(problem.SourceCatalog, now)
	c, _ := catalog.Parse(doc)
	pins := map[string]string{}
	if v, _ := catalog.VerifyLock(pins, c, nil, nil); len(v.Added) != 3 {
		t.Errorf("empty lock: %+v", v)
	}
}
