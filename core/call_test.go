package core

// These tests are inside the package: rawStringOffset, the mapping from a decoded arguments string
// back to the pasted text, is a helper with no exported face, and its cases are the heart of
// placing an OpenAI call's argument errors. ParseCalls is tested through its exported API only.

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestRawStringOffset(t *testing.T) {
	tests := []struct {
		literal string // the JSON string literal as it sits in the pasted text
		decoded int    // byte offset in the decoded string
		want    int    // byte offset in the literal; -1 for "no such offset"
	}{
		// No escapes: one byte shifted by the opening quote.
		{`"abc"`, 0, 1},
		{`"abc"`, 2, 3},
		// Just past the last character is the closing quote.
		{`"abc"`, 3, 4},
		// Beyond the end is no offset at all.
		{`"abc"`, 4, -1},
		{`"abc"`, -1, -1},
		// \n is two raw bytes for one decoded byte.
		{`"a\nb"`, 1, 2},
		{`"a\nb"`, 2, 4},
		// \" likewise; the arguments string's own quotes are all escaped.
		{`"{\"a\":1}"`, 1, 2},
		{`"{\"a\":1}"`, 2, 4},
		{`"{\"a\":1}"`, 4, 7},
		// \u00e9 is six raw bytes for two decoded bytes; both decoded bytes map to the escape.
		{`"\u00e9x"`, 0, 1},
		{`"\u00e9x"`, 1, 1},
		{`"\u00e9x"`, 2, 7},
		// \u20ac (€) decodes to three bytes.
		{`"\u20acx"`, 3, 7},
		// A surrogate pair: twelve raw bytes for one four-byte character.
		{`"\ud83d\ude00x"`, 0, 1},
		{`"\ud83d\ude00x"`, 3, 1},
		{`"\ud83d\ude00x"`, 4, 13},
		// Raw UTF-8 is copied byte for byte: é is two bytes both sides.
		{`"éx"`, 2, 3},
		// A lone surrogate decodes to U+FFFD, three bytes, from six raw bytes.
		{`"\ud800x"`, 3, 7},
		// A high surrogate followed by a non-surrogate escape: two separate characters.
		{`"\ud800\u0041x"`, 3, 7},
		{`"\ud800\u0041x"`, 4, 13},
		// Every short escape is two raw bytes.
		{`"\/\\\b\f\r\tx"`, 6, 13},
		// Not a string literal.
		{`abc`, 0, -1},
		// A truncated escape is no offset.
		{`"\u12`, 0, -1},
	}
	for _, tt := range tests {
		got, ok := rawStringOffset([]byte(tt.literal), tt.decoded)
		if !ok {
			got = -1
		}
		if got != tt.want {
			t.Errorf("rawStringOffset(%s, %d) = %d, want %d", tt.literal, tt.decoded, got, tt.want)
		}
	}
}

