package jsondoc_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

func TestParseDocumentProblems(t *testing.T) {
	tests := []struct {
		name       string
		text       string
		kind       problem.Kind
		line, col  int
		msgContain string
	}{
		// The seed's smuggling case: two parsers disagree on which "decision" counts.
		{"duplicate key", "{\n  \"decision\": \"deny\",\n  \"decision\": \"allow\"\n}", problem.KindParse, 3, 3, "first at line 2, column 3"},
		// Nested duplicate keys are found at any depth.
		{"nested duplicate", `{"a":{"b":1,"b":2}}`, problem.KindParse, 1, 13, `duplicate key "b"`},
		{"trailing comma", "{\"a\":1,}", problem.KindParse, 1, 7, "remove the trailing comma"},
		{"trailing text", "{} {}", problem.KindParse, 1, 4, "after the JSON value"},
		{"truncated", "{\"a\":", problem.KindParse, 1, 6, "ends before"},
		{"empty", "  \n ", problem.KindParse, 2, 2, "empty"},
		// Columns count code points, not bytes: "é" and "😀" are one column each.
		{"column in code points", "{\"é😀\": tru}", problem.KindParse, 1, 8, "cut short"},
		{"single quotes", "{'a':1}", problem.KindParse, 1, 2, "not single quotes"},
		{"nan", "[NaN]", problem.KindParse, 1, 2, "JSON has no NaN"},
		{"invalid utf8", "[\"\xff\"]", problem.KindParse, 1, 3, "UTF-8"},
		{"too deep", strings.Repeat("[", 300) + strings.Repeat("]", 300), problem.KindLimit, 1, 257, "deeper than the limit of 256"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, probs := jsondoc.Parse(problem.SourceInstance, []byte(tt.text))
			if doc != nil || len(probs) != 1 {
				t.Fatalf("got doc=%v problems=%v, want one problem", doc, probs)
			}
			p := probs[0]
			if p.Kind != tt.kind || p.Line != tt.line || p.Column != tt.col || !strings.Contains(p.Message, tt.msgContain) {
				t.Errorf("got %s %d:%d %q, want %s %d:%d containing %q", p.Kind, p.Line, p.Column, p.Message, tt.kind, tt.line, tt.col, tt.msgContain)
			}
			if p.Source != problem.SourceInstance {
				t.Errorf("source %q", p.Source)
			}
		})
	}
}

func TestParseDocumentSizeLimit(t *testing.T) {
	_, probs := jsondoc.ParseLimits(problem.SourceLeft, []byte(`"0123456789"`), jsondoc.Limits{MaxBytes: 5})
	if len(probs) != 1 || probs[0].Kind != problem.KindLimit || !strings.Contains(probs[0].Message, "limit is 5 bytes") {
		t.Fatalf("got %v", probs)
	}
}

func TestParseDocumentExactNumbers(t *testing.T) {
	doc, probs := jsondoc.Parse(problem.SourceInstance, []byte(`{"big":12345678901234567890,"neg":-0.1e-400,"arr":[1.0]}`))
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
	doc, probs := jsondoc.Parse(problem.SourceInstance, []byte("\xef\xbb\xbf{\"a\":1}"))
	if probs != nil {
		t.Fatal(probs)
	}
	if off, ok := doc.Locate("/a"); !ok || off != 8 {
		t.Errorf("Locate(/a) = %d %v, want 8", off, ok)
	}
}

func TestLocate(t *testing.T) {
	text := "{\n \"a/b\": {\"m~n\": [10, {\"x\": \"é\"}, 30]},\n \"\\u00e9\": true,\n \"\": null,\n \"k\": [[], {}]\n}"
	doc, probs := jsondoc.Parse(problem.SourceInstance, []byte(text))
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
	if got := jsondoc.JoinPointer("/a", "b/c", "d~e", ""); got != "/a/b~1c/d~0e/" {
		t.Errorf("got %q", got)
	}
}

