package core_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/benchdata"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/core"
)

func BenchmarkValidateToolCall(b *testing.B) {
	req := core.ValidateRequest{Schema: benchdata.Text(b, "toolcall.schema.json"), Instance: benchdata.Text(b, "toolcall.json")}
	if res := core.Validate(req); !res.Valid {
		b.Fatal(res.Problems)
	}
	b.SetBytes(int64(len(req.Instance)))
	b.ReportAllocs()
	for b.Loop() {
		core.Validate(req)
	}
}

func BenchmarkValidate1MB(b *testing.B) {
	req := core.ValidateRequest{Schema: benchdata.Text(b, "record.schema.json"), Instance: benchdata.LargeInstance(1 << 20)}
	if res := core.Validate(req); !res.Valid {
		b.Fatal(res.Problems)
	}
	b.SetBytes(int64(len(req.Instance)))
	b.ReportAllocs()
	for b.Loop() {
		core.Validate(req)
	}
}

func BenchmarkParseDocument1MB(b *testing.B) {
	text := []byte(benchdata.LargeInstance(1 << 20))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		jsondoc.Parse(core.Sources.Instance, text)
	}
}
