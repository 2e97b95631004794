package core_test

import (
	"fmt"

	"github.com/gatehouse-dev/gatehouse/core"
)

func ExampleValidate() {
	res := core.Validate(core.ValidateRequest{
		Schema:   `{"properties": {"decision": {"enum": ["allow", "deny", "ask"]}}}`,
		Instance: "{\n  \"decision\": \"yes\"\n}",
	})
	for _, p := range res.Problems {
		fmt.Printf("%d:%d %s (%s)\n", p.Line, p.Column, p.Message, p.KeywordLocation)
	}
	// Output:
	// 2:15 value must be one of 'allow', 'deny', 'ask' (/properties/decision/enum)
}

func ExampleEncodeState() {
	encoded := core.EncodeState(core.State{Pane: "schema", Panes: core.Panes{Schema: core.SchemaPane{Instance: `{"a":1}`}}})
	decoded := core.DecodeState(core.DecodeStateRequest{Fragment: encoded.Fragment})
	fmt.Println(decoded.State.Panes.Schema.Instance)
	// Output:
	// {"a":1}
}
