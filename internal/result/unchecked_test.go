package result_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/result"
)

// TestUncheckedSchemaIsSaid: where a catalog is given but the result cannot be held to an
// outputSchema (its tool is not known, or its shape carries no structuredContent), the answer
// says so, so that a pass is not read as a schema check that passed.
func TestUncheckedSchemaIsSaid(t *testing.T) {
	catalog := `{"tools":[{"name":"get_weather","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"temperature":{"type":"number"}}}}]}`
	c := result.New(catalog, "", nil)
	for _, tc := range []struct {
		name, tool, text, want string
	}{
		{"no tool", "", `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"temperature\":\"hot\"}"}],"structuredContent":{"temperature":"hot"}}}`, "does not say which tool"},
		{"gemini", "", `{"functionResponse":{"name":"get_weather","response":{"temperature":"hot"}}}`, "gemini shape carries no structuredContent"},
		{"openai chat", "get_weather", `{"role":"tool","tool_call_id":"c1","content":"{\"temperature\":\"hot\"}"}`, "openai-chat shape carries no structuredContent"},
	} {
		rep := c.Check(result.Request{Result: []byte(tc.text), Tool: tc.tool})
		said := false
		for _, p := range rep.Problems {
			said = said || strings.Contains(p.Message, tc.want)
		}
		if rep.Schema.Checked || !said {
			t.Errorf("%s: checked %v, problems %v; want unchecked and a problem saying %q", tc.name, rep.Schema.Checked, rep.Problems, tc.want)
		}
	}
}
