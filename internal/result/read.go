// Package result checks what a tool returned before the model reads it: structuredContent
// against the tool's outputSchema, the result's size and content types against the policy, and
// every text the model will read for instructions aimed at it (the lint's text rules under the
// result profile, plus what only a result carries: markdown images and links that would carry
// data to a host, and the hidden characters that strip removes).
//
// It reads a result in every shape a log or a proxy holds one (read.go): an MCP CallToolResult,
// a JSON-RPC response wrapping one, an OpenAI Chat tool message, an OpenAI Responses
// function_call_output, an Anthropic tool_result block, a Gemini functionResponse part, and the
// conversations and logs that hold them beside the calls they answer. A [Checker] is a catalog
// read and a policy compiled once, to check many results (check.go).
package result

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// The result shapes [Read] knows, as a [Result] names them.
const (
	ShapeMCP             = "mcp"              // {"content":[…],"structuredContent":…,"isError":…}
	ShapeJSONRPC         = "jsonrpc"          // {"jsonrpc":"2.0","id":…,"result":{CallToolResult}} or an error response
	ShapeOpenAIChat      = "openai-chat"      // {"role":"tool","tool_call_id":…,"content":…}
	ShapeOpenAIResponses = "openai-responses" // {"type":"function_call_output","call_id":…,"output":…}
	ShapeAnthropic       = "anthropic"        // {"type":"tool_result","tool_use_id":…,"content":…,"is_error":…}
	ShapeGemini          = "gemini"           // {"functionResponse":{"name":…,"response":{…}}}
)

// resultShapes is what a text holding no result is told.
const resultShapes = `an MCP CallToolResult ({"content":[…],"structuredContent":…}), a JSON-RPC response wrapping one ({"jsonrpc":"2.0","id":…,"result":{…}}), ` +
	`an OpenAI Chat tool message ({"role":"tool","tool_call_id":…,"content":…}), an OpenAI Responses item ({"type":"function_call_output","call_id":…,"output":…}), ` +
	`an Anthropic block ({"type":"tool_result","tool_use_id":…,"content":…}), a Gemini part ({"functionResponse":{"name":…,"response":{…}}}), or a list or conversation holding them`

// A Result is one tool result read from a text.
type Result struct {
	Shape string // one of the Shape constants
	// Pointer is where the result object is in the text: the CallToolResult (inside a JSON-RPC
	// response, its "result"), the tool message, the item, the block, the part.
	Pointer string
	// Envelope is the JSON-RPC response holding the result, or "" when there is none.
	Envelope string
	// ID is the id of the call the result answers: the JSON-RPC id, tool_call_id, call_id,
	// tool_use_id or Gemini's id; "" when the shape gives none.
	ID string
	// rawID is the JSON-RPC id as written, to answer with the same one.
	rawID any
	// Name is the tool's name where the shape carries it (Gemini's functionResponse, a Chat
	// message's "name"); "" otherwise.
	Name string
	// IsError is set on a result the tool marked as an error (isError, is_error) and on a
	// JSON-RPC error response.
	IsError bool
	// HasStructured says the result carries structuredContent (MCP shapes only), at
	// StructuredPointer; any JSON value, null included, counts.
	HasStructured     bool
	StructuredPointer string
	// Blocks are the result's content blocks, in order.
	Blocks []Block
	// Malformed are where an MCP CallToolResult breaks its shape (a text block without a string
	// text, an isError that is not a boolean), each with what is wrong.
	Malformed []Malformed
	// BadID is where the id member of a shape whose API writes it as a string holds something
	// else (a number for tool_call_id): no call is found by it, and no API would send it.
	BadID *Malformed
	// Reads are the pointers of every value whose strings the model reads: text blocks, the
	// strings of structuredContent, embedded resource text, the metadata of images, audio and
	// links. Encoded data members (an image's data, a resource's blob) are not among them.
	Reads []string
}

