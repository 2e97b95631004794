package call_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/call"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

func TestParseCallsShapes(t *testing.T) {
	args := map[string]any{"q": "x"}
	tests := []struct {
		name string
		text string
		want []call.Call // Format, ID, Name, Arguments, Pointer are compared
	}{
		// OpenAI Chat Completions: arguments are JSON text.
		{"openai chat", `{"id":"call_1","type":"function","function":{"name":"t","arguments":"{\"q\":\"x\"}"}}`,
			[]call.Call{{Format: call.FormatOpenAIChat, ID: "call_1", Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`}}},
		// A tool_calls entry without "type" is still read.
		{"openai chat without type", `{"function":{"name":"t","arguments":"{\"q\":\"x\"}"}}`,
			[]call.Call{{Format: call.FormatOpenAIChat, Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`}}},
		// An assistant message holding two calls.
		{"assistant message", `{"role":"assistant","content":null,"tool_calls":[
			{"id":"a","type":"function","function":{"name":"t","arguments":"{\"q\":\"x\"}"}},
			{"id":"b","type":"function","function":{"name":"u","arguments":"{}"}}]}`,
			[]call.Call{{Format: call.FormatOpenAIChat, ID: "a", Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`, Pointer: "/tool_calls/0"},
				{Format: call.FormatOpenAIChat, ID: "b", Name: "u", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/tool_calls/1"}}},
		// A whole Chat Completions response.
		{"chat completion", `{"choices":[{"index":0,"message":{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"t","arguments":"{}"}}]}}]}`,
			[]call.Call{{Format: call.FormatOpenAIChat, ID: "a", Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/choices/0/message/tool_calls/0"}}},
		// OpenAI Responses: call_id is the id that answers go back to.
		{"openai responses", `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"t","arguments":"{\"q\":\"x\"}"}`,
			[]call.Call{{Format: call.FormatOpenAIResponses, ID: "call_1", Name: "t", Arguments: args, ArgumentsText: `{"q":"x"}`}}},
		// A Responses output list: the message item is skipped.
		{"responses output", `{"output":[{"type":"message","content":[]},{"type":"function_call","call_id":"c","name":"t","arguments":"{}"}]}`,
			[]call.Call{{Format: call.FormatOpenAIResponses, ID: "c", Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/output/1"}}},
		// Anthropic tool_use: arguments are an object.
		{"anthropic", `{"type":"tool_use","id":"toolu_1","name":"t","input":{"q":"x"}}`,
			[]call.Call{{Format: call.FormatAnthropic, ID: "toolu_1", Name: "t", Arguments: args}}},
		// An Anthropic message: text blocks are skipped.
		{"anthropic message", `{"role":"assistant","content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"x","name":"t","input":{"q":"x"}}]}`,
			[]call.Call{{Format: call.FormatAnthropic, ID: "x", Name: "t", Arguments: args, Pointer: "/content/1"}}},
		// Gemini part.
		{"gemini", `{"functionCall":{"name":"t","args":{"q":"x"}}}`,
			[]call.Call{{Format: call.FormatGemini, Name: "t", Arguments: args}}},
		// Gemini without args: the call takes none.
		{"gemini no args", `{"functionCall":{"name":"t"}}`,
			[]call.Call{{Format: call.FormatGemini, Name: "t", Arguments: map[string]any{}}}},
		// Gemini response: candidates/content/parts, text parts skipped.
		{"gemini candidates", `{"candidates":[{"content":{"role":"model","parts":[{"text":"x"},{"functionCall":{"name":"t","args":{"q":"x"}}},{"functionCall":{"id":"g2","name":"u","args":{}}}]}}]}`,
			[]call.Call{{Format: call.FormatGemini, Name: "t", Arguments: args, Pointer: "/candidates/0/content/parts/1"},
				{Format: call.FormatGemini, ID: "g2", Name: "u", Arguments: map[string]any{}, Pointer: "/candidates/0/content/parts/2"}}},
		// Gemini content alone.
		{"gemini content", `{"role":"model","parts":[{"functionCall":{"name":"t","args":{"q":"x"}}}]}`,
			[]call.Call{{Format: call.FormatGemini, Name: "t", Arguments: args, Pointer: "/parts/0"}}},
		// MCP tools/call, with a numeric JSON-RPC id kept exactly.
		{"mcp", `{"jsonrpc":"2.0","id":12345678901234567890,"method":"tools/call","params":{"name":"t","arguments":{"q":"x"}}}`,
			[]call.Call{{Format: call.FormatMCP, ID: "12345678901234567890", Name: "t", Arguments: args}}},
		// An Anthropic message with thinking before the call: thinking invokes nothing.
		{"anthropic thinking", `{"type":"message","role":"assistant","content":[{"type":"thinking","thinking":"hm","signature":"s"},{"type":"redacted_thinking","data":"x"},{"type":"tool_use","id":"x","name":"t","input":{"q":"x"}}]}`,
			[]call.Call{{Format: call.FormatAnthropic, ID: "x", Name: "t", Arguments: args, Pointer: "/content/2"}}},
		// A Responses output with reasoning and a message beside the call.
		{"responses reasoning", `{"output":[{"type":"reasoning","summary":[]},{"type":"message","content":[{"type":"output_text","text":"ok"}]},{"type":"function_call","call_id":"c","name":"t","arguments":"{}"}]}`,
			[]call.Call{{Format: call.FormatOpenAIResponses, ID: "c", Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/output/2"}}},
		// Gemini attaches a thought signature to a functionCall part.
		{"gemini thought signature", `{"candidates":[{"content":{"parts":[{"text":"x","thought":true},{"functionCall":{"name":"t","args":{"q":"x"}},"thoughtSignature":"abc"}]}}]}`,
			[]call.Call{{Format: call.FormatGemini, Name: "t", Arguments: args, Pointer: "/candidates/0/content/parts/1"}}},
		// A message holding tool_calls and a content with a tool_use: both are read.
		{"tool_calls and content", `{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"t","arguments":"{}"}}],"content":[{"type":"text","text":"x"},{"type":"tool_use","id":"u","name":"u","input":{}}]}`,
			[]call.Call{{Format: call.FormatOpenAIChat, Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/tool_calls/0"},
				{Format: call.FormatAnthropic, ID: "u", Name: "u", Arguments: map[string]any{}, Pointer: "/content/1"}}},
		// A chat completion whose first choice answers in text: only the second calls.
		{"choices with text", `{"choices":[{"message":{"role":"assistant","content":"hi"}},{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"a","type":"function","function":{"name":"t","arguments":"{}"}}]}}]}`,
			[]call.Call{{Format: call.FormatOpenAIChat, ID: "a", Name: "t", Arguments: map[string]any{}, ArgumentsText: `{}`, Pointer: "/choices/1/message/tool_calls/0"}}},
		// Inside the arguments, an object shaped like a call is data: it is not searched.
		{"call-shaped argument", `{"type":"tool_use","id":"a","name":"t","input":{"q":"x","example":{"type":"tool_use","name":"u","input":{}}}}`,
			[]call.Call{{Format: call.FormatAnthropic, ID: "a", Name: "t", Arguments: map[string]any{"q": "x", "example": map[string]any{"type": "tool_use", "name": "u", "input": map[string]any{}}}}}},
		// A bare array of calls in different shapes.
		{"array", `[{"type":"tool_use","id":"1","name":"t","input":{"q":"x"}},{"functionCall":{"name":"u","args":{}}}]`,
			[]call.Call{{Format: call.FormatAnthropic, ID: "1", Name: "t", Arguments: args, Pointer: "/0"},
				{Format: call.FormatGemini, Name: "u", Arguments: map[string]any{}, Pointer: "/1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := jsondoc.Parse(problem.SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := call.Parse(doc)
			if len(probs) > 0 {
				t.Fatalf("problems: %v", probs)
			}
			if len(calls) != len(tt.want) {
				t.Fatalf("got %d calls, want %d", len(calls), len(tt.want))
			}
			for i, w := range tt.want {
				c := calls[i]
				got := call.Call{Format: c.Format, ID: c.ID, Name: c.Name, Arguments: c.Arguments, ArgumentsText: c.ArgumentsText, Pointer: c.Pointer}
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
		// An id of the wrong type: no call was sent with it, so which call this is cannot be
		// told (JSON-RPC alone numbers its ids).
		{"numeric chat id", `{"type":"function","id":7,"function":{"name":"t","arguments":"{}"}}`, 1, 1, 25, `"id" must be a string, found a number`},
		{"numeric tool_use id", `{"type":"tool_use","id":1,"name":"t","input":{}}`, 1, 1, 25, `"id" must be a string, found a number`},
		{"numeric call_id", `{"type":"function_call","call_id":{"n":1},"name":"t","arguments":"{}"}`, 1, 1, 35, `"call_id" must be a string, found an object`},
		// A name that is not a string.
		{"numeric name", `{"type":"tool_use","id":"1","name":7,"input":{}}`, 1, 1, 36, `"name" must be a non-empty string`},
		// Gemini candidates with text only: the model answered in words, shown at the words.
		{"gemini without call", `{"candidates":[{"content":{"parts":[{"text":"no"}]}}]}`, 1, 1, 45, `where a tool call would be: "no"`},
		// Candidates with neither a call nor words.
		{"gemini empty parts", `{"candidates":[{"content":{"parts":[]}}]}`, 1, 1, 15, "no candidate"},
		// An empty array.
		{"empty array", `[]`, 1, 1, 1, "empty"},
		// A nested array inside an array.
		{"nested array", `[[]]`, 1, 1, 2, "found an array"},
		// Review 1.2: invocations gatehouse does not read are unreadable calls, beside the
		// ones it reads: an Anthropic mcp_tool_use block...
		{"mcp_tool_use", `{"content":[{"type":"tool_use","id":"a","name":"t","input":{}},{"type":"mcp_tool_use","id":"b","name":"d","server_name":"fs","input":{}}]}`, 2, 1, 64, `a "mcp_tool_use" object is not a tool call gatehouse reads`},
		// ...a Responses mcp_call item...
		{"mcp_call", `{"output":[{"type":"mcp_call","id":"b","name":"d","server_label":"fs","arguments":"{}"}]}`, 1, 1, 12, `a "mcp_call" object`},
		// ...an item that is not an object...
		{"scalar item", `{"content":[{"type":"tool_use","id":"a","name":"t","input":{}},7]}`, 2, 1, 64, "must be an object, found a number"},
		// ...a tool_calls entry of type custom, with a function member as a decoy...
		{"custom tool call", `{"tool_calls":[{"type":"custom","function":{"name":"t","arguments":"{}"},"custom":{"name":"d","input":"x"}}]}`, 1, 1, 16, `type "custom" is not a call gatehouse reads`},
		// ...a legacy function_call beside tool_calls...
		{"legacy function_call", `{"role":"assistant","tool_calls":[{"type":"function","function":{"name":"t","arguments":"{}"}}],"function_call":{"name":"d","arguments":"{}"}}`, 1, 1, 113, `"function_call" invokes a tool`},
		// ...a Gemini executableCode part.
		{"executableCode", `{"parts":[{"functionCall":{"name":"t","args":{}}},{"executableCode":{"code":"x"}}]}`, 2, 1, 69, `"executableCode" invokes a tool`},
		// An object with the marks of two shapes: whichever the runtime reads may run.
		{"mcp and gemini", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"t","arguments":{}},"functionCall":{"name":"d","args":{}}}`, 1, 1, 1, "the marks of several calls at once (mcp, gemini)"},
		{"tool_use and function", `{"type":"tool_use","id":"1","name":"t","input":{},"function":{"name":"d","arguments":"{}"}}`, 1, 1, 1, "(anthropic, openai-chat)"},
		{"message and functionCall", `{"type":"message","functionCall":{"name":"d","args":{}}}`, 1, 1, 1, `(gemini, "type": "message")`},
		// An invocation in a member gatehouse does not read from is an unreadable call of its
		// own, found by the sweep, in text order before the call read after it.
		{"invocation in metadata", `{"metadata":{"type":"mcp_tool_use","name":"d"},"content":[{"type":"tool_use","id":"a","name":"t","input":{}}]}`, 2, 1, 13, "in a place gatehouse does not read calls from"},
		// ...or beside a call's arguments, among its own members.
		{"invocation beside arguments", `{"type":"tool_use","id":"a","name":"t","input":{},"extra":{"functionCall":{"name":"d","args":{}}}}`, 2, 1, 59, "the marks of an invocation"},
		{"call and container", `{"functionCall":{"name":"d","args":{}},"tool_calls":[{"type":"function","function":{"name":"t","arguments":"{}"}}]}`, 1, 1, 1, "(gemini, tool_calls)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := jsondoc.Parse(problem.SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := call.Parse(doc)
			if len(calls) != tt.calls {
				t.Errorf("got %d calls, want %d", len(calls), tt.calls)
			}
			if len(probs) == 0 {
				t.Fatal("no problem")
			}
			p := probs[0]
			if p.Source != problem.SourceCall || p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.contains) {
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
		{"after escaped newline", `{"type":"function","function":{"name":"t","arguments":"{\"a\": 1,\n\"b\": nope}"}}`, 1, 75, `"nope" is written without them`},
		// Multi-byte escapes before the error: \u00e9 (two bytes) and a surrogate pair (four).
		{"after unicode escapes", `{"type":"function_call","call_id":"c","name":"t","arguments":"{\"\u00e9\ud83d\ude00\": x}"}`, 1, 88, `"x" is written without them`},
		// Raw non-ASCII before the error: columns count characters.
		{"after raw utf-8", `{"type":"function_call","call_id":"c","name":"t","arguments":"{\"é😀\": x}"}`, 1, 72, `"x" is written without them`},
		// Duplicate key: the second "op" is the problem, the first named in the message.
		{"duplicate key", "{\"type\":\"function\",\n\"function\":{\"name\":\"t\",\n\"arguments\":\"{\\\"op\\\":1,\\\"op\\\":2}\"}}", 3, 24, "first at line 3, column 15"},
		// Truncated arguments: the end is the closing quote of the string.
		{"truncated", `{"type":"function","function":{"name":"t","arguments":"{\"a\":"}}`, 1, 63, "ends before"},
		// Empty arguments string.
		{"empty", `{"type":"function","function":{"name":"t","arguments":""}}`, 1, 56, "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := jsondoc.Parse(problem.SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := call.Parse(doc)
			if len(probs) > 0 || len(calls) != 1 {
				t.Fatalf("calls %d, problems %v", len(calls), probs)
			}
			c := calls[0]
			if c.Arguments != nil || len(argsProblems(c)) != 1 {
				t.Fatalf("arguments %v, problems %v", c.Arguments, argsProblems(c))
			}
			p := argsProblems(c)[0]
			if p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.contains) {
				t.Errorf("got %s, want line %d column %d containing %q", p.Error(), tt.line, tt.col, tt.contains)
			}
		})
	}
}

// TestReadCallTextRepeats: a call text whose only fault is a key repeated inside object-shaped
// arguments is read again to name the call, which carries the repeat as an arguments problem; a
// repeat anywhere else leaves the whole text unreadable.
func TestReadCallTextRepeats(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		calls     int    // calls read; 0 when the text is unreadable
		repeatsIn int    // index of the call with the repeat
		line, col int    // where the repeat is
		contains  string // in its message
	}{
		// MCP arguments repeat "a".
		{"mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"a":1,"a":2}}}`, 1, 0, 1, 87, `duplicate key "a" in the arguments (first at line 1, column 81)`},
		// A repeat deep inside the arguments.
		{"nested", "{\"type\":\"tool_use\",\"id\":\"1\",\"name\":\"t\",\"input\":{\"o\":[{\"k\":1,\n\"k\":2}]}}", 1, 0, 2, 1, `duplicate key "k"`},
		// Two calls, the second with the repeat: the first is read as usual.
		{"second of two", `[{"functionCall":{"name":"t","args":{}}},{"functionCall":{"name":"u","args":{"x":1,"x":1}}}]`, 2, 1, 1, 84, `duplicate key "x" in the arguments (first at line 1, column 78)`},
		// A text with a byte order mark keeps its positions.
		{"bom", "\ufeff" + `{"functionCall":{"name":"t","args":{"x":1,"x":1}}}`, 1, 0, 1, 44, `duplicate key "x"`},
		// A repeated "input" member is the call's own, not its arguments'.
		{"repeated input", `{"type":"tool_use","id":"1","name":"t","input":{},"input":{"a":1}}`, 0, 0, 0, 0, ""},
		// A repeat inside what would be arguments of an object that is no call.
		{"not a call", `{"tool":"t","arguments":{"a":1,"a":2}}`, 0, 0, 0, 0, ""},
		// A repeat in the arguments and a syntax error later.
		{"and a syntax error", `{"functionCall":{"name":"t","args":{"x":1,"x":1}},}`, 0, 0, 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls, probs := call.ReadText(tt.text)
			if tt.calls == 0 {
				if len(calls) != 1 || calls[0].Format != call.FormatUnknown || len(probs) == 0 {
					t.Fatalf("want the text unreadable, got %d calls, problems %v", len(calls), probs)
				}
				return
			}
			if len(probs) != 0 || len(calls) != tt.calls {
				t.Fatalf("got %d calls, problems %v", len(calls), probs)
			}
			for i, c := range calls {
				if c.Name == "" {
					t.Errorf("call %d is not named", i)
				}
				if _, repeated := c.ArgumentsProblems(); (i == tt.repeatsIn) != repeated {
					t.Errorf("call %d: repeated key %v", i, repeated)
				}
			}
			c := calls[tt.repeatsIn]
			if c.Arguments != nil || len(argsProblems(c)) != 1 {
				t.Fatalf("arguments %v, problems %v", c.Arguments, argsProblems(c))
			}
			p := argsProblems(c)[0]
			if p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.contains) {
				t.Errorf("got %s, want line %d column %d containing %q", p.Error(), tt.line, tt.col, tt.contains)
			}
		})
	}
}

func argsProblems(c call.Call) problem.Problems {
	probs, _ := c.ArgumentsProblems()
	return probs
}

// TestTextReplies: a model's reply in words, in any shape it comes in (a Chat Completions
// message whose content is a string, choices, Anthropic text blocks, Gemini text parts), is one
// call marked as a text reply, with the words placed; what is not a model's reply is not.
func TestTextReplies(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		reply      bool
	}{
		{"an assistant message with content and no tool_calls", `{"role":"assistant","content":"Sure, I will send it now."}`, true},
		{"the same with a null tool_calls", `{"role":"assistant","content":"Done.","tool_calls":null}`, true},
		{"choices", `{"choices":[{"message":{"role":"assistant","content":"Hello"}}]}`, true},
		{"Anthropic text blocks", `{"role":"assistant","content":[{"type":"text","text":"Hi"}]}`, true},
		{"Gemini text parts", `{"candidates":[{"content":{"parts":[{"text":"no"}]}}]}`, true},
		{"a user's message", `{"role":"user","content":"send the report"}`, false},
		{"an assistant message with empty content", `{"role":"assistant","content":"  "}`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := jsondoc.Parse(problem.SourceCall, []byte(tt.text))
			if len(probs) > 0 {
				t.Fatal(probs)
			}
			calls, probs := call.Parse(doc)
			if len(calls) != 1 || len(probs) != 1 {
				t.Fatalf("%d calls, problems %v: want one unreadable call", len(calls), probs)
			}
			if got := calls[0].TextReply(); got != tt.reply {
				t.Errorf("TextReply() = %v, want %v (%v)", got, tt.reply, probs)
			}
			if tt.reply && (!strings.Contains(probs[0].Message, "where a tool call would be") || probs[0].Column < 2) {
				t.Errorf("problem %v: want the words, placed at them", probs[0])
			}
		})
	}
}
