package schemaapi_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/benchdata"
)

// The tool call and the 1 MB document of bench/bench.mjs, as the wasm's validateTexts runs them
// (schemaapi.Validate on the texts); GOOS=js GOARCH=wasm go test -exec=go_js_wasm_exec runs them
// in wasm.

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
	benchValidate(b, schemaapi.ValidateRequest{Schema: benchdata.Text(b, "toolcall.schema.json"), Instance: strings.TrimSpace(benchdata.Text(b, "toolcall.json"))})
}

func BenchmarkValidateTexts1MB(b *testing.B) {
	benchValidate(b, schemaapi.ValidateRequest{Schema: benchdata.Text(b, "record.schema.json"), Instance: benchdata.LargeInstance(1 << 20)})
}
