package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/untrusted"

	"golang.org/x/text/unicode/norm"
)

// This file holds how lint reads untrusted text: which characters hide, how hidden text is shown,
// and the one folded reading the rules match in. (They are the lint's for now; the page and the
// CLI show untrusted text through [untrusted.Visible] too.)

// maxFoldGrowth bounds the folded reading: NFKC may expand a character (U+FDFA is eighteen
// letters), and a text made of such characters must not make the reading much larger than the
// text itself. A character whose compatibility form is more than maxFoldGrowth times its own
// size is read as written: nobody spells "ignore" with it.
const maxFoldGrowth = 3

// foldForMatch is the one reading of a string that the phrases are matched in. It applies NFKC
// character by character, which turns look-alike compatibility characters into the letters they
// imitate ("Ⅰgnore", fullwidth "ｉｇｎｏｒｅ", mathematical "𝐢𝐠𝐧𝐨𝐫𝐞" all read "ignore"), writes
// Cyrillic, Greek and Armenian letters that look Latin as the Latin letters ("іgnоrе" with
// Cyrillic і and о), removes the characters that can split a phrase without being seen
// (zero-width and other format characters, variation selectors), and folds typographic
// apostrophes, so "ig\u200bnore previous instructions" and "don’t tell the user" are still
// caught. A terminal escape sequence reads as one blank: it ends in a letter ("\x1b[0J"), and
// without the blank that letter would join the word after it ("JRead"), which no phrase reads.
// index maps each byte of the result to the byte of s its character came from, with one more
// entry for the end; it is nil when the result is s itself. The result is never longer than
// maxFoldGrowth times s.
func foldForMatch(s string) (string, []int) { return foldKnown(s, untrusted.IsASCII(s)) }

// foldKnown is [foldForMatch] of s, which the caller knows to be ASCII or not.
func foldKnown(s string, ascii bool) (string, []int) {
	if ascii && strings.IndexByte(s, 0x1b) < 0 {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	index := make([]int, 0, len(s)+1)
	var buf []byte
	changed := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		before := b.Len()
		switch {
		case r == 0x1b:
			b.WriteByte(' ')
			size = escapeLen(s[i:])
			changed = true
		case r < utf8.RuneSelf:
			b.WriteByte(byte(r))
		case unicode.Is(unicode.Cf, r) || isVariationSelector(r):
			changed = true
		case r == '\u2019' || r == '\u2018' || r == '\u02bc':
			b.WriteByte('\'')
			changed = true
		default:
			if latin, ok := latinLookalikes[r]; ok {
				b.WriteRune(latin)
				changed = true
				break
			}
			buf = norm.NFKC.AppendString(buf[:0], s[i:i+size])
			if len(buf) > maxFoldGrowth*size || string(buf) == s[i:i+size] {
				b.WriteString(s[i : i+size])
				break
			}
			// The compatibility form may itself hold look-alikes or format characters.
			for _, c := range string(buf) {
				switch {
				case unicode.Is(unicode.Cf, c):
				case c == '\u2019' || c == '\u2018':
					b.WriteByte('\'')
				default:
					if latin, ok := latinLookalikes[c]; ok {
						c = latin
					}
					b.WriteRune(c)
				}
			}
			changed = true
		}
		for range b.Len() - before {
			index = append(index, i)
		}
		i += size
	}
	if !changed {
		return s, nil
	}
	return b.String(), append(index, len(s))
}

// escapeLen is the length of the terminal escape sequence s starts with (s[0] is ESC): a control
// sequence (ESC [ parameters, intermediates, a final byte), an operating-system command (ESC ]
// up to BEL or ESC \), or ESC and one character.
func escapeLen(s string) int {
	if len(s) < 2 {
		return 1
	}
	switch s[1] {
	case '[':
		i := 2
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			i++
		}
		return i
	case ']':
		for i := 2; i < len(s); i++ {
			if s[i] == 0x07 {
				return i + 1
			}
			if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
		}
		return len(s)
	}
	if s[1] >= 0x40 && s[1] <= 0x5f {
		return 2
	}
	return 1
}

