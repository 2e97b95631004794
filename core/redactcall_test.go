package core_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

func TestDecisionRedacted(t *testing.T) {
	const catalog = `{"tools":[{"name":"fetch","inputSchema":{"type":"object"}}]}`
	const policy = `{"allow_tools":["fetch"]}`
	tests := []struct {
		name     string
		call     string
		withheld []string // what must not be in the redacted call
		kept     []string // what must still be there
	}{
		// A key in an MCP call's arguments: the value is withheld, the rest of the call stays.
		{"mcp value", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"fetch","arguments":{"url":"https://example.com","token":"AKIAIOSFODNN7EXAMPLE"}}}`,
			[]string{"AKIAIOSFODNN7EXAMPLE"}, []string{"https://example.com", `"token"`, "aws access key withheld, 20 chars", `"fetch"`}},
		// A credential used as an object key: the key is withheld, its value kept.
		{"key", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{"ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5":"x"}}}`,
			[]string{"ghp_aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3kM5"}, []string{"github token withheld", `"x"`}},
		// Two keys that withhold to the same text both stay, numbered.
		{"twin keys", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fetch","arguments":{"AKIAIOSFODNN7EXAMPLE":1,"AKIAIOSFODNN7EXAMPLF":2}}}`,
			[]string{"AKIAIOSFODNN7EXAMPL"}, []string{"20 chars]\":1", "20 chars] #2\":2"}},
		// OpenAI's arguments are a JSON text inside a string: the secret inside it is withheld.
		{"openai string", `{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"fetch","arguments":"{\"auth\":\"Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U\"}"}}]}`,
			[]string{"dozjgNryP4J3jVmNHl0w5N"}, []string{`\"auth\"`, "withheld"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := *core.Gate(core.GateRequest{Call: tt.call, Catalog: catalog, Policy: policy}).Decision
			before, _ := json.Marshal(d)
			r := d.Redacted()
			after, _ := json.Marshal(d)
			if string(before) != string(after) {
				t.Fatalf("Redacted changed the decision it was called on")
			}
			got, err := json.Marshal(r.Call)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.withheld {
				if strings.Contains(string(got), w) {
					t.Errorf("the redacted call still holds %q: %s", w, got)
				}
			}
			for _, k := range tt.kept {
				if !strings.Contains(string(got), k) {
					t.Errorf("the redacted call lost %q: %s", k, got)
				}
			}
			// Everything but the call is the decision as it was.
			r.Call, d.Call = nil, nil
			if !reflect.DeepEqual(r, d) {
				t.Errorf("Redacted changed more than the call")
			}
		})
	}
}

// A call without a secret comes back as it was.
func TestDecisionRedactedNoSecret(t *testing.T) {
	call := `{"jsonrpc":"2.0","id":"r1","method":"tools/call","params":{"name":"fetch","arguments":{"url":"https://example.com/a?b=1","n":[1,2.5,true,null]}}}`
	d := *core.Gate(core.GateRequest{Call: call, Catalog: `{"tools":[{"name":"fetch","inputSchema":{"type":"object"}}]}`, Policy: `{"allow_tools":["fetch"]}`}).Decision
	if !reflect.DeepEqual(d.Redacted().Call, d.Call) {
		t.Errorf("a call without secrets changed:\n got %v\nwant %v", d.Redacted().Call, d.Call)
	}
}
