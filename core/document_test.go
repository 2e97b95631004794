package core_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

func TestParseDocumentProblems(t *testing.T) {
	tests := []struct {
		name       string
		text       string
		kind       core.Kind
		line, col  int
		msgContain string
	}{
		// The seed's smuggling case: two parsers disagree on which "decision" counts.
		{"duplicate key", "{\n  \"decision\": \"deny\",\n  \"decision\": \"allow\"\n}", core.KindParse, 3, 3, "first at line 2, column 3"},
		// Nested duplicate keys are found at any depth.
		{"nested duplicate", `{"a":{"b":1,"b":2}}`, core.KindParse, 1, 13, `duplicate key "b"`},
		{"trailing comma", "{\"a\":1,}", core.KindParse, 1, 7, "invalid character ','"},
		{"trailing text", "{} {}", core.KindParse, 1, 4, "after the JSON value"},
		{"truncated", "{\"a\":", core.KindParse, 1, 6, "ends before"},
		{"empty", "  \n ", core.KindParse, 2, 2, "empty"},
		// Columns count code points, not bytes: "é" and "😀" are one column each.
		{"column in code points", "{\"é😀\": tru}", core.KindParse, 1, 11, "invalid"},
		{"single quotes", "{'a':1}", core.KindParse, 1, 2, "invalid character"},
		{"nan", "[NaN]", core.KindParse, 1, 2, "invalid character"},
		{"invalid utf8", "[\"\xff\"]", core.KindParse, 1, 3, "UTF-8"},
		{"too deep", strings.Repeat("[", 300) + strings.Repeat("]", 300), core.KindLimit, 1, 257, "deeper than the limit of 256"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := core.ParseDocument(core.SourceInstance, []byte(tt.text))
			if doc != nil || len(probs) != 1 {
				t.Fatalf("got doc=%v problems=%v, want one problem", doc, probs)
			}
			p := probs[0]
			if p.Kind != tt.kind || p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.msgContain) {
				t.Errorf("got %s %d:%d %q, want %s %d:%d containing %q", p.Kind, p.Line, p.Column, p.Message, tt.kind, tt.line, tt.col, tt.msgContain)
			}
			if p.Source != core.SourceInstance {
				t.Errorf("source %q", p.Source)
			}
		})
	}
}

func TestParseDocumentSizeLimit(t *testing.T) {
	_, probs := core.ParseDocumentLimits(core.SourceLeft, []byte(`"0123456789"`), core.Limits{MaxBytes: 5})
	if len(probs) != 1 || probs[0].Kind != core.KindLimit || !strings.Contains(probs[0].Message, "limit is 5 bytes") {
		t.Fatalf("got %v", probs)
	}
}

func TestParseDocumentExactNumbers(t *testing.T) {
	doc, probs := core.ParseDocument(core.SourceInstance, []byte(`{"big":12345678901234567890,"neg":-0.1e-400,"arr":[1.0]}`))
	if probs != nil {
		t.Fatal(probs)
	}
	m := doc.Value.(map[string]any)
	if m["big"] != json.Number("12345678901234567890") || m["neg"] != json.Number("-0.1e-400") {
		t.Errorf("numbers not kept exactly: %#v", m)
	}
	if a := m["arr"].([]any); a[0] != json.Number("1.0") {
		t.Errorf("1.0 became %#v", a[0])
	}
}

func TestParseDocumentByteOrderMark(t *testing.T) {
	doc, probs := core.ParseDocument(core.SourceInstance, []byte("\xef\xbb\xbf{\"a\":1}"))
	if probs != nil {
		t.Fatal(probs)
	}
	if off, ok := doc.Locate("/a"); !ok || off != 8 {
		t.Errorf("Locate(/a) = %d %v, want 8", off, ok)
	}
}

func TestLocate(t *testing.T) {
	text := "{\n \"a/b\": {\"m~n\": [10, {\"x\": \"é\"}, 30]},\n \"\\u00e9\": true,\n \"\": null,\n \"k\": [[], {}]\n}"
	doc, probs := core.ParseDocument(core.SourceInstance, []byte(text))
	if probs != nil {
		t.Fatal(probs)
	}
	tests := []struct {
		pointer   string
		name      bool
		line, col int
		ok        bool
	}{
		{"", false, 1, 1, true},
		{"/a~1b", false, 2, 9, true},       // "/" in a key is escaped as ~1
		{"/a~1b", true, 2, 2, true},        // the member name itself
		{"/a~1b/m~0n", false, 2, 17, true}, // "~" in a key is escaped as ~0
		{"/a~1b/m~0n/1/x", false, 2, 28, true},
		{"/a~1b/m~0n/2", false, 2, 34, true},
		{"/é", false, 3, 12, true}, // an escaped key is found by its decoded name
		{"/", false, 4, 6, true},   // the empty key
		{"/k/0", false, 5, 8, true},
		{"/k/1", false, 5, 12, true},
		{"/k/2", false, 0, 0, false},  // past the end of the array
		{"/k/01", false, 0, 0, false}, // leading zero is not an index
		{"/a~1b/m~0n/-", false, 0, 0, false},
		{"/missing", false, 0, 0, false},
		{"/k/0/x", false, 0, 0, false}, // into an empty array
		{"nope", false, 0, 0, false},   // not a pointer
	}
	for _, tt := range tests {
		locate := doc.Locate
		if tt.name {
			locate = doc.LocateName
		}
		off, ok := locate(tt.pointer)
		if ok != tt.ok {
			t.Errorf("%q name=%v: ok=%v, want %v", tt.pointer, tt.name, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if l, c := doc.Position(off); l != tt.line || c != tt.col {
			t.Errorf("%q name=%v: at %d:%d, want %d:%d", tt.pointer, tt.name, l, c, tt.line, tt.col)
		}
	}
}

func TestJoinPointer(t *testing.T) {
	if got := core.JoinPointer("/a", "b/c", "d~e", ""); got != "/a/b~1c/d~0e/" {
		t.Errorf("got %q", got)
	}
}
