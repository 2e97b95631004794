package lint_test

import (
	"os"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

func TestDebugLintFile(t *testing.T) {
	path := os.Getenv("LINTFILE")
	if path == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(path)
	fs, _, probs := lint.Text(string(b), "")
	t.Log(probs)
	for _, f := range fs {
		t.Logf("%s %s %s %s | %s | %q", f.Severity, f.Rule, f.Tool, f.Pointer, f.Message, f.Evidence)
	}
}
