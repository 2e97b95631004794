package jsondoc

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// A Number is a JSON number read exactly, as digits × 10^exponent with no leading or trailing
// zeros in the digits, so that equal numbers (1, 1.0, 10e-1, 0.1e1) read the same and
// 12345678901234567890 differs from …891. Unlike big.Rat it never writes an exponent out as
// digits: 1e999999999 costs no more to read than 1e9. Every exact comparison of numbers in
// gatehouse — enum rules, catalog diffs, schema bounds, pins — goes through it.
type Number struct {
	negative bool
	digits   string   // "" for zero
	exp      int64    // the exponent, when it fits
	bigExp   *big.Int // the exponent, when it does not fit in exp; nil otherwise
}

// maxExponentDigits bounds the exponents [ParseNumber] reads: reading decimal digits into a
// big.Int takes time quadratic in their count. A number with a longer exponent is not read.
const maxExponentDigits = 1000

// ParseNumber reads JSON number syntax (also accepting a leading + in the exponent, as
// strconv.FormatFloat writes it).
func ParseNumber(text string) (Number, bool) {
	var n Number
	rest := text
	if strings.HasPrefix(rest, "-") {
		n.negative = true
		rest = rest[1:]
	}
	integer := leadingDigits(rest)
	rest = rest[len(integer):]
	if integer == "" || (len(integer) > 1 && integer[0] == '0') {
		return Number{}, false
	}
	fraction := ""
	if strings.HasPrefix(rest, ".") {
		fraction = leadingDigits(rest[1:])
		if fraction == "" {
			return Number{}, false
		}
		rest = rest[1+len(fraction):]
	}
	var exp big.Int
	if rest != "" {
		if rest[0] != 'e' && rest[0] != 'E' {
			return Number{}, false
		}
		rest = rest[1:]
		sign := ""
		if strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, "-") {
			sign, rest = rest[:1], rest[1:]
		}
		if rest == "" || leadingDigits(rest) != rest || len(strings.TrimLeft(rest, "0")) > maxExponentDigits {
			return Number{}, false
		}
		exp.SetString(strings.TrimPrefix(sign, "+")+rest, 10)
	}
	digits := strings.TrimLeft(integer+fraction, "0")
	trimmed := strings.TrimRight(digits, "0")
	if trimmed == "" {
		return Number{}, true // zero, whatever its sign or exponent
	}
	exp.Sub(&exp, big.NewInt(int64(len(fraction))))
	exp.Add(&exp, big.NewInt(int64(len(digits)-len(trimmed))))
	n.digits = trimmed
	if exp.IsInt64() && exp.Int64() > -1<<60 && exp.Int64() < 1<<60 {
		n.exp = exp.Int64()
	} else {
		n.bigExp = &exp
	}
	return n, true
}

func leadingDigits(s string) string {
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	return s[:end]
}

// sign is -1, 0 or 1.
func (n Number) sign() int {
	switch {
	case n.digits == "":
		return 0
	case n.negative:
		return -1
	}
	return 1
}

// magnitudeExp is the exponent of n's leading digit: n lies in [10^e, 10^(e+1)).
func (n Number) magnitudeExp() *big.Int {
	e := big.NewInt(n.exp)
	if n.bigExp != nil {
		e.Set(n.bigExp)
	}
	return e.Add(e, big.NewInt(int64(len(n.digits)-1)))
}

// Cmp returns -1, 0 or 1 as a is less than, equal to or greater than b.
func (a Number) Cmp(b Number) int {
	sa, sb := a.sign(), b.sign()
	if sa != sb || sa == 0 {
		return cmp.Compare(sa, sb)
	}
	var mag int
	if a.bigExp == nil && b.bigExp == nil {
		mag = cmp.Compare(a.exp+int64(len(a.digits)), b.exp+int64(len(b.digits)))
	} else {
		mag = a.magnitudeExp().Cmp(b.magnitudeExp())
	}
	if mag == 0 {
		// Same leading position: the digits compare as strings, a prefix being the smaller.
		mag = strings.Compare(a.digits, b.digits)
	}
	return sa * mag
}

// Equal reports whether a and b are the same number.
func (a Number) Equal(b Number) bool { return a.Cmp(b) == 0 }

