package core

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/gowebpki/jcs"
)

// PinPrefix starts every pin, naming the hash so that another can be added later.
const PinPrefix = "sha256:"

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
		return "", fmt.Errorf("the number %s at %s has more precision than RFC 8785 keeps (an IEEE 754 double), so a change in its last digits would not change the pin", shorten(num, 40), pointerOrRoot(at))
	}
	raw, err := json.Marshal(def)
	if err != nil {
		return "", fmt.Errorf("pin: %w", err)
	}
	canon, err := jcs.Transform(raw)
	if err != nil {
		return "", fmt.Errorf("the tool cannot be put in canonical form (RFC 8785): %w", err)
	}
	sum := sha256.Sum256(canon)
	return PinPrefix + hex.EncodeToString(sum[:]), nil
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
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, n, ok := inexactNumber(x[k], JoinPointer(at, k)); ok {
				return p, n, true
			}
		}
	case []any:
		for i, e := range x {
			if p, n, ok := inexactNumber(e, JoinPointer(at, strconv.Itoa(i))); ok {
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
	// A huge exponent makes big.Rat slow; such a number is out of range anyway (ParseFloat
	// failed above), unless its mantissa is zero.
	if e := strings.IndexAny(num, "eE"); e >= 0 && len(num)-e > 6 {
		return f == 0 && strings.Trim(num[:e], "-+0.") == ""
	}
	a, okA := new(big.Rat).SetString(num)
	b, okB := new(big.Rat).SetString(short)
	return okA && okB && a.Cmp(b) == 0
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "the root"
	}
	return p
}
