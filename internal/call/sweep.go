package call

import (
	"slices"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

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
				if isContainer(item) {
					walk(item, jsondoc.JoinPointer(at, strconv.Itoa(i)))
				}
			}
		case map[string]any:
			if !read[at] && hasInvocationMarks(x) {
				r.unreadable(at, i18n.T("this object has the marks of an invocation, in a place gatehouse does not read calls from: a runtime reading the text its own way might run it, so it cannot be allowed"))
				return
			}
			var buf [smallObject]string
			for _, key := range sortedKeys(buf[:0], x) {
				if isContainer(x[key]) {
					walk(x[key], jsondoc.JoinPointer(at, key))
				}
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
		slices.SortStableFunc(r.probs, func(a, b problem.Problem) int { return a.Offset - b.Offset })
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
