package core_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/core"
)

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
			if p.Message == "" || (p.Source != core.Sources.Schema && p.Source != core.Sources.Instance) {
				t.Fatalf("bad problem %+v", p)
			}
		}
	})
}

// FuzzValidateFlood: a value repeated n times in an array fails the schema's items n times
// over, every problem placed inside the text at the element it is about, and its problems are
// the single value's, element by element: a flood is the sum of its parts, placed the same way
// whether there are few problems or many.
func FuzzValidateFlood(f *testing.F) {
	f.Add(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`, `{"id":1}`, uint16(40))
	f.Add(`{"oneOf":[{"const":1},{"const":"a"}]}`, `"b"`, uint16(300))
	f.Add(`{"additionalProperties":false}`, "{\n \"x\": 1, \"é\": 2}", uint16(20))
	f.Add(`{"maximum":12345678901234567890}`, `12345678901234567891`, uint16(1000))
	f.Fuzz(func(t *testing.T, schema, item string, n uint16) {
		n = n%2000 + 1
		single := core.Validate(core.ValidateRequest{Schema: `{"items":` + schema + `}`, Instance: "[" + item + "]"})
		if single.Valid || len(single.Problems) == 0 || single.Problems[0].Kind != core.Kinds.Validation {
			return // valid, or the texts themselves have problems
		}
		text := "[" + strings.Repeat(item+",\n", int(n)-1) + item + "]"
		flood := core.Validate(core.ValidateRequest{Schema: `{"items":` + schema + `}`, Instance: text})
		if len(flood.Problems) != int(n)*len(single.Problems) {
			t.Fatalf("%d elements gave %d problems; one gave %d", n, len(flood.Problems), len(single.Problems))
		}
		lines := strings.Count(text, "\n") + 1
		for i, p := range flood.Problems {
			if p.Line < 1 || p.Line > lines || p.Column < 1 || p.Offset < 0 || p.Offset > len(text) {
				t.Fatalf("problem %d outside the text: %+v", i, p)
			}
			want := single.Problems[i%len(single.Problems)]
			if p.Message != want.Message || p.KeywordLocation != want.KeywordLocation {
				t.Fatalf("problem %d is %q at %s, want %q at %s", i, p.Message, p.KeywordLocation, want.Message, want.KeywordLocation)
			}
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
		before, _ := jsondoc.ParseString(core.Sources.Instance, text)
		after, probs := jsondoc.ParseString(core.Sources.Instance, res.Text)
		if probs != nil || !reflect.DeepEqual(before.Value, after.Value) {
			t.Fatalf("formatting changed the value: %q → %q", text, res.Text)
		}
		if again := core.Format(core.FormatRequest{Text: res.Text, Indent: indent}); again.Text != res.Text {
			t.Fatalf("formatting is not stable: %q → %q", res.Text, again.Text)
		}
	})
}
