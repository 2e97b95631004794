package jsonschema_test

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestInvalidFloats(t *testing.T) {
	c := jsonschema.NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"minimum": 0}`))
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

	values := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}
	for _, v := range values {
		err := sch.Validate(v)
		if err == nil {
			t.Errorf("Validate(%v) = nil, want error", v)
		}
	}
}

func TestValidateConcurrently(t *testing.T) {
	c := jsonschema.NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{
		"type": "array",
		"items": {"$ref": "#/$defs/item"},
		"$defs": {
			"item": {
				"type": "object",
				"properties": {"n": {"type": "integer", "maximum": 5}},
				"unevaluatedProperties": false
			}
		}
	}`))
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
	valid, err := jsonschema.UnmarshalJSON(strings.NewReader(`[{"n": 1}, {"n": 5}]`))
	if err != nil {
		t.Fatal(err)
	}
	invalid, err := jsonschema.UnmarshalJSON(strings.NewReader(`[{"n": 1}, {"n": 6, "x": 1}]`))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%#v", sch.Validate(invalid))
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				if err := sch.Validate(valid); err != nil {
					t.Errorf("valid instance: %v", err)
					return
				}
				if got := fmt.Sprintf("%#v", sch.Validate(invalid)); got != want {
					t.Errorf("invalid instance: got %s, want %s", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// The errors of propertyNames and contentSchema keep the location of the value
// they are about, whatever siblings are validated after it.
func TestErrorLocationNotOverwritten(t *testing.T) {
	tests := []struct {
		schema, instance string
		kind             string
	}{
		{
			`{"properties": {"a": {"propertyNames": {"maxLength": 1}}}, "additionalProperties": {"type": "integer"}}`,
			`{"a": {"long": 1}, "b": 1, "c": 2, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7}`,
			"*kind.PropertyNames",
		},
		{
			`{"properties": {"a": {"contentMediaType": "application/json", "contentSchema": {"type": "integer"}}}, "additionalProperties": {"type": "integer"}}`,
			`{"a": "\"x\"", "b": 1, "c": 2, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7}`,
			"*kind.ContentSchema",
		},
	}
	for _, test := range tests {
		c := jsonschema.NewCompiler()
		c.AssertContent()
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(test.schema))
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
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(test.instance))
		if err != nil {
			t.Fatal(err)
		}
		// map order decides which sibling comes last: try a few
		for i := 0; i < 20; i++ {
			verr, ok := sch.Validate(inst).(*jsonschema.ValidationError)
			if !ok {
				t.Fatalf("%s: want a ValidationError", test.kind)
			}
			var found bool
			var walk func(e *jsonschema.ValidationError)
			walk = func(e *jsonschema.ValidationError) {
				if fmt.Sprintf("%T", e.ErrorKind) == test.kind {
					found = true
					if got := strings.Join(e.InstanceLocation, "/"); got != "a" {
						t.Errorf("%s: instance location %q, want %q", test.kind, got, "a")
					}
				}
				for _, c := range e.Causes {
					walk(c)
				}
			}
			walk(verr)
			if !found {
				t.Fatalf("%s: no such error in %v", test.kind, verr)
			}
		}
	}
}