// TestRawStringOffsetAgrees checks the mapping against the decoder itself: for every character
// of a string full of escapes, the raw text from the mapped offset decodes to the same rest.
func TestRawStringOffsetAgrees(t *testing.T) {
	for _, literal := range []string{
		`"plain"`,
		`"{\"sql\":\"DROP TABLE users\"}"`,
		`"line\none\ttab \u00e9\u20ac \ud83d\ude00 \\ \/ end"`,
		`"mixé😀\u00e9"`,
	} {
		var decoded string
		if err := json.Unmarshal([]byte(literal), &decoded); err != nil {
			t.Fatal(err)
		}
		for off := 0; off <= len(decoded); off++ {
			if off < len(decoded) && !utf8Start(decoded[off]) {
				continue
			}
			raw, ok := rawStringOffset([]byte(literal), off)
			if !ok {
				t.Fatalf("%s: offset %d not mapped", literal, off)
			}
			var rest string
			if err := json.Unmarshal([]byte(`"`+literal[raw:]), &rest); err != nil {
				t.Fatalf("%s: offset %d maps to %d, which starts no character: %v", literal, off, raw, err)
			}
			if rest != decoded[off:] {
				t.Errorf("%s: offset %d maps to %d, which decodes to %q, want %q", literal, off, raw, rest, decoded[off:])
			}
		}
	}
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func TestParseCallsShapes(t *testing.T) {
	args := map[string]any{"q": "x"}
	tests := []struct {
		name string
		text string
		want []Call // Format, ID, Name, Arguments, Pointer are compared
	}{
		// OpenAI Chat Completions: arguments are JSON text.
		{"openai chat", `{"id":"call_1","type":"function","function":{"name":"t","arguments":"{\"q\":\"x\"}"}}`,
			[]Call{{Format: FormatOpenAIChat, ID: "call_1", Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`}}},
		// A tool_calls entry without "type" is still read.
		{"openai chat without type", `{"function":{"name":"t","arguments":"{\"q\":\"x\"}"}}`,
			[]Call{{Format: FormatOpenAIChat, Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`}}},
		// An assistant message holding two calls.
		{"assistant message", `{"role":"assistant","content":null,"tool_calls":[
			{"id":"a","type":"function","function":{"name":"t","arguments":"{\"q\":\"x\"}"}},
			{"id":"b","type":"function","function":{"name":"u","arguments":"{}"}}]}`,
			[]Call{{Format: FormatOpenAIChat, ID: "a", Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`, Pointer: "/tool_calls/0"},
				{Format: FormatOpenAIChat, ID: "b", Name: "u", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/tool_calls/1"}}},
		// A whole Chat Completions response.
		{"chat completion", `{"choices":[{"index":0,"message":{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"t","arguments":"{}"}}]}}]}`,
			[]Call{{Format: FormatOpenAIChat, ID: "a", Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/choices/0/message/tool_calls/0"}}},
		// OpenAI Responses: call_id is the id that answers go back to.
		{"openai responses", `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"t","arguments":"{\"q\":\"x\"}"}`,
			[]Call{{Format: FormatOpenAIResponses, ID: "call_1", Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`}}},
		// A Responses output list: the message item is skipped.
		{"responses output", `{"output":[{"type":"message","content":[]},{"type":"function_call","call_id":"c","name":"t","arguments":"{}"}]}`,
			[]Call{{Format: FormatOpenAIResponses, ID: "c", Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/output/1"}}},
		// Anthropic tool_use: arguments are an object.
		{"anthropic", `{"type":"tool_use","id":"toolu_1","name":"t","input":{"q":"x"}}`,
			[]Call{{Format: FormatAnthropic, ID: "toolu_1", Name: "t", Arguments: args}}},
		// An Anthropic message: text blocks are skipped.
		{"anthropic message", `{"role":"assistant","content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"x","name":"t","input":{"q":"x"}}]}`,
			[]Call{{Format: FormatAnthropic, ID: "x", Name: "t", Arguments: args, Pointer: "/content/1"}}},
		// Gemini part.
		{"gemini", `{"functionCall":{"name":"t","args":{"q":"x"}}}`,
			[]Call{{Format: FormatGemini, Name: "t", Arguments: args}}},
		// Gemini without args: the call takes none.
		{"gemini no args", `{"functionCall":{"name":"t"}}`,
			[]Call{{Format: FormatGemini, Name: "t", Arguments: map[string]any{}}}},
		// Gemini response: candidates/content/parts, text parts skipped.
		{"gemini candidates", `{"candidates":[{"content":{"role":"model","parts":[{"text":"x"},{"functionCall":{"name":"t","args":{"q":"x"}}},{"functionCall":{"id":"g2","name":"u","args":{}}}]}}]}`,
			[]Call{{Format: FormatGemini, Name: "t", Arguments: args, Pointer: "/candidates/0/content/parts/1"},
				{Format: FormatGemini, ID: "g2", Name: "u", Arguments: map[string]any{}, Pointer: "/candidates/0/content/parts/2"}}},
		// Gemini content alone.
		{"gemini content", `{"role":"model","parts":[{"functionCall":{"name":"t","args":{"q":"x"}}}]}`,
			[]Call{{Format: FormatGemini, Name: "t", Arguments: args, Pointer: "/parts/0"}}},
		// MCP tools/call, with a numeric JSON-RPC id kept exactly.
		{"mcp", `{"jsonrpc":"2.0","id":12345678901234567890,"method":"tools/call","params":{"name":"t","arguments":{"q":"x"}}}`,
			[]Call{{Format: FormatMCP, ID: "12345678901234567890", Name: "t", Arguments: args}}},
		// A bare array of calls in different shapes.
		{"array", `[{"type":"tool_use","id":"1","name":"t","input":{"q":"x"}},{"functionCall":{"name":"u","args":{}}}]`,
			[]Call{{Format: FormatAnthropic, ID: "1", Name: "t", Arguments: args, Pointer: "/0"},
				{Format: FormatGemini, Name: "u", Arguments: map[string]any{}, Pointer: "/1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := ParseDocument(SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := ParseCalls(doc)
			if len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			if len(calls) != len(tt.want) {
				t.Fatalf("got %d calls, want %d", len(calls), len(tt.want))
			}
			for i, w := range tt.want {
				c := calls[i]
				got := Call{Format: c.Format, ID: c.ID, Name: c.Name, Arguments: c.Arguments, ArgumentsText: c.ArgumentsText, Pointer: c.Pointer}
				if !reflect.DeepEqual(got, w) {
					t.Errorf("call %d:\n got %+v\nwant %+v", i, got, w)
				}
				if c.Raw == nil {
					t.Errorf("call %d keeps no raw call", i)
				}
			}
		})
	}
}

func TestParseCallsProblems(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		calls     int    // calls returned, unreadable ones included
		line, col int    // where the first problem is
		contains  string // in its message
	}{
		// The seed's {"tool","arguments"} is not a call shape: the five are named.
		{"unknown shape", `{"tool":"send_email","arguments":{}}`, 1, 1, 1, "MCP ({\"jsonrpc\":\"2.0\""},
		// An object with a type that is no call.
		{"other type", `{"type":"text","text":"hi"}`, 1, 1, 1, `a "text" object is not a tool call`},
		// A scalar.
		{"scalar", `42`, 1, 1, 1, "found a number"},
		// An empty tool_calls list holds no call.
		{"empty tool_calls", `{"role":"assistant","tool_calls":[]}`, 1, 1, 34, "holds no tool call"},
		// One of two calls has no name: it is kept, unreadable, so the gate denies it.
		{"nameless call", "{\"tool_calls\":[\n{\"type\":\"function\",\"function\":{\"name\":\"t\",\"arguments\":\"{}\"}},\n{\"type\":\"function\",\"function\":{\"arguments\":\"{}\"}}]}", 2, 3, 31, "has no tool name"},
		// A JSON-RPC message for another method.
		{"other method", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, 1, 1, 1, `method is "tools/list"`},
		// MCP without params.
		{"mcp without params", `{"jsonrpc":"2.0","id":1,"method":"tools/call"}`, 1, 1, 1, `needs a "params" object`},
		// A name that is not a string.
		{"numeric name", `{"type":"tool_use","id":"1","name":7,"input":{}}`, 1, 1, 36, `"name" must be a non-empty string`},
		// Gemini candidates with text only.
		{"gemini without call", `{"candidates":[{"content":{"parts":[{"text":"no"}]}}]}`, 1, 1, 15, "no candidate"},
		// An empty array.
		{"empty array", `[]`, 1, 1, 1, "empty"},
		// A nested array inside an array.
		{"nested array", `[[]]`, 1, 1, 2, "found an array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := ParseDocument(SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := ParseCalls(doc)
			if len(calls) != tt.calls {
				t.Errorf("got %d calls, want %d", len(calls), tt.calls)
			}
			if len(probs) == 0 {
				t.Fatal("no problem")
			}
			p := probs[0]
			if p.Source != SourceCall || p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.contains) {
				t.Errorf("got %s (%s), want line %d column %d containing %q", p.Error(), p.Source, tt.line, tt.col, tt.contains)
			}
			unreadable := 0
			for _, c := range calls {
				if c.Name == "" {
					unreadable++
				}
			}
			if unreadable != len(probs) {
				t.Errorf("%d unreadable calls for %d problems", unreadable, len(probs))
			}
		})
	}
}

