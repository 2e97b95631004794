// Package sarif writes what gatehouse found as a SARIF 2.1.0 log for code scanning: one run,
// one result per finding, problem or decision, each located at line:column (in code points) in
// the file it is about. The CLI's --format sarif and the API's sarif function both write through
// it, so a log saved from the page uploads as the CLI's does: the same rule ids, levels, rule
// descriptions, security severities, tags and suppressions.
package sarif

import (
	"bytes"
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// A Level is how serious a result is, in SARIF's words.
type Level string

// The levels gatehouse gives.
const (
	LevelError   Level = "error"   // a problem, a deny, a high-risk finding
	LevelWarning Level = "warning" // an ask, a medium-risk finding
	LevelNote    Level = "note"    // a low-risk finding, an allow, a suppressed finding
)

// LevelOf maps a severity to its level: high is an error, medium a warning, low a note.
func LevelOf(sev lint.Severity) Level {
	switch sev {
	case lint.SeverityHigh:
		return LevelError
	case lint.SeverityMedium:
		return LevelWarning
	}
	return LevelNote
}

// A Result is one thing to report.
type Result struct {
	// Rule is the SARIF rule id: gatehouse/validation, gatehouse/lint/<rule>, gatehouse/gate/<reason>, …
	Rule    string
	Level   Level
	Message string
	// URI names the file the result is about ("" for none); Line and Column (1-based, code
	// points) place it there, 0 when unknown.
	URI          string
	Line, Column int
	// Suppression, when set, records that a lint configuration does not count the result.
	Suppression *Suppression
}

// A Suppression is a lint configuration's entry that accepts a finding: why, and where the
// entry is.
type Suppression struct {
	Reason       string
	URI          string
	Line, Column int
}

// InformationURI is where the rules are explained.
const InformationURI = "https://github.com/gatehouse-dev/gatehouse"

// Log writes the results as one SARIF 2.1.0 log of the tool gatehouse at version, indented and
// without HTML escaping, so that messages stay readable.
func Log(results []Result, version string) ([]byte, error) {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return nil, err
	}
	driver := sarif.NewVersionedDriver("gatehouse", version)
	driver.InformationURI = ptr(InformationURI)
	run := sarif.NewRun(*sarif.NewTool(driver))
	// gatehouse counts columns in code points, not SARIF's default UTF-16 code units.
	run.ColumnKind = "unicodeCodePoints"
	ruleIndex := map[string]int{}
	for _, it := range results {
		if _, known := ruleIndex[it.Rule]; !known {
			ruleIndex[it.Rule] = len(run.Tool.Driver.Rules)
			rule := run.AddRule(it.Rule).WithDescription(ruleDescription(it.Rule))
			rule.DefaultConfiguration = sarif.NewReportingConfiguration().WithLevel(string(it.Level))
			// A lint rule's metadata (its summary as the short description) comes from the
			// registry, however many results it has.
			describeLintRule(rule, it.Rule)
		}
		res := run.CreateResultForRule(it.Rule).
			WithLevel(string(it.Level)).
			WithMessage(sarif.NewTextMessage(it.Message)).
			WithRuleIndex(ruleIndex[it.Rule])
		if it.Suppression != nil {
			res.WithSuppression([]*sarif.Suppression{suppression(it)})
		}
		if it.URI != "" {
			res.AddLocation(sarif.NewLocationWithPhysicalLocation(location(it.URI, it.Line, it.Column)))
		}
	}
	log.AddRun(run)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func location(uri string, line, column int) *sarif.PhysicalLocation {
	loc := sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation(uri))
	if line > 0 {
		region := sarif.NewRegion().WithStartLine(line)
		if column > 0 {
			region.WithStartColumn(column)
		}
		loc.WithRegion(region)
	}
	return loc
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

// lintRule is the registry's rule behind a rule id gatehouse/lint/<name>.
func lintRule(id string) (lint.Rule, bool) {
	name, ok := strings.CutPrefix(id, "gatehouse/lint/")
	if !ok {
		return lint.Rule{}, false
	}
	for _, r := range lint.Rules {
		if r.Name == name {
			return r, true
		}
	}
	return lint.Rule{}, false
}

// describeLintRule fills a lint rule's SARIF metadata from the rule registry: its summary, why
// it matters, its help text, its default level (the highest severity it gives) and, for code
// scanning, a security severity and tags naming the attack families it catches.
func describeLintRule(rule *sarif.ReportingDescriptor, id string) {
	r, ok := lintRule(id)
	if !ok {
		return
	}
	rule.WithName(r.Name).
		WithShortDescription(sarif.NewMultiformatMessageString(r.Summary)).
		WithFullDescription(sarif.NewMultiformatMessageString(r.Why)).
		WithHelp(sarif.NewMultiformatMessageString(r.Why + " " + r.Help)).
		WithHelpURI(InformationURI + "#lint")
	rule.DefaultConfiguration = sarif.NewReportingConfiguration().WithLevel(string(LevelOf(r.Severity)))
	tags := append([]string{"security"}, r.Families...)
	rule.WithProperties(sarif.Properties{"security-severity": securitySeverity[r.Severity], "tags": tags})
}

// securitySeverity is the score code scanning sorts by: high, medium and low as it reads them.
var securitySeverity = map[lint.Severity]string{lint.SeverityHigh: "8.0", lint.SeverityMedium: "5.0", lint.SeverityLow: "2.0"}

func ruleDescription(id string) string {
	if d, ok := ruleDescriptions[id]; ok {
		return d
	}
	if r, ok := lintRule(id); ok {
		return fmt.Sprintf("Lint rule %s (%s): %s.", r.Name, r.Severity, r.Summary)
	}
	for _, f := range ruleFamilies {
		if rest, ok := strings.CutPrefix(id, f.prefix); ok {
			return f.description + rest + "."
		}
	}
	return id
}

// suppression records a lint configuration's entry as an external, accepted suppression,
// located at the entry, with a GUID derived from what it suppresses (a name-based UUID, so the
// same entry and finding always get the same one).
func suppression(it Result) *sarif.Suppression {
	sup := it.Suppression
	s := sarif.NewSuppression("external").WithStatus("accepted").WithJustifcation(sup.Reason)
	if sup.URI == "" {
		s.WithLocation(sarif.NewLocationWithPhysicalLocation(location("stdin", 0, 0)))
	} else {
		loc := sarif.NewPhysicalLocation().WithArtifactLocation(sarif.NewSimpleArtifactLocation(sup.URI))
		if sup.Line > 0 {
			loc.WithRegion(sarif.NewRegion().WithStartLine(sup.Line).WithStartColumn(sup.Column))
		}
		s.WithLocation(sarif.NewLocationWithPhysicalLocation(loc))
	}
	return s.WithGuid(nameUUID(fmt.Sprintf("%s\x00%s\x00%d:%d\x00%s:%d:%d", sup.URI, it.Rule, sup.Line, sup.Column, it.URI, it.Line, it.Column)))
}

// nameUUID is an RFC 4122 version 5 UUID of name in gatehouse's own namespace.
func nameUUID(name string) string {
	h := sha1.Sum(append([]byte("gatehouse/lint/suppression\x00"), name...))
	h[6] = h[6]&0x0f | 0x50
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// FindingMessage writes a lint finding as one line: "high: tool: message [rule]", then the
// evidence and what it was read through, when the message does not hold them. The evidence is
// already visible: hidden characters and line breaks are written out.
func FindingMessage(f lint.Finding) string {
	evidence := f.Evidence != "" && !strings.Contains(f.Message, f.Evidence)
	decoded := f.DecodedFrom != "" && !strings.Contains(f.Message, f.DecodedFrom)
	switch {
	case evidence && decoded:
		return i18n.Sprintf("%s: %s: %s [%s] evidence: \"%s\" (read through %s)", f.Severity, f.Tool, f.Message, f.Rule, f.Evidence, f.DecodedFrom)
	case evidence:
		return i18n.Sprintf("%s: %s: %s [%s] evidence: \"%s\"", f.Severity, f.Tool, f.Message, f.Rule, f.Evidence)
	case decoded:
		return i18n.Sprintf("%s: %s: %s [%s] (read through %s)", f.Severity, f.Tool, f.Message, f.Rule, f.DecodedFrom)
	}
	return i18n.Sprintf("%s: %s: %s [%s]", f.Severity, f.Tool, f.Message, f.Rule)
}

// FindingResult is a lint finding of the catalog at uri, as a result.
func FindingResult(f lint.Finding, uri string) Result {
	return Result{Rule: "gatehouse/lint/" + f.Rule, Level: LevelOf(f.Severity), Message: FindingMessage(f), URI: uri, Line: f.Line, Column: f.Column}
}

// SuppressedResult is a finding of the catalog at uri that the lint configuration (named
// ignoreName, at ignoreURI) suppressed: a note that says why, with its suppression.
func SuppressedResult(f lint.Finding, uri, ignoreName, ignoreURI string) Result {
	res := Result{Rule: "gatehouse/lint/" + f.Rule, Level: LevelNote, URI: uri, Line: f.Line, Column: f.Column,
		Suppression: &Suppression{URI: ignoreURI}}
	if f.Suppression == nil {
		res.Message = i18n.Sprintf("suppressed %s — ignored: %s", FindingMessage(f), "")
		return res
	}
	res.Suppression.Reason, res.Suppression.Line, res.Suppression.Column = f.Suppression.Reason, f.Suppression.Line, f.Suppression.Column
	res.Message = i18n.Sprintf("suppressed %s — ignored (%s:%d:%d): %s", FindingMessage(f), ignoreName, f.Suppression.Line, f.Suppression.Column, f.Suppression.Reason)
	return res
}
