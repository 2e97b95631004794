package core_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
)

// benchCatalog writes a tools/list answer with n realistic tools: a description, an object
// schema with a few typed properties, annotations.
func benchCatalog(n int) string {
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":1,"result":{"tools":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `
  {"name":"tool_%05d","title":"Tool %d","description":"Look up record %d in the inventory service and return its fields. Read-only.",
   "inputSchema":{"type":"object","additionalProperties":false,
     "properties":{"id":{"type":"string","pattern":"^[a-z0-9-]{8,36}$"},"fields":{"type":"array","items":{"type":"string","enum":["name","owner","state"]}},"limit":{"type":"integer","minimum":1,"maximum":100}},
     "required":["id"]},
   "annotations":{"readOnlyHint":true,"openWorldHint":false}}`, i, i, i)
	}
	b.WriteString("]}}")
	return b.String()
}

// BenchmarkGate gates a realistic call against catalogs of 100 and 10,000 tools, two ways:
// "compiled" keeps the catalog read and the policy compiled between calls (a Gatekeeper, which is
// what Gate does while the texts are unchanged, and what the proxy keeps); "rereading" reads the
// catalog and compiles the policy again for every call, as every call did before. Only the called
// tool's inputSchema is compiled, once per gatekeeper, and kept by its text.
func BenchmarkGate(b *testing.B) {
	for _, tools := range []int{100, 10000} {
		called := fmt.Sprintf("tool_%05d", tools/2)
		catalog := benchCatalog(tools)
		call := `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"` + called +
			`","arguments":"{\"id\":\"a1b2c3d4-0000\",\"fields\":[\"name\",\"owner\"],\"limit\":10}"}}]}`
		policy := `{"allow_tools":["` + called + `"],"grant":["read"],"requires":{"` + called + `":["read"]},` +
			`"arguments":{"` + called + `":{"id":{"max_length":36,"pattern":"^[a-z0-9-]+$"},"limit":{"enum":[10,20,50]}}}}`
		if d := core.NewGatekeeper(core.GatekeeperRequest{Catalog: catalog, Policy: policy}).Gate(call).Decision; d.Decision != core.DecisionAllow {
			b.Fatalf("the benchmark call is not allowed: %v", d.Explanation)
		}
		b.Run(fmt.Sprintf("tools=%d/compiled", tools), func(b *testing.B) {
			g := core.NewGatekeeper(core.GatekeeperRequest{Catalog: catalog, Policy: policy})
			b.ReportAllocs()
			for b.Loop() {
				g.Gate(call)
			}
		})
		b.Run(fmt.Sprintf("tools=%d/rereading", tools), func(b *testing.B) {
			b.SetBytes(int64(len(catalog)))
			b.ReportAllocs()
			for b.Loop() {
				core.NewGatekeeper(core.GatekeeperRequest{Catalog: catalog, Policy: policy}).Gate(call)
			}
		})
	}
}

// BenchmarkGateOne is the proxy's decision for one MCP tools/call request (issue 22's gate
// overhead in the proxy, p50 ≤ 0.2 ms): a kept gatekeeper's GateOne, and a client's flow
// session deciding the same call with the policy's flows (FlowSession.Gate, what the proxy runs
// for each call).
func BenchmarkGateOne(b *testing.B) {
	g, call := gateOneBench(b)
	b.Run("gatekeeper", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g.GateOne(call)
		}
	})
	b.Run("flow-session", func(b *testing.B) {
		s := g.FlowSessions(0).Session("client", time.Now())
		b.ReportAllocs()
		for b.Loop() {
			s.Gate(call)
		}
	})
}

// gateOneBench is the gatekeeper and the call of BenchmarkGateOne: one tools/call request for a
// tool of a 100-tool catalog, allowed by a policy with argument rules and a flow rule.
func gateOneBench(b *testing.B) (*core.Gatekeeper, string) {
	const called = "tool_00050"
	catalog := benchCatalog(100)
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + called +
		`","arguments":{"id":"a1b2c3d4-0000","fields":["name","owner"],"limit":10}}}`
	policy := `{"allow_tools":["` + called + `"],"grant":["read"],"requires":{"` + called + `":["read"]},` +
		`"arguments":{"` + called + `":{"id":{"max_length":36,"pattern":"^[a-z0-9-]+$"},"limit":{"enum":[10,20,50]}}},` +
		`"flows":{"labels":{"` + called + `":["private"]},"rules":[{"after":"private","call":"send_*","then":"ask"}]}}`
	g := core.NewGatekeeper(core.GatekeeperRequest{Catalog: catalog, Policy: policy})
	if probs := g.Problems(); len(probs) > 0 {
		b.Fatalf("the benchmark's texts have problems: %v", probs)
	}
	if d := g.GateOne(call).Decision; d.Decision != core.DecisionAllow {
		b.Fatalf("the benchmark call is not allowed: %v", d.Explanation)
	}
	return g, call
}