// A Block is one content block of a result.
type Block struct {
	Pointer string
	Type    string // text, image, audio, resource_link, resource; "" when the block has none
	// MIME is the block's mimeType (for an embedded resource, its resource's); "" when absent.
	MIME string
	// Text is a text block's text, or an embedded resource's; TextPointer is where it is.
	Text        string
	TextPointer string
	HasText     bool
}

// A Call is a tool call found beside the results (in a log or a conversation), by the id its
// result answers.
type Call struct {
	ID   string
	Name string
	// fromCallText marks a call of the request's call text rather than of the result text.
	fromCallText bool
}

// Read finds every tool result in a parsed text, and the calls the text holds beside them (a
// JSON-RPC log's tools/call requests, an assistant message's tool_calls, Anthropic tool_use
// blocks, Responses function_call items), by id. A text holding no result is a problem.
func Read(doc *jsondoc.Document) ([]Result, []Call, problem.Problems) {
	r := reader{}
	r.read(doc.Value, "", 0)
	if len(r.results) == 0 {
		return nil, r.calls, problem.Problems{doc.Problem(problem.KindRule, "", i18n.Sprintf("the text holds no tool result: expected %s", i18n.T(resultShapes)))}
	}
	return r.results, r.calls, nil
}

type reader struct {
	results []Result
	calls   []Call
}

// maxReadDepth bounds how deep containers are searched for results: a conversation inside a log
// inside a list is as deep as a real text goes.
const maxReadDepth = 8

// containerKeys are the members a conversation or a response keeps its messages, items, parts
// and blocks under.
var containerKeys = []string{"messages", "input", "output", "contents", "content", "parts", "candidates", "choices", "message", "items", "log", "entries"}

func (r *reader) read(v any, at string, depth int) {
	if depth > maxReadDepth {
		return
	}
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			r.read(e, at+"/"+strconv.Itoa(i), depth+1)
		}
	case map[string]any:
		if r.readObject(x, at) {
			return
		}
		for _, k := range containerKeys {
			if c, ok := x[k]; ok {
				switch c.(type) {
				case []any, map[string]any:
					r.read(c, jsondoc.JoinPointer(at, k), depth+1)
				}
			}
		}
	}
}

// readObject reads m as a result or a call; it reports whether m was one (and so is not
// searched further).
func (r *reader) readObject(m map[string]any, at string) bool {
	typ, _ := m["type"].(string)
	role, _ := m["role"].(string)
	switch {
	case isJSONRPCResponse(m):
		r.readJSONRPC(m, at)
		return true
	case m["method"] == "tools/call":
		if p, ok := m["params"].(map[string]any); ok {
			if name, ok := p["name"].(string); ok {
				r.calls = append(r.calls, Call{ID: idText(m["id"]), Name: name})
			}
		}
		return true
	case role == "tool":
		res := Result{Shape: ShapeOpenAIChat, Pointer: at, Name: str(m["name"])}
		res.readID(m, at, "tool_call_id")
		res.readParts(m, at, "content")
		r.results = append(r.results, res)
		return true
	case role == "assistant" && m["tool_calls"] != nil:
		if calls, ok := m["tool_calls"].([]any); ok {
			for _, c := range calls {
				if cm, ok := c.(map[string]any); ok {
					if f, ok := cm["function"].(map[string]any); ok {
						r.calls = append(r.calls, Call{ID: str(cm["id"]), Name: str(f["name"])})
					}
				}
			}
		}
		return false // its content may still hold other things
	case typ == "function_call_output":
		res := Result{Shape: ShapeOpenAIResponses, Pointer: at}
		res.readID(m, at, "call_id")
		res.readParts(m, at, "output")
		r.results = append(r.results, res)
		return true
	case typ == "function_call":
		r.calls = append(r.calls, Call{ID: str(m["call_id"]), Name: str(m["name"])})
		return true
	case typ == "tool_result":
		res := Result{Shape: ShapeAnthropic, Pointer: at, IsError: m["is_error"] == true}
		res.readID(m, at, "tool_use_id")
		res.readParts(m, at, "content")
		r.results = append(r.results, res)
		return true
	case typ == "tool_use":
		r.calls = append(r.calls, Call{ID: str(m["id"]), Name: str(m["name"])})
		return true
	case m["functionResponse"] != nil:
		fr, ok := m["functionResponse"].(map[string]any)
		if !ok {
			return false
		}
		frAt := jsondoc.JoinPointer(at, "functionResponse")
		res := Result{Shape: ShapeGemini, Pointer: at, Name: str(fr["name"])}
		res.readID(fr, frAt, "id")
		if _, ok := fr["response"]; ok {
			res.Reads = append(res.Reads, jsondoc.JoinPointer(frAt, "response"))
		}
		r.results = append(r.results, res)
		return true
	case m["functionCall"] != nil:
		if fc, ok := m["functionCall"].(map[string]any); ok {
			r.calls = append(r.calls, Call{ID: str(fc["id"]), Name: str(fc["name"])})
		}
		return true
	case role == "" && isCallToolResult(m):
		r.results = append(r.results, readCallToolResult(m, at))
		return true
	}
	return false
}

