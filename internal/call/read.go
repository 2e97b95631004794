package call

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

type callReader struct {
	doc   *jsondoc.Document
	calls []Call
	probs problem.Problems
	// consumed holds objects denied whole through a problem placed at one of their members;
	// the sweep does not search them again.
	consumed map[string]bool
}

// unreadable records a call that cannot be read, so the gate denies it instead of skipping it.
func (r *callReader) unreadable(pointer, msg string) {
	p := secrets.RedactProblem(r.doc.Problem(problem.KindRule, pointer, msg))
	r.probs = append(r.probs, p)
	r.calls = append(r.calls, Call{Format: FormatUnknown, Pointer: pointer, Raw: jsondoc.Lookup(r.doc.Value, pointer),
		doc: r.doc, unreadable: problem.Problems{p}})
}

// consume marks the object at pointer as denied whole.
func (r *callReader) consume(pointer string) {
	if r.consumed == nil {
		r.consumed = map[string]bool{}
	}
	r.consumed[pointer] = true
}

// read dispatches on the shape of v. top is true for the pasted value itself, where an array of
// calls is accepted; containers found inside a call are not searched further.
func (r *callReader) read(v any, at string, top bool) {
	switch x := v.(type) {
	case []any:
		if !top {
			r.unreadable(at, i18n.T("expected a tool call object here, found an array"))
			return
		}
		if len(x) == 0 {
			r.unreadable(at, i18n.T("the array is empty: it holds no tool call"))
			return
		}
		for i, item := range x {
			r.read(item, jsondoc.JoinPointer(at, strconv.Itoa(i)), false)
		}
		return
	case map[string]any:
		r.readObject(x, at)
		return
	}
	r.unreadable(at, i18n.Sprintf("expected a tool call object, found %s; gatehouse reads %s", jsondoc.TypeName(v), i18n.T(callShapes)))
}

// The "type" values of a call object, by the format they mean.
var callTypes = map[string]string{"function": FormatOpenAIChat, "function_call": FormatOpenAIResponses, "tool_use": FormatAnthropic}

// unreadCallKeys are members that invoke a tool in a way gatehouse does not read: OpenAI's legacy
// function_call and its custom tool calls, Bedrock's toolUse, Gemini's executableCode. An object
// holding one is an unreadable call, even beside calls gatehouse does read.
var unreadCallKeys = []string{"function_call", "custom", "toolUse", "toolCall", "toolCalls", "tool_use", "executableCode", "functionCalls", "function_calls"}

// directShapes names the call shapes m has the marks of: an object with the marks of two is
// ambiguous, since the runtime that gets it may read either.
func directShapes(m map[string]any) []string {
	var shapes []string
	if _, ok := m["jsonrpc"]; ok {
		shapes = append(shapes, FormatMCP)
	} else if _, ok := m["method"]; ok {
		shapes = append(shapes, FormatMCP)
	}
	typ, _ := m["type"].(string)
	if f, ok := callTypes[typ]; ok {
		shapes = append(shapes, f)
	}
	if m["function"] != nil && typ != "function" {
		shapes = append(shapes, FormatOpenAIChat)
	}
	if m["functionCall"] != nil {
		shapes = append(shapes, FormatGemini)
	}
	return shapes
}

