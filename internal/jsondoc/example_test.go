package jsondoc_test

import (
	"fmt"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

func ExampleParse() {
	_, probs := jsondoc.Parse(problem.SourceCall, []byte(`{"decision":"deny","decision":"allow"}`))
	fmt.Println(probs[0])
	// Output:
	// call:1:20: duplicate key "decision" (first at line 1, column 2): parsers disagree on which one counts
}
