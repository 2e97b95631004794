package flow

import (
	"encoding/json"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// The transcript shapes [Read] places, as a replay names them.
const (
	ShapeOpenAIChat      = "openai-chat"      // a Chat Completions messages array: assistant tool_calls, then tool messages
	ShapeOpenAIResponses = "openai-responses" // Responses input items: function_call, function_call_output
	ShapeAnthropic       = "anthropic"        // Messages API messages: tool_use, then tool_result blocks
	ShapeGemini          = "gemini"           // contents: functionCall, then functionResponse parts
	ShapeMCPLog          = "mcp-log"          // JSON-RPC messages, one per line
	ShapeDecisionLog     = "decision-log"     // gatehouse proxy's decision log, one decision per line
)

// Shapes lists the shapes [Read] places.
var Shapes = []string{ShapeOpenAIChat, ShapeOpenAIResponses, ShapeAnthropic, ShapeGemini, ShapeMCPLog, ShapeDecisionLog}

// A Transcript is a session as the replay reads it: its calls and results in transcript order.
type Transcript struct {
	Shape  string
	Events []Event
	// Problems are what the reader could not place, each at its line and column. Every call
	// after the first problem is marked Broken: the replay denies from there on.
	Problems problem.Problems
	Calls    int
}

// An Event is a call or a result.
type Event struct {
	// IsResult tells a result from a call.
	IsResult bool
	// Index is the call's 0-based index among the transcript's calls; for a result, the index
	// of the call it answers.
	Index int
	// ID and Name are the call's id and tool name as the transcript gives them.
	ID, Name string
	// Text is the call object, or the result as the result check reads it (a tool message, a
	// tool_result block, a function_call_output item, a functionResponse part, a JSON-RPC
	// response), exactly as written.
	Text string
	// Value is the result's content, whose strings are its text.
	Value any
	// Broken marks a call after a problem of the transcript: it is denied.
	Broken bool
	// Logged is what a decision-log line recorded beside the call: the result check's verdict
	// on its result ("" when the line has none) and the carries matches the proxy found.
	LoggedVerdict string
	LoggedCarries []gate.FlowEvidence
	// Client is the client a decision-log line names ("" for one client, and in every other
	// shape): each client is a session of its own. LoggedIndex is the call's index in that
	// session as the proxy counted it (-1 when the line gives none), which its flow evidence
	// names results by.
	Client      string
	LoggedIndex int

	at    span   // where the event's text sits
	value string // the pointer of Value in at.doc
}

// A span places a document inside the transcript: a line of a log is a document of its own.
type span struct {
	doc      *jsondoc.Document
	pointer  string // the event's object in doc
	base     int    // the byte offset of doc's text in the transcript
	lineBase int    // lines before doc's first line
}

func (s span) position(off int) (line, column int) {
	line, column = s.doc.Position(off)
	return line + s.lineBase, column
}

// Start is the byte offset of the event's text in the transcript, and its line and column.
func (e *Event) Start() (offset, line, column int) {
	off, ok := e.at.doc.Locate(e.at.pointer)
	if !ok {
		return -1, 0, 0
	}
	line, column = e.at.position(off)
	return e.at.base + off, line, column
}

// Place returns the line and column, in the transcript, of the byte offset off of the event's
// Text.
func (e *Event) Place(off int) (line, column int) {
	start, ok := e.at.doc.Locate(e.at.pointer)
	if !ok {
		return 0, 0
	}
	return e.at.position(start + off)
}

// PieceAt places a piece of a result's Value: the line and column of its string in the
// transcript, and of byte i of its text where the string has no escape before it.
func (e *Event) PieceAt(p Piece, i int) (line, column int) {
	at := e.value + p.Pointer
	off, ok := e.at.doc.Locate(at)
	for !ok && at != e.value && at != "" {
		at = jsondoc.ParentPointer(at)
		off, ok = e.at.doc.Locate(at)
	}
	if !ok {
		return 0, 0
	}
	if raw, found := e.at.doc.Raw(at); found && len(raw) > 0 && raw[0] == '"' && at == e.value+p.Pointer {
		off += rawOffset(raw, i)
	}
	return e.at.position(off)
}

// rawOffset is where byte i of a JSON string's decoded text is written in the string's raw
// text (which starts with its quote): escapes are longer than what they stand for.
func rawOffset(raw []byte, i int) int {
	decoded := 0
	j := 1
	for j < len(raw)-1 && decoded < i {
		if raw[j] != '\\' {
			j++
			decoded++
			continue
		}
		if j+1 < len(raw) && raw[j+1] == 'u' && j+6 <= len(raw) {
			r := rune(0)
			for _, h := range raw[j+2 : j+6] {
				r = r<<4 | rune(unhex(h))
			}
			j += 6
			if utf16.IsSurrogate(r) && j+6 <= len(raw) && raw[j] == '\\' && raw[j+1] == 'u' {
				j += 6
				decoded += 4
				continue
			}
			decoded += utf8.RuneLen(r)
			continue
		}
		j += 2
		decoded++
	}
	return j
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}

// shapes says, for a transcript that cannot be placed, what gatehouse reads.
const shapesWords = `an OpenAI Chat messages array (bare or in {"messages": …}), OpenAI Responses input items (bare or in {"input": …}), ` +
	`Anthropic messages, Gemini contents (bare or in {"contents": …}), an MCP JSON-RPC log (one message per line), or gatehouse's decision log`

// reader builds a transcript.
type reader struct {
	t        Transcript
	pending  map[string]int // unanswered call ids → call index
	byName   map[string][]int
	other    map[string]bool // JSON-RPC ids of requests that are not tools/call
	answered map[string]bool
	calls    []int // the event of each call, by index
	span     span
}

func newReader(shape string) *reader {
	return &reader{t: Transcript{Shape: shape, Problems: problem.Problems{}}, pending: map[string]int{}, byName: map[string][]int{},
		other: map[string]bool{}, answered: map[string]bool{}}
}

// problem records what cannot be placed at pointer of the current document.
func (r *reader) problem(pointer, msg string) {
	p := r.span.doc.Problem(problem.KindRule, pointer, msg)
	r.place(&p)
	r.t.Problems = append(r.t.Problems, p)
}

// place moves a problem of the current document to the transcript.
func (r *reader) place(p *problem.Problem) {
	p.Source = problem.SourceTranscript
	if p.Offset >= 0 {
		p.Line, p.Column = r.span.position(p.Offset)
		p.Offset += r.span.base
	}
}

func (r *reader) call(pointer, id, name string) {
	e := Event{Index: r.t.Calls, ID: r.shown(id), Name: name, Broken: len(r.t.Problems) > 0, at: r.at(pointer), LoggedIndex: -1}
	if raw, ok := r.span.doc.Raw(pointer); ok {
		e.Text = string(raw)
	}
	if id != "" {
		if _, dup := r.pending[id]; dup || r.answered[id] {
			r.problem(pointer, i18n.Sprintf("a second call with id %s: which call a result answers cannot be told", untrusted.Quote(r.shown(id))))
			e.Broken = true
		}
		r.pending[id] = e.Index
	}
	r.byName[name] = append(r.byName[name], e.Index)
	r.calls = append(r.calls, len(r.t.Events))
	r.t.Events = append(r.t.Events, e)
	r.t.Calls++
}

// shown is an id as the transcript writes it: a JSON-RPC id is kept with its kind (a string
// "1" and a number 1 are two ids), which is not shown.
func (r *reader) shown(id string) string {
	if r.t.Shape == ShapeMCPLog {
		return id[min(2, len(id)):]
	}
	return id
}

func (r *reader) at(pointer string) span {
	s := r.span
	s.pointer = pointer
	return s
}

// result pairs a result with its call by id; ok is false (and a problem recorded) when no call
// is waiting for that id.
// stringID reads the id member key of m, an object at pointer, in a shape whose ids are strings
// (every shape but JSON-RPC's): absent or null is "", and any other type is a problem (a number
// where the API writes a string is not an id the call was sent with), with ok false.
func (r *reader) stringID(m map[string]any, key, pointer string) (id string, ok bool) {
	v := m[key]
	if v == nil {
		return "", true
	}
	if id, ok = v.(string); !ok {
		r.problem(jsondoc.JoinPointer(pointer, key), i18n.Sprintf("%s must be a string, found %s: which call it names cannot be told", untrusted.Quote(key), jsondoc.TypeName(v)))
	}
	return id, ok
}

func (r *reader) result(pointer, id, valuePointer string) {
	idx, ok := r.pending[id]
	switch {
	case id == "":
		r.problem(pointer, i18n.T("a result with no call id: which call it answers cannot be told"))
		return
	case !ok && r.answered[id]:
		r.problem(pointer, i18n.Sprintf("call id %s is answered twice", untrusted.Quote(r.shown(id))))
		return
	case !ok:
		r.problem(pointer, i18n.Sprintf("a result for call id %s, which no earlier call has", untrusted.Quote(r.shown(id))))
		return
	}
	delete(r.pending, id)
	r.answered[id] = true
	r.addResult(pointer, idx, valuePointer)
}

// resultByName pairs a result with the earliest unanswered call of that name (Gemini).
func (r *reader) resultByName(pointer, name, valuePointer string) {
	calls := r.byName[name]
	if len(calls) == 0 {
		r.problem(pointer, i18n.Sprintf("a functionResponse for %s, which no earlier unanswered functionCall names", untrusted.Quote(name)))
		return
	}
	r.byName[name] = calls[1:]
	r.addResult(pointer, calls[0], valuePointer)
}

func (r *reader) addResult(pointer string, idx int, valuePointer string) {
	e := Event{IsResult: true, Index: idx, at: r.at(pointer), value: valuePointer, LoggedIndex: -1}
	if c := r.calls[idx]; c >= 0 {
		e.Name, e.ID = r.t.Events[c].Name, r.t.Events[c].ID
	}
	if raw, ok := r.span.doc.Raw(pointer); ok {
		e.Text = string(raw)
	}
	e.Value = jsondoc.Lookup(r.span.doc.Value, valuePointer)
	r.t.Events = append(r.t.Events, e)
}

// Read places a transcript: its shape, then every call and result in order. What it cannot
// place (a result with no call, a call id answered twice, an unknown item) is a problem at its
// line and column, and every call after it is Broken. It never guesses a shape or a pairing.
func Read(text string) Transcript {
	doc, probs := jsondoc.ParseString(problem.SourceTranscript, text)
	if len(probs) > 0 {
		if t, ok := readLines(text); ok {
			return t
		}
		t := Transcript{Problems: probs}
		for i := range t.Problems {
			t.Problems[i].Source = problem.SourceTranscript
		}
		return t
	}
	r := newReader("")
	r.span = span{doc: doc}
	switch v := doc.Value.(type) {
	case map[string]any:
		switch {
		case isArray(v["messages"]):
			r.messages(v["messages"].([]any), "/messages")
		case isArray(v["contents"]):
			r.t.Shape = ShapeGemini
			r.gemini(v["contents"].([]any), "/contents")
		case isArray(v["input"]):
			r.t.Shape = ShapeOpenAIResponses
			r.responses(v["input"].([]any), "/input")
		case v["jsonrpc"] != nil:
			r.t.Shape = ShapeMCPLog
			r.mcpMessage(v, "")
		case v["decision"] != nil && v["call"] != nil:
			r.t.Shape = ShapeDecisionLog
			r.decisionLine(v, "")
		default:
			r.problem("", i18n.Sprintf("this transcript cannot be placed: gatehouse reads %s", i18n.T(shapesWords)))
		}
	case []any:
		r.array(v)
	default:
		r.problem("", i18n.Sprintf("this transcript cannot be placed: gatehouse reads %s", i18n.T(shapesWords)))
	}
	return r.t
}

func isArray(v any) bool { _, ok := v.([]any); return ok }

// array places a bare array by the marks its items carry; marks of two shapes are a problem.
func (r *reader) array(items []any) {
	var marks []string
	mark := func(s string) {
		for _, m := range marks {
			if m == s {
				return
			}
		}
		marks = append(marks, s)
	}
	for _, it := range items {
		m, _ := it.(map[string]any)
		typ, _ := m["type"].(string)
		switch {
		case m == nil:
		case m["parts"] != nil:
			mark(ShapeGemini)
		case typ == "function_call" || typ == "function_call_output" || typ == "reasoning":
			mark(ShapeOpenAIResponses)
		case m["jsonrpc"] != nil:
			mark(ShapeMCPLog)
		case m["role"] != nil:
			mark("messages")
		}
	}
	switch {
	case len(items) == 0:
		// Nothing to place: an empty list is a session with no message, not one of a shape
		// gatehouse does not know.
		r.problem("", i18n.T("the transcript is empty: it holds no message, so there is no call to replay"))
	case len(marks) == 0:
		r.problem("", i18n.Sprintf("this transcript cannot be placed: gatehouse reads %s", i18n.T(shapesWords)))
	case len(marks) > 1 && !(len(marks) == 2 && marks[0] == ShapeOpenAIResponses && marks[1] == "messages" || marks[0] == "messages" && marks[1] == ShapeOpenAIResponses):
		r.problem("", i18n.Sprintf("the items have the marks of several transcript shapes at once (%s): gatehouse does not guess which", strings.Join(marks, ", ")))
	case marks[0] == ShapeGemini:
		r.t.Shape = ShapeGemini
		r.gemini(items, "")
	case len(marks) == 2 || marks[0] == ShapeOpenAIResponses:
		r.t.Shape = ShapeOpenAIResponses
		r.responses(items, "")
	case marks[0] == ShapeMCPLog:
		r.t.Shape = ShapeMCPLog
		for i, it := range items {
			r.mcpMessage(it.(map[string]any), "/"+itoa(i))
		}
	default:
		r.messages(items, "")
	}
}

// readLines reads a text of JSON lines: an MCP JSON-RPC log or the decision log, told apart by
// the first line. ok is false when the first line is not a JSON object of either.
func readLines(text string) (Transcript, bool) {
	lines := strings.SplitAfter(text, "\n")
	first := strings.TrimSpace(lines[0])
	var head map[string]any
	dec := json.NewDecoder(strings.NewReader(first))
	if dec.Decode(&head) != nil || dec.More() {
		return Transcript{}, false
	}
	shape := ""
	switch {
	case head["jsonrpc"] != nil:
		shape = ShapeMCPLog
	case head["decision"] != nil && head["call"] != nil:
		shape = ShapeDecisionLog
	default:
		return Transcript{}, false
	}
	r := newReader(shape)
	base := 0
	for n, line := range lines {
		body := strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(body) == "" {
			base += len(line)
			continue
		}
		doc, probs := jsondoc.ParseString(problem.SourceTranscript, body)
		r.span = span{doc: doc, base: base, lineBase: n}
		if len(probs) > 0 {
			for _, p := range probs {
				p.Source = problem.SourceTranscript
				if p.Line > 0 {
					p.Line += n
				}
				if p.Offset >= 0 {
					p.Offset += base
				}
				r.t.Problems = append(r.t.Problems, p)
			}
			base += len(line)
			continue
		}
		m, ok := doc.Value.(map[string]any)
		switch {
		case !ok:
			r.problem("", i18n.T("this line is not a JSON object"))
		case shape == ShapeMCPLog:
			r.mcpMessage(m, "")
		default:
			r.decisionLine(m, "")
		}
		base += len(line)
	}
	return r.t, true
}

// messages reads a messages array: OpenAI Chat or Anthropic, told apart by the calls and
// results it holds; a mix of both is a problem.
func (r *reader) messages(msgs []any, at string) {
	chat, anthropic := false, false
	for _, it := range msgs {
		m, _ := it.(map[string]any)
		if m["tool_calls"] != nil || m["role"] == "tool" || m["function_call"] != nil {
			chat = true
		}
		if blocks, ok := m["content"].([]any); ok {
			for _, b := range blocks {
				bm, _ := b.(map[string]any)
				switch bm["type"] {
				case "tool_use", "tool_result", "server_tool_use", "mcp_tool_use", "mcp_tool_result":
					anthropic = true
				}
			}
		}
	}
	switch {
	case chat && anthropic:
		r.problem(at, i18n.T("the messages hold both OpenAI tool_calls and Anthropic tool_use blocks: gatehouse does not guess which format they are"))
	case anthropic:
		r.t.Shape = ShapeAnthropic
		r.anthropic(msgs, at)
	default:
		r.t.Shape = ShapeOpenAIChat
		r.chat(msgs, at)
	}
}

func (r *reader) chat(msgs []any, at string) {
	for i, it := range msgs {
		mp := at + "/" + itoa(i)
		m, ok := it.(map[string]any)
		if !ok {
			r.problem(mp, i18n.Sprintf("a message must be an object, found %s", jsondoc.TypeName(it)))
			continue
		}
		if m["function_call"] != nil {
			r.problem(mp+"/function_call", i18n.T("a legacy function_call is not read: the replay cannot tell what it ran"))
			continue
		}
		switch m["role"] {
		case "assistant":
			calls, _ := m["tool_calls"].([]any)
			for j, c := range calls {
				cp := mp + "/tool_calls/" + itoa(j)
				cm, _ := c.(map[string]any)
				fn, _ := cm["function"].(map[string]any)
				name, _ := fn["name"].(string)
				if cm == nil || name == "" {
					r.problem(cp, i18n.T("a tool call here has no function name: the replay cannot tell what it ran"))
					continue
				}
				id, _ := r.stringID(cm, "id", cp)
				r.call(cp, id, name)
			}
		case "tool":
			if id, ok := r.stringID(m, "tool_call_id", mp); ok {
				r.result(mp, id, mp+"/content")
			}
		}
	}
}

func (r *reader) anthropic(msgs []any, at string) {
	for i, it := range msgs {
		mp := at + "/" + itoa(i)
		m, ok := it.(map[string]any)
		if !ok {
			r.problem(mp, i18n.Sprintf("a message must be an object, found %s", jsondoc.TypeName(it)))
			continue
		}
		blocks, _ := m["content"].([]any)
		for j, b := range blocks {
			bp := mp + "/content/" + itoa(j)
			bm, _ := b.(map[string]any)
			switch typ, _ := bm["type"].(string); typ {
			case "tool_use":
				name, _ := bm["name"].(string)
				id, _ := r.stringID(bm, "id", bp)
				if name == "" {
					r.problem(bp, i18n.T("a tool_use block with no name: the replay cannot tell what it ran"))
					continue
				}
				r.call(bp, id, name)
			case "tool_result":
				if id, ok := r.stringID(bm, "tool_use_id", bp); ok {
					r.result(bp, id, bp+"/content")
				}
			case "server_tool_use", "mcp_tool_use", "mcp_tool_result", "web_search_tool_result":
				r.problem(bp, i18n.Sprintf("a %s block is not read: the replay cannot tell what it ran", untrusted.Quote(typ)))
			}
		}
	}
}

func (r *reader) responses(items []any, at string) {
	for i, it := range items {
		ip := at + "/" + itoa(i)
		m, ok := it.(map[string]any)
		if !ok {
			r.problem(ip, i18n.Sprintf("an item must be an object, found %s", jsondoc.TypeName(it)))
			continue
		}
		switch typ, _ := m["type"].(string); typ {
		case "function_call":
			name, _ := m["name"].(string)
			id, _ := r.stringID(m, "call_id", ip)
			if name == "" {
				r.problem(ip, i18n.T("a function_call item with no name: the replay cannot tell what it ran"))
				continue
			}
			r.call(ip, id, name)
		case "function_call_output":
			if id, ok := r.stringID(m, "call_id", ip); ok {
				r.result(ip, id, ip+"/output")
			}
		case "", "message", "reasoning":
		default:
			r.problem(ip, i18n.Sprintf("a %s item is not read: the replay cannot tell what it ran", untrusted.Quote(typ)))
		}
	}
}

func (r *reader) gemini(contents []any, at string) {
	for i, it := range contents {
		cp := at + "/" + itoa(i)
		m, ok := it.(map[string]any)
		if !ok {
			r.problem(cp, i18n.Sprintf("a content must be an object, found %s", jsondoc.TypeName(it)))
			continue
		}
		parts, _ := m["parts"].([]any)
		for j, p := range parts {
			pp := cp + "/parts/" + itoa(j)
			pm, _ := p.(map[string]any)
			switch {
			case pm["functionCall"] != nil:
				fc, _ := pm["functionCall"].(map[string]any)
				name, _ := fc["name"].(string)
				if name == "" {
					r.problem(pp, i18n.T("a functionCall with no name: the replay cannot tell what it ran"))
					continue
				}
				id, _ := r.stringID(fc, "id", pp+"/functionCall")
				r.call(pp, id, name)
			case pm["functionResponse"] != nil:
				fr, _ := pm["functionResponse"].(map[string]any)
				name, _ := fr["name"].(string)
				id, ok := r.stringID(fr, "id", pp+"/functionResponse")
				if !ok {
					continue
				}
				if id != "" {
					r.result(pp, id, pp+"/functionResponse/response")
					continue
				}
				r.resultByName(pp, name, pp+"/functionResponse/response")
			case pm["executableCode"] != nil || pm["codeExecutionResult"] != nil:
				r.problem(pp, i18n.T("code execution parts are not read: the replay cannot tell what they ran"))
			}
		}
	}
}

// mcpMessage reads one JSON-RPC message of a log: tools/call requests are calls, their
// responses results; every other request's response, and notifications, are passed over.
func (r *reader) mcpMessage(m map[string]any, at string) {
	id := jsonrpcID(m["id"])
	method, hasMethod := m["method"].(string)
	switch {
	case hasMethod && method == "tools/call":
		params, _ := m["params"].(map[string]any)
		name, _ := params["name"].(string)
		if name == "" {
			r.problem(at, i18n.T("a tools/call request with no tool name: the replay cannot tell what it ran"))
			return
		}
		r.call(at, id, name)
	case hasMethod:
		if id != "" {
			r.other[id] = true
		}
	case m["result"] != nil || m["error"] != nil:
		if r.other[id] {
			delete(r.other, id)
			return
		}
		value := at + "/result"
		if m["result"] == nil {
			value = at + "/error"
		}
		r.result(at, id, value)
	default:
		r.problem(at, i18n.T("a JSON-RPC message that is neither a request nor a response"))
	}
}

// jsonrpcID shows a JSON-RPC id as text; a string id and a number id are told apart.
func jsonrpcID(v any) string {
	switch x := v.(type) {
	case string:
		return "s:" + x
	case json.Number:
		return "n:" + string(x)
	}
	return ""
}

// decisionLine reads one line of gatehouse's decision log: the call it gated (its "call"), and
// what the proxy recorded beside it. Members this reader does not know are passed over, so that
// the log may gain fields.
func (r *reader) decisionLine(m map[string]any, at string) {
	if _, ok := m["call"].(map[string]any); !ok {
		r.problem(at, i18n.T("a decision-log line without its call object cannot be replayed"))
		return
	}
	name, _ := m["tool"].(string)
	r.call(at+"/call", "", name)
	e := &r.t.Events[len(r.t.Events)-1]
	e.Client, _ = m["client"].(string)
	if n, ok := m["index"].(json.Number); ok {
		if i, err := n.Int64(); err == nil && i >= 0 {
			e.LoggedIndex = int(i)
		}
	}
	if res, ok := m["result"].(map[string]any); ok {
		e.LoggedVerdict, _ = res["verdict"].(string)
	}
	forwarded, _ := m["forwarded"].(bool)
	if flows, ok := m["flow"].([]any); ok {
		raw, _ := json.Marshal(flows)
		var ev []gate.FlowEvidence
		if json.Unmarshal(raw, &ev) == nil {
			for _, f := range ev {
				if f.Kind == "carries" {
					e.LoggedCarries = append(e.LoggedCarries, f)
				}
			}
		}
	}
	// The log keeps no result's text; a call that went to the server had a result, whose
	// labels the replay gives it again (and the result check's verdict, where logged).
	if forwarded || e.LoggedVerdict != "" {
		verdict := e.LoggedVerdict
		client := e.Client
		r.addResult(at, e.Index, "")
		r.t.Events[len(r.t.Events)-1].LoggedVerdict = verdict
		r.t.Events[len(r.t.Events)-1].Client = client
		r.t.Events[len(r.t.Events)-1].Value = nil
		r.t.Events[len(r.t.Events)-1].Text = ""
	}
}
