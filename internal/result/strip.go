package result

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// strippable reports a character strip removes: one a reader cannot see ([untrusted.IsHidden]:
// zero-width, bidi, tag and format characters, variation selectors, controls) but a line break
// or a tab, which are text. JSON keeps controls inside strings only as escapes.
func strippable(r rune) bool { return untrusted.IsHidden(r) }

// Strip removes every hidden character from the strings of a JSON text, written raw or as a
// \u escape (a surrogate pair for a tag character included), and returns the text and how many
// characters it removed. Everything else is kept byte for byte, so the result has the structure,
// the numbers and the formatting it came with; a text without hidden characters comes back as
// it is, with 0. The text must have passed the strict parse: hidden characters can then only be
// inside strings.
func Strip(text []byte) ([]byte, int) {
	var out []byte
	removed := 0
	copied := 0 // text[:copied] is in out
	cut := func(from, to int) {
		if out == nil {
			out = make([]byte, 0, len(text))
		}
		out = append(out, text[copied:from]...)
		copied = to
		removed++
	}
	inString := false
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case !inString:
			if c == '"' {
				inString = true
			}
			i++
		case c == '"':
			inString = false
			i++
		case c == '\\':
			if i+1 < len(text) && text[i+1] == 'u' {
				r, width := escapedRune(text[i:])
				if width > 0 && strippable(r) {
					cut(i, i+width)
				}
				if width == 0 {
					width = 2
				}
				i += width
				continue
			}
			i += 2
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(text[i:])
			if strippable(r) {
				cut(i, i+size)
			}
			i += size
		}
	}
	if out == nil {
		return text, 0
	}
	return append(out, text[copied:]...), removed
}

// escapedRune reads the \uXXXX escape at the start of b, or a surrogate pair of two, returning
// the character and the escape's width; width 0 when b does not start with a whole escape.
func escapedRune(b []byte) (rune, int) {
	hi, ok := hex4(b)
	if !ok {
		return 0, 0
	}
	if utf16.IsSurrogate(hi) && hi < 0xdc00 {
		if lo, ok := hex4(b[6:]); ok && lo >= 0xdc00 && lo <= 0xdfff {
			return utf16.DecodeRune(hi, lo), 12
		}
	}
	return hi, 6
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[2:6]), 16, 32)
	return rune(n), err == nil
}
