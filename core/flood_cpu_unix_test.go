//go:build unix

package core_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// BenchmarkValidateFloodCPU is BenchmarkValidateFloodAPI's flood counted in CPU time (user and
// system, every thread's, the collector's too) rather than wall time, which a machine shared
// with other work blurs: the metric cpu-ms/op, beside the usual ns/op.
func BenchmarkValidateFloodCPU(b *testing.B) {
	cpu := func() time.Duration { return processCPU(b) }
	for _, lang := range []string{"en", "fr"} {
		for _, bad := range []int{0, 20000} {
			request, _ := json.Marshal(core.ValidateRequest{Schema: floodSchema, Instance: floodText(55000, bad), Lang: lang})
			b.Run(fmt.Sprintf("lang=%s/problems=%d", lang, bad), func(b *testing.B) {
				core.Call("validate", string(request))
				var spent time.Duration
				for b.Loop() {
					start := cpu()
					core.Call("validate", string(request))
					spent += cpu() - start
				}
				b.ReportMetric(float64(spent.Milliseconds())/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// processCPU is [testenv.ProcessCPU], which a benchmark cannot do without.
func processCPU(tb testing.TB) time.Duration {
	spent, ok := testenv.ProcessCPU()
	if !ok {
		tb.Fatal("the process's CPU time cannot be read")
	}
	return spent
}

// BenchmarkGateOneCPU is BenchmarkGateOne's kept gatekeeper counted in CPU time, the metric
// cpu-µs/op beside ns/op: what one decision costs the proxy, which a shared machine's wall clock
// blurs.
func BenchmarkGateOneCPU(b *testing.B) {
	g, call := gateOneBench(b)
	start := processCPU(b)
	for b.Loop() {
		g.GateOne(call)
	}
	b.ReportMetric(float64((processCPU(b)-start).Microseconds())/float64(b.N), "cpu-µs/op")
}
