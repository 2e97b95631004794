package core_test

import (
	"encoding/json"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// bothWays answers req with validate's format shortcuts and with two checks, and fails the test
// unless the answers are the same bytes.
func bothWays(t *testing.T, req core.ValidateRequest, where string) {
	t.Helper()
	fast, err := json.Marshal(core.Validate(req))
	if err != nil {
		t.Fatal(err)
	}
	restore := core.SetFormatShortcuts(false)
	slow, err := json.Marshal(core.Validate(req))
	restore()
	if err != nil {
		t.Fatal(err)
	}
	if string(fast) != string(slow) {
		t.Errorf("%s: with the shortcut\n%s\nwith two checks\n%s", where, fast, slow)
	}
}

// TestFormatShortcutsAgreeOnTheSuite holds validate's one-check answers (a pass with formats
// asserted standing for both checks) to the two checks they replace, on every test of the
// official JSON-Schema-Test-Suite, optional ones and format tests included, for every draft,
// formats not asserted, in English and French.
func TestFormatShortcutsAgreeOnTheSuite(t *testing.T) {
	root := testenv.SchemaSuite(t)
	remotes := map[string]string{}
	for uri, text := range testenv.SuiteRemotes(t, root) {
		remotes[uri] = string(text)
	}
	cases := 0
	for _, d := range testenv.SuiteDrafts {
		for _, file := range testenv.SuiteFiles(t, root, d.Dir) {
			for _, g := range file.Groups {
				var resources map[string]string
				if g.RemoteUsing() {
					resources = remotes
				}
				for _, tc := range g.Tests {
					for _, lang := range []string{"en", "fr"} {
						req := core.ValidateRequest{Schema: string(g.Schema), Instance: string(tc.Data), Draft: d.Draft, Resources: resources, Lang: lang}
						bothWays(t, req, file.Path+": "+g.Description+" / "+tc.Description)
						cases++
					}
				}
			}
		}
	}
	if cases < 1000 {
		t.Fatalf("only %d cases: is the suite there?", cases)
	}
}

// FuzzFormatShortcuts: for any schema and instance, the one-check answers are the two checks'.
// The seeds put formats where a failure fails the instance and where it may not.
func FuzzFormatShortcuts(f *testing.F) {
	f.Add(`{"properties":{"due":{"type":"string","format":"date"}}}`, `{"due":"2026-02-30"}`, "")
	f.Add(`{"properties":{"due":{"type":"string","format":"date","maxLength":3}}}`, `{"due":"2026-12-01"}`, "")
	f.Add(`{"items":{"format":"email"},"minItems":3}`, `["a@b.c","nope"]`, "2020-12")
	f.Add(`{"anyOf":[{"type":"string","format":"date-time"},{"type":"null"}]}`, `"yesterday"`, "")
	f.Add(`{"not":{"format":"ipv4"}}`, `"1.2.3.4"`, "")
	f.Add(`{"oneOf":[{"format":"uuid"},{"maxLength":4}]}`, `"abc"`, "")
	f.Add(`{"if":{"format":"uri"},"then":{"minLength":50},"else":{"maxLength":2}}`, `"http://x"`, "")
	f.Add(`{"contains":{"format":"hostname"},"maxContains":1}`, `["a.b","c.d","-"]`, "2019-09")
	f.Add(`{"$ref":"#/$defs/d","$defs":{"d":{"format":"date"}}}`, `"2026-01-01"`, "7")
	f.Add(`{"properties":{"format":false}}`, `{"format":1}`, "")
	f.Add(`{"$dynamicRef":"#x","$defs":{"x":{"$dynamicAnchor":"x","format":"ipv6"}}}`, `"::1"`, "")
	f.Add(`{"unevaluatedProperties":false,"anyOf":[{"properties":{"a":{"format":"email"}}}]}`, `{"a":"x"}`, "")
	f.Fuzz(func(t *testing.T, schema, instance, draft string) {
		bothWays(t, core.ValidateRequest{Schema: schema, Instance: instance, Draft: draft}, schema+" / "+instance)
	})
}
