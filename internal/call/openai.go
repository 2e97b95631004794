package call

import (
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

func (r *callReader) readOpenAIChatItem(v any, at string) {
	m, ok := v.(map[string]any)
	if !ok {
		r.unreadable(at, i18n.Sprintf("a tool_calls entry must be an object, found %s", jsondoc.TypeName(v)))
		return
	}
	if typ, has := m["type"]; has && typ != "function" {
		r.unreadable(at, i18n.Sprintf("a tool_calls entry of type %s is not a call gatehouse reads: it reads \"function\" calls", untrusted.Shorten(jsondoc.Compact(typ), 60)))
		return
	}
	if m["function"] == nil {
		r.unreadable(at, i18n.T("an OpenAI tool call needs a \"function\" object with \"name\" and \"arguments\""))
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
		r.readObject(msg, jsondoc.JoinPointer(at, strconv.Itoa(i), "message"))
	}
}
