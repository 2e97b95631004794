package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// BenchmarkTranslateFlood is the cost of an answer's language on floods of 20,000 problems: in
// English (no translation) and in French and German (each message remembered while it is built,
// then looked up and written in the language). The difference is the translation. "same" repeats
// one message (core's flood: ids that are numbers); "distinct" gives every problem a message of
// its own (a bound that quotes each value), the worst case for the translation.
func BenchmarkTranslateFlood(b *testing.B) {
	const records, bad = 55000, 20000
	floods := []struct {
		name, schema, text string
		first              string // the English message of the first problem
	}{
		{"same", floodSchema, floodText(records, bad), "got number, want string"},
		{"distinct", distinctSchema, distinctFlood(bad), "must be at least 1000000; it is 0"},
	}
	for _, f := range floods {
		for _, lang := range []string{"en", "fr", "de"} {
			b.Run(f.name+"/lang="+lang, func(b *testing.B) {
				res := core.Validate(core.ValidateRequest{Schema: f.schema, Instance: f.text, Lang: lang})
				if len(res.Problems) != bad {
					b.Fatalf("%d problems, want %d", len(res.Problems), bad)
				}
				if (lang == "en") != (res.Problems[0].Message == f.first) {
					b.Fatalf("lang %s: %q", lang, res.Problems[0].Message)
				}
				b.SetBytes(int64(len(f.text)))
				b.ReportAllocs()
				for b.Loop() {
					core.Validate(core.ValidateRequest{Schema: f.schema, Instance: f.text, Lang: lang})
				}
			})
		}
	}
}

const distinctSchema = `{"type":"array","items":{"type":"object","properties":{"n":{"type":"integer","minimum":1000000}}}}`

// distinctFlood is an array of n records whose every "n" is below the minimum, each a different
// number: every problem has a message of its own.
func distinctFlood(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"n":%d,"note":"%s"}`, i, strings.Repeat("x", 60))
	}
	b.WriteString("]")
	return b.String()
}
