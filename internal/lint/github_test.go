package lint_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// TestGitHubCorpusFamilies holds the families of honest highs read on the GitHub corpus's tune
// side (testdata/lint/github), each beside the attack, or the lie, it must still catch.
func TestGitHubCorpusFamilies(t *testing.T) {
	withHint := func(name, desc string) string {
		return `{"tools":[{"name":` + testenv.QuoteJSON(name) + `,"description":` + testenv.QuoteJSON(desc) + `,"inputSchema":{"type":"object","properties":{"prompt":{"type":"string","maxLength":2000}},"additionalProperties":false},"annotations":{"readOnlyHint":true}}]}`
	}
	tests := []signalCase{
		// A plan worked out and handed back changes nothing.
		{"a plan returned", withHint("create_composition_plan", "Create a composition plan for music generation. Usage of this endpoint does not cost any credits.\n\nThe returned plan shape depends on model_id; its chunks may reference a stored song via song_id."), lint.RuleAnnotationHonesty, lint.SeverityMedium},
		{"an estimate returned", withHint("generate_cost_estimate", "Generates a cost estimate for the given resources and returns it as a table."), "", ""},
		// A plan kept as a record, a plan said nothing of, and a create of anything else stay high.
		{"a plan stored in a project", withHint("create_test_plan", "Creates a test plan in the project and returns its id."), lint.RuleAnnotationHonesty, ""},
		{"a plan, nothing said", withHint("create_plan", "Creates a plan."), lint.RuleAnnotationHonesty, ""},
		{"a plan that is saved", withHint("create_release_plan", "Creates a release plan; it is saved for the team and returned."), lint.RuleAnnotationHonesty, ""},
		{"a user returned", withHint("create_user", "Creates a user account and returns it."), lint.RuleAnnotationHonesty, ""},
	}
	runSignalCases(t, tests)
}
