package jsonschema

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"
)

func TestParseDecimal(t *testing.T) {
	tests := []struct {
		input string
		want  decimal
		ok    bool
	}{
		{"0", decimal{}, true},
		{"-0", decimal{}, true},
		{"0.000", decimal{}, true},
		{"0e5", decimal{}, true},
		{"12", decimal{false, 12, 0}, true},
		{"-12", decimal{true, 12, 0}, true},
		{"1200", decimal{false, 12, 2}, true},
		{"1001", decimal{false, 1001, 0}, true},
		{"12.50", decimal{false, 125, -1}, true},
		{"0.0025", decimal{false, 25, -4}, true},
		{"1.5e3", decimal{false, 15, 2}, true},
		{"1.5E+3", decimal{false, 15, 2}, true},
		{"15e-1", decimal{false, 15, -1}, true},
		{"18446744073709551615", decimal{false, math.MaxUint64, 0}, true},
		{"100000000000000000000000000000", decimal{false, 1, 29}, true}, // trailing zeros are not digits of mant
		{"1e1000000", decimal{false, 1, 1e6}, true},
		{"18446744073709551616", decimal{}, false}, // more than uint64
		{"1000000000000000000001", decimal{}, false},
		{"1e1000001", decimal{}, false},    // big.Rat refuses it
		{"0.1e-1000000", decimal{}, false}, // so too
		{"0.1e-999999", decimal{false, 1, -1e6}, true},
		{"01", decimal{}, false},       // not JSON
		{"+1", decimal{}, false},       // not JSON
		{"1.", decimal{}, false},       // not JSON
		{".5", decimal{}, false},       // not JSON
		{"1e", decimal{}, false},       // not JSON
		{"0x10", decimal{}, false},     // big.Rat syntax, not JSON
		{"1/3", decimal{}, false},      // big.Rat syntax, not JSON
		{"1_000", decimal{}, false},    // not JSON
		{"", decimal{}, false},         // not a number
		{"-", decimal{}, false},        // not a number
		{"1 ", decimal{}, false},       // trailing space
		{"Infinity", decimal{}, false}, // not a number
		{"1.5e3.5", decimal{}, false},  // trailing text
		{"-0.0000000001", decimal{true, 1, -10}, true},
	}
	for _, test := range tests {
		got, ok := parseDecimal(test.input)
		if ok != test.ok || got != test.want {
			t.Errorf("parseDecimal(%q): got %v %v, want %v %v", test.input, got, ok, test.want, test.ok)
		}
	}
}

// numberSamples are values of every type the validator accepts as a number,
// near the edges of the fast paths.
var numberSamples = []any{
	json.Number("0"), json.Number("-0"), json.Number("1"), json.Number("-1"),
	json.Number("2.5"), json.Number("-2.5"), json.Number("0.1"), json.Number("0.30"),
	json.Number("1e2"), json.Number("1.0"), json.Number("100"), json.Number("1e-2"),
	json.Number("9223372036854775807"), json.Number("-9223372036854775808"),
	json.Number("18446744073709551615"), json.Number("18446744073709551616"),
	json.Number("1e19"), json.Number("1e20"), json.Number("1e-19"), json.Number("1e-20"),
	json.Number("123456789012345678901234567890"), json.Number("0.333333333333333333333"),
	json.Number("1e400"), json.Number("-1e-400"), json.Number("1e1000001"), json.Number("6.5"), json.Number("0.25"),
	0.1, 0.25, -0.5, 1e21, 1e23, 3.0, math.MaxFloat64, math.SmallestNonzeroFloat64, float32(0.1),
	float32(16777217), 7, -7, int8(-128), int64(math.MinInt64), uint64(math.MaxUint64), uint8(3),
}

func sampleRat(v any) *big.Rat {
	r, ok := new(big.Rat).SetString(fmt.Sprint(v))
	if !ok {
		return nil
	}
	return r
}

