package kind

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Printer writes an error kind's message from its English format and arguments, as
// fmt.Sprintf does: a localizing printer looks the format up in its catalog and writes the
// numbers in its language. golang.org/x/text/message's *Printer is one; so is a [NumberPrinter].
//
// The library takes this interface rather than *message.Printer so that a program that never
// localizes does not link golang.org/x/text's printer, catalogs and language tables (in a
// WebAssembly build, over 100 KB at brotli 11).
type Printer interface {
	Sprintf(format string, args ...any) string
}

// English is the printer the library writes its messages with when it is given none: every
// message is the one golang.org/x/text/message's English printer writes (1,234; 1.5×10⁰⁶).
var English Printer = NumberPrinter{Group: ",", Decimal: ".", Times: "×"}

// A NumberPrinter is a [Printer] that writes each number given to a bare verb (%d and %v of an
// integer, %v, %g and %G of a float) as golang.org/x/text/message's printer does for a language
// with these symbols: integers with their digits grouped by three, floats in their shortest
// form, with a decimal sign, and as d×10ⁿⁿ (a superscript exponent of at least two digits) when
// the exponent is below -4 or 6 and above. Everything else is fmt's: the other verbs, a verb with flags, width or
// precision, a value with a Format, Error or String method (but for %d), and the texts of a
// missing, extra or badly indexed argument.
type NumberPrinter struct {
	Group   string // between groups of three digits: "," in English
	Decimal string // before the fraction: "." in English
	Times   string // between mantissa and 10 in scientific form: "×" in English, "·" in German
}

// Sprintf formats as fmt.Sprintf does, with numbers written in p's way.
func (p NumberPrinter) Sprintf(format string, args ...any) string {
	var sb strings.Builder
	argNum, reordered := 0, false
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			sb.WriteString(format[i:])
			break
		}
		sb.WriteString(format[i : i+j])
		i += j + 1
		start := i
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		flags := format[start:i]
		goodArgNum := true
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			n, err := strconv.Atoi(format[i+1 : i+max(end, 1)])
			if end < 0 || err != nil || n < 1 || n > len(args) {
				goodArgNum = false
			} else {
				argNum = n - 1
			}
			reordered = true
			if end < 0 {
				i = len(format)
			} else {
				i += end + 1
			}
		}
		widthStart := i
		for i < len(format) && (format[i] >= '0' && format[i] <= '9' || format[i] == '.') {
			i++
		}
		if i < len(format) && (format[i] == '*' || format[i] == '[') {
			// A width or precision from the arguments, or an index after them: rare enough in
			// a message to leave the whole format to fmt.
			return fmt.Sprintf(format, args...)
		}
		spec := flags + format[widthStart:i]
		if i >= len(format) {
			sb.WriteString("%!(NOVERB)")
			break
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		switch {
		case verb == '%':
			sb.WriteByte('%')
		case !goodArgNum:
			sb.WriteString("%!" + string(verb) + "(BADINDEX)")
		case argNum >= len(args):
			sb.WriteString("%!" + string(verb) + "(MISSING)")
		default:
			arg := args[argNum]
			argNum++
			if s, ok := p.number(arg, verb); ok && spec == "" {
				sb.WriteString(s)
			} else {
				fmt.Fprintf(&sb, "%"+spec+string(verb), arg)
			}
		}
	}
	if !reordered && argNum < len(args) {
		sb.WriteString("%!(EXTRA ")
		for k, arg := range args[argNum:] {
			if k > 0 {
				sb.WriteString(", ")
			}
			if arg == nil {
				sb.WriteString("<nil>")
			} else {
				fmt.Fprintf(&sb, "%T=%v", arg, arg)
			}
		}
		sb.WriteByte(')')
	}
	return sb.String()
}

// number writes arg in p's way if it is a number that verb writes in a language's way.
func (p NumberPrinter) number(arg any, verb rune) (string, bool) {
	switch arg.(type) {
	case nil, fmt.Formatter:
		return "", false
	case error, fmt.Stringer:
		if verb != 'd' {
			return "", false
		}
	}
	v := reflect.ValueOf(arg)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if verb == 'd' || verb == 'v' {
			n := v.Int()
			if n < 0 {
				return "-" + p.group(strconv.FormatUint(-uint64(n), 10)), true
			}
			return p.group(strconv.FormatUint(uint64(n), 10)), true
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if verb == 'd' || verb == 'v' {
			return p.group(strconv.FormatUint(v.Uint(), 10)), true
		}
	case reflect.Float32, reflect.Float64:
		if verb == 'v' || verb == 'g' || verb == 'G' {
			return p.float(v.Float(), v.Type().Bits()), true
		}
	}
	return "", false
}

// group puts p.Group between the groups of three of a run of digits.
func (p NumberPrinter) group(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var sb strings.Builder
	first := len(digits) % 3
	if first == 0 {
		first = 3
	}
	sb.WriteString(digits[:first])
	for k := first; k < len(digits); k += 3 {
		sb.WriteString(p.Group)
		sb.WriteString(digits[k : k+3])
	}
	return sb.String()
}

// superscripts are the digits of an exponent, 0 to 9.
var superscripts = [10]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// float writes f in its shortest form, as x/text's printer writes %v of a float.
func (p NumberPrinter) float(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "∞"
	case math.IsInf(f, -1):
		return "-∞"
	case f == 0:
		return "0" // -0 too
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// d.ddde±x: the shortest digits that read back as f, and the exponent of the first.
	e := strconv.FormatFloat(f, 'e', -1, bits)
	at := strings.IndexByte(e, 'e')
	digits := e[:1]
	if at > 1 {
		digits += e[2:at]
	}
	exp, _ := strconv.Atoi(e[at+1:])
	var sb strings.Builder
	sb.WriteString(sign)
	switch {
	case exp < -4 || exp >= 6:
		sb.WriteString(digits[:1])
		if len(digits) > 1 {
			sb.WriteString(p.Decimal)
			sb.WriteString(digits[1:])
		}
		sb.WriteString(p.Times)
		sb.WriteString("10")
		if exp < 0 {
			sb.WriteString("⁻")
			exp = -exp
		}
		if exp < 10 {
			sb.WriteString(superscripts[0]) // at least two digits, as x/text writes them
		}
		for _, d := range strconv.Itoa(exp) {
			sb.WriteString(superscripts[d-'0'])
		}
	case exp < 0:
		sb.WriteString("0")
		sb.WriteString(p.Decimal)
		sb.WriteString(strings.Repeat("0", -exp-1))
		sb.WriteString(digits)
	default:
		whole := digits[:min(exp+1, len(digits))] + strings.Repeat("0", max(exp+1-len(digits), 0))
		sb.WriteString(p.group(whole))
		if len(digits) > exp+1 {
			sb.WriteString(p.Decimal)
			sb.WriteString(digits[exp+1:])
		}
	}
	return sb.String()
}
