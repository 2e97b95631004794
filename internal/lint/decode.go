package lint

import (
	"encoding/base64"
	"encoding/hex"
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// A decodedText is text decoded from part of a string: what the model may read there once it
// decodes it, though a reviewer sees only the encoding. from names the encoding; start and end
// are the encoded span in the string.
type decodedText struct {
	text, from string
	start, end int
}

// Bounds on decoding, so that a hostile string costs no more than its size: a decoded text is
// never longer than the span it came from (base64 gives at most 3 bytes for 4, hex 1 for 2,
// percent-encoding 1 for 3, an entity or a tag character never more than itself), a string gives
// at most maxDecoded texts, and decoded text is decoded again at most maxDecodeDepth times.
const (
	maxDecoded      = 16
	maxDecodeDepth  = 2
	minEncodedRun   = 16 // shorter base64 or hex runs are identifiers, hashes' prefixes, not payloads
	minPercentCodes = 3
)

// decodeAll decodes what can be decoded in s: base64 and hex runs, percent-encoding, HTML
// entities, Unicode tag characters and variation-selector runs, and what those decode to in
// turn. Only text that decodes to readable UTF-8 is kept.
// ascii tells that s is all ASCII, when the caller has asked (false: not known).
func decodeAll(s string, ascii bool) []decodedText {
	var out []decodedText
	decodeInto(&out, s, ascii, 0, 0, len(s), "")
	return out
}

func decodeInto(out *[]decodedText, s string, ascii bool, depth, outerStart, outerEnd int, outerFrom string) {
	if depth >= maxDecodeDepth || len(*out) >= maxDecoded || s == "" {
		return
	}
	add := func(text, from string, start, end int) {
		if len(*out) >= maxDecoded || text == "" || text == s {
			return
		}
		d := decodedText{text: text, from: from, start: start, end: end}
		if depth > 0 {
			d.start, d.end, d.from = outerStart, outerEnd, outerFrom+" then "+from
		}
		*out = append(*out, d)
		decodeInto(out, text, false, depth+1, d.start, d.end, d.from)
	}
	if !ascii && !untrusted.IsASCII(s) {
		decodeTags(s, add)
		decodeSelectors(s, add)
	}
	decodeRuns(s, add)
	if strings.Count(s, "%") >= minPercentCodes {
		decodePercent(s, add)
	}
	if strings.Contains(s, "&") && strings.Contains(s, ";") {
		if i := strings.IndexByte(s, '&'); i >= 0 {
			j := strings.LastIndexByte(s, ';') + 1
			if j > i {
				if u := html.UnescapeString(s[i:j]); u != s[i:j] && len(u) <= j-i && readableText(u) {
					add(u, "html-entities", i, j)
				}
			}
		}
	}
}

// decodeTags reads the runs of Unicode tag characters (U+E0020–U+E007E spell ASCII).
func decodeTags(s string, add func(text, from string, start, end int)) {
	var b strings.Builder
	start := -1
	flush := func(end int) {
		if b.Len() > 0 {
			add(b.String(), "unicode-tags", start, end)
		}
		b.Reset()
		start = -1
	}
	for i, r := range s {
		if r >= 0xe0020 && r <= 0xe007e {
			if start < 0 {
				start = i
			}
			b.WriteRune(r - 0xe0000)
			continue
		}
		if untrusted.IsTag(r) {
			continue // language tags and CANCEL TAG spell nothing
		}
		if start >= 0 && !unicode.IsSpace(r) {
			flush(i)
		}
	}
	flush(len(s))
}

// decodeSelectors reads runs of variation selectors as bytes (U+FE00–U+FE0F are 0–15,
// U+E0100–U+E01EF are 16–255), the way text is smuggled behind an emoji.
func decodeSelectors(s string, add func(text, from string, start, end int)) {
	var buf []byte
	start := -1
	flush := func(end int) {
		if len(buf) >= 4 && utf8.Valid(buf) && readableText(string(buf)) {
			add(string(buf), "variation-selectors", start, end)
		}
		buf, start = buf[:0], -1
	}
	for i, r := range s {
		switch {
		case r >= 0xfe00 && r <= 0xfe0f:
			buf = append(buf, byte(r-0xfe00))
		case r >= 0xe0100 && r <= 0xe01ef:
			buf = append(buf, byte(r-0xe0100+16))
		default:
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(s))
}

func isBase64Byte(c byte) bool { return base64Bytes[c] }

// base64Bytes are the bytes of either base64 alphabet, as a table: asked of every byte of every
// string, where the comparisons were a twentieth of a catalog's lint.
var base64Bytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
	}
	return t
}()

