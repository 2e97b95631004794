package jsonschema

import (
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	tests := []struct {
		schema, instance string
		valid, decided   bool
	}{
		{`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`, `{"a":1}`, true, true},
		{`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`, `{"a":1.5}`, false, true},
		{`{"additionalProperties":false,"properties":{"a":true}}`, `{"b":1}`, false, true},
		{`{"anyOf":[{"type":"string"},{"type":"null"}]}`, `null`, true, true},
		{`{"oneOf":[{"minimum":1},{"maximum":3}]}`, `2`, false, true},
		{`{"not":{"multipleOf":0.5}}`, `1.25`, true, true},
		{`{"contains":{"const":1},"maxContains":1}`, `[1,1]`, false, true},
		{`{"$ref":"#/$defs/a","$defs":{"a":{"uniqueItems":true}}}`, `[1,1.0]`, false, true},
		{`{"unevaluatedProperties":false}`, `{}`, false, false},
		{`{"$ref":"#"}`, `1`, false, false},
	}
	for _, tc := range tests {
		c := NewCompiler()
		doc, err := UnmarshalJSON(strings.NewReader(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("schema.json", doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile("schema.json")
		if err != nil {
			t.Fatal(err)
		}
		inst, err := UnmarshalJSON(strings.NewReader(tc.instance))
		if err != nil {
			t.Fatal(err)
		}
		valid, decided := sch.Decide(inst)
		if valid != tc.valid || decided != tc.decided {
			t.Errorf("%s / %s: Decide = %v, %v; want %v, %v", tc.schema, tc.instance, valid, decided, tc.valid, tc.decided)
		}
		if decided && valid != (sch.Validate(inst) == nil) {
			t.Errorf("%s / %s: Decide and Validate disagree", tc.schema, tc.instance)
		}
	}
}
