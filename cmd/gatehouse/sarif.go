package main

import (
	"crypto/sha1"
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
			describeLintRule(rule, it.rule)
		}
		res := run.CreateResultForRule(it.rule).
			WithLevel(string(it.level)).
			WithMessage(sarif.NewTextMessage(r.tr.Evidence(it.message))).
			WithRuleIndex(ruleIndex(run, it.rule))
		if it.suppressed != nil {
			res.WithSuppression([]*sarif.Suppression{sarifSuppression(it)})
		}
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
	{"gatehouse/result/", "The tool's result has a finding of the result check's rule "},
	{"gatehouse/diff/", "The two documents differ: "},
	{"gatehouse/drift/", "The catalog no longer matches its lock file: "},
}

// describeLintRule fills a lint rule's SARIF metadata from core's rule registry: its summary,
// why it matters, its help text, its default level (the highest severity it gives) and, for code
// scanning, a security severity and tags naming the attack families it catches.
func describeLintRule(rule *sarif.ReportingDescriptor, id string) {
	name, ok := strings.CutPrefix(id, "gatehouse/lint/")
	if !ok {
		return
	}
	for _, r := range core.About(core.AboutRequest{}).LintRules {
		if r.Name != name {
			continue
		}
		rule.WithName(r.Name).
			WithShortDescription(sarif.NewMultiformatMessageString(r.Summary)).
			WithFullDescription(sarif.NewMultiformatMessageString(r.Why)).
			WithHelp(sarif.NewMultiformatMessageString(r.Why + " " + r.Help)).
			WithHelpURI(informationURI + "#lint")
		rule.DefaultConfiguration = sarif.NewReportingConfiguration().WithLevel(string(severityLevel(r.Severity)))
		tags := append([]string{"security"}, r.Families...)
		rule.WithProperties(sarif.Properties{"security-severity": securitySeverity[r.Severity], "tags": tags})
		return
	}
}

// sarifSuppression records a lint configuration's entry as an external, accepted suppression,
// located at the entry, with a GUID derived from what it suppresses (a name-based UUID, so the
// same entry and finding always get the same one).
func sarifSuppression(it item) *sarif.Suppression {
	sup := it.suppressed
	s := sarif.NewSuppression("external").WithStatus("accepted").WithJustifcation(sup.reason)
	uri := ""
	if sup.in != nil {
		uri = sup.in.uri
	}
	loc := sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation(uri))
	if sup.line > 0 {
		loc.WithRegion(sarif.NewRegion().WithStartLine(sup.line).WithStartColumn(sup.column))
	}
	if uri == "" {
		loc = sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation("stdin"))
	}
	s.WithLocation(sarif.NewLocationWithPhysicalLocation(loc))
	return s.WithGuid(nameUUID(fmt.Sprintf("%s\x00%s\x00%d:%d\x00%s:%d:%d", uri, it.rule, sup.line, sup.column, locationURI(it), it.line, it.column)))
}

func locationURI(it item) string {
	if it.in == nil {
		return ""
	}
	return it.in.uri
}

// nameUUID is an RFC 4122 version 5 UUID of name in gatehouse's own namespace.
func nameUUID(name string) string {
	h := sha1.Sum(append([]byte("gatehouse/lint/suppression\x00"), name...))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// securitySeverity is the score code scanning sorts by: high, medium and low as it reads them.
var securitySeverity = map[core.Severity]string{core.SeverityHigh: "8.0", core.SeverityMedium: "5.0", core.SeverityLow: "2.0"}

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
