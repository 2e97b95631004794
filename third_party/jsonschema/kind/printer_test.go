//go:build !jsonschema_noxtext

package kind_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// languages pairs x/text's printer for a language with the NumberPrinter of its symbols.
var languages = []struct {
	tag     language.Tag
	printer kind.Printer
}{
	{language.English, kind.English},
	{language.French, kind.NumberPrinter{Group: "\u00a0", Decimal: ",", Times: "×"}},
	{language.German, kind.NumberPrinter{Group: ".", Decimal: ",", Times: "·"}},
}

// numbers returns integers and floats of every size: each power of ten and its neighbours,
// random values of every magnitude, random float bits, and the edges.
func numbers() []any {
	r := rand.New(rand.NewSource(1))
	out := []any{0, 0.0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1),
		math.MaxFloat64, math.SmallestNonzeroFloat64, -math.MaxFloat64, float32(1.5), float32(0.1),
		math.MaxInt64, math.MinInt64, uint64(math.MaxUint64), int8(-128), uint8(255), int16(-1234),
		uint16(65535), int32(-2147483648), uint32(4294967295), uint(1234567), uintptr(12345)}
	for e := -30; e <= 30; e++ {
		f := math.Pow10(e)
		out = append(out, f, -f, f*1.5, f*0.999, f*123456789, math.Nextafter(f, 0))
	}
	n := int64(1)
	for i := 0; i < 19; i++ {
		out = append(out, n, n-1, -n, n+1, int(n)*7)
		n *= 10
	}
	for i := 0; i < 2000; i++ {
		out = append(out, r.Int63()>>r.Intn(63), -r.Int63()>>r.Intn(63),
			math.Float64frombits(r.Uint64()), r.Float64()*math.Pow10(r.Intn(40)-20),
			float64(r.Intn(10_000_000))/float64(1+r.Intn(1000)), float32(r.NormFloat64()*1e6))
	}
	return out
}

// TestNumberPrinterAgreesWithXText holds NumberPrinter to golang.org/x/text/message's printer:
// every number, in each verb the library's messages use, in English, French and German. The
// scientific form is left to TestNumberPrinterScientific: x/text's releases write it in two ways
// (1.5 × 10⁰⁷, with narrow no-break spaces, in v0.14, which go.mod names; 1.5×10⁰⁷ in the
// current ones), and NumberPrinter writes the current one.
func TestNumberPrinterAgreesWithXText(t *testing.T) {
	for _, l := range languages {
		want := message.NewPrinter(l.tag)
		for _, n := range numbers() {
			formats := []string{"%v", "%d", "got %v, want %v", "%[2]v after %[1]v"}
			switch n.(type) {
			case float32, float64:
				formats = []string{"%v", "%g", "got %v, want %v", "%[2]v after %[1]v"}
			}
			for _, format := range formats {
				args := []any{n}
				if strings.Contains(format, "want") || strings.Contains(format, "[2]") {
					args = append(args, n)
				}
				got, want := l.printer.Sprintf(format, args...), want.Sprintf(format, args...)
				if got != want && !strings.ContainsAny(want, "×·") {
					t.Errorf("%s: Sprintf(%q, %T %v): got %q, want %q", l.tag, format, n, n, got, want)
				}
			}
		}
	}
}

// TestNumberPrinterScientific: a float whose exponent is below -4 or 6 and above, as the current
// golang.org/x/text/message (v0.43) writes it.
func TestNumberPrinterScientific(t *testing.T) {
	for _, c := range []struct {
		f          float64
		en, fr, de string
	}{
		{1e6, "1×10⁰⁶", "1×10⁰⁶", "1·10⁰⁶"},
		{1.5e7, "1.5×10⁰⁷", "1,5×10⁰⁷", "1,5·10⁰⁷"},
		{-1e-5, "-1×10⁻⁰⁵", "-1×10⁻⁰⁵", "-1·10⁻⁰⁵"},
		{1.2345e-5, "1.2345×10⁻⁰⁵", "1,2345×10⁻⁰⁵", "1,2345·10⁻⁰⁵"},
		{1e21, "1×10²¹", "1×10²¹", "1·10²¹"},
		{1e100, "1×10¹⁰⁰", "1×10¹⁰⁰", "1·10¹⁰⁰"},
		{math.MaxFloat64, "1.7976931348623157×10³⁰⁸", "1,7976931348623157×10³⁰⁸", "1,7976931348623157·10³⁰⁸"},
		{5e-324, "5×10⁻³²⁴", "5×10⁻³²⁴", "5·10⁻³²⁴"},
		{999999.9, "999,999.9", "999\u00a0999,9", "999.999,9"},
	} {
		for i, want := range []string{c.en, c.fr, c.de} {
			if got := languages[i].printer.Sprintf("%v", c.f); got != want {
				t.Errorf("%s: %v: got %q, want %q", languages[i].tag, c.f, got, want)
			}
		}
	}
}