// FuzzParseDocument: the strict parse never panics, places every problem inside the text, and
// agrees with encoding/json on every text it accepts (values equal, numbers exact).
func FuzzParseDocument(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2.5e10,-0,"\u00e9\ud83d\ude00"]}`, `{"a":1,"a":2}`, `12345678901234567890`,
		"\xef\xbb\xbf{\"x\":null}", `[[[[[[]]]]]]`, `{"a":"\x00"}`, `"\ud800"`, ` true `, `{"":{"":{}}}`, "{\n\"k\":\ttrue,\r\n}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		doc, probs := jsondoc.Parse(problem.SourceInstance, text)
		if doc == nil {
			if len(probs) != 1 {
				t.Fatalf("a rejected text has exactly one problem, got %v", probs)
			}
			p := probs[0]
			if p.Line < 1 || p.Column < 1 || p.Offset > len(text) {
				t.Fatalf("problem outside the text: %+v", p)
			}
			return
		}
		if !utf8.Valid(text) {
			t.Fatal("accepted invalid UTF-8")
		}
		dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("strict parse accepted what encoding/json rejects: %v", err)
		}
		if !reflect.DeepEqual(doc.Value, want) {
			t.Fatalf("values differ:\n strict %#v\n stdlib %#v", doc.Value, want)
		}
		// Every value the parse made can be located back in the text.
		if _, ok := doc.Locate(""); !ok {
			t.Fatal("root not located")
		}
		if m, ok := doc.Value.(map[string]any); ok {
			for k := range m {
				off, ok := doc.LocateName(jsondoc.JoinPointer("", k))
				if !ok || off >= len(text) || text[off] != '"' {
					t.Fatalf("member %q not located at a name (off %d)", k, off)
				}
			}
		}
		// Two ways of finding a value agree: the byte scan and the token scan.
		for _, ptr := range pointersOf(doc.Value, "", 200) {
			a, okA := doc.Locate(ptr)
			b, okB := doc.LocateByTokens(ptr)
			if a != b || okA != okB || !okA {
				t.Fatalf("Locate(%q): scan %d %v, tokens %d %v", ptr, a, okA, b, okB)
			}
		}
		// Formatting keeps the value.
		fmtd := core.Format(core.FormatRequest{Text: string(text), Indent: "\t"})
		again, probs := jsondoc.Parse(problem.SourceInstance, []byte(fmtd.Text))
		if probs != nil || !reflect.DeepEqual(again.Value, doc.Value) {
			t.Fatalf("format changed the value: %q → %q %v", text, fmtd.Text, probs)
		}
	})
}

// pointersOf lists the pointers of a value and its descendants, at most max of them.
func pointersOf(v any, at string, max int) []string {
	out := []string{at}
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if len(out) >= max {
				break
			}
			out = append(out, pointersOf(c, jsondoc.JoinPointer(at, k), max-len(out))...)
		}
	case []any:
		for i, c := range x {
			if len(out) >= max {
				break
			}
			out = append(out, pointersOf(c, jsondoc.JoinPointer(at, strconv.Itoa(i)), max-len(out))...)
		}
	}
	return out
}

// Locate and LocateName agree with the token scan, both while they read the containers on the path
// and once they walk the containers they have indexed.
func TestLocateAgreesWithTokens(t *testing.T) {
	// Numbers and literals last in their containers, white space around every separator, and
	// names with escapes (a surrogate pair among them): where a scan of bytes could stop short.
	text := "{\"a\": [1, {\"b\": \"x\", \"c~/\": null, \"b\\u0062\": [[]]}],\n \"d\": {\"e\": true}, \"\": {\"\": 2}, \"01\": 3,\n" +
		" \"f\" : [ 1 , 2.5e3 ,\n -0 ] , \"g\":{\"h\" :7}, \"\\ud83d\\ude00\\\"\": [\"]\", \"\\\"\", false] }"
	doc, probs := jsondoc.Parse(problem.SourceInstance, []byte(text))
	if probs != nil {
		t.Fatal(probs)
	}
	pointers := []string{"", "/a", "/a/0", "/a/1", "/a/1/b", "/a/1/c~0~1", "/a/1/bb", "/a/1/bb/0", "/d", "/d/e", "/", "//", "/01",
		"/a/01", "/a/+1", "/a/9", "/nope", "/d/e/f", "/a/1/b/0", "x", "/f", "/f/0", "/f/1", "/f/2", "/f/3", "/g/h", "/g/h/0",
		"/😀\"", "/😀\"/0", "/😀\"/1", "/😀\"/2", "/😀\"/3"}
	for round := 0; round < 2; round++ {
		for _, p := range pointers {
			got, gotOK := doc.Locate(p)
			want, wantOK := doc.LocateByTokens(p)
			if got != want || gotOK != wantOK {
				t.Errorf("round %d: Locate(%q) = %d, %v; the token scan says %d, %v", round, p, got, gotOK, want, wantOK)
			}
			gotName, gotNameOK := doc.LocateName(p)
			wantName, wantNameOK := doc.LocateNameByTokens(p)
			if gotName != wantName || gotNameOK != wantNameOK {
				t.Errorf("round %d: LocateName(%q) = %d, %v; the token scan says %d, %v", round, p, gotName, gotNameOK, wantName, wantNameOK)
			}
		}
	}
	// A document's first lookups read the containers on the path rather than indexing them:
	// each pointer as the first lookup of a fresh document.
	for _, p := range pointers {
		fresh, _ := jsondoc.Parse(problem.SourceInstance, []byte(text))
		got, gotOK := fresh.Locate(p)
		want, wantOK := fresh.LocateByTokens(p)
		if got != want || gotOK != wantOK {
			t.Errorf("first lookup: Locate(%q) = %d, %v; the token scan says %d, %v", p, got, gotOK, want, wantOK)
		}
	}
}

// The mistakes people make writing JSON by hand get words that say what to write instead, at the
// place to fix.
func TestParseExplainsHandWrittenMistakes(t *testing.T) {
	tests := []struct {
		text     string
		line     int
		column   int
		contains string
	}{
		{`{type: string}`, 1, 2, `keys and strings need double quotes: "type"`},
		{`{"type": string}`, 1, 10, `keys and strings need double quotes: "string"`},
		{`{'a': 1}`, 1, 2, "not single quotes"},
		{`{"a": tru}`, 1, 7, "write true"},
		{`{"a": None}`, 1, 7, "lower case"},
		{`{"a": NaN}`, 1, 7, "JSON has no NaN"},
		{"[1,\n 2,\n]", 2, 3, "trailing comma"},
		{`{"a" 1}`, 1, 6, "colon"},
		{`{"a": 01}`, 1, 7, "cannot start with a zero"},
		{"// note\n{}", 1, 1, "no comments"},
		{"{\"a\": \"x\ny\"}", 1, 9, `written \n`},
		// A surrogate escape is half of a character: each half is named, at its own escape,
		// whatever follows it (the closing quote, a letter, another escape), and never read as
		// a word written without quotes.
		{`"\ud800"`, 1, 2, `\ud800 is the first half of a surrogate pair, with no second half (\udc00 to \udfff) after it`},
		{`"\ud800x"`, 1, 2, `\ud800 is the first half of a surrogate pair`},
		{`"\uD83D\u0041"`, 1, 2, `\uD83D is the first half of a surrogate pair`},
		{`"a\udc00b"`, 1, 3, `\udc00 is the second half of a surrogate pair, with no first half (\ud800 to \udbff) before it`},
		{`{"k": "\ud83d\ude00\udfff"}`, 1, 20, `\udfff is the second half of a surrogate pair`},
		// A file saved as UTF-16 (by its byte order mark, either way round, or by the zero byte
		// beside each ASCII character) is named as such, at its start.
		{"\xff\xfe{\x00}\x00", 1, 1, "the text is UTF-16"},
		// A tab inside a string, and a text written as YAML.
		{"{\"a\": \"x\ty\"}", 1, 9, `a tab inside a string must be written \t`},
		{"type: object\nproperties:\n  a: {type: string}\n", 1, 1, "looks like YAML"},
		{"---\ntype: object\n", 1, 1, "looks like YAML"},
		{"  name: x", 1, 3, "looks like YAML"},
		{"\xfe\xff\x00{\x00}", 1, 1, "the text is UTF-16"},
		{"{\x00\"\x00a\x00\"\x00:\x001\x00}\x00", 1, 1, "save it as UTF-8"},
	}
	for _, tt := range tests {
		_, probs := jsondoc.Parse(problem.SourceInstance, []byte(tt.text))
		if len(probs) != 1 || probs[0].Line != tt.line || probs[0].Column != tt.column || !strings.Contains(probs[0].Message, tt.contains) {
			t.Errorf("%q: got %v, want %d:%d containing %q", tt.text, probs, tt.line, tt.column, tt.contains)
		}
	}
}

// FuzzFastParse holds the fast path to the reference decoder: on any text, the parse gives the
// same value, or the same problem, as the reference alone.
func FuzzFastParse(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2.5e10,-0,"\u00e9\ud83d\ude00"]}`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
		`12345678901234567890`, "\xef\xbb\xbf{\"x\":null}", `[[[[[[]]]]]]`, `{"a":"\x00"}`, `"\ud800"`, ` true `,
		`{"":{"":{}}}`, "{\n\"k\":\ttrue,\r\n}", `"\/\b\f\n\r\t\"\\"`, `-01`, `1.`, `.5`, `1e`, `1e+`, `01`, `-`, `nul`, `[1 2]`,
		"\"\xff\"", `{"a" 1}`, `"\u00"`, `"\x"`, `[1,]`, `1 2`, `tru`, `{"a":1}x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, gotProbs := jsondoc.ParseString(problem.SourceInstance, text)
		want, wantProbs := jsondoc.ParseReference(problem.SourceInstance, text)
		if !reflect.DeepEqual(gotProbs, wantProbs) {
			t.Fatalf("problems differ:\n fast path %v\n reference %v", gotProbs, wantProbs)
		}
		if (got == nil) != (want == nil) || got != nil && !reflect.DeepEqual(got.Value, want.Value) {
			t.Fatalf("values differ:\n fast path %#v\n reference %#v", got, want)
		}
	})
}

// The arrays and objects the parse indexes (64 children or more, or 64 KB) are found where the
// token scan finds them: nested in each other, with white space between children and names
// with escapes, behind a byte order mark, as a fresh document's first lookup and later.
func TestLocateInIndexedContainers(t *testing.T) {
	var b strings.Builder
	b.WriteString("\xef\xbb\xbf {\"tools\": [")
	for i := range 100 {
		if i > 0 {
			b.WriteString(" ,\n ")
		}
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, `{"name": "t%d", "x": [%s 1]}`, i, strings.Repeat("0, ", i))
		case 1:
			fmt.Fprintf(&b, `"s\"%d"`, i)
		default:
			fmt.Fprintf(&b, "%d.5", i)
		}
	}
	b.WriteString("\t], \"small\": [1, 2], \"big\": {")
	for i := range 70 {
		fmt.Fprintf(&b, "%q : %d,\n", fmt.Sprintf("k\\u00e9%d", i), i) // names with escapes
	}
	b.WriteString("\"last\": {\"x\": 1}}, \"wrap\": {\"blob\": \"" + strings.Repeat("x", 70<<10) + "\", \"n\": [1]}}") // indexed for its bytes
	text := []byte(b.String())
	pointers := []string{"", "/tools", "/tools/0", "/tools/1", "/tools/2", "/tools/63", "/tools/64", "/tools/99", "/tools/100", "/tools/-",
		"/tools/99/x", "/tools/99/x/0", "/tools/99/x/98", "/tools/99/x/99", "/tools/99/x/100", "/tools/66/x/66", "/tools/66/name", "/small/1", "/tools/07",
		"/big", "/big/ké0", "/big/ké69", "/big/k\\u00e90", "/big/last", "/big/last/x", "/big/nope",
		"/wrap", "/wrap/blob", "/wrap/n", "/wrap/n/0"}
	doc, probs := jsondoc.Parse(problem.SourceInstance, text)
	if probs != nil {
		t.Fatal(probs)
	}
	for round := 0; round < 2; round++ {
		for _, p := range pointers {
			got, gotOK := doc.Locate(p)
			want, wantOK := doc.LocateByTokens(p)
			if got != want || gotOK != wantOK {
				t.Errorf("round %d: Locate(%q) = %d, %v; the token scan says %d, %v", round, p, got, gotOK, want, wantOK)
			}
		}
	}
	for _, p := range pointers {
		fresh, _ := jsondoc.Parse(problem.SourceInstance, text)
		got, gotOK := fresh.Locate(p)
		want, wantOK := fresh.LocateByTokens(p)
		if got != want || gotOK != wantOK {
			t.Errorf("first lookup: Locate(%q) = %d, %v; the token scan says %d, %v", p, got, gotOK, want, wantOK)
		}
	}
}
