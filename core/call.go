package core

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The call formats [ParseCalls] reads, as a decision's "format" names them.
const (
	FormatOpenAIChat      = "openai-chat"      // {"type":"function","function":{"name","arguments":"<JSON>"}}
	FormatOpenAIResponses = "openai-responses" // {"type":"function_call","call_id","name","arguments":"<JSON>"}
	FormatAnthropic       = "anthropic"        // {"type":"tool_use","id","name","input":{…}}
	FormatGemini          = "gemini"           // {"functionCall":{"name","args":{…}}}
	FormatMCP             = "mcp"              // {"jsonrpc":"2.0","method":"tools/call","params":{"name","arguments"}}
	// FormatUnknown marks a call that could not be read; the gate denies it.
	FormatUnknown = "unknown"
)

// CallFormats lists the formats [ParseCalls] reads, in the order messages name them.
var CallFormats = []string{FormatOpenAIChat, FormatOpenAIResponses, FormatAnthropic, FormatGemini, FormatMCP}

// A Call is one tool call read from a pasted text, whatever the model or protocol that wrote it.
type Call struct {
	Format string `json:"format"`       // one of [CallFormats], or [FormatUnknown] when unreadable
	ID     string `json:"id,omitempty"` // the call's id (tool_call id, call_id, tool_use id, JSON-RPC id)
	Name   string `json:"name"`         // the tool's name as the call gives it; "" when unreadable
	// Arguments is the decoded arguments value (numbers as json.Number). When the arguments
	// arrive as a JSON string that does not parse strictly, it is nil and the gate says why.
	Arguments any `json:"arguments"`
	// ArgumentsText is the arguments string exactly as the call carried it (OpenAI formats).
	ArgumentsText string `json:"argumentsText,omitempty"`
	// Pointer is the JSON Pointer of the call object in the pasted text.
	Pointer string `json:"pointer"`
	// Raw is the whole call object, kept for the decision's log.
	Raw any `json:"call"`

	doc          *Document // the pasted text, to place problems at line:column
	namePointer  string    // where the tool name sits in doc
	argsPointer  string    // where the arguments value sits in doc; "" when absent
	argsIsString bool      // the arguments arrived as a JSON string, parsed on their own
	argsDoc      *Document // the strictly parsed arguments string
	argsProblems Problems  // why the arguments string did not parse, placed in the pasted text
	argsMissing  bool      // the call has no arguments where its format requires them
	unreadable   Problems  // why this call cannot be read at all
}

// callShapes is what an unknown call shape is told: the five shapes gatehouse reads.
const callShapes = `OpenAI Chat Completions ({"type":"function","function":{"name":…,"arguments":"…"}}, or an assistant message with "tool_calls"), ` +
	`OpenAI Responses ({"type":"function_call","call_id":…,"name":…,"arguments":"…"}), ` +
	`Anthropic ({"type":"tool_use","id":…,"name":…,"input":{…}}), ` +
	`Gemini ({"functionCall":{"name":…,"args":{…}}}, also inside candidates/content/parts), ` +
	`MCP ({"jsonrpc":"2.0","method":"tools/call","params":{"name":…,"arguments":{…}}})`

// ParseCalls reads every tool call in a pasted text: one call in any of the five shapes, a
// message or response holding several (an assistant message's "tool_calls", an Anthropic
// message's "content", a Gemini response's candidates/content/parts, a Responses "output"), or a
// JSON array of calls. Where arguments arrive as a string they are parsed strictly here, and any
// problem in them is placed at its line and column in the pasted text; such a call is still
// returned (with nil Arguments) so the gate can deny it with arguments_invalid.
//
// A call that cannot be read at all (no name, an unknown shape) is also returned, with an empty
// Name and its problems in the returned Problems, so that a message holding one good call and one
// unreadable call is not taken for the good call alone.
func ParseCalls(doc *Document) ([]Call, Problems) {
	r := callReader{doc: doc}
	r.read(doc.Value, "", true)
	if len(r.calls) == 0 && len(r.probs) == 0 {
		r.unreadable("", "the text holds no tool call: expected one of "+callShapes)
	}
	return r.calls, r.probs
}

type callReader struct {
	doc   *Document
	calls []Call
	probs Problems
}

