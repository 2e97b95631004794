package core_test

import (
	"fmt"
	"strings"
	"testing"

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

func benchGate(b *testing.B, tools int) {
	called := fmt.Sprintf("tool_%05d", tools/2)
	req := core.GateRequest{
		Catalog: benchCatalog(tools),
		Call: `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"` + called +
			`","arguments":"{\"id\":\"a1b2c3d4-0000\",\"fields\":[\"name\",\"owner\"],\"limit\":10}"}}]}`,
		Policy: `{"allow_tools":["` + called + `"],"grant":["read"],"requires":{"` + called + `":["read"]},` +
			`"arguments":{"` + called + `":{"id":{"max_length":36}}}}`,
	}
	if d := core.Gate(req).Decision; d.Decision != core.DecisionAllow {
		b.Fatalf("the benchmark call is not allowed: %v", d.Explanation)
	}
	b.SetBytes(int64(len(req.Catalog)))
	b.ReportAllocs()
	for b.Loop() {
		core.Gate(req)
	}
}

// BenchmarkGate100 gates a realistic call against a catalog of 100 tools.
func BenchmarkGate100(b *testing.B) { benchGate(b, 100) }

// BenchmarkGate10000 gates the same call against a catalog of 10,000 tools: the catalog is parsed
// once per request, and only the called tool's schema is compiled (once, then cached).
func BenchmarkGate10000(b *testing.B) { benchGate(b, 10000) }
