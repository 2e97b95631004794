// Package call reads the tool calls in a pasted text, whatever model or protocol wrote them:
// OpenAI Chat Completions and Responses, Anthropic tool_use, Gemini functionCall, MCP tools/call,
// and the messages and responses that hold several (one file per family of shapes).
//
// It reads to fail closed: anything in the text that invokes a tool in a way it does not read is
// an unreadable call the gate denies (sweep.go), arguments sent as a string are parsed strictly on
// their own and every problem in them is placed in the pasted text (arguments.go), and member
// names that differ only in case are refused (casefold.go).
package call

import (
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
)

// The call formats [Parse] reads, as a decision's "format" names them.
const (
	FormatOpenAIChat      = "openai-chat"      // {"type":"function","function":{"name","arguments":"<JSON>"}}
	FormatOpenAIResponses = "openai-responses" // {"type":"function_call","call_id","name","arguments":"<JSON>"}
	FormatAnthropic       = "anthropic"        // {"type":"tool_use","id","name","input":{…}}
	FormatGemini          = "gemini"           // {"functionCall":{"name","args":{…}}}
	FormatMCP             = "mcp"              // {"jsonrpc":"2.0","method":"tools/call","params":{"name","arguments"}}
	// FormatUnknown marks a call that could not be read; the gate denies it.
	FormatUnknown = "unknown"
)

// CallFormats lists the formats [Parse] reads, in the order messages name them.
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

	doc          *jsondoc.Document // the pasted text, to place problems at line:column
	namePointer  string            // where the tool name sits in doc
	argsPointer  string            // where the arguments value sits in doc; "" when absent
	argsIsString bool              // the arguments arrived as a JSON string, parsed on their own
	argsDoc      *jsondoc.Document // the strictly parsed arguments string
	argsProblems problem.Problems  // why the arguments did not parse, placed in the pasted text
	argsDupKey   bool              // among argsProblems, the arguments repeat a key
	argsMissing  bool              // the call has no arguments where its format requires them
	unreadable   problem.Problems  // why this call cannot be read at all
	textReply    bool              // unreadable because the reply is the model's words, with no call
}

// callShapes is what an unknown call shape is told: the five shapes gatehouse reads.
const callShapes = `OpenAI Chat Completions ({"type":"function","function":{"name":…,"arguments":"…"}}, or an assistant message with "tool_calls"), ` +
	`OpenAI Responses ({"type":"function_call","call_id":…,"name":…,"arguments":"…"}), ` +
	`Anthropic ({"type":"tool_use","id":…,"name":…,"input":{…}}), ` +
	`Gemini ({"functionCall":{"name":…,"args":{…}}}, also inside candidates/content/parts), ` +
	`MCP ({"jsonrpc":"2.0","method":"tools/call","params":{"name":…,"arguments":{…}}})`

// Parse reads every tool call in a pasted text: one call in any of the five shapes, a
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
func Parse(doc *jsondoc.Document) ([]Call, problem.Problems) {
	r := callReader{doc: doc}
	r.read(doc.Value, "", true)
	if len(r.calls) == 0 && len(r.probs) == 0 {
		r.unreadable("", i18n.Sprintf("the text holds no tool call: expected one of %s", i18n.T(callShapes)))
	}
	r.sweep()
	return r.calls, r.probs
}

// ReadText parses the call text and reads its calls. A text that does not parse is one
// unreadable call, so the gate still answers (deny) rather than answering nothing.
//
// One fault is told apart: a key repeated inside object-shaped arguments (MCP, Anthropic,
// Gemini). The text is read again, repeats allowed, only to find its calls and where each repeat
// is; when every repeat is inside some call's arguments, those calls are denied as an arguments
// string with a repeat is (arguments_invalid, duplicate_key, naming the tool), and the others are
// gated as usual. A repeat anywhere else leaves the whole text unreadable.
func ReadText(text string) ([]Call, problem.Problems) {
	doc, probs := jsondoc.ParseString(problem.SourceCall, text)
	if len(probs) == 0 {
		return Parse(doc)
	}
	probs = secrets.RedactProblems(probs)
	unreadable := []Call{{Format: FormatUnknown, unreadable: probs}}
	if !slices.ContainsFunc(probs, isDuplicateKey) {
		return unreadable, probs
	}
	lenient, repeats, ok := jsondoc.ParseKeepingRepeats(problem.SourceCall, text)
	if !ok || len(repeats) == 0 {
		return unreadable, probs
	}
	calls, callProbs := Parse(lenient)
	for _, rep := range repeats {
		i := slices.IndexFunc(calls, func(c Call) bool { return c.holdsArgument(rep.Pointer) })
		if i < 0 {
			return unreadable, probs
		}
		c := &calls[i]
		c.Arguments, c.argsDupKey = nil, true
		p := problem.Problem{Source: problem.SourceCall, Kind: problem.KindParse, Offset: rep.Offset, InstanceLocation: strings.TrimPrefix(rep.Pointer, c.argsPointer)}
		p.Line, p.Column = lenient.Position(rep.Offset)
		p.Message = c.duplicateKeyMessage(p.InstanceLocation, i18n.T("in the arguments"), rep.First)
		c.argsProblems = append(c.argsProblems, secrets.RedactProblem(p))
	}
	return calls, callProbs
}

// holdsArgument reports whether pointer (in the pasted text) is inside this call's arguments
// object, as opposed to an arguments string parsed on its own or the call's own members.
func (c *Call) holdsArgument(pointer string) bool {
	return len(c.unreadable) == 0 && !c.argsIsString && c.argsPointer != "" && strings.HasPrefix(pointer, c.argsPointer+"/")
}

// Unreadable says why the call cannot be read at all; it is empty for a readable call.
func (c *Call) Unreadable() problem.Problems { return c.unreadable }

// TextReply reports that the pasted reply holds no tool call because the model answered in
// text: there is nothing to gate (and so nothing to allow), which is not a broken call.
func (c *Call) TextReply() bool { return c.textReply }

// ArgumentsProblems says why the arguments cannot be read (they do not parse strictly, or are
// missing), each placed in the pasted text, and whether one of the reasons is a repeated key.
func (c *Call) ArgumentsProblems() (probs problem.Problems, repeatedKey bool) {
	return c.argsProblems, c.argsDupKey
}

// NamePointer is where the tool's name sits in the pasted text.
func (c *Call) NamePointer() string { return c.namePointer }