// decodeRuns decodes long runs of base64 or hex digits, and runs of \xNN escapes.
func decodeRuns(s string, add func(text, from string, start, end int)) {
	for i := 0; i < len(s); {
		if !isBase64Byte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isBase64Byte(s[j]) {
			j++
		}
		end := j
		for end < len(s) && end-j < 2 && s[end] == '=' {
			end++
		}
		if run := s[i:end]; j-i >= minEncodedRun {
			if isHexRun(run) {
				if b, err := hex.DecodeString(run[:len(run)&^1]); err == nil && utf8.Valid(b) && readableText(string(b)) {
					add(string(b), "hex", i, end)
				}
			} else if text, ok := decodeBase64(run); ok {
				add(text, "base64", i, end)
			}
		}
		i = max(end, i+1)
	}
	if strings.Contains(s, `\x`) {
		decodeHexEscapes(s, add)
	}
}

func isHexRun(s string) bool {
	for i := 0; i < len(s); i++ {
		if !untrusted.IsHex(s[i]) {
			return false
		}
	}
	return true
}

// decodeBase64 tries the standard and URL alphabets, padded or not, and keeps readable text.
func decodeBase64(run string) (string, bool) {
	trimmed := strings.TrimRight(run, "=")
	// Most runs are identifiers that decode to nothing readable: they are decoded into a buffer
	// on the stack, and only readable text is kept.
	var buf [256]byte
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		dst := buf[:]
		if n := enc.DecodedLen(len(trimmed)); n > len(buf) {
			dst = make([]byte, n)
		}
		n, err := enc.Decode(dst, []byte(trimmed))
		if err != nil {
			continue
		}
		if b := dst[:n]; utf8.Valid(b) && readableText(string(b)) {
			return string(b), true
		}
	}
	return "", false
}

// decodeHexEscapes decodes runs of at least four \xNN escapes.
func decodeHexEscapes(s string, add func(text, from string, start, end int)) {
	for i := 0; i+3 < len(s); {
		if s[i] != '\\' || s[i+1] != 'x' {
			i++
			continue
		}
		j := i
		var b []byte
		for j+3 < len(s)+0 && j+4 <= len(s) && s[j] == '\\' && s[j+1] == 'x' && untrusted.IsHex(s[j+2]) && untrusted.IsHex(s[j+3]) {
			b = append(b, untrusted.Unhex(s[j+2])<<4|untrusted.Unhex(s[j+3]))
			j += 4
		}
		if len(b) >= 4 && utf8.Valid(b) && readableText(string(b)) {
			add(string(b), "hex", i, j)
		}
		i = max(j, i+1)
	}
}

// decodePercent decodes the %XX escapes of the stretch of s that holds them.
func decodePercent(s string, add func(text, from string, start, end int)) {
	first, last, codes := -1, -1, 0
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && untrusted.IsHex(s[i+1]) && untrusted.IsHex(s[i+2]) {
			if first < 0 {
				first = i
			}
			last = i + 3
			codes++
		}
	}
	if codes < minPercentCodes {
		return
	}
	span := s[first:last]
	if text := untrusted.PercentDecode(span, true); utf8.ValidString(text) && readableText(text) {
		add(text, "percent-encoding", first, last)
	}
}

// readableText reports decoded bytes that read as text: valid UTF-8, at least four letters,
// and no more than a tenth of other characters that are not printable.
func readableText(s string) bool {
	letters, bad, total := 0, 0, 0
	for _, r := range s {
		total++
		switch {
		case r == utf8.RuneError:
			return false
		case unicode.IsLetter(r):
			letters++
		case r == '\n' || r == '\t' || r == '\r':
		case !unicode.IsPrint(r) && !unicode.IsSpace(r):
			bad++
		}
	}
	return letters >= 4 && bad*10 <= total && letters*2 >= total/2
}