// unreadable records a call that cannot be read, so the gate denies it instead of skipping it.
func (r *callReader) unreadable(pointer, msg string) {
	p := r.doc.Problem(KindRule, pointer, msg)
	r.probs = append(r.probs, p)
	r.calls = append(r.calls, Call{Format: FormatUnknown, Pointer: pointer, Raw: lookupPointer(r.doc.Value, pointer),
		doc: r.doc, unreadable: Problems{p}})
}

// read dispatches on the shape of v. top is true for the pasted value itself, where an array of
// calls is accepted; containers found inside a call are not searched further.
func (r *callReader) read(v any, at string, top bool) {
	switch x := v.(type) {
	case []any:
		if !top {
			r.unreadable(at, "expected a tool call object here, found an array")
			return
		}
		if len(x) == 0 {
			r.unreadable(at, "the array is empty: it holds no tool call")
			return
		}
		for i, item := range x {
			r.read(item, JoinPointer(at, strconv.Itoa(i)), false)
		}
		return
	case map[string]any:
		r.readObject(x, at)
		return
	}
	r.unreadable(at, fmt.Sprintf("expected a tool call object, found %s; gatehouse reads %s", describeType(v), callShapes))
}

func (r *callReader) readObject(m map[string]any, at string) {
	typ, _ := m["type"].(string)
	_, hasJSONRPC := m["jsonrpc"]
	method, hasMethod := m["method"]
	switch {
	case hasJSONRPC || hasMethod:
		if method != "tools/call" {
			r.unreadable(at, fmt.Sprintf("a JSON-RPC message whose method is %s, not \"tools/call\"", clip(callShowJSON(method), 60)))
			return
		}
		r.readMCP(m, at)
	case typ == "function" || (typ == "" && callIsObject(m["function"])):
		r.readOpenAIChat(m, at)
	case typ == "function_call":
		r.readNamed(m, at, FormatOpenAIResponses, "call_id", "arguments")
	case typ == "tool_use":
		r.readNamed(m, at, FormatAnthropic, "id", "input")
	case callIsObject(m["functionCall"]):
		r.readGemini(m["functionCall"].(map[string]any), JoinPointer(at, "functionCall"), m)
	case callIsArray(m["tool_calls"]):
		r.readList(m["tool_calls"], JoinPointer(at, "tool_calls"), "the message's \"tool_calls\" is empty: it holds no tool call", r.readOpenAIChatItem)
	case callIsArray(m["choices"]):
		r.readChoices(m["choices"].([]any), JoinPointer(at, "choices"))
	case callIsArray(m["output"]):
		r.readFiltered(m["output"].([]any), JoinPointer(at, "output"), "function_call", "the response's \"output\" holds no function_call item")
	case callIsArray(m["content"]):
		r.readFiltered(m["content"].([]any), JoinPointer(at, "content"), "tool_use", "the message's \"content\" holds no tool_use block")
	case callIsArray(m["candidates"]):
		r.readCandidates(m["candidates"].([]any), JoinPointer(at, "candidates"))
	case callIsObject(m["content"]):
		r.readParts(m["content"].(map[string]any)["parts"], JoinPointer(at, "content", "parts"))
	case callIsArray(m["parts"]):
		r.readParts(m["parts"], JoinPointer(at, "parts"))
	default:
		msg := "not a tool call gatehouse can read; it reads " + callShapes
		if typ != "" {
			msg = fmt.Sprintf("a %s object is not a tool call; gatehouse reads %s", clip(strconv.Quote(typ), 40), callShapes)
		}
		r.unreadable(at, msg)
	}
}

func (r *callReader) readList(v any, at, emptyMsg string, item func(any, string)) {
	items, _ := v.([]any)
	if len(items) == 0 {
		r.unreadable(at, emptyMsg)
		return
	}
	for i, it := range items {
		item(it, JoinPointer(at, strconv.Itoa(i)))
	}
}

func (r *callReader) readOpenAIChatItem(v any, at string) {
	m, ok := v.(map[string]any)
	if !ok {
		r.unreadable(at, fmt.Sprintf("a tool_calls entry must be an object, found %s", describeType(v)))
		return
	}
	r.readOpenAIChat(m, at)
}

