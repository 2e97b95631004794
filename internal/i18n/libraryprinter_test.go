//go:build !jsonschema_noxtext

// The comparison with x/text needs the fork's x/text API, which that tag leaves out.

package i18n

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// xtextPrinter is the library's printer as it was made before the printers were gatehouse's
// own: golang.org/x/text/message with a catalog of every key, English as its fallback.
func xtextPrinter(l Lang) *message.Printer {
	tag := map[Lang]language.Tag{English: language.English, French: language.French, German: language.German}[l]
	if l == English {
		return message.NewPrinter(tag)
	}
	b := catalog.NewBuilder(catalog.Fallback(language.English))
	for k, v := range catalogOf(l) {
		_ = b.SetString(tag, k, v)
	}
	return message.NewPrinter(tag, message.Catalog(b))
}

// sampleNumbers are numbers of every size a message may carry, as ints and as floats.
var sampleNumbers = []float64{0, 1, 7, 12, 999, 1000, 1234, 65536, 123456, 999999, 1234567, 1e9, 12345678901,
	math.MaxInt64, -1, -1234, -1234567}

// argVerbs returns the verb of each argument of a format, by index (%[n] counted).
func argVerbs(format string) []byte {
	var verbs []byte
	eachVerb(format, func(arg int, verb byte) {
		for len(verbs) <= arg {
			verbs = append(verbs, 's')
		}
		verbs[arg] = verb
	})
	return verbs
}

// argsFor returns arguments for a format's verbs, the numbers taken from sampleNumbers at n.
func argsFor(verbs []byte, n int) []any {
	args := make([]any, len(verbs))
	for i, v := range verbs {
		f := sampleNumbers[(n+i)%len(sampleNumbers)]
		switch v {
		case 'd':
			args[i] = int(f)
		case 'v', 'g':
			if n%2 == 0 {
				args[i] = f + 0.5
			} else {
				args[i] = int(f)
			}
		case 'q':
			args[i] = "quoted 'x'"
		case 'T':
			args[i] = f
		default:
			args[i] = "a text"
		}
	}
	return args
}

// TestLibraryPrinterAgreesWithXText holds each language's library printer to the x/text printer
// it replaced: every format of the catalog (and each English format) with numbers of every size,
// and every error kind of the library, write the same text in English, French and German.
func TestLibraryPrinterAgreesWithXText(t *testing.T) {
	rat := func(f float64) *big.Rat {
		if math.IsInf(f, 0) {
			f = math.Copysign(math.MaxFloat64, f)
		}
		return new(big.Rat).SetFloat64(f)
	}
	for _, l := range Langs {
		want, got := xtextPrinter(l), LibraryPrinter(l)
		formats := 0
		for format := range catalogOf(French) { // the keys: English formats, the same in both catalogs
			if !strings.Contains(format, "%") {
				continue
			}
			formats++
			verbs := argVerbs(format)
			for n := range sampleNumbers {
				args := argsFor(verbs, n)
				if g, w := got.Sprintf(format, args...), want.Sprintf(format, args...); g != w {
					t.Errorf("%s: Sprintf(%q, %v): got %q, want %q", l, format, args, g, w)
				}
			}
		}
		if formats < 100 {
			t.Errorf("%s: only %d formats checked", l, formats)
		}
		for _, f := range append(sampleNumbers, 1.5e7, 1e-7, 0.001, 3.25, 1e21, math.MaxFloat64, 5e-324) {
			n := int(math.Max(math.Min(f, math.MaxInt64), math.MinInt64))
			for _, k := range []interface {
				LocalizedString(*message.Printer) string
				PrintMessage(kind.Printer) string
			}{
				&kind.MinLength{Got: n, Want: n + 1}, &kind.MaxItems{Got: n, Want: n - 1},
				&kind.MinProperties{Got: n, Want: 2}, &kind.MaxProperties{Got: n, Want: 2},
				&kind.MinItems{Got: n, Want: 1}, &kind.MaxLength{Got: n, Want: 3},
				&kind.AdditionalItems{Count: n}, &kind.UniqueItems{Duplicates: [2]int{n, n + 1}},
				&kind.MinContains{Want: n}, &kind.MinContains{Got: []int{n, 2}, Want: n},
				&kind.MaxContains{Got: []int{n, 1000}, Want: n}, &kind.OneOf{Subschemas: []int{n, 1}},
				&kind.Minimum{Got: rat(f), Want: rat(f * 1e7)}, &kind.Maximum{Got: rat(-f), Want: rat(f / 1e9)},
				&kind.ExclusiveMinimum{Got: rat(f + 0.25), Want: rat(f)}, &kind.ExclusiveMaximum{Got: rat(f), Want: rat(1e-7)},
				&kind.MultipleOf{Got: rat(f), Want: rat(0.01)},
				&kind.Enum{Got: f, Want: []any{f, n, "x"}}, &kind.Const{Got: n, Want: f},
				&kind.Format{Got: f, Want: "ipv6", Err: errors.New("bad")},
				&kind.Type{Got: "number", Want: []string{"string", "null"}}, &kind.Required{Missing: []string{"a", "b"}},
				&kind.Pattern{Got: "x", Want: "^y$"}, &kind.FalseSchema{}, &kind.Not{},
				&kind.InvalidJsonValue{Value: f},
			} {
				if g, w := k.PrintMessage(got), k.LocalizedString(want); g != w {
					t.Errorf("%s: %T: got %q, want %q", l, k, g, w)
				}
			}
		}
	}
}

// TestNumbersAgreeWithXText holds the printers' numbers to the x/text release gatehouse built
// with before (go.mod's), scientific forms included, on random floats of every magnitude and
// random integers of every length.
func TestNumbersAgreeWithXText(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 1))
	for _, l := range Langs {
		want, got := xtextPrinter(l), LibraryPrinter(l)
		for range 20000 {
			var n any
			switch r.IntN(4) {
			case 0:
				n = math.Float64frombits(r.Uint64())
			case 1:
				n = (r.Float64() - 0.5) * math.Pow10(r.IntN(60)-30)
			case 2:
				n = float32(r.NormFloat64() * math.Pow10(r.IntN(20)-10))
			default:
				n = r.Int64() >> r.IntN(64)
			}
			if g, w := got.Sprintf("%v", n), want.Sprintf("%v", n); g != w {
				t.Errorf("%s: %v: got %q, want %q", l, n, g, w)
			}
		}
	}
}
