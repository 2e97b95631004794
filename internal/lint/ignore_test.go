package lint_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// TestLintIgnore applies a lint configuration: the findings it names are returned apart, each
// with its reason and the entry's place; a configuration with any wrong entry is problems at
// their line and column, and suppresses nothing.
func TestLintIgnore(t *testing.T) {
	catalog := `{"servers":{
 "db":{"tools":[{"name":"run_query","description":"Run SQL.","inputSchema":{"type":"object","properties":{"sql":{"type":"string"}}}}]},
 "fs":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}]}}}`
	base := core.Lint(core.LintRequest{Catalog: catalog})
	if len(base.Findings) == 0 || len(base.Problems) > 0 {
		t.Fatalf("want findings to suppress: %+v", base)
	}
	tests := []struct {
		name, ignore string
		suppressed   int
		problems     []string // "line:column message part"
	}{
		{"server-qualified key", `{"ignore":[{"rule":"loose-schema","tool":"db/run_query","reason":"the server parses SQL against an allowlist"}]}`, 2, nil},
		// A tool's own name does when one server offers it.
		{"own name", `{"ignore":[{"rule":"loose-schema","tool":"read_file","reason":"paths are checked by the gate"}]}`, 2, nil},
		{"empty", `  `, 0, nil},
		{"unknown rule", "{\"ignore\":[\n {\"rule\":\"loose-schemas\",\"tool\":\"db/run_query\",\"reason\":\"r\"}]}", 0, []string{`2:10: unknown rule "loose-schemas"`}},
		{"unknown tool", "{\"ignore\":[\n {\"rule\":\"loose-schema\",\"tool\":\"db/run\",\"reason\":\"r\"}]}", 0, []string{`2:32: no tool "db/run"`}},
		{"no reason", "{\"ignore\":[\n {\"rule\":\"loose-schema\",\"tool\":\"db/run_query\"}]}", 0, []string{`2:2: the entry needs "reason"`}},
		{"blank reason", "{\"ignore\":[\n {\"rule\":\"loose-schema\",\"tool\":\"db/run_query\",\"reason\":\" \"}]}", 0, []string{`2:56: the entry needs "reason"`}},
		{"unknown member", "{\"ignore\":[\n {\"rule\":\"loose-schema\",\"tool\":\"db/run_query\",\"reason\":\"r\",\"until\":\"2027\"}]}", 0, []string{`2:68: unknown member "until"`}},
		{"not an array", `{"ignore":{}}`, 0, []string{`1:11: "ignore" must be an array`}},
		{"twice", `{"ignore":[{"rule":"loose-schema","tool":"db/run_query","reason":"r"},{"rule":"loose-schema","tool":"db/run_query","reason":"r"}]}`, 0, []string{"already ignored"}},
		{"not json", `{"ignore":[`, 0, []string{"1:12"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.Lint(core.LintRequest{Catalog: catalog, Ignore: tt.ignore})
			if len(res.Suppressed) != tt.suppressed || len(res.Findings)+len(res.Suppressed) != len(base.Findings) {
				t.Errorf("%d findings, %d suppressed; want %d suppressed of %d", len(res.Findings), len(res.Suppressed), tt.suppressed, len(base.Findings))
			}
			for _, f := range res.Suppressed {
				if f.Suppression == nil || f.Suppression.Reason == "" || f.Suppression.Line < 1 {
					t.Errorf("suppressed finding without its reason and place: %+v", f)
				}
			}
			if len(res.Problems) != len(tt.problems) {
				t.Fatalf("problems %v, want %v", res.Problems, tt.problems)
			}
			for i, want := range tt.problems {
				p := res.Problems[i]
				got := p.Error()
				if p.Source != core.Sources.Ignore || !strings.Contains(got, want) {
					t.Errorf("problem %q, want source ignore and %q", got, want)
				}
			}
		})
	}
}
