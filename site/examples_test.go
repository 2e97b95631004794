package site_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

var update = flag.Bool("update", false, "rewrite testdata/page/*.golden.json from the examples' answers")

// pageExamples reads the examples of examples.js, as the page loads them, through Node.
func pageExamples(t *testing.T) map[string][]map[string]any {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		skipOrFail(t, "node is not installed: the page's examples cannot be read")
	}
	script := `const m = await import('./examples.js');
console.log(JSON.stringify({ schema: m.schemaExamples, gate: m.gateExamples, check: m.checkExamples, diff: m.diffExamples }));`
	out, err := exec.Command(node, "--input-type=module", "-e", script).Output()
	if err != nil {
		t.Fatalf("reading examples.js: %v", err)
	}
	var examples map[string][]map[string]any
	if err := json.Unmarshal(out, &examples); err != nil {
		t.Fatal(err)
	}
	return examples
}

// TestExamplesHaveGoldenAnswers: every example the page offers has its answer in
// testdata/page/<pane>-<id>.golden.json, as the checker gives it (the JSON the API answers), and
// every golden file belongs to an example. `go test ./site -run Examples -update` rewrites them:
// review the diff like code.
func TestExamplesHaveGoldenAnswers(t *testing.T) {
	dir := filepath.Join("..", "testdata", "page")
	examples := pageExamples(t)
	var names []string
	for kind, list := range examples {
		for _, ex := range list {
			id, _ := ex["id"].(string)
			req, _ := json.Marshal(ex)
			var answer any
			switch kind {
			case "schema":
				var r core.ValidateRequest
				json.Unmarshal(req, &r)
				answer = core.Validate(r)
			case "gate":
				var r core.GateRequest
				json.Unmarshal(req, &r)
				answer = core.Gate(r)
			case "check":
				var r core.CheckDecisionRequest
				json.Unmarshal(req, &r)
				answer = core.CheckDecision(r)
			case "diff":
				var r core.DiffRequest
				json.Unmarshal(req, &r)
				answer = core.Diff(r)
			default:
				t.Fatalf("an example of unknown kind %q", kind)
			}
			got, err := json.MarshalIndent(answer, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			name := kind + "-" + id + ".golden.json"
			names = append(names, name)
			path := filepath.Join(dir, name)
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("the %s example %q has no golden answer (run go test ./site -run Examples -update): %v", kind, id, err)
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the %s example %q answers differently from %s (run with -update and review the diff)", kind, id, path)
			}
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".golden.json") && !slices.Contains(names, e.Name()) {
			t.Errorf("testdata/page/%s belongs to no example of the page", e.Name())
		}
	}
	if len(names) < 15 {
		t.Errorf("only %d examples read from examples.js", len(names))
	}
}
