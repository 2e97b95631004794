package schema_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"

	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// remoteDocs loads the suite's remotes/ as resources at http://localhost:1234/, where the suite
// expects them: the only "network" a test of gatehouse ever sees.
func remoteDocs(t *testing.T, root string) map[string]*jsondoc.Document {
	docs := map[string]*jsondoc.Document{}
	dir := filepath.Join(root, "remotes")
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		doc, probs := jsondoc.Parse(problem.SourceSchema, text)
		if probs != nil {
			t.Fatalf("%s: %v", path, probs)
		}
		docs["http://localhost:1234/"+filepath.ToSlash(rel)] = doc
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

// TestJSONSchemaSuite runs the official JSON-Schema-Test-Suite: every required test of every
// draft must pass; optional tests are counted and reported, not required.
func TestJSONSchemaSuite(t *testing.T) {
	root := testenv.SharedDir(t, "suites/JSON-Schema-Test-Suite")
	remotes := remoteDocs(t, root)
	drafts := []struct{ dir, name string }{
		{"draft4", "4"}, {"draft6", "6"}, {"draft7", "7"}, {"draft2019-09", "2019-09"}, {"draft2020-12", "2020-12"},
	}
	for _, d := range drafts {
		t.Run(d.name, func(t *testing.T) {
			var reqPass, reqFail, optPass, optFail, optFailFormat int
			dir := filepath.Join(root, "tests", d.dir)
			var files []string
			filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
				if err == nil && !e.IsDir() && strings.HasSuffix(path, ".json") {
					files = append(files, path)
				}
				return err
			})
			sort.Strings(files)
			for _, file := range files {
				rel, _ := filepath.Rel(dir, file)
				optional := strings.HasPrefix(rel, "optional")
				text, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				var groups []suiteGroup
				if err := json.Unmarshal(text, &groups); err != nil {
					t.Fatalf("%s: %v", rel, err)
				}
				for _, g := range groups {
					failures := runGroup(d.name, g, remotes)
					for i, fail := range failures {
						switch {
						case fail == "" && optional:
							optPass++
						case fail == "":
							reqPass++
						case optional:
							optFail++
							if strings.HasPrefix(filepath.ToSlash(rel), "optional/format") {
								optFailFormat++ // formats are annotations unless asserted
							}
						default:
							reqFail++
							t.Errorf("%s: %s / %s: %s", rel, g.Description, g.Tests[i].Description, fail)
						}
					}
				}
			}
			t.Logf("draft %s: required %d passed, %d failed; optional %d passed, %d failed (%d of them format assertions)", d.name, reqPass, reqFail, optPass, optFail, optFailFormat)
		})
	}
}

// runGroup returns, per test, "" when gatehouse agrees with the suite, or what went wrong.
func runGroup(draft string, g suiteGroup, remotes map[string]*jsondoc.Document) []string {
	out := make([]string, len(g.Tests))
	schemaDoc, probs := jsondoc.Parse(problem.SourceSchema, g.Schema)
	var sch *schema.Schema
	if probs == nil {
		var res map[string]*jsondoc.Document
		if strings.Contains(string(g.Schema), "localhost:1234") {
			res = remotes
		}
		sch, probs = schema.Compile(schemaDoc, draft, res)
	}
	for i, tc := range g.Tests {
		if probs != nil {
			out[i] = "schema: " + probs.Error()
			continue
		}
		inst, ps := jsondoc.Parse(problem.SourceInstance, tc.Data)
		if ps != nil {
			out[i] = "instance: " + ps.Error()
			continue
		}
		got := sch.Check(inst, "")
		if (len(got) == 0) != tc.Valid {
			out[i] = "want valid=" + map[bool]string{true: "true", false: "false"}[tc.Valid] + ", got " + got.Error()
		}
	}
	return out
}
