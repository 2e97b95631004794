package jsonschema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"reflect"
	"strconv"
)

// The value of a number is the big.Rat of its text as fmt.Sprint writes it.
// Most numbers in instances and schemas are small integers or short decimals:
// for those, the helpers below give the same answers as big.Rat arithmetic
// without formatting the number or allocating. Each helper reports ok=false
// when it cannot decide, and the caller falls back to big.Rat.

// decimal is the exact value ±mant×10^exp, with no trailing zeros in mant.
type decimal struct {
	neg  bool
	mant uint64
	exp  int
}

// pow10 holds the powers of ten that fit in uint64.
var pow10 = [...]uint64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// maxExp bounds the decimal exponents parseDecimal accepts: big.Rat's
// SetString refuses larger ones, and those numbers must fail the same way.
const maxExp = 1e6

// parseDecimal parses a number in JSON syntax whose significant digits fit
// in uint64. Anything else (other syntaxes big.Rat accepts, more digits,
// huge exponents) is left to big.Rat.
func parseDecimal[T string | []byte](s T) (d decimal, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	zeros := 0 // zeros read but not yet multiplied into mant
	digit := func(c byte) bool {
		if c == '0' {
			zeros++
			return true
		}
		if zeros+1 >= len(pow10) {
			return false
		}
		hi, lo := bits.Mul64(d.mant, pow10[zeros+1])
		lo, carry := bits.Add64(lo, uint64(c-'0'), 0)
		if hi != 0 || carry != 0 {
			return false
		}
		d.mant, zeros = lo, 0
		return true
	}

	// int = "0" / digit1-9 *DIGIT
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			if !digit(s[i]) {
				return decimal{}, false
			}
		}
	default:
		return decimal{}, false
	}
	// frac = "." 1*DIGIT
	fracDigits := 0
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			if d.mant == 0 && s[i] == '0' {
				zeros = 0 // a leading zero is not significant
			} else if !digit(s[i]) {
				return decimal{}, false
			}
		}
		if i == start {
			return decimal{}, false
		}
		fracDigits = i - start
	}
	// exp = ("e" / "E") ["-" / "+"] 1*DIGIT
	exp := 0
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		expNeg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			expNeg = s[i] == '-'
			i++
		}
		start := i
		for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
			exp = exp*10 + int(s[i]-'0')
			if exp > maxExp {
				return decimal{}, false
			}
		}
		if i == start {
			return decimal{}, false
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(s) {
		return decimal{}, false
	}
	if d.mant == 0 {
		return decimal{}, true
	}
	if exp -= fracDigits; exp > maxExp || exp < -maxExp {
		return decimal{}, false
	}
	d.exp = exp + zeros
	return d, true
}

// decimalOf returns the exact value of the number v. A float is the value of
// the digits fmt.Sprint writes for it: the shortest decimal that reads back as
// the float, not its binary value.
func decimalOf(v any) (decimal, bool) {
	var buf [32]byte
	switch v := v.(type) {
	case json.Number:
		return parseDecimal(string(v))
	case float64:
		return parseDecimal(strconv.AppendFloat(buf[:0], v, 'g', -1, 64))
	case float32:
		return parseDecimal(strconv.AppendFloat(buf[:0], float64(v), 'g', -1, 32))
	case int, int8, int16, int32, int64:
		return parseDecimal(strconv.AppendInt(buf[:0], reflect.ValueOf(v).Int(), 10))
	case uint, uint8, uint16, uint32, uint64:
		return parseDecimal(strconv.AppendUint(buf[:0], reflect.ValueOf(v).Uint(), 10))
	}
	return decimal{}, false
}

func (d decimal) isInteger() bool {
	return d.mant == 0 || d.exp >= 0
}

func (d decimal) sign() int {
	switch {
	case d.mant == 0:
		return 0
	case d.neg:
		return -1
	}
	return 1
}

// fraction returns d as ±p/q.
func (d decimal) fraction() (p, q uint64, ok bool) {
	switch {
	case d.exp >= len(pow10):
		return 0, 0, false
	case d.exp >= 0:
		hi, lo := bits.Mul64(d.mant, pow10[d.exp])
		return lo, 1, hi == 0
	case -d.exp < len(pow10):
		return d.mant, pow10[-d.exp], true
	}
	return 0, 0, false
}

// ratFraction returns r as ±n/d.
func ratFraction(r *big.Rat) (n, d uint64, ok bool) {
	num := r.Num()
	if num.Sign() >= 0 {
		n, ok = num.Uint64(), num.IsUint64()
	} else if num.IsInt64() {
		n, ok = uint64(-(num.Int64()+1))+1, true
	}
	if !ok {
		return 0, 0, false
	}
	if r.IsInt() {
		return n, 1, true
	}
	denom := r.Denom()
	return n, denom.Uint64(), denom.IsUint64()
}

// cmpRat compares d with r, like big.Rat's Cmp.
func (d decimal) cmpRat(r *big.Rat) (int, bool) {
	if ds, rs := d.sign(), r.Sign(); ds != rs || ds == 0 {
		return cmpInt(ds, rs), true
	}
	p, q, ok1 := d.fraction()
	n, dn, ok2 := ratFraction(r)
	if !ok1 || !ok2 {
		return 0, false
	}
	// p/q vs n/dn is p×dn vs n×q, in 128 bits.
	hi1, lo1 := bits.Mul64(p, dn)
	hi2, lo2 := bits.Mul64(n, q)
	c := cmpInt(hi1, hi2)
	if c == 0 {
		c = cmpInt(lo1, lo2)
	}
	if d.neg {
		c = -c
	}
	return c, true
}

// isMultipleOf tells if d/r is an integer.
func (d decimal) isMultipleOf(r *big.Rat) (bool, bool) {
	p, q, ok1 := d.fraction()
	n, dn, ok2 := ratFraction(r)
	if !ok1 || !ok2 || n == 0 {
		return false, false
	}
	// (p/q) / (n/dn) = p×dn / (q×n)
	hi, qn := bits.Mul64(q, n)
	if hi != 0 {
		return false, false
	}
	hi, lo := bits.Mul64(p, dn)
	return bits.Rem64(hi, lo, qn) == 0, true
}

func cmpInt[T int | uint64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// number is an instance value of numberType as the number keywords see it.
type number struct {
	v   any
	dec decimal
	ok  bool     // dec holds v's value
	rat *big.Rat // v's value when !ok, or when an error needs it
}

func newNumber(v any) number {
	dec, ok := decimalOf(v)
	return number{v: v, dec: dec, ok: ok}
}

// bigRat returns the value as big.Rat; nil if v is not a number big.Rat can parse.
func (n *number) bigRat() *big.Rat {
	if n.rat == nil {
		n.rat, _ = new(big.Rat).SetString(fmt.Sprint(n.v))
	}
	return n.rat
}

func (n *number) cmp(r *big.Rat) int {
	if n.ok {
		if c, ok := n.dec.cmpRat(r); ok {
			return c
		}
	}
	return n.bigRat().Cmp(r)
}

func (n *number) isMultipleOf(r *big.Rat) bool {
	if n.ok {
		if m, ok := n.dec.isMultipleOf(r); ok {
			return m
		}
	}
	return new(big.Rat).Quo(n.bigRat(), r).IsInt()
}
