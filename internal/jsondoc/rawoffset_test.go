package jsondoc_test

// RawOffset, the mapping from a decoded string back to its literal, is the heart of placing an
// OpenAI call's argument errors and a finding inside a long description.

import (
	"encoding/json"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
)

func TestRawOffset(t *testing.T) {
	tests := []struct {
		literal string // the JSON string literal as it sits in the pasted text
		decoded int    // byte offset in the decoded string
		want    int    // byte offset in the literal; -1 for "no such offset"
	}{
		// No escapes: one byte shifted by the opening quote.
		{`"abc"`, 0, 1},
		{`"abc"`, 2, 3},
		// Just past the last character is the closing quote.
		{`"abc"`, 3, 4},
		// Beyond the end is no offset at all.
		{`"abc"`, 4, -1},
		{`"abc"`, -1, -1},
		// \n is two raw bytes for one decoded byte.
		{`"a\nb"`, 1, 2},
		{`"a\nb"`, 2, 4},
		// \" likewise; the arguments string's own quotes are all escaped.
		{`"{\"a\":1}"`, 1, 2},
		{`"{\"a\":1}"`, 2, 4},
		{`"{\"a\":1}"`, 4, 7},
		// \u00e9 is six raw bytes for two decoded bytes; both decoded bytes map to the escape.
		{`"\u00e9x"`, 0, 1},
		{`"\u00e9x"`, 1, 1},
		{`"\u00e9x"`, 2, 7},
		// \u20ac (€) decodes to three bytes.
		{`"\u20acx"`, 3, 7},
		// A surrogate pair: twelve raw bytes for one four-byte character.
		{`"\ud83d\ude00x"`, 0, 1},
		{`"\ud83d\ude00x"`, 3, 1},
		{`"\ud83d\ude00x"`, 4, 13},
		// Raw UTF-8 is copied byte for byte: é is two bytes both sides.
		{`"éx"`, 2, 3},
		// A lone surrogate decodes to U+FFFD, three bytes, from six raw bytes.
		{`"\ud800x"`, 3, 7},
		// A high surrogate followed by a non-surrogate escape: two separate characters.
		{`"\ud800\u0041x"`, 3, 7},
		{`"\ud800\u0041x"`, 4, 13},
		// Every short escape is two raw bytes.
		{`"\/\\\b\f\r\tx"`, 6, 13},
		// Not a string literal.
		{`abc`, 0, -1},
		// A truncated escape is no offset.
		{`"\u12`, 0, -1},
	}
	for _, tt := range tests {
		got, ok := jsondoc.RawOffset([]byte(tt.literal), tt.decoded)
		if !ok {
			got = -1
		}
		if got != tt.want {
			t.Errorf("jsondoc.RawOffset(%s, %d) = %d, want %d", tt.literal, tt.decoded, got, tt.want)
		}
	}
}

// TestRawStringOffsetAgrees checks the mapping against the decoder itself: for every character
// of a string full of escapes, the raw text from the mapped offset decodes to the same rest.
func TestRawOffsetAgrees(t *testing.T) {
	for _, literal := range []string{
		`"plain"`,
		`"{\"sql\":\"DROP TABLE users\"}"`,
		`"line\none\ttab \u00e9\u20ac \ud83d\ude00 \\ \/ end"`,
		`"mixé😀\u00e9"`,
	} {
		var decoded string
		if err := json.Unmarshal([]byte(literal), &decoded); err != nil {
			t.Fatal(err)
		}
		for off := 0; off <= len(decoded); off++ {
			if off < len(decoded) && !utf8Start(decoded[off]) {
				continue
			}
			raw, ok := jsondoc.RawOffset([]byte(literal), off)
			if !ok {
				t.Fatalf("%s: offset %d not mapped", literal, off)
			}
			var rest string
			if err := json.Unmarshal([]byte(`"`+literal[raw:]), &rest); err != nil {
				t.Fatalf("%s: offset %d maps to %d, which starts no character: %v", literal, off, raw, err)
			}
			if rest != decoded[off:] {
				t.Errorf("%s: offset %d maps to %d, which decodes to %q, want %q", literal, off, raw, rest, decoded[off:])
			}
		}
	}
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
