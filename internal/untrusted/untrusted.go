// Package untrusted is the one place that decides how text from a pasted document is shown:
// tool names, descriptions, argument values and keys are data written by someone else, and a
// message that quotes them must not let them hide anything or run on for pages.
//
// A character is hidden when a reader does not see it but a model reads it, or it changes how the
// text around it displays: controls other than line breaks and tabs, format characters (zero-width,
// bidi controls, the tag block), variation selectors, invisible fillers and separators; but not
// where such a character draws as part of an emoji ([InEmoji]: a subdivision flag's tags, a
// joiner between pictographs, one presentation selector). The lint's
// hidden-characters rule, the argument rules, the CLI's terminal output and (through the API's
// about) the page all use this one definition.
package untrusted

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden is the table of hidden characters (see the package comment). Line feed, carriage
// return and tab are in it too, as controls; [IsHidden] leaves them out.
var Hidden = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0000, Hi: 0x001f, Stride: 1},
		{Lo: 0x007f, Hi: 0x009f, Stride: 1},
		{Lo: 0x00ad, Hi: 0x00ad, Stride: 1},
		{Lo: 0x034f, Hi: 0x034f, Stride: 1},
		{Lo: 0x061c, Hi: 0x061c, Stride: 1},
		{Lo: 0x115f, Hi: 0x1160, Stride: 1},
		{Lo: 0x17b4, Hi: 0x17b5, Stride: 1},
		{Lo: 0x180b, Hi: 0x180f, Stride: 1},
		{Lo: 0x200b, Hi: 0x200f, Stride: 1},
		{Lo: 0x2028, Hi: 0x202e, Stride: 1},
		{Lo: 0x2060, Hi: 0x206f, Stride: 1},
		{Lo: 0x3164, Hi: 0x3164, Stride: 1},
		{Lo: 0xfe00, Hi: 0xfe0f, Stride: 1},
		{Lo: 0xfeff, Hi: 0xfeff, Stride: 1},
		{Lo: 0xffa0, Hi: 0xffa0, Stride: 1},
		{Lo: 0xfff9, Hi: 0xfffb, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x1d173, Hi: 0x1d17a, Stride: 1},
		{Lo: 0xe0000, Hi: 0xe007f, Stride: 1},
		{Lo: 0xe0100, Hi: 0xe01ef, Stride: 1},
	},
}

// IsHidden reports whether r is hidden: in [Hidden], or any other format character (Unicode
// class Cf), and not a line feed, carriage return or tab.
func IsHidden(r rune) bool {
	switch {
	case r == '\n' || r == '\t' || r == '\r':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0xa0:
		return r >= 0x80
	}
	return unicode.Is(Hidden, r) || unicode.Is(unicode.Cf, r)
}

// InEmoji reports whether the character at byte offset i of s, hidden on its own, draws there as
// a part of an emoji (Unicode's UTS #51), so that it hides nothing:
//   - a tag character of a subdivision flag: U+1F3F4 WAVING BLACK FLAG, then a region and
//     subdivision code (3 to 7 lower-case letters and digits) in tag characters, then U+E007F
//     CANCEL TAG, as Scotland's, England's and Wales's flags are written;
//   - a ZERO WIDTH JOINER between two pictographs, as in 👩‍💻 or ❤️‍🔥;
//   - one presentation selector (U+FE0E, U+FE0F) right after a visible character, as in ❤️ or 1️⃣.
//
// Tags after anything else, a code too long to be one, a joiner beside a letter and a second
// selector in a row stay hidden: those are how text is smuggled past a reader.
func InEmoji(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	prev, prevSize := utf8.DecodeLastRuneInString(s[:i])
	switch {
	case IsTag(r):
		return inSubdivisionFlag(s, i)
	case r == 0x200d:
		next, _ := utf8.DecodeRuneInString(s[i+size:])
		if prev == 0xfe0f && prevSize > 0 {
			prev, _ = utf8.DecodeLastRuneInString(s[:i-prevSize])
		}
		return isPictograph(prev) && isPictograph(next)
	case r == 0xfe0e || r == 0xfe0f:
		return prevSize > 0 && prev > ' ' && prev != utf8.RuneError && !IsHidden(prev) && !unicode.IsSpace(prev)
	}
	return false
}

