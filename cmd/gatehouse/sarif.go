package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/gatehouse-dev/gatehouse/core"
)

// sarifPrinter writes a SARIF 2.1.0 log for code-scanning uploads: one run, one result per item,
// located at line:column in the file named on the command line.
type sarifPrinter struct{}

// informationURI is where the rules are explained.
const informationURI = "https://github.com/gatehouse-dev/gatehouse"

func (sarifPrinter) print(w io.Writer, r *report) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	driver := sarif.NewVersionedDriver("gatehouse", core.Version)
	driver.InformationURI = ptr(informationURI)
	run := sarif.NewRun(*sarif.NewTool(driver))
	// core counts columns in code points, not SARIF's default UTF-16 code units.
	run.ColumnKind = "unicodeCodePoints"
	for _, it := range r.items {
		rule := run.AddRule(it.rule).WithDescription(ruleDescription(it.rule))
		if rule.DefaultConfiguration == nil {
			rule.DefaultConfiguration = sarif.NewReportingConfiguration().WithLevel(string(it.level))
		}
		res := run.CreateResultForRule(it.rule).
			WithLevel(string(it.level)).
			WithMessage(sarif.NewTextMessage(it.message)).
			WithRuleIndex(ruleIndex(run, it.rule))
		if it.in != nil && it.in.uri != "" {
			loc := sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation(it.in.uri))
			if it.line > 0 {
				region := sarif.NewRegion().WithStartLine(it.line)
				if it.column > 0 {
					region.WithStartColumn(it.column)
				}
				loc.WithRegion(region)
			}
			res.AddLocation(sarif.NewLocationWithPhysicalLocation(loc))
		}
	}
	log.AddRun(run)
	// Indented like the JSON format, and without HTML escaping, so messages stay readable.
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

func ruleIndex(run *sarif.Run, id string) int {
	for i, r := range run.Tool.Driver.Rules {
		if r.ID == id {
			return i
		}
	}
	return 0
}

func ptr[T any](v T) *T { return &v }

// ruleDescriptions explain the fixed rule ids; the families below them take a suffix.
var ruleDescriptions = map[string]string{
	"gatehouse/parse":      "The text is not strict JSON: a syntax error, a duplicate key, or invalid UTF-8.",
	"gatehouse/limit":      "The text is beyond a size or nesting limit.",
	"gatehouse/schema":     "The JSON Schema could not be compiled.",
	"gatehouse/validation": "A value does not satisfy its JSON Schema.",
	"gatehouse/rule":       "A rule beyond the schema does not hold.",
}

var ruleFamilies = []struct{ prefix, description string }{
	{"gatehouse/gate/", "The gate did not allow the tool call: "},
	{"gatehouse/decision/", "The permission decision was not accepted: "},
	{"gatehouse/lint/", "The tool catalog has a finding of lint rule "},
	{"gatehouse/diff/", "The two documents differ: "},
	{"gatehouse/drift/", "The catalog no longer matches its lock file: "},
}

func ruleDescription(id string) string {
	if d, ok := ruleDescriptions[id]; ok {
		return d
	}
	if name, ok := strings.CutPrefix(id, "gatehouse/lint/"); ok {
		for _, r := range core.About(core.AboutRequest{}).LintRules {
			if r.Name == name {
				return fmt.Sprintf("Lint rule %s (%s): %s.", r.Name, r.Severity, r.Summary)
			}
		}
	}
	for _, f := range ruleFamilies {
		if rest, ok := strings.CutPrefix(id, f.prefix); ok {
			return f.description + rest + "."
		}
	}
	return id
}
