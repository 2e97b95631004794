package call

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

// caseTwins finds two member names of m that are equal once case is folded, as a reader that
// ignores case (Go's encoding/json, which also folds "ſ" to "s" and the Kelvin sign to "k")
// takes them to be: to it, {"path": "/srv/a", "Path": "/etc/passwd"} has one path, and which
// one is not what gatehouse checked. The two are returned in sorted order.
func caseTwins(m map[string]any) (string, string, bool) {
	if len(m) < 2 {
		return "", "", false
	}
	var buf [smallObject]string
	keys := sortedKeys(buf[:0], m)
	if len(keys) <= smallObject {
		// Each pair compared, in the order the map below would find them: no folded copies.
		for j := 1; j < len(keys); j++ {
			for i := range j {
				if strings.EqualFold(keys[i], keys[j]) {
					return keys[i], keys[j], true
				}
			}
		}
		return "", "", false
	}
	seen := make(map[string]string, len(m))
	for _, key := range keys {
		folded := foldCase(key)
		if first, twin := seen[folded]; twin {
			return first, key, true
		}
		seen[folded] = key
	}
	return "", "", false
}

// smallObject is how many members an object may have for its keys to be sorted on the stack
// ([sortedKeys]) and its case twins found pair by pair: a tool call's objects are small, and
// the gate reads every one of them on every call.
const smallObject = 8

// sortedKeys appends m's keys to dst, sorted. Given a dst on the caller's stack (an array of
// [smallObject] strings), a small object's keys cost no allocation.
func sortedKeys(dst []string, m map[string]any) []string {
	for key := range m {
		dst = append(dst, key)
	}
	slices.Sort(dst)
	return dst
}

// isContainer reports whether v is an object or an array: what a walk over a decoded value
// goes into (a scalar holds nothing, and needs no pointer of its own).
func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// foldCase maps every rune to the smallest rune of its case-folding orbit, so that two strings
// fold to the same text exactly when strings.EqualFold says they are equal.
func foldCase(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		return strings.ToUpper(s) // an ASCII letter's orbit is least at its upper case
	}
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// CaseTwinsIn finds, anywhere in a decoded value, an object with two member names equal once
// case is folded: the pointer of that object and the two names.
func CaseTwinsIn(v any, at string) (pointer, a, b string, found bool) {
	switch x := v.(type) {
	case map[string]any:
		if a, b, found := caseTwins(x); found {
			return at, a, b, true
		}
		var buf [smallObject]string
		for _, key := range sortedKeys(buf[:0], x) {
			if !isContainer(x[key]) {
				continue
			}
			if pointer, a, b, found := CaseTwinsIn(x[key], jsondoc.JoinPointer(at, key)); found {
				return pointer, a, b, true
			}
		}
	case []any:
		for i, item := range x {
			if !isContainer(item) {
				continue
			}
			if pointer, a, b, found := CaseTwinsIn(item, jsondoc.JoinPointer(at, strconv.Itoa(i))); found {
				return pointer, a, b, true
			}
		}
	}
	return "", "", "", false
}
