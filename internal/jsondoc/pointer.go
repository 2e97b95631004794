package jsondoc

import (
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// SplitPointer splits an RFC 6901 JSON Pointer into unescaped reference tokens.
func SplitPointer(p string) ([]string, bool) {
	if p == "" {
		return nil, true
	}
	if p[0] != '/' {
		return nil, false
	}
	parts := strings.Split(p[1:], "/")
	for i, s := range parts {
		if strings.Contains(s, "~") {
			s = strings.ReplaceAll(s, "~1", "/")
			s = strings.ReplaceAll(s, "~0", "~")
			parts[i] = s
		}
	}
	return parts, true
}

// JoinPointer appends reference tokens to a JSON Pointer, escaping "~" and "/".
func JoinPointer(base string, tokens ...string) string {
	n := len(base)
	for _, t := range tokens {
		n += 1 + len(t)
	}
	var b strings.Builder
	b.Grow(n) // one allocation for a pointer with nothing to escape
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		if strings.ContainsAny(t, "~/") {
			t = strings.ReplaceAll(t, "~", "~0")
			t = strings.ReplaceAll(t, "/", "~1")
		}
		b.WriteString(t)
	}
	return b.String()
}

// ValueAt returns the value at an RFC 6901 pointer and whether it is present. An array index is
// digits without a leading zero, as RFC 6901 spells it: "01" and "+1" find nothing.
func ValueAt(v any, pointer string) (any, bool) {
	tokens, ok := SplitPointer(pointer)
	if !ok {
		return nil, false
	}
	for _, tok := range tokens {
		switch x := v.(type) {
		case map[string]any:
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) || strconv.Itoa(i) != tok {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// Lookup returns the value at an RFC 6901 pointer, or nil when there is none.
func Lookup(v any, pointer string) any {
	found, _ := ValueAt(v, pointer)
	return found
}

// ParentPointer returns the pointer of the value holding the one at p ("" for the root).
func ParentPointer(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

// ShowPointer writes a pointer for a sentence, the one way every message spells the root: "",
// the whole value, is "the root".
func ShowPointer(p string) string {
	if p == "" {
		return i18n.T("the root")
	}
	return p
}