// Key is a text that two numbers share exactly when they are equal: "0", "12e-1", "-5e3".
func (n Number) Key() string {
	if n.digits == "" {
		return "0"
	}
	e := strconv.FormatInt(n.exp, 10)
	if n.bigExp != nil {
		e = n.bigExp.String()
	}
	if n.negative {
		return "-" + n.digits + "e" + e
	}
	return n.digits + "e" + e
}

// CompareNumbers compares two numbers written as JSON text exactly; a text [ParseNumber] cannot
// read (an exponent of over a thousand digits) is compared as a float64.
func CompareNumbers(a, b string) int {
	if a == b {
		return 0
	}
	na, okA := ParseNumber(a)
	nb, okB := ParseNumber(b)
	if okA && okB {
		return na.Cmp(nb)
	}
	fa, _ := strconv.ParseFloat(a, 64)
	fb, _ := strconv.ParseFloat(b, 64)
	return cmp.Compare(fa, fb)
}

// NumberText gives the JSON text of a number value of any of the types a decoder produces
// (json.Number, as [Parse] does, and Go's floats and integers).
func NumberText(v any) (string, bool) {
	switch n := v.(type) {
	case json.Number:
		return string(n), true
	case float64:
		return strconv.FormatFloat(n, 'g', -1, 64), true
	case float32:
		return strconv.FormatFloat(float64(n), 'g', -1, 32), true
	case int:
		return strconv.Itoa(n), true
	case int64:
		return strconv.FormatInt(n, 10), true
	case int32:
		return strconv.FormatInt(int64(n), 10), true
	case uint64:
		return strconv.FormatUint(n, 10), true
	case uint:
		return strconv.FormatUint(uint64(n), 10), true
	}
	return "", false
}

// Equal compares two decoded JSON values the way JSON Schema's "enum" and "const" do: same type,
// numbers equal as exact decimals, objects with the same members, arrays with the same elements
// in order.
func Equal(a, b any) bool {
	if numberA, isNumber := NumberText(a); isNumber {
		numberB, bothNumbers := NumberText(b)
		if !bothNumbers {
			return false
		}
		if numberA == numberB {
			return true
		}
		na, okA := ParseNumber(numberA)
		nb, okB := ParseNumber(numberB)
		if !okA || !okB {
			return false // equal texts were compared above; an unreadable exponent is kept apart
		}
		return na.Equal(nb)
	}
	switch a := a.(type) {
	case nil:
		return b == nil
	case bool:
		other, ok := b.(bool)
		return ok && a == other
	case string:
		other, ok := b.(string)
		return ok && a == other
	case []any:
		other, ok := b.([]any)
		if !ok || len(a) != len(other) {
			return false
		}
		for i := range a {
			if !Equal(a[i], other[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		other, ok := b.(map[string]any)
		if !ok || len(a) != len(other) {
			return false
		}
		for key, member := range a {
			otherMember, present := other[key]
			if !present || !Equal(member, otherMember) {
				return false
			}
		}
		return true
	}
	return false
}

// TypeName names the JSON type of a value, with an article, for "found …" messages.
func TypeName(v any) string {
	if _, isNumber := NumberText(v); isNumber {
		return i18n.T("a number")
	}
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return i18n.T("a boolean")
	case string:
		return i18n.T("a string")
	case []any:
		return i18n.T("an array")
	case map[string]any:
		return i18n.T("an object")
	}
	return i18n.Sprintf("an unexpected %T", v)
}

// Compact writes a decoded value as compact JSON, for messages and evidence.
func Compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// maxIntDigits bounds the digits [Number.Int] writes out, so 1e999999999 costs nothing.
const maxIntDigits = 18

// Int returns n as an int when its value is whole (5, 5.0, 5e0, 0.5e1 are all 5) and fits in 18
// digits.
func (n Number) Int() (v int, whole, fits bool) {
	if n.digits == "" {
		return 0, true, true
	}
	if n.bigExp != nil {
		return 0, n.bigExp.Sign() > 0, false
	}
	if n.exp < 0 {
		return 0, false, false
	}
	if int64(len(n.digits))+n.exp > maxIntDigits {
		return 0, true, false
	}
	v, err := strconv.Atoi(n.digits + strings.Repeat("0", int(n.exp)))
	if n.negative {
		v = -v
	}
	return v, true, err == nil
}
