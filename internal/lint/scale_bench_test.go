package lint

import (
	"os"
	"testing"
)

// BenchmarkLintScale lints a catalog of 10,000 tools written on one line, as servers send them
// (core's benchmark catalog, written to a file by the caller: GATEHOUSE_LINT_SCALE names it).
func BenchmarkLintScale(b *testing.B) {
	path := os.Getenv("GATEHOUSE_LINT_SCALE")
	if path == "" {
		b.Skip("GATEHOUSE_LINT_SCALE names no catalog")
	}
	text, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("tools=10000", func(b *testing.B) {
		b.ReportAllocs()
		var n int
		for b.Loop() {
			f, _, _ := Text(string(text), "")
			n = len(f)
		}
		b.ReportMetric(float64(n), "findings")
	})
}
