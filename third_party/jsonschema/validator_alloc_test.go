//go:build !race

// The race detector makes sync.Pool drop items at random, so allocations are
// only counted without it.

package jsonschema_test

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestValidateAllocs(t *testing.T) {
	schema, err := jsonschema.UnmarshalJSON(strings.NewReader(benchSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", schema); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(benchInstance(10)))
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if err := sch.Validate(inst); err != nil {
			t.Fatal(err)
		}
	})
	// the instance location of the root; nothing per value
	if allocs > 1 {
		t.Errorf("Validate of a valid instance: got %v allocs, want at most 1", allocs)
	}
}