// isPictograph reports the emoji and symbols a ZERO WIDTH JOINER joins into one emoji: symbols
// (So) from the arrows on, the emoji planes U+1F000 to U+1FAFF (skin tones included), and a
// subdivision flag's CANCEL TAG, which ends the flag before a joiner.
func isPictograph(r rune) bool {
	return r >= 0x2190 && unicode.Is(unicode.So, r) || r >= 0x1f000 && r <= 0x1faff || r == 0xe007f
}

// The parts of a subdivision flag's tag sequence.
const (
	flagBase        = 0x1f3f4 // WAVING BLACK FLAG
	cancelTag       = 0xe007f
	subdivisionCode = 7 // the longest region and subdivision code: 3-digit region, 4 characters
)

// inSubdivisionFlag reports whether the tag character at byte i belongs to a flag's tag
// sequence (see [InEmoji]). It reads at most the sequence's own few characters around i, so a
// long run of tags costs constant time per character.
func inSubdivisionFlag(s string, i int) bool {
	start := i
	for k := 0; ; k++ {
		r, size := utf8.DecodeLastRuneInString(s[:start])
		if r == flagBase {
			break
		}
		if k > subdivisionCode || size == 0 || r < 0xe0030 || r > 0xe007a {
			return false
		}
		start -= size
	}
	n := 0
	for j := start; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		switch {
		case r == cancelTag:
			return n >= 3 && i <= j
		case n < subdivisionCode && (r >= 0xe0030 && r <= 0xe0039 || r >= 0xe0061 && r <= 0xe007a):
			n++
			j += size
		default:
			return false
		}
	}
	return false
}

// IsTag reports a character of the Unicode tag block, which can spell a whole hidden text.
func IsTag(r rune) bool { return r >= 0xe0000 && r <= 0xe007f }

// IsBidi reports a bidirectional control, which makes text read differently from how it displays.
func IsBidi(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// Ranges lists the characters [IsHidden] reports, as sorted inclusive [low, high] code point
// pairs: [Hidden] and every other format character (Cf), less line feed, carriage return and
// tab. It is the table another language reads (the API's about serves it, and the page builds
// its pattern from it), so that the page marks exactly what Go counts.
func Ranges() [][2]rune { return slices.Clone(hiddenRanges) }

var hiddenRanges = func() [][2]rune {
	// The two tables overlap and stride over each other: list their characters, sorted, then
	// join neighbours into runs. They hold about a thousand characters.
	var chars []rune
	for _, t := range []*unicode.RangeTable{Hidden, unicode.Cf} {
		for _, r := range t.R16 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				chars = append(chars, c)
			}
		}
		for _, r := range t.R32 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				chars = append(chars, c)
			}
		}
	}
	slices.Sort(chars)
	var out [][2]rune
	for _, c := range slices.Compact(chars) {
		if !IsHidden(c) {
			continue
		}
		if n := len(out); n > 0 && out[n-1][1] == c-1 {
			out[n-1][1] = c
		} else {
			out = append(out, [2]rune{c, c})
		}
	}
	return out
}()

var hiddenNames = map[rune]string{
	0x00ad: "SOFT HYPHEN", 0x034f: "COMBINING GRAPHEME JOINER", 0x061c: "ARABIC LETTER MARK",
	0x180e: "MONGOLIAN VOWEL SEPARATOR", 0x200b: "ZERO WIDTH SPACE", 0x200c: "ZERO WIDTH NON-JOINER",
	0x200d: "ZERO WIDTH JOINER", 0x200e: "LEFT-TO-RIGHT MARK", 0x200f: "RIGHT-TO-LEFT MARK",
	0x202a: "LEFT-TO-RIGHT EMBEDDING", 0x202b: "RIGHT-TO-LEFT EMBEDDING", 0x202c: "POP DIRECTIONAL FORMATTING",
	0x202d: "LEFT-TO-RIGHT OVERRIDE", 0x202e: "RIGHT-TO-LEFT OVERRIDE", 0x2060: "WORD JOINER",
	0x2061: "FUNCTION APPLICATION", 0x2062: "INVISIBLE TIMES", 0x2063: "INVISIBLE SEPARATOR",
	0x2064: "INVISIBLE PLUS", 0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE",
	0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE", 0xfeff: "ZERO WIDTH NO-BREAK SPACE",
	0x115f: "HANGUL CHOSEONG FILLER", 0x1160: "HANGUL JUNGSEONG FILLER", 0x3164: "HANGUL FILLER",
	0xffa0: "HALFWIDTH HANGUL FILLER", 0x0000: "NULL", 0x001b: "ESCAPE", 0x007f: "DELETE",
	0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR",
}

