package core_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/core"
)

func benchText(b *testing.B, name string) string {
	t, err := os.ReadFile(filepath.Join("..", "testdata", "bench", name))
	if err != nil {
		b.Fatal(err)
	}
	return string(t)
}

// largeInstance builds a ~1 MB array of records; bench/bench.mjs builds the same text.
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

func BenchmarkValidateToolCall(b *testing.B) {
	req := core.ValidateRequest{Schema: benchText(b, "toolcall.schema.json"), Instance: benchText(b, "toolcall.json")}
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
	req := core.ValidateRequest{Schema: benchText(b, "record.schema.json"), Instance: largeInstance(1 << 20)}
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
	text := []byte(largeInstance(1 << 20))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		jsondoc.Parse(core.Sources.Instance, text)
	}
}