// readObject reads one object found where a call or a message may be: a call of one of the five
// shapes, or a message or response whose containers hold calls. Anything else, and anything
// with the marks of two at once, is an unreadable call.
func (r *callReader) readObject(m map[string]any, at string) {
	typ, _ := m["type"].(string)
	for _, key := range unreadCallKeys {
		if m[key] != nil {
			r.unreadable(jsondoc.JoinPointer(at, key), i18n.Sprintf("%s invokes a tool in a way gatehouse does not read, so it cannot be allowed", untrusted.Quote(key)))
			r.consume(at)
			return
		}
	}
	if typ != "" && typ != "message" && callTypes[typ] == "" {
		msg := i18n.Sprintf("a %s object is not a tool call gatehouse reads, so it cannot be allowed", untrusted.Quote(typ))
		if at == "" {
			msg = i18n.Sprintf("a %s object is not a tool call gatehouse reads, so it cannot be allowed; gatehouse reads %s", untrusted.Quote(typ), i18n.T(callShapes))
		}
		r.unreadable(at, msg)
		return
	}
	shapes := directShapes(m)
	var containers []string
	for _, key := range callContainers {
		switch m[key].(type) {
		case []any:
			containers = append(containers, key)
		case map[string]any:
			if key == "content" { // a Gemini content: {"role":…,"parts":[…]}
				containers = append(containers, key)
			}
		}
	}
	if len(shapes) > 1 || len(shapes) == 1 && (len(containers) > 0 || typ == "message") {
		marks := append(slices.Clone(shapes), containers...)
		if typ == "message" {
			marks = append(marks, `"type": "message"`)
		}
		r.unreadable(at, i18n.Sprintf("this object has the marks of several calls at once (%s): which one runs depends on who reads it, so none is allowed", strings.Join(marks, ", ")))
		return
	}
	if len(shapes) == 1 {
		switch shapes[0] {
		case FormatMCP:
			if method := m["method"]; method != "tools/call" {
				r.unreadable(at, i18n.Sprintf("a JSON-RPC message whose method is %s, not \"tools/call\"", untrusted.Shorten(jsondoc.Compact(method), 60)))
				return
			}
			r.readWrapped(m, at, FormatMCP, "params", true, i18n.T("an MCP tools/call request needs a \"params\" object with \"name\" and \"arguments\""))
		case FormatOpenAIChat:
			r.readWrapped(m, at, FormatOpenAIChat, "function", false, i18n.T("an OpenAI tool call needs a \"function\" object with \"name\" and \"arguments\""))
		case FormatOpenAIResponses:
			r.readNamed(m, at, FormatOpenAIResponses, "call_id", "arguments")
		case FormatAnthropic:
			r.readNamed(m, at, FormatAnthropic, "id", "input")
		case FormatGemini:
			fc, ok := m["functionCall"].(map[string]any)
			if !ok {
				r.unreadable(jsondoc.JoinPointer(at, "functionCall"), i18n.Sprintf("a Gemini functionCall must be an object with \"name\" and \"args\", found %s", jsondoc.TypeName(m["functionCall"])))
				return
			}
			r.readGemini(fc, jsondoc.JoinPointer(at, "functionCall"), m)
		}
		return
	}
	if len(containers) == 0 {
		if textAt, text, ok := messageText(m, at); ok {
			// A model's message in words, with no tool_calls: the same answer as a reply
			// whose containers hold only text.
			r.unreadable(textAt, i18n.Sprintf("the model's answer in text, where a tool call would be: %s", untrusted.Quote(untrusted.Shorten(text, 80))))
			r.calls[len(r.calls)-1].textReply = true
			return
		}
		r.unreadable(at, i18n.Sprintf("not a tool call gatehouse can read; it reads %s", i18n.T(callShapes)))
		return
	}
	before := len(r.calls)
	for _, key := range containers {
		r.readContainer(m[key], jsondoc.JoinPointer(at, key), key)
	}
	if len(r.calls) == before {
		if textAt, text, ok := answerText(m, at); ok {
			// The model replied in words: nothing here invokes a tool. The gate says so (detail
			// no_tool_call); the evidence is the words, placed where they are.
			r.unreadable(textAt, i18n.Sprintf("the model's answer in text, where a tool call would be: %s", untrusted.Quote(untrusted.Shorten(text, 80))))
			r.calls[len(r.calls)-1].textReply = true
			return
		}
		first := containers[0]
		if _, isObject := m[first].(map[string]any); isObject {
			r.unreadable(jsondoc.JoinPointer(at, first, "parts"), containerEmpty["parts"])
			return
		}
		r.unreadable(jsondoc.JoinPointer(at, first), containerEmpty[first])
	}
}

// readWrapped reads the shapes whose name and arguments sit in an inner object beside the id:
// OpenAI Chat Completions ("function", arguments as a string) and MCP tools/call ("params",
// arguments as an object).
func (r *callReader) readWrapped(m map[string]any, at, format, innerKey string, argsObject bool, missing string) {
	inner, ok := m[innerKey].(map[string]any)
	if !ok {
		r.unreadable(at, missing)
		return
	}
	innerAt := jsondoc.JoinPointer(at, innerKey)
	if format != FormatMCP && !r.stringID(m, "id", at) {
		return
	}
	c, ok := r.newCall(format, m, at, inner, innerAt)
	if !ok {
		return
	}
	c.ID = idText(m["id"])
	r.setArguments(&c, inner, innerAt, "arguments", argsObject)
	r.calls = append(r.calls, c)
}