// isJSONRPCResponse reports a JSON-RPC response: an id and a result or an error, no method.
func isJSONRPCResponse(m map[string]any) bool {
	if _, ok := m["method"]; ok {
		return false
	}
	_, id := m["id"]
	_, res := m["result"]
	_, e := m["error"]
	_, v := m["jsonrpc"]
	return (id || v) && (res || e)
}

func (r *reader) readJSONRPC(m map[string]any, at string) {
	resAt := jsondoc.JoinPointer(at, "result")
	if inner, ok := m["result"].(map[string]any); ok && isCallToolResult(inner) {
		res := readCallToolResult(inner, resAt)
		res.Shape, res.Envelope, res.ID, res.rawID = ShapeJSONRPC, at, idText(m["id"]), m["id"]
		r.results = append(r.results, res)
		return
	}
	res := Result{Shape: ShapeJSONRPC, Pointer: resAt, Envelope: at, ID: idText(m["id"]), rawID: m["id"]}
	if _, ok := m["error"]; ok {
		// A JSON-RPC error: the model may still read its message and data.
		res.Pointer, res.IsError = jsondoc.JoinPointer(at, "error"), true
		res.Reads = append(res.Reads, res.Pointer)
	} else if _, ok := m["result"]; ok {
		// A result that is not a CallToolResult: whatever it holds is read as it is.
		res.Reads = append(res.Reads, resAt)
	}
	r.results = append(r.results, res)
}

// isCallToolResult reports an MCP CallToolResult: a content list of typed blocks, or
// structuredContent.
func isCallToolResult(m map[string]any) bool {
	if _, ok := m["structuredContent"]; ok {
		return true
	}
	content, ok := m["content"].([]any)
	if !ok {
		return false
	}
	for _, c := range content {
		b, ok := c.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := b["type"].(string); !ok {
			return false
		}
	}
	return true
}

func readCallToolResult(m map[string]any, at string) Result {
	res := Result{Shape: ShapeMCP, Pointer: at, IsError: m["isError"] == true}
	if v, ok := m["isError"]; ok {
		if _, isBool := v.(bool); !isBool {
			res.Malformed = append(res.Malformed, Malformed{Pointer: jsondoc.JoinPointer(at, "isError"),
				Message: i18n.Sprintf("isError is %s, not a boolean", jsondoc.TypeName(v))})
		}
	}
	if _, ok := m["structuredContent"]; ok {
		res.HasStructured, res.StructuredPointer = true, jsondoc.JoinPointer(at, "structuredContent")
		res.Reads = append(res.Reads, res.StructuredPointer)
	}
	if content, ok := m["content"].([]any); ok {
		cAt := jsondoc.JoinPointer(at, "content")
		res.readBlocks(content, cAt)
		for i, c := range content {
			b, _ := c.(map[string]any)
			if b["type"] != "text" {
				continue
			}
			ptr := cAt + "/" + strconv.Itoa(i)
			switch t, has := b["text"]; {
			case !has:
				res.Malformed = append(res.Malformed, Malformed{Pointer: ptr, Message: i18n.T("a text block has no text")})
			case t != nil:
				if _, isString := t.(string); isString {
					continue
				}
				fallthrough
			default:
				res.Malformed = append(res.Malformed, Malformed{Pointer: jsondoc.JoinPointer(ptr, "text"),
					Message: i18n.Sprintf("a text block's text is %s, not a string", jsondoc.TypeName(t))})
			}
		}
	}
	return res
}

