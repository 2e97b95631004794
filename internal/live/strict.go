package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Every part of an MCP message that gatehouse reads (a request's params, an answer's result) is
// read here, by the strict reader core reads with: a repeated member name, a member whose name
// differs from another's only in case, invalid UTF-8 or trailing bytes make the text unreadable,
// and names are matched exactly. A lenient reader (Go's encoding/json matches names in any case
// and keeps the last of repeats) could read "name" where a server reads "Name", and gatehouse
// would decide on one text while the server ran another.

// A strictObject is a JSON object read strictly, with the document it came from (to cut out a
// member's text exactly as sent).
type strictObject struct {
	doc    *jsondoc.Document
	fields map[string]any
}

// readObject reads raw as one JSON object. what names it for the error ("the tools/list result").
// An absent text (no params) is an empty object.
func readObject(what string, raw json.RawMessage) (*strictObject, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return &strictObject{fields: map[string]any{}}, nil
	}
	doc, probs := jsondoc.Parse(problem.SourceRequest, raw)
	if len(probs) > 0 {
		p := probs[0]
		return nil, errors.New(i18n.Sprintf("%s is not strict JSON: %d:%d: %s", what, p.Line, p.Column, p.Message))
	}
	fields, ok := doc.Value.(map[string]any)
	if !ok {
		return nil, errors.New(i18n.Sprintf("%s is not a JSON object", what))
	}
	if a, b, twins := caseTwins(fields); twins {
		return nil, errors.New(i18n.Sprintf("%s has members %s and %s, whose names differ only in case: readers disagree on which one counts", what, untrusted.Quote(a), untrusted.Quote(b)))
	}
	return &strictObject{doc: doc, fields: fields}, nil
}

// caseTwins finds two member names that differ only in case.
func caseTwins(fields map[string]any) (string, string, bool) {
	if len(fields) < 2 {
		return "", "", false
	}
	seen := make(map[string]string, len(fields))
	for k := range fields {
		low := strings.ToLower(k)
		if other, ok := seen[low]; ok {
			return min(k, other), max(k, other), true
		}
		seen[low] = k
	}
	return "", "", false
}

// str is the string member name; "" when absent or not a string.
func (o *strictObject) str(name string) string {
	s, _ := o.fields[name].(string)
	return s
}

// object is the object member name, read from the same text; nil when absent or not an object.
func (o *strictObject) object(name string) *strictObject {
	m, ok := o.fields[name].(map[string]any)
	if !ok {
		return nil
	}
	return &strictObject{doc: o.sub(name), fields: m}
}

// has reports whether the member is present and not null.
func (o *strictObject) has(name string) bool {
	v, ok := o.fields[name]
	return ok && v != nil
}

// sub is a document over the member's text, for raw cuts below it; nil without a document.
func (o *strictObject) sub(name string) *jsondoc.Document {
	if o.doc == nil {
		return nil
	}
	raw, ok := o.doc.Raw(jsondoc.JoinPointer("", name))
	if !ok {
		return nil
	}
	return jsondoc.NewDocument(o.doc.Source, raw, o.fields[name])
}

// raw is the text of the member exactly as sent; nil when absent.
func (o *strictObject) raw(name string) json.RawMessage {
	if o.doc == nil {
		return nil
	}
	raw, ok := o.doc.Raw(jsondoc.JoinPointer("", name))
	if !ok {
		return nil
	}
	return raw
}

// A listedTool is one tool of a listing: its name as the strict reader reads it ("" when it has
// none) and its text exactly as the server sent it, never decoded and encoded again (a pin
// hashes the whole tool, and a field a Go struct does not know must reach the client as it was).
type listedTool struct {
	Name string
	Raw  json.RawMessage
}

// tools reads the array member name as tools; an error when it is absent or not an array.
func (o *strictObject) tools(name string) ([]listedTool, error) {
	arr, ok := o.fields[name].([]any)
	if !ok {
		return nil, errors.New(i18n.Sprintf("it has no %s array", untrusted.Quote(name)))
	}
	out := make([]listedTool, len(arr))
	base := jsondoc.JoinPointer("", name)
	for i, v := range arr {
		raw, found := o.doc.Raw(base + "/" + strconv.Itoa(i))
		if !found {
			return nil, fmt.Errorf("tool %d cannot be cut out of the listing", i)
		}
		out[i].Raw = raw
		if m, ok := v.(map[string]any); ok {
			out[i].Name, _ = m["name"].(string)
		}
	}
	return out, nil
}
