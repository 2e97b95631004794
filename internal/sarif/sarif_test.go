package sarif

import (
	"encoding/json"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// TestLog: one rule per id (index pointing at it), a lint rule with its registry metadata for
// code scanning, a suppression with a stable GUID, and no location for a result about no file.
func TestLog(t *testing.T) {
	rule := lint.Rules[0]
	f := lint.Finding{Rule: rule.Name, Severity: lint.SeverityHigh, Tool: "t", Message: "m", Evidence: "e[U+200B]", Line: 3, Column: 7}
	sup := f
	sup.Suppression = &lint.Suppression{Reason: "checked by the server", Line: 2, Column: 5}
	results := []Result{
		FindingResult(f, "catalog.json"),
		SuppressedResult(sup, "catalog.json", "ignore.json", "ignore.json"),
		{Rule: "gatehouse/parse", Level: LevelError, Message: "bad"},
	}
	raw, err := Log(results, "test")
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID         string         `json:"id"`
						Properties map[string]any `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID       string `json:"ruleId"`
				RuleIndex    int    `json:"ruleIndex"`
				Level        string `json:"level"`
				Message      struct{ Text string }
				Locations    []any `json:"locations"`
				Suppressions []struct {
					GUID          string `json:"guid"`
					Justification string `json:"justification"`
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 2 {
		t.Fatalf("rules %+v, want the lint rule once and gatehouse/parse", run.Tool.Driver.Rules)
	}
	if p := run.Tool.Driver.Rules[0].Properties; p["security-severity"] != securitySeverity[rule.Severity] || p["tags"] == nil {
		t.Errorf("lint rule properties %v, want security-severity and tags", p)
	}
	r := run.Results
	if r[0].Level != "error" || r[0].Message.Text != `high: t: m [`+rule.Name+`] evidence: "e[U+200B]"` || len(r[0].Locations) != 1 {
		t.Errorf("finding %+v", r[0])
	}
	if r[1].Level != "note" || len(r[1].Suppressions) != 1 || r[1].Suppressions[0].Justification != "checked by the server" || r[1].Suppressions[0].GUID == "" {
		t.Errorf("suppressed %+v", r[1])
	}
	if r[2].RuleIndex != 1 || len(r[2].Locations) != 0 {
		t.Errorf("a result about no file: %+v", r[2])
	}
	again, _ := Log(results, "test")
	if string(again) != string(raw) {
		t.Error("the same results gave two logs (the suppression GUID must be derived, not random)")
	}
}

// TestLevelOf maps severities to SARIF's levels.
func TestLevelOf(t *testing.T) {
	for sev, want := range map[lint.Severity]Level{lint.SeverityHigh: LevelError, lint.SeverityMedium: LevelWarning, lint.SeverityLow: LevelNote} {
		if got := LevelOf(sev); got != want {
			t.Errorf("LevelOf(%s) = %s, want %s", sev, got, want)
		}
	}
}
