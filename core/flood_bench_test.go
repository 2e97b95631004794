package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// floodText writes a ~5 MB instance: records whose "id" must be a string, bad of them numbers.
// Half the records sit on one long line, so placing problems there cannot lean on short lines.
func floodText(records, bad int) string {
	var b strings.Builder
	b.WriteString("[")
	every := records + 1
	if bad > 0 {
		every = records / bad
	}
	for i := 0; i < records; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if i < records/2 {
			b.WriteByte('\n')
		}
		id := fmt.Sprintf(`"r%07d"`, i)
		if bad > 0 && i%every == 0 && i/every < bad {
			id = fmt.Sprint(i)
		}
		fmt.Fprintf(&b, `{"id":%s,"note":"%s"}`, id, strings.Repeat("x", 70))
	}
	b.WriteString("]")
	return b.String()
}

const floodSchema = `{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"},"note":{"type":"string"}},"required":["id"]}}`

// BenchmarkValidateProblems validates a 5 MB text with 0, 1,000 and 20,000 problems: the time must
// grow with the text plus the problems, not with their product.
func BenchmarkValidateProblems(b *testing.B) {
	const records = 55000
	for _, bad := range []int{0, 1000, 20000} {
		text := floodText(records, bad)
		b.Run(fmt.Sprintf("problems=%d", bad), func(b *testing.B) {
			if got := len(core.Validate(core.ValidateRequest{Schema: floodSchema, Instance: text}).Problems); got != bad {
				b.Fatalf("%d problems, want %d", got, bad)
			}
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				core.Validate(core.ValidateRequest{Schema: floodSchema, Instance: text})
			}
		})
	}
}