// readNamed reads the flat shapes (Responses function_call, Anthropic tool_use).
func (r *callReader) readNamed(m map[string]any, at, format, idKey, argsKey string) {
	if !r.stringID(m, idKey, at) || idKey != "id" && !r.stringID(m, "id", at) {
		return
	}
	c, ok := r.newCall(format, m, at, m, at)
	if !ok {
		return
	}
	c.ID = idText(m[idKey])
	if c.ID == "" && format == FormatOpenAIResponses {
		c.ID = idText(m["id"])
	}
	r.setArguments(&c, m, at, argsKey, false)
	r.calls = append(r.calls, c)
}

// newCall starts a call from the object holding "name" (named, at namedAt).
func (r *callReader) newCall(format string, raw map[string]any, at string, named map[string]any, namedAt string) (Call, bool) {
	for _, obj := range []struct {
		m  map[string]any
		at string
	}{{raw, at}, {named, namedAt}} {
		if a, b, found := caseTwins(obj.m); found {
			r.unreadable(obj.at, i18n.Sprintf("members %s and %s differ only in case: a reader that ignores case (Go's encoding/json does) may take either, so which call this is cannot be told",
				untrusted.Quote(a), untrusted.Quote(b)))
			return Call{}, false
		}
	}
	name, ok := named["name"].(string)
	if !ok || name == "" {
		p := r.doc.Problem(problem.KindRule, namedAt, i18n.Sprintf("this %s call has no tool name: expected a non-empty string \"name\"", format))
		if _, has := named["name"]; has {
			p = r.doc.Problem(problem.KindRule, jsondoc.JoinPointer(namedAt, "name"), i18n.Sprintf("this %s call's \"name\" must be a non-empty string", format))
		}
		r.probs = append(r.probs, p)
		r.calls = append(r.calls, Call{Format: format, Pointer: at, Raw: raw, doc: r.doc, unreadable: problem.Problems{p}})
		return Call{}, false
	}
	return Call{Format: format, Name: name, Pointer: at, Raw: raw, doc: r.doc, namePointer: jsondoc.JoinPointer(namedAt, "name")}, true
}

// stringID reports whether the id member key of m (an object at pointer) is a string, or absent
// or null, as every shape but JSON-RPC writes it; a number or an object there is no id the
// call was sent with, so the call is unreadable.
func (r *callReader) stringID(m map[string]any, key, at string) bool {
	v := m[key]
	if _, isString := v.(string); isString || v == nil {
		return true
	}
	r.unreadable(jsondoc.JoinPointer(at, key), i18n.Sprintf("%s must be a string, found %s: which call this is cannot be told", untrusted.Quote(key), jsondoc.TypeName(v)))
	return false
}

// idText shows a call id (a string, or a JSON-RPC number) as text.
func idText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return string(x)
	}
	return ""
}

// messageText finds the words of a model's message written as one string, the way OpenAI Chat
// writes an assistant's reply that calls no tool: {"role": "assistant", "content": "…"}.
func messageText(m map[string]any, at string) (pointer, text string, ok bool) {
	role, _ := m["role"].(string)
	content, _ := m["content"].(string)
	if role != "assistant" && role != "model" || strings.TrimSpace(content) == "" {
		return "", "", false
	}
	return jsondoc.JoinPointer(at, "content"), content, true
}

// answerText finds the words of a reply that holds no call: the first non-empty string under a
// "content" or "text" member of its containers (a Chat Completions message's content, an
// Anthropic or Responses text item, a Gemini text part). ok is false when there is none, or
// when the containers hold anything but text and reasoning.
func answerText(m map[string]any, at string) (pointer, text string, ok bool) {
	var walk func(v any, at string, depth int) bool
	walk = func(v any, at string, depth int) bool {
		if depth > 8 {
			return false
		}
		switch x := v.(type) {
		case []any:
			for i, item := range x {
				if walk(item, jsondoc.JoinPointer(at, strconv.Itoa(i)), depth+1) {
					return true
				}
			}
		case map[string]any:
			for _, key := range []string{"content", "text", "message", "parts", "choices", "output", "candidates"} {
				if s, isText := x[key].(string); isText && (key == "content" || key == "text") && strings.TrimSpace(s) != "" {
					pointer, text = jsondoc.JoinPointer(at, key), s
					return true
				}
				if x[key] != nil && walk(x[key], jsondoc.JoinPointer(at, key), depth+1) {
					return true
				}
			}
		}
		return false
	}
	for _, key := range callContainers {
		if m[key] != nil && walk(m[key], jsondoc.JoinPointer(at, key), 0) {
			return pointer, text, true
		}
	}
	return "", "", false
}
