package result

import (
	"encoding/json"
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// Blocked is the text a client gets in place of a blocked result: the same text with each result
// in it replaced by an error result of its own shape whose text is why (an MCP CallToolResult
// with isError, in its JSON-RPC response with the same id; a tool message, an item, a block, a
// part answering the same call), so that the original never reaches the model. It is nil when
// the report read no result (an unreadable text, which the caller answers itself).
func (r *Report) Blocked(why string) []byte {
	if r.doc == nil || len(r.results) == 0 {
		return nil
	}
	type cut struct {
		start, end int
		with       []byte
	}
	var cuts []cut
	for _, res := range r.results {
		at, with := res.Pointer, blockedValue(res, why)
		if res.Shape == ShapeJSONRPC && res.IsError && res.Envelope != "" || res.Shape == ShapeJSONRPC && !isCallToolResultAt(r.doc, res.Pointer) {
			at = res.Envelope
			with = marshalCompact(struct {
				JSONRPC string `json:"jsonrpc"`
				ID      any    `json:"id"`
				Result  any    `json:"result"`
			}{"2.0", res.rawID, blockedCallToolResult(why)})
		}
		start, ok := r.doc.Locate(at)
		raw, ok2 := r.doc.Raw(at)
		if !ok || !ok2 {
			continue
		}
		end := start + len(raw)
		if r.lines != nil {
			start, end = r.unlist(start), r.unlist(end-1)+1
		}
		cuts = append(cuts, cut{start, end, with})
	}
	slices.SortFunc(cuts, func(a, b cut) int { return b.start - a.start })
	out := slices.Clone(r.doc.Text)
	if r.lines != nil {
		out = slices.Clone(r.lines) // a JSON-lines log is answered as lines
	}
	for _, c := range cuts {
		out = slices.Concat(out[:c.start], c.with, out[c.end:])
	}
	return out
}

func isCallToolResultAt(doc *jsondoc.Document, ptr string) bool {
	m, ok := jsondoc.Lookup(doc.Value, ptr).(map[string]any)
	return ok && isCallToolResult(m)
}

// blockedCallToolResult is MCP's error result saying why.
func blockedCallToolResult(why string) any {
	type textBlock struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	return struct {
		Content []textBlock `json:"content"`
		IsError bool        `json:"isError"`
	}{[]textBlock{{"text", why}}, true}
}

// blockedValue is the error result of res's shape, answering the same call.
func blockedValue(res Result, why string) []byte {
	var v any
	switch res.Shape {
	case ShapeOpenAIChat:
		v = map[string]any{"role": "tool", "tool_call_id": res.ID, "content": why}
	case ShapeOpenAIResponses:
		v = map[string]any{"type": "function_call_output", "call_id": res.ID, "output": why}
	case ShapeAnthropic:
		v = map[string]any{"type": "tool_result", "tool_use_id": res.ID, "content": why, "is_error": true}
	case ShapeGemini:
		fr := map[string]any{"name": res.Name, "response": map[string]any{"error": why}}
		if res.ID != "" {
			fr["id"] = res.ID
		}
		v = map[string]any{"functionResponse": fr}
	default:
		v = blockedCallToolResult(why)
	}
	return marshalCompact(v)
}

func marshalCompact(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