// TestNumberAgreesWithBigRat checks every fast path against the big.Rat
// arithmetic it stands for.
func TestNumberAgreesWithBigRat(t *testing.T) {
	samples := numberSamples
	rnd := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		samples = append(samples, randomNumber(rnd))
	}
	rats := make([]*big.Rat, len(samples))
	for i, v := range samples {
		rats[i] = sampleRat(v)
	}
	for i, v1 := range samples {
		r1 := rats[i]
		if got, want := isInteger(v1), r1 != nil && r1.IsInt(); got != want {
			t.Errorf("isInteger(%v): got %v, want %v", v1, got, want)
		}
		if r1 == nil {
			continue
		}
		for j, v2 := range samples {
			r2 := rats[j]
			if r2 == nil {
				continue
			}
			num := newNumber(v1)
			if got, want := num.cmp(r2), r1.Cmp(r2); got != want {
				t.Errorf("cmp(%v, %v): got %d, want %d", v1, v2, got, want)
			}
			if got, _ := equals(v1, v2); got != (r1.Cmp(r2) == 0) {
				t.Errorf("equals(%v, %v): got %v", v1, v2, got)
			}
			if r2.Sign() != 0 {
				if got, want := num.isMultipleOf(r2), new(big.Rat).Quo(r1, r2).IsInt(); got != want {
					t.Errorf("isMultipleOf(%v, %v): got %v, want %v", v1, v2, got, want)
				}
			}
		}
	}
}

func randomNumber(rnd *rand.Rand) any {
	switch rnd.Intn(4) {
	case 0:
		return rnd.Int63n(2000) - 1000
	case 1:
		return rnd.NormFloat64() * math.Pow(10, float64(rnd.Intn(30)-15))
	default:
		s := fmt.Sprintf("%d", rnd.Int63n(100000)-50000)
		if rnd.Intn(2) == 0 {
			s += fmt.Sprintf(".%0*d", rnd.Intn(5)+1, rnd.Intn(1000))
		}
		if rnd.Intn(3) == 0 {
			s += fmt.Sprintf("e%d", rnd.Intn(50)-25)
		}
		return json.Number(s)
	}
}

func FuzzNumberAgreesWithBigRat(f *testing.F) {
	f.Add("6.5", "0.25")
	f.Add("-12", "5")
	f.Add("1e400", "1e-400")
	f.Add("18446744073709551615", "0.0000000000000000001")
	f.Fuzz(func(t *testing.T, s1, s2 string) {
		r1, r2 := sampleRat(json.Number(s1)), sampleRat(json.Number(s2))
		if d, ok := parseDecimal(s1); ok && (r1 == nil || d.isInteger() != r1.IsInt()) {
			t.Fatalf("parseDecimal(%q) = %v, but big.Rat says %v", s1, d, r1)
		}
		if r1 == nil || r2 == nil {
			return
		}
		num := newNumber(json.Number(s1))
		if got, want := num.cmp(r2), r1.Cmp(r2); got != want {
			t.Fatalf("cmp(%s, %s): got %d, want %d", s1, s2, got, want)
		}
		if got, _ := equals(json.Number(s1), json.Number(s2)); got != (r1.Cmp(r2) == 0) {
			t.Fatalf("equals(%s, %s): got %v", s1, s2, got)
		}
		if r2.Sign() != 0 {
			if got, want := num.isMultipleOf(r2), new(big.Rat).Quo(r1, r2).IsInt(); got != want {
				t.Fatalf("isMultipleOf(%s, %s): got %v, want %v", s1, s2, got, want)
			}
		}
	})
}

func TestNumberDoesNotAllocate(t *testing.T) {
	bound := big.NewRat(1, 4)
	tests := []struct {
		v       any
		integer bool
	}{
		{json.Number("6.5"), false},
		{6.5, false},
		{float32(6.5), false},
		{7, true},
		{uint8(7), true},
	}
	for _, test := range tests {
		allocs := testing.AllocsPerRun(100, func() {
			num := newNumber(test.v)
			if num.cmp(bound) <= 0 || !num.isMultipleOf(bound) || isInteger(test.v) != test.integer {
				t.Fatalf("%T %v: wrong answer", test.v, test.v)
			}
		})
		if allocs != 0 {
			t.Errorf("%T %v: got %v allocs, want 0", test.v, test.v, allocs)
		}
	}
}
