package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
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
	argsProblems Problems  // why the arguments did not parse, placed in the pasted text
	argsDupKey   bool      // among argsProblems, the arguments repeat a key
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
// unreadable call is not taken for the good call alone. So is anything else that invokes a tool
// in a way gatehouse does not read (an Anthropic mcp_tool_use or server_tool_use block, a
// Responses mcp_call item, a custom tool call, a legacy function_call), and an object shaped like
// two calls at once: a message is let through only when every invocation in it is gated.
func ParseCalls(doc *Document) ([]Call, Problems) {
	r := callReader{doc: doc}
	r.read(doc.Value, "", true)
	if len(r.calls) == 0 && len(r.probs) == 0 {
		r.unreadable("", "the text holds no tool call: expected one of "+callShapes)
	}
	r.sweep()
	return r.calls, r.probs
}

// sweep looks through every part of the text the reading passed over (members it does not
// read, items it skipped as text, a call's own members beside its arguments) for anything with
// the marks of an invocation, and makes each one found an unreadable call: a runtime that reads
// the text its own way might run it. The arguments of the calls read are data, not searched.
func (r *callReader) sweep() {
	// read holds the objects whose marks are accounted for: the calls read, and the objects
	// holding an unreadable part. skip holds what is not searched: the arguments of the calls
	// read, and the unreadable parts.
	read, skip := map[string]bool{}, map[string]bool{}
	for _, c := range r.calls {
		if len(c.unreadable) > 0 || c.Name == "" {
			skip[c.Pointer] = true
			if i := strings.LastIndexByte(c.Pointer, '/'); i >= 0 {
				read[c.Pointer[:i]] = true
			}
			continue
		}
		read[c.Pointer] = true
		if c.argsPointer != "" {
			skip[c.argsPointer] = true
		}
	}
	before := len(r.calls)
	var walk func(v any, at string)
	walk = func(v any, at string) {
		if skip[at] || r.consumed[at] {
			return
		}
		switch x := v.(type) {
		case []any:
			for i, item := range x {
				walk(item, JoinPointer(at, strconv.Itoa(i)))
			}
		case map[string]any:
			if !read[at] && hasInvocationMarks(x) {
				r.unreadable(at, "this object has the marks of an invocation, in a place gatehouse does not read calls from: a runtime reading the text its own way might run it, so it cannot be allowed")
				return
			}
			for _, key := range sortedKeys(x) {
				walk(x[key], JoinPointer(at, key))
			}
		}
	}
	walk(r.doc.Value, "")
	if len(r.calls) > before {
		// Keep the calls in text order, as the decisions are.
		offset := func(c Call) int {
			off, _ := r.doc.Locate(c.Pointer)
			return off
		}
		slices.SortStableFunc(r.calls, func(a, b Call) int { return offset(a) - offset(b) })
		slices.SortStableFunc(r.probs, func(a, b Problem) int { return a.Offset - b.Offset })
	}
}

// hasInvocationMarks reports whether m looks like an invocation of some kind: the marks of a
// call shape, a member that invokes in a way gatehouse does not read, or a "type" naming a use
// or a call ("mcp_tool_use", "server_tool_use", "mcp_call", "computer_call", "custom", …).
func hasInvocationMarks(m map[string]any) bool {
	if len(directShapes(m)) > 0 {
		return true
	}
	for _, key := range unreadCallKeys {
		if m[key] != nil {
			return true
		}
	}
	typ, _ := m["type"].(string)
	return typ == "custom" || strings.HasSuffix(typ, "_use") || strings.HasSuffix(typ, "_call") || strings.HasSuffix(typ, "_calls")
}

