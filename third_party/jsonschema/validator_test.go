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