// A Malformed is where a result breaks its shape, and what is wrong there.
type Malformed struct {
	Pointer string
	Message string
}

// readParts reads the member key of a message, item or block: a string the model reads, or a
// list of content blocks.
func (res *Result) readParts(m map[string]any, at, key string) {
	ptr := jsondoc.JoinPointer(at, key)
	switch x := m[key].(type) {
	case string:
		res.Blocks = append(res.Blocks, Block{Pointer: ptr, Type: "text", Text: x, TextPointer: ptr, HasText: true})
		res.Reads = append(res.Reads, ptr)
	case []any:
		res.readBlocks(x, ptr)
	case nil:
	default:
		res.Reads = append(res.Reads, ptr)
	}
}

// encodedMembers hold bytes, not text: an image's or audio's data, a resource's blob, an
// Anthropic image's source.
var encodedMembers = map[string]bool{"data": true, "blob": true, "source": true, "image_url": true, "file_data": true}

// readBlocks reads a list of content blocks, in MCP's shape or a model API's (text, input_text,
// output_text, image, …).
func (res *Result) readBlocks(content []any, at string) {
	for i, c := range content {
		ptr := at + "/" + strconv.Itoa(i)
		m, ok := c.(map[string]any)
		if !ok {
			if s, ok := c.(string); ok {
				res.Blocks = append(res.Blocks, Block{Pointer: ptr, Type: "text", Text: s, TextPointer: ptr, HasText: true})
			}
			res.Reads = append(res.Reads, ptr)
			continue
		}
		b := Block{Pointer: ptr, Type: str(m["type"]), MIME: str(m["mimeType"])}
		if t, ok := m["text"].(string); ok {
			b.Text, b.TextPointer, b.HasText = t, jsondoc.JoinPointer(ptr, "text"), true
		}
		if r, ok := m["resource"].(map[string]any); ok {
			rAt := jsondoc.JoinPointer(ptr, "resource")
			b.MIME = str(r["mimeType"])
			if t, ok := r["text"].(string); ok {
				b.Text, b.TextPointer, b.HasText = t, jsondoc.JoinPointer(rAt, "text"), true
			}
			res.Reads = append(res.Reads, readMembers(r, rAt)...)
		}
		for _, k := range sortedKeys(m) {
			if k == "resource" || encodedMembers[k] {
				continue
			}
			res.Reads = append(res.Reads, jsondoc.JoinPointer(ptr, k))
		}
		res.Blocks = append(res.Blocks, b)
	}
}

// readMembers are the pointers of an object's members that hold text, not bytes.
func readMembers(m map[string]any, at string) []string {
	var out []string
	for _, k := range sortedKeys(m) {
		if !encodedMembers[k] {
			out = append(out, jsondoc.JoinPointer(at, k))
		}
	}
	return out
}

// readID reads the result's id from m's member key, where the API writes a string: anything else
// there is said, not read as no id.
func (res *Result) readID(m map[string]any, at, key string) {
	v, ok := m[key]
	if !ok || v == nil {
		return
	}
	if id, ok := v.(string); ok {
		res.ID = id
		return
	}
	res.BadID = &Malformed{Pointer: jsondoc.JoinPointer(at, key),
		Message: i18n.Sprintf("%s is not a string, as the API writes it, so the result answers no call by it", i18n.Data(key))}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// idText shows an id (a string, or a JSON-RPC number) as text.
func idText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return string(x)
	}
	return ""
}

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }
