package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"github.com/gowebpki/jcs"
)

// pinPrefix starts every pin, naming the hash so that another can be added later.
const pinPrefix = "sha256:"

// IsPin reports whether s is a pin as [Pin] writes it: "sha256:" and 64 lowercase hex digits.
func IsPin(s string) bool { return pinSyntax.MatchString(s) }

var pinSyntax = lazyregexp.New(`^sha256:[0-9a-f]{64}$`)

// Pin returns the pin of a tool definition: sha256 over the RFC 8785 (JCS) canonical form of the
// whole tool object, as "sha256:<hex>". Every field counts — name, title, description,
// inputSchema, outputSchema, annotations and any other — because a rug pull can hide in any of
// them, not just the description. Any JCS implementation recomputes the same pin.
//
// RFC 8785 writes numbers as IEEE 754 doubles, so two numbers that differ only beyond a
// double's precision (12345678901234567890 and …891) would get the same pin, and such a change
// would pass unseen. Pin refuses those definitions instead: a tool that cannot be pinned exactly
// is an error to look at, not a silent gap.
func Pin(def map[string]any) (string, error) {
	if at, num, ok := inexactNumber(def, ""); ok {
		return "", i18n.Errorf("the number %s at %s has more precision than RFC 8785 keeps (an IEEE 754 double), so a change in its last digits would not change the pin", untrusted.Shorten(num, 40), jsondoc.ShowPointer(at))
	}
	raw, err := json.Marshal(def)
	if err != nil {
		return "", i18n.Errorf("pin: %w", err)
	}
	canon, err := jcs.Transform(raw)
	if err != nil {
		return "", i18n.Errorf("the tool cannot be put in canonical form (RFC 8785): %w", err)
	}
	sum := sha256.Sum256(canon)
	return pinPrefix + hex.EncodeToString(sum[:]), nil
}

// inexactNumber finds the first number (in key order) whose value a double does not hold
// exactly as written: the shortest form of its double must denote the same rational number.
func inexactNumber(v any, at string) (string, string, bool) {
	switch x := v.(type) {
	case json.Number:
		if !survivesDouble(string(x)) {
			return at, string(x), true
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if p, n, ok := inexactNumber(x[k], jsondoc.JoinPointer(at, k)); ok {
				return p, n, true
			}
		}
	case []any:
		for i, e := range x {
			if p, n, ok := inexactNumber(e, jsondoc.JoinPointer(at, strconv.Itoa(i))); ok {
				return p, n, true
			}
		}
	}
	return "", "", false
}

// survivesDouble reports whether a JSON number's value is exactly the value of the shortest text
// of its nearest double, which is what RFC 8785 writes.
func survivesDouble(num string) bool {
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return false // out of a double's range: JCS cannot write it either
	}
	short := strconv.FormatFloat(f, 'g', -1, 64)
	if short == num {
		return true
	}
	a, okA := jsondoc.ParseNumber(num)
	b, okB := jsondoc.ParseNumber(short)
	return okA && okB && a.Equal(b)
}

// PinText pins every tool of a catalog text: tool key → pin, a lock file. A tool that cannot be
// pinned is a problem at its place, and the others are still pinned.
func PinText(catalogText string) (map[string]string, problem.Problems) {
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, catalogText)
	if doc == nil {
		return map[string]string{}, probs
	}
	c, catProbs := Parse(doc)
	probs = append(probs, catProbs...)
	if c == nil {
		return map[string]string{}, probs
	}
	pins, pinProbs := pinAll(c, doc)
	return pins, append(probs, pinProbs...)
}
