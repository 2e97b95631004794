package lint

import (
	"os"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// BenchmarkLintScale lints a catalog of 10,000 tools written on one line, as servers send them
// (core's benchmark catalog, written to a file by the caller: GATEHOUSE_LINT_SCALE names it).
// Besides the wall clock it reports the process's CPU time per lint (cpu-ms/op), which other work
// on the machine does not inflate: the budget is 0.2 s natively.
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
		// The catalog as the string a caller holds: copying 10 MB into a new string on every
		// round was a twentieth of what the benchmark measured, none of it the lint's.
		catalog := string(text)
		Text(catalog, "") // the tables are built, and the expressions compiled, on first use
		cpu, ok := testenv.ProcessCPU()
		for b.Loop() {
			f, _, _ := Text(catalog, "")
			n = len(f)
		}
		if after, ok2 := testenv.ProcessCPU(); ok && ok2 {
			b.ReportMetric(float64(after-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		}
		b.ReportMetric(float64(n), "findings")
	})
}
