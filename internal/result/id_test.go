package result_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/result"
)

// TestIDOfTheWrongType: a result whose id member is written by its API as a string, holding
// something else, is said where it is and flags, rather than read as a result with no id; a
// JSON-RPC id, which may be a number, is not.
func TestIDOfTheWrongType(t *testing.T) {
	c := result.New("", "", nil)
	for _, tt := range []struct {
		name, text, pointer string
	}{
		{"an OpenAI Chat tool message", `{"role": "tool", "tool_call_id": 42, "content": "21 degrees"}`, "/tool_call_id"},
		{"an OpenAI Responses item", `{"type": "function_call_output", "call_id": {"id": 1}, "output": "21 degrees"}`, "/call_id"},
		{"an Anthropic tool_result", `{"type": "tool_result", "tool_use_id": true, "content": "21 degrees"}`, "/tool_use_id"},
		{"a Gemini functionResponse", `{"functionResponse": {"id": 7, "name": "weather", "response": {"t": 21}}}`, "/functionResponse/id"},
		{"a string id", `{"role": "tool", "tool_call_id": "call_1", "content": "21 degrees"}`, ""},
		{"no id", `{"role": "tool", "content": "21 degrees"}`, ""},
		{"a JSON-RPC number id", `{"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "21 degrees"}]}}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := c.Check(result.Request{Result: []byte(tt.text)})
			if tt.pointer == "" {
				if rep.Verdict != result.VerdictPass || len(rep.Problems) > 0 {
					t.Errorf("verdict %s, problems %v; want pass", rep.Verdict, rep.Problems)
				}
				return
			}
			if rep.Verdict != result.VerdictFlag || len(rep.Problems) != 1 || rep.Problems[0].InstanceLocation != tt.pointer || rep.Problems[0].Line != 1 || rep.Problems[0].Column < 2 {
				t.Errorf("verdict %s, problems %+v; want flag with one problem at %s", rep.Verdict, rep.Problems, tt.pointer)
			}
		})
	}
}