// foldedFrom says what the folded reading changed in s[start:end] so that a phrase matched
// there: "confusables" when a look-alike letter of another script stood in for a Latin one,
// "nfkc" when a compatibility character did, "" when the text reads as written (or only lost
// characters the hidden-characters rule reports).
func foldedFrom(s string, start, end int) string {
	if start < 0 || end > len(s) || start >= end || untrusted.IsASCII(s[start:end]) {
		return ""
	}
	nfkc := false
	for _, r := range s[start:end] {
		if _, ok := latinLookalikes[r]; ok {
			return "confusables"
		}
		if r >= utf8.RuneSelf && !untrusted.IsHidden(r) && !isVariationSelector(r) && !norm.NFKC.IsNormalString(string(r)) {
			nfkc = true
		}
	}
	if nfkc {
		return "nfkc"
	}
	return ""
}

// isVariationSelector reports the variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF): they
// change how the character before them is drawn, and nothing else; a run of them carries bytes.
func isVariationSelector(r rune) bool {
	return (r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xe0100 && r <= 0xe01ef)
}

// sentenceAround returns the bounds of the sentence of s holding s[start:end]: from the last
// '.', '!', '?' or line break before it to the next one after it.
func sentenceAround(s string, start, end int) (int, int) {
	from := start
	for from > 0 {
		c := s[from-1]
		if c == '\n' || c == '!' || c == '?' || (c == '.' && (from >= len(s) || s[from] == ' ')) || c >= 0x80 && fullStopBefore(s, from) {
			break
		}
		from--
	}
	to := end
	for to < len(s) {
		c := s[to]
		if c == '\n' || c == '!' || c == '?' || (c == '.' && (to+1 >= len(s) || s[to+1] == ' ' || s[to+1] == '\n')) || c >= 0x80 && fullStopAt(s, to) {
			break
		}
		to++
	}
	return from, to
}

// The full stops of Chinese and Japanese (。！？, and ；, which ends a clause as firmly), three
// bytes each in UTF-8.
var fullStops = []string{"。", "！", "？", "；"}

// fullStopAt reports a full stop starting at s[i]; fullStopBefore one ending at s[i].
func fullStopAt(s string, i int) bool {
	for _, f := range fullStops {
		if strings.HasPrefix(s[i:], f) {
			return true
		}
	}
	return false
}

func fullStopBefore(s string, i int) bool {
	for _, f := range fullStops {
		if strings.HasSuffix(s[:i], f) {
			return true
		}
	}
	return false
}

// unwrapLines joins the lines of a hard-wrapped paragraph (a docstring wrapped at 80 columns)
// by writing each soft line break as a blank, so that a sentence reads as one whatever its
// wrapping. A break stays where a paragraph, a list item or a heading starts, or after a
// sentence ends. The result has the length of s, so offsets into it are offsets into s.
func unwrapLines(s string) string {
	if strings.IndexByte(s, '\n') < 0 {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\n' || !softWrap(s, i) {
			continue
		}
		if b == nil {
			b = []byte(s)
		}
		b[i] = ' '
	}
	if b == nil {
		return s
	}
	return string(b)
}

// softWrap reports whether the line break at s[i] only wraps a sentence: the line before ends
// mid-sentence, in a word, and the next goes on in lower case. Code (JSON, a shell line) keeps its
// breaks.
func softWrap(s string, i int) bool {
	j := i - 1
	for j >= 0 && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
		j--
	}
	if j < 0 {
		return false
	}
	if p := s[j]; !('a' <= p && p <= 'z' || 'A' <= p && p <= 'Z' || '0' <= p && p <= '9' || p == ',' || p == '`' || p == ')' || p == '\'' || p == '"' || p >= 0x80) {
		return false
	}
	k := i + 1
	for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r') {
		k++
	}
	if k >= len(s) {
		return false
	}
	c := s[k]
	return 'a' <= c && c <= 'z' || c == '`' || c == '(' || c == '~'
}

// ReadThrough is the folded reading the phrases are matched in ([foldForMatch]), for the result
// check's own rules: look-alike letters as the Latin ones, compatibility characters as what they
// imitate, format characters and variation selectors removed. index maps each byte of reading
// to the byte of s it came from, with one more entry for the end; it is nil when reading is s.
func ReadThrough(s string) (reading string, index []int) { return foldForMatch(s) }

// ReadThroughFrom says what the folded reading changed in s[start:end] for a match there to read
// as it does: "confusables", "nfkc", or "" when only hidden characters were removed.
func ReadThroughFrom(s string, start, end int) string { return foldedFrom(s, start, end) }
