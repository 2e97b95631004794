package lint_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// TestFindingAtTheFirstCharacter: a finding whose evidence is a string's first character points
// at that character, one column past the opening quote, as one further in points at its own.
func TestFindingAtTheFirstCharacter(t *testing.T) {
	for _, lead := range []string{"", "Adds"} {
		catalog := `{"tools":[{"name":"t","inputSchema":{"type":"object","additionalProperties":false},"description":"` + lead + `\u200b numbers."}]}`
		want := strings.Index(catalog, `\u200b`) + 1
		res := core.Lint(core.LintRequest{Catalog: catalog})
		found := false
		for _, f := range res.Findings {
			if f.Rule != lint.RuleHiddenCharacters {
				continue
			}
			found = true
			if f.Line != 1 || f.Column != want {
				t.Errorf("lead %q: finding at %d:%d, want 1:%d (the \\u200b)", lead, f.Line, f.Column, want)
			}
		}
		if !found {
			t.Errorf("lead %q: no hidden-characters finding in %+v", lead, res.Findings)
		}
	}
}
