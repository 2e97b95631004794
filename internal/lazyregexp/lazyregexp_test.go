package lazyregexp_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"

	// Every package that keeps patterns, so that CompileAll sees them all.
	_ "github.com/gatehouse-dev/gatehouse/internal/catalog"
	_ "github.com/gatehouse-dev/gatehouse/internal/diff"
	_ "github.com/gatehouse-dev/gatehouse/internal/flow"
	_ "github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	_ "github.com/gatehouse-dev/gatehouse/internal/lint"
	_ "github.com/gatehouse-dev/gatehouse/internal/policy"
	_ "github.com/gatehouse-dev/gatehouse/internal/result"
	_ "github.com/gatehouse-dev/gatehouse/internal/secrets"
)

func TestEveryPatternCompiles(t *testing.T) {
	if err := lazyregexp.CompileAll(); err != nil {
		t.Fatal(err)
	}
}