// readChoices reads a whole Chat Completions response: each choice's message's tool_calls.
func (r *callReader) readChoices(choices []any, at string) {
	before := len(r.calls)
	for i, c := range choices {
		cm, _ := c.(map[string]any)
		msg, _ := cm["message"].(map[string]any)
		if calls, ok := msg["tool_calls"].([]any); ok {
			for j, it := range calls {
				r.readOpenAIChatItem(it, JoinPointer(at, strconv.Itoa(i), "message", "tool_calls", strconv.Itoa(j)))
			}
		}
	}
	if len(r.calls) == before {
		r.unreadable(at, "no choice's message holds \"tool_calls\"")
	}
}

// readFiltered reads the items of a Responses "output" or an Anthropic "content" whose type is
// want, skipping text, reasoning and other items that are not calls.
func (r *callReader) readFiltered(items []any, at, want, emptyMsg string) {
	before := len(r.calls)
	for i, it := range items {
		if m, ok := it.(map[string]any); ok && m["type"] == want {
			r.readObject(m, JoinPointer(at, strconv.Itoa(i)))
		}
	}
	if len(r.calls) == before {
		r.unreadable(at, emptyMsg)
	}
}

func (r *callReader) readCandidates(cands []any, at string) {
	before := len(r.calls)
	for i, c := range cands {
		cm, _ := c.(map[string]any)
		content, _ := cm["content"].(map[string]any)
		if parts, ok := content["parts"].([]any); ok {
			r.readGeminiParts(parts, JoinPointer(at, strconv.Itoa(i), "content", "parts"))
		}
	}
	if len(r.calls) == before {
		r.unreadable(at, "no candidate's content/parts holds a functionCall")
	}
}

func (r *callReader) readParts(v any, at string) {
	parts, ok := v.([]any)
	before := len(r.calls)
	if ok {
		r.readGeminiParts(parts, at)
	}
	if len(r.calls) == before {
		r.unreadable(at, "the parts hold no functionCall")
	}
}

func (r *callReader) readGeminiParts(parts []any, at string) {
	for j, p := range parts {
		pm, _ := p.(map[string]any)
		if fc, ok := pm["functionCall"].(map[string]any); ok {
			r.readGemini(fc, JoinPointer(at, strconv.Itoa(j), "functionCall"), pm)
		}
	}
}

func (r *callReader) readOpenAIChat(m map[string]any, at string) {
	fn, ok := m["function"].(map[string]any)
	if !ok {
		r.unreadable(at, "an OpenAI tool call needs a \"function\" object with \"name\" and \"arguments\"")
		return
	}
	c, ok := r.newCall(FormatOpenAIChat, m, at, fn, JoinPointer(at, "function"))
	if !ok {
		return
	}
	c.ID = callID(m["id"])
	r.setArguments(&c, fn, JoinPointer(at, "function"), "arguments", false)
	r.calls = append(r.calls, c)
}

// readNamed reads the flat shapes (Responses function_call, Anthropic tool_use).
func (r *callReader) readNamed(m map[string]any, at, format, idKey, argsKey string) {
	c, ok := r.newCall(format, m, at, m, at)
	if !ok {
		return
	}
	c.ID = callID(m[idKey])
	if c.ID == "" && format == FormatOpenAIResponses {
		c.ID = callID(m["id"])
	}
	r.setArguments(&c, m, at, argsKey, false)
	r.calls = append(r.calls, c)
}

// readGemini reads a functionCall; raw is the part holding it, kept as the whole call.
func (r *callReader) readGemini(fc map[string]any, at string, raw map[string]any) {
	partAt := strings.TrimSuffix(at, "/functionCall")
	c, ok := r.newCall(FormatGemini, raw, partAt, fc, at)
	if !ok {
		return
	}
	c.ID = callID(fc["id"])
	r.setArguments(&c, fc, at, "args", true)
	r.calls = append(r.calls, c)
}

func (r *callReader) readMCP(m map[string]any, at string) {
	params, ok := m["params"].(map[string]any)
	if !ok {
		r.unreadable(at, "an MCP tools/call request needs a \"params\" object with \"name\" and \"arguments\"")
		return
	}
	c, ok := r.newCall(FormatMCP, m, at, params, JoinPointer(at, "params"))
	if !ok {
		return
	}
	c.ID = callID(m["id"])
	r.setArguments(&c, params, JoinPointer(at, "params"), "arguments", true)
	r.calls = append(r.calls, c)
}

