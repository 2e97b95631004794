package call

import (
	"slices"
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// benignItemTypes are the items of an Anthropic "content" or a Responses "output" that invoke
// nothing: text and reasoning. Any other item that is not a call gatehouse reads is an
// unreadable call.
var benignItemTypes = []string{"text", "thinking", "redacted_thinking", "reasoning", "message", "output_text", "refusal"}

// callContainers are the members of a message or response that hold calls, in the order they
// are read. Every one present is read, so no call in a message goes ungated.
var callContainers = []string{"tool_calls", "choices", "output", "content", "candidates", "parts"}

// containerEmpty says why a message whose containers hold no call is unreadable.
var containerEmpty = map[string]string{
	"tool_calls": i18n.T("the message's \"tool_calls\" is empty: it holds no tool call"),
	"choices":    i18n.T("no choice's message holds \"tool_calls\""),
	"output":     i18n.T("the response's \"output\" holds no function_call item"),
	"content":    i18n.T("the message's \"content\" holds no tool_use block"),
	"candidates": i18n.T("no candidate's content/parts holds a functionCall"),
	"parts":      i18n.T("the parts hold no functionCall"),
}

// readContainer reads the calls held in one member of a message or response.
func (r *callReader) readContainer(v any, at, key string) {
	switch key {
	case "tool_calls":
		for i, item := range v.([]any) {
			r.readOpenAIChatItem(item, jsondoc.JoinPointer(at, strconv.Itoa(i)))
		}
	case "choices":
		r.readChoices(v.([]any), at)
	case "output", "content":
		if content, ok := v.(map[string]any); ok { // a Gemini content; the sweep looks at the rest of it
			if parts, ok := content["parts"].([]any); ok {
				r.readGeminiParts(parts, jsondoc.JoinPointer(at, "parts"))
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
		ip := jsondoc.JoinPointer(at, strconv.Itoa(i))
		m, ok := it.(map[string]any)
		if !ok {
			r.unreadable(ip, i18n.Sprintf("an item here must be an object, found %s", jsondoc.TypeName(it)))
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
