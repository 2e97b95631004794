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

func ExampleParseDocument() {
	_, probs := core.ParseDocument(core.SourceCall, []byte(`{"decision":"deny","decision":"allow"}`))
	fmt.Println(probs[0])
	// Output:
	// call:1:20: duplicate key "decision" (first at line 1, column 2): parsers disagree on which one counts
}

func ExampleEncodeState() {
	frag, _ := core.EncodeState(core.State{Pane: "schema", Panes: core.Panes{Schema: core.SchemaPane{Instance: `{"a":1}`}}})
	st, _ := core.DecodeState(frag)
	fmt.Println(st.Panes.Schema.Instance)
	// Output:
	// {"a":1}
}