// TestArgumentsStringProblemsPlaced: a problem inside an arguments string is reported at the
// line and column of the pasted call, through the string's escapes.
func TestArgumentsStringProblemsPlaced(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		line, col int
		contains  string
	}{
		// Unquoted value after an escaped newline: the string is one line of the pasted text.
		{"after escaped newline", `{"type":"function","function":{"name":"t","arguments":"{\"a\": 1,\n\"b\": nope}"}}`, 1, 76, "invalid character 'o' in literal null"},
		// Multi-byte escapes before the error: \u00e9 (two bytes) and a surrogate pair (four).
		{"after unicode escapes", `{"type":"function_call","call_id":"c","name":"t","arguments":"{\"\u00e9\ud83d\ude00\": x}"}`, 1, 88, "invalid character 'x'"},
		// Raw non-ASCII before the error: columns count characters.
		{"after raw utf-8", `{"type":"function_call","call_id":"c","name":"t","arguments":"{\"é😀\": x}"}`, 1, 72, "invalid character 'x'"},
		// Duplicate key: the second "op" is the problem, the first named in the message.
		{"duplicate key", "{\"type\":\"function\",\n\"function\":{\"name\":\"t\",\n\"arguments\":\"{\\\"op\\\":1,\\\"op\\\":2}\"}}", 3, 24, "first at line 3, column 15"},
		// Truncated arguments: the end is the closing quote of the string.
		{"truncated", `{"type":"function","function":{"name":"t","arguments":"{\"a\":"}}`, 1, 63, "ends before"},
		// Empty arguments string.
		{"empty", `{"type":"function","function":{"name":"t","arguments":""}}`, 1, 56, "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := ParseDocument(SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := ParseCalls(doc)
			if len(probs) > 0 || len(calls) != 1 {
				t.Fatalf("calls %d, problems %v", len(calls), probs)
			}
			c := calls[0]
			if c.Arguments != nil || len(c.argsProblems) != 1 {
				t.Fatalf("arguments %v, problems %v", c.Arguments, c.argsProblems)
			}
			p := c.argsProblems[0]
			if p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.contains) {
				t.Errorf("got %s, want line %d column %d containing %q", p.Error(), tt.line, tt.col, tt.contains)
			}
		})
	}
}