// Label names a hidden character: "U+200B ZERO WIDTH SPACE".
func Label(r rune) string {
	if name, ok := hiddenNames[r]; ok {
		return fmt.Sprintf("U+%04X %s", r, name)
	}
	switch {
	case IsTag(r):
		return fmt.Sprintf("U+%04X TAG CHARACTER", r)
	case r < 0x20 || (r >= 0x7f && r < 0xa0):
		return fmt.Sprintf("U+%04X CONTROL CHARACTER", r)
	case (r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xe0100 && r <= 0xe01ef) || (r >= 0x180b && r <= 0x180f):
		return fmt.Sprintf("U+%04X VARIATION SELECTOR", r)
	}
	return fmt.Sprintf("U+%04X FORMAT CHARACTER", r)
}

// Visible writes s so that nothing in it hides: hidden characters and invalid UTF-8 become
// "[U+XXXX]", line breaks and tabs "\n", "\r" and "\t", and the text is cut after max characters.
// A character that draws as part of an emoji ([InEmoji]) is written as it is.
func Visible(s string, max int) string {
	var b strings.Builder
	n := 0
	for i, r := range s {
		if n >= max {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == '\n':
			b.WriteString("\\n")
		case r == '\t':
			b.WriteString("\\t")
		case r == '\r':
			b.WriteString("\\r")
		case IsHidden(r) && !InEmoji(s, i) || r == utf8.RuneError:
			fmt.Fprintf(&b, "[U+%04X]", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Snippet returns s[start:end] made [Visible] with about width characters of context on each
// side, never crossing a line break, so evidence reads as the sentence it came from.
func Snippet(s string, start, end, width int) string {
	if start < 0 {
		start = 0
	}
	if end > len(s) {
		end = len(s)
	}
	from := start
	for k := 0; from > 0 && k < width; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:from])
		if s[from-size] == '\n' {
			break
		}
		from -= size
	}
	to := end
	for k := 0; to < len(s) && k < width; k++ {
		r, size := utf8.DecodeRuneInString(s[to:])
		if r == '\n' {
			break
		}
		to += size
	}
	out := Visible(s[from:to], 4*width+(end-start))
	if from > 0 {
		out = "…" + out
	}
	if to < len(s) && !strings.HasSuffix(out, "…") {
		out += "…"
	}
	return out
}

// MaxQuoted is how many characters of a value [Quote] shows.
const MaxQuoted = 60

// Quote quotes s for a message, Go-style (hidden characters escaped), cut to [MaxQuoted]
// characters.
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	return strconv.Quote(Shorten(s, MaxQuoted))
}

// QuoteList shows names as ["a", "b"], each [Quote]d.
func QuoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = Quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// Shorten cuts s to at most limit characters, marking the cut with "…".
func Shorten(s string, limit int) string {
	count := 0
	for i := range s {
		if count == limit {
			return s[:i] + "…"
		}
		count++
	}
	return s
}

// IsASCII reports whether s is all ASCII. It reads eight bytes at a time: every string a lint
// or a result check reads is asked this first, and most are ASCII to the end.
func IsASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// ASCIILower lower-cases ASCII letters only, so byte offsets are kept and no non-ASCII letter is
// folded into an ASCII one (as strings.ToLower folds the Kelvin sign into "k").
func ASCIILower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			lowered := []byte(s)
			for j := i; j < len(lowered); j++ {
				if 'A' <= lowered[j] && lowered[j] <= 'Z' {
					lowered[j] += 'a' - 'A'
				}
			}
			return string(lowered)
		}
	}
	return s
}

// IsHex reports a hexadecimal digit, for reading percent-encoding and escapes.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Unhex is the value of a hexadecimal digit.
func Unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// PercentDecode decodes every valid %XX escape once and leaves a stray % as it is (file names
// may hold one); with plusIsSpace, a + is a space, as in a form or a query string.
func PercentDecode(s string, plusIsSpace bool) string {
	if !strings.Contains(s, "%") && !(plusIsSpace && strings.Contains(s, "+")) {
		return s
	}
	var out strings.Builder
	out.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]):
			out.WriteByte(Unhex(s[i+1])<<4 | Unhex(s[i+2]))
			i += 2
		case s[i] == '+' && plusIsSpace:
			out.WriteByte(' ')
		default:
			out.WriteByte(s[i])
		}
	}
	return out.String()
}
