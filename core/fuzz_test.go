package core_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/core"
)

// FuzzParseDocument: the strict parse never panics, places every problem inside the text, and
// agrees with encoding/json on every text it accepts (values equal, numbers exact).
func FuzzParseDocument(f *testing.F) {
	for _, s := range []string{`{}`, `[]`, `{"a":[1,2.5e10,-0,"\u00e9\ud83d\ude00"]}`, `{"a":1,"a":2}`, `12345678901234567890`,
		"\xef\xbb\xbf{\"x\":null}", `[[[[[[]]]]]]`, `{"a":"\x00"}`, `"\ud800"`, ` true `, `{"":{"":{}}}`, "{\n\"k\":\ttrue,\r\n}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		doc, probs := core.ParseDocument(core.SourceInstance, text)
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
				off, ok := doc.LocateName(core.JoinPointer("", k))
				if !ok || off >= len(text) || text[off] != '"' {
					t.Fatalf("member %q not located at a name (off %d)", k, off)
				}
			}
		}
		// Two ways of finding a value agree: gjson's path and the token scan.
		for _, ptr := range pointersOf(doc.Value, "", 200) {
			a, okA := doc.Locate(ptr)
			b, okB := doc.LocateByTokens(ptr)
			if a != b || okA != okB || !okA {
				t.Fatalf("Locate(%q): gjson %d %v, tokens %d %v", ptr, a, okA, b, okB)
			}
		}
		// Formatting keeps the value.
		fmtd := core.Format(core.FormatRequest{Text: string(text), Indent: "\t"})
		again, probs := core.ParseDocument(core.SourceInstance, []byte(fmtd.Text))
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
			out = append(out, pointersOf(c, core.JoinPointer(at, k), max-len(out))...)
		}
	case []any:
		for i, c := range x {
			if len(out) >= max {
				break
			}
			out = append(out, pointersOf(c, core.JoinPointer(at, strconv.Itoa(i)), max-len(out))...)
		}
	}
	return out
}

// FuzzValidate: any schema and instance give an answer, never a panic, and a valid answer has
// no problems while an invalid one has at least one.
func FuzzValidate(f *testing.F) {
	f.Add(`{"type":"object","properties":{"a":{"pattern":"^x+$"}},"required":["a"]}`, `{"a":"xx"}`, "")
	f.Add(`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`, `1`, "2020-12")
	f.Add(`{"items":[{"type":"string"}],"additionalItems":false}`, `["a",1]`, "4")
	f.Add(`{"anyOf":[{"minimum":1e308},{"multipleOf":1e-300}]}`, `12345678901234567890e300`, "7")
	f.Add(`{"$ref":"http://localhost/x"}`, `null`, "6")
	f.Add(`{"dependentSchemas":{"a":{"not":{}}},"unevaluatedProperties":false}`, `{"a":1,"b":2}`, "2019-09")
	f.Fuzz(func(t *testing.T, schema, instance, draft string) {
		res := core.Validate(core.ValidateRequest{Schema: schema, Instance: instance, Draft: draft})
		if res.Valid != (len(res.Problems) == 0) {
			t.Fatalf("valid=%v with %d problems", res.Valid, len(res.Problems))
		}
		for _, p := range res.Problems {
			if p.Message == "" || (p.Source != core.SourceSchema && p.Source != core.SourceInstance) {
				t.Fatalf("bad problem %+v", p)
			}
		}
	})
}

// FuzzDecodeState: any fragment decodes to a state or a problem, and a state re-encodes to a
// fragment that decodes to the same state.
func FuzzDecodeState(f *testing.F) {
	good, _ := core.EncodeState(core.State{Pane: "schema", Panes: core.Panes{Schema: core.SchemaPane{Instance: `{"a":1}`}}})
	for _, s := range []string{good, "#v1.", "#v1.AAAA", "#", "v1.80", "#v1.S0tLBAA", good[:len(good)-3]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, frag string) {
		st, probs := core.DecodeState(frag)
		if probs != nil {
			if !reflect.DeepEqual(st, core.State{}) {
				t.Fatal("a damaged link must give an empty state")
			}
			return
		}
		again, err := core.EncodeState(st)
		if err != nil {
			return // too long to share again is a fair answer
		}
		st2, probs := core.DecodeState(again)
		if probs != nil || !reflect.DeepEqual(st, st2) {
			t.Fatalf("round trip failed: %v", probs)
		}
	})
}

// FuzzFormat: any text and indent give an answer, never a panic; a formatted text parses to the
// same value, and formatting it again changes nothing.
func FuzzFormat(f *testing.F) {
	f.Add(`{"a":[1,2.50,{"b":null}],"c":"\u00e9"}`, "  ")
	f.Add(`[12345678901234567890]`, "\t")
	f.Add(`{"a":1,"a":2}`, "")
	f.Add(`{}`, "x")
	f.Fuzz(func(t *testing.T, text, indent string) {
		res := core.Format(core.FormatRequest{Text: text, Indent: indent})
		if len(res.Problems) > 0 {
			if res.Text != text {
				t.Fatal("a refused text must come back unchanged")
			}
			return
		}
		before, _ := core.ParseText(core.SourceInstance, text)
		after, probs := core.ParseText(core.SourceInstance, res.Text)
		if probs != nil || !reflect.DeepEqual(before.Value, after.Value) {
			t.Fatalf("formatting changed the value: %q → %q", text, res.Text)
		}
		if again := core.Format(core.FormatRequest{Text: res.Text, Indent: indent}); again.Text != res.Text {
			t.Fatalf("formatting is not stable: %q → %q", res.Text, again.Text)
		}
	})
}