// newCall starts a call from the object holding "name" (named, at namedAt).
func (r *callReader) newCall(format string, raw map[string]any, at string, named map[string]any, namedAt string) (Call, bool) {
	name, ok := named["name"].(string)
	if !ok || name == "" {
		p := r.doc.Problem(KindRule, namedAt, fmt.Sprintf("this %s call has no tool name: expected a non-empty string \"name\"", format))
		if _, has := named["name"]; has {
			p = r.doc.Problem(KindRule, JoinPointer(namedAt, "name"), fmt.Sprintf("this %s call's \"name\" must be a non-empty string", format))
		}
		r.probs = append(r.probs, p)
		r.calls = append(r.calls, Call{Format: format, Pointer: at, Raw: raw, doc: r.doc, unreadable: Problems{p}})
		return Call{}, false
	}
	return Call{Format: format, Name: name, Pointer: at, Raw: raw, doc: r.doc, namePointer: JoinPointer(namedAt, "name")}, true
}

// setArguments reads holder[key]. A string is parsed strictly on its own (the OpenAI formats send
// arguments as JSON text); optional says the format lets a call without arguments mean {}.
func (r *callReader) setArguments(c *Call, holder map[string]any, holderAt, key string, optional bool) {
	v, has := holder[key]
	if !has {
		if optional {
			c.Arguments = map[string]any{}
			return
		}
		c.argsMissing = true
		c.argsProblems = Problems{r.doc.Problem(KindParse, holderAt, fmt.Sprintf("the call has no %q", key))}
		return
	}
	c.argsPointer = JoinPointer(holderAt, key)
	s, isString := v.(string)
	if !isString || c.Format == FormatAnthropic || c.Format == FormatGemini || c.Format == FormatMCP {
		// These formats carry the arguments as an object; a string there is a value of the wrong
		// type for the schema to reject, not JSON text to decode.
		c.Arguments = v
		return
	}
	c.argsIsString = true
	c.ArgumentsText = s
	argsDoc, probs := ParseText(SourceCall, s)
	if len(probs) > 0 {
		c.argsProblems = c.placeInArguments(probs, s)
		return
	}
	c.argsDoc = argsDoc
	c.Arguments = argsDoc.Value
}

// placeInArguments moves problems found inside the arguments string to the pasted text: an offset
// in the decoded string becomes the offset of the same character in the string literal.
func (c *Call) placeInArguments(probs Problems, decoded string) Problems {
	inner := &Document{Source: SourceCall, Text: []byte(decoded)}
	out := make(Problems, len(probs))
	for i, p := range probs {
		p.Source = SourceCall
		if strings.HasPrefix(p.Message, "duplicate key ") && p.InstanceLocation != "" {
			// The message names where the first key is, in the string's own lines; say it again
			// in the pasted text's.
			name := p.InstanceLocation[strings.LastIndexByte(p.InstanceLocation, '/')+1:]
			name = strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
			p.Message = fmt.Sprintf("duplicate key %q in the arguments string: parsers disagree on which one counts", name)
			if first, ok := inner.LocateName(p.InstanceLocation); ok {
				if at, ok := c.outerOffset(first); ok {
					l, col := c.doc.Position(at)
					p.Message = fmt.Sprintf("duplicate key %q in the arguments string (first at line %d, column %d): parsers disagree on which one counts", name, l, col)
				}
			}
		} else {
			p.Message = "the arguments string is not valid JSON: " + p.Message
		}
		p.Line, p.Column = 0, 0
		if p.Offset >= 0 {
			if at, ok := c.outerOffset(p.Offset); ok {
				p.Offset = at
				p.Line, p.Column = c.doc.Position(at)
			} else {
				p.Offset = -1
			}
		}
		out[i] = p
	}
	return out
}

// outerOffset maps a byte offset in the decoded arguments string to the pasted text.
func (c *Call) outerOffset(decodedOffset int) (int, bool) {
	if c.doc == nil || c.argsPointer == "" {
		return 0, false
	}
	start, ok := c.doc.Locate(c.argsPointer)
	if !ok || start >= len(c.doc.Text) || c.doc.Text[start] != '"' {
		return 0, false
	}
	rel, ok := rawStringOffset(c.doc.Text[start:], decodedOffset)
	if !ok {
		return 0, false
	}
	return start + rel, true
}

