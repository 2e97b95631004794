package lint

import (
	"sort"
	"strconv"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// ScanText runs the text rules (instructions, concealment, coercion, exfiltration, priority,
// shadowing, secrets, hidden characters, encoded payloads, HTML comments, tags…; not the schema or
// annotation rules) over the string values at pointers in doc, and every string and member name
// nested under them, read as the given kind of text. It returns the findings placed in doc
// (Pointer, Line and Column of the evidence; Tool as given), in the order of the pointers and of
// the text. A pointer that names nothing in doc is skipped. The tables are the lint's own, built
// once; a call costs the scan of its text.
func ScanText(doc *jsondoc.Document, pointers []string, tool string, p TextProfile) []Finding {
	findings := []Finding{}
	if doc == nil {
		return findings
	}
	buildPhraseTables()
	l := textLinters.Get().(*linter)
	defer textLinters.Put(l)
	knobs := p.knobs()
	tf := &toolFindings{tool: &catalog.Tool{Name: tool, Def: map[string]any{}}, l: l, profile: p}
	for _, ptr := range pointers {
		v, tokens, keys, ok := valueAt(doc.Value, ptr)
		if !ok {
			continue
		}
		from := len(tf.list)
		l.strings.base = ""
		l.strings.tokens, l.strings.keys = append(l.strings.tokens[:0], tokens...), append(l.strings.keys[:0], keys...)
		l.strings.fn = func(s textSite) {
			if !s.isKey || len(s.tokens) > len(tokens) { // the member name a pointer ends at is not under it
				l.checkString(tf, s)
			}
		}
		l.strings.walk(v)
		part := tf.list[from:]
		sort.SliceStable(part, func(i, j int) bool {
			a, b := part[i], part[j]
			if a.Pointer != b.Pointer {
				return a.Pointer < b.Pointer
			}
			return a.at < b.at
		})
	}
	for _, f := range tf.list {
		if knobs.apply(&f) {
			findings = append(findings, f)
		}
	}
	placeFindings(findings, doc)
	return findings
}

// textLinters are linters over no catalog, reused from call to call of [ScanText] so that a call
// allocates its findings and little else.
var textLinters = sync.Pool{New: func() any { return newLinter(&catalog.Catalog{}) }}

// valueAt resolves a JSON Pointer in a parsed value, returning the value, the pointer's tokens
// and whether each names a member (not an array index).
func valueAt(v any, pointer string) (value any, tokens []string, keys []bool, ok bool) {
	tokens, ok = jsondoc.SplitPointer(pointer)
	if !ok {
		return nil, nil, nil, false
	}
	keys = make([]bool, len(tokens))
	for i, tok := range tokens {
		switch x := v.(type) {
		case map[string]any:
			if v, ok = x[tok]; !ok {
				return nil, nil, nil, false
			}
			keys[i] = true
		case []any:
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(x) || strconv.Itoa(n) != tok {
				return nil, nil, nil, false
			}
			v = x[n]
		default:
			return nil, nil, nil, false
		}
	}
	return v, tokens, keys, true
}