// readCallText parses the call text and reads its calls. A text that does not parse is one
// unreadable call, so the gate still answers (deny) rather than answering nothing.
//
// One fault is told apart: a key repeated inside object-shaped arguments (MCP, Anthropic,
// Gemini). The text is read again, repeats allowed, only to find its calls and where each repeat
// is; when every repeat is inside some call's arguments, those calls are denied as an arguments
// string with a repeat is (arguments_invalid, duplicate_key, naming the tool), and the others are
// gated as usual. A repeat anywhere else leaves the whole text unreadable.
func readCallText(text string) ([]Call, Problems) {
	doc, probs := ParseText(SourceCall, text)
	if len(probs) == 0 {
		return ParseCalls(doc)
	}
	probs = redactProblems(probs)
	unreadable := []Call{{Format: FormatUnknown, unreadable: probs}}
	if !slices.ContainsFunc(probs, isDuplicateKey) {
		return unreadable, probs
	}
	lenient, repeats, ok := parseKeepingRepeats(text)
	if !ok || len(repeats) == 0 {
		return unreadable, probs
	}
	calls, callProbs := ParseCalls(lenient)
	for _, rep := range repeats {
		i := slices.IndexFunc(calls, func(c Call) bool { return c.holdsArgument(rep.pointer) })
		if i < 0 {
			return unreadable, probs
		}
		c := &calls[i]
		c.Arguments, c.argsDupKey = nil, true
		p := Problem{Source: SourceCall, Kind: KindParse, Offset: rep.offset, InstanceLocation: strings.TrimPrefix(rep.pointer, c.argsPointer)}
		p.Line, p.Column = lenient.Position(rep.offset)
		p.Message = c.duplicateKeyMessage(p.InstanceLocation, "in the arguments", rep.first)
		c.argsProblems = append(c.argsProblems, redactProblem(p))
	}
	return calls, callProbs
}

// holdsArgument reports whether pointer (in the pasted text) is inside this call's arguments
// object, as opposed to an arguments string parsed on its own or the call's own members.
func (c *Call) holdsArgument(pointer string) bool {
	return len(c.unreadable) == 0 && !c.argsIsString && c.argsPointer != "" && strings.HasPrefix(pointer, c.argsPointer+"/")
}

// A repeatedKey is a member name an object repeats.
type repeatedKey struct {
	pointer string // the repeated member
	offset  int    // where the repeat's name starts in the text
	first   int    // where the first occurrence's name starts
}

// parseKeepingRepeats parses text as [ParseText] does, except that a repeated key is recorded
// rather than refused; the first occurrence's value is kept. Nothing decides on this value: it
// serves only to tell where the repeats are.
func parseKeepingRepeats(text string) (*Document, []repeatedKey, bool) {
	doc := &Document{Source: SourceCall, Text: []byte(text)}
	if strings.HasPrefix(text, "\ufeff") {
		doc.bom = len("\ufeff")
	}
	body := doc.Text[doc.bom:]
	p := repeatsParser{dec: jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(true)), body: body, base: doc.bom}
	v, err := p.value(0, "")
	if err != nil {
		return nil, nil, false
	}
	if _, err := p.dec.ReadToken(); err != io.EOF {
		return nil, nil, false
	}
	doc.Value = v
	return doc, p.repeats, true
}

type repeatsParser struct {
	dec     *jsontext.Decoder
	body    []byte
	base    int // offset of body in the text
	repeats []repeatedKey
}

