package schemaapi_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
)

// The tool call and the 1 MB document of bench/bench.mjs, as the wasm's validateTexts runs them
// (schemaapi.Validate on the texts); GOOS=js GOARCH=wasm go test -exec=go_js_wasm_exec runs them
// in wasm.

func benchText(b *testing.B, name string) string {
	t, err := os.ReadFile(filepath.Join("..", "..", "testdata", "bench", name))
	if err != nil {
		b.Fatal(err)
	}
	return string(t)
}

// largeInstance builds a ~1 MB array of records, the text bench/bench.mjs builds.
func largeInstance(size int) string {
	var sb strings.Builder
	sb.WriteString("[")
	tags := []string{"alpha", "beta", "gamma", "delta"}
	for i := 0; sb.Len() < size; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"id":%d,"name":"user %d","email":"user%d@example.com","active":%t,"score":%d.5,"tags":["%s","%s"],"address":{"city":"Lyon","zip":"%05d"}}`,
			i, i, i, i%2 == 0, i%100, tags[i%4], tags[(i+1)%4], i%100000)
	}
	sb.WriteString("]")
	return sb.String()
}

func benchValidate(b *testing.B, req schemaapi.ValidateRequest) {
	if res := schemaapi.Validate(req); !res.Valid {
		b.Fatal(res.Problems)
	}
	b.SetBytes(int64(len(req.Instance)))
	b.ReportAllocs()
	for b.Loop() {
		schemaapi.Validate(req)
	}
}

func BenchmarkValidateTextsToolCall(b *testing.B) {
	benchValidate(b, schemaapi.ValidateRequest{Schema: benchText(b, "toolcall.schema.json"), Instance: strings.TrimSpace(benchText(b, "toolcall.json"))})
}

func BenchmarkValidateTexts1MB(b *testing.B) {
	benchValidate(b, schemaapi.ValidateRequest{Schema: benchText(b, "record.schema.json"), Instance: largeInstance(1 << 20)})
}
