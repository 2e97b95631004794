package core_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/core"
)

// FuzzDiff checks that Diff never panics, whatever the texts and mode, and that whenever both
// texts parse the emitted patch turns left into right.
func FuzzDiff(f *testing.F) {
	f.Add(`{"a":1}`, `{"a":2,"b":[null]}`)
	f.Add(`[1,2,3]`, `[3]`)
	f.Add(`{"n":12345678901234567890}`, `{"n":12345678901234567891}`)
	f.Add(`{"":{"a/b":{"m~n":1}}}`, `{"":{"a/b":{"m~n":[1.0]}}}`)
	f.Add(`1`, `{"a":null}`)
	f.Add(`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`, `{"tools":[{"name":"b","inputSchema":{"type":"object","additionalProperties":false}},{"name":"a","description":"x","inputSchema":{"type":"object"}}]}`)
	f.Add(`{"a":"sha256:0000000000000000000000000000000000000000000000000000000000000000"}`, `[{"name":"a","inputSchema":{"type":"object"}}]`)
	f.Fuzz(func(t *testing.T, left, right string) {
		res := core.Diff(core.DiffRequest{Left: left, Right: right})
		if res.Patch == nil || res.Problems == nil {
			t.Fatal("patch and problems must never be null")
		}
		l, _ := jsondoc.Parse(core.Sources.Left, []byte(left))
		r, _ := jsondoc.Parse(core.Sources.Right, []byte(right))
		if l == nil || r == nil {
			return
		}
		checkPatchApplies(t, left, right)
	})
}
