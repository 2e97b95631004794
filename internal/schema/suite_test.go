package schema_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"

	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// remoteDocs parses the suite's remotes (testenv.SuiteRemotes) as the documents schemas refer to.
func remoteDocs(t *testing.T, root string) map[string]*jsondoc.Document {
	docs := map[string]*jsondoc.Document{}
	for uri, text := range testenv.SuiteRemotes(t, root) {
		doc, probs := jsondoc.Parse(problem.SourceSchema, text)
		if probs != nil {
			t.Fatalf("%s: %v", uri, probs)
		}
		docs[uri] = doc
	}
	return docs
}

// TestJSONSchemaSuite runs the official JSON-Schema-Test-Suite: every required test of every
// draft must pass; optional tests are counted and reported, not required.
func TestJSONSchemaSuite(t *testing.T) {
	root := testenv.SchemaSuite(t)
	remotes := remoteDocs(t, root)
	for _, d := range testenv.SuiteDrafts {
		t.Run(d.Draft, func(t *testing.T) {
			var reqPass, reqFail, optPass, optFail, optFailFormat int
			for _, file := range testenv.SuiteFiles(t, root, d.Dir) {
				rel := file.Rel
				optional := strings.HasPrefix(rel, "optional")
				for _, g := range file.Groups {
					failures := runGroup(d.Draft, g, remotes)
					for i, fail := range failures {
						switch {
						case fail == "" && optional:
							optPass++
						case fail == "":
							reqPass++
						case optional:
							optFail++
							if strings.HasPrefix(rel, "optional/format") {
								optFailFormat++ // formats are annotations unless asserted
							}
						default:
							reqFail++
							t.Errorf("%s: %s / %s: %s", rel, g.Description, g.Tests[i].Description, fail)
						}
					}
				}
			}
			t.Logf("draft %s: required %d passed, %d failed; optional %d passed, %d failed (%d of them format assertions)", d.Draft, reqPass, reqFail, optPass, optFail, optFailFormat)
		})
	}
}

// runGroup returns, per test, "" when gatehouse agrees with the suite, or what went wrong.
func runGroup(draft string, g testenv.SuiteGroup, remotes map[string]*jsondoc.Document) []string {
	out := make([]string, len(g.Tests))
	schemaDoc, probs := jsondoc.Parse(problem.SourceSchema, g.Schema)
	var sch *schema.Schema
	if probs == nil {
		var res map[string]*jsondoc.Document
		if g.RemoteUsing() {
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
