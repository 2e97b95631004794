package schema

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// agree fails the test unless the library's Decide, when it decides, gives Validate's verdict.
// It returns whether Decide decided.
func agree(t *testing.T, s *Schema, v any, where string) bool {
	t.Helper()
	valid, decided := s.compiled.Decide(v)
	if !decided {
		return false
	}
	var full bool
	func() {
		defer func() {
			if recover() != nil {
				t.Errorf("%s: Decide decided (%v) where Validate panics", where, valid)
			}
		}()
		full = s.compiled.Validate(v) == nil
	}()
	if valid != full {
		t.Errorf("%s: Decide says valid=%v, Validate %v", where, valid, full)
	}
	return true
}

// TestDecideAgreesOnTheSuite holds the valid-only fast path (failures asks Decide first) to the
// full validator on every test of the official JSON-Schema-Test-Suite, optional ones included,
// for every draft, with formats asserted and not.
func TestDecideAgreesOnTheSuite(t *testing.T) {
	root := testenv.SchemaSuite(t)
	remotes := map[string]*jsondoc.Document{}
	for uri, text := range testenv.SuiteRemotes(t, root) {
		remotes[uri], _ = jsondoc.Parse(problem.SourceSchema, text)
	}
	cases, decided := 0, 0
	for _, d := range testenv.SuiteDrafts {
		for _, file := range testenv.SuiteFiles(t, root, d.Dir) {
			for _, g := range file.Groups {
				doc, probs := jsondoc.Parse(problem.SourceSchema, g.Schema)
				if probs != nil {
					continue
				}
				var res map[string]*jsondoc.Document
				if g.RemoteUsing() {
					res = remotes
				}
				for _, assert := range []bool{false, true} {
					s, probs := compile(doc, d.Draft, res, assert)
					if probs != nil {
						continue
					}
					for _, tc := range g.Tests {
						inst, probs := jsondoc.Parse(problem.SourceInstance, tc.Data)
						if probs != nil {
							continue
						}
						cases++
						if agree(t, s, inst.Value, file.Path+": "+g.Description+" / "+tc.Description) {
							decided++
						}
					}
				}
			}
		}
	}
	if cases < 1000 {
		t.Fatalf("only %d cases: is the suite there?", cases)
	}
	t.Logf("%d cases, %d decided by the fast path", cases, decided)
}

// FuzzDecide: for any schema and instance, Decide, when it decides, gives Validate's verdict.
func FuzzDecide(f *testing.F) {
	f.Add(`{"type":"object","properties":{"a":{"type":"integer","minimum":1}},"required":["a"],"additionalProperties":false}`, `{"a":2}`, "", false)
	f.Add(`{"items":{"enum":["x",1.0,null]},"uniqueItems":true,"maxItems":2}`, `[1,"x"]`, "2020-12", false)
	f.Add(`{"anyOf":[{"format":"date"},{"type":"null"}]}`, `"2026-13-01"`, "", true)
	f.Add(`{"oneOf":[{"multipleOf":0.25},{"maximum":3}],"not":{"const":2}}`, `2.5`, "", false)
	f.Add(`{"if":{"minLength":3},"then":{"pattern":"^a"},"else":{"maxLength":1}}`, `"abc"`, "7", false)
	f.Add(`{"contains":{"type":"string"},"minContains":2,"maxContains":3}`, `["a",1,"b"]`, "2019-09", false)
	f.Add(`{"$ref":"#/$defs/n","$defs":{"n":{"type":"array","items":{"$ref":"#/$defs/n"}}}}`, `[[[]]]`, "", false)
	f.Add(`{"items":[{"type":"string"}],"additionalItems":false,"dependencies":{"a":["b"]}}`, `["a"]`, "4", false)
	f.Add(`{"propertyNames":{"maxLength":2},"patternProperties":{"^x":{"type":"boolean"}},"dependentRequired":{"xa":["b"]}}`, `{"xa":true,"b":1}`, "", false)
	f.Add(`{"$ref":"#","minProperties":1}`, `{}`, "", false)
	f.Fuzz(func(t *testing.T, schemaText, instance, draft string, assert bool) {
		doc, probs := jsondoc.ParseString(problem.SourceSchema, schemaText)
		if probs != nil {
			return
		}
		s, probs := compile(doc, draft, nil, assert)
		if probs != nil {
			return
		}
		inst, probs := jsondoc.ParseString(problem.SourceInstance, instance)
		if probs != nil {
			return
		}
		agree(t, s, inst.Value, schemaText+" / "+instance)
	})
}