// argumentProblem builds a problem about the argument at pointer (relative to the arguments),
// placed in the pasted text wherever the arguments came from.
func (c *Call) argumentProblem(kind Kind, pointer, msg string) Problem {
	p := Problem{Source: SourceCall, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	if off, ok := c.argumentOffset(pointer, false); ok {
		p.Offset = off
		p.Line, p.Column = c.doc.Position(off)
	}
	return p
}

// argumentNameProblem is argumentProblem for a member name (an additional property).
func (c *Call) argumentNameProblem(kind Kind, pointer, msg string) Problem {
	p := Problem{Source: SourceCall, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	off, ok := c.argumentOffset(pointer, true)
	if !ok {
		off, ok = c.argumentOffset(pointer, false)
	}
	if ok {
		p.Offset = off
		p.Line, p.Column = c.doc.Position(off)
	}
	return p
}

// argumentOffset finds the value at pointer (relative to the arguments) in the pasted text, or
// with name the member name the pointer ends at.
func (c *Call) argumentOffset(pointer string, name bool) (int, bool) {
	if c.doc == nil || c.argsPointer == "" {
		return 0, false
	}
	if !c.argsIsString {
		if name {
			return c.doc.LocateName(c.argsPointer + pointer)
		}
		return c.doc.Locate(c.argsPointer + pointer)
	}
	if c.argsDoc == nil {
		return c.outerOffset(0)
	}
	locate := c.argsDoc.Locate
	if name {
		locate = c.argsDoc.LocateName
	}
	inner, ok := locate(pointer)
	if !ok {
		return 0, false
	}
	return c.outerOffset(inner)
}

// callProblem builds a problem about the value at pointer in the pasted call text.
func (c *Call) callProblem(kind Kind, pointer, msg string) Problem {
	if c.doc == nil {
		return Problem{Source: SourceCall, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	}
	p := c.doc.Problem(kind, pointer, msg)
	p.Source = SourceCall
	return p
}

// rawStringOffset maps a byte offset in a decoded JSON string to the offset of the same
// character in its literal, which starts with the opening quote. Escapes make the two differ:
// "\n" is two bytes for one, "\u00e9" six for two, a surrogate pair twelve for four. An offset
// that falls inside the bytes one escape decodes to maps to the escape's start; the offset just
// past the last character maps to the closing quote.
func rawStringOffset(literal []byte, decodedOffset int) (int, bool) {
	if len(literal) == 0 || literal[0] != '"' || decodedOffset < 0 {
		return 0, false
	}
	decoded := 0
	i := 1
	for i < len(literal) {
		b := literal[i]
		if b == '"' {
			break
		}
		width, raw := 1, 1
		if b == '\\' {
			if i+1 >= len(literal) {
				return 0, false
			}
			switch literal[i+1] {
			case 'u':
				r1, ok := escapeHex4(literal[i+2:])
				if !ok {
					return 0, false
				}
				raw = 6
				r := rune(r1)
				if utf16.IsSurrogate(r) {
					r = utf8.RuneError
					if i+12 <= len(literal) && literal[i+6] == '\\' && literal[i+7] == 'u' {
						if r2, ok := escapeHex4(literal[i+8:]); ok {
							if pair := utf16.DecodeRune(rune(r1), rune(r2)); pair != utf8.RuneError {
								r, raw = pair, 12
							}
						}
					}
				}
				width = utf8.RuneLen(r)
			default:
				raw = 2
			}
		}
		if decodedOffset < decoded+width {
			return i, true
		}
		decoded += width
		i += raw
	}
	if decodedOffset == decoded && i < len(literal) {
		return i, true
	}
	return 0, false
}

func escapeHex4(b []byte) (uint16, bool) {
	if len(b) < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[:4]), 16, 16)
	return uint16(n), err == nil
}

// idString shows a call id (a string, or a JSON-RPC number) as text.
func callID(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return string(x)
	}
	return ""
}

func callIsObject(v any) bool { _, ok := v.(map[string]any); return ok }
func callIsArray(v any) bool  { _, ok := v.([]any); return ok }

// callShowJSON renders a decoded value as JSON text for a message.
func callShowJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
