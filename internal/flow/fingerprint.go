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
			if w := s[begin:i]; informative(s, begin, i) && !fn(window{hash: fnv(w), start: begin, end: i}) {
				return
			}
		}
	}
	if n >= RunLength {
		begin := starts[(n-RunLength)%(RunLength+1)]
		if w := s[begin:]; informative(s, begin, len(s)) {
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

// informative reports whether the window text[start:end] carries information worth tracking.
// Runs that carry none are skipped, exactly:
//
//   - a URL's scheme with its "://" (letters, digits, "+", "-" and "." before "://", or a scheme
//     cut by the window's end) is removed from the window first, so that "https://" alone or
//     with one word after it does not count;
//   - then the window counts when it holds a digit, or one of "@", "/", "_" or "." between two
//     letters or digits (an address, a path, an identifier, a host name);
//   - else it counts only when it holds two words that are not stop words: a word is a run of
//     letters, taken whole where the window cuts it (so "s in the" of "issues in the" holds
//     "issues", "in" and "the"), and a stop word is a word of one letter or one of [stopWords]
//     in any case. So a run of whitespace or punctuation, one word with space or punctuation
//     around it, and common phrases ("in the", "of the project.") never count.
//
// Everything else counts: two words ("relocating to Lisbon", "Dana Whitfield"), and any digit, so
// that addresses, ids and numbers copied from a result are seen.
func informative(text string, start, end int) bool {
	w := text[start:end]
	// cut is the byte range of w a URL's scheme takes, read as a space.
	cutFrom, cutTo := -1, -1
	if i := strings.Index(w, "://"); i >= 0 {
		j := i
		for j > 0 && isSchemeByte(w[j-1]) {
			j--
		}
		cutFrom, cutTo = j, i+3
	} else if strings.HasSuffix(w, ":/") || strings.HasSuffix(w, ":") {
		// A scheme cut by the window's end: "see http:".
		k := strings.LastIndexByte(w, ':')
		j := k
		for j > 0 && isSchemeByte(w[j-1]) {
			j--
		}
		if j < k {
			cutFrom, cutTo = j, len(w)
		}
	}
	cut := func(i int) bool { return i >= cutFrom && i < cutTo }
	alnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) }
	// A marker between two letters or digits, or any digit, makes the window count.
	prev := rune(0)
	for i, r := range w {
		if cut(i) {
			prev = 0
			continue
		}
		if unicode.IsDigit(r) || unicode.IsNumber(r) {
			return true
		}
		if strings.ContainsRune("@/_.", r) && alnum(prev) {
			if next, _ := utf8.DecodeRuneInString(w[i+len(string(r)):]); alnum(next) && !cut(i+len(string(r))) {
				return true
			}
		}
		prev = r
	}
	// Else two words that are not stop words.
	content := 0
	wordStart := -1
	for i := 0; i <= len(w); {
		r, size := utf8.RuneError, 1
		if i < len(w) {
			r, size = utf8.DecodeRuneInString(w[i:])
		}
		letter := i < len(w) && !cut(i) && unicode.IsLetter(r)
		if letter && wordStart < 0 {
			wordStart = i
		}
		if !letter && wordStart >= 0 {
			if !stopWord(wholeWord(text, start+wordStart, start+i)) {
				content++
				if content > 1 {
					return true
				}
			}
			wordStart = -1
		}
		i += size
	}
	return false
}

// wholeWord widens the word text[from:to] to the letters around it: a window cuts words at its
// edges, and whether a word is a stop word is a question about all of it.
func wholeWord(text string, from, to int) string {
	for from > 0 {
		r, size := utf8.DecodeLastRuneInString(text[:from])
		if !unicode.IsLetter(r) {
			break
		}
		from -= size
	}
	for to < len(text) {
		r, size := utf8.DecodeRuneInString(text[to:])
		if !unicode.IsLetter(r) {
			break
		}
		to += size
	}
	return text[from:to]
}

// stopWords are the most common function words of each language the project speaks to, by
// language: articles, pronouns, prepositions, conjunctions and auxiliaries. A run made of them
// and one other word carries no information worth tracking ("in the", "of the project"). The
// lists stay small on purpose: a word left out only makes `carries` see more. Words are
// compared in lower case; an apostrophe splits words ("don't" is "don" and "t").
var stopWords = map[string]string{
	"en": "a an the and or but nor so if then than as of in on at to for from by with into onto " +
		"over under about up out off is are was were be been being am do does did done has have had " +
		"will would can could shall should may might must not no it its this that these those there " +
		"here i me my we us our you your he him his she her they them their what which who whom " +
		"when where how all any some each also just only very too don doesn didn isn aren wasn won " +
		"ll re ve",
	"fr": "le la les l un une des du de d et ou mais donc ni car à au aux en dans par pour sur sous " +
		"avec sans ce cet cette ces ça c qui que qu quoi dont où il elle ils elles on je j tu nous " +
		"vous me m te t se s lui leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos est " +
		"sont était être a ont avoir pas ne n plus y",
	"de": "der die das den dem des ein eine einen einem einer eines und oder aber in im an am auf aus " +
		"bei mit nach von vom zu zum zur für über unter um durch ist sind war waren sein hat haben " +
		"wird werden es er sie wir ihr ich du nicht kein keine auch als wie so dass wenn noch nur " +
		"sich mich dich uns euch ihn ihm ihnen mein dein unser",
	"es": "el la los las lo un una unos unas y o u e pero ni de del a al en con por para sin sobre " +
		"entre que se su sus es son era fue ser está están estar como más muy no sí le les me te nos " +
		"os mi mis tu tus yo él ella ellos ellas este esta estos estas ese esa eso hay ha han",
}

// stopSet is every language's stop words in one set.
var stopSet = func() map[string]bool {
	set := map[string]bool{}
	for _, words := range stopWords {
		for _, w := range strings.Fields(words) {
			set[w] = true
		}
	}
	return set
}()

// stopWord reports whether a word carries no information on its own: one letter, or a stop word.
func stopWord(word string) bool {
	return utf8.RuneCountInString(word) < 2 || stopSet[strings.ToLower(word)]
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
