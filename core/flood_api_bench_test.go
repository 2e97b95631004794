package core_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// BenchmarkValidateFloodAPI is the flood of issue 20 as the page and Node pay for it: a 5 MB
// text with 0 and 20,000 problems through Call (request read, validation, answer written), as
// the wasm binding calls it, in English and in French. The goal: the flood at most twice the
// clean text.
func BenchmarkValidateFloodAPI(b *testing.B) {
	const records = 55000
	for _, lang := range []string{"en", "fr"} {
		for _, bad := range []int{0, 20000} {
			request, _ := json.Marshal(core.ValidateRequest{Schema: floodSchema, Instance: floodText(records, bad), Lang: lang})
			b.Run(fmt.Sprintf("lang=%s/problems=%d", lang, bad), func(b *testing.B) {
				var res core.ValidateResult
				answer, _ := core.Call("validate", string(request))
				if err := json.Unmarshal(answer, &res); err != nil || len(res.Problems) != bad {
					b.Fatalf("%v: %d problems, want %d", err, len(res.Problems), bad)
				}
				b.SetBytes(int64(len(request)))
				b.ReportAllocs()
				for b.Loop() {
					core.Call("validate", string(request))
				}
			})
		}
	}
}
