package i18n

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Translation writes the messages of one answer in one language. Open it before the answer
// is computed (so that its messages are remembered), translate the answer's messages with
// [Translation.Text], and close it. A nil Translation is English: it returns texts unchanged.
// It is not safe for concurrent use; each answer has its own.
type Translation struct {
	lang     Lang
	catalog  map[string]string
	memo     map[string]string
	missing  []string
	isClosed bool
}

// Open starts a translation into l; for English it returns nil, which translates nothing and
// makes nothing be remembered.
func Open(l Lang) *Translation {
	if l == English || l == "" {
		return nil
	}
	t := &Translation{lang: l, catalog: catalogOf(l), memo: map[string]string{}}
	registry.mu.Lock()
	registry.since[t] = registry.seq + 1
	registry.mu.Unlock()
	registry.open.Add(1)
	return t
}

// Close ends the translation: the texts it needed may be forgotten.
func (t *Translation) Close() {
	if t == nil || t.isClosed {
		return
	}
	t.isClosed = true
	registry.open.Add(-1)
	registry.mu.Lock()
	delete(registry.since, t)
	if len(registry.byText) > registryLimit {
		forget()
	}
	registry.mu.Unlock()
}

// Lang is the translation's language.
func (t *Translation) Lang() Lang {
	if t == nil {
		return English
	}
	return t.lang
}

// Keep makes the translation need every text remembered since stamp, for an answer that reuses
// messages made then (a gatekeeper made in an earlier call). It reports false when some of them
// were already forgotten: the caller must make them again.
func (t *Translation) Keep(stamp Stamp) bool {
	if t == nil {
		return true
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if registry.forgotten >= uint64(stamp) {
		return false
	}
	registry.since[t] = min(registry.since[t], uint64(stamp))
	return true
}

// Text writes an English message in the translation's language: a text [Sprintf] built, from
// its format and translated arguments; a sentence [T] marked, from the catalog. Anything else
// (a text that is not gatehouse's, a message the catalog lacks) is returned as it is, and
// listed by [Translation.Missing].
func (t *Translation) Text(s string) string {
	if t == nil || s == "" {
		return s
	}
	if out, ok := t.text(s); ok {
		return out
	}
	if !slices.Contains(t.missing, s) && len(t.missing) < 100 {
		t.missing = append(t.missing, s)
	}
	return s
}

// Evidence translates a text that is either a message or data (a lint finding's evidence:
// gatehouse's words, or a snippet of the catalog): a message is translated, anything else is
// returned as it is, and not listed as missing.
func (t *Translation) Evidence(s string) string {
	if t == nil || s == "" {
		return s
	}
	if out, ok := t.text(s); ok {
		return out
	}
	return s
}

// Texts translates each text of a list into a new list.
func (t *Translation) Texts(list []string) []string {
	if t == nil || list == nil {
		return list
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = t.Text(s)
	}
	return out
}

// Missing lists the texts [Translation.Text] could not translate (at most 100), for tests.
func (t *Translation) Missing() []string {
	if t == nil {
		return nil
	}
	return t.missing
}

func (t *Translation) text(s string) (string, bool) {
	if out, ok := t.memo[s]; ok {
		return out, true
	}
	if r, ok := lookup(s); ok {
		out, ok := t.build(r)
		if ok {
			t.memo[s] = out
		}
		return out, ok
	}
	out, ok := t.catalog[s]
	return out, ok
}

// build writes a remembered text in the translation's language.
func (t *Translation) build(r *record) (string, bool) {
	switch {
	case r.localized != nil:
		return r.localized.PrintMessage(libraryPrinter(t.lang)), true
	case r.write != nil:
		return r.write(t.lang), true
	case r.items != nil:
		out := make([]string, len(r.items))
		for i, item := range r.items {
			tr, ok := t.text(item)
			if !ok {
				tr = item // data, not a message
			}
			out[i] = tr
		}
		sep, ok := t.catalog[r.sep]
		if !ok {
			sep = r.sep
		}
		return strings.Join(out, sep), true
	case r.derive != nil:
		from, ok := t.text(r.from)
		if !ok {
			from = r.from
		}
		return r.derive(t.lang, from), ok
	}
	format, ok := t.catalog[r.format]
	if !ok {
		if !slices.Contains(t.missing, r.format) && len(t.missing) < 100 {
			t.missing = append(t.missing, r.format)
		}
		format = r.format
	}
	// A format of Errorf may wrap an error (%w), which Sprintf writes with %v.
	return fmt.Sprintf(strings.ReplaceAll(format, "%w", "%v"), t.args(r.format, r.args)...), ok
}

// args translates the arguments that are messages: texts gatehouse built or marked, and errors
// whose text it built, written with %s or %v. Other arguments (names, pointers, numbers, and
// whatever a format quotes with %q) are data.
func (t *Translation) args(format string, args []any) []any {
	var out []any
	prose := proseArgs(format)
	for i, a := range args {
		if i >= len(prose) || !prose[i] {
			continue
		}
		var s string
		switch a := a.(type) {
		case string:
			s = a
		case error:
			s = a.Error()
		default:
			continue
		}
		tr, ok := t.text(s)
		if !ok || tr == s {
			continue
		}
		if out == nil {
			out = slices.Clone(args)
		}
		out[i] = tr
	}
	if out == nil {
		return args
	}
	return out
}

// Sprintf formats in l directly, for a caller that knows its language before it words anything
// (the CLI's own words): the format's translation, else the format itself.
func (l Lang) Sprintf(format string, args ...any) string {
	if l == English || l == "" {
		return fmt.Sprintf(format, args...)
	}
	if tr, ok := catalogOf(l)[format]; ok {
		format = tr
	}
	return fmt.Sprintf(format, args...)
}

// Text is a fixed sentence ([T]) in l.
func (l Lang) Text(sentence string) string {
	if l == English || l == "" {
		return sentence
	}
	if tr, ok := catalogOf(l)[sentence]; ok {
		return tr
	}
	return sentence
}

// Decimal writes a decimal number formatted in English ("3.4") as l writes it ("3,4").
func (l Lang) Decimal(number string) string {
	if l == French || l == German {
		return strings.Replace(number, ".", ",", 1)
	}
	return number
}

// proseArgs says, for each argument of a format, whether it is written as text (%s, %v), where a
// message may stand, rather than quoted or as a number. Formats are few and constant: each is
// read once.
func proseArgs(format string) []bool {
	if v, ok := proseCache.Load(format); ok {
		return v.([]bool)
	}
	var prose []bool
	eachVerb(format, func(arg int, verb byte) {
		for len(prose) <= arg {
			prose = append(prose, false)
		}
		prose[arg] = prose[arg] || verb == 's' || verb == 'v' || verb == 'w'
	})
	proseCache.Store(format, prose)
	return prose
}

// eachVerb calls f with each verb of a format and the index of the argument it prints, an
// explicit index (%[n]) counted as fmt counts it.
func eachVerb(format string, f func(arg int, verb byte)) {
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		if i < len(format) && format[i] == '[' {
			if end := strings.IndexByte(format[i:], ']'); end > 0 {
				if n, err := strconv.Atoi(format[i+1 : i+end]); err == nil {
					arg = n - 1
				}
				i += end + 1
			}
		}
		for i < len(format) && (format[i] >= '0' && format[i] <= '9' || format[i] == '.' || format[i] == '*') {
			i++
		}
		if i >= len(format) || format[i] == '%' {
			continue
		}
		f(arg, format[i])
		arg++
	}
}

var proseCache sync.Map // format → []bool