// TestNumberPrinterFormats holds NumberPrinter to x/text's printer on the rest of what a
// format may hold: strings, quotes, errors, percent signs, indexes, missing arguments.
func TestNumberPrinterFormats(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"%s is %q: %T", []any{"a", "b", 1.5}},
		{"invalid character %q", []any{'x'}},
		{"invalid ipv6 address: %v", []any{errors.New("address 1234: too long")}},
		{"100%% of %d", []any{1234}},
		{"%d %s", []any{1}},
		{"%[2]s %[1]d", []any{1234, "x"}},
		{"%v", []any{nil}},
		{"%x", []any{1000}},
		{"'oneOf' failed, subschemas %d, %d matched", []any{0, 1}},
		{"%s", []any{"plain"}},
		{"no verbs", nil},
		{"%v %v", []any{true, "1234"}},
	} {
		for _, l := range languages {
			if got, want := l.printer.Sprintf(c.format, c.args...), message.NewPrinter(l.tag).Sprintf(c.format, c.args...); got != want {
				t.Errorf("%s: Sprintf(%q, %v): got %q, want %q", l.tag, c.format, c.args, got, want)
			}
		}
	}
}

// TestKindsAgreeWithXText writes every error kind with numbers of every size through kind.English
// and x/text's English printer: the library's messages are what they were.
func TestKindsAgreeWithXText(t *testing.T) {
	rat := func(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
	var kinds []interface {
		LocalizedString(*message.Printer) string
		PrintMessage(kind.Printer) string
	}
	for _, n := range []int{0, 1, 12, 999, 1000, 1234, 123456, 1234567, math.MaxInt64} {
		f := float64(n) + 0.5
		kinds = append(kinds,
			&kind.MinProperties{Got: n, Want: n + 1}, &kind.MaxProperties{Got: n, Want: n - 1},
			&kind.MinItems{Got: n, Want: n + 1}, &kind.MaxItems{Got: n, Want: n - 1},
			&kind.MinLength{Got: n, Want: n + 1}, &kind.MaxLength{Got: n, Want: n - 1},
			&kind.AdditionalItems{Count: n}, &kind.UniqueItems{Duplicates: [2]int{n, n + 1}},
			&kind.MinContains{Want: n}, &kind.MinContains{Got: []int{n, 2}, Want: n},
			&kind.MaxContains{Got: []int{n, 1000}, Want: n}, &kind.OneOf{Subschemas: []int{n, n + 1}},
			&kind.Minimum{Got: rat(f), Want: rat(f * 1e7)}, &kind.Maximum{Got: rat(-f), Want: rat(f / 1e9)},
			&kind.ExclusiveMinimum{Got: rat(f), Want: rat(f)}, &kind.ExclusiveMaximum{Got: rat(f), Want: rat(1e-7)},
			&kind.MultipleOf{Got: rat(f), Want: rat(0.01)},
			&kind.Enum{Got: f, Want: []any{f, n, "x"}}, &kind.Const{Got: n, Want: f},
			&kind.Format{Got: f, Want: "email", Err: fmt.Errorf("element %d must be %d characters long", n, n)})
	}
	kinds = append(kinds, &kind.InvalidJsonValue{Value: 1.5}, &kind.Schema{Location: "a'b"}, &kind.Group{},
		&kind.Not{}, &kind.AllOf{}, &kind.AnyOf{}, &kind.OneOf{}, &kind.FalseSchema{},
		&kind.RefCycle{URL: "u", KeywordLocation1: "a", KeywordLocation2: "b"},
		&kind.Type{Got: "number", Want: []string{"string", "null"}}, &kind.Reference{},
		&kind.Required{Missing: []string{"a"}}, &kind.Required{Missing: []string{"a", "b"}},
		&kind.Dependency{Prop: "p", Missing: []string{"q"}}, &kind.DependentRequired{Prop: "p", Missing: []string{"q", "r"}},
		&kind.AdditionalProperties{Properties: []string{"x", "y"}}, &kind.PropertyNames{Property: "p"},
		&kind.Contains{}, &kind.Pattern{Got: "x", Want: "^y$"},
		&kind.ContentEncoding{Want: "base64", Err: errors.New("bad")},
		&kind.ContentMediaType{Want: "application/json", Err: errors.New("bad")}, &kind.ContentSchema{})
	english := message.NewPrinter(language.English)
	for _, k := range kinds {
		// The scientific form as TestNumberPrinterScientific says.
		if got, want := k.PrintMessage(kind.English), k.LocalizedString(english); got != want && !strings.ContainsAny(want, "×·") {
			t.Errorf("%T: got %q, want %q", k, got, want)
		}
	}
}
