package flow

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RunLength is the number of characters (Unicode code points) an argument must share with a
// result, in one run, for `carries` to see it.
const RunLength = 8

// A window is RunLength consecutive characters of a text: start and end are byte offsets.
type window struct {
	hash       uint64
	start, end int
}

// windows calls fn for every informative window of s, in order. Its hash is FNV-1a over the
// window's UTF-8 bytes: fixed, so that a fingerprint means the same in every process.
func windows(s string, fn func(w window) bool) {
	if len(s) < RunLength {
		return
	}
	// starts holds the byte offsets of the last RunLength+1 rune starts.
	var starts [RunLength + 1]int
	n := 0
	for i := range s {
		starts[n%(RunLength+1)] = i
		n++
		if n > RunLength {
			begin := starts[(n-RunLength-1)%(RunLength+1)]
			if w := s[begin:i]; informative(w) && !fn(window{hash: fnv(w), start: begin, end: i}) {
				return
			}
		}
	}
	if n >= RunLength {
		begin := starts[(n-RunLength)%(RunLength+1)]
		if w := s[begin:]; informative(w) {
			fn(window{hash: fnv(w), start: begin, end: len(s)})
		}
	}
}

func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// informative reports whether a window carries information worth tracking. Three kinds of run
// carry none and are skipped, exactly:
//
//   - a URL's scheme with its "://" (letters, digits, "+", "-" and "." before "://"), which is
//     removed from the window before the two tests below, so that "https://" alone or with one
//     word after it does not count;
//   - a run of whitespace and punctuation only (no letter or digit);
//   - one word made of letters only, with at most whitespace or punctuation around it
//     ("password", "repository.").
//
// Everything else counts: two words ("Thank you", "acme/secret"), and any digit, so that
// addresses, ids and numbers copied from a result are seen.
func informative(w string) bool {
	if i := strings.Index(w, "://"); i >= 0 {
		j := i
		for j > 0 && isSchemeByte(w[j-1]) {
			j--
		}
		w = w[:j] + " " + w[i+3:]
	} else if strings.HasSuffix(w, ":/") || strings.HasSuffix(w, ":") {
		// A scheme cut by the window's end: "see http:".
		k := strings.LastIndexByte(w, ':')
		j := k
		for j > 0 && isSchemeByte(w[j-1]) {
			j--
		}
		if j < k {
			w = w[:j]
		}
	}
	words, digits := 0, false
	inWord := false
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			if !inWord {
				words++
			}
			inWord = true
		case unicode.IsDigit(r) || unicode.IsNumber(r):
			if !inWord {
				words++
			}
			inWord, digits = true, true
		default:
			inWord = false
		}
	}
	return words > 1 || words == 1 && digits
}

func isSchemeByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '+' || b == '-' || b == '.'
}

// A Piece is one string of a result or an argument, as it is compared: a string value with its
// JSON escapes undone, or a number's literal. Pointer is where it sits in its JSON value.
type Piece struct {
	Pointer string
	Text    string
	// DecodedFrom is "percent-encoding" or "base64" for an argument read through that
	// encoding, "" for the value as written.
	DecodedFrom string
}

// Pieces lists the strings and number literals in a JSON value, values only (never object
// keys), with pointers. A string that is itself a JSON document (a tool message whose content is
// JSON text) is read once more, for its own strings.
func Pieces(v any) []Piece {
	var ps []Piece
	collect(v, "", &ps, 0)
	return ps
}

func collect(v any, at string, ps *[]Piece, depth int) {
	switch x := v.(type) {
	case string:
		*ps = append(*ps, Piece{Pointer: at, Text: x})
		if depth < 2 && len(x) > 1 && (x[0] == '{' || x[0] == '[') {
			var inner any
			dec := json.NewDecoder(strings.NewReader(x))
			dec.UseNumber()
			if dec.Decode(&inner) == nil {
				collect(inner, at, ps, depth+1)
			}
		}
	case json.Number:
		*ps = append(*ps, Piece{Pointer: at, Text: string(x)})
	case []any:
		for i, item := range x {
			collect(item, at+"/"+itoa(i), ps, depth)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			collect(x[k], at+"/"+escapeToken(k), ps, depth)
		}
	}
}

// ArgumentPieces lists what `carries` compares of a call's arguments: each string value (and
// number literal) on its own, and also its percent-decoded form where it holds an escape, and
// the base64-decoded form of it, or of any word in it, where that gives text.
func ArgumentPieces(arguments any) []Piece {
	base := Pieces(arguments)
	out := make([]Piece, 0, len(base))
	for _, p := range base {
		out = append(out, p)
		if strings.Contains(p.Text, "%") {
			if d, err := url.QueryUnescape(p.Text); err == nil && d != p.Text {
				out = append(out, Piece{Pointer: p.Pointer, Text: d, DecodedFrom: "percent-encoding"})
			} else if d, err := url.PathUnescape(p.Text); err == nil && d != p.Text {
				out = append(out, Piece{Pointer: p.Pointer, Text: d, DecodedFrom: "percent-encoding"})
			}
		}
		for _, word := range base64Words(p.Text) {
			if d, ok := decodeBase64Text(word); ok {
				out = append(out, Piece{Pointer: p.Pointer, Text: d, DecodedFrom: "base64"})
			}
		}
	}
	return out
}

// base64Words are the runs of base64 characters of at least 12 (what encodes 8 characters or
// more) in s, split at everything else.
func base64Words(s string) []string {
	var words []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && isBase64Byte(s[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= 12 {
			words = append(words, s[start:i])
		}
		start = -1
	}
	return words
}

func isBase64Byte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '+' || b == '/' || b == '-' || b == '_' || b == '='
}

// decodeBase64Text decodes standard or URL-safe base64, padded or not, and keeps the result only
// when it is text: valid UTF-8 with no control characters but whitespace.
func decodeBase64Text(s string) (string, bool) {
	trimmed := strings.TrimRight(s, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(trimmed)
		if err != nil || len(b) < RunLength || !utf8.Valid(b) {
			continue
		}
		text := string(b)
		if strings.IndexFunc(text, func(r rune) bool { return unicode.IsControl(r) && !unicode.IsSpace(r) }) >= 0 {
			continue
		}
		return text, true
	}
	return "", false
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func escapeToken(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
