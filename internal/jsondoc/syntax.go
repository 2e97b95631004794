package jsondoc

import (
	"strings"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// explainSyntax says in a person's words what the text holds at a syntax error, for the mistakes
// people make when JSON is written by hand or copied from JavaScript or Python: keys and strings
// without double quotes, single quotes, True and None, a trailing comma, a comment, a leading
// zero, a line break inside a string. It returns the message and where to put it, or ok false
// to keep the decoder's own words.
func explainSyntax(text []byte, off int, decoderMsg string) (msg string, at int, ok bool) {
	if off < 0 || off >= len(text) {
		return "", 0, false
	}
	// The decoder may stop inside a word (in "type" it reads "t" as the start of true): the word
	// starts where the run of word characters around off begins.
	start := off
	for start > 0 && isWordChar(text[start-1]) {
		start--
	}
	end := off
	for end < len(text) && isWordChar(text[end]) {
		end++
	}
	word := string(text[start:end])
	c := text[off]
	switch {
	case strings.Contains(decoderMsg, "invalid surrogate pair"):
		if msg, ok := explainSurrogate(text[off:]); ok {
			return msg, off, true
		}
	case strings.Contains(decoderMsg, "in string (expecting non-control character)"):
		r, _ := utf8.DecodeRune(text[off:])
		if r == '\n' || r == '\r' {
			return i18n.T("a line break inside a string must be written \\n"), off, true
		}
		if r == '\t' {
			return i18n.T("a tab inside a string must be written \\t"), off, true
		}
		return i18n.Sprintf("a control character (U+%04X) inside a string must be written as an escape, such as \\u%04x", r, r), off, true
	case strings.Contains(decoderMsg, "after object name (expecting ':')"):
		return i18n.T("expected a colon (:) between the key and its value"), off, true
	case !strings.Contains(string(text[:off]), "\n") && looksLikeYAML(text[skipSpace(text):]):
		// The decoder stops on the first line, at a text that starts as YAML does.
		return i18n.T("the text looks like YAML (key: value), not JSON: write it as JSON, such as {\"type\": \"object\"}"), skipSpace(text), true
	case word != "" && isWordChar(text[start]) && !(text[start] >= '0' && text[start] <= '9') && text[start] != '-':
		switch word {
		case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil":
			return i18n.Sprintf("%s is not a JSON value: JSON writes true, false and null in lower case", untrusted.Quote(word)), start, true
		case "NaN", "Infinity", "undefined":
			return i18n.Sprintf("JSON has no %s: write null, or a number", word), start, true
		}
		for _, literal := range []string{"true", "false", "null"} {
			if strings.HasPrefix(literal, word) && strings.Contains(decoderMsg, "in literal") {
				return i18n.Sprintf("%s is cut short: write %s", untrusted.Quote(word), literal), start, true
			}
		}
		return i18n.Sprintf("keys and strings need double quotes: %s is written without them (write \"%s\")", untrusted.Quote(word), word), start, true
	case c == '\'':
		return i18n.T("strings and keys need double quotes (\"), not single quotes"), off, true
	case c == '/' && off+1 < len(text) && (text[off+1] == '/' || text[off+1] == '*'):
		return i18n.T("JSON has no comments: remove the // or /* */ text"), off, true
	case c == ',' && strings.Contains(decoderMsg, "at start of value"):
		next := off + 1
		for next < len(text) && isSpace(text[next]) {
			next++
		}
		if next < len(text) && (text[next] == ']' || text[next] == '}') {
			return i18n.Sprintf("a comma before %c is not allowed in JSON: remove the trailing comma", text[next]), off, true
		}
		return i18n.T("two commas in a row, or a comma where a value should be"), off, true
	case c >= '0' && c <= '9' && strings.Contains(decoderMsg, "after object value"),
		c >= '0' && c <= '9' && strings.Contains(decoderMsg, "after array element"):
		if off > 0 && text[off-1] == '0' {
			return i18n.T("numbers cannot start with a zero followed by more digits (write 1, not 01)"), off - 1, true
		}
	}
	return "", 0, false
}

// explainSurrogate names the lone half of a surrogate pair that escape (the text from its
// backslash on) writes. A \u escape of U+D800 to U+DFFF is half of a character beyond U+FFFF:
// a first half (D800 to DBFF) must be followed at once by a second (DC00 to DFFF), and a second
// half needs a first before it. The decoder's own words quote what follows the escape, closing
// quote and all, which reads as if the quote were at fault.
func explainSurrogate(escape []byte) (string, bool) {
	if len(escape) < 6 || escape[0] != '\\' || escape[1] != 'u' {
		return "", false
	}
	var r rune
	for _, c := range escape[2:6] {
		if !untrusted.IsHex(c) {
			return "", false
		}
		r = r<<4 | rune(untrusted.Unhex(c))
	}
	written := i18n.Data(string(escape[:6]))
	switch {
	case r >= 0xd800 && r <= 0xdbff:
		return i18n.Sprintf("%s is the first half of a surrogate pair, with no second half (\\udc00 to \\udfff) after it: write the character itself, or both halves of its pair", written), true
	case r >= 0xdc00 && r <= 0xdfff:
		return i18n.Sprintf("%s is the second half of a surrogate pair, with no first half (\\ud800 to \\udbff) before it: write the character itself, or both halves of its pair", written), true
	}
	return "", false
}

// looksLikeYAML reports a text that starts as YAML does: a document marker (---), or a bare
// key followed by a colon and a blank ("type: object").
func looksLikeYAML(text []byte) bool {
	if len(text) >= 3 && string(text[:3]) == "---" {
		return true
	}
	end := 0
	for end < len(text) && (isWordChar(text[end]) || text[end] == '-') {
		end++
	}
	return end > 0 && end+1 < len(text) && text[end] == ':' && (text[end+1] == ' ' || text[end+1] == '\n' || text[end+1] == '\r')
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// decoderWords rewords the JSON decoder's own message ("invalid character 'x' after object
// value (expecting ',' or '}')") as a message of gatehouse's, in the same English, so that it
// translates; a message it does not know is kept as the decoder wrote it.
func decoderWords(msg string) string {
	m := decoderMessage.FindStringSubmatch(msg)
	if m == nil {
		switch msg {
		case "missing value after object name":
			return i18n.T("missing value after object name")
		case "object member name must be a string":
			return i18n.T("object member name must be a string")
		}
		return msg
	}
	what, where := m[2], m[3]
	if lit := literalWhere.FindStringSubmatch(where); lit != nil {
		where = i18n.Sprintf("in literal %s (expecting %s)", lit[1], lit[2])
	} else if phrase, ok := decoderPlaces[where]; ok {
		where = phrase
	} else {
		return msg
	}
	var out string
	switch m[1] {
	case "character":
		out = i18n.Sprintf("invalid character %s %s", what, where)
	case "escape sequence":
		out = i18n.Sprintf("invalid escape sequence %s %s", what, where)
	case "surrogate pair":
		out = i18n.Sprintf("invalid surrogate pair %s %s", what, where)
	}
	if out != msg {
		return msg // worded otherwise than this function knows: keep the decoder's words
	}
	return out
}

var (
	decoderMessage = lazyregexp.New(`^invalid (character|escape sequence|surrogate pair) (.+) ((?:at|after|in|within) .+)$`)
	literalWhere   = lazyregexp.New(`^in literal (true|false|null) \(expecting ('.')\)$`)
)

// decoderPlaces are the places the decoder names in its messages.
var decoderPlaces = map[string]string{
	"at start of value":                           i18n.T("at start of value"),
	"after top-level value":                       i18n.T("after top-level value"),
	"after object name (expecting ':')":           i18n.T("after object name (expecting ':')"),
	"after object value (expecting ',' or '}')":   i18n.T("after object value (expecting ',' or '}')"),
	"after array element (expecting ',' or ']')":  i18n.T("after array element (expecting ',' or ']')"),
	"after array value (expecting ',' or ']')":    i18n.T("after array value (expecting ',' or ']')"),
	"in string (expecting non-control character)": i18n.T("in string (expecting non-control character)"),
	"at start of string (expecting '\"')":         i18n.T("at start of string (expecting '\"')"),
	"after string value":                          i18n.T("after string value"),
	"in number (expecting digit)":                 i18n.T("in number (expecting digit)"),
	"in string":                                   i18n.T("in string"),
}