func (p *repeatsParser) value(depth int, at string) (any, error) {
	tok, err := p.dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case 'n':
		return nil, nil
	case 't':
		return true, nil
	case 'f':
		return false, nil
	case '"':
		return tok.String(), nil
	case '0':
		return json.Number(tok.String()), nil
	}
	if depth >= DefaultLimits.MaxDepth {
		return nil, errTooDeep
	}
	switch tok.Kind() {
	case '{':
		obj := map[string]any{}
		firstAt := map[string]int{}
		for p.dec.PeekKind() != '}' {
			nameAt := p.base + tokenStart(p.body, int(p.dec.InputOffset()))
			name, err := p.dec.ReadToken()
			if err != nil {
				return nil, err
			}
			key := name.String()
			member := JoinPointer(at, key)
			v, err := p.value(depth+1, member)
			if err != nil {
				return nil, err
			}
			if first, repeated := firstAt[key]; repeated {
				p.repeats = append(p.repeats, repeatedKey{pointer: member, offset: nameAt, first: first})
				continue
			}
			obj[key], firstAt[key] = v, nameAt
		}
		_, err := p.dec.ReadToken()
		return obj, err
	case '[':
		arr := []any{}
		for p.dec.PeekKind() != ']' {
			v, err := p.value(depth+1, JoinPointer(at, strconv.Itoa(len(arr))))
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := p.dec.ReadToken()
		return arr, err
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

type callReader struct {
	doc   *Document
	calls []Call
	probs Problems
	// consumed holds objects denied whole through a problem placed at one of their members;
	// the sweep does not search them again.
	consumed map[string]bool
}

// unreadable records a call that cannot be read, so the gate denies it instead of skipping it.
func (r *callReader) unreadable(pointer, msg string) {
	p := redactProblem(r.doc.Problem(KindRule, pointer, msg))
	r.probs = append(r.probs, p)
	r.calls = append(r.calls, Call{Format: FormatUnknown, Pointer: pointer, Raw: lookupPointer(r.doc.Value, pointer),
		doc: r.doc, unreadable: Problems{p}})
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

// The "type" values of a call object, by the format they mean.
var callTypes = map[string]string{"function": FormatOpenAIChat, "function_call": FormatOpenAIResponses, "tool_use": FormatAnthropic}

// unreadCallKeys are members that invoke a tool in a way gatehouse does not read: OpenAI's legacy
// function_call and its custom tool calls, Bedrock's toolUse, Gemini's executableCode. An object
// holding one is an unreadable call, even beside calls gatehouse does read.
var unreadCallKeys = []string{"function_call", "custom", "toolUse", "toolCall", "toolCalls", "tool_use", "executableCode", "functionCalls", "function_calls"}

// benignItemTypes are the items of an Anthropic "content" or a Responses "output" that invoke
// nothing: text and reasoning. Any other item that is not a call gatehouse reads is an
// unreadable call.
var benignItemTypes = []string{"text", "thinking", "redacted_thinking", "reasoning", "message", "output_text", "refusal"}

// benignPartKeys are the members of a Gemini part that invoke nothing.
var benignPartKeys = []string{"text", "thought", "thoughtSignature", "inlineData", "fileData", "videoMetadata"}

// callContainers are the members of a message or response that hold calls, in the order they
// are read. Every one present is read, so no call in a message goes ungated.
var callContainers = []string{"tool_calls", "choices", "output", "content", "candidates", "parts"}

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
			r.unreadable(JoinPointer(at, key), fmt.Sprintf("%s invokes a tool in a way gatehouse does not read, so it cannot be allowed", quoteShort(key)))
			r.consume(at)
			return
		}
	}
	if typ != "" && typ != "message" && callTypes[typ] == "" {
		msg := fmt.Sprintf("a %s object is not a tool call gatehouse reads, so it cannot be allowed", quoteShort(typ))
		if at == "" {
			msg += "; gatehouse reads " + callShapes
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
		r.unreadable(at, fmt.Sprintf("this object has the marks of several calls at once (%s): which one runs depends on who reads it, so none is allowed", strings.Join(marks, ", ")))
		return
	}
	if len(shapes) == 1 {
		switch shapes[0] {
		case FormatMCP:
			if method := m["method"]; method != "tools/call" {
				r.unreadable(at, fmt.Sprintf("a JSON-RPC message whose method is %s, not \"tools/call\"", shorten(compactJSON(method), 60)))
				return
			}
			r.readWrapped(m, at, FormatMCP, "params", true, "an MCP tools/call request needs a \"params\" object with \"name\" and \"arguments\"")
		case FormatOpenAIChat:
			r.readWrapped(m, at, FormatOpenAIChat, "function", false, "an OpenAI tool call needs a \"function\" object with \"name\" and \"arguments\"")
		case FormatOpenAIResponses:
			r.readNamed(m, at, FormatOpenAIResponses, "call_id", "arguments")
		case FormatAnthropic:
			r.readNamed(m, at, FormatAnthropic, "id", "input")
		case FormatGemini:
			fc, ok := m["functionCall"].(map[string]any)
			if !ok {
				r.unreadable(JoinPointer(at, "functionCall"), fmt.Sprintf("a Gemini functionCall must be an object with \"name\" and \"args\", found %s", describeType(m["functionCall"])))
				return
			}
			r.readGemini(fc, JoinPointer(at, "functionCall"), m)
		}
		return
	}
	if len(containers) == 0 {
		r.unreadable(at, "not a tool call gatehouse can read; it reads "+callShapes)
		return
	}
	before := len(r.calls)
	for _, key := range containers {
		r.readContainer(m[key], JoinPointer(at, key), key)
	}
	if len(r.calls) == before {
		first := containers[0]
		if _, isObject := m[first].(map[string]any); isObject {
			r.unreadable(JoinPointer(at, first, "parts"), containerEmpty["parts"])
			return
		}
		r.unreadable(JoinPointer(at, first), containerEmpty[first])
	}
}

// containerEmpty says why a message whose containers hold no call is unreadable.
var containerEmpty = map[string]string{
	"tool_calls": "the message's \"tool_calls\" is empty: it holds no tool call",
	"choices":    "no choice's message holds \"tool_calls\"",
	"output":     "the response's \"output\" holds no function_call item",
	"content":    "the message's \"content\" holds no tool_use block",
	"candidates": "no candidate's content/parts holds a functionCall",
	"parts":      "the parts hold no functionCall",
}

// readContainer reads the calls held in one member of a message or response.
func (r *callReader) readContainer(v any, at, key string) {
	switch key {
	case "tool_calls":
		for i, item := range v.([]any) {
			r.readOpenAIChatItem(item, JoinPointer(at, strconv.Itoa(i)))
		}
	case "choices":
		r.readChoices(v.([]any), at)
	case "output", "content":
		if content, ok := v.(map[string]any); ok { // a Gemini content; the sweep looks at the rest of it
			if parts, ok := content["parts"].([]any); ok {
				r.readGeminiParts(parts, JoinPointer(at, "parts"))
			}
			return
		}
		r.readItems(v.([]any), at)
	case "candidates":
		r.readCandidates(v.([]any), at)
	case "parts":
		r.readGeminiParts(v.([]any), at)
	}
}

// readItems reads an Anthropic "content" or a Responses "output": text and reasoning items are
// skipped, every other item is read as a call, and is unreadable if it is not one.
func (r *callReader) readItems(items []any, at string) {
	for i, it := range items {
		ip := JoinPointer(at, strconv.Itoa(i))
		m, ok := it.(map[string]any)
		if !ok {
			r.unreadable(ip, fmt.Sprintf("an item here must be an object, found %s", describeType(it)))
			continue
		}
		if typ, _ := m["type"].(string); slices.Contains(benignItemTypes, typ) && !holdsCallMarks(m) {
			continue
		}
		r.readObject(m, ip)
	}
}

// holdsCallMarks reports whether m has any member by which a runtime might take it for a call.
func holdsCallMarks(m map[string]any) bool {
	if len(directShapes(m)) > 0 {
		return true
	}
	for _, key := range unreadCallKeys {
		if m[key] != nil {
			return true
		}
	}
	return m["tool_calls"] != nil
}

// holdsList reports whether one of m's call containers is a list.
func holdsList(m map[string]any) bool {
	for _, key := range callContainers {
		if _, ok := m[key].([]any); ok {
			return true
		}
	}
	return false
}

func (r *callReader) readOpenAIChatItem(v any, at string) {
	m, ok := v.(map[string]any)
	if !ok {
		r.unreadable(at, fmt.Sprintf("a tool_calls entry must be an object, found %s", describeType(v)))
		return
	}
	if typ, has := m["type"]; has && typ != "function" {
		r.unreadable(at, fmt.Sprintf("a tool_calls entry of type %s is not a call gatehouse reads: it reads \"function\" calls", shorten(compactJSON(typ), 60)))
		return
	}
	if m["function"] == nil {
		r.unreadable(at, "an OpenAI tool call needs a \"function\" object with \"name\" and \"arguments\"")
		return
	}
	r.readObject(m, at)
}

// readChoices reads a whole Chat Completions response: each choice's message. A message that
// invokes nothing (an answer in text) is skipped; the caller says so when no choice calls.
func (r *callReader) readChoices(choices []any, at string) {
	for i, c := range choices {
		cm, _ := c.(map[string]any)
		msg, ok := cm["message"].(map[string]any)
		if !ok || !holdsCallMarks(msg) && !holdsList(msg) {
			continue
		}
		r.readObject(msg, JoinPointer(at, strconv.Itoa(i), "message"))
	}
}

// readCandidates reads a Gemini response: each candidate's content/parts.
func (r *callReader) readCandidates(cands []any, at string) {
	for i, c := range cands {
		cm, _ := c.(map[string]any)
		content, _ := cm["content"].(map[string]any)
		if parts, ok := content["parts"].([]any); ok {
			r.readGeminiParts(parts, JoinPointer(at, strconv.Itoa(i), "content", "parts"))
		}
	}
}

// readGeminiParts reads a Gemini content's parts: text and other parts that invoke nothing are
// skipped, every other part is read as a call, and is unreadable if it is not one.
func (r *callReader) readGeminiParts(parts []any, at string) {
	for j, p := range parts {
		pp := JoinPointer(at, strconv.Itoa(j))
		pm, ok := p.(map[string]any)
		if !ok {
			r.unreadable(pp, fmt.Sprintf("a part must be an object, found %s", describeType(p)))
			continue
		}
		benign := true
		for key := range pm {
			benign = benign && slices.Contains(benignPartKeys, key)
		}
		if !benign {
			r.readObject(pm, pp)
		}
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
	innerAt := JoinPointer(at, innerKey)
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

// readGemini reads a functionCall; raw is the part holding it, kept as the whole call.
func (r *callReader) readGemini(fc map[string]any, at string, raw map[string]any) {
	partAt := strings.TrimSuffix(at, "/functionCall")
	c, ok := r.newCall(FormatGemini, raw, partAt, fc, at)
	if !ok {
		return
	}
	c.ID = idText(fc["id"])
	r.setArguments(&c, fc, at, "args", true)
	r.calls = append(r.calls, c)
}

// newCall starts a call from the object holding "name" (named, at namedAt).
func (r *callReader) newCall(format string, raw map[string]any, at string, named map[string]any, namedAt string) (Call, bool) {
	for _, obj := range []struct {
		m  map[string]any
		at string
	}{{raw, at}, {named, namedAt}} {
		if a, b, found := caseTwins(obj.m); found {
			r.unreadable(obj.at, fmt.Sprintf("members %s and %s differ only in case: a reader that ignores case (Go's encoding/json does) may take either, so which call this is cannot be told",
				quoteShort(a), quoteShort(b)))
			return Call{}, false
		}
	}
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
	argsDoc, probs := parseArgumentsText(s)
	if len(probs) > 0 {
		c.argsDupKey = slices.ContainsFunc(probs, isDuplicateKey)
		c.argsProblems = c.placeInArguments(probs, s)
		return
	}
	c.argsDoc = argsDoc
	c.Arguments = argsDoc.Value
}

// parseArgumentsText parses an arguments string strictly. Unlike a pasted text, it may not start
// with a byte order mark: the string is JSON exchanged between programs, where RFC 8259 forbids
// one, and a parser that skips it and one that refuses it disagree on whether the call is valid.
func parseArgumentsText(s string) (*Document, Problems) {
	if strings.HasPrefix(s, "\ufeff") {
		return nil, Problems{{Source: SourceCall, Kind: KindParse, Offset: 0, Line: 1, Column: 1,
			Message: "the text starts with a byte order mark (U+FEFF), which JSON exchanged between programs must not have"}}
	}
	return ParseText(SourceCall, s)
}

// isDuplicateKey reports whether a parse problem is a repeated object key.
func isDuplicateKey(p Problem) bool {
	return p.Kind == KindParse && strings.HasPrefix(p.Message, "duplicate key ")
}

// placeInArguments moves problems found inside the arguments string to the pasted text: an offset
// in the decoded string becomes the offset of the same character in the string literal. The
// messages and locations are redacted, since a repeated key or the text near a syntax error may
// be a credential.
func (c *Call) placeInArguments(probs Problems, decoded string) Problems {
	inner := &Document{Source: SourceCall, Text: []byte(decoded)}
	out := make(Problems, len(probs))
	for i, p := range probs {
		p.Source = SourceCall
		if isDuplicateKey(p) && p.InstanceLocation != "" {
			// The message names where the first key is, in the string's own lines; say it again
			// in the pasted text's.
			first := -1
			if at, ok := inner.LocateName(p.InstanceLocation); ok {
				if outer, ok := c.outerOffset(at); ok {
					first = outer
				}
			}
			p.Message = c.duplicateKeyMessage(p.InstanceLocation, "in the arguments string", first)
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
		out[i] = redactProblem(p)
	}
	return out
}

// duplicateKeyMessage says that the key at pointer is repeated, where the first one is (an offset
// in the pasted text, or -1), and why that denies. The key is shown only when it holds no secret.
func (c *Call) duplicateKeyMessage(pointer, where string, first int) string {
	tokens, _ := splitPointer(pointer)
	key := "(at the root)"
	if len(tokens) > 0 {
		key = quoteShort(tokens[len(tokens)-1])
		if holdsSecret(tokens[len(tokens)-1]) {
			key = "(withheld: it looks like a secret)"
		}
	}
	msg := fmt.Sprintf("duplicate key %s %s", key, where)
	if first >= 0 && c.doc != nil {
		l, col := c.doc.Position(first)
		msg += fmt.Sprintf(" (first at line %d, column %d)", l, col)
	}
	return msg + ": parsers disagree on which one counts"
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

// problemAt builds a problem about the value at pointer in the pasted call text.
func (c *Call) problemAt(kind Kind, pointer, msg string) Problem {
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

// caseTwins finds two member names of m that are equal once case is folded, as a reader that
// ignores case (Go's encoding/json, which also folds "ſ" to "s" and the Kelvin sign to "k")
// takes them to be: to it, {"path": "/srv/a", "Path": "/etc/passwd"} has one path, and which
// one is not what gatehouse checked. The two are returned in sorted order.
func caseTwins(m map[string]any) (string, string, bool) {
	if len(m) < 2 {
		return "", "", false
	}
	var seen map[string]string
	for _, key := range sortedKeys(m) {
		folded := foldCase(key)
		if seen == nil {
			seen = make(map[string]string, len(m))
		}
		if first, twin := seen[folded]; twin {
			return first, key, true
		}
		seen[folded] = key
	}
	return "", "", false
}

// foldCase maps every rune to the smallest rune of its case-folding orbit, so that two strings
// fold to the same text exactly when strings.EqualFold says they are equal.
func foldCase(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		return strings.ToUpper(s) // an ASCII letter's orbit is least at its upper case
	}
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// caseTwinsIn finds, anywhere in a decoded value, an object with two member names equal once
// case is folded: the pointer of that object and the two names.
func caseTwinsIn(v any, at string) (pointer, a, b string, found bool) {
	switch x := v.(type) {
	case map[string]any:
		if a, b, found := caseTwins(x); found {
			return at, a, b, true
		}
		for _, key := range sortedKeys(x) {
			if pointer, a, b, found := caseTwinsIn(x[key], JoinPointer(at, key)); found {
				return pointer, a, b, true
			}
		}
	case []any:
		for i, item := range x {
			if pointer, a, b, found := caseTwinsIn(item, JoinPointer(at, strconv.Itoa(i))); found {
				return pointer, a, b, true
			}
		}
	}
	return "", "", "", false
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
